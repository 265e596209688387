"""The equity engine: problems, plans, exact and Monte Carlo runs, and their merge.

Its modules import only :mod:`pokercalc.core` and each other, one way:
``options``, ``results``, ``problem`` -> ``plan`` -> ``exact`` -> ``montecarlo``
-> ``run``; ``plan`` -> ``pieces`` -> ``merge`` for runs in pieces.  The players
come in parsed (:mod:`pokercalc.ranges.players`).
"""
