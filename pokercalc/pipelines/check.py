"""Regression checks of known equities: read a JSON or TOML file, run each scenario, compare.

A regression file (docs/pipelines.md has a worked example) holds a list
``scenarios``; each has ``players`` (a list, or one ``"A | B"`` string),
optional ``board`` and ``dead``, ``expected`` (one equity per player, a float
in 0..1 or an exact ``"a/b"`` string; a lone player, who meets one random hand,
may list that hand's too), an optional ``name``, ``tolerance`` (an
absolute difference, or ``"exact"``) and engine options (``method``,
``trials``, ``time``, ``stderr``, ``seed``, ``threads``, ``threshold``).  An
optional table ``defaults`` gives any of these keys for every scenario.

The pass rule: an exhaustive run passes when every player's equity is within
``tolerance`` of the expected one (``"exact"``: the exact fraction equals the
expected fraction); a Monte Carlo run, when the difference is within
``tolerance + Z * stderr`` (``Z`` = 4) and the standard error has come down to
``tolerance`` (else it fails as unconverged).  Monte Carlo runs aim for a
standard error of ``tolerance / 4`` (for at most ``MC_TIME_LIMIT`` seconds)
unless the scenario sets ``trials``, ``time`` or ``stderr`` itself.

>>> spec = parse_spec({"scenarios": [{"players": "AsAh | KsKh", "expected": ["1/2", 0.5]}]})
>>> s = spec[0]
>>> s.players, s.expected, s.tolerance
(('AsAh', 'KsKh'), (Fraction(1, 2), Fraction(1, 2)), 0.001)
>>> parse_spec({"scenarios": [{"players": ["AsAh"], "expected": [50]}]})
... # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
pokercalc.errors.InputError: scenario 1: expected equities are fractions of 1 in 0..1 ...
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokercalc.core.results import COUNT, FLOAT, GAME, METHOD, PROB, SECONDS, Result, derived, doc
from pokercalc.core.validate import MC_OPTIONS
from pokercalc.errors import InputError, PokercalcError

__all__ = [
    "DEFAULT_TOLERANCE",
    "MC_TIME_LIMIT",
    "Z",
    "CheckSpec",
    "PlayerCheck",
    "ScenarioCheck",
    "CheckResult",
    "load_spec",
    "parse_spec",
    "builtin_spec",
    "run_check",
    "check_scenario",
]

#: the absolute tolerance of a scenario that names none
DEFAULT_TOLERANCE = 0.001
#: Monte Carlo passes within ``tolerance + Z * stderr``
Z = 4.0
#: seconds a Monte Carlo check may run to reach its standard error, unless it sets a limit
MC_TIME_LIMIT = 60.0
#: the file of known equities that ``pokercalc check --builtin`` runs
BUILTIN = "builtin_checks.toml"

_ENGINE_KEYS = ("game", "method", "trials", "time", "stderr", "seed", "threads", "threshold")
_KEYS = {"name", "players", "board", "dead", "expected", "tolerance", *_ENGINE_KEYS}


@dataclass(frozen=True)
class CheckSpec:
    """One scenario of a regression file, validated."""

    name: str  #: a label for the report (default: the players and board)
    players: tuple[str, ...]  #: one expression per player
    board: str  #: board cards as written
    dead: str  #: dead cards as written
    expected: tuple[Fraction, ...]  #: expected equity per player, exactly as written
    exact: bool  #: True when the tolerance is "exact" (compare exact fractions)
    tolerance: float  #: absolute tolerance (0 when ``exact``)
    options: Mapping[str, Any] = field(default_factory=dict)  #: engine options


@dataclass(frozen=True, kw_only=True)
class PlayerCheck(Result):
    """One player's comparison of expected and computed equity."""

    label: str = doc("the player's expression")
    expected: Fraction = doc("expected equity, exactly as written in the file", FLOAT)

    @property
    @derived()
    def expected_fraction(self) -> Fraction:
        """The same as a fraction."""
        return self.expected

    got: float = doc("computed equity", PROB)
    got_fraction: Fraction | None = doc("computed exact equity (exact unweighted runs), else None")
    difference: float = doc("got - expected")
    stderr: float | None = doc("Monte Carlo standard error of got, None for exact runs")
    allowed: float = doc("the largest |difference| that passes (0 for exact)", minimum=0)
    passed: bool = doc("whether this player's equity passed")


