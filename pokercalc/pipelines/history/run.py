"""Many hands: totals per player, the hands listed, pieces on an executor."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokercalc.core.runner import deferred_signals
from pokercalc.pipelines.history.reading import (
    DETECT_CHARS,
    FORMATS,
    check_pokerkit,
    detect_format,
    iter_hands,
    iter_sources,
    iter_text,
)
from pokercalc.pipelines.history.records import (
    HandError,
    HandRecord,
    HistoryResult,
    PlayerTotal,
    chips,
)
from pokercalc.pipelines.history.replay import UNKNOWN, EquityCache, analyse_parts

__all__ = [
    "HAND_COLUMNS", "PIECE_HANDS", "analyse_piece", "hand_rows", "iter_records",
    "run_history", "summarise",
]  # fmt: skip


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
        if item.status == UNKNOWN:
            self.skipped[UNKNOWN] = self.skipped.get(UNKNOWN, 0) + 1
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
        allin = item.status == "all-in"
        players = self.players
        for name, held, actual, adjusted in zip(
            item.players, item.cards, item.actual, item.adjusted, strict=True
        ):
            t = players.get(name)
            if t is None:
                t = players[name] = _Totals()
            t.hands += 1
            if allin and held:
                t.allin += 1
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
                actual=chips(t.actual),
                adjusted=chips(t.adjusted),
                difference=chips(t.actual - t.adjusted),
                actual_bb=chips(t.actual_bb),
                adjusted_bb=chips(t.adjusted_bb),
                difference_bb=chips(t.actual_bb - t.adjusted_bb),
            )
        )
    return HistoryResult(
        players=tuple(rows),
        hands_read=summary.read,
        hands_used=summary.used,
        allin_hands=summary.allin,
        skipped=dict(sorted(summary.skipped.items())),
        rake=chips(summary.rake),
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


#: Hands in one piece of work on an executor (``--jobs``, ``--cluster``).
PIECE_HANDS = 400

#: Each worker process's cache of equities, kept between the pieces it runs.
_WORKER_CACHES: dict[str, EquityCache] = {}


def analyse_piece(
    source: str, parts: list[tuple[int, str]], method: str = "auto", fmt: str = "phh"
) -> list[HandRecord | HandError]:
    """The records of some hands of one file, on a worker: its equities cached there."""
    cache = _WORKER_CACHES.setdefault(method, EquityCache(method))
    return list(analyse_parts(parts, source, cache, fmt))


def _pieces(
    paths: Iterable[str], stdin: Any, fmt: str | None = None
) -> Iterator[tuple[str, list[tuple[int, str]], str] | HandError]:
    """Every file's hands in pieces of :data:`PIECE_HANDS`, in order, with their format
    (``fmt``, else detected), each piece as soon as it is read: a file is never held
    whole.  A file that cannot be read, or in no known format, is one error of index 0."""
    for path in iter_sources(paths):
        chunks = iter_text(path, stdin)
        head: list[str] = []
        piece: list[tuple[int, str]] = []
        try:
            # The format is told by the text's beginning (what detect_format reads).
            while sum(map(len, head)) < DETECT_CHARS and (chunk := next(chunks, None)) is not None:
                head.append(chunk)
            form = fmt or detect_format("".join(head))
            if form is None:
                message = "not a hand history in a known format (" + ", ".join(FORMATS) + ")"
                yield HandError(source=path, index=0, message=message)
                continue
            for part in iter_hands(itertools.chain(head, chunks), form):
                piece.append(part)
                if len(piece) >= PIECE_HANDS:
                    yield path, piece, form
                    piece = []
        except OSError as e:
            if piece and form is not None:
                yield path, piece, form
            yield HandError(source=path, index=0, message=f"cannot read: {e.strerror or e}")
            continue
        finally:
            chunks.close()
        if piece:
            yield path, piece, form


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
    check_pokerkit()
    if executor is None:
        for piece in _pieces(paths, stdin, fmt):
            if isinstance(piece, HandError):
                yield piece
            else:
                yield from analyse_parts(piece[1], piece[0], cache, piece[2])
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
    # A signal while the totals are made (a second Ctrl-C, or `timeout`, which signals the
    # command and then its process group) waits until they are: they are what the run
    # knows.  Where the command line's handlers are not installed it stops them, as before.
    made: HistoryResult | None = None
    try:
        with deferred_signals():
            result = _result(summary, errors, listed, len(summary.spots), interrupted)
            if player is not None:
                from dataclasses import replace

                kept = tuple(p for p in result.players if p.player == player)
                result = replace(result, players=kept)
            made = result
    except KeyboardInterrupt:
        if made is None:
            raise
    return made
