"""Tests of ``pokercalc table``: published figures, the engine's own cells, formats, resume."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from cli_runs import invoke

from pokercalc.analysis.equities import equity
from pokercalc.core.runner import Interrupted
from pokercalc.errors import InputError, PokercalcError
from pokercalc.output import render_tables
from pokercalc.pipelines import tables
from pokercalc.texture.flops import flop_equities

if TYPE_CHECKING:
    from cluster import Cluster

pytest_plugins = ["cluster"]

#: Classes of the published matchups below, and a few more.
SUBSET = "AA,KK,QQ,AKs,AKo,33,22"

#: Preflop heads-up equities in percent, as published to four decimals (e.g. PokerStove's
#: and propokertools' exact tables).
PUBLISHED = [
    ("AA", "KK", 81.9461),
    ("AKs", "QQ", 46.0485),
    ("AKo", "KK", 30.1195),
    ("33", "22", 80.4295),
]


@pytest.fixture(scope="module")
def subset() -> list[tables.HeadsupRow]:
    data = tables.compute(tables.table_spec("preflop-headsup", SUBSET))
    return list(data.rows())  # type: ignore[arg-type]


def by_cell(rows: list[tables.HeadsupRow]) -> dict[tuple[str, str], tables.HeadsupRow]:
    return {(r.hand, r.opponent): r for r in rows}


def test_class_order_lists_the_169_classes_once() -> None:
    assert len(tables.CLASS_ORDER) == len(set(tables.CLASS_ORDER)) == 169
    assert tables.CLASS_ORDER[:4] == ("AA", "AKs", "AKo", "AQs")
    assert tables.CLASS_ORDER[-1] == "22"


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "opponent", "percent"), PUBLISHED)
def test_published_exact_figures(
    subset: list[tables.HeadsupRow], hand: str, opponent: str, percent: float
) -> None:
    cells = by_cell(subset)
    assert round(100 * cells[hand, opponent].equity, 4) == percent
    assert round(100 * cells[opponent, hand].equity, 4) == round(100 - percent, 4)


@pytest.mark.slow
def test_every_cell_is_the_engines_exact_result(subset: list[tables.HeadsupRow]) -> None:
    hands = SUBSET.split(",")
    assert len(subset) == len(hands) ** 2
    assert [(r.hand, r.opponent) for r in subset] == [
        (a, b) for a in tables.CLASS_ORDER for b in tables.CLASS_ORDER if {a, b} <= set(hands)
    ]
    for row in subset:
        r = equity([row.hand, row.opponent], method="exact", threads=1)
        p = r.players[0]
        assert r.method == "exact"
        assert row.equity_exact == p.equity_fraction
        assert (row.wins, row.ties, row.outcomes) == (p.wins, p.ties, r.outcomes)
        assert row.equity == float(p.equity_fraction)
        assert row.win_exact == Fraction(p.wins, r.outcomes)
        assert row.tie_exact == Fraction(p.ties, r.outcomes)
        assert row.equity_exact == row.win_exact + row.tie_exact / 2


def test_mirrored_cells_sum_to_one(subset: list[tables.HeadsupRow]) -> None:
    cells = by_cell(subset)
    for (a, b), row in cells.items():
        other = cells[b, a]
        assert row.equity_exact + other.equity_exact == 1
        assert row.win_exact + other.win_exact + row.tie_exact == 1
        assert row.tie_exact == other.tie_exact and row.outcomes == other.outcomes
    assert cells["AA", "AA"].equity_exact == Fraction(1, 2)


def test_pieces_are_fixed_and_cover_every_pair_once() -> None:
    spec = tables.table_spec("preflop-headsup")
    pieces = spec.pieces()
    pairs = [cell for p in pieces for cell in p.cells]
    assert len(pairs) == len(set(pairs)) == 169 * 170 // 2
    assert [p.index for p in pieces] == list(range(len(pieces)))
    assert all(len(p.cells) == tables.PIECE_CELLS for p in pieces[:-1])
    again = tables.table_spec("preflop-headsup", "all")
    assert again.pieces() == pieces and again.fingerprint == spec.fingerprint
    assert tables.table_spec("preflop-headsup", "AA,KK").fingerprint != spec.fingerprint


def test_hands_are_read_in_table_order_whatever_the_notation() -> None:
    spec = tables.table_spec("preflop-headsup", "22,KK+,AK")
    assert spec.hands == ("AA", "AKs", "AKo", "KK", "22")
    assert spec.fingerprint == tables.table_spec("preflop-headsup", "AA,KK,AKs,AKo,22").fingerprint


# ---------------------------------------------------------------------------
# Against random hands.


@pytest.fixture(scope="module")
def vs_random() -> tuple[tables.TableSpec, list[tables.VsRandomRow]]:
    spec = tables.table_spec("preflop-vs-random", "AA", opponents="1-3", stderr=0.002, seed=7)
    return spec, list(tables.compute(spec).rows())  # type: ignore[arg-type]


@pytest.mark.slow
def test_vs_one_random_hand_is_exact_and_matches_the_shipped_table(
    vs_random: tuple[tables.TableSpec, list[tables.VsRandomRow]],
) -> None:
    from importlib import resources

    row = vs_random[1][0]
    assert (row.hand, row.opponents, row.method) == ("AA", 1, "exact")
    assert row.stderr is None and row.trials is None and row.seed is None
    shipped = json.loads(
        (resources.files("pokercalc") / "data" / "headsup_random.json").read_text("utf-8")
    )["classes"]["AA"]
    # tools/make_headsup_table.py enumerated one representative combo; the table, the class.
    expect = Fraction(2 * shipped["wins"] + shipped["ties"], 2 * shipped["outcomes"])
    assert row.equity_exact == expect
    r = equity(["AA", "random"], method="exact", threads=1)
    assert row.equity_exact == r.players[0].equity_fraction
    assert (row.wins, row.ties, row.outcomes) == (r.players[0].wins, r.players[0].ties, r.outcomes)


@pytest.mark.slow
def test_monte_carlo_rows_reach_the_standard_error_and_replay_from_their_seed(
    vs_random: tuple[tables.TableSpec, list[tables.VsRandomRow]],
) -> None:
    spec, rows = vs_random
    for row in rows[1:]:
        assert row.method == "mc" and row.stderr is not None and row.stderr < spec.stderr
        assert row.seed is not None and row.trials is not None
        assert row.equity_exact is None and row.outcomes is None
        again = equity(
            ["AA"] + ["random"] * row.opponents,
            method="mc",
            trials=row.trials,
            seed=row.seed,
            threads=1,
        )
        assert again.players[0].equity == row.equity and again.players[0].stderr == row.stderr
    # Against three random hands: the shipped preflop ordering's own Monte Carlo figure.
    from pokercalc.ranges.notation import preflop_order

    three = rows[2]
    assert three.opponents == 3 and three.stderr is not None
    shipped = dict(preflop_order())["AA"]
    assert abs(three.equity - shipped) < 4 * math.hypot(three.stderr, 0.00017)


def test_a_rerun_draws_the_same_deals(
    vs_random: tuple[tables.TableSpec, list[tables.VsRandomRow]],
) -> None:
    # A row's deals depend on the seed and the row alone, not on the other rows asked for.
    _, rows = vs_random
    spec = tables.table_spec("preflop-vs-random", "AA", opponents="2,3", stderr=0.002, seed=7)
    cells = tables.run_table_piece(spec.pieces()[0])["cells"]
    assert [c["equity"] for c in cells] == [r.equity for r in rows[1:]]
    assert tables.cell_seed(7, "AA", 2, 0) != tables.cell_seed(8, "AA", 2, 0)


# ---------------------------------------------------------------------------
# Flops.


@pytest.mark.slow
def test_flops_rows_are_the_all_flop_equities() -> None:
    spec = tables.table_spec("flops", "AA,AKs", range_text="QQ+,AK")
    assert spec.hands == ("AA", "AKs")
    data = tables.compute(spec)
    rows = list(data.rows())
    assert len(rows) == 2 * 19600
    for hand, part in (("AA", rows[:19600]), ("AKs", rows[19600:])):
        eq = flop_equities(hand, "QQ+,AK", threads=1)
        assert all(r.hand == hand for r in part)
        assert [r.flop for r in part] == [eq.flop_text(i) for i in range(len(eq))]
        got = [r.equity for r in part]
        assert got == [None if math.isnan(e) else float(e) for e in eq.equity]
        summary = next(iter(tables.compute(tables.table_spec(
            "flops", hand, range_text="QQ+,AK")).rows(summary=True)))  # fmt: skip
        assert summary.to_dict()["mean"] == eq.summary()["mean"]
        assert summary.to_dict()["blocked"] == eq.blocked


def test_flops_lists_combos_when_the_range_is_not_suit_symmetric() -> None:
    assert tables.table_spec("flops", "KK,AsKd", range_text="ATC").hands == ("AsKd", "KK")
    spec = tables.table_spec("flops", "KK", range_text="AhAd,QQ")
    assert spec.hands == ("KsKh", "KsKd", "KsKc", "KhKd", "KhKc", "KdKc")
    with pytest.raises(PokercalcError, match="the range against AsKd .* has no hand left"):
        tables.table_spec("flops", "AsKd", range_text="AsKd")


# ---------------------------------------------------------------------------
# Formats.


@pytest.mark.slow
def test_csv_jsonl_and_parquet_hold_the_same_rows(
    tmp_path: Path, subset: list[tables.HeadsupRow]
) -> None:
    dicts = [r.to_dict() for r in subset]
    for fmt in ("csv", "jsonl", "parquet"):
        path = str(tmp_path / f"t.{fmt}")
        n = render_tables.write_table_file(path, fmt, tables.HeadsupRow, subset)
        assert n == len(subset)
        if fmt == "csv":
            with open(path, newline="") as f:
                read = list(csv.DictReader(f))
            assert read == [{k: str(v) for k, v in d.items()} for d in dicts]
            assert [float(r["equity"]) for r in read] == [d["equity"] for d in dicts]
        elif fmt == "jsonl":
            with open(path) as f:
                assert [json.loads(line) for line in f] == dicts
        else:
            import pyarrow.parquet as pq

            t = pq.read_table(path)
            assert t.column_names == list(dicts[0])
            assert t.to_pylist() == dicts
    assert sorted(os.listdir(tmp_path)) == ["t.csv", "t.jsonl", "t.parquet"]


def test_nulls_are_empty_cells_json_nulls_and_parquet_nulls(
    tmp_path: Path, vs_random: tuple[tables.TableSpec, list[tables.VsRandomRow]]
) -> None:
    rows = vs_random[1]
    text = render_tables.table_text("csv", tables.VsRandomRow, rows)
    first = next(csv.DictReader(io.StringIO(text)))
    assert first["stderr"] == first["trials"] == "" and first["equity_exact"]
    path = str(tmp_path / "v.parquet")
    render_tables.write_table_file(path, "parquet", tables.VsRandomRow, rows)
    import pyarrow.parquet as pq

    t = pq.read_table(path)
    assert str(t.schema.field("trials").type) == "int64"
    assert t.to_pylist() == [r.to_dict() for r in rows]


def test_table_format_from_the_extension() -> None:
    assert render_tables.table_format("a.JSONL") == "jsonl"
    with pytest.raises(InputError, match="extension"):
        render_tables.table_format("a.txt")


# ---------------------------------------------------------------------------
# Shards and resume.


class Stop:
    """An ``on_piece`` hook that interrupts a run after ``after`` pieces."""

    def __init__(self, after: int) -> None:
        self.after = after

    def __call__(self, done: int, total: int) -> None:
        if done >= self.after:
            raise KeyboardInterrupt


def small_spec() -> tables.TableSpec:
    return tables.table_spec("preflop-headsup", SUBSET, piece_cells=3)


@pytest.mark.slow
def test_an_interrupted_run_resumes_and_counts_no_piece_twice(tmp_path: Path) -> None:
    spec = small_spec()
    n = len(spec.pieces())
    assert n == 10
    whole = render_tables.table_text("csv", tables.HeadsupRow, tables.compute(spec).rows())
    store = tables.ShardStore(str(tmp_path / "t.csv.parts"), spec)
    with pytest.raises(Interrupted, match=f"4 of {n} pieces done; they are kept in"):
        tables.compute(spec, store=store, on_piece=Stop(4))
    assert store.finished() == {0, 1, 2, 3}
    # A piece computed again (a retried worker) writes the same bytes.
    before = Path(store.path(2)).read_bytes()
    store.save(2, tables.run_table_piece(spec.pieces()[2]))
    assert Path(store.path(2)).read_bytes() == before
    seen: list[int] = []
    data = tables.compute(spec, store=store, on_piece=lambda d, t: seen.append(d))
    assert (data.reused, data.computed) == (4, n - 4)
    assert seen == list(range(4, n + 1))
    text = render_tables.table_text("csv", tables.HeadsupRow, data.rows())
    assert text == whole
    assert len(text.splitlines()) == 1 + 7 * 7


@pytest.mark.slow
def test_a_resumed_run_on_an_executor_equals_a_run_in_process(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    spec = small_spec()
    store = tables.ShardStore(str(tmp_path / "parts"), spec)
    with pytest.raises(Interrupted):
        tables.compute(spec, store=store, on_piece=Stop(3))
    with ThreadPoolExecutor(2) as pool:
        data = tables.compute(spec, store=store, executor=pool)
    assert data.reused >= 3 and data.reused + data.computed == 10
    local = tables.compute(spec)
    assert [r.to_dict() for r in data.rows()] == [r.to_dict() for r in local.rows()]


def test_shards_of_another_table_are_refused(tmp_path: Path) -> None:
    spec = small_spec()
    store = tables.ShardStore(str(tmp_path / "parts"), spec)
    store.save(0, tables.run_table_piece(spec.pieces()[0]))
    other = tables.table_spec("preflop-headsup", "AA,KK", piece_cells=3)
    with pytest.raises(InputError, match="holds pieces of another table .*remove that folder"):
        tables.ShardStore(str(tmp_path / "parts"), other).finished()


@pytest.mark.slow
def test_a_damaged_shard_is_computed_again(tmp_path: Path) -> None:
    spec = small_spec()
    store = tables.ShardStore(str(tmp_path / "parts"), spec)
    with pytest.raises(Interrupted):
        tables.compute(spec, store=store, on_piece=Stop(2))
    Path(store.path(1)).write_text('{"trunc')
    (tmp_path / "parts" / "piece-00005.json.123.tmp").write_text("half")
    assert store.finished() == {0}
    data = tables.compute(spec, store=store)
    assert (data.reused, data.computed) == (1, 9)


# ---------------------------------------------------------------------------
# The command line.


@pytest.mark.slow
def test_cli_writes_the_table_to_stdout(subset: list[tables.HeadsupRow]) -> None:
    res = invoke("table", "preflop-headsup", "--hands", SUBSET)
    assert res.exit_code == 0, res.output
    assert res.stdout == render_tables.table_text("csv", tables.HeadsupRow, subset)
    res = invoke("table", "preflop-headsup", "--hands", "AA,KK", "--format", "jsonl")
    lines = [json.loads(line) for line in res.stdout.splitlines()]
    assert [(d["hand"], d["opponent"], d["equity_exact"]) for d in lines][1] == (
        "AA",
        "KK",
        "255121/311328",
    )


def test_cli_writes_a_file_and_removes_the_shards(tmp_path: Path) -> None:
    out = tmp_path / "hu.parquet"
    res = invoke("table", "preflop-headsup", "--hands", "AA,KK,AKs", "-o", str(out), "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert res.stderr == (
        f"pokercalc table: 9 rows written to {out} (1 piece computed, 0 from an earlier run)\n"
    )
    assert sorted(os.listdir(tmp_path)) == ["hu.parquet"]
    import pyarrow.parquet as pq

    assert pq.read_table(str(out)).num_rows == 9


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bogus"], "no table 'bogus'"),
        (["preflop-headsup", "--hands", "AsKs"], "holds 1 of the 4 combos of AKs"),
        (["preflop-headsup", "--hands", "AKs:0.5"], "no weights"),
        (["preflop-headsup", "--hands", "Zz"], ""),
        (["preflop-headsup", "--opponents", "2"], "--opponents does not apply"),
        (["preflop-headsup", "AA"], "takes no HANDS or RANGE"),
        (["preflop-vs-random", "--opponents", "0"], "opponents must be 1 to 22"),
        (["preflop-vs-random", "--stderr", "0"], "stderr"),
        (["flops", "AA"], "takes HANDS and RANGE"),
        (["flops", "", "KK"], "empty query"),  # not every hand, as no HANDS means
        (["flops", "AA", "ATC", "--hands", "KK"], "--hands does not apply"),
        (["preflop-headsup", "--format", "parquet"], "--output FILE.parquet"),
        (["preflop-headsup", "-o", "t.txt"], "cannot tell the format"),
        (["preflop-headsup", "-o", "/nonexistent/t.csv"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    res = invoke("table", *args)
    assert res.exit_code == 2, res.output
    assert res.stdout == ""
    lines = res.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_parquet_without_pyarrow_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    res = invoke("table", "preflop-headsup", "--hands", "AA", "-o", str(tmp_path / "t.parquet"))
    assert res.exit_code == 2
    assert res.stderr == (
        "Error: writing Parquet needs pyarrow: python -m pip install 'pokercalc[parquet]' "
        "(from a checkout: python -m pip install '.[parquet]')\n"
    )
    assert os.listdir(tmp_path) == []


def _entry_point() -> str:
    """The installed ``pokercalc`` console script of this interpreter."""
    here = os.path.join(os.path.dirname(sys.executable), "pokercalc")
    found = here if os.path.exists(here) else shutil.which("pokercalc")
    assert found, "the pokercalc entry point is not installed"
    return found


def _interrupt_after_a_shard(args: list[str], parts: Path) -> tuple[int, str]:
    """Run ``args``, send SIGINT once the first shard is in ``parts``: (status, stderr)."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not (parts.is_dir() and any(p.suffix == ".json" for p in parts.iterdir())):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - sent < 1.5, err
    assert "Traceback" not in err
    return proc.returncode, err


