"""Analyses built on the engine: equity, outs, draws, win odds."""
