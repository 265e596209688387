"""The plan: which method runs, on how many threads, and the work cut into items and blocks.

:func:`choose_method` counts the outcomes and picks exact enumeration or Monte
Carlo; :func:`work_items` cuts an exhaustive run into the kernel's independent
items; Monte Carlo's unit of work is a block of :data:`MC_BLOCK` deals.  Items
and blocks are what :mod:`pokercalc.engine.pieces` cuts a job into.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokercalc.core.games import TWO_PLUS_THREE
from pokercalc.engine import problem
from pokercalc.engine.problem import Problem, random_classes
from pokercalc.errors import CardConflictError

if TYPE_CHECKING:
    pass

#: The last player's range is enumerated innermost from this many combos on ...
INNERMOST_MIN = 4


#: ... or, with three or more players, from this many when its boards are merged by dead
#: suits (whole board to come).
MERGED_INNERMOST_MIN = 64


#: ... or, heads-up on a flop, from this many: below it whole assignments with their turns
#: and rivers merged by dead suits are cheaper (AhKh against QQ+,AKs,AKo on Qh7h2c: 31
#: combos, 2,846 showdowns instead of 10,787; at 89 combos innermost wins).
FLOP_INNERMOST_MIN = 48


#: An exact run gives each thread at least this many outcomes per suit symmetry (in hold'em
#: outcomes, ``outcome_cost``), so smaller runs use fewer threads than asked, or one.  In a
#: loop in one process a second thread pays from a few thousand outcomes, but a thread team
#: waits for its slowest member, and on a busy machine that one may wait for a core: two
#: processes each looping a spot of that size on two threads of a 2-core machine made less
#: than half the calls a second of one thread each, with a long tail.  Runs the size of
#: AsAh against KsKh (428,076) and up gain from the second thread and take that risk;
#: smaller ones keep to one thread.
PER_THREAD_MIN_OUTCOMES = 50_000


#: Work items are split by their highest new board card (to give every thread enough of
#: them) only when each split item keeps this many outcomes on average: an item costs about
#: as much to start as a hundred showdowns (AhKh against QQ+,AKs,AKo on Qh7h2c split from 18
#: items into 792 took eight times as long).
SPLIT_MIN_OUTCOMES = 2_000


#: Hi/lo with two or more board cards to come: the last range goes innermost from this many
#: combos heads-up, and from ``HILO_MULTIWAY_INNERMOST_MIN`` with more players.
HILO_INNERMOST_MIN = 32


HILO_MULTIWAY_INNERMOST_MIN = 8


def choose_method(prob: Problem, method: str, limit: float) -> tuple[str, int, bool]:
    """``"exact"`` or ``"mc"`` for ``method`` (``"auto"`` compares the outcomes, divided by
    the suit symmetries, with ``limit``), the outcome count and whether it is exact."""
    assignments, counted = prob.count_assignments()
    if counted and assignments == 0:
        raise CardConflictError("no deal is possible: the players' hands conflict with each other")
    outcomes = assignments * prob.boards()
    if method == "auto":
        limit /= outcome_cost(prob)
        if outcomes <= limit:
            method = "exact"
        elif outcomes / prob.symmetry_bound() > limit:
            method = "mc"  # (known without listing a hand to search the symmetries)
        else:
            prob.find_symmetry()
            method = "exact" if outcomes / len(prob.group) <= limit else "mc"
    if method == "exact" and len(prob.group) == 1:
        prob.find_symmetry()
    return method, outcomes, counted


def outcome_cost(prob: Problem, exact: bool = True) -> float:
    """What one outcome of ``prob`` costs in hold'em outcomes: an Omaha outcome a few times
    a hold'em one, a hi/lo outcome of whole assignments (both halves for every hand) far
    more, and much less with an innermost range, or enumerated exactly with a random last
    player counted by rank classes; measured on this engine.  ``exact=False``: a Monte
    Carlo deal's cost, which rank classes do not change."""
    if exact and random_classes(prob):
        return RANDOM_CLASSES_COST
    if prob.game.hilo and last_innermost(prob):
        return HILO_INNERMOST_COST
    return OUTCOME_COST.get((prob.game.forming, prob.game.hilo), 1)


#: Relative cost of an exact outcome by how a game forms hands and whether it is hi/lo (the
#: rest cost 1), for ``auto``.
OUTCOME_COST = {(TWO_PLUS_THREE, False): 4, (TWO_PLUS_THREE, True): 40}


#: ... and of a hi/lo outcome with the last range innermost (AsKs2d3c against random on
#: Qs7h4c: about three quarters of Omaha high's rate).
HILO_INNERMOST_COST = 6


