"""Range notation: counts, weights, percent ranges, card removal, errors, and the docs' examples."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercalc.core.cards import parse_cards
from pokercalc.errors import EmptyRangeError, ParseError
from pokercalc.ranges.notation import (
    ALL_COMBOS,
    CLASSES,
    N_COMBOS,
    Range,
    class_combos,
    class_name,
    combo_index,
    parse_range,
    percent_classes,
    preflop_order,
    split_players,
)
from pokercalc.ranges.query import parse_query, player_range

DOC = Path(__file__).resolve().parents[2] / "docs" / "ranges.md"
RANKS = "23456789TJQKA"

# The counts the issue names, in range notation.
NOTATION_COUNTS = [
    ("QQ+,AQs+,AK", 38),
    ("AJs+", 12),
    ("77+", 48),
    ("T9o-65o", 60),
    ("AhKh,7h7d", 2),
    ("99+,AJs+", 48),
    ("random", 1326),
]


@pytest.mark.parametrize(("text", "count"), NOTATION_COUNTS)
def test_issue_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count
    assert len(parse_query(text)) == count


def _brute(test) -> set[tuple[int, int]]:
    """Combos passing ``test(high rank, low rank, suited)``, by looking at all 1,326."""
    return {(a, b) for a, b in ALL_COMBOS if test(a >> 2, b >> 2, (a & 3) == (b & 3))}


@pytest.mark.parametrize(
    ("text", "test"),
    [
        ("77+", lambda h, lo, s: h == lo and h >= 5),
        ("AJs+", lambda h, lo, s: s and h == 12 and 9 <= lo < 12),
        ("ATo+", lambda h, lo, s: not s and h == 12 and 8 <= lo < 12),
        ("JJ-88", lambda h, lo, s: h == lo and 6 <= h <= 9),
        ("A5s-A2s", lambda h, lo, s: s and h == 12 and lo <= 3),
        ("KTo-K7o", lambda h, lo, s: not s and h == 11 and 5 <= lo <= 8),
        ("T9o-65o", lambda h, lo, s: not s and h - lo == 1 and 4 <= h <= 8),
        ("T9s-54s", lambda h, lo, s: s and h - lo == 1 and 3 <= h <= 8),
        ("AK", lambda h, lo, s: h == 12 and lo == 11),
        ("random", lambda h, lo, s: True),
    ],
)
def test_combos_match_brute_force(text: str, test) -> None:
    assert set(parse_range(text).combos) == _brute(test)


def test_specific_hands_and_wildcards() -> None:
    ah, kh, kd = parse_cards("AhKhKd")
    assert parse_range("AhKh").combos == ((ah, kh),)
    assert parse_range("Ah Kh").combos == parse_range("khah").combos == ((ah, kh),)
    assert set(parse_range("AhKx").combos) == {(ah, k) for k in range(44, 48)}
    assert len(parse_range("Ax Kx")) == 16
    assert len(parse_range("XxXx")) == len(parse_range("any")) == N_COMBOS
    assert set(parse_range("KdXx").combos) == {
        (max(kd, c), min(kd, c)) for c in range(52) if c != kd
    }


def test_range_invariants() -> None:
    r = parse_range(" QQ+, AKs:0.5 ,[25]T9s-54s[/25] ")
    assert r.text == " QQ+, AKs:0.5 ,[25]T9s-54s[/25] "
    assert len(set(r.combos)) == len(r.combos)
    assert list(r.combos) == sorted(r.combos, key=lambda c: (-c[0], -c[1]))
    assert all(a > b for a, b in r.combos)
    assert all(0.0 < w <= 1.0 for w in r.weights)
    assert r.total_weight == 18 + 2 + 6


def test_weights() -> None:
    r = parse_range("AKs:0.5")
    assert r.weights == (0.5,) * 4 and r.is_weighted
    r = parse_range("[50]AKs,QQ[/50],KK")
    assert dict(zip(r.combos, r.weights, strict=True)) == {
        **dict.fromkeys(parse_range("AKs,QQ").combos, 0.5),
        **dict.fromkeys(parse_range("KK").combos, 1.0),
    }
    assert len(parse_range("QQ+, QsQh:0")) == 17  # weight 0 removes a hand listed before
    assert parse_range("AK, AKs:0.25").total_weight == 13
    assert parse_range("AKs:0.5, AKs").total_weight == 4  # the later weight wins
    assert not parse_range("AKs").is_weighted


def test_class_helpers() -> None:
    assert len(CLASSES) == 169 and len(set(CLASSES)) == 169
    assert CLASSES[0] == "AA" and CLASSES[1] == "AKs" and CLASSES[13] == "AKo"
    assert CLASSES[-1] == "22"
    assert sum(len(class_combos(c)) for c in CLASSES) == N_COMBOS
    for name in CLASSES:
        for k in class_combos(name):
            hi, lo = ALL_COMBOS[N_COMBOS - 1 - k]
            assert combo_index(hi, lo) == k
            assert class_name(hi, lo) == name


def test_percent_data_file() -> None:
    order = preflop_order()
    names = [name for name, _ in order]
    assert sorted(names) == sorted(CLASSES)
    equities = [e for _, e in order]
    assert equities == sorted(equities, reverse=True)
    assert names[0] == "AA" and names[1] == "KK"
    assert 0.62 < equities[0] < 0.66  # AA against three random hands is about 63.9%
    doc = json.loads(
        (Path(__file__).resolve().parents[2] / "pokercalc/data/preflop_order.json").read_text()
    )
    assert doc["trials"] >= 1_000_000
    assert all(row["stderr"] < 0.001 for row in doc["classes"])


@pytest.mark.parametrize("percent", [0.1, 1, 5, 10, 15, 20, 33.3, 50, 75, 99.9, 100])
def test_percent_boundary(percent: float) -> None:
    names = percent_classes(percent)
    order = [name for name, _ in preflop_order()]
    assert list(names) == order[: len(names)]  # a prefix of the ordering
    counts = [len(class_combos(n)) for n in names]
    target = percent / 100 * N_COMBOS
    assert sum(counts) >= target - 1e-9  # reaches the percentage
    assert sum(counts[:-1]) < target  # and is the smallest prefix that does
    assert len(parse_range(f"{percent}%")) == sum(counts)


def test_percent_nested() -> None:
    small, big = set(parse_range("10%").combos), set(parse_range("30%").combos)
    assert small < big
    assert len(parse_range("100%")) == N_COMBOS


def test_card_removal() -> None:
    assert len(player_range("99+,AJs+", board="4dAc5d")) == 42
    assert len(player_range("99+,AJs+", board="4dAc5d", dead="JcJh")) == 36
    r = parse_range("99+,AJs+").without(parse_cards("4dAc5dJcJh"))
    assert len(r) == 36 and r.text == "99+,AJs+"
    assert len(player_range("random", board=parse_cards("4dAc5d"))) == 1176


def test_empty_range_names_player_and_blockers() -> None:
    with pytest.raises(EmptyRangeError, match=r"Hero \('AhKh'\) .*blocked by Kh$"):
        player_range("AhKh", board="2c7dKh", dead="Qs", player="Hero")
    with pytest.raises(EmptyRangeError, match=r"Villain \('AKs and Offsuit'\) matches no hand"):
        player_range("AKs and Offsuit", player="Villain")
    with pytest.raises(EmptyRangeError, match="blocked by AsAh"):
        parse_range("AsAh,AhKh,AsKs").without(parse_cards("AsAh2c"), player="p")


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "empty range", 0),
        ("AKs,", "after ','", 3),
        ("AA,,KK", "before ','", 3),
        ("QQ+, AAs", "a pair cannot be suited", 5),
        ("AKs, Ah", "one card", 5),
        ("AKs,foo", "unknown hand or range 'foo'", 4),
        ("AKs:2", "weight 2 is not in [0, 1]", 4),
        ("AKs:", "missing weight", 4),
        ("[50]AKs", "no closing", 0),
        ("[50]AKs[/40]", "does not close", 7),
        ("KK, AhAh", "same card twice", 4),
        ("AKs-KQo", "differ in suitedness", 0),
        ("AA-KQ", "mixes a pair", 0),
        ("AKs-QTs", "not a run", 0),
        ("0%", "not in (0, 100]", 0),
        ("AK]", "without a matching '['", 2),
    ],
)
def test_parse_errors(text: str, message: str, position: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_range(text)
    assert message in str(info.value)
    assert info.value.position == position
    assert info.value.text == text


def test_split_players() -> None:
    assert split_players("AsKs | QQ+,AKs | random") == ["AsKs", "QQ+,AKs", "random"]
    assert split_players("(AK* | AA) & Offsuit|Group1") == ["(AK* | AA) & Offsuit", "Group1"]
    assert split_players("AKs") == ["AKs"]
    for bad in ("", "AKs|", "|AKs", "AKs||QQ"):
        with pytest.raises(ParseError, match="is empty"):
            split_players(bad)


def test_non_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        parse_range(["AKs"])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Every example in docs/ranges.md.


def _doc_tables() -> list[tuple[list[str], list[list[str]]]]:
    """Each markdown table of the doc as (header, rows), cells unescaped and trimmed."""
    tables = []
    lines = DOC.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            header = _cells(lines[i])
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            tables.append((header, rows))
        else:
            i += 1
    return tables


def _cells(line: str) -> list[str]:
    parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [p.strip().replace("\\|", "|") for p in parts]


def _expression(cell: str) -> str:
    assert cell.startswith("`") and cell.endswith("`"), cell
    return cell[1:-1]


def _doc_examples() -> list[tuple[str, dict[str, str]]]:
    out = []
    for header, rows in _doc_tables():
        if header[0] != "expression" or "combos" not in header:
            continue
        for row in rows:
            out.append((_expression(row[0]), dict(zip(header, row, strict=True))))
    return out


DOC_EXAMPLES = _doc_examples()


def test_doc_has_examples() -> None:
    assert len(DOC_EXAMPLES) >= 80
    texts = {t for t, _ in DOC_EXAMPLES}
    for text, _ in NOTATION_COUNTS:
        assert text in texts


@pytest.mark.parametrize(("text", "row"), DOC_EXAMPLES, ids=[t for t, _ in DOC_EXAMPLES])
def test_doc_example(text: str, row: dict[str, str]) -> None:
    rng = (
        player_range(text, board=row.get("board", ""), dead=row.get("dead", ""))
        if row.get("board") or row.get("dead")
        else parse_query(text)
    )
    assert len(rng) == int(row["combos"].replace(",", ""))
    if "weight" in row:
        assert rng.total_weight == pytest.approx(float(row["weight"]))


# ---------------------------------------------------------------------------
# Properties.

GRAMMAR_ALPHABET = "AKQJT98765432xXsShdco+-*,:%.[]/ 05"


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=GRAMMAR_ALPHABET, max_size=14)))
def test_any_text_parses_or_raises_parse_error(text: str) -> None:
    try:
        rng = parse_range(text)
    except ParseError as e:
        assert str(e)
        return
    assert isinstance(rng, Range) and rng.text == text
    assert all(0.0 <= w <= 1.0 for w in rng.weights)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CLASSES), min_size=1, max_size=6))
def test_union_of_classes_counts(names: list[str]) -> None:
    expected = {k for n in names for k in class_combos(n)}
    assert len(parse_range(",".join(names))) == len(expected)


def test_pairs_of_dash_runs_agree_with_plus() -> None:
    for r1, r2 in itertools.combinations(range(13), 2):
        hi, lo = RANKS[r2], RANKS[r1]
        if r1 < r2 - 1:
            plus = parse_range(f"{hi}{lo}s+")
            run = parse_range(f"{hi}{RANKS[r2 - 1]}s-{hi}{lo}s")
            assert plus.combos == run.combos


def test_doc_lists_the_top_classes() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    listed = re.search(r"The top 30 classes, which make `15%`: ([^.]+)\.", text)
    assert listed is not None
    assert tuple(listed.group(1).split(", ")) == percent_classes(15)
