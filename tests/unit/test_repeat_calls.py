"""A problem asked again reuses its set-up (kernel, work items, tallies, parsed board): the
answers must be those of a fresh run, whatever ran in between and however many threads ask."""

from __future__ import annotations

import dataclasses
import threading
from fractions import Fraction

import pytest
from reference import reference_equity

import pokercalc.engine.plan as eq
from pokercalc.analysis.equities import EquityResult, PlayerResult, equity, equity_run
from pokercalc.core.cards import Card, parse_cards
from pokercalc.core.validate import check_board_and_dead
from pokercalc.engine import problem
from pokercalc.errors import CardConflictError, ParseError
from pokercalc.ranges.notation import parse_range

SPOTS = [
    ("AhKh | QQ+,AKs,AKo", "Qh7h2c"),  # heads-up flop, one suit symmetry
    ("JcJh | 99+,AJs+ | 22", "4dAc5d7s"),  # three players on the turn
    ("AsKd | QQ:0.5,JJ", "2c7h9dTs"),  # weighted
]


def _counts(r: EquityResult) -> list[tuple[object, ...]]:
    return [(p.combos, p.wins, p.ties, p.equity, p.equity_fraction) for p in r.players]


def _fresh(players: str, board: str, **kw: object) -> EquityResult:
    """The spot with nothing kept from earlier calls."""
    problem.FOUND.clear()
    return equity(players, board, method="exact", **kw)


@pytest.mark.parametrize("players,board", SPOTS)
def test_a_repeated_spot_answers_as_a_fresh_one(players: str, board: str) -> None:
    first = _fresh(players, board)
    again = [equity(players, board, method="exact") for _ in range(3)]
    # (kept kernels must not carry tallies or a stop flag over from the run before)
    assert all(_counts(r) == _counts(first) for r in again)
    assert all(r.showdowns == first.showdowns and r.outcomes == first.outcomes for r in again)


@pytest.mark.slow
def test_kept_set_up_matches_the_reference_between_other_spots() -> None:
    spots = [("AhKh | QQ+,AKs", "Qh7h2c"), SPOTS[1]]
    refs = [
        list(reference_equity([parse_range(t) for t in p.split(" | ")], parse_cards(b)).equity)
        for p, b in spots
    ]
    problem.FOUND.clear()
    for _ in range(3):
        for (players, board), ref in zip(spots, refs, strict=True):
            r = equity(players, board, method="exact")
            assert [p.equity_fraction for p in r.players] == ref


def test_a_kept_kernel_follows_the_settings_of_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three players with two cards to come: merging changes the showdowns, not the items.
    players, board = "AhKh | QQ | JsJd,TsTd", "Qh7h2c"
    merged = _fresh(players, board)
    equity(players, board, method="exact")  # a kernel is kept now
    with monkeypatch.context() as m:
        m.setattr(problem, "MERGE_SUITS", False)
        plain = equity(players, board, method="exact")
        assert _counts(plain) == _counts(merged)
        # Unmerged boards are played one by one: more showdowns, as a fresh unmerged run plays.
        assert plain.showdowns > merged.showdowns
        assert plain.showdowns == _fresh(players, board).showdowns
    assert equity(players, board, method="exact").showdowns == merged.showdowns
    # Heads-up on the flop, a range goes innermost from FLOP_INNERMOST_MIN hands: other items.
    players, board = SPOTS[0]
    merged = _fresh(players, board)
    equity(players, board, method="exact")
    monkeypatch.setattr(eq, "FLOP_INNERMOST_MIN", 1)
    inner = equity(players, board, method="exact")
    assert _counts(inner) == _counts(merged)
    assert inner.showdowns != merged.showdowns
    assert inner.showdowns == _fresh(players, board).showdowns


def test_threads_asking_the_same_spot_at_once_get_its_answer() -> None:
    players, board = SPOTS[1]
    want = _counts(_fresh(players, board))
    got: list[list[tuple[object, ...]]] = []
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            for _ in range(40):
                got.append(_counts(equity(players, board, method="exact", threads=1)))
        except BaseException as e:  # noqa: BLE001 - the test reports any failure
            errors.append(e)

    workers = [threading.Thread(target=ask) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors
    assert len(got) == 160 and all(g == want for g in got)
    found = next(f for f in problem.FOUND.values() if f.kernels)
    assert 1 <= len(found.kernels) <= 2  # kernels are lent out and come back, at most two kept


def test_a_breakdown_run_does_not_use_or_leave_a_kept_kernel() -> None:
    players, board = SPOTS[0]
    problem.FOUND.clear()
    equity(players, board, method="exact")
    kept = [list(f.kernels) for f in problem.FOUND.values()]
    result, prob = equity_run(players, board, method="exact", breakdown=1)
    assert prob.combo_tallies is not None
    assert [list(f.kernels) for f in problem.FOUND.values()] == kept
    assert _counts(result) == _counts(equity(players, board, method="exact"))


def test_a_bad_board_is_refused_every_time_it_is_given() -> None:
    for _ in range(3):
        with pytest.raises(ParseError):
            check_board_and_dead("AhKx", "")
        with pytest.raises(CardConflictError):
            check_board_and_dead("AhKd2c", "Kd")
    assert check_board_and_dead("AhKd2c", "") == (parse_cards("AhKd2c"), ())


@pytest.mark.parametrize("cls", [PlayerResult, EquityResult])
def test_of_fields_makes_what_the_constructor_makes(cls: type) -> None:
    r = equity(*SPOTS[0], method="exact")
    sample = r.players[0] if cls is PlayerResult else r
    values = {
        f.name: getattr(sample, f.name)
        for f in dataclasses.fields(sample)
        if f.default is dataclasses.MISSING
    }
    if cls is EquityResult:
        values["board"] = parse_cards("Qh7h2c")  # indices become Card objects, as __init__ does
    made, built = cls.of_fields(values), cls(**values)
    assert made == built and repr(made) == repr(built) and hash(made) == hash(built)
    assert made.to_dict() == built.to_dict()
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.threads = 3  # type: ignore[misc]  # (frozen like any result)
    missing = dict(values)
    missing.pop(next(iter(missing)))
    with pytest.raises(TypeError, match="missing"):
        cls.of_fields(missing)
    with pytest.raises(TypeError, match="unexpected"):
        cls.of_fields({**values, "colour": "blue"})


def test_of_fields_with_cards_ready_skips_only_the_card_conversion() -> None:
    r = equity(*SPOTS[0], method="exact")
    assert all(type(c) is Card for c in r.board)  # an exact result holds Card objects
    values = {f.name: getattr(r, f.name) for f in dataclasses.fields(r)}
    ready = EquityResult.of_fields(values, cards_ready=True)
    assert ready == EquityResult(**values) and ready.to_dict() == r.to_dict()
    # Given indices, only the default path converts them.
    raw = {**values, "board": parse_cards("Qh7h2c")}
    assert EquityResult.of_fields(raw).board == ("Qh", "7h", "2c")
    assert all(type(c) is Card for c in EquityResult.of_fields(raw).board)
    assert EquityResult.of_fields(raw, cards_ready=True).board == parse_cards("Qh7h2c")


def test_equity_fraction_and_float_agree() -> None:
    r = equity(*SPOTS[0], method="exact")
    for p in r.players:
        assert isinstance(p.equity_fraction, Fraction)
        assert p.equity == float(p.equity_fraction)