@dataclass(frozen=True, kw_only=True)
class ScenarioCheck(Result):
    """One scenario's run and verdict."""

    name: str = doc("the scenario's label", csv="scenario")
    game: str = doc("the game played (core/games.py)", GAME, default="holdem")
    board: str = doc("board cards as written")
    dead: str = doc("dead cards as written")
    tolerance: float | str = doc(
        'the absolute tolerance, or "exact"',
        csv=True,
        schema={"anyOf": [{"const": "exact"}, {"type": "number", "minimum": 0}]},
    )
    method: str | None = doc('"exact" or "mc" as run, None when the run failed', METHOD, csv=True)
    outcomes: int | None = doc("outcomes counted by the engine", COUNT)
    trials: int | None = doc("Monte Carlo trials, None for exact runs", COUNT)
    seed: int | None = doc("Monte Carlo seed, None for exact runs", COUNT)
    elapsed: float = doc("seconds the engine took", SECONDS)
    passed: bool = doc("whether every player passed")
    note: str | None = doc(
        "why it failed when that is not a plain difference (unconverged, no exact fraction)"
    )
    players: tuple[PlayerCheck, ...] = doc("per-player comparisons", table=True)


@dataclass(frozen=True, kw_only=True)
class CheckResult(Result):
    """A regression run: every scenario's verdict."""

    csv_first = ("scenario", "method", "tolerance")

    source: str = doc('the file checked, or "builtin"')

    @property
    @derived()
    def passed(self) -> bool:
        """True when every scenario ran and passed."""
        return not self.interrupted and all(s.passed for s in self.scenarios)

    @property
    @derived(COUNT)
    def total(self) -> int:
        """How many scenarios ran."""
        return len(self.scenarios)

    @property
    @derived(COUNT)
    def failures(self) -> int:
        """How many scenarios failed."""
        return sum(not s.passed for s in self.scenarios)

    scenarios: tuple[ScenarioCheck, ...] = doc(
        "one verdict per scenario, in file order; CSV: one row per scenario and player",
        table=True,
    )
    interrupted: bool = doc(
        "a signal (Ctrl-C, SIGTERM) stopped the run: scenarios holds those judged before it "
        "(the one running is not judged)",
        default=False,
    )


#: json's terse messages as sentences ("Expecting value" read as a message cut short).
_JSON_PROBLEMS = {
    "Expecting value": "a value (number, string, list or object) was expected there",
    "Expecting ',' delimiter": "a ',' was expected there, between two items",
    "Expecting ':' delimiter": "a ':' was expected there, after a key",
    "Expecting property name enclosed in double quotes": (
        "a key in double quotes was expected there (a comma before a closing brace?)"
    ),
    "Extra data": "more text follows the end of the JSON document",
    "Unterminated string starting at": "a string starting there is never closed",
    "Invalid control character at": "a string holds a control character (a line break?)",
}


