"""All-in adjusted winnings from hand histories (PHH and PHHS files, read by pokerkit).

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
when a hand is read.

>>> pots = build_pots([100, 100, 30, 10], [True, True, True, False])
>>> [(int(p.amount), p.eligible) for p in pots.pots], [int(r) for r in pots.returned]
([(100, (0, 1, 2)), (140, (0, 1))], [0, 0, 0, 0])
>>> [int(r) for r in build_pots([50, 20], [True, True]).returned]
[30, 0]
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pokercalc.core.results import COUNT, GAME, NUMBER, Result, doc
from pokercalc.errors import InputError

if TYPE_CHECKING:
    from pokerkit import HandHistory

__all__ = [
    "VARIANT_GAMES",
    "EXTRA",
    "Pots",
    "build_pots",
    "PotShare",
    "HandRecord",
    "PlayerTotal",
    "HistoryResult",
    "HandError",
    "EquityCache",
    "require_pokerkit",
    "iter_sources",
    "read_hands",
    "analyse_hand",
    "analyse_text",
    "run_history",
    "summarise",
    "HAND_COLUMNS",
    "hand_rows",
]

#: The pip extra that brings pokerkit.
EXTRA = "pokercalc[history]"

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
_STUD_GAMES = ("stud", "stud-hilo", "razz")
#: The draw games: judged only before the last draw.
_DRAW_GAMES = ("2-7", "badugi")
#: How many draws each draw variant deals.
_DRAWS = {"N2L1D": 1, "F2L3D": 3, "FB": 3}

#: Why a hand was not all-in adjusted (``HandRecord.status``), besides "all-in".
REASONS = {
    "no all-in": "no all-in spot with two or more players in and cards to come",
    "cards unknown": "a player's cards at the all-in spot are not known",
    "draw game": "a draw game's all-in spot is not before the last draw",
}


def require_pokerkit() -> Any:
    """The pokerkit module, or an :class:`InputError` naming the extra that installs it."""
    try:
        import pokerkit
    except ImportError:
        raise InputError(f"reading hand histories needs pokerkit: pip install '{EXTRA}'") from None
    return pokerkit


# ----------------------------------------------------------------------------- pots


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its amount and the players (indices) eligible to win it."""

    amount: Decimal
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Pots:
    """The pots of a hand by contribution level, and what came back to each player uncalled."""

    pots: tuple[Pot, ...]
    returned: tuple[Decimal, ...]

    def put_in(self, put: Sequence[Any]) -> tuple[Decimal, ...]:
        """What each player put in after the uncalled bets came back."""
        return tuple(_amount(p) - r for p, r in zip(put, self.returned, strict=True))


_ZERO = Decimal(0)


