"""``pokercalc history``: the table, --json, --csv, --hands, --player, bad input, the extra."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pokercalc.cli import cli

pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[1] / "data" / "history"


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["history", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def test_the_table_has_a_row_per_player_and_the_summary() -> None:
    code, out, _ = run(str(DATA))
    assert code == 0
    assert "actual and all-in adjusted net in chips" in out
    assert "actual and all-in adjusted net in big blinds" in out
    row = next(line for line in out.splitlines() if "Tan Xuan" in line)
    assert row.split() == ["Tan", "Xuan", "1", "1", "322,000", "-142,194.96", "464,194.96"]
    assert out.rstrip().endswith(
        "12 hands read; 12 used; 3 all-in adjusted (not adjusted: 9 no all-in); rake 2.55"
    )


def test_json_holds_the_totals_and_the_summary() -> None:
    code, out, err = run(str(DATA), "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["command"] == "history"
    r = doc["result"]
    assert (r["hands_read"], r["hands_used"], r["allin_hands"]) == (12, 12, 3)
    assert r["skipped"] == {"no all-in": 9} and r["hands"] == []
    blom = next(p for p in r["players"] if p["player"] == "Victor Blom")
    assert blom["actual"] == -678473.5 and blom["adjusted"] == pytest.approx(-62882.909756)
    assert err == "pokercalc history: 12 hands read; 12 used; 3 all-in adjusted " \
        "(not adjusted: 9 no all-in); rake 2.55\n"  # fmt: skip


def test_player_and_hands_follow_one_player() -> None:
    code, out, _ = run(str(DATA), "--player", "Tom Dwan", "--hands", "--json")
    r = json.loads(out)["result"]
    assert [p["player"] for p in r["players"]] == ["Tom Dwan"]
    (h,) = r["hands"]
    assert h["source"].endswith("dwan-ivey-2009.phh") and h["board"] == "Jc3d5c4h"
    assert h["pots"] == [
        {"amount": 1109500.0, "players": ["Phil Ivey", "Tom Dwan"], "equities": [0.0, 1.0],
         "method": "exact"}
    ]  # fmt: skip


def test_hands_table_shows_each_all_in_hand() -> None:
    code, out, _ = run(str(DATA / "phua-xuan-2019.phh"), "--hands")
    assert code == 0
    assert "phua-xuan-2019.phh:1  board -  pots 623,000" in out
    row = next(line for line in out.splitlines() if "Paul Phua" in line and "KhKs" in line)
    assert row.replace("│", " ").split() == [
        "Paul", "Phua", "KhKs", "74.51%", "-301,000", "163,194.96",
    ]  # fmt: skip


def test_csv_of_players_and_of_hands() -> None:
    code, out, _ = run(str(DATA / "dwan-ivey-2009.phh"), "--csv")
    assert out.splitlines()[0] == (
        "player,hands,allin_hands,actual,adjusted,difference,actual_bb,adjusted_bb,difference_bb"
    )
    assert "Tom Dwan,1,1,556000.0,556000.0,0.0,278.0,278.0,0.0" in out.splitlines()
    code, out, _ = run(str(DATA / "dwan-ivey-2009.phh"), "--csv", "--hands")
    lines = out.splitlines()
    assert lines[0] == "source,index,hand,game,player,cards,board,dead,pots,put_in,actual,adjusted"
    assert lines[2].endswith(",1,,holdem,Tom Dwan,7h6h,Jc3d5c4h,,1109500.0:1.000000,"
                             "553500.0,556000.0,556000.0")  # fmt: skip


def test_standard_input_is_read() -> None:
    text = (DATA / "dwan-ivey-2009.phh").read_text("utf-8")
    code, out, _ = run("--json", input=text)
    assert code == 0 and json.loads(out)["result"]["allin_hands"] == 1


def test_a_bad_hand_is_one_line_and_the_rest_goes_on(tmp_path: Path) -> None:
    good = (DATA / "dwan-ivey-2009.phh").read_text("utf-8")
    bad = tmp_path / "mixed.phhs"
    bad.write_text(f"[1]\n{good}\n[2]\nvariant = 'NT'\nnot toml at all\n", "utf-8")
    code, out, err = run(str(bad), "--json")
    assert code == 0
    lines = err.splitlines()
    assert len(lines) == 2 and lines[0].startswith(f"pokercalc history: {bad}: hand 2: ")
    r = json.loads(out)["result"]
    assert r["hands_read"] == 2 and r["skipped"] == {"error": 1} and r["allin_hands"] == 1
    code, out, err = run(str(bad), "--strict")
    assert code == 2 and out == ""
    assert err.startswith(f"Error: {bad}: hand 2: ") and len(err.splitlines()) == 1


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    code, out, err = run(str(tmp_path / "nope.phh"), "--json")
    assert code == 0
    assert err.splitlines()[0] == f"pokercalc history: {tmp_path / 'nope.phh'}: cannot read: " \
        "No such file or directory"  # fmt: skip


def test_without_pokerkit_one_line_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)
    code, out, err = run(str(DATA))
    assert code == 2 and out == ""
    assert err == "Error: reading hand histories needs pokerkit: pip install 'pokercalc[history]'\n"


def test_plot_needs_a_player(tmp_path: Path) -> None:
    code, _, err = run(str(DATA), "--plot", str(tmp_path / "ev.png"))
    assert code == 2 and "--player" in err


def test_plot_draws_the_players_curves(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "ev.png"
    code, _, err = run(str(DATA), "--player", "Patrik Antonius", "--plot", str(path))
    assert code == 0, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.process
def test_jobs_give_the_one_process_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokercalc.pipelines import history

    monkeypatch.setattr(history.run, "PIECE_HANDS", 2)  # (the workers read their own: 400)
    one = run(str(DATA), "--json", "--hands")
    two = run(str(DATA), "--json", "--hands", "--jobs", "2")
    assert one[0] == two[0] == 0
    assert json.loads(one[1])["result"] == json.loads(two[1])["result"]


def test_an_online_sites_export_is_detected_and_read(tmp_path: Path) -> None:
    """A PokerStars hand (made up, in the site's format) read by pokerkit's parser."""
    import pokercalc

    path = DATA.parent / "history-sites" / "pokerstars-made-up.txt"
    code, out, err = run(str(path), "--hands", "--json")
    assert code == 0, err
    (h,) = json.loads(out)["result"]["hands"]
    assert h["status"] == "all-in" and h["cards"] == ["", "AsAh", "KsKh"] and h["board"] == ""
    want = pokercalc.equity("AsAh|KsKh", method="exact").players
    assert h["pots"][0]["equities"] == [p.equity for p in want]
    assert h["put_in"] == [0.25, 36.51, 36.51]  # 13.49 of the 50 came back uncalled
    code, out, err = run(str(path), "--format", "phh", "--json")
    assert json.loads(out)["result"]["skipped"] == {"error": 1}
    other = tmp_path / "notes.txt"
    other.write_text("nothing to see\n", "utf-8")
    code, out, err = run(str(other), "--json")
    assert err.startswith(f"pokercalc history: {other}: not a hand history in a known format")


def test_ctrl_c_keeps_the_hands_done_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokercalc.pipelines import history

    real = history.replay.analyse_hand
    done: list[int] = []

    def stop_at_the_third(*args: object, **kwargs: object) -> object:
        if len(done) == 2:
            raise KeyboardInterrupt
        done.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(history.replay, "analyse_hand", stop_at_the_third)
    code, out, err = run(str(DATA), "--json")
    assert code == 130
    r = json.loads(out)["result"]
    assert r["interrupted"] is True and r["hands_read"] == 2
    assert err.splitlines()[-1] == "pokercalc: interrupted; the output shows what was done"


def test_jsonl_is_one_line_per_hand_valid_by_the_schema() -> None:
    import jsonschema

    from pokercalc.core.formats import load_schema

    code, out, err = run(str(DATA / "abs-2009-07-01-100nlh.phhs"), str(DATA / "dwan-ivey-2009.phh"),
                         "--jsonl")  # fmt: skip
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [(h["index"], h["status"]) for h in lines] == [
        (1, "no all-in"), (2, "no all-in"), (3, "no all-in"), (4, "no all-in"), (1, "all-in"),
    ]  # fmt: skip
    hand = load_schema("history")["properties"]["result"]["properties"]["hands"]["items"]
    for line in lines:
        jsonschema.Draft202012Validator(hand).validate(line)
    assert err.startswith("pokercalc history: 5 hands read; 5 used; 1 all-in adjusted")
    code, out, err = run(str(DATA), "--jsonl", "--json")
    assert code == 2 and "--jsonl excludes --json and --csv" in err