def _read(path: Path) -> Any:
    """The parsed content of a JSON or TOML file (by extension, else by trying JSON first);
    a key twice in one object or table is refused (TOML refuses it itself)."""
    from pokercalc.pipelines.batch import unique_keys

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read {str(path)!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{str(path)!r} is not UTF-8 text") from None
    is_json = path.suffix.lower() == ".json" or (
        path.suffix.lower() != ".toml" and text.lstrip().startswith("{")
    )
    if is_json:
        try:
            return json.loads(text, parse_float=_Written, object_pairs_hook=unique_keys)
        except json.JSONDecodeError as e:
            raise InputError(
                f"{str(path)!r}: bad JSON at line {e.lineno}, column {e.colno}: "
                f"{_JSON_PROBLEMS.get(e.msg, e.msg)}"
            ) from None
        except ValueError as e:  # an integer past Python's limit of digits, a key twice
            raise InputError(f"{str(path)!r}: bad JSON: {e}") from None
        except RecursionError:
            raise InputError(f"{str(path)!r}: bad JSON: nested too deeply") from None
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        return tomllib.loads(text, parse_float=_Written)
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{str(path)!r}: bad TOML: {e}") from None
    except RecursionError:
        raise InputError(f"{str(path)!r}: bad TOML: nested too deeply") from None


class _Written(float):
    """A float read from a file that keeps its text, so an expectation is exactly as written."""

    text: str

    def __new__(cls, text: str) -> _Written:
        value = super().__new__(cls, text)
        value.text = text
        return value


def _expected_value(value: Any, where: str) -> Fraction:
    """An expected equity from a float in 0..1 or an "a/b" string, exactly as written.

    A float read from a file is the decimal written there (``0.46`` is 23/50,
    not the binary double nearest to it); one given in Python is its shortest
    decimal form, ``repr(value)``.

    >>> _expected_value(0.46048525845877836, "here")
    Fraction(11512131461469459, 25000000000000000)
    >>> _expected_value(_Written("0.460485258458778360001"), "here")
    Fraction(460485258458778360001, 1000000000000000000000)
    """
    from pokercalc.core.formats import parse_fraction

    if isinstance(value, str):
        try:
            frac = parse_fraction(value)
        except PokercalcError:
            raise InputError(f"{where}: expected {value!r} is not a number or 'a/b'") from None
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        frac = Fraction(getattr(value, "text", None) or repr(value))
    else:
        raise InputError(f"{where}: expected {json.dumps(value)} is not a number or 'a/b'")
    if not 0 <= frac <= 1:
        raise InputError(
            f"{where}: expected equities are fractions of 1 in 0..1 (not percents), got {value!r}"
        )
    return frac


def parse_spec(data: Any, *, source: str = "file") -> list[CheckSpec]:
    """The scenarios of a parsed regression file; raises InputError naming what is wrong."""
    from pokercalc.pipelines.batch import check_option, players_field

    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        raise InputError(f"{source}: a regression file needs a list 'scenarios'")
    unknown = sorted(set(data) - {"format", "defaults", "scenarios"})
    if unknown:
        raise InputError(f"{source}: unknown top-level key {unknown[0]!r}")
    if data.get("format", 1) != 1:
        raise InputError(f"{source}: format {data['format']!r} is not supported (only 1)")
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict) or set(defaults) - (_KEYS - {"name", "expected"}):
        raise InputError(f"{source}: 'defaults' must be a table of scenario options")
    if not data["scenarios"]:
        raise InputError(f"{source}: 'scenarios' is empty")
    specs = []
    for i, raw in enumerate(data["scenarios"], start=1):
        where = f"scenario {i}"
        if not isinstance(raw, dict):
            raise InputError(f"{where}: must be a table/object")
        unknown = sorted(set(raw) - _KEYS)
        if unknown:
            raise InputError(f"{where}: unknown key {unknown[0]!r}")
        s = {**defaults, **raw}
        players = [p.strip() for p in players_field(s.get("players"), where)]
        expected = s.get("expected")
        # A lone player meets one random hand, whose equity may be listed too.
        sizes = (1, 2) if len(players) == 1 else (len(players),)
        if not isinstance(expected, list) or len(expected) not in sizes:
            raise InputError(
                f"{where}: 'expected' must list one equity per player ({len(players)})"
            )
        fracs = tuple(_expected_value(v, where) for v in expected)
        tol = s.get("tolerance", DEFAULT_TOLERANCE)
        exact = tol == "exact"
        if exact:
            if not all(isinstance(v, str) for v in expected):
                raise InputError(f"{where}: tolerance 'exact' needs expected fractions 'a/b'")
            if s.get("method") == "mc":
                raise InputError(f"{where}: tolerance 'exact' cannot use method 'mc'")
            tol = 0.0
        elif isinstance(tol, bool) or not isinstance(tol, (int, float)) or not 0 < tol < 1:
            raise InputError(f"{where}: tolerance must be a number in (0, 1) or 'exact'")
        cards = {}
        for key in ("board", "dead"):
            value = s.get(key, "")
            if not isinstance(value, str):
                raise InputError(f"{where}: {key!r} must be a string of cards")
            cards[key] = value.strip()
        options = {k: check_option(k, s[k], where) for k in _ENGINE_KEYS if s.get(k) is not None}
        if exact:
            options["method"] = "exact"
        # Options the scenario's method would silently ignore (Monte Carlo ones with "exact",
        # threshold with "exact" or "mc") are refused here, before any scenario runs.
        _check_method_of(options, exact, where)
        name = s.get("name")
        if name is not None and not isinstance(name, str):
            raise InputError(f"{where}: 'name' must be a string")
        if not name:
            name = " vs ".join(players) + (f" on {cards['board']}" if cards["board"] else "")
        specs.append(
            CheckSpec(
                name,
                tuple(players),
                cards["board"],
                cards["dead"],
                fracs,
                exact,
                float(tol),
                options,
            )
        )
    return specs


def _check_method_of(options: Mapping[str, Any], exact: bool, where: str) -> None:
    """Refuse engine options a scenario's method cannot use (``check_method_options``)."""
    from pokercalc.core.validate import AUTO_OPTIONS, check_method_options

    names = {name: repr(name) for name in (*MC_OPTIONS, *AUTO_OPTIONS)}
    said = "tolerance 'exact' (an exhaustive run)" if exact else "method 'exact'"
    try:
        check_method_options(options.get("method"), options, exact=said, names=names)
    except InputError as e:
        raise InputError(f"{where}: {e}") from None


def load_spec(path: str | Path) -> list[CheckSpec]:
    """The scenarios of a regression file on disk (JSON or TOML)."""
    path = Path(path)
    return parse_spec(_read(path), source=str(path))