def _amount(value: Any) -> Decimal:
    """A chip amount as a Decimal (exact for the amounts hand histories write)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value) if isinstance(value, int) else Decimal(str(value))


def build_pots(put: Sequence[Any], live: Sequence[bool], antes: Sequence[Any] = ()) -> Pots:
    """The pots made by the amounts ``put`` in, level by level, among the ``live`` players.

    Each distinct amount a live player put in closes a level; a level holds what
    every player (folded ones too) put in between it and the level below, and is
    won among the live players who reached it.  What lies above the highest level
    another player matched is an uncalled bet and goes back to its player.
    Consecutive levels with the same eligible players merge into one pot.  ``antes``,
    part of what was put in, are dead money: never an uncalled bet.
    """
    amounts = [_amount(p) for p in put]
    n = len(amounts)
    dead = [_amount(a) for a in antes] + [_ZERO] * (n - len(antes))
    bets = [a - d for a, d in zip(amounts, dead, strict=True)]
    returned = [_ZERO] * n
    # The uncalled part: the top bettor's excess over everyone else's highest bet.
    if n >= 2:
        top = max(range(n), key=lambda i: bets[i])
        second = max(bets[i] for i in range(n) if i != top)
        if bets[top] > second:
            returned[top] = bets[top] - second
    paid = [a - r for a, r in zip(amounts, returned, strict=True)]
    levels = sorted({paid[i] for i in range(n) if live[i] and paid[i] > 0})
    pots: list[Pot] = []
    below = _ZERO
    for level in levels:
        amount = sum((min(p, level) - min(p, below) for p in paid), _ZERO)
        eligible = tuple(i for i in range(n) if live[i] and paid[i] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        below = level
    # Chips above every live player's level (folded players who put in more): the last pot's.
    rest = sum((p - min(p, below) for p in paid), _ZERO)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, tuple(i for i in range(n) if live[i])))
    return Pots(tuple(pots), tuple(returned))


# ----------------------------------------------------------------------------- results


def _chips(value: Fraction | Decimal | float | int) -> float:
    """A chip amount as written in the output (a float rounded to a millionth)."""
    return round(float(value), 6)


@dataclass(frozen=True, kw_only=True)
class PotShare(Result):
    """One pot at the all-in spot and how its eligible players share it."""

    amount: float = doc("the pot's size in chips (before rake)", NUMBER)
    players: tuple[str, ...] = doc("the players eligible to win it")
    equities: tuple[float, ...] = doc("each eligible player's equity in it, in that order")
    method: str | None = doc('"exact" or "mc" as computed; None for a pot one player is alone in')


@dataclass(frozen=True, kw_only=True)
class HandRecord(Result):
    """One hand: what each player put in, was paid, and would have got at the all-in spot."""

    source: str = doc("the file the hand came from (- for standard input)")
    index: int = doc("the hand's index in its file, 1 up", COUNT)
    hand: str | None = doc("the hand's id in the file, if it gives one")
    variant: str = doc("the PHH variant code (NT, PO, F7S, ...)")
    game: str | None = doc("the pokercalc game it is played as", GAME)
    status: str = doc('"all-in" when adjusted, else why not ("no all-in", "cards unknown", ...)')
    players: tuple[str, ...] = doc("the players' names, in seat order of the file")
    cards: tuple[str, ...] = doc(
        "each player's cards at the all-in spot ('' for players not in or not known)"
    )
    board: str = doc("the board at the all-in spot")
    dead: str = doc("cards out of play at the spot (stud: folded players' up cards)")
    pots: tuple[PotShare, ...] = doc("the pots at the all-in spot, main pot first")
    big_blind: float = doc("the big blind (the small bet in games without blinds)", NUMBER)
    put_in: tuple[float, ...] = doc("what each player put in, after uncalled bets came back")
    actual: tuple[float, ...] = doc("each player's actual net: what the pots paid minus put_in")
    adjusted: tuple[float, ...] = doc(
        "each player's all-in adjusted net (the actual net when status is not all-in)"
    )
    rake: float = doc("what the pots held beyond what they paid", NUMBER)


@dataclass(frozen=True, kw_only=True)
class PlayerTotal(Result):
    """One player's totals over the hands read."""

    player: str = doc("the player's name")
    hands: int = doc("hands played", COUNT)
    allin_hands: int = doc("hands all-in adjusted", COUNT)
    actual: float = doc("actual net in chips", NUMBER)
    adjusted: float = doc("all-in adjusted net in chips", NUMBER)
    difference: float = doc("actual minus adjusted, in chips (positive: ran above equity)", NUMBER)
    actual_bb: float = doc("actual net in big blinds", NUMBER)
    adjusted_bb: float = doc("all-in adjusted net in big blinds", NUMBER)
    difference_bb: float = doc("actual minus adjusted, in big blinds", NUMBER)


@dataclass(frozen=True, kw_only=True)
class HandError(Result):
    """A hand that could not be read or replayed."""

    source: str = doc("the file")
    index: int = doc("the hand's index in the file, 1 up (0: the whole file)", COUNT)
    message: str = doc("what was wrong")


@dataclass(frozen=True, kw_only=True)
class HistoryResult(Result):
    """All-in adjusted and actual winnings over hand histories."""

    players: tuple[PlayerTotal, ...] = doc(
        "one row per player, by name; CSV: one row per player", table=True
    )
    hands_read: int = doc("hands read, bad ones included", COUNT)
    hands_used: int = doc("hands counted (adjusted or at their actual net)", COUNT)
    allin_hands: int = doc("hands all-in adjusted", COUNT)
    skipped: dict[str, int] = doc(
        'hands counted at their actual net, or not at all ("error"), by reason', csv=False
    )
    rake: float = doc("rake over the hands counted", NUMBER, csv=False)
    spots: int = doc(
        "distinct all-in spots (game, cards, board and dead cards) among the hands",
        COUNT,
        csv=False,
    )
    errors: tuple[HandError, ...] = doc("the hands that could not be read", csv=False)
    hands: tuple[HandRecord, ...] = doc(
        "the all-in hands (with --hands, every hand asked for)", csv=False
    )
    interrupted: bool = doc("a signal stopped the run: the totals hold the hands done", csv=False)


# ----------------------------------------------------------------------------- equities


class EquityCache:
    """Equities of all-in spots, each distinct spot computed once.

    A spot is a game, the players' cards, the board and the dead cards; the players
    are sorted before the engine sees them, so the same matchup in another seat
    order is found too.
    """

    #: Monte Carlo deals for a spot too large to enumerate: a standard error near 0.0005.
    TRIALS = 1_000_000

    def __init__(self, method: str = "auto", seed: int = 1) -> None:
        self.method = method
        self.seed = seed
        self.spots: dict[tuple[Any, ...], tuple[tuple[Fraction, ...], str]] = {}
        self.allin: set[tuple[Any, ...]] = set()

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
        shares, method = found
        out = [Fraction(0)] * len(cards)
        for position, i in enumerate(order):
            out[i] = shares[position]
        return tuple(out), method


