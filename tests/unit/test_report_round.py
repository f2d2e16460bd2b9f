"""The scorekeeper's round list (`judgetui report round`): game and match losses with
their table and current/next game, ejections, time extensions by table, and the head
judge's "entered" marks, which are log entries and so persist across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli, report_texts
from judgetui.service import NotPermitted, RecordRequest, Station
from tests.helpers.event import FLOOR, HEAD, record

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def round_json(capsys: pytest.CaptureFixture[str], db: Path, *argv: object) -> Any:
    code, out, err = run(capsys, "report", "round", *argv, "--db", db, "--json")
    assert code == 0, err
    return json.loads(out)


def _set_round(station: Station, number: int) -> None:
    station.set_round(HEAD, number)


def test_a_current_game_loss_is_on_its_own_round_only(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    _set_round(station, 3)
    # previous_opponent_card: a game loss of the current or next game (head judge issues)
    record(station, HEAD, "P1", "previous_opponent_card", False, False)
    state = station.load()
    [rec] = [r for r in state.records.values() if r.player == "P1"]
    assert rec.sanction == "game_loss"
    items = round_json(capsys, db_path, "3")["items"]
    [item] = [i for i in items if i["id"] == rec.id]
    assert item["kind"] == "game_loss"
    assert item["player"] == "P1"
    assert item["applies"] == rec.applies
    assert item["entered"] is False
    later = round_json(capsys, db_path, "4")["items"]
    assert (rec.id in [i["id"] for i in later]) == (rec.applies == "next")


def test_a_next_game_loss_shows_on_both_rounds_and_a_mark_on_either(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    _set_round(station, 3)
    record(station, HEAD, "P2", "decklist_mismatch", False, False)
    state = station.load()
    [rec] = [r for r in state.records.values() if r.player == "P2"]
    assert (rec.sanction, rec.applies) == ("game_loss", "next")
    third = round_json(capsys, db_path, "3")
    fourth = round_json(capsys, db_path, "4")
    [in3] = [i for i in third["items"] if i["id"] == rec.id]
    [in4] = [i for i in fourth["items"] if i["id"] == rec.id]
    assert in3["carried"] is False and in4["carried"] is True
    assert in4["recorded_round"] == 3
    assert round_json(capsys, db_path, "5")["items"] == []
    code, _out, err = run(
        capsys, "report", "round", "4", "--enter", rec.id[:8], "--db", db_path, "--judge", HEAD
    )
    assert code == 0, err
    assert rec.id not in round_json(capsys, db_path, "3")["not_entered"]
    assert rec.id not in round_json(capsys, db_path, "4")["not_entered"]


def test_a_next_match_loss_is_on_the_next_round(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    _set_round(station, 2)
    station.record(
        HEAD,
        RecordRequest(
            players=["P3"],
            infraction="tardiness",
            intentional=False,
            disruptive=True,
            minutes_late=12,
            flags=frozenset({"between_matches"}),
        ),
    )
    [rec] = [r for r in station.load().records.values() if r.player == "P3"]
    assert (rec.sanction, rec.applies) == ("match_loss", "next")
    assert rec.id not in [i["id"] for i in round_json(capsys, db_path, "2")["items"]]
    [item] = round_json(capsys, db_path, "3")["items"]
    assert (item["id"], item["carried"], item["recorded_round"]) == (rec.id, True, 2)


def test_an_ejection_is_listed_and_the_text_says_what_is_not_entered(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    record(station, HEAD, "P4", "illegal_deck", False, True)
    data = round_json(capsys, db_path)
    assert data["round"] == 1
    [item] = data["items"]
    assert item["kind"] == "ejection"
    assert data["not_entered"] == [item["id"]]
    code, out, _err = run(capsys, "report", "round", "--db", db_path)
    assert code == 0
    assert "Ejections and disqualifications" in out
    assert "P4 Lucas Silva" in out
    assert "not entered" in out
    assert "Not yet entered: 1 of 1 item." in out
    assert station.load().head in out


def test_decisions_are_on_the_list(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", True, False)
    state = station.load()
    owed = state.decision_owed("P5")
    assert owed is not None
    station.decide(HEAD, "P5", owed.default)
    items = round_json(capsys, db_path)["items"]
    decided = [i for i in items if i["source"] == "decision"]
    assert [(i["player"], i["kind"]) for i in decided] == [("P5", owed.default)]


def test_marks_persist_across_processes_and_only_the_head_judge_marks(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    record(station, HEAD, "P4", "illegal_deck", False, True)
    [item] = round_json(capsys, db_path)["items"]
    before = db_path.read_bytes()
    with pytest.raises(NotPermitted):
        station.mark_entered(FLOOR, [item["id"]], 1)
    code, _out, err = run(
        capsys, "report", "round", "--enter", item["id"], "--db", db_path, "--judge", FLOOR
    )
    assert code == 3 and "Traceback" not in err
    assert db_path.read_bytes() == before
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "judgetui",
            "report",
            "round",
            "--enter",
            item["id"],
            "--db",
            str(db_path),
            "--judge",
            HEAD,
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["not_entered"] == []
    # a fresh fold (another process's view) sees the mark, with who and when
    [again] = round_json(capsys, db_path)["items"]
    assert again["entered"] is True
    assert again["entered_by"]["judge"] == HEAD
    # twice is refused (exit 2), the file unchanged
    before = db_path.read_bytes()
    code, _out, err = run(
        capsys, "report", "round", "--enter", item["id"], "--db", db_path, "--judge", HEAD
    )
    assert code == 2 and "already entered" in err
    assert db_path.read_bytes() == before


def test_an_unknown_item_is_refused(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    before = db_path.read_bytes()
    code, _out, err = run(
        capsys, "report", "round", "--enter", "nonsense-id", "--db", db_path, "--judge", HEAD
    )
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert db_path.read_bytes() == before


def test_a_forged_mark_by_a_floor_judge_breaks_the_fold(station: Station) -> None:
    from judgetui.state import MalformedLog

    state = station.load()
    entry = {
        "kind": "scorekeeper_entered",
        "at": "2026-11-28T15:00:00Z",
        "judge": FLOOR,
        "seq": state.count,
        "data": {"items": ["x"], "round": 1},
    }
    with pytest.raises(MalformedLog):
        state.apply(entry)


def test_the_list_in_japanese(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    record(station, HEAD, "P4", "illegal_deck", False, True)
    code, out, _err = run(capsys, "report", "round", "--db", db_path, "--lang", "ja")
    assert code == 0
    assert "スコアキーパー" in out and "未入力" in out


def test_round_items_pure(station: Station) -> None:
    record(station, HEAD, "P4", "illegal_deck", False, True)
    state = station.load()
    items = report_texts.round_items(state, 1)
    assert [i.kind for i in items] == ["ejection"]
    assert report_texts.round_items(state, 2) == []


def test_request_is_not_on_the_list_until_issued(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    station.record(
        FLOOR,
        RecordRequest(
            players=["P6"],
            infraction="illegal_deck",
            intentional=False,
            disruptive=True,
            request=True,
        ),
    )
    assert round_json(capsys, db_path)["items"] == []


def test_a_game_loss_with_its_table_and_an_extension_by_table(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    """The issue's case: a game loss at table 14 (next game), an extension at table 31,
    an ejection at table 7, through `record --table/--game/--extension`."""
    _set_round(station, 3)
    base = ["record", "--db", db_path, "--judge", HEAD]
    code, _out, err = run(
        capsys,
        *base,
        "--player",
        "P1",
        "--infraction",
        "decklist_mismatch",
        "--intentional",
        "no",
        "--disruptive",
        "no",
        "--table",
        "14",
        "--game",
        "2",
    )
    assert code == 0, err
    code, _out, err = run(
        capsys,
        *base,
        "--player",
        "P3",
        "--infraction",
        "slow_play",
        "--intentional",
        "no",
        "--disruptive",
        "yes",
        "--table",
        "31",
        "--extension",
        "5",
        "--opponent",
        "P4",
    )
    assert code == 0, err
    code, _out, err = run(
        capsys,
        *base,
        "--player",
        "P2",
        "--infraction",
        "illegal_deck",
        "--intentional",
        "no",
        "--disruptive",
        "yes",
        "--table",
        "7",
    )
    assert code == 0, err
    data = round_json(capsys, db_path, "3")
    by_kind = {i["kind"]: i for i in data["items"]}
    loss = by_kind["game_loss"]
    assert (loss["player"], loss["table"], loss["game"], loss["applies"]) == ("P1", 14, 2, "next")
    assert by_kind["ejection"]["table"] == 7
    ext = by_kind["extension"]
    assert (ext["table"], ext["minutes"], ext["players"]) == (31, 5, ["P3"])
    assert data["extensions_by_table"] == [{"table": 31, "minutes": 5}]
    assert [i["table"] for i in data["items"]] == [7, 14, 31]  # by table
    code, out, _err = run(capsys, "report", "round", "3", "--db", db_path)
    assert "T14" in out and "next game" in out and "recorded in game 2" in out
    assert "T31: +5 min" in out
    # the extension is an item of its own: it is marked entered like a loss
    code, _out, err = run(
        capsys, "report", "round", "3", "--enter", ext["id"], "--db", db_path, "--judge", HEAD
    )
    assert code == 0, err
    assert ext["id"] not in round_json(capsys, db_path, "3")["not_entered"]
    # next round: only the next-game loss, carried over
    [carried] = round_json(capsys, db_path, "4")["items"]
    assert (carried["id"], carried["table"], carried["carried"]) == (loss["id"], 14, True)


def test_a_loss_voided_after_it_was_entered_stays_to_be_taken_back(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    record(station, HEAD, "P4", "illegal_deck", False, True)
    record(station, HEAD, "P5", "illegal_deck", False, True)
    entered, unentered = (i["id"] for i in round_json(capsys, db_path)["items"])
    station.mark_entered(HEAD, [entered], 1)
    station.void(HEAD, entered, "wrong player")
    station.void(HEAD, unentered, "wrong player")
    [item] = round_json(capsys, db_path)["items"]  # the one never entered is gone
    assert (item["id"], item["voided"], item["entered"]) == (entered, True, True)
    _code, out, _err = run(capsys, "report", "round", "--db", db_path)
    assert "voided after it was entered: take it back" in out


def test_the_closing_line_counts_a_line_to_take_back_as_outstanding(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    """Every other line is entered, but one was voided after the scorekeeper entered it:
    the list does not end "Every item is entered." while that take-back is owed."""
    record(station, HEAD, "P4", "illegal_deck", False, True)
    record(station, HEAD, "P5", "illegal_deck", False, True)
    first, second = (i["id"] for i in round_json(capsys, db_path)["items"])
    for item in (first, second):
        code, _out, err = run(
            capsys, "report", "round", "--enter", item, "--judge", HEAD, "--db", db_path
        )
        assert code == 0, err
    code, _out, err = run(
        capsys, "void", first, "--judge", HEAD, "--note", "wrong player", "--db", db_path
    )
    assert code == 0, err
    code, out, err = run(capsys, "report", "round", "--db", db_path)
    assert code == 0, err
    assert "voided after it was entered: take it back" in out
    assert "Every item is entered." not in out
    assert "To take back: 1 item voided after it was entered." in out
    assert round_json(capsys, db_path)["to_take_back"] == [first]
    code, out, _err = run(capsys, "report", "round", "--db", db_path, "--lang", "ja")
    assert "すべて入力済み" not in out
