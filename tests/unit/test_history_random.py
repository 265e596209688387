"""pokercalc.pipelines.history: random hands played by pokerkit, replayed three ways.

pokerkit plays no-limit hold'em hands of random stacks (some shorter than the blinds
or the antes), antes (none, equal with and without trimming, a big blind ante) and
actions (folds, calls, bets, shoves) among 2 to 6 players; each hand's PHH text is
then valued by the replay from its actions and by pokerkit's full replay, which must
agree on the all-in spot, what each player put in, the pots and both nets, and pay
what pokerkit paid.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from pokercalc.pipelines import history

pytest.importorskip("pokerkit")


def play(rng: random.Random) -> tuple[str, tuple[float, ...]]:
    """A random hand's PHH text and pokerkit's payoffs."""
    from pokerkit import Automation, HandHistory, NoLimitTexasHoldem

    n = rng.choice([2, 2, 3, 3, 4, 6])
    trimmed = rng.random() < 0.5
    kind = rng.random()
    antes = [0] * n
    if 0.3 < kind < 0.6:
        antes = [rng.choice([1, 2])] * n
    elif kind >= 0.6:
        antes[1 if n > 2 else 0] = 2  # a big blind ante (the big blind is p1 heads-up)
        trimmed = False  # (pokerkit would hand it back: see replay._trimmed)
    stacks = [rng.choice([1, 2, 3, 4, 5, 8, 15, 40, 100]) for _ in range(n)]
    automations = tuple(a for a in Automation if a.name not in ("HOLE_CARDS_SHOWING_OR_MUCKING",))
    game = NoLimitTexasHoldem(automations, trimmed, tuple(antes), (1, 2) + (0,) * (n - 2), 2)
    state: Any = game(tuple(stacks), n)
    while state.status:
        if state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)
            continue
        if state.actor_index is None:
            break
        r = rng.random()
        if state.can_fold() and r < 0.2:
            state.fold()
        elif state.can_complete_bet_or_raise_to() and r < 0.55:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(high if rng.random() < 0.5 else rng.randint(low, high))
        else:
            state.check_or_call()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = HandHistory.from_game_state(game, state).dumps()
    # (pokerkit writes every hand's ante trimming status as false)
    text = text.replace("ante_trimming_status = false", f"ante_trimming_status = {trimmed}".lower())
    return text, tuple(float(p) for p in state.payoffs)


def check(count: int, seed: int) -> dict[str, int]:
    from pokerkit import HandHistory

    rng = random.Random(seed)
    cache = history.EquityCache()
    seen: dict[str, int] = {}
    for _ in range(count):
        text, payoffs = play(rng)
        light = history.analyse_hand(next(h for _, h in history.read_hands(text)), cache)  # type: ignore[arg-type]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            full = history.analyse_hand(HandHistory.loads(text), cache, full=True)
        assert light.actual == pytest.approx(payoffs, abs=1e-9), text
        assert (light.status, light.put_in, light.pots, light.actual, light.adjusted) == (
            full.status, full.put_in, full.pots, full.actual, full.adjusted
        ), text  # fmt: skip
        assert sum(light.adjusted) == pytest.approx(0, abs=1e-5), text  # (each to 1e-6)
        seen[light.status] = seen.get(light.status, 0) + 1
    return seen


def test_random_hands_agree_three_ways() -> None:
    seen = check(60, seed=1)
    assert seen["all-in"] > 20 and seen["no all-in"] > 3


@pytest.mark.slow
def test_many_random_hands_agree_three_ways() -> None:
    seen = check(900, seed=2)
    assert seen["all-in"] > 600
