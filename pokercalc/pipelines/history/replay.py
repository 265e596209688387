"""One hand replayed and valued at its all-in spot (see the package's docstring).

A hand is replayed from its actions alone (antes, blinds, bets, calls, folds,
bring-ins, draws); pokerkit's full state replay runs only when a showdown the
cards shown cannot decide, or an action the replay does not know, needs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, Inexact, localcontext
from fractions import Fraction
from itertools import permutations
from typing import TYPE_CHECKING, Any

from pokercalc.errors import InputError
from pokercalc.pipelines.history.pots import Pots, build_pots, chip_amount
from pokercalc.pipelines.history.reading import parse_parts, split_phhs
from pokercalc.pipelines.history.records import HandError, HandRecord, PotShare, chips

if TYPE_CHECKING:
    from pokerkit import HandHistory

__all__ = [
    "VARIANT_GAMES", "STUD_GAMES", "DRAW_GAMES", "REASONS", "UNKNOWN", "EquityCache",
    "analyse_hand", "analyse_parts", "analyse_text", "full_replay",
]  # fmt: skip

_ZERO = Decimal(0)

#: pokerkit's PHH variant codes and the pokercalc game each is played as.
VARIANT_GAMES = {
    "NT": "holdem",
    "FT": "holdem",
    "NS": "shortdeck",
    "PO": "omaha",
    "FO/8": "omaha-hilo",
    "F7S": "stud",
    "F7S/8": "stud-hilo",
    "FR": "razz",
    "N2L1D": "2-7",
    "F2L3D": "2-7",
    "FB": "badugi",
}

#: The games without a board that deal each player's cards one street at a time (stud).
STUD_GAMES = ("stud", "stud-hilo", "razz")
#: The draw games: judged only before the last draw.
DRAW_GAMES = ("2-7", "badugi")
#: How many draws each draw variant deals.
_DRAWS = {"N2L1D": 1, "F2L3D": 3, "FB": 3}

#: Why a hand was not all-in adjusted (``HandRecord.status``), besides "all-in".
REASONS = {
    "no all-in": "no all-in spot with two or more players in and cards to come",
    "cards unknown": "a player's cards at the all-in spot are not known",
    "draw game": "a draw game's all-in spot is not before the last draw",
    "result unknown": "a showdown where no one showed cards, and the file does not say who won",
}
#: The status of a hand whose result is unknown: it is counted in no total.
UNKNOWN = "result unknown"


class EquityCache:
    """Equities of all-in spots, each distinct spot computed once.

    A spot is a game, the players' cards, the board and the dead cards; the players
    are sorted before the engine sees them, so the same matchup in another seat
    order is found too.  An exact result also answers every spot that differs only by
    a relabelling of the suits (AsAd against KhKc is AhAc against KsKd): exact
    enumeration gives those the same counts.  (A Monte Carlo result answers its own
    spot only: its deals follow the cards.)
    """

    #: Monte Carlo deals for a spot too large to enumerate: a standard error near 0.0005.
    TRIALS = 1_000_000

    def __init__(self, method: str = "auto", seed: int = 1) -> None:
        self.method = method
        self.seed = seed
        self.spots: dict[tuple[Any, ...], tuple[tuple[Fraction, ...], str]] = {}
        self.allin: set[tuple[Any, ...]] = set()
        #: exact equities by the spot's suit-canonical form (see :func:`_by_suits`)
        self.suited: dict[tuple[Any, ...], tuple[Fraction, ...]] = {}

    def __len__(self) -> int:
        """The distinct all-in spots asked for (showdowns judged are not counted)."""
        return len(self.allin)

    def equities(
        self, game: str, cards: Sequence[str], board: str, dead: str, *, showdown: bool = False
    ) -> tuple[tuple[Fraction, ...], str]:
        """Each player's equity (in the order of ``cards``) and the method that computed it;
        ``showdown`` for a complete hand judged (not counted as an all-in spot)."""
        order = sorted(range(len(cards)), key=lambda i: cards[i])
        key = (game, tuple(cards[i] for i in order), board, dead)
        if not showdown:
            self.allin.add(key)
        found = self.spots.get(key)
        if found is None and showdown:
            found = _judged(game, key[1], board)
            if found is not None:
                self.spots[key] = found
        canonical: tuple[tuple[Any, ...], list[int]] | None = None
        if found is None and not showdown:
            canonical = _by_suits(key)
            shared = self.suited.get(canonical[0])
            if shared is not None:
                found = (tuple(shared[p] for p in canonical[1]), "exact")
                self.spots[key] = found
        if found is None:
            from pokercalc.analysis.equities import equity

            exact = self.method == "exact"
            result = equity(
                list(key[1]), board, dead, game=game, method=self.method, threads=1,
                trials=None if exact else self.TRIALS, seed=None if exact else self.seed,
            )  # fmt: skip
            shares = tuple(
                p.equity_fraction
                if p.equity_fraction is not None
                else Fraction(p.equity or 0).limit_denominator(10**9)
                for p in result.players
            )
            found = (shares, result.method)
            self.spots[key] = found
            if canonical is not None and result.method == "exact":
                suited = [Fraction(0)] * len(shares)
                for j, p in enumerate(canonical[1]):
                    suited[p] = shares[j]
                self.suited[canonical[0]] = tuple(suited)
        shares, method = found
        out = [Fraction(0)] * len(cards)
        for position, i in enumerate(order):
            out[i] = shares[position]
        return tuple(out), method


#: The 24 relabellings of the suits, as str.translate tables.
_SUIT_MAPS = [str.maketrans("cdhs", "".join(p)) for p in permutations("cdhs")]


def _by_suits(key: tuple[Any, ...]) -> tuple[tuple[Any, ...], list[int]]:
    """A spot's (game, players' cards, board, dead) form under the relabelling of the suits
    that writes it first in order, the same for every spot that differs only by the
    suits, and where each of its players is in that form (the players sorted)."""
    game, hands, board, dead = key
    best: tuple[tuple[Any, ...], list[int]] | None = None
    for table in _SUIT_MAPS:
        relabelled = [h.translate(table) for h in hands]
        order = sorted(range(len(hands)), key=relabelled.__getitem__)
        form = (game, tuple(relabelled[j] for j in order), board.translate(table),
                dead.translate(table))  # fmt: skip
        if best is None or form < best[0]:
            best = (form, order)
    assert best is not None
    form, order = best
    where = [0] * len(hands)
    for position, j in enumerate(order):
        where[j] = position
    return form, where


def _judged(game: str, hands: Sequence[str], board: str) -> tuple[tuple[Fraction, ...], str] | None:
    """A showdown on a full board judged by the evaluator alone, as the engine judges it
    (the best hands share the pot); None, for the engine, in a hi/lo game, a game without
    a board, or cards the engine would refuse."""
    from pokercalc.core.evaluator import evaluate, evaluate_omaha
    from pokercalc.core.games import TWO_PLUS_THREE, get_game

    g = get_game(game)
    if g.hilo or not g.has_board:
        return None
    index = _card_indices()
    try:
        held = [tuple(index[h[k : k + 2]] for k in range(0, len(h), 2)) for h in hands]
        dealt = tuple(index[board[k : k + 2]] for k in range(0, len(board), 2))
    except KeyError:
        return None
    if len(dealt) != g.board_cards or any(len(h) != g.hole_cards for h in held):
        return None
    if len(set(dealt).union(*held)) != len(dealt) + sum(map(len, held)):
        return None
    try:
        if g.forming == TWO_PLUS_THREE:
            values = [evaluate_omaha(h, dealt, g) for h in held]
        else:
            values = [evaluate(h + dealt, g) for h in held]
    except Exception:  # (a card out of the game's deck: the engine says so)
        return None
    best = max(values)
    share = Fraction(1, values.count(best))
    return tuple(share if v == best else Fraction(0) for v in values), "exact"


_INDICES: dict[str, int] = {}


def _card_indices() -> dict[str, int]:
    """Each card's index by its text (``As``)."""
    if not _INDICES:
        from pokercalc.core.cards import card_index, format_card

        _INDICES.update((format_card(i), card_index(format_card(i))) for i in range(52))
    return _INDICES


