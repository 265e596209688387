"""All-in adjusted winnings from hand histories (PHH, PHHS and site exports, via pokerkit).

A hand's **all-in spot** is the first moment no more betting can happen while
cards are still to come, with two or more players in.  When every player in
has known cards there (dealt face up, or shown later), each pot, main and side
pots by contribution level, is shared by the exact equity of its eligible
players (Monte Carlo only where exact enumeration would take too long, marked
``mc``).  A player's **all-in adjusted net** is the sum over pots of pot size
times equity, minus what the player put in (after uncalled bets came back);
the **actual net** is what the pots paid, minus the same.  Every other hand
counts at its actual net, with the reason it was not adjusted.  Rake is what
the pots held beyond what they paid; it is reported apart and never enters an
equity.

pokerkit is an optional dependency (``pokercalc[history]``), imported only
when a hand needs it (a site's export, a hand written otherwise than one field a
line, a showdown only its full replay decides).
"""

from pokercalc.pipelines.history.pots import Pot, Pots, build_pots, chip_amount
from pokercalc.pipelines.history.reading import (
    EXTRA,
    FORMATS,
    QUICK_FIELDS,
    QuickHand,
    check_pokerkit,
    detect_format,
    iter_sources,
    quick_hand,
    read_hands,
    require_pokerkit,
    split_hands,
    split_phhs,
)
from pokercalc.pipelines.history.records import (
    HandError,
    HandRecord,
    HistoryResult,
    PlayerTotal,
    PotShare,
)
from pokercalc.pipelines.history.replay import (
    REASONS,
    VARIANT_GAMES,
    EquityCache,
    analyse_hand,
    analyse_text,
)
from pokercalc.pipelines.history.run import (
    HAND_COLUMNS,
    PIECE_HANDS,
    analyse_piece,
    hand_rows,
    iter_records,
    run_history,
    summarise,
)

__all__ = [
    "EXTRA", "FORMATS", "HAND_COLUMNS", "PIECE_HANDS", "QUICK_FIELDS", "REASONS",
    "VARIANT_GAMES", "EquityCache", "HandError", "HandRecord", "HistoryResult",
    "PlayerTotal", "Pot", "PotShare", "Pots", "QuickHand", "analyse_hand", "analyse_piece",
    "analyse_text", "build_pots", "check_pokerkit", "chip_amount", "detect_format", "hand_rows",
    "iter_records", "iter_sources", "quick_hand", "read_hands", "require_pokerkit",
    "run_history", "split_hands", "split_phhs", "summarise",
]  # fmt: skip