# ----------------------------------------------------------------------------- reading

_SECTION = re.compile(r"^\[\s*(\d+)\s*\]\s*$", re.MULTILINE)


def iter_sources(paths: Iterable[str]) -> Iterator[str]:
    """The files named, directories walked recursively for ``.phh``, ``.phhs`` (and the
    sites' ``.txt`` and ``.xml`` exports) files in name order; ``-`` is standard input."""
    for path in paths:
        if path != "-" and os.path.isdir(path):
            for folder, subfolders, files in os.walk(path):
                subfolders.sort()
                for name in sorted(files):
                    if name.endswith((".phh", ".phhs", ".txt", ".xml")):
                        yield os.path.join(folder, name)
        else:
            yield path


def _split_text(text: str) -> list[tuple[int, str]]:
    """A PHHS text's hands as ``(index, text)``; a PHH text is one hand, index 1."""
    marks = list(_SECTION.finditer(text))
    if not marks:
        return [(1, text)]
    out = []
    for k, mark in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(text)
        out.append((int(mark.group(1)), text[mark.end() : end]))
    return out


def read_hands(text: str) -> Iterator[tuple[int, HandHistory | Exception]]:
    """Each hand of a PHH or PHHS text, parsed by pokerkit, or the error that refused it."""
    return _parse_parts(_split_text(text))


class _Hand:
    """The fields of a hand that its replay from the actions reads, from a quick reading of
    its text; pokerkit reads the text only if its full replay is needed."""

    variant: Any = None
    starting_stacks: Any = None
    antes: Any = None
    blinds_or_straddles: Any = None
    bring_in: Any = None
    small_bet: Any = None
    big_bet: Any = None
    actions: Any = None
    players: Any = None
    hand: Any = None
    winnings: Any = None
    finishing_stacks: Any = None

    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def state_actions(self) -> Any:
        """pokerkit's replay of the hand (its states and actions)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return require_pokerkit().HandHistory.loads(self.text).state_actions


#: The fields :class:`_Hand` reads, and how: a string, a number, a list of either.
_FIELDS = {
    "variant": "str", "starting_stacks": "nums", "antes": "nums",
    "blinds_or_straddles": "nums", "bring_in": "num", "small_bet": "num", "big_bet": "num",
    "actions": "strs", "players": "strs", "hand": "any", "winnings": "nums",
    "finishing_stacks": "nums",
}  # fmt: skip
_LINE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)$")
_NUMBER = re.compile(r"^-?[0-9]+(\.[0-9]+)?$")
_STRING = re.compile(r"""^(?:'([^'\n]*)'|"([^"\\\n]*)")$""")
_ITEM = re.compile(r"""\s*('[^'\n]*'|"[^"\\\n]*"|[^,'"\s]+)\s*(?:,|$)""")
_TRIPLE = ("'" * 3, '"' * 3)


def _quick_value(text: str, kind: str) -> Any:
    """A field's value as :class:`_Hand` reads it; ValueError for anything else."""
    if kind in ("nums", "strs"):
        if not (text.startswith("[") and text.endswith("]")):
            raise ValueError(text)
        inner = text[1:-1].strip()
        items: list[Any] = []
        pos = 0
        while pos < len(inner):
            m = _ITEM.match(inner, pos)
            if m is None or m.end() == pos:
                raise ValueError(text)
            items.append(_quick_value(m.group(1), "str" if kind == "strs" else "num"))
            pos = m.end()
        return items
    if kind == "str":
        m = _STRING.match(text)
        if m is None:
            raise ValueError(text)
        return m.group(1) if m.group(1) is not None else m.group(2)
    if kind == "num":
        if not _NUMBER.match(text):
            raise ValueError(text)
        return Decimal(text) if "." in text else int(text)
    return _quick_value(text, "num" if _NUMBER.match(text) else "str")


def _quick_hand(text: str) -> _Hand | None:
    """A hand written one field a line, read without TOML's full grammar; None for anything
    else (a value over several lines, an escape, a comment after a value), which pokerkit
    then reads."""
    hand = _Hand(text)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        m = _LINE.match(stripped)
        if m is None:
            return None
        key, value = m.group(1), m.group(2)
        kind = _FIELDS.get(key)
        if kind is None:
            # A field not read: it must end on its line (a list closed, a string closed).
            if value.startswith("[") and not value.endswith("]"):
                return None
            if value[:3] in _TRIPLE and (len(value) < 6 or value[-3:] != value[:3]):
                return None
            continue
        try:
            setattr(hand, key, _quick_value(value, kind))
        except ValueError:
            return None
    if hand.variant is None or hand.starting_stacks is None or hand.actions is None:
        return None
    return hand


