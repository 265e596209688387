"""Players as the engine takes them: every player's text read in the game's range language.

:func:`parse_players` is the one reader of players for every game: hold'em
notation and pocket queries (:mod:`pokercalc.ranges.decks`) where the game's
``range_language`` is ``"holdem"``, Omaha hands, ranges and patterns
(:mod:`pokercalc.ranges.omaha`) where it is ``"omaha"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from pokercalc.core.cards import CardLike, cards_of_mask, cards_text, format_cards
from pokercalc.core.games import HOLDEM, Game
from pokercalc.engine.problem import Player, Problem, drop_certain_conflicts, setup
from pokercalc.errors import InputError
from pokercalc.ranges.holdem_players import holdem_player
from pokercalc.ranges.notation import ALL_COMBOS, DeckRange, Range, split_players

if TYPE_CHECKING:
    from pokercalc.engine.own import OwnProblem

__all__ = [
    "Players",
    "engine_players",
    "parse_players",
    "player_texts",
    "problem_of",
    "shown_weights",
]

#: the players as the API takes them: one ``|``-separated string, or a sequence of
#: expressions, :class:`Range` objects and hands given as lists of cards
Players = str | Range | Sequence[str | Range | Sequence[CardLike]]


def player_texts(players: Players) -> list[str | Range]:
    """The players one by one: each an expression, a parsed :class:`Range`, or a hand given
    as cards (made text); a ``|``-separated string is split."""
    if isinstance(players, (str, Range)):
        items: list[Any] = [players]
    elif isinstance(players, Sequence):
        items = list(players)
    else:
        raise TypeError(
            f"players must be a string, a Range or a sequence of them, not {type(players).__name__}"
        )
    out: list[str | Range] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            out.extend(split_players(item))
        elif isinstance(item, Range):
            out.append(item)
        elif isinstance(item, (list, tuple)):
            out.append(cards_text(item, f"player {i + 1}"))  # a hand given as cards
        else:
            raise TypeError(
                "a player must be a string, a Range or a hand as a list of cards, not "
                f"{type(item).__name__}"
            )
    return out


def parse_players(
    players: Players,
    game: Game = HOLDEM,
    board: tuple[int, ...] = (),
    dead: tuple[int, ...] = (),
) -> list[Player]:
    """Every player read in the game's range language (``game.range_language``: hold'em
    notation and pocket queries, or Omaha hands, ranges and patterns), without the
    ``board`` and ``dead`` cards; one player alone is given a random opponent.

    >>> [len(r) for r in parse_players("AKs | QQ+", board=(51,))]
    [3, 15]
    """
    items = player_texts(players)
    if not items:
        raise InputError("no players given")
    if len(items) > game.max_players:
        raise InputError(
            f"{len(items)} players is too many: {game.name} deals at most {game.max_players}"
        )
    # Before any player is read: a big range takes seconds to expand.
    seats = max(len(items), 2)  # (one player alone is played against a random hand)
    needed = game.hole_cards * seats + len(board) + len(dead)
    more = game.board_cards - len(board)
    if needed > game.deck_size - more:
        raise InputError(
            f"{seats} players, {len(board)} board and {len(dead)} dead cards need "
            f"{needed + more} cards; the {game.name} deck has {game.deck_size}"
        )
    if game.range_language == "cards":
        return card_players(items, game, dead)
    omaha = game.range_language == "omaha"
    if omaha:
        # Every player's text is read before any is expanded: a wide Omaha-6 range takes
        # seconds to list, and a typo in the player after it was found only then.
        for item in items:
            if isinstance(item, str) and not every_hand(item, game):
                from pokercalc.ranges.omaha import check_omaha_range

                check_omaha_range(item, game)
    outside = cards_of_mask(game.outside_mask) if game.outside_mask else ()
    ranges: list[Player] = []
    for i, item in enumerate(items):
        who = f"player {i + 1}"
        if omaha:
            rng: Player = many_card_player(item, game, who)
        else:
            if isinstance(item, Range):
                item = checked_hands(item, game, who)
            rng = holdem_player(item, game, who)
        ranges.append(rng.without(board + dead + outside, player=who))
    if len(ranges) == 1:
        # One player alone is played against one random hand, as PokerStove does.
        ranges.append(random_player(game).without(board + dead + outside))
    return ranges


def card_players(items: list[str | Range], game: Game, dead: tuple[int, ...]) -> list[Player]:
    """Players of a game without a board: each the card sets it is given
    (:mod:`pokercalc.ranges.card_sets`), none with a dead card."""
    from pokercalc.ranges.card_sets import parse_card_sets

    ranges: list[Player] = []
    for i, item in enumerate(items):
        who = f"player {i + 1}"
        if isinstance(item, Range):
            if any(len(c) > game.hole_cards for c in item.combos):
                raise InputError(f"{who}: a {game.name} hand has {game.hole_cards} cards")
            rng = item
        else:
            rng = parse_card_sets(item, game, who)
        ranges.append(rng.without(dead, player=who) if dead else rng)
    if len(ranges) == 1:
        ranges.append(parse_card_sets("random", game, "player 2"))
    return ranges


def random_player(game: Game, text: str = "random") -> Player:
    """Every hand the game's deck deals: listed in hold'em's range language, a
    :class:`DeckRange` in Omaha's."""
    if game.range_language == "holdem":
        return Range(text, ALL_COMBOS, (1.0,) * len(ALL_COMBOS))
    return DeckRange(text, game.hole_cards, game.deck_mask)