#: A player showing cards: ``p2 sm KsKd``.
_SHOW = re.compile(r"^p(\d+) sm (\S+)")
#: A hole dealing, its player and cards.
_DEALT = re.compile(r"^d dh p(\d+) (\S+)")


def _parse_cards(text: str) -> tuple[Any, ...]:
    """Cards as pokerkit parses them."""
    from pokerkit import Card

    return tuple(Card.parse(text))


def _split_cards(text: str) -> list[str]:
    """Cards as the PHH writes them together (``AsKd``, ``????``), two characters each."""
    return [text[k : k + 2] for k in range(0, len(text) - 1, 2)]


def _card_text(cards: Iterable[Any]) -> str | None:
    """Cards (texts, or pokerkit's cards) as pokercalc writes them, or None when one is
    unknown."""
    out = []
    for c in cards:
        text = c if isinstance(c, str) else repr(c)
        if "?" in text:
            return None
        out.append(text)
    return "".join(out)


def _flat(board: Iterable[Any]) -> list[Any]:
    """pokerkit's board (a list of lists of cards, one per runout) as one list."""
    out: list[Any] = []
    for item in board:
        if isinstance(item, list):
            out.extend(item[:1])
        else:
            out.append(item)
    return out


def _names(hh: HandHistory) -> tuple[str, ...]:
    n = len(hh.starting_stacks)
    given = hh.players or []
    return tuple(str(given[i]) if i < len(given) else f"p{i + 1}" for i in range(n))


