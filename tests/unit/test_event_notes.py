"""Issue 29 item 5: event notes, ``note TEXT [--table N]`` (CLI.md): a judge's note about
the event itself, naming no player (a table's lights out, a round started late), a log
entry with the judge and the time; ``history --notes`` lists them, filtered by judge,
round and table; ``report event`` gives them a heading of their own; control characters
are refused at the door, as in every text; floor judges write them over ``judgetui ssh``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import cli
from tests.helpers.cli import refused, run, run_json, ssh
from tests.helpers.trainees import FLOOR, HEAD, TRAINEE, trainee_event


def _noted(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ("note", "--judge", FLOOR, "Table 14: the lights are out", "--table", "14"),
        ("note", "--judge", HEAD, "Round 1 started 10 minutes late"),
        ("event", "round", "2", "--judge", HEAD),
        ("note", "--judge", TRAINEE, "Table 3 has no chairs", "--table", "3"),
    ):
        code, _out, err = run(capsys, *argv, "--db", db)
        assert code == 0, err


def test_a_note_is_a_log_entry_with_its_judge_time_round_and_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    made = run_json(
        capsys, "note", "--judge", FLOOR, "Table 14: lights out", "--table", 14, "--db", db
    )
    assert (made["judge"], made["round"], made["table"]) == (FLOOR, 1, 14)
    assert made["text"] == "Table 14: lights out"
    log = json.loads(db.read_text(encoding="utf-8"))["log"]
    entry = log[max(log, key=int)]
    assert (entry["kind"], entry["judge"], entry["at"]) == ("event_noted", FLOOR, made["at"])
    assert entry["data"] == {"text": "Table 14: lights out", "table": 14}


def test_history_notes_lists_them_newest_first_and_filters_by_judge_round_and_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    _noted(db, capsys)
    every = run_json(capsys, "history", "--notes", "--db", db)
    assert [(n["judge"], n["round"], n["table"]) for n in every] == [
        (TRAINEE, 2, 3),
        (HEAD, 1, None),
        (FLOOR, 1, 14),
    ]
    assert [
        n["text"] for n in run_json(capsys, "history", "--notes", "--table", 14, "--db", db)
    ] == ["Table 14: the lights are out"]
    assert len(run_json(capsys, "history", "--notes", "--round", 1, "--db", db)) == 2
    assert [
        n["judge"]
        for n in run_json(capsys, "history", "--notes", "--judge", HEAD.upper(), "--db", db)
    ] == [HEAD]
    code, out, err = run(capsys, "history", "--notes", "--db", db)
    assert code == 0, err
    assert "R1 T14" in out and "Table 14: the lights are out" in out and FLOOR in out
    assert (
        "no event note matches" in run(capsys, "history", "--notes", "--table", 99, "--db", db)[1]
    )
    # the records' history is as it was: a note is no record
    assert run_json(capsys, "history", "--db", db) == []
    line = refused(capsys, db, 2, "history", "--notes", "--player", "p1", "--db", db)
    assert "no player" in line


def test_report_event_gives_the_notes_a_heading_of_their_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    code, out, _err = run(capsys, "report", "event", "--db", db)
    assert code == 0 and "## Event notes" in out and "No event note." in out
    _noted(db, capsys)
    code, out, _err = run(capsys, "report", "event", "--db", db)
    notes = out[out.index("## Event notes") :]
    assert notes.index("Table 14: the lights are out") < notes.index("Table 3 has no chairs")
    assert "Round 1, table 14," in notes and f"({FLOOR}):" in notes
    assert "Round 2, table 3," in notes
    assert max(len(line) for line in out.splitlines()) <= 78
    data = run_json(capsys, "report", "event", "--db", db)
    assert [n["table"] for n in data["notes"]] == [14, None, 3]
    exported = run_json(capsys, "export", "--db", db)["notes"]
    assert [(n["judge"], n["round"], n["text"]) for n in exported][-1] == (
        TRAINEE,
        2,
        "Table 3 has no chairs",
    )
    code, out, _err = run(capsys, "report", "event", "--lang", "ja", "--db", db)
    assert "## 大会メモ" in out


@pytest.mark.parametrize("text", ["lights \x1b[31mout", "lights \u202eout", "bell\x07"])
def test_control_and_bidi_characters_are_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    db = trainee_event(tmp_path, capsys)
    line = refused(capsys, db, 2, "note", "--judge", FLOOR, text, "--db", db)
    assert "control" in line or "U+" in line


def test_an_empty_note_an_unknown_judge_and_a_table_out_of_range_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    assert "needs its text" in refused(capsys, db, 2, "note", "--judge", FLOOR, "   ", "--db", db)
    assert "unknown judge" in refused(capsys, db, 2, "note", "--judge", "Nobody", "x", "--db", db)
    refused(capsys, db, 2, "note", "--judge", FLOOR, "x", "--table", "0", "--db", db)
    refused(capsys, db, 2, "note", "x", "--db", db)  # an unbound event: the judge is named


def test_a_floor_judge_writes_a_note_over_ssh(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = trainee_event(tmp_path, capsys)
    code, _out, err = ssh(
        capsys, monkeypatch, db, f"note --judge '{FLOOR}' 'Table 9 wobbles' --table 9"
    )
    assert code == 0, err
    [note] = run_json(capsys, "history", "--notes", "--db", db)
    assert (note["judge"], note["table"], note["text"]) == (FLOOR, 9, "Table 9 wobbles")


def test_note_is_a_command_of_the_package() -> None:
    assert cli.COMMANDS["note"] is cli.cmd_note