@pytest.mark.process
def test_ctrl_c_keeps_the_finished_pieces_and_a_rerun_finishes(tmp_path: Path) -> None:
    out = tmp_path / "vr.csv"
    parts = tmp_path / "vr.csv.parts"
    args = [_entry_point(), "table", "preflop-vs-random", "--hands", "AA,KK,QQ", "--opponents",
            "1", "-o", str(out)]  # fmt: skip
    # Worker processes first, then this process: the pieces are the same wherever they ran.
    status, err = _interrupt_after_a_shard([*args, "--jobs", "2"], parts)
    assert status == 130, err
    assert (
        err.startswith("pokercalc table: interrupted; ") and " of 3 pieces done; they are " in err
    )
    assert err.endswith("run the same command again to resume\n")
    assert not out.exists()
    kept = sorted(p.name for p in parts.iterdir())
    assert 1 <= len(kept) < 3 and all(tables._SHARD.match(name) for name in kept)
    done = subprocess.run([*args, "--jobs", "1"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    n = len(kept)
    assert done.stderr.endswith(f"({3 - n} piece{'s' if n == 1 else ''} computed, "
                                f"{n} from an earlier run)\n")  # fmt: skip
    assert not parts.exists()
    with out.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["hand"], r["opponents"], r["method"]) for r in rows] == [
        ("AA", "1", "exact"),
        ("KK", "1", "exact"),
        ("QQ", "1", "exact"),
    ]
    from importlib import resources

    shipped = json.loads(
        (resources.files("pokercalc") / "data" / "headsup_random.json").read_text("utf-8")
    )["classes"]
    for r in rows:
        c = shipped[r["hand"]]
        assert Fraction(r["equity_exact"]) == Fraction(2 * c["wins"] + c["ties"], 2 * c["outcomes"])


