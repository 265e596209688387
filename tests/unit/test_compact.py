"""Compact range notation: ``parse_range(compact_range(r))`` is ``r``, weights included."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercalc.cli import cli
from pokercalc.core.cards import mask_of, parse_cards
from pokercalc.ranges.compact import compact_range, format_weight
from pokercalc.ranges.holdem_players import holdem_player
from pokercalc.ranges.notation import CLASSES, Range, class_combos, parse_range
from pokercalc.ranges.query import parse_query

WEIGHTS = [1.0, 1.0, 1.0, 0.5, 0.25, 0.3, 0.75, 1 / 3, 0.123456789, 1e-05]


@st.composite
def ranges(draw: st.DrawFn, *, low: int = 0) -> Range:
    """Whole classes and single hands, each with a weight (mostly 1); only ranks >= ``low``."""
    classes = [c for c in CLASSES if "23456789TJQKA".index(c[1]) >= low]
    weights: dict[int, float] = {}
    for name in draw(st.lists(st.sampled_from(classes), max_size=40)):
        w = draw(st.sampled_from(WEIGHTS))
        weights.update(dict.fromkeys(class_combos(name), w))
    for name in draw(st.lists(st.sampled_from(classes), max_size=8)):
        combos = class_combos(name)
        k = combos[draw(st.integers(0, len(combos) - 1))]
        weights[k] = draw(st.sampled_from(WEIGHTS))
    if not weights:
        weights[class_combos("AKs")[0]] = 1.0
    return Range.from_weights("generated", weights)


def same(a: Range, b: Range) -> bool:
    return a.combos == b.combos and a.weights == b.weights


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(ranges())
def test_round_trip(rng: Range) -> None:
    text = compact_range(rng)
    assert same(parse_range(text), rng), text


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(ranges(), st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True))
def test_round_trip_after_card_removal(rng: Range, cards: list[int]) -> None:
    left = Range.from_combos("left", *_pairs(rng, mask_of(cards)))
    if not left.combos:
        return
    text = compact_range(left, blocked=cards)
    assert same(parse_range(text).without(cards), left), text


def _pairs(rng: Range, blocked: int) -> tuple[list[tuple[int, ...]], list[float]]:
    keep = [i for i, m in enumerate(rng.masks()) if not m & blocked]
    return [rng.combos[i] for i in keep], [rng.weights[i] for i in keep]


@settings(max_examples=60, deadline=None)
@given(ranges(low=4))
def test_short_deck_text_names_no_missing_rank(rng: Range) -> None:
    text = compact_range(rng, game="shortdeck")
    assert same(holdem_player(text, "shortdeck"), rng), text


@pytest.mark.parametrize(
    ("text", "compact"),
    [
        ("77+,A7s+,K9s+,QTs+,JTs,ATo+,KJo+", "77+,AT+,KJ+,A7s+,K9s+,QTs+,JTs"),
        ("AA,KK,QQ,AKs,AKo", "QQ+,AK"),
        ("JJ-88,A5s-A2s,KTo-K7o", "JJ-88,A5s-A2s,KTo-K7o"),
        ("T9s,98s,87s,76s,65s,54s", "T9s-54s"),
        ("random", "random"),
        ("Pair", "22+"),
        ("Suited", "A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s"),
        ("AKs:0.5,QQ:0.5,T9s:0.5,22", "22,[50]QQ,AKs,T9s[/50]"),
        ("AhKh,AsKs", "AsKs,AhKh"),
        ("random:0.25", "random:0.25"),
    ],
)
def test_known_texts(text: str, compact: str) -> None:
    assert compact_range(parse_query(text)) == compact
    assert same(parse_range(compact), parse_query(text))


@pytest.mark.parametrize("text", ["15%", "30%", "Group1 to Group5", "RML", "Not Suited"])
def test_never_longer_than_listing_the_classes(text: str) -> None:
    rng = parse_query(text)
    listing = ",".join(name for name in CLASSES if set(class_combos(name)) <= _indices(rng))
    out = compact_range(rng)
    assert len(out) <= len(listing) and same(parse_range(out), rng)


def _indices(rng: Range) -> set[int]:
    from pokercalc.ranges.notation import combo_index

    return {combo_index(*c) for c in rng.combos}


def test_blocked_cards_shorten_the_text() -> None:
    rng = parse_range("QQ+,AK").without(parse_cards("Kh7c2d"))
    assert compact_range(rng) != "QQ+,AK"
    assert compact_range(rng, blocked=parse_cards("Kh7c2d")) == "QQ+,AK"
    assert compact_range(Range.from_combos("none", [])) == ""


def test_weights_are_written_so_that_they_read_back_exactly() -> None:
    for w in WEIGHTS + [0.1, 0.7, 2 / 3, 1e-9]:
        assert float(format_weight(w)) == w and "e" not in format_weight(w)


def test_cli_query_compact() -> None:
    res = CliRunner().invoke(cli, ["query", "QQ+,AK", "--board", "Kh7c2d", "--compact"])
    assert (res.exit_code, res.output) == (0, "QQ+,AK\n")
    res = CliRunner().invoke(cli, ["query", "Group1", "--game", "shortdeck", "--compact"])
    assert (res.exit_code, res.output) == (0, "JJ+,AKs\n")
    for args in (["--compact", "--json"], ["--compact", "--list"], ["--game", "omaha"]):
        res = CliRunner().invoke(cli, ["query", "AKs", "--compact", *args])
        assert res.exit_code == 2 and res.output.startswith("Error:"), res.output
        assert len(res.output.strip().splitlines()) == 1
