"""A slow, separately written classifier of made hands and draws: the oracle of test_hits.py.

It shares no code with ``pokercalc.analysis.hits`` or ``draws``: made hands
come from ``reference.hand_rank`` (or ``reference_games.short_rank``) and the
rules of docs/hits.md written out case by case; draws are found by dealing
every unseen card (the evaluator passed in values the dealt hands, the compiled
one by default, for speed: it is held to ``reference`` by tests/reference/test_evaluator.py).

Cards are indices ``4 * rank + suit``; ``classify`` returns the made-hand class
name and the set of draw names of one hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from reference import hand_rank
from reference_games import SHORT_ORDER, TRITON_ORDER, short_rank

STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8
NAMES = {8: "straight flush", 7: "quads", 6: "full house", 5: "flush", 4: "straight"}


class Game:
    """What the oracle needs of a game: its lowest rank, category order and evaluators."""

    def __init__(self, name: str, value: Callable[[Sequence[int]], int]) -> None:
        self.name = name
        self.low = 0 if name == "holdem" else 4
        self.order = {
            "holdem": tuple(range(9)),
            "shortdeck": SHORT_ORDER,
            "shortdeck-triton": TRITON_ORDER,
        }[name]
        #: a comparable value of 5 to 7 cards (fast; for the dealt hands)
        self.value = value
        self.deck = [c for c in range(52) if c >> 2 >= self.low]

    def slow_category(self, cards: Sequence[int]) -> int:
        """The standard category (0..8) of the best hand, by the pure-Python oracle."""
        if self.name == "holdem":
            return hand_rank(cards)[0]
        return self.order[short_rank(cards, self.name == "shortdeck-triton")[0]]

    def category(self, value: int) -> int:
        """The standard category of a fast value."""
        return self.order[value >> 12]

    def strength(self, category: int) -> int:
        return self.order.index(category)


def _made(hole: Sequence[int], board: Sequence[int], game: Game) -> str:
    category = game.slow_category([*hole, *board])
    if category >= STRAIGHT:
        return NAMES[category]
    on_board = Counter(c >> 2 for c in board)
    board_ranks = sorted(on_board, reverse=True)
    high, low = max(hole[0] >> 2, hole[1] >> 2), min(hole[0] >> 2, hole[1] >> 2)
    if high == low:
        if on_board[high] == 1:
            return "set"
        if high > board_ranks[0]:
            return "overpair"
        if high < board_ranks[-1]:
            return "underpair"
        return "pocket pair below top pair"
    if on_board[high] >= 2 or on_board[low] >= 2:
        return "trips"
    if on_board[high] == 1 and on_board[low] == 1:
        if high == board_ranks[0] and low == board_ranks[1]:
            return "top two pair"
        if high == board_ranks[0]:
            return "top and bottom two pair"
        return "bottom two pair"
    for paired, kicker in ((high, low), (low, high)):
        if on_board[paired] == 1:
            if paired == board_ranks[-1] and paired != board_ranks[0]:
                return "bottom pair"
            if paired != board_ranks[0]:
                return "middle pair"
            free = [r for r in range(12, game.low - 1, -1) if r not in on_board]
            if kicker == free[0]:
                return "top pair top kicker"
            if kicker in free[1:3]:
                return "top pair good kicker"
            return "top pair weak kicker"
    return "ace high" if high == 12 else "nothing"


@lru_cache(maxsize=1 << 16)
def _straight_top(ranks: frozenset[int], low: int) -> int:
    """The top rank of the best straight in a set of ranks (the wheel's top is low + 3), or -1."""
    for top in range(12, low + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    if 12 in ranks and all(r in ranks for r in range(low, low + 4)):
        return low + 3
    return -1


def _draws(hole: Sequence[int], board: Sequence[int], dead: Sequence[int], game: Game) -> set[str]:
    if len(board) == 5:
        return set()
    cards = [*hole, *board]
    unseen = [c for c in game.deck if c not in cards and c not in dead]
    now = game.category(game.value(cards))
    out: set[str] = set()
    # Flush draw: a card making a flush that the board (with it) does not make alone.
    flush_suits = {
        c & 3
        for c in unseen
        if now not in (FLUSH, STRAIGHT_FLUSH)
        and game.category(game.value([*cards, c])) in (FLUSH, STRAIGHT_FLUSH)
        and sum(1 for b in [*board, c] if b & 3 == c & 3) < 5
    }
    if flush_suits:
        out.add("flush draw")
        (suit,) = flush_suits
        best = max(c for c in range(52) if c & 3 == suit and c not in board and c not in dead)
        if best in hole:
            out.add("nut flush draw")
    # Straight outs: a card giving a straight (or straight flush) that beats the board with it.
    completing = set()
    if game.strength(now) < game.strength(STRAIGHT):
        for c in unseen:
            after = game.value([*cards, c])
            if game.category(after) not in (STRAIGHT, STRAIGHT_FLUSH):
                continue
            if len(board) == 4 and after <= game.value([*board, c]):
                continue
            completing.add(c >> 2)
    held = {c >> 2 for c in cards}
    ladder = [12, *range(game.low, 13)]
    open_ended = any(
        all(r in held for r in ladder[i : i + 4])
        and ladder[i - 1] in completing
        and ladder[i + 4] in completing
        for i in range(1, len(ladder) - 4)
    )
    if open_ended:
        out.add("open-ended straight draw")
    elif len(completing) >= 2:
        out.add("double gutshot")
    elif completing:
        out.add("gutshot")
    for draw in ("open-ended", "double gutshot", "gutshot"):
        name = "open-ended straight draw" if draw == "open-ended" else draw
        if "flush draw" in out and name in out:
            out.add(f"combo draw ({draw})")
    if len(board) == 3:
        # Backdoor flush: three of a suit with a hole card, two more of it unseen.
        if game.strength(now) < game.strength(FLUSH):
            for suit in range(4):
                mine = sum(1 for c in cards if c & 3 == suit)
                left = sum(1 for c in unseen if c & 3 == suit)
                if mine == 3 and any(c & 3 == suit for c in hole) and left >= 2:
                    out.add("backdoor flush draw")
        # Backdoor straight: two new ranks give a straight better than the board's with them.
        if not completing and game.strength(now) < game.strength(STRAIGHT):
            live = sorted({c >> 2 for c in unseen} - held)
            board_ranks = {c >> 2 for c in board}
            for i, x in enumerate(live):
                for y in live[i + 1 :]:
                    mine = _straight_top(frozenset(held | {x, y}), game.low)
                    theirs = _straight_top(frozenset(board_ranks | {x, y}), game.low)
                    if mine >= 0 and mine > theirs:
                        out.add("backdoor straight draw")
    return out


def classify(
    hole: Sequence[int], board: Sequence[int], dead: Sequence[int], game: Game
) -> tuple[str, set[str]]:
    """The made-hand class and the draws of ``hole`` on ``board`` (indices or Card objects)."""
    hole, board, dead = ([int(c) for c in x] for x in (hole, board, dead))
    return _made(hole, board, game), _draws(hole, board, dead, game)
