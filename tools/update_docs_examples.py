"""Re-run every example of README.md and docs/ and write what the tool prints into the pages.

    python tools/update_docs_examples.py                 # every page
    python tools/update_docs_examples.py docs/hits.md    # some pages
    python tools/update_docs_examples.py --check         # change nothing; exit 1 if a page would

The examples and their convention are those of ``tests/cli/docs_examples.py``
(which ``tests/cli/test_docs_examples.py`` runs): output lines that still match
are kept as written, ellipses included, so ``git diff`` shows exactly what the
tool now prints differently; read it before committing.  A Python example that
raises, or a command whose exit status is wrong, is reported and left alone.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "cli"))
try:
    import pokercalc  # noqa: F401 - the installed pokercalc, as the tests import it
except ImportError:
    sys.path.insert(0, str(ROOT))  # a checkout built in place

import docs_examples as dx  # noqa: E402


def main(argv: list[str]) -> int:
    """Refresh the pages named (default: all); print what changed; 1 when something is left."""
    check = "--check" in argv
    names = [a for a in argv if a != "--check"]
    paths = [(Path(n) if Path(n).exists() else ROOT / n).resolve() for n in names] or dx.pages()
    changed, problems = [], []
    for path in paths:
        page = path.relative_to(ROOT).as_posix()
        text = path.read_text("utf-8")
        outcomes = dx.run_page(path)
        for o in outcomes:
            if o.skipped:
                print(f"{page}:{o.example.line}: skipped, {o.skipped}", file=sys.stderr)
            elif o.problem or (not o.ok and o.example.kind != "console" and not o.rewrites):
                problems.append(dx.report(page, o))
        new = dx.updated(text, outcomes)
        if new != text:
            changed.append(page)
            if not check:
                path.write_text(new, "utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    verb = "would change" if check else "changed"
    print(f"{verb}: {', '.join(changed) if changed else 'nothing'}")
    return 1 if problems or (check and changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