def checked_hands(rng: Range, game: Game, who: str) -> Range:
    """A Range given to the API, if its hands have the game's number of hole cards."""
    bad = next((c for c in rng.combos if len(c) != game.hole_cards), None)
    if bad is not None:
        raise InputError(
            f"{who}: {format_cards(bad)} has {len(bad)} cards; a {game.name} hand has "
            f"{game.hole_cards}"
        )
    return rng


def many_card_player(item: str | Range | Sequence[CardLike], game: Game, who: str) -> Player:
    """A player of an Omaha game: ``random``, or a hand, range or pattern of the Omaha grammar,
    or a hand given as a list of cards."""
    if isinstance(item, Range):
        return checked_hands(item, game, who)
    if not isinstance(item, str):
        item = cards_text(item, who)
    if every_hand(item, game):
        return random_player(game, item.strip())
    from pokercalc.ranges.omaha import parse_omaha_range

    return checked_hands(parse_omaha_range(item, game), game, who)


def every_hand(text: str, game: Game) -> bool:
    """Whether ``text`` names every hand of an Omaha game by itself: ``random``, ``any``,
    ``100%``, or the game's number of wildcards (``xxxx``, ``* * * * *``), blanks where
    the range grammar allows them.  Such a player is dealt from the deck, as the engine
    would deal it once its listed hands proved to be all of them
    (:func:`~pokercalc.engine.problem.is_random`), without listing them first: ``100%`` in
    Omaha-5, 2.6 million hands, took 10 s and 800 MB to list."""
    return _every_hand_pattern(game.hole_cards).fullmatch(text) is not None


@cache
def _every_hand_pattern(k: int) -> Any:
    """:func:`every_hand`'s words for hands of ``k`` cards, compiled once."""
    import re

    every = rf"(?i:random|any)|100\s*%|(?:[xX*]\s*){{{k - 1}}}[xX*]"
    return re.compile(rf"\s*(?:{every})\s*")


def engine_players(
    players: Players, board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[list[int], list[Player]]:
    """Every player's hands left after card removal (their counts, as shown) and the ranges
    the engine plays (:func:`~pokercalc.engine.problem.drop_certain_conflicts`); text parses
    the same every time, so its answer is cached."""
    if isinstance(players, str):
        shown, ranges = _players_of_text(players, board, dead, game)
    elif isinstance(players, Sequence) and all(isinstance(p, str) for p in players):
        shown, ranges = _players_of_text(tuple(players), board, dead, game)
    else:
        parsed: list[Player] = list(parse_players(players, game, board, dead))
        return [len(r) for r in parsed], drop_certain_conflicts(parsed)
    return list(shown), list(ranges)


@lru_cache(maxsize=256)
def _players_of_text(
    players: str | tuple[str, ...], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[tuple[int, ...], tuple[Player, ...]]:
    """:func:`engine_players` of text (ranges are immutable: a cached one is safe to share)."""
    parsed: list[Player] = list(parse_players(players, game, board, dead))
    return tuple(len(r) for r in parsed), tuple(drop_certain_conflicts(parsed))


def problem_of(
    players: Players,
    board: tuple[int, ...],
    dead: tuple[int, ...],
    game: Game,
    breakdown: int | None = None,
) -> tuple[list[int], list[int], Problem | OwnProblem]:
    """The players read (:func:`engine_players`) and set up as the engine's problem: their
    hand counts as shown, the engine's order of them, and the problem
    (:func:`~pokercalc.engine.problem.setup`)."""
    shown, ranges = engine_players(players, board, dead, game)
    if game.range_language == "cards":
        if breakdown is not None:
            raise InputError(f"a breakdown by hand is not made in {game.name} yet")
        from pokercalc.engine.own import OwnProblem  # (the games without a board only)

        own = OwnProblem(shown, ranges, dead, game)  # type: ignore[arg-type]
        return shown, list(range(len(ranges))), own
    return setup(shown, ranges, board, dead, game, breakdown)


def shown_weights(
    players: Players, board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[float | None, ...]:
    """Each player's sum of weights over the hands left once the board and dead cards are
    removed (what :func:`engine_players` counts); None where every weight is 1.

    Only a weight suffix (``:``) or an Equilab group (``[``) makes text weighted,
    so other text is not read again.
    """
    items = player_texts(players)
    if all(isinstance(p, str) and ":" not in p and "[" not in p for p in items):
        return (None,) * max(len(items), 2)
    if all(isinstance(p, str) for p in items):
        return _weights_of_text(tuple(str(p) for p in items), board, dead, game)
    return tuple(_weight_of(r) for r in parse_players(players, game, board, dead))


@lru_cache(maxsize=256)
def _weights_of_text(
    players: tuple[str, ...], board: tuple[int, ...], dead: tuple[int, ...], game: Game
) -> tuple[float | None, ...]:
    """:func:`shown_weights` of text players."""
    return tuple(_weight_of(r) for r in parse_players(players, game, board, dead))


def _weight_of(player: Player) -> float | None:
    """A player's total weight, or None when it is not weighted."""
    if isinstance(player, Range) and player.is_weighted:
        return player.total_weight
    return None
