"""Card indices, masks, parsing (with each kind of error) and formatting."""

from __future__ import annotations

import pytest

from pokercalc.core.cards import (
    DECK,
    FULL_MASK,
    card_mask,
    cards_of_mask,
    format_card,
    format_cards,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from pokercalc.errors import ParseError, PokercalcError


def test_index_rank_suit_roundtrip() -> None:
    assert [(rank_of(c), suit_of(c)) for c in DECK] == [(r, s) for r in range(13) for s in range(4)]
    assert all(make_card(rank_of(c), suit_of(c)) == c for c in DECK)
    assert parse_card("2c") == 0 and parse_card("As") == 51 and parse_card("Td") == 33


def test_masks() -> None:
    assert card_mask(parse_card("2c")) == 1
    assert card_mask(parse_card("As")) == 1 << (48 + 12)
    assert len({card_mask(c) for c in DECK}) == 52
    assert bin(FULL_MASK).count("1") == 52
    assert FULL_MASK == 0x1FFF1FFF1FFF1FFF
    cards = parse_cards("Ah2c9d")
    assert cards_of_mask(mask_of(cards)) == tuple(sorted(cards))
    assert mask_of([]) == 0 and cards_of_mask(0) == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4dAc5d", "4dAc5d"),
        ("4d Ac 5d", "4dAc5d"),
        ("4d,Ac,5d", "4dAc5d"),
        ("4d, Ac,\t5d\n", "4dAc5d"),
        ("  As  ", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("aS", "As"),
        ("tD", "Td"),
        ("10s", "Ts"),
        ("10h10c", "ThTc"),
        ("A♠K♥Q♦J♣", "AsKhQdJc"),
        ("", ""),
    ],
)
def test_parse_cards_accepts(text: str, expected: str) -> None:
    assert format_cards(parse_cards(text)) == expected


def test_ten_is_t() -> None:
    assert parse_card("10s") == parse_card("Ts") == parse_card("ts")


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        ("AsAs", "duplicate card 'As'", 2),
        ("As Kd as", "duplicate card 'as'", 6),
        ("AsKdAS", "duplicate card 'AS'", 4),
        ("Ts10s", "duplicate card '10s'", 2),
        ("Xs", "unknown rank 'X'", 0),
        ("As1s", "unknown rank '1'", 2),
        ("Ks0d", "unknown rank '0'", 2),
        ("Ax", "unknown suit 'x'", 1),
        ("AsKz", "unknown suit 'z'", 3),
        ("100s", "unknown suit '0'", 2),
        ("AsK", "card 'K' has no suit", 2),
        ("As10", "card '10' has no suit", 2),
        ("As!", "unknown rank '!'", 2),
        ("As;Kd", "unknown rank ';'", 2),
        ("AsKd-", "unknown rank '-'", 4),
    ],
)
def test_parse_cards_errors(text: str, reason: str, position: int) -> None:
    with pytest.raises(ParseError) as info:
        parse_cards(text)
    err = info.value
    assert err.reason == reason
    assert err.position == position
    assert err.text == text
    assert str(err) == f"{reason} at position {position} in {text!r}"
    assert isinstance(err, PokercalcError) and isinstance(err, ValueError)


def test_parse_card_needs_exactly_one() -> None:
    assert parse_card(" Qh ") == parse_card("Qh")
    with pytest.raises(ParseError, match="expected one card, got 2 in 'AsKs'"):
        parse_card("AsKs")
    with pytest.raises(ParseError, match="no cards in ''"):
        parse_card("")
    with pytest.raises(ParseError, match="no cards in ', '"):
        parse_cards(", ", allow_empty=False)


def test_format() -> None:
    cards = parse_cards("AsKhQdJcTs")
    assert format_cards(cards) == "AsKhQdJcTs"
    assert format_cards(cards, sep=" ") == "As Kh Qd Jc Ts"
    assert format_cards(cards, symbols=True) == "A♠K♥Q♦J♣T♠"
    assert format_card(cards[0], symbols=True) == "A♠"
    assert all(parse_card(format_card(c)) == c for c in DECK)
    assert all(parse_card(format_card(c, symbols=True)) == c for c in DECK)
    for bad in (-1, 52):
        with pytest.raises(ValueError, match=f"card index {bad} is not in 0..51"):
            format_card(bad)