@pytest.mark.slow
def test_ctrl_c_stops_a_run_in_this_process_between_or_inside_pieces(tmp_path: Path) -> None:
    parts = tmp_path / "hu.csv.parts"
    args = [
        _entry_point(),
        "table",
        "preflop-headsup",
        "--jobs",
        "1",
        "-o",
        str(tmp_path / "hu.csv"),
    ]
    status, err = _interrupt_after_a_shard(args, parts)
    assert status == 130, err
    assert err.startswith("pokercalc table: interrupted; ") and " of 72 pieces done; " in err
    assert os.listdir(tmp_path) == ["hu.csv.parts"] and len(os.listdir(parts)) >= 1


# ---------------------------------------------------------------------------
# A real Dask cluster (tests/process/cluster.py).


@pytest.mark.process
def test_a_worker_lost_in_the_middle_costs_nothing_and_counts_nothing_twice(
    dask_cluster: Cluster, tmp_path: Path
) -> None:
    from pokercalc.pipelines.executors import cluster_executor

    spec = tables.table_spec("flops", "TT+,AK,AQs", range_text="QQ+,AK")
    n = len(spec.hands)
    assert n == 8
    store = tables.ShardStore(str(tmp_path / "parts"), spec)
    killed: list[int] = []

    def kill_one(done: int, total: int) -> None:
        if done == 1 and not killed:  # the pieces Dask gave the killed worker must run again
            killed.append(dask_cluster.kill_worker())

    try:
        executor = cluster_executor(dask_cluster.address)
        try:
            data = tables.compute(spec, store=store, executor=executor, on_piece=kill_one)
        finally:
            executor.shutdown()
    finally:
        dask_cluster.restore()
    assert killed and (data.computed, data.reused) == (n, 0)
    assert sorted(os.listdir(tmp_path / "parts")) == [f"piece-0000{i}.json" for i in range(n)]
    local = tables.compute(spec)
    assert [data.piece(i) for i in range(n)] == [local.piece(i) for i in range(n)]


@pytest.mark.process
@pytest.mark.parametrize(
    "args",
    [
        ["preflop-headsup", "--hands", SUBSET, "-o", "{dir}/hu.csv"],
        ["preflop-vs-random", "--hands", "AA,72o", "--opponents", "2-3", "--stderr", "0.002",
         "-o", "{dir}/vr.jsonl"],
        ["flops", "AA,AKs,AKo", "QQ+,AK", "-o", "{dir}/f.parquet"],
    ],
    ids=["headsup", "vs-random", "flops"],
)  # fmt: skip
def test_a_table_made_on_the_cluster_is_the_local_file_byte_for_byte(
    dask_cluster: Cluster, tmp_path: Path, args: list[str]
) -> None:
    files = []
    for where, how in (("local", ["--jobs", "1"]), ("dask", ["--cluster", dask_cluster.address])):
        folder = tmp_path / where
        folder.mkdir()
        res = invoke("table", *[a.format(dir=folder) for a in args], *how)
        assert res.exit_code == 0, res.output
        (path,) = folder.iterdir()  # the table, and no shards left
        files.append(path.read_bytes())
    assert files[0] == files[1]
