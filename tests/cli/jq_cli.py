"""A ``jq`` command for the docs' examples on machines without one: libjq through PyPI's ``jq``.

The pages show jq pipelines (docs/pipelines.md); a fresh machine may not have
the jq program, but ``pip install -e '.[test]'`` brings the ``jq`` package,
which compiles jq's own library in.  This runs the same filter language with
the options the pages use: ``-c`` (compact), ``-r`` (raw strings), ``-e``
(exit status from the last output) and input files (else stdin), every JSON
value of the input in turn.  tests/cli/docs_examples.py puts it on ``PATH`` as
``jq`` only when no jq program is installed.

>>> import io, contextlib
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(["-c", ".a | {x: .}"], stdin='{"a": 1} {"a": [2, 0.5]}')
>>> status, out.getvalue()
(0, '{"x":1}\\n{"x":[2,0.5]}\\n')
>>> main(["-e", ".ok"], stdin='{"ok": false}')
false
1
"""

from __future__ import annotations

import json
import sys
from typing import Any


def _text(value: Any, compact: bool, raw: bool) -> str:
    if raw and isinstance(value, str):
        return value
    if compact:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return json.dumps(value, indent=2, ensure_ascii=False)


def main(argv: list[str], stdin: str | None = None) -> int:
    """Run ``jq [-c] [-r] [-e] FILTER [FILE...]``; return the exit status as jq does."""
    import jq

    flags: set[str] = set()
    words: list[str] = []
    for arg in argv:
        if arg.startswith("-") and len(arg) > 1 and not words:
            flags.update(arg[1:])
        else:
            words.append(arg)
    if not words or flags - {"c", "r", "e"}:
        print("jq: usage: jq [-c] [-r] [-e] FILTER [FILE...]", file=sys.stderr)
        return 2
    program, files = words[0], words[1:]
    if files:
        text = "".join(open(f, encoding="utf-8").read() + "\n" for f in files)
    else:
        text = sys.stdin.read() if stdin is None else stdin
    last: Any = None
    outputs = 0
    for value in jq.compile(program).input_text(text).all():
        print(_text(value, "c" in flags, "r" in flags))
        last, outputs = value, outputs + 1
    if "e" in flags:
        return 4 if not outputs else 1 if last is None or last is False else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