#: The formats read, with the pokerkit parser of each online site's text export.
FORMATS = {
    "phh": None,
    "pokerstars": "PokerStarsParser",
    "fulltilt": "FullTiltPokerParser",
    "ipoker": "IPokerNetworkParser",
    "ongame": "OngameNetworkParser",
    "partypoker": "PartyPokerParser",
    "absolute": "AbsolutePokerParser",
}
#: How each format's text begins a hand (a line's start), in the order they are tried.
_SIGNATURES = (
    ("phh", re.compile(r"^\s*(\[\s*\d+\s*\]|variant\s*=)", re.MULTILINE)),
    ("pokerstars", re.compile(r"^PokerStars ", re.MULTILINE)),
    ("fulltilt", re.compile(r"^Full Tilt Poker Game #", re.MULTILINE)),
    ("ipoker", re.compile(r'^<game gamecode="', re.MULTILINE)),
    ("ongame", re.compile(r"^\*\*\*\*\* History for hand ", re.MULTILINE)),
    ("partypoker", re.compile(r"^Game #", re.MULTILINE)),
    ("absolute", re.compile(r"^Stage #", re.MULTILINE)),
)


def detect_format(text: str) -> str | None:
    """The format of a hand history text (a key of :data:`FORMATS`), or None.

    >>> detect_format("[1]\\nvariant = 'NT'\\n"), detect_format("PokerStars Hand #1: ...")
    ('phh', 'pokerstars')
    """
    for name, pattern in _SIGNATURES:
        if pattern.search(text, 0, 1 << 16):
            return name
    return None


def split_hands(text: str, fmt: str) -> list[tuple[int, str]]:
    """A text's hands in ``fmt`` as ``(index, text)``, 1 up."""
    parser = FORMATS.get(fmt)
    if parser is None:
        return _split_text(text)
    pattern = getattr(require_pokerkit().notation, parser).HAND
    return [(k + 1, h) for k, h in enumerate(pattern.findall(text + "\n\n\n"))]


def _parse_parts(
    parts: Iterable[tuple[int, str]], fmt: str = "phh"
) -> Iterator[tuple[int, HandHistory | Exception]]:
    """Each hand's text, with its index, read quickly or parsed by pokerkit, or the error that
    refused it."""
    pokerkit = require_pokerkit()
    parser = FORMATS.get(fmt)
    site = None if parser is None else getattr(pokerkit.notation, parser)()
    for index, chunk in parts:
        if site is not None:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    yield index, site._parse(chunk, pokerkit.notation.parse_value)
            except Exception as e:
                yield index, e
            continue
        quick = _quick_hand(chunk)
        if quick is not None:
            yield index, quick  # type: ignore[misc]
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                yield index, pokerkit.HandHistory.loads(chunk)
        except Exception as e:  # (pokerkit and tomllib raise many kinds)
            yield index, e


