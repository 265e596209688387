"""Shared pytest setup: lets test modules import the helper modules of every layer by name.

``cli_runs`` (pokercalc run in-process or as a program) lives in tests/ itself, the
pure-Python oracles (``reference``, ``reference_games``, ``reference_hits``, ``omaha_spots``)
in tests/reference, ``docs_examples`` and ``jq_cli`` in tests/cli, ``cluster`` in
tests/process; ``--import-mode=importlib`` puts no test folder on ``sys.path``, so this does.

The commands these tests start inherit SIGINT and SIGTERM as handled, whatever the
runner was started with: a command keeps a signal its shell ignored (a script's
background job), so tests that stop one with a signal need it not ignored.
"""

import os
import signal
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
for _folder in ("process", "cli", "reference", ""):
    sys.path.insert(0, os.path.join(_HERE, _folder))

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
if signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
