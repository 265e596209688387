"""pokercalc: exact and Monte Carlo Texas Hold'em equity, ranges, outs, draws and win odds.

The public Python API; importing it loads neither click nor rich.

>>> describe(evaluate("AsKsQsJsTs"))
'Straight flush, Ace high'
"""

from __future__ import annotations

__version__ = "0.1.0"

from .cards import format_card, format_cards, mask_of, parse_card, parse_cards
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
from .query import QueryResult, parse_query, player_range, run_query
from .ranges import Range, parse_range, split_players

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
    # outs, draws and win odds: loaded on first use, so commands that do not
    # need them start faster
    "DrawsResult": "draws",
    "find_draws": "draws",
    "OutsResult": "outs",
    "find_outs": "outs",
    "Potential": "winodds",
    "WinOddsResult": "winodds",
    "WinOddsRow": "winodds",
    "hand_potential": "winodds",
    "winodds": "winodds",
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
    """Import the heavier parts of the API on first use."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        # Importing a submodule binds its name on the package (pokercalc.winodds
        # the module); bind the API object over it so later lookups find it.
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
