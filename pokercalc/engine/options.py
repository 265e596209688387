"""The engine's options: how a run chooses its method, how long it samples, where it runs."""

from __future__ import annotations

#: Runs of at most this many outcomes, after merging suit-symmetric ones, are
#: enumerated exactly by ``method="auto"``; about a second or two on one core.
DEFAULT_THRESHOLD = 1.0e9