def decode(data: bytes) -> str:
    """A file's bytes as text: UTF-8 (a byte-order mark skipped), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# ----------------------------------------------------------------------------- one hand


#: A player showing cards: ``p2 sm KsKd``.
_SHOW = re.compile(r"^p(\d+) sm (\S+)")


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
    blinds = [_amount(b) for b in (hh.blinds_or_straddles or ())]
    if blinds and max(blinds) > 0:
        return max(blinds)
    for value in (hh.small_bet, hh.bring_in, hh.big_bet):
        if value:
            return _amount(value)
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
    if game in _STUD_GAMES:
        return 3 <= count < 7
    if game in _DRAW_GAMES:
        return count == hole
    return count == hole and len(_flat(state.board_cards)) < 5


@dataclass
class _Replay:
    """What a replay of one hand learns: chips put in, the spot, the cards, the payout."""

    put: list[Decimal]  #: what each player put in, antes included, before returns
    antes: list[Decimal]  #: the antes among them (never an uncalled bet)
    known: list[list[Any]]  #: each player's cards in the order dealt, as best known
    up: list[list[Any]]  #: stud: each player's up cards
    spot: dict[str, Any] | None = None  #: live players, card counts, board and put at the spot
    received: list[Any] | None = None  #: what the pots paid (Decimal or Fraction), if known
    folded: list[bool] = field(default_factory=list)  #: who folded by the end
    board: list[Any] = field(default_factory=list)  #: the board at the end
    payoffs: list[Any] = field(default_factory=list)  #: pokerkit's net per player (full replay)


def _showdown(replay: _Replay, game: str, cache: EquityCache) -> list[Fraction] | None:
    """What the pots paid at the showdown, judged by pokercalc from the cards shown (a player
    who showed none mucked); None when the cards do not decide it."""
    from pokercalc.core.games import get_game

    g = get_game(game)
    n = len(replay.put)
    size = 7 if game in _STUD_GAMES else g.hole_cards
    cards = [
        _card_text(replay.known[i]) if len(replay.known[i]) == size else None for i in range(n)
    ]
    showed = [not replay.folded[i] and cards[i] is not None for i in range(n)]
    if not any(showed) or (g.board_cards and len(replay.board) != g.board_cards):
        return None
    board = _card_text(replay.board)
    if board is None:
        return None
    pots = build_pots(replay.put, showed, replay.antes)
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
    starting = [_amount(s) for s in hh.starting_stacks]
    replay = None if full else _light_replay(hh, game, starting)
    if replay is not None and replay.received is None:
        replay.received = _showdown(replay, game, cache)
    if replay is not None and replay.received is None:
        # Only pokerkit's showdown can say (unknown cards shown): its payoffs, our chips.
        payoffs = _full_replay(hh, game, starting).payoffs
        paid_in = build_pots(replay.put, [True] * n, replay.antes).put_in(replay.put)
        replay.received = [Fraction(p) + Fraction(paid_in[i]) for i, p in enumerate(payoffs)]
    if replay is None:
        replay = _full_replay(hh, game, starting)
    spot = replay.spot
    put = spot["put"] if spot is not None else replay.put
    live = spot["live"] if spot is not None else [True] * n
    pots = build_pots(put, live, replay.antes)
    paid_in = pots.put_in(put)
    assert replay.received is not None
    received = [Fraction(r) for r in replay.received]
    actual = [received[i] - Fraction(paid_in[i]) for i in range(n)]
    rake = Fraction(sum(paid_in, _ZERO)) - sum(received, Fraction(0))
    status = "no all-in"
    cards_out = [""] * n
    board = ""
    dead = ""
    shares: list[PotShare] = []
    adjusted = list(actual)
    if spot is not None:
        if game in _DRAW_GAMES:
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
        big_blind=_chips(_big_blind(hh)),
        put_in=tuple(_chips(p) for p in paid_in),
        actual=tuple(_chips(a) for a in actual),
        adjusted=tuple(_chips(a) for a in adjusted),
        rake=_chips(rake),
    )


def _per_player(value: Any, n: int) -> list[Decimal]:
    """A PHH field given per player (a list) or for all (a number), as n amounts."""
    if value is None:
        return [_ZERO] * n
    if isinstance(value, (int, float, Decimal, Fraction)):
        return [_amount(value)] * n
    out = [_amount(v) for v in value]
    return out + [_ZERO] * (n - len(out))


def _received(hh: HandHistory, starting: list[Decimal], put: list[Decimal],
              antes: list[Decimal], folded: list[bool]) -> list[Any] | None:  # fmt: skip
    """What the pots paid each player, from the file's ``winnings`` or ``finishing_stacks``,
    or to the one player left when the others folded; None when only a showdown can say."""
    n = len(starting)
    if hh.winnings is not None:
        return _per_player(hh.winnings, n)
    paid_in = build_pots(put, [not f for f in folded], antes).put_in(put)
    final = getattr(hh, "finishing_stacks", None)
    if final is not None:
        return [_amount(f) - starting[i] + paid_in[i] for i, f in enumerate(final)]
    left = [i for i in range(n) if not folded[i]]
    if len(left) == 1:
        total = sum(paid_in, _ZERO)
        return [total if i == left[0] else _ZERO for i in range(n)]
    return None


#: A PHH action: its actor (``d`` or ``p3``), its verb and the rest.
_ACTION = re.compile(r"^\s*(d|p(\d+))\s+(\w+)\s*(.*?)\s*(?:#.*)?$")
#: Stud: which of a player's seven cards are dealt face up.
_STUD_UP = (False, False, True, True, True, True, False)


def _light_replay(hh: HandHistory, game: str, starting: list[Decimal]) -> _Replay | None:
    """The hand replayed from its actions by the betting rules alone (no hand is evaluated);
    None for an action it does not know."""
    n = len(starting)
    stacks = list(starting)
    antes = [min(a, s) for a, s in zip(_per_player(hh.antes, n), stacks, strict=True)]
    stacks = [s - a for s, a in zip(stacks, antes, strict=True)]
    street = [min(b, s) for b, s in zip(_per_player(hh.blinds_or_straddles, n), stacks,
                                        strict=True)]  # fmt: skip
    stacks = [s - b for s, b in zip(stacks, street, strict=True)]
    folded = [False] * n
    known: list[list[Any]] = [[] for _ in range(n)]
    shown: dict[int, list[Any]] = {}
    board: list[Any] = []
    acted = False  # a player acted in this street: the next dealing closes it
    drawn = [0] * n  # draws each player has made
    total_draws = _DRAWS.get(str(hh.variant), 0)
    discards: list[str] = []
    replay = _Replay(put=[], antes=antes, known=known, up=[[] for _ in range(n)])
    for text in hh.actions:
        m = _ACTION.match(text)
        if m is None:
            return None
        verb, rest = m.group(3), m.group(4)
        i = int(m.group(2)) - 1 if m.group(2) else -1
        if i >= n:
            return None
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
                    target = street[i] + _amount(hh.bring_in or 0)
                else:
                    target = _amount(_parse_amount(rest))
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
    for i, cards in shown.items():
        known[i] = cards
    replay.put = [starting[k] - stacks[k] for k in range(n)]
    replay.folded = folded
    replay.board = board
    if replay.spot is not None:
        replay.spot["discards"] = discards
    if game in _STUD_GAMES:
        for i in range(n):
            replay.up[i] = [c for c, u in zip(known[i], _STUD_UP, strict=False) if u]
    replay.received = _received(hh, starting, replay.put, antes, folded)
    return replay


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
    if game in _STUD_GAMES:
        if len(counts) != 1 or not 3 <= next(iter(counts)) < 7:
            return None
    elif game in _DRAW_GAMES:
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


def _full_replay(hh: HandHistory, game: str, starting: list[Decimal]) -> _Replay:
    """The hand replayed by pokerkit's state, showdown included."""
    from pokercalc.core.games import get_game

    n = len(starting)
    hole = get_game(game).hole_cards
    known: list[list[Any]] = [[] for _ in range(n)]
    up: list[list[Any]] = [[] for _ in range(n)]
    lowest = list(starting)
    spot: dict[str, Any] | None = None
    state: Any = None
    antes = [min(a, s) for a, s in zip(_per_player(hh.antes, n), starting, strict=True)]
    for state, action in hh.state_actions:
        shown = _SHOW.match(action) if action else None
        if shown is not None and "?" not in shown.group(2):
            known[int(shown.group(1)) - 1] = list(_parse_cards(shown.group(2)))
        if state.status:
            for i in range(n):
                if state.stacks[i] < lowest[i]:
                    lowest[i] = _amount(state.stacks[i])
        for i in range(n):
            cards = state.hole_cards[i]
            if cards and shown is None:
                known[i] = [
                    c if "?" not in repr(c) or k >= len(known[i]) else known[i][k]
                    for k, c in enumerate(cards)
                ]
                if game in _STUD_GAMES:
                    up[i] = [
                        c for c, s in zip(cards, state.hole_card_statuses[i], strict=False) if s
                    ]
        if spot is None and _spot(state, game, hole):
            spot = {
                "live": list(state.statuses),
                "counts": [len(c) for c in state.hole_cards],
                "board": list(_flat(state.board_cards)),
                "put": [starting[i] - _amount(state.stacks[i]) for i in range(n)],
            }
    assert state is not None
    put = [starting[i] - lowest[i] for i in range(n)]
    folded = [not s for s in state.statuses]
    received = _received(hh, starting, put, antes, [False] * n)
    if received is None:
        paid_in = build_pots(put, [True] * n, antes).put_in(put)
        received = [_amount(p) + paid_in[i] for i, p in enumerate(state.payoffs)]
    return _Replay(put=put, antes=antes, known=known, up=up, spot=spot, received=received,
                   folded=folded, payoffs=list(state.payoffs))  # fmt: skip


