"""Turn and river card by card: how each card that can come next changes a range's hits
and the players' equity (Flopzilla's and Equilab's "next card" view).

The cards that can come next are those of the game's deck that are neither on
the board nor dead, nor held for sure by a player (a known hand, or every hand
of a range).  Each card's figures are those of a separate run on the board
with that card added, so they are exact wherever such a run is.  A card that
leaves a player's range empty is listed in ``blocked``.

>>> r = next_card_hits("QQ+,AK", "Kh7c2d")
>>> r.street, len(r.cards), r.combos
('turn', 49, 27)
>>> ace = next(c for c in r.cards if c.card == "As")
>>> ace.combos, [(h.name, h.combos) for h in ace.counts if h.kind == "made" and h.combos]
(21, [('set', 6), ('top two pair', 9), ('pocket pair below top pair', 6)])
>>> e = next_card_equity("AsKs | QhQd", "Kh7c2d")
>>> len(e.cards), e.blocked
(45, ('As', 'Ks', 'Qh', 'Qd'))
>>> sum(c.players[0].equity_fraction for c in e.cards) / 45 == e.now.players[0].equity_fraction
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokercalc.analysis.hits import HitCount, range_hits
from pokercalc.core.cards import Card, CardLike, CardsLike, cards_of
from pokercalc.core.games import Game, get_game
from pokercalc.core.results import CARD, CARDS, COUNT, GAME, METHOD, PROB, Result, doc
from pokercalc.engine.results import EquityResult, PlayerResult
from pokercalc.errors import CardConflictError, EmptyRangeError, InputError
from pokercalc.ranges.notation import Range

__all__ = [
    "CardHits",
    "NextCardHits",
    "CardEquity",
    "NextCardEquity",
    "next_cards",
    "next_card_hits",
    "next_card_equity",
]

_STREETS = {3: "turn", 4: "river"}


@dataclass(frozen=True, kw_only=True)
class CardHits(Result):
    """How the range hits the board with one more card."""

    card: Card = doc("the card that comes next", CARD, csv=True)
    combos: int = doc("combos left with it (those holding the card are out)", COUNT)
    weight: float = doc("their total counted weight", minimum=0)
    selected: float | None = doc(
        "the share of the range's weight that --select picks (null without it)", PROB, csv=True
    )
    counts: tuple[HitCount, ...] = doc(
        "every made-hand class, then every draw, as in hits' counts", table=True
    )


@dataclass(frozen=True, kw_only=True)
class NextCardHits(Result):
    """How each card that can come next changes a range's made-hand classes and draws."""

    game: str = doc("the game (core/games.py)", GAME)
    range: str = doc("the range as given")
    board: tuple[Card, ...] = doc("the flop or turn", CARDS)
    dead: tuple[Card, ...] = doc("cards out of the deck", CARDS)
    opponents: tuple[str, ...] = doc("the opponents' ranges (--vs) weighting the combos")
    street: str = doc("the street the next card makes", schema={"enum": ["turn", "river"]})
    combos: int = doc("combos of the range on the board as it is", COUNT)
    weight: float = doc("their total counted weight", minimum=0)
    selection: str | None = doc("the --select expression (null without it)")
    selected: float | None = doc("the share it picks on the board as it is (null without it)", PROB)
    now: tuple[HitCount, ...] = doc("the classes and draws on the board as it is")
    cards: tuple[CardHits, ...] = doc("one entry per card that can come, highest first", table=True)
    blocked: tuple[Card, ...] = doc("cards that would leave the range no hand", CARDS)


@dataclass(frozen=True, kw_only=True)
class CardEquity(Result):
    """Every player's equity with one more card on the board."""

    card: Card = doc("the card that comes next", CARD, csv=True)
    method: str = doc("how this card's equities were computed", METHOD, csv=True)
    players: tuple[PlayerResult, ...] = doc(
        "one result per player, in the order given", table="player"
    )


@dataclass(frozen=True, kw_only=True)
class NextCardEquity(Result):
    """How each card that can come next changes every player's equity."""

    game: str = doc("the game played (core/games.py)", GAME)
    board: tuple[Card, ...] = doc("the flop or turn", CARDS)
    dead: tuple[Card, ...] = doc("the dead cards given", CARDS)
    street: str = doc("the street the next card makes", schema={"enum": ["turn", "river"]})
    now: EquityResult = doc("the equities on the board as it is")
    cards: tuple[CardEquity, ...] = doc(
        "one entry per card that can come, highest first", table=True
    )
    blocked: tuple[Card, ...] = doc(
        "cards that cannot come: a player holds them, or they leave a range no hand", CARDS
    )
    interrupted: bool = doc("True when a signal stopped the run before every card was done")