def _big_blind(hh: HandHistory) -> Decimal:
    blinds = [chip_amount(b) for b in (hh.blinds_or_straddles or ())]
    if blinds and max(blinds) > 0:
        return max(blinds)
    for value in (hh.small_bet, hh.bring_in, hh.big_bet):
        if value:
            return chip_amount(value)
    return Decimal(1)


def _spot(state: Any, game: str, hole: int) -> bool:
    """Whether the state is an all-in spot: no more betting, two or more in, cards to come."""
    if not state.status or state.actor_index is not None:
        return False
    live = [i for i, s in enumerate(state.statuses) if s]
    if len(live) < 2 or sum(state.stacks[i] > 0 for i in live) > 1:
        return False
    counts = {len(state.hole_cards[i]) for i in live}
    if len(counts) != 1:
        return False  # (cards being dealt)
    count = counts.pop()
    if game in STUD_GAMES:
        return 3 <= count < 7
    if game in DRAW_GAMES:
        return count == hole
    return count == hole and len(_flat(state.board_cards)) < 5


@dataclass
class _Replay:
    """What a replay of one hand learns: chips put in, the spot, the cards, the payout."""

    put: list[Decimal]  #: what each player put in, antes included, before returns
    antes: list[Decimal]  #: the antes among them
    trimmed: bool  #: the PHH's ante trimming status (see :func:`build_pots`)
    known: list[list[Any]]  #: each player's cards in the order dealt, as best known
    up: list[list[Any]]  #: stud: each player's up cards
    spot: dict[str, Any] | None = None  #: live players, card counts, board and put at the spot
    received: list[Any] | None = None  #: what the pots paid (Decimal or Fraction), if known
    folded: list[bool] = field(default_factory=list)  #: who folded by the end
    board: list[Any] = field(default_factory=list)  #: the board at the end
    payoffs: list[Any] = field(default_factory=list)  #: pokerkit's net per player (full replay)
    paid_in: tuple[Decimal, ...] | None = None  #: ``put`` less the uncalled bets, if worked out


def _showdown(
    replay: _Replay, game: str, cache: EquityCache, money: bool = False
) -> list[Fraction] | None:
    """What the pots paid at the showdown, judged by pokercalc from the cards shown (a player
    who showed none mucked); None when the cards do not decide it.

    A split pot of money is shared exactly (a $185 pot is $92.50 each, though every bet
    was whole dollars), as pokerkit shares pots of decimal amounts; a split of chips that
    leaves an odd chip is left to pokerkit's replay, which says who gets it."""
    from pokercalc.core.games import get_game

    g = get_game(game)
    n = len(replay.put)
    size = 7 if game in STUD_GAMES else g.hole_cards
    cards = [
        _card_text(replay.known[i]) if len(replay.known[i]) == size else None for i in range(n)
    ]
    showed = [not replay.folded[i] and cards[i] is not None for i in range(n)]
    if not any(showed) or (g.board_cards and len(replay.board) != g.board_cards):
        return None
    board = _card_text(replay.board)
    if board is None:
        return None
    pots = build_pots(replay.put, showed, replay.antes, trimmed=replay.trimmed)
    received = [Fraction(0)] * n
    for pot in pots.pots:
        amount = Fraction(pot.amount)
        if len(pot.eligible) == 1:
            shares: tuple[Fraction, ...] = (Fraction(1),)
        else:
            hands = [cards[i] or "" for i in pot.eligible]
            shares, _ = cache.equities(game, hands, board, "", showdown=True)
        for i, share in zip(pot.eligible, shares, strict=True):
            received[i] += amount * share
    if money:
        return received
    # A split that leaves an odd chip: pokerkit's replay says who gets it.
    unit = Fraction(1, 10 ** max(_places(a) for a in replay.put))
    if any((r / unit).denominator != 1 for r in received):
        return None
    return received