def _cards_at_spot(
    spot: dict[str, Any], known: list[list[Any]], up: list[list[Any]], game: str
) -> tuple[str, list[str], str, str]:
    """The status, each live player's cards, the board and the dead cards at the spot."""
    n = len(known)
    cards = [""] * n
    status = "all-in"
    for i in range(n):
        if not spot["live"][i]:
            continue
        count = spot["counts"][i]
        text = _card_text(known[i][:count]) if len(known[i]) >= count else None
        if text is None:
            status = "cards unknown"
        else:
            cards[i] = text
    board = _card_text(spot["board"]) or ""
    dead = ""
    if game in _STUD_GAMES:
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
                amount=_chips(pot.amount),
                players=tuple(names[i] for i in pot.eligible),
                equities=tuple(float(e) for e in equities),
                method=method,
            )
        )
    return adjusted, shares


# ----------------------------------------------------------------------------- many hands


def analyse_text(text: str, source: str, cache: EquityCache) -> Iterator[HandRecord | HandError]:
    """Every hand of one PHH or PHHS text: its record, or the error that stopped it."""
    return _analyse_parts(_split_text(text), source, cache)


def _analyse_parts(
    parts: Iterable[tuple[int, str]], source: str, cache: EquityCache, fmt: str = "phh"
) -> Iterator[HandRecord | HandError]:
    """Every hand of these texts of one file: its record, or the error that stopped it."""
    for index, hh in _parse_parts(parts, fmt):
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