#: ... and of an outcome whose random last player is counted by rank classes (AsKs against
#: random preflop: a quarter of the time with boards merged by suits; JcJh | 99+,AJs+ |
#: random on 4dAc5d: a third of the time combo by combo).
RANDOM_CLASSES_COST = 0.25


def last_innermost(prob: Problem) -> bool:
    """Whether the exhaustive run enumerates the last player innermost.

    With a big last range the kernel fixes the others, then each board, then
    runs through the last player's combos; with small ranges it enumerates
    whole assignments first.  With the whole board to come, merging boards by
    dead suits makes whole assignments cheaper than that (hold'em games):
    heads-up always (AcAs against random: 1.3 s -> 0.9 s), with more players
    for last ranges of up to MERGED_INNERMOST_MIN combos; heads-up on a flop,
    for last ranges of up to FLOP_INNERMOST_MIN.  Hi/lo, whose
    whole-assignment showdowns merge well from two cards to come, goes
    innermost there from HILO_INNERMOST_MIN combos heads-up (As2sKdQd against
    32 hands preflop: 1.9 s either way) and HILO_MULTIWAY_INNERMOST_MIN with
    more players.  A last player holding every hand in a hold'em-like game is
    counted by rank classes innermost (:func:`random_classes`), cheaper than
    any merging: AsKs against random 0.80 s -> 0.20 s.
    """
    if random_classes(prob):
        return True
    k = prob.game.board_cards - len(prob.board)
    least = INNERMOST_MIN
    merge = problem.MERGE_SUITS  # (read when called: the tests turn it off)
    if merge and k == prob.game.board_cards and prob.game.forming == "any":
        least = MERGED_INNERMOST_MIN if prob.n > 2 else 1 << 30
    elif merge and k == 2 and prob.n == 2 and prob.game.forming == "any":
        least = FLOP_INNERMOST_MIN
    elif merge and prob.game.hilo and k >= 2:
        least = max(least, HILO_INNERMOST_MIN if prob.n == 2 else HILO_MULTIWAY_INNERMOST_MIN)
    return len(prob.ranges[-1]) >= least


def exact_threads(prob: Problem, outcomes: int, threads: int) -> int:
    """The threads an exhaustive run of ``outcomes`` uses, at most ``threads``: each gets
    PER_THREAD_MIN_OUTCOMES or more, since every thread adds to the team's start and join,
    and to the risk of waiting for one that has no core."""
    work = outcomes * outcome_cost(prob) / len(prob.group)
    return max(1, min(threads, int(work // PER_THREAD_MIN_OUTCOMES)))


def work_items(
    prob: Problem,
    kernel: Any,
    want: int,
    shuffle: bool,
    outcomes: int | None = None,
    threads: int = 1,
) -> tuple[Any, bool, int]:
    """The exhaustive run's independent work items as a flat int32 array of (a, b, first)
    triples, whether the last player is enumerated innermost, and the ``nfirsts`` that
    :meth:`Kernel.work_items` was given (0, or the split by the highest new card when there
    are fewer than ``want`` items).  Given the run's ``outcomes``, items are split only into
    ones of SPLIT_MIN_OUTCOMES or more each, unless they are fewer than ``threads``."""
    k = prob.game.board_cards - len(prob.board)
    innermost = last_innermost(prob)
    first_only = innermost and prob.n == 2
    items = kernel.work_items(first_only, 0, shuffle)
    # Too few work items to keep every thread busy: split each one's boards by
    # their highest new card as well.
    nfirsts = 0
    n_items = len(items) // 3
    if k > 0 and n_items < want:
        players_before_boards = prob.n - 1 if innermost else prob.n
        g = prob.game
        left = g.deck_size - len(prob.board) - len(prob.dead) - g.hole_cards * players_before_boards
        split = left - k + 1
        if (
            outcomes is None
            or n_items < threads
            or outcomes >= SPLIT_MIN_OUTCOMES * n_items * split
        ):
            nfirsts = split
            items = kernel.work_items(first_only, nfirsts, shuffle)
    return items, innermost, nfirsts


#: Deals in one Monte Carlo block, the unit of sampling work: block ``j`` of a run
#: draws from its own stream (:func:`block_states`), so a seed and a trial count give
#: the same deals however the blocks are spread over threads, processes or machines.
MC_BLOCK = 1 << 14


def mc_blocks(trials: int) -> int:
    """Blocks of a run of ``trials`` deals (the last one may be short)."""
    return -(-trials // MC_BLOCK)