def _places(amount: Decimal) -> int:
    """The decimal places a chip amount is written with (0 for whole chips)."""
    exponent = amount.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def analyse_hand(
    hh: HandHistory,
    cache: EquityCache,
    source: str = "-",
    index: int = 1,
    *,
    full: bool = False,
) -> HandRecord:
    """Replay one hand and value it at its all-in spot (see the module's docstring).

    The hand is replayed from its actions alone (blinds, antes, bets, calls, folds);
    pokerkit's full state replays it only when the file does not say what the pots
    paid (no ``winnings`` nor ``finishing_stacks``) and a showdown decides it, or with
    ``full``.
    """
    variant = str(hh.variant)
    game = VARIANT_GAMES.get(variant)
    if game is None:
        raise InputError(f"variant {variant!r} is not one pokercalc plays")
    names = _names(hh)
    n = len(names)
    _dead_posts(hh)
    starting = [chip_amount(s) for s in hh.starting_stacks]
    if not all(s.is_finite() for s in starting):
        # Stacks not recorded (the iPoker hands of the PHH dataset write ``inf``): deep
        # enough that no one is all-in, which is all a stack decides here.
        deep = _deep_stack(hh, starting)
        starting = [s if s.is_finite() else deep for s in starting]
        hh.starting_stacks = list(starting)  # type: ignore[arg-type]  # (exact chips)
    replay = None if full else _light_replay(hh, game, starting)
    if _result_unknown(hh):
        replay = replay or full_replay(hh, game, starting)
        put_in = build_pots(replay.put, [True] * n, replay.antes, trimmed=replay.trimmed).put_in(
            replay.put
        )
        zero = tuple(0.0 for _ in range(n))
        return HandRecord(
            source=source, index=index, hand=None if hh.hand is None else str(hh.hand),
            variant=variant, game=game, status=UNKNOWN, players=names, cards=("",) * n,
            board="", dead="", pots=(), big_blind=chips(_big_blind(hh)),
            put_in=tuple(chips(p) for p in put_in), actual=zero, adjusted=zero, rake=0.0,
        )  # fmt: skip
    if replay is not None and replay.received is None:
        money = bool(getattr(hh, "currency", None) or getattr(hh, "currency_symbol", None))
        replay.received = _showdown(replay, game, cache, money)
    if replay is not None and replay.received is None:
        # Only pokerkit's showdown can say (unknown cards shown): its payoffs, our chips.
        payoffs = full_replay(hh, game, starting).payoffs
        pots = build_pots(replay.put, [True] * n, replay.antes, trimmed=replay.trimmed)
        paid_in = pots.put_in(replay.put)
        replay.received = [Fraction(p) + Fraction(paid_in[i]) for i, p in enumerate(payoffs)]
    if replay is None:
        replay = full_replay(hh, game, starting)
    spot = replay.spot
    put = spot["put"] if spot is not None else replay.put
    live = spot["live"] if spot is not None else [True] * n
    if spot is None and replay.paid_in is not None:
        paid_in = replay.paid_in  # (the same: what comes back does not depend on who is live)
    else:
        pots = build_pots(put, live, replay.antes, trimmed=replay.trimmed)
        paid_in = pots.put_in(put)
    assert replay.received is not None
    actual, rake = _nets(replay.received, paid_in)
    status = "no all-in"
    cards_out = [""] * n
    board = ""
    dead = ""
    shares: list[PotShare] = []
    adjusted = list(actual)
    if spot is not None:
        if game in DRAW_GAMES:
            status, cards_out, dead = _kept_cards(spot, replay.known, game)
        else:
            status, cards_out, board, dead = _cards_at_spot(spot, replay.known, replay.up, game)
        if status == "all-in":
            adjusted, shares = _adjust(pots, paid_in, cards_out, board, dead, game, names, cache)
    return HandRecord(
        source=source,
        index=index,
        hand=None if hh.hand is None else str(hh.hand),
        variant=variant,
        game=game,
        status=status,
        players=names,
        cards=tuple(cards_out),
        board=board,
        dead=dead,
        pots=tuple(shares),
        big_blind=chips(_big_blind(hh)),
        put_in=tuple(chips(p) for p in paid_in),
        actual=tuple(chips(a) for a in actual),
        adjusted=tuple(chips(a) for a in adjusted),
        rake=chips(rake),
    )


def _result_unknown(hh: HandHistory) -> bool:
    """Whether only a showdown could say who won, and no one showed cards there: the file
    writes no winnings (the iPoker and Full Tilt hands of the PHH dataset) and every player
    who reached the showdown mucked."""
    if hh.winnings is not None and any(_per_player(hh.winnings, len(hh.starting_stacks))):
        return False
    if getattr(hh, "finishing_stacks", None) is not None:
        return False
    shows = [m for m in map(_SHOW.match, hh.actions) if m is not None]
    if not shows or any("?" not in m.group(2) for m in shows):
        return False
    showing = {m.group(1) for m in shows}
    # Cards dealt face up decide the showdown all the same (the iPoker hands of the PHH
    # dataset write every showing as ????, the collector's own cards known).
    dealt = {m.group(1) for m in map(_DEALT.match, hh.actions) if m and "?" not in m.group(2)}
    return len(showing) >= 2 and not showing <= dealt


def _dead_posts(hh: HandHistory) -> None:
    """Play the dead part of a posted blind as dead money, as the tables do.

    A negative blind is a post (pokerkit's "post bet"), which pokerkit plays as a live
    bet.  A post is live only up to the big blind: a player who missed the blinds posts
    the small blind dead (the Ongame hands of the PHH dataset write it ``-5`` in a 5-10
    game, and their finishing stacks show it lost on top of the call that follows).  The
    dead part becomes that player's ante, which is what dead money is to pokerkit.
    """
    n = len(hh.starting_stacks)
    raw = hh.blinds_or_straddles
    # (Nearly every hand has no post: seen on the values as read, before any conversion.)
    if n <= 2 or not isinstance(raw, (list, tuple)) or min(raw, default=0) >= 0:
        return
    blinds = _per_player(raw, n)
    big = max([b for b in blinds[:2] if b > 0], default=_ZERO)
    if big <= 0:
        return
    antes = _per_player(hh.antes, n)
    for i, b in enumerate(blinds):
        if b < 0:
            live = big if -b >= big else _ZERO
            antes[i] += -b - live
            blinds[i] = -live
    hh.blinds_or_straddles = blinds  # type: ignore[assignment]  # (exact chips)
    hh.antes = antes  # type: ignore[assignment]