@dataclass
class _Totals:
    """Running totals of one player."""

    hands: int = 0
    allin: int = 0
    actual: float = 0.0
    adjusted: float = 0.0
    actual_bb: float = 0.0
    adjusted_bb: float = 0.0


@dataclass
class _Summary:
    """Running totals of a run."""

    players: dict[str, _Totals] = field(default_factory=dict)
    read: int = 0
    used: int = 0
    allin: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    rake: float = 0.0
    spots: set[tuple[Any, ...]] = field(default_factory=set)

    def add(self, item: HandRecord | HandError) -> None:
        self.read += 1
        if isinstance(item, HandError):
            self.skipped["error"] = self.skipped.get("error", 0) + 1
            return
        self.used += 1
        self.rake += item.rake
        if item.status == "all-in":
            self.allin += 1
            cards = tuple(sorted(c for c in item.cards if c))
            self.spots.add((item.game, cards, item.board, item.dead))
        else:
            self.skipped[item.status] = self.skipped.get(item.status, 0) + 1
        bb = item.big_blind or 1.0
        for i, name in enumerate(item.players):
            t = self.players.setdefault(name, _Totals())
            t.hands += 1
            t.allin += item.status == "all-in" and bool(item.cards[i])
            actual, adjusted = item.actual[i], item.adjusted[i]
            t.actual += actual
            t.adjusted += adjusted
            t.actual_bb += actual / bb
            t.adjusted_bb += adjusted / bb


def summarise(
    items: Iterable[HandRecord | HandError],
    *,
    spots: int = 0,
    keep: Callable[[HandRecord], bool] | None = None,
    interrupted: bool = False,
) -> HistoryResult:
    """The totals of hand records and errors; ``keep`` chooses the hands listed."""
    summary = _Summary()
    errors: list[HandError] = []
    hands: list[HandRecord] = []
    for item in items:
        summary.add(item)
        if isinstance(item, HandError):
            errors.append(item)
        elif keep is not None and keep(item):
            hands.append(item)
    return _result(summary, errors, hands, spots, interrupted)


def _result(
    summary: _Summary,
    errors: Sequence[HandError],
    hands: Sequence[HandRecord],
    spots: int,
    interrupted: bool,
) -> HistoryResult:
    rows = []
    for name in sorted(summary.players):
        t = summary.players[name]
        rows.append(
            PlayerTotal(
                player=name,
                hands=t.hands,
                allin_hands=t.allin,
                actual=_chips(t.actual),
                adjusted=_chips(t.adjusted),
                difference=_chips(t.actual - t.adjusted),
                actual_bb=_chips(t.actual_bb),
                adjusted_bb=_chips(t.adjusted_bb),
                difference_bb=_chips(t.actual_bb - t.adjusted_bb),
            )
        )
    return HistoryResult(
        players=tuple(rows),
        hands_read=summary.read,
        hands_used=summary.used,
        allin_hands=summary.allin,
        skipped=dict(sorted(summary.skipped.items())),
        rake=_chips(summary.rake),
        spots=spots,
        errors=tuple(errors),
        hands=tuple(hands),
        interrupted=interrupted,
    )


#: The columns of the CSV of all-in hands (one row per player in each).
HAND_COLUMNS = ("source", "index", "hand", "game", "player", "cards", "board", "dead",
                "pots", "put_in", "actual", "adjusted")  # fmt: skip


def hand_rows(result: HistoryResult) -> Iterator[dict[str, Any]]:
    """One row per player holding cards in each hand the result lists (``HAND_COLUMNS``);
    ``pots`` is the player's share of each pot as ``amount:equity`` joined by spaces."""
    for h in result.hands:
        for i, name in enumerate(h.players):
            if not h.cards[i]:
                continue
            pots = " ".join(
                f"{p.amount}:{p.equities[p.players.index(name)]:.6f}"
                for p in h.pots
                if name in p.players
            )
            yield {
                "source": h.source, "index": h.index, "hand": h.hand, "game": h.game,
                "player": name, "cards": h.cards[i], "board": h.board, "dead": h.dead,
                "pots": pots, "put_in": h.put_in[i], "actual": h.actual[i],
                "adjusted": h.adjusted[i],
            }  # fmt: skip


def _read_source(path: str, stdin: Any = None) -> str:
    """The text of a file, or of standard input for ``-``."""
    if path == "-":
        import sys

        stream = stdin if stdin is not None else sys.stdin
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        return data if isinstance(data, str) else decode(data)
    with open(path, "rb") as f:
        return decode(f.read())


