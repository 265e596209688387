"""Shared pytest setup: lets test modules import the pure-Python oracle as ``reference``."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