def _deep_stack(hh: HandHistory, starting: Sequence[Decimal]) -> Decimal:
    """A stack deeper than every chip amount the hand writes: what it puts in never empties it."""
    amounts = [s for s in starting if s.is_finite()]
    amounts += [chip_amount(w) for w in re.findall(r"\d+(?:\.\d+)?", " ".join(hh.actions))]
    n = len(starting)
    amounts += _per_player(hh.antes, n) + _per_player(hh.blinds_or_straddles, n)
    return (sum(amounts, _ZERO) + 1) * 10


def _nets(received: Sequence[Any], paid_in: Sequence[Decimal]) -> tuple[list[Any], Any]:
    """Each player's actual net (what the pots paid it less what it put in) and the rake:
    in Decimals when the pots paid Decimals and no digit is lost (the numbers of the
    Fractions, quicker), else in Fractions."""
    if all(type(r) is Decimal for r in received):
        with localcontext() as exact:
            exact.traps[Inexact] = True
            try:
                actual = [r - p for r, p in zip(received, paid_in, strict=True)]
                return actual, sum(paid_in, _ZERO) - sum(received, _ZERO)
            except Inexact:
                pass
    paid = [Fraction(r) for r in received]
    actual = [paid[i] - Fraction(paid_in[i]) for i in range(len(paid))]
    return actual, Fraction(sum(paid_in, _ZERO)) - sum(paid, Fraction(0))


def _per_player(value: Any, n: int) -> list[Decimal]:
    """A PHH field given per player (a list) or for all (a number), as n amounts."""
    if value is None:
        return [_ZERO] * n
    if isinstance(value, (int, float, Decimal, Fraction)):
        return [chip_amount(value)] * n
    out = [chip_amount(v) for v in value]
    return out + [_ZERO] * (n - len(out))


def _received(hh: HandHistory, starting: list[Decimal], put: list[Decimal],
              antes: list[Decimal], folded: list[bool],
              ) -> tuple[list[Any] | None, tuple[Decimal, ...]]:  # fmt: skip
    """What the pots paid each player, from the file's ``winnings`` or ``finishing_stacks``,
    or to the one player left when the others folded (None when only a showdown can say),
    and what each put in less the uncalled bets."""
    n = len(starting)
    # (The PokerStars hands of the PHH dataset give winnings of 0 for many a hand that
    # someone won: winnings paying nothing from a pot are taken as not given.)
    winnings = _per_player(hh.winnings, n) if hh.winnings is not None else None
    pots = build_pots(put, [not f for f in folded], antes, trimmed=_trimmed(hh))
    paid_in = pots.put_in(put)
    if winnings is not None and sum(winnings) > 0:
        excess = sum(winnings) - sum(paid_in, _ZERO)
        returned = sum(pots.returned, _ZERO)
        party = getattr(hh, "venue", None) == "PartyPoker"
        if excess > 0 and (party or excess == returned):
            # More than the pots held, by the uncalled bet that came back: the site counted
            # it as won (PartyPoker's hands in the PHH dataset do, rake off; the others do
            # in a walk, where the big blind's own half "wins" back).  Other winnings over
            # the pots pay dead money the file does not write (posts of players joining a
            # table, as their next stacks show): they stand.
            winnings = [w - r for w, r in zip(winnings, pots.returned, strict=True)]
        return winnings, paid_in
    final = getattr(hh, "finishing_stacks", None)
    if final is not None:
        # (The Ongame hands of the PHH dataset write winnings of 0 for a split pot; their
        # finishing stacks say what each got.  Where winnings are written they come first:
        # some of those finishing stacks are off, by a player leaving the table, say.)
        return [chip_amount(f) - starting[i] + paid_in[i] for i, f in enumerate(final)], paid_in
    left = [i for i in range(n) if not folded[i]]
    if len(left) == 1:
        total = sum(paid_in, _ZERO)
        return [total if i == left[0] else _ZERO for i in range(n)], paid_in
    return None, paid_in


#: A PHH action: its actor (``d`` or ``p3``), its verb and the rest.
_ACTION = re.compile(r"^\s*(d|p(\d+))\s+(\w+)\s*(.*?)\s*(?:#.*)?$")
#: Stud: which of a player's seven cards are dealt face up.
_STUD_UP = (False, False, True, True, True, True, False)