#: Hands in one piece of work on an executor (``--jobs``, ``--cluster``).
PIECE_HANDS = 400

#: Each worker process's cache of equities, kept between the pieces it runs.
_WORKER_CACHES: dict[str, EquityCache] = {}


def analyse_piece(
    source: str, parts: list[tuple[int, str]], method: str = "auto", fmt: str = "phh"
) -> list[HandRecord | HandError]:
    """The records of some hands of one file, on a worker: its equities cached there."""
    cache = _WORKER_CACHES.setdefault(method, EquityCache(method))
    return list(_analyse_parts(parts, source, cache, fmt))


def _pieces(
    paths: Iterable[str], stdin: Any, fmt: str | None = None
) -> Iterator[tuple[str, list[tuple[int, str]], str] | HandError]:
    """Every file's hands in pieces of :data:`PIECE_HANDS`, in order, with their format
    (``fmt``, else detected); a file that cannot be read, or in no known format, is one
    error of index 0."""
    for path in iter_sources(paths):
        try:
            text = _read_source(path, stdin)
        except OSError as e:
            yield HandError(source=path, index=0, message=f"cannot read: {e.strerror or e}")
            continue
        form = fmt or detect_format(text)
        if form is None:
            message = "not a hand history in a known format (" + ", ".join(FORMATS) + ")"
            yield HandError(source=path, index=0, message=message)
            continue
        parts = split_hands(text, form)
        del text
        for k in range(0, len(parts), PIECE_HANDS):
            yield path, parts[k : k + PIECE_HANDS], form


def iter_records(
    paths: Iterable[str],
    cache: EquityCache,
    *,
    stdin: Any = None,
    executor: Any = None,
    fmt: str | None = None,
) -> Iterator[HandRecord | HandError]:
    """Every hand of every file named (directories recursively), in order; a file that
    cannot be read is one error of index 0.  With ``executor`` (a
    ``concurrent.futures.Executor``) pieces of hands run there, a few at a time, and
    come back in order: the same records as in this process."""
    require_pokerkit()
    if executor is None:
        for piece in _pieces(paths, stdin, fmt):
            if isinstance(piece, HandError):
                yield piece
            else:
                yield from _analyse_parts(piece[1], piece[0], cache, piece[2])
        return
    from collections import deque

    from pokercalc.pipelines.executors import worker_count

    window: deque[Any] = deque()
    ahead = 2 * worker_count(executor) + 1
    try:
        for piece in _pieces(paths, stdin, fmt):
            if isinstance(piece, HandError):
                window.append(piece)
            else:
                window.append(
                    executor.submit(analyse_piece, piece[0], piece[1], cache.method, piece[2])
                )
            while len(window) > ahead:
                yield from _done(window.popleft())
        while window:
            yield from _done(window.popleft())
    finally:
        for future in window:
            if not isinstance(future, HandError):
                future.cancel()


def _done(item: Any) -> list[HandRecord | HandError]:
    """A piece's records (waiting for them), or the error standing in its place."""
    if isinstance(item, HandError):
        return [item]
    records: list[HandRecord | HandError] = item.result()
    return records


def run_history(
    paths: Iterable[str] | str,
    *,
    player: str | None = None,
    hands: bool = False,
    method: str = "auto",
    on_hand: Callable[[HandRecord | HandError], None] | None = None,
    stdin: Any = None,
    executor: Any = None,
    fmt: str | None = None,
) -> HistoryResult:
    """Actual and all-in adjusted winnings per player over the hand histories at ``paths``.

    ``player`` keeps that player's rows (and hands) only; ``hands`` lists every
    all-in hand in the result.  ``on_hand`` is called with each hand's record or
    error as it is done.  ``fmt`` (a key of :data:`FORMATS`) is the files' format,
    else each file's is detected.  With ``executor`` the hands run there in pieces,
    with the same result.  A signal stops the run with the hands done so far, marked
    ``interrupted``.
    """
    if isinstance(paths, str):
        paths = [paths]
    cache = EquityCache(method)

    def keep(record: HandRecord) -> bool:
        if not hands or record.status != "all-in":
            return False
        return player is None or player in record.players

    summary = _Summary()
    errors: list[HandError] = []
    listed: list[HandRecord] = []
    interrupted = False
    try:
        for item in iter_records(paths, cache, stdin=stdin, executor=executor, fmt=fmt):
            summary.add(item)
            if isinstance(item, HandError):
                errors.append(item)
            elif keep(item):
                listed.append(item)
            if on_hand is not None:
                on_hand(item)
    except KeyboardInterrupt:
        interrupted = True
    result = _result(summary, errors, listed, len(summary.spots), interrupted)
    if player is not None:
        from dataclasses import replace

        result = replace(result, players=tuple(p for p in result.players if p.player == player))
    return result
