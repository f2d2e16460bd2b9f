"""Issue 29 item 6, earlier events, through the command line as CLI.md writes it:
``event earlier FILE... --judge HEAD`` (a log entry), ``history --from-event FILE`` (read
only, verified, matched by DCI number else by id), never counted, refused over ssh."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judgetui import cli, earlier
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from tests.helpers.cli import rec, refused, run, run_json
from tests.helpers.earlier import earlier_event
from tests.helpers.event import FLOOR, HEAD


@pytest.fixture
def autumn(tmp_path: Path, rules: Rules) -> Path:
    """Autumn Open: A7 (Taro Yamada, DCI 1234567) with two Single Warnings for slow play,
    P2 (no DCI) with one for drawing extra cards."""
    return earlier_event(
        tmp_path / "autumn.json",
        rules,
        players=(("A7", "Taro Yamada", "1234567"), ("P2", "Ann Lee", None)),
        penalties=(
            ("A7", "slow_play", "single_warning"),
            ("A7", "slow_play", "single_warning"),
            ("P2", "drawing_extra_cards", "single_warning"),
        ),
    )


@pytest.fixture
def db(station: Station, db_path: Path) -> Path:
    """The conftest event, P1 (Taro Yamada) with the DCI number A7 had at Autumn Open."""
    station.import_players(HEAD, [Player(id="P1", name="Taro Yamada", dci="1234567")])
    return db_path


def test_event_earlier_names_the_files_in_the_event_as_the_head_judges_log_entry(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path
) -> None:
    refused(capsys, db, 3, "event", "earlier", autumn, "--db", db, "--judge", FLOOR)
    code, out, _err = run(capsys, "event", "earlier", autumn, autumn, "--db", db, "--judge", HEAD)
    assert code == 0
    assert out == f"{autumn}: Autumn Open, 3 records, the log verified\n"
    entry = json.loads(db.read_text())["log"]
    last = entry[str(len(entry))]
    assert (last["kind"], last["judge"], last["data"]) == (
        "earlier_events_set",
        HEAD,
        {"files": [str(autumn)]},
    )
    assert run_json(capsys, "event", "earlier", "--db", db) == [
        {"file": str(autumn), "problem": None, "event": "Autumn Open"}
    ]
    run(capsys, "event", "earlier", "--clear", "--db", db, "--judge", HEAD)
    assert run(capsys, "event", "earlier", "--db", db)[1] == "no earlier events\n"


def test_event_earlier_refuses_a_file_that_fails_to_verify_or_is_this_event(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path, tmp_path: Path
) -> None:
    autumn.write_text(autumn.read_text().replace("Autumn Open", "Autumn Opem"))
    line = refused(capsys, db, 2, "event", "earlier", autumn, "--db", db, "--judge", HEAD)
    assert line.startswith("judgetui: autumn.json: does not verify (")
    line = refused(capsys, db, 2, "event", "earlier", db, "--db", db, "--judge", HEAD)
    assert line == f"judgetui: {db} is this event's own file"
    os.mkfifo(tmp_path / "pipe.json")  # would block a reader that waits for a writer
    line = refused(capsys, db, 2, "history", "--from-event", tmp_path / "pipe.json", "--db", db)
    assert line.startswith("judgetui: pipe.json: ")


def test_history_from_event_matches_by_dci_number_else_by_id_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path
) -> None:
    folder = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in autumn.parent.iterdir()}
    folder.pop(db.name)
    found = run_json(capsys, "history", "--from-event", autumn, "--player", "P1", "--db", db)
    assert [(r["player"], r["infraction"], r["event"]) for r in found] == [
        ("A7", "slow_play", "Autumn Open")
    ] * 2
    found = run_json(capsys, "history", "--from-event", autumn, "--player", "P2", "--db", db)
    assert [r["infraction"] for r in found] == ["drawing_extra_cards"]
    assert run_json(capsys, "history", "--from-event", autumn, "--player", "P3", "--db", db) == []
    assert len(run_json(capsys, "history", "--from-event", autumn)) == 3
    code, out, _err = run(capsys, "history", "--from-event", autumn, "--player", "P1", "--db", db)
    assert code == 0
    assert "information only" in out and out.count("Autumn Open  R1  A7") == 2
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in autumn.parent.iterdir()}
    after.pop(db.name)
    assert after == folder  # not written, not locked: no lock or temp file touched beside it


def test_history_from_event_takes_only_player_and_an_earlier_event_file(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path
) -> None:
    line = refused(capsys, db, 2, "history", "--from-event", autumn, "--round", "1", "--db", db)
    assert line == "judgetui: --from-event takes only --player"
    line = refused(capsys, db, 2, "history", "--from-event", db.parent / "nothing.json")
    assert line == "judgetui: nothing.json: no such file"


def test_an_earlier_events_records_never_change_a_classification(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path, rules: Rules
) -> None:
    """A7's two Single Warnings for slow play at Autumn Open are not P1's earlier offences
    here: the same record gives the same penalty and points with them named or not."""
    without = run_json(capsys, *rec(db, HEAD, "P2", "slow_play", "no", "yes", "--json"))
    run(capsys, "event", "earlier", autumn, "--db", db, "--judge", HEAD)
    with_them = run_json(capsys, *rec(db, HEAD, "P1", "slow_play", "no", "yes", "--json"))
    assert [(r["penalty"], r["points"]) for r in with_them["records"]] == [
        (r["penalty"], r["points"]) for r in without["records"]
    ]
    assert (
        run_json(capsys, "player", "P1", "--db", db)["points"]
        == run_json(capsys, "player", "P2", "--db", db)["points"]
    )
    [event] = earlier.read_all([str(autumn)])
    assert isinstance(event, earlier.EarlierEvent)
    player = event.state.players["A7"]
    assert earlier.summary([event], player) == (
        "earlier events: 2 × Single Warning (Slow play, Autumn Open)"
    )


def test_an_earlier_event_is_read_once_per_version_of_its_file(
    autumn: Path, monkeypatch: pytest.MonkeyPatch, rules: Rules
) -> None:
    from judgetui.store import earlier as store_earlier

    reads: list[Path] = []
    real = store_earlier.read_earlier

    def counted(path: Path, max_bytes: int = store_earlier.EARLIER_MAX_BYTES) -> object:
        reads.append(path)
        return real(path, max_bytes)

    monkeypatch.setattr(earlier, "read_earlier", counted)
    first = earlier.read(str(autumn))
    assert earlier.read(str(autumn)) is first and len(reads) == 1
    earlier_event(autumn.with_name("new.json"), rules, name="Autumn Open II")
    os.replace(autumn.with_name("new.json"), autumn)
    again = earlier.read(str(autumn))
    assert isinstance(again, earlier.EarlierEvent) and again.state.name == "Autumn Open II"
    assert len(reads) == 2


def test_a_huge_earlier_file_is_refused_unread(autumn: Path) -> None:
    from judgetui.store import EventFileError
    from judgetui.store.earlier import read_earlier

    with pytest.raises(EventFileError, match="too large to read as an earlier event"):
        read_earlier(autumn, max_bytes=100)


def test_from_event_is_refused_over_ssh(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    db: Path,
    autumn: Path,
) -> None:
    for form in (f"history --from-event {autumn}", f"history --from {autumn} --player P1"):
        monkeypatch.setenv("SSH_ORIGINAL_COMMAND", form)
        before = db.read_bytes()
        capsys.readouterr()
        assert cli.main(["--db", str(db), "ssh"]) == 2
        out, err = capsys.readouterr()
        assert out == ""
        assert err.startswith("judgetui: over ssh, --from-event is not allowed"), err
        assert db.read_bytes() == before


def test_naming_earlier_events_keeps_the_focused_fold_of_a_write(
    capsys: pytest.CaptureFixture[str], db: Path, autumn: Path, station: Station
) -> None:
    """An act on one player still folds only that player's part of the log (not the
    whole log again, as an entry kind the focused fold does not know would make it)."""
    from judgetui.state.focus import fold_for

    run(capsys, "event", "earlier", autumn, "--db", db, "--judge", HEAD)
    entries = station.file.load().entries
    focused = fold_for(station.rules, entries, ["P1"])
    assert focused is not None
    assert focused.earlier_events == (str(autumn),)