def _light_replay(hh: HandHistory, game: str, starting: list[Decimal]) -> _Replay | None:
    """The hand replayed from its actions by the betting rules alone (no hand is evaluated);
    None for an action it does not know."""
    from pokercalc.core.games import get_game

    n = len(starting)
    stacks = list(starting)
    antes, street = _posted(hh, starting)
    stacks = [s - a - b for s, a, b in zip(stacks, antes, street, strict=True)]
    folded = [False] * n
    known: list[list[Any]] = [[] for _ in range(n)]
    shown: dict[int, list[Any]] = {}
    board: list[Any] = []
    acted = False  # a player acted in this street: the next dealing closes it
    drawn = [0] * n  # draws each player has made
    total_draws = _DRAWS.get(str(hh.variant), 0)
    discards: list[str] = []
    replay = _Replay(put=[], antes=antes, trimmed=_trimmed(hh), known=known,
                     up=[[] for _ in range(n)])  # fmt: skip
    # The first betting round opens once every player holds its first cards; when no one
    # can bet there (blinds and antes put players all-in) the all-in spot is that moment.
    first = 3 if game in STUD_GAMES else get_game(game).hole_cards
    opened = False
    for text in hh.actions:
        m = _ACTION.match(text)
        if m is None:
            return None
        verb, rest = m.group(3), m.group(4)
        i = int(m.group(2)) - 1 if m.group(2) else -1
        if i >= n:
            return None
        if not opened and not (verb == "dh" and _dealt_to(rest, known) < first):
            opened = True
            replay.spot = _light_spot(game, stacks, street, folded, known, board, total_draws,
                                      starting)  # fmt: skip
        if verb in ("db", "dh", "sd") and acted:
            acted = False  # a new street: its bets start from nothing (the chips stay put in)
            street = [_ZERO] * n
        if verb == "db":
            board.extend(_split_cards(rest))
        elif verb == "dh":
            j = int(rest.split()[0][1:]) - 1
            cards = _split_cards(rest.split()[1]) if len(rest.split()) > 1 else []
            known[j].extend(cards)
            if replay.spot is not None:
                replay.spot["dealt_after"][j].extend(cards)
        elif verb == "sd":
            drawn[i] += 1
            discards.extend(
                c for c in _split_cards(rest.split()[0] if rest else "") if "?" not in c
            )
            acted = False
        elif verb in ("f", "cc", "cbr", "pb"):
            acted = True
            if verb == "f":
                folded[i] = True
            elif verb == "cc":
                add = min(max(street) - street[i], stacks[i])
                street[i] += add
                stacks[i] -= add
            else:
                if verb == "pb":
                    target = street[i] + chip_amount(hh.bring_in or 0)
                else:
                    target = chip_amount(_parse_amount(rest))
                add = max(min(target - street[i], stacks[i]), _ZERO)
                street[i] += add
                stacks[i] -= add
            if replay.spot is None:
                left = total_draws - max(drawn)
                replay.spot = _light_spot(game, stacks, street, folded, known, board, left,
                                          starting)  # fmt: skip
        elif verb == "sm":
            if rest and "?" not in rest:
                shown[i] = _split_cards(rest.split()[0])
        else:
            return None
    if not opened:
        replay.spot = _light_spot(game, stacks, street, folded, known, board, total_draws,
                                  starting)  # fmt: skip
    for i, cards in shown.items():
        known[i] = cards
    replay.put = [starting[k] - stacks[k] for k in range(n)]
    replay.folded = folded
    replay.board = board
    if replay.spot is not None:
        replay.spot["discards"] = discards
    if game in STUD_GAMES:
        for i in range(n):
            replay.up[i] = [c for c, u in zip(known[i], _STUD_UP, strict=False) if u]
    replay.received, replay.paid_in = _received(hh, starting, replay.put, antes, folded)
    return replay


def _dealt_to(rest: str, known: list[list[Any]]) -> int:
    """How many cards the player a hole dealing (``p2 AsKd``) is for held before it."""
    words = rest.split()
    if not words or not words[0][1:].isdigit():
        return 0
    j = int(words[0][1:]) - 1
    return len(known[j]) if 0 <= j < len(known) else 0


def _trimmed(hh: HandHistory) -> bool:
    """Whether the hand's antes are trimmed (see :func:`build_pots`): its ante trimming
    status (pokerkit's default, False, when not given), unless a single player antes.

    A big blind ante is the only ante of its hand: pokerkit, trimming, would hand it all
    back, but the tables keep it (the PHH dataset's WSOP hands with a big blind ante and
    trimming have finishing stacks where it was lost), so it is played untrimmed: dead
    money in the main pot.
    """
    if not getattr(hh, "ante_trimming_status", None):
        return False
    return sum(a > 0 for a in _per_player(hh.antes, len(hh.starting_stacks))) >= 2


