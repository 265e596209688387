"""pokercalc: exact and Monte Carlo Texas Hold'em equity, ranges, outs, draws and win odds.

The public Python API; importing it loads neither click nor rich.

>>> describe(evaluate("AsKsQsJsTs"))
'Straight flush, Ace high'
"""

from __future__ import annotations

__version__ = "0.1.0"

from .cards import format_card, format_cards, mask_of, parse_card, parse_cards
from .draws import DrawsResult, find_draws
from .equity import EquityResult, PlayerResult, count_outcomes, equity
from .errors import CardConflictError, EmptyRangeError, InputError, ParseError, PokercalcError
from .evaluator import (
    CATEGORY_NAMES,
    HandEvaluation,
    category,
    category_name,
    describe,
    evaluate,
    evaluate_hand,
    evaluate_mask,
)
from .outs import OutsResult, find_outs
from .query import QueryResult, parse_query, player_range, run_query
from .ranges import Range, parse_range, split_players
from .winodds import Potential, WinOddsResult, WinOddsRow, hand_potential, winodds

__all__ = [
    "__version__",
    "CATEGORY_NAMES",
    "CardConflictError",
    "DrawsResult",
    "EquityResult",
    "PlayerResult",
    "count_outcomes",
    "equity",
    "EmptyRangeError",
    "HandEvaluation",
    "InputError",
    "OutsResult",
    "ParseError",
    "PokercalcError",
    "QueryResult",
    "Range",
    "category",
    "category_name",
    "describe",
    "evaluate",
    "evaluate_hand",
    "evaluate_mask",
    "find_draws",
    "find_outs",
    "format_card",
    "format_cards",
    "mask_of",
    "parse_card",
    "parse_cards",
    "parse_query",
    "parse_range",
    "player_range",
    "run_query",
    "split_players",
    "Potential",
    "WinOddsResult",
    "WinOddsRow",
    "hand_potential",
    "winodds",
    "FlopEquities",
    "FlopStudy",
    "TextureFit",
    "feature_matrix",
    "fit_texture",
    "flop_equities",
    "flop_features",
    "flop_study",
    "hero_cards",
    "run_batch",
    "CheckResult",
    "builtin_spec",
    "load_spec",
    "run_check",
]

# The flop-texture API needs numpy and scipy; it is imported on first use so
# that ``import pokercalc`` stays light.
_LAZY = {
    "FlopEquities": "flops",
    "FlopStudy": "flops",
    "flop_equities": "flops",
    "flop_study": "flops",
    "hero_cards": "flops",
    "feature_matrix": "features",
    "flop_features": "features",
    "TextureFit": "texture_ilp",
    "fit_texture": "texture_ilp",
    # batch and regression checks (issue 7), also loaded on first use
    "run_batch": "batch",
    "CheckResult": "check",
    "builtin_spec": "check",
    "load_spec": "check",
    "run_check": "check",
}


def __getattr__(name: str) -> object:
    """Import the flop-texture, batch and check names on first use."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