def next_cards(board: Sequence[int], dead: Sequence[int], game: Game) -> tuple[int, ...]:
    """The cards of ``game``'s deck that can come on ``board`` (a flop or turn), highest
    first; refuses a board the next card makes no sense on."""
    if game.board_cards == 0:
        raise InputError(f"{game.name} has no board: there is no next card to show")
    if len(board) not in _STREETS or len(board) >= game.board_cards:
        raise InputError(
            "the next card needs a flop or a turn on the board"
            + (" (the river is the last card)" if len(board) == 5 else "")
        )
    out = set(board) | set(dead)
    return tuple(c for c in reversed(game.deck) if c not in out)


def next_card_hits(
    range_: str | Range | Sequence[CardLike],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    vs: Sequence[str | Range | Sequence[CardLike]] = (),
    game: str | Game = "holdem",
    select: str | None = None,
) -> NextCardHits:
    """:func:`~pokercalc.analysis.hits.range_hits` of ``range_`` on a flop or turn, and again
    with each card that can come next added to the board; ``select`` (as in
    :func:`~pokercalc.analysis.hits.select_hands`) gives each card the share it picks."""
    from pokercalc.core.validate import check_board_and_dead

    g = get_game(game)
    now = range_hits(range_, board, dead, vs=vs, game=g, select=select)
    b, d = check_board_and_dead(board, dead, sizes=(3, 4, 5), game=g)
    certain = {int(c) for c in now.certain}
    cards: list[CardHits] = []
    blocked: list[int] = []
    for c in next_cards(b, d, g):
        if c in certain:
            continue
        try:
            r = range_hits(range_, (*b, c), d, vs=vs, game=g, select=select)
        except EmptyRangeError:
            blocked.append(c)
            continue
        share = None if r.selection is None else r.selection.share
        cards.append(
            CardHits(
                card=Card(c), combos=r.combos, weight=r.weight, selected=share, counts=r.counts
            )
        )
    return NextCardHits(
        game=g.name,
        range=now.range,
        board=now.board,
        dead=now.dead,
        opponents=now.opponents,
        street=_STREETS[len(b)],
        combos=now.combos,
        weight=now.weight,
        selection=select,
        selected=None if now.selection is None else now.selection.share,
        now=now.counts,
        cards=tuple(cards),
        blocked=cards_of(blocked),
    )


def next_card_equity(
    players: str | Sequence[Any],
    board: CardsLike,
    dead: CardsLike = "",
    *,
    game: str | Game = "holdem",
    progress: Callable[[float], None] | None = None,
    **options: Any,
) -> NextCardEquity:
    """:func:`~pokercalc.analysis.equities.equity` on a flop or turn, and again with each card
    that can come next added to the board; ``options`` (method, trials, time, seed, ...)
    go to every run, ``progress`` is called with the share of the cards done.

    A signal stops the run after the card under way, marked ``interrupted``.
    """
    from pokercalc.analysis.equities import equity
    from pokercalc.core.validate import check_board_and_dead

    g = get_game(game)
    b, d = check_board_and_dead(board, dead, game=g)
    deck = next_cards(b, d, g)
    now = equity(players, b, d, game=g, **options)
    interrupted = now.interrupted
    cards: list[CardEquity] = []
    blocked: list[int] = []
    for i, c in enumerate(deck):
        if interrupted:
            break
        try:
            r = equity(players, (*b, c), d, game=g, **options)
        except (CardConflictError, EmptyRangeError):
            blocked.append(c)
            continue
        except KeyboardInterrupt:  # (between the engine's runs: reading the players)
            interrupted = True
            break
        if r.interrupted:
            interrupted = True
            break
        cards.append(CardEquity(card=Card(c), method=r.method, players=r.players))
        if progress is not None:
            progress((i + 1) / len(deck))
    return NextCardEquity(
        game=g.name,
        board=cards_of(b),
        dead=cards_of(d),
        street=_STREETS[len(b)],
        now=now,
        cards=tuple(cards),
        blocked=cards_of(blocked),
        interrupted=interrupted,
    )