def _posted(hh: HandHistory, starting: list[Decimal]) -> tuple[list[Decimal], list[Decimal]]:
    """Each player's ante and blind or straddle as pokerkit posts them: as much of each as
    its stack holds, and, heads-up, the two players' entries swapped (the first player
    posts the big blind)."""
    n = len(starting)
    antes = _per_player(hh.antes, n)
    blinds = [abs(b) for b in _per_player(hh.blinds_or_straddles, n)]
    if n == 2:
        antes, blinds = antes[::-1], blinds[::-1]
    antes = [min(a, s) for a, s in zip(antes, starting, strict=True)]
    blinds = [min(b, s - a) for b, s, a in zip(blinds, starting, antes, strict=True)]
    return antes, blinds


def _parse_amount(text: str) -> Any:
    """A bet's amount as the PHH writes it (an integer or a decimal)."""
    word = text.split()[0]
    return Decimal(word) if any(c in word for c in ".eE") else int(word)


def _light_spot(
    game: str,
    stacks: list[Decimal],
    street: list[Decimal],
    folded: list[bool],
    known: list[list[Any]],
    board: list[Any],
    draws_left: int,
    starting: list[Decimal],
) -> dict[str, Any] | None:
    """The all-in spot, if the hand is at one after a player's action."""
    live = [i for i in range(len(stacks)) if not folded[i]]
    if len(live) < 2:
        return None
    behind = [i for i in live if stacks[i] > 0]
    if len(behind) > 1:
        return None
    if behind and street[behind[0]] < max(street[i] for i in live):
        return None  # the player with chips has a bet to answer
    counts = {len(known[i]) for i in live}
    if game in STUD_GAMES:
        if len(counts) != 1 or not 3 <= next(iter(counts)) < 7:
            return None
    elif game in DRAW_GAMES:
        if draws_left < 1:
            return None
    elif len(board) >= 5:
        return None
    return {
        "live": [not f for f in folded],
        "counts": [len(c) for c in known],
        "board": list(board),
        "put": [starting[k] - stacks[k] for k in range(len(stacks))],
        "draws_left": draws_left,
        "dealt_after": [[] for _ in known],
    }


def full_replay(hh: HandHistory, game: str, starting: list[Decimal]) -> _Replay:
    """The hand replayed by pokerkit's state, showdown included."""
    from pokercalc.core.games import get_game

    n = len(starting)
    hole = get_game(game).hole_cards
    known: list[list[Any]] = [[] for _ in range(n)]
    up: list[list[Any]] = [[] for _ in range(n)]
    lowest = list(starting)
    spot: dict[str, Any] | None = None
    state: Any = None
    antes, _ = _posted(hh, starting)
    if _trimmed(hh) and n >= 2:
        # pokerkit's states show the antes trimmed already (see build_pots).
        top = max(range(n), key=lambda i: antes[i])
        antes[top] = max(antes[i] for i in range(n) if i != top)
    drawn = [0] * n  # draws each player has made
    discards: list[str] = []
    for state, action in hh.state_actions:
        shown = _SHOW.match(action) if action else None
        act = _ACTION.match(action) if action else None
        if act is not None and act.group(3) == "sd":
            drawn[int(act.group(2)) - 1] += 1
            words = act.group(4).split()
            discards.extend(c for c in _split_cards(words[0] if words else "") if "?" not in c)
        elif act is not None and act.group(3) == "dh" and spot is not None:
            words = act.group(4).split()
            if len(words) > 1 and words[0][1:].isdigit():
                spot["dealt_after"][int(words[0][1:]) - 1].extend(_split_cards(words[1]))
        if shown is not None and "?" not in shown.group(2):
            known[int(shown.group(1)) - 1] = list(_parse_cards(shown.group(2)))
        if state.status:
            for i in range(n):
                if state.stacks[i] < lowest[i]:
                    lowest[i] = chip_amount(state.stacks[i])
        for i in range(n):
            cards = state.hole_cards[i]
            if cards and shown is None:
                known[i] = [
                    c if "?" not in repr(c) or k >= len(known[i]) else known[i][k]
                    for k, c in enumerate(cards)
                ]
                if game in STUD_GAMES:
                    up[i] = [
                        c for c, s in zip(cards, state.hole_card_statuses[i], strict=False) if s
                    ]
        if spot is None and _spot(state, game, hole):
            spot = {
                "live": list(state.statuses),
                "counts": [len(c) for c in state.hole_cards],
                "board": list(_flat(state.board_cards)),
                "put": [starting[i] - chip_amount(state.stacks[i]) for i in range(n)],
                "draws_left": _DRAWS.get(str(hh.variant), 0) - max(drawn),
                "dealt_after": [[] for _ in range(n)],
            }
    assert state is not None
    put = [starting[i] - lowest[i] for i in range(n)]
    if getattr(hh, "ante_trimming_status", None) and not _trimmed(hh) and n >= 2:
        # pokerkit returned a big blind ante before the first state it shows: the table
        # kept it (see _trimmed).
        top = max(range(n), key=lambda i: antes[i])
        kept = antes[top] - max(antes[i] for i in range(n) if i != top)
        put[top] += kept
        if spot is not None:
            spot["put"][top] += kept
    if spot is not None:
        spot["discards"] = discards
    folded = [not s for s in state.statuses]
    received, paid_in = _received(hh, starting, put, antes, [False] * n)
    if received is None:
        received = [chip_amount(p) + paid_in[i] for i, p in enumerate(state.payoffs)]
    return _Replay(put=put, antes=antes, trimmed=_trimmed(hh), known=known, up=up, spot=spot,
                   received=received, folded=folded, payoffs=list(state.payoffs))  # fmt: skip


