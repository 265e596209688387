"""pokercalc.pipelines.history's shortcuts give what the general paths give."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction

import pytest

from pokercalc.analysis.equities import equity
from pokercalc.core.games import get_game
from pokercalc.pipelines.history import replay

pytest.importorskip("pokerkit")

_DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.parametrize("game", ["holdem", "shortdeck", "omaha"])
def test_a_showdown_judged_by_the_evaluator_is_the_engines(game: str) -> None:
    g = get_game(game)
    deck = [c for c in _DECK if game != "shortdeck" or c[0] in "6789TJQKA"]
    rng = random.Random(41)
    ties = 0
    for _ in range(150):
        n = rng.randint(2, 4)
        cards = rng.sample(deck, n * g.hole_cards + 5)
        if game != "omaha" and rng.random() < 0.3:  # (a board that plays: every hand ties)
            cards[-5:] = ["As", "Ks", "Qs", "Js", "Ts"]
            if len(set(cards)) != len(cards):
                continue
        hands = ["".join(cards[i * g.hole_cards : (i + 1) * g.hole_cards]) for i in range(n)]
        board = "".join(cards[-5:])
        judged = replay._judged(game, hands, board)
        want = equity(hands, board, game=game, method="exact")
        assert judged == (tuple(p.equity_fraction for p in want.players), want.method)
        ties += len(set(judged[0])) == 1
    assert ties > 10 or game == "omaha"


def test_the_evaluator_leaves_to_the_engine_what_it_does_not_judge() -> None:
    assert replay._judged("holdem", ["AsKs", "AsQd"], "2c3c4c5c6c") is None  # (As twice)
    assert replay._judged("holdem", ["AsKs", "QdQh"], "2c3c4c5c") is None  # (the turn)
    assert replay._judged("shortdeck", ["AsKs", "2d2h"], "6c7c8c9cTd") is None  # (no 2s)
    assert replay._judged("holdem", ["AsKs", "Q?Qh"], "2c3c4c5c6d") is None
    assert replay._judged("omaha-hilo", ["AsKsQsJs", "2c3c4h5h"], "2d3d4d5d6s") is None
    assert replay._judged("stud", ["AsKsQsJsTs9s8s", "2c3c4h5h6d7d8d"], "") is None


def test_lists_read_by_splitting_are_the_lists_read_item_by_item() -> None:
    from pokercalc.pipelines.history.reading import _common_value, _quick_value

    rng = random.Random(7)
    tokens = ["1", "25", "0.50", "-3", "1.", ".5", "1_0", "٣", " ", ",", ", ", "'", "'a b'",
              "'p1 cc'", '"x"', "\\", "[", "]", "a", "''", "', '"]  # fmt: skip
    read = 0
    for _ in range(20000):
        inner = "".join(rng.choice(tokens) for _ in range(rng.randint(0, 6)))
        for kind in ("nums", "strs"):
            text = f"[{inner}]"
            fast = _common_value(text, kind)
            try:
                slow = _quick_value(text, kind)
            except ValueError:
                assert fast is None, text
                continue
            assert fast is None or fast == slow and list(map(type, fast)) == list(map(type, slow))
            read += fast is not None
    assert read > 1000


def test_the_quick_reading_takes_the_lines_it_took_and_refuses_the_others() -> None:
    from pokercalc.pipelines.history.reading import quick_hand

    base = "variant = 'NT'\nstarting_stacks = [1, 2]\nactions = ['p1 f']\n"
    for line, fields in [
        ("  players=['a', 'b']  ", {"players": ["a", "b"]}),
        ("players =\t['a','b']", {"players": ["a", "b"]}),
        ("antes = [ 0 , 0.5 ]", {"antes": [0, Decimal("0.5")]}),
        ("\t# a comment = [", {}),
        ("seats = [1, 2]", {}),
        ("_private = 'x'", {}),
        ("table = 'x'  # a comment = 1", {}),
    ]:
        hand = quick_hand(base + line + "\n")
        assert hand is not None, line
        for name, value in fields.items():
            assert getattr(hand, name) == value
    for line in ["players ['a']", "= 1", "a b = 1", "seats = [1,", "note = '''x", "é = 1",
                 "antes = [1,,2]", "players = ['a\\'b']", "antes = [1] # one"]:  # fmt: skip
        assert quick_hand(base + line + "\n") is None, line


def test_nets_in_decimals_are_the_nets_in_fractions() -> None:
    from fractions import Fraction

    rng = random.Random(5)
    decimals = 0
    for _ in range(3000):
        n = rng.randint(2, 9)
        digits = rng.choice([3, 8, 14, 27, 31])  # (past 28 digits a Decimal would round)
        paid_in = [Decimal(rng.randint(0, 10**digits)) / 100 for _ in range(n)]
        received = [Decimal(rng.randint(0, 10**digits)) / 100 for _ in range(n)]
        fast, fast_rake = replay._nets(received, paid_in)
        slow, slow_rake = replay._nets([Fraction(r) for r in received], paid_in)
        assert all(isinstance(a, Fraction) for a in [*slow, slow_rake])
        want = [Fraction(r) - Fraction(p) for r, p in zip(received, paid_in, strict=True)]
        assert [Fraction(a) for a in fast] == want == slow
        assert Fraction(fast_rake) == slow_rake
        decimals += isinstance(fast_rake, Decimal)
    assert 1000 < decimals < 3000


def test_a_spot_relabelled_by_suits_is_answered_from_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pokercalc.analysis.equities as equities

    calls: list[tuple[object, ...]] = []

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(args)
        return equity(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(equities, "equity", counted)
    cache = replay.EquityCache()
    rng = random.Random(11)
    spots = [
        ("holdem", ["AsAd", "KhKc"], "", ""),
        ("holdem", ["Ah7c", "QdJd", "2s2c"], "Td9d3h", ""),
        ("omaha", ["AsKsQhJh", "7c6c5d4d"], "2s3h8c", ""),
        ("shortdeck", ["AhKh", "9s9c"], "", ""),
    ]
    for game, hands, board, dead in spots:
        want = equity(hands, board, dead, game=game, method="exact")
        for _ in range(6):
            perm = "".join(rng.sample("cdhs", 4))
            table = str.maketrans("cdhs", perm)
            seats = rng.sample(range(len(hands)), len(hands))
            moved = [hands[i].translate(table) for i in seats]
            got, method = cache.equities(game, moved, board.translate(table), dead.translate(table))
            assert method == "exact"
            assert got == tuple(want.players[i].equity_fraction for i in seats)
        assert len(calls) == spots.index((game, hands, board, dead)) + 1  # (computed once)
    assert len(cache) > len(spots)  # (each relabelling is still a spot of its own)


def test_a_monte_carlo_spot_answers_only_itself() -> None:
    cache = replay.EquityCache("mc")
    cache.TRIALS = 20_000
    first = cache.equities("holdem", ["AsAd", "KhKc"], "", "")
    again = cache.equities("holdem", ["AhAc", "KsKd"], "", "")
    assert first[1] == again[1] == "mc" and not cache.suited
    want = equity(["AhAc", "KsKd"], "", "", game="holdem", method="mc", trials=20_000, seed=1)
    assert again[0] == tuple(Fraction(p.equity or 0).limit_denominator(10**9) for p in want.players)
