"""pokercalc: exact and Monte Carlo Texas Hold'em equity, ranges, outs, draws and win odds.

The public Python API; importing it loads neither click nor rich.

>>> import pokercalc
>>> pokercalc.describe(pokercalc.evaluate("AsKsQsJsTs"))
'Straight flush, Ace high'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

__version__ = "0.1.0"

if TYPE_CHECKING:  # loaded on first use (_LAZY): each command imports only what it runs
    from pokercalc.analysis.breakdown import BreakdownResult, equity_breakdown
    from pokercalc.analysis.draws import DrawsResult, find_draws
    from pokercalc.analysis.equities import EquityResult, PlayerResult, count_outcomes, equity
    from pokercalc.analysis.outs import OutsResult, find_outs
    from pokercalc.analysis.win_odds import (
        Potential,
        WinOddsResult,
        WinOddsRow,
        hand_potential,
        winodds,
    )
    from pokercalc.core.cards import (
        Card,
        format_card,
        format_cards,
        mask_of,
        parse_card,
        parse_cards,
        to_cards,
    )
    from pokercalc.core.evaluator import (
        CATEGORY_NAMES,
        HandEvaluation,
        category,
        category_name,
        describe,
        evaluate,
        evaluate_hand,
        evaluate_mask,
    )
    from pokercalc.core.games import GAMES, Game, get_game
    from pokercalc.errors import (
        CardConflictError,
        EmptyRangeError,
        InputError,
        ParseError,
        PokercalcError,
    )
    from pokercalc.pipelines.batch import run_batch
    from pokercalc.pipelines.check import CheckResult, builtin_spec, load_spec, run_check
    from pokercalc.ranges.notation import Range, parse_range, split_players
    from pokercalc.ranges.query import QueryResult, parse_query, player_range, run_query
    from pokercalc.texture.features import feature_matrix, flop_features
    from pokercalc.texture.flops import (
        FlopEquities,
        FlopStudy,
        flop_equities,
        flop_study,
        hero_cards,
    )
    from pokercalc.texture.ilp import TextureFit, fit_texture

__all__ = [
    "__version__",
    "GAMES",
    "Game",
    "get_game",
    "CATEGORY_NAMES",
    "Card",
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
    "to_cards",
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
    "BreakdownResult",
    "equity_breakdown",
]

# Every public name is imported on first use, so that ``import pokercalc`` (and
# ``from pokercalc import __version__``, as the command line does) stays light: the
# flop-texture API needs numpy and scipy, and ``pokercalc equity --json`` loads the
# engine, ranges and results alone.
_LAZY = {
    # the equity engine, cards, games, errors, ranges and pocket queries
    "EquityResult": "analysis.equities",
    "PlayerResult": "analysis.equities",
    "count_outcomes": "analysis.equities",
    "equity": "analysis.equities",
    "Card": "core.cards",
    "format_card": "core.cards",
    "format_cards": "core.cards",
    "mask_of": "core.cards",
    "parse_card": "core.cards",
    "parse_cards": "core.cards",
    "to_cards": "core.cards",
    "GAMES": "core.games",
    "Game": "core.games",
    "get_game": "core.games",
    "CardConflictError": "errors",
    "EmptyRangeError": "errors",
    "InputError": "errors",
    "ParseError": "errors",
    "PokercalcError": "errors",
    "Range": "ranges.notation",
    "parse_range": "ranges.notation",
    "split_players": "ranges.notation",
    "QueryResult": "ranges.query",
    "parse_query": "ranges.query",
    "player_range": "ranges.query",
    "run_query": "ranges.query",
    # the hand evaluator's Python face: the equity engine reads the compiled tables directly
    "CATEGORY_NAMES": "core.evaluator",
    "HandEvaluation": "core.evaluator",
    "category": "core.evaluator",
    "category_name": "core.evaluator",
    "describe": "core.evaluator",
    "evaluate": "core.evaluator",
    "evaluate_hand": "core.evaluator",
    "evaluate_mask": "core.evaluator",
    # outs, draws and win odds: loaded on first use, so commands that do not
    # need them start faster
    "DrawsResult": "analysis.draws",
    "find_draws": "analysis.draws",
    "OutsResult": "analysis.outs",
    "find_outs": "analysis.outs",
    "Potential": "analysis.win_odds",
    "WinOddsResult": "analysis.win_odds",
    "WinOddsRow": "analysis.win_odds",
    "hand_potential": "analysis.win_odds",
    "winodds": "analysis.win_odds",
    "FlopEquities": "texture.flops",
    "FlopStudy": "texture.flops",
    "flop_equities": "texture.flops",
    "flop_study": "texture.flops",
    "hero_cards": "texture.flops",
    "feature_matrix": "texture.features",
    "flop_features": "texture.features",
    "TextureFit": "texture.ilp",
    "fit_texture": "texture.ilp",
    # batch and regression checks (issue 7), also loaded on first use
    "run_batch": "pipelines.batch",
    "CheckResult": "pipelines.check",
    "builtin_spec": "pipelines.check",
    "load_spec": "pipelines.check",
    "run_check": "pipelines.check",
    # one player's equity by hand and its distribution (issue 17)
    "BreakdownResult": "analysis.breakdown",
    "equity_breakdown": "analysis.breakdown",
}


#: The analysis modules by their short names (and their names before the package layout):
#: ``pokercalc.outs.find_outs`` is ``pokercalc.analysis.outs.find_outs``.
_MODULES = {
    "outs": "analysis.outs",
    "draws": "analysis.draws",
    "hits": "analysis.hits",
    "history": "pipelines.history",  # (all-in adjusted winnings; pokerkit loads when used)
}


def __getattr__(name: str) -> object:
    """Import the parts of the API, and subpackages (``pokercalc.texture``), on first
    use, so that every documented dotted name works in a fresh interpreter."""
    import importlib

    if name in _LAZY:
        value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
        globals()[name] = value  # found directly next time
        return value
    if name in _MODULES:
        return importlib.import_module(f".{_MODULES[name]}", __name__)
    from pokercalc._lazy import submodule

    return submodule(__name__, name)


def __dir__() -> list[str]:
    """The public names, loaded or not (for completion in interactive sessions)."""
    return sorted({*globals(), *__all__})