def _cards_at_spot(
    spot: dict[str, Any], known: list[list[Any]], up: list[list[Any]], game: str
) -> tuple[str, list[str], str, str]:
    """The status, each live player's cards, the board and the dead cards at the spot (a
    board game's players hold all their hole cards there, stud's players the cards dealt)."""
    from pokercalc.core.games import get_game

    n = len(known)
    cards = [""] * n
    status = "all-in"
    hole = get_game(game).hole_cards
    for i in range(n):
        if not spot["live"][i]:
            continue
        count = spot["counts"][i] if game in STUD_GAMES else hole
        text = _card_text(known[i][:count]) if len(known[i]) >= count else None
        if text is None:
            status = "cards unknown"
        else:
            cards[i] = text
    board = _card_text(spot["board"]) or ""
    dead = ""
    if game in STUD_GAMES:
        dead = "".join(_card_text(up[i]) or "" for i in range(n) if not spot["live"][i])
    return status, cards, board, dead


def _kept_cards(
    spot: dict[str, Any], known: list[list[Any]], game: str
) -> tuple[str, list[str], str]:
    """A draw game's spot before its last draw: the status, the cards each live player kept
    (its hand shown at the end, less the cards the last draw dealt it) and the known
    discards, dead; marked "draw game" when more than one draw was to come."""
    from pokercalc.core.games import get_game

    n = len(known)
    cards = [""] * n
    if spot.get("draws_left") != 1:
        return "draw game", cards, ""
    size = get_game(game).hole_cards
    status = "all-in"
    for i in range(n):
        if not spot["live"][i]:
            continue
        new = spot["dealt_after"][i]
        final = [c if isinstance(c, str) else repr(c) for c in known[i]]
        kept = [c for c in final if c not in new]
        text = _card_text(kept)
        if len(final) != size or any("?" in c for c in new) or text is None:
            status = "cards unknown"
        elif len(kept) + len(new) != size:
            status = "cards unknown"  # (the hand shown is not the one drawn to)
        else:
            cards[i] = text
    return status, cards, "".join(spot.get("discards", ()))


def _adjust(
    pots: Pots,
    paid_in: Sequence[Decimal],
    cards: Sequence[str],
    board: str,
    dead: str,
    game: str,
    names: Sequence[str],
    cache: EquityCache,
) -> tuple[list[Fraction], list[PotShare]]:
    """Each player's all-in adjusted net and the pots' shares."""
    n = len(paid_in)
    adjusted = [-Fraction(p) for p in paid_in]
    shares = []
    for pot in pots.pots:
        if len(pot.eligible) == 1:
            equities: tuple[Fraction, ...] = (Fraction(1),)
            method = None
        else:
            # The cards of live players not eligible for this pot are out of the deck.
            others = "".join(cards[i] for i in range(n) if cards[i] and i not in pot.eligible)
            equities, method = cache.equities(
                game, [cards[i] for i in pot.eligible], board, dead + others
            )
        amount = Fraction(pot.amount)
        for i, e in zip(pot.eligible, equities, strict=True):
            adjusted[i] += amount * e
        shares.append(
            PotShare(
                amount=chips(pot.amount),
                players=tuple(names[i] for i in pot.eligible),
                equities=tuple(float(e) for e in equities),
                method=method,
            )
        )
    return adjusted, shares


# ----------------------------------------------------------------------------- many hands


def analyse_text(text: str, source: str, cache: EquityCache) -> Iterator[HandRecord | HandError]:
    """Every hand of one PHH or PHHS text: its record, or the error that stopped it."""
    return analyse_parts(split_phhs(text), source, cache)


def analyse_parts(
    parts: Iterable[tuple[int, str]], source: str, cache: EquityCache, fmt: str = "phh"
) -> Iterator[HandRecord | HandError]:
    """Every hand of these texts of one file: its record, or the error that stopped it."""
    for index, hh in parse_parts(parts, fmt):
        if isinstance(hh, Exception):
            yield HandError(source=source, index=index, message=_message(hh))
            continue
        try:
            yield analyse_hand(hh, cache, source, index)
        except Exception as e:
            yield HandError(source=source, index=index, message=_message(e))


def _message(error: BaseException) -> str:
    """An error as one line."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if isinstance(error, InputError) else f"{type(error).__name__}: {text}"
