"""The online sites' text exports: pokerkit's parsers, with what they miss of a real export.

* PokerStars: pokerkit reads no antes (``X: posts the ante $0.02``: an all-in for the
  whole stack was replayed as one with chips behind), and what each player won only
  from the summary's ``Seat 3: X collected ($0.25)``, which a hand that went to a
  showdown does not write (``showed [..] and won ($23.57)``): its winnings, so its
  rake, were lost.
* Full Tilt: the same summary reading, and only the variant ``$5/$10 - No Limit
  Hold'em``, not the site's later ``NL Hold'em - $5/$10``.
* Absolute Poker: pokerkit reads the winnings from the summary's ``collected Total``,
  which counts the "7-2 proposition" side game's pot (not a poker pot: nobody's chips in
  the hand went to it), and only the variant ``Holdem  No Limit`` written with two
  spaces, not the site's later ``Holdem No Limit``.
* iPoker: a greedy pattern took ``a3uu" chips="$100" dealer="1`` for the winner's name,
  so no one won anything and the pot was split by pokerkit's showdown of unknown cards.

The parsers used here read the antes, the variant, and the pots paid from the hand's
body (one line per pot), falling back to pokerkit's reading for an export that has
none.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

__all__ = ["site_parser"]

#: A PokerStars ante: ``X: posts the ante $0.02``.
_STARS_ANTE = re.compile(r"^(?P<player>.+): posts the ante \D?(?P<ante>[0-9.,]+)")
#: A pot paid, in the hand's body: PokerStars' ``X collected $23.57 from side pot-1``,
#: Full Tilt's ``X wins the pot ($603)``, ``X ties for side pot #1 ($5.25)``, iPoker's
#: ``<player ... name="X" ... win="$42.75" .../>``.
_COLLECTED = {
    "PokerStarsParser": re.compile(
        r"^(?!Seat \d+: )(?P<player>.+) collected \D?(?P<winnings>[0-9.,]+) from (?:\S+ )?pot"
    ),
    "IPokerNetworkParser": re.compile(
        r'<player\b[^>]*\bname="(?P<player>[^"]+)"[^>]*\bwin="\D?(?P<winnings>[0-9.,]+)"'
    ),
    "FullTiltPokerParser": re.compile(
        r"^(?!Seat \d+: )(?P<player>.+) (?:wins|ties for) (?:the |main |side )?pot"
        r"(?: #\d+)? \(\D?(?P<winnings>[0-9.,]+)\)"
    ),
    "PartyPokerParser": re.compile(
        r"^(?P<player>.+) wins \D?(?P<winnings>[0-9.,]+)(?: [A-Z]{3})? from the (?:main |side )?pot"
    ),
    # ``X Collects $24.20 from main pot`` (not ``... from 72 proposition pot``).
    "AbsolutePokerParser": re.compile(
        r"^(?P<player>.+) Collects \D?(?P<winnings>[0-9.,]+) from (?:main|side) pot"
    ),
}
#: Where a hand begins and ends, besides pokerkit's: PartyPoker's own exports open with
#: ``***** Hand History for Game 13549932236 *****`` (pokerkit's pattern wants ``Game #``),
#: and iPoker's XML is indented under its ``<session>``.
_HAND = {
    "PartyPokerParser": re.compile(
        r"^(?:Game #|\*\*\*\*\* Hand History for Game ).+?"
        r"(?=^\n{2,}|^\*\*\*\*\* Hand History for Game |^Game #|\Z)",
        re.DOTALL | re.MULTILINE,
    ),
    "IPokerNetworkParser": re.compile(
        r'^[ \t]*<game gamecode=".+?</game>', re.DOTALL | re.MULTILINE
    ),
}
#: Absolute's variant with one space or two (``Holdem No Limit $4  -``, ``Holdem  No Limit``).
_ABSOLUTE_VARIANT = re.compile(r": (?P<variant>Holdem(?: \(1 on 1\))? {1,2}No Limit) ")
_ABSOLUTE_HAND = re.compile(r"Stage #(?P<hand>[A-Z]*\d+):")
#: Full Tilt's variant since 2014 (``- NL Hold'em - $0.05/$0.10 -``) besides pokerkit's.
_TILT_VARIANT = re.compile(r" - (\D?\d+ Cap |CAP )?(?P<variant>No Limit Hold'em|NL Hold'em) - ")


@cache
def site_parser(name: str) -> Any:
    """An instance of the parser for the pokerkit parser class ``name`` (a value of
    ``reading.FORMATS``), with the readings above added where pokerkit misses them
    (pokerkit must be installed: ``reading.require_pokerkit`` says so)."""
    from pokerkit import notation

    base = getattr(notation, name)
    if name not in _COLLECTED:
        return base()
    collected = _COLLECTED[name]
    extra: dict[str, Any] = {}
    if name in _HAND:
        extra["HAND"] = _HAND[name]
    if name == "PokerStarsParser":
        extra["ANTE_POSTING"] = _STARS_ANTE
    elif name == "AbsolutePokerParser":
        extra["VARIANT"] = _ABSOLUTE_VARIANT
        extra["VARIANTS"] = {
            **base.VARIANTS, "Holdem No Limit": "NT", "Holdem (1 on 1) No Limit": "NT",
        }  # fmt: skip
        # Hand numbers such as ``Stage #C284520999:`` (pokerkit reads digits only).
        extra["VARIABLES"] = {**base.VARIABLES, "hand": (_ABSOLUTE_HAND, str)}
    elif name == "FullTiltPokerParser":
        extra["VARIANT"] = _TILT_VARIANT
        extra["VARIANTS"] = {**base.VARIANTS, "NL Hold'em": "NT"}

    class Site(base):  # type: ignore[misc, valid-type]
        """pokerkit's parser reading the pots each player collected from the hand's body."""

        def _parse_player_variables(self, s: str, parse_value: Any) -> Any:
            found = super()._parse_player_variables(s, parse_value)
            won: dict[str, Any] = {}
            for line in s.splitlines():
                if m := collected.search(line):
                    won[m["player"]] = won.get(m["player"], 0) + parse_value(m["winnings"])
            if won:
                from collections import defaultdict

                found["winnings"] = defaultdict(int, won)
            return found

    for key, value in extra.items():
        setattr(Site, key, value)
    return Site()
