"""The command line's entry: the ``pokercalc`` script and ``python -m pokercalc``.

A signal that comes while the command is still starting (Python importing
click, rich and pokercalc: a tenth of a second or more) ends it at once with
the status the shell expects, 130 for Ctrl-C and 143 for SIGTERM, instead of a
traceback through the imports: nothing has been computed or printed by then.
:func:`pokercalc.cli.main` then puts the handlers of a running command in
place (docs/stopping.md); a signal that was ignored when the command started
stays ignored.  Only the command line imports this module: a
library does not change its host's signal handlers.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import signal
else:
    try:
        import _signal as signal  # (signal without its enums: pokercalc.core.runner says why)
    except ImportError:
        import signal


def _stopped_while_starting(signum: int, frame: object) -> None:
    os._exit(128 + signum)


for _signum in (signal.SIGINT, signal.SIGTERM):
    # A signal the shell set to be ignored stays ignored (a script's background job, whose
    # Ctrl-C is the foreground's), as Python leaves it.
    if signal.getsignal(_signum) != signal.SIG_IGN:
        signal.signal(_signum, _stopped_while_starting)

from pokercalc.cli import main  # noqa: E402  (after the handlers, so that they cover it)

__all__ = ["main"]

if __name__ == "__main__":
    main()