def builtin_spec() -> list[CheckSpec]:
    """The known equities shipped with pokercalc (``pokercalc/data/builtin_checks.toml``)."""
    from importlib import resources

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    text = (resources.files("pokercalc") / "data" / BUILTIN).read_text(encoding="utf-8")
    return parse_spec(tomllib.loads(text), source="builtin")


def check_scenario(
    spec: CheckSpec,
    shared: Mapping[str, Any] | None = None,
    engine: Callable[..., Any] | None = None,
    *,
    on_plan: Callable[[int, float], None] | None = None,
) -> ScenarioCheck:
    """Run one scenario with the engine and judge it by the pass rule of the module docstring.

    ``on_plan`` goes to the engine of a scenario whose method is ``"exact"`` (as
    :func:`~pokercalc.analysis.equities.equity` takes it: the outcome count and the
    estimated seconds of a long exhaustive run, once it has timed a sample).
    """
    if engine is None:
        from pokercalc.analysis.equities import equity

        engine = equity
    options = {**(shared or {}), **spec.options}
    if options.get("method") == "exact":
        # The shared Monte Carlo options (--seed) are for the scenarios that may sample,
        # as in batch; a scenario's own would be refused by the engine.
        for name in MC_OPTIONS:
            if name not in spec.options:
                options.pop(name, None)
    elif not spec.exact and not {"trials", "time", "stderr"} & set(options):
        options.update(stderr=spec.tolerance / Z, time=MC_TIME_LIMIT)
    tolerance: float | str = "exact" if spec.exact else spec.tolerance
    if on_plan is not None and options.get("method") == "exact":
        options["on_plan"] = on_plan
    result = engine(list(spec.players), spec.board, spec.dead, **options)
    if getattr(result, "interrupted", False):
        # A signal ends the whole check: nothing half-run is judged.
        raise KeyboardInterrupt
    mc = result.method != "exact"
    note = None
    checks = []
    for player, expected in zip(result.players[: len(spec.expected)], spec.expected, strict=True):
        got = float(player.equity)
        frac = player.equity_fraction
        diff = got - float(expected)
        if spec.exact:
            allowed = 0.0
            ok = frac is not None and frac == expected
            if frac is None:
                note = "the run gave no exact fraction (weighted ranges?)"
        elif mc:
            se = float(player.stderr or 0.0)
            allowed = spec.tolerance + Z * se
            ok = abs(diff) <= allowed and se <= spec.tolerance
            if se > spec.tolerance:
                note = f"unconverged: standard error {se:.3g} > tolerance {spec.tolerance:g}"
        else:
            allowed = spec.tolerance
            ok = abs(diff) <= allowed
        checks.append(
            PlayerCheck(
                label=player.label,
                expected=expected,
                got=got,
                got_fraction=frac,
                difference=diff,
                stderr=float(player.stderr) if mc and player.stderr is not None else None,
                allowed=allowed,
                passed=ok,
            )
        )
    return ScenarioCheck(
        name=spec.name,
        game=_game_name(result, options),
        board=spec.board,
        dead=spec.dead,
        tolerance=tolerance,
        method=result.method,
        outcomes=int(result.outcomes),
        trials=result.trials if mc else None,
        seed=result.seed if mc else None,
        elapsed=float(result.elapsed),
        passed=all(c.passed for c in checks),
        note=note,
        players=tuple(checks),
    )


def _game_name(result: Any, options: Mapping[str, Any]) -> str:
    """The game a scenario played: the result's own, else the one its options name."""
    from pokercalc.core.games import get_game

    name = getattr(result, "game", None)
    return name if isinstance(name, str) else get_game(options.get("game")).name


def run_check(
    specs: Sequence[CheckSpec],
    shared: Mapping[str, Any] | None = None,
    *,
    source: str = "file",
    engine: Callable[..., Any] | None = None,
    progress: Callable[[ScenarioCheck], None] | None = None,
    on_plan: Callable[[int, float], None] | None = None,
) -> CheckResult:
    """Run every scenario; ``progress`` is called with each verdict as it is reached, and
    ``on_plan`` before each long exhaustive run (:func:`check_scenario`).  A signal
    (``KeyboardInterrupt``) ends the run: the verdicts reached stand, marked
    ``interrupted``."""
    verdicts = []
    interrupted = False
    for i, spec in enumerate(specs, 1):
        try:
            verdict = check_scenario(spec, shared, engine, on_plan=on_plan)
        except PokercalcError as e:
            # A player or card the run refuses (an Omaha hand of the wrong size, say):
            # named by its scenario, as a malformed file's errors are.
            raise type(e)(f"scenario {i}: {e}") from None
        except KeyboardInterrupt:
            interrupted = True
            break
        if progress is not None:
            progress(verdict)
        verdicts.append(verdict)
    return CheckResult(source=source, scenarios=tuple(verdicts), interrupted=interrupted)
