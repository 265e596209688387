"""Shared pytest setup: lets test modules import the pure-Python oracle as ``reference``.

The commands these tests start inherit SIGINT and SIGTERM as handled, whatever the
runner was started with: a command keeps a signal its shell ignored (a script's
background job), so tests that stop one with a signal need it not ignored.
"""

import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
if signal.getsignal(signal.SIGTERM) == signal.SIG_IGN:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
