"""Names and notes never drive a terminal (issue 10 item 6, SECURITY.md promise 6).

New text with a control character is refused at the door (CSV import, notes, event and
judge names: exit 2, one line, the file byte-for-byte unchanged); text already in a file
(written by an older version or by hand) is shown with its control characters spelled
out by the command line and the station, never raw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.segment import Segment

from judgetui import cli
from judgetui.rules import Rules
from judgetui.service import BadInput, RecordRequest, Station
from judgetui.station.navigation import navigator
from judgetui.station.terminal import ControlCharacterFilter
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, pilot_test, service_on, session_of, settle

EVIL_NAME = "Evil\x1b]2;owned\x07Name\x00\x9b2J"
EVIL_NOTE = "look\x1b[2J\x1b[Hhere\x07"
CONTROLS = {"ESC": "\x1b", "NUL": "\x00", "BEL": "\x07", "DEL": "\x7f", "CSI": "\x9b"}


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(capsys: pytest.CaptureFixture[str], db: Path, *argv: object) -> str:
    before = db.read_bytes()
    code, out, err = _run(capsys, "--db", db, *argv)
    assert code == 2, (code, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "control character" in lines[0]
    assert not any(c in lines[0] for c in CONTROLS.values())
    assert db.read_bytes() == before
    return lines[0]


# -- at the door ------------------------------------------------------------------------------


@pytest.mark.parametrize("control", CONTROLS.values(), ids=CONTROLS.keys())
def test_a_csv_row_with_a_control_character_is_refused(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, control: str
) -> None:
    csv = db_path.parent / "players.csv"
    csv.write_text(f"id,name\nP7,Good Name\nP8,Bad{control}Name\n", encoding="utf-8")
    line = _refused(capsys, db_path, "players", "import", csv, "--judge", HEAD)
    assert "line 3" in line and "name" in line


def test_a_csv_name_with_a_newline_is_refused(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    csv = db_path.parent / "players.csv"
    csv.write_text('id,name\nP7,"Two\nLines"\n', encoding="utf-8")
    _refused(capsys, db_path, "players", "import", csv, "--judge", HEAD)


@pytest.mark.parametrize("control", ["\x1b", "\x00", "\x07", "\r", "\t", "\x85"])
def test_a_note_with_a_control_character_is_refused(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, control: str
) -> None:
    note = f"left{control}right"
    record = ["record", "--judge", FLOOR, "--player", "P1", "--infraction", "slow_play"]
    record += ["--intentional", "no", "--disruptive", "yes", "--note", note]
    _refused(capsys, db_path, *record)
    caution = [*record[:-4], "--disruptive", "no", "--note", note]  # the note is not kept
    _refused(capsys, db_path, *caution)
    # a record waits for review: the review's and the decision's notes are checked too
    code, _out, err = _run(capsys, "--db", db_path, *record[:-2])  # the same, no note
    assert code == 0, err
    item = station.queue()[0].id
    _refused(capsys, db_path, "review", item, "confirm", "--judge", HEAD, "--note", note)


def test_a_note_may_hold_a_line_break(station: Station) -> None:
    request = RecordRequest(["P1"], "slow_play", False, True, note="first line\nsecond line")
    station.record(FLOOR, request)
    assert station.load().records[station.queue()[0].id].note == "first line\nsecond line"


@pytest.mark.parametrize("control", CONTROLS.values(), ids=CONTROLS.keys())
def test_an_event_name_with_a_control_character_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, control: str
) -> None:
    db = tmp_path / "new.json"
    code, _out, err = _run(
        capsys, "--db", db, "event", "init", "--name", f"Open{control}", "--head-judge", HEAD
    )
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "control character" in err
    assert not db.exists()
    code, _out, err = _run(
        capsys, "--db", db, "event", "init", "--name", "Open", "--head-judge", f"Ka{control}na"
    )
    assert code == 2 and "control character" in err
    assert not db.exists()


@pytest.mark.parametrize("control", CONTROLS.values(), ids=CONTROLS.keys())
def test_a_judge_name_with_a_control_character_is_refused(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, control: str
) -> None:
    _refused(capsys, db_path, "event", "judge", f"New{control}Judge", "--judge", HEAD)


def test_the_service_refuses_a_control_character_whatever_face_calls_it(station: Station) -> None:
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match="control character"):
        station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True, note="a\x1bb"))
    assert station.file.path.read_bytes() == before
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    item = station.queue()[0].id
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match="control character"):
        station.review(HEAD, item, "dismiss", note="\x07")
    assert station.file.path.read_bytes() == before
    while station.load().decision_owed("P1") is None:
        station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match="control character"):
        station.decide(HEAD, "P1", "ejection", note="\x07")
    assert station.file.path.read_bytes() == before


# -- already in the file ----------------------------------------------------------------------


def _plant_hostile_text(station: Station) -> str:
    """Write, through the store itself, a player named and a note written with controls.

    As an older version (or a hand edit that re-chained the log) would have left them.
    Returns the record's id.
    """
    state = station.load()
    head = state.judges[HEAD]
    player = {"id": "P9", "name": EVIL_NAME}
    station.file.append(
        lambda _snapshot: [station.planner.entry("players_imported", head, {"players": [player]})]
    )
    request = RecordRequest(["P9"], "slow_play", False, True, note="placeholder")
    entries, result = station.planner.plan_record(station.load(), FLOOR, request)
    entries[0]["data"]["note"] = EVIL_NOTE
    station.file.append(lambda _snapshot: entries)
    record_id = result.records[0].id
    assert record_id is not None
    return record_id


def test_the_command_line_shows_hostile_text_spelled_out(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    _plant_hostile_text(station)
    outputs = []
    for argv in (["player", "P9"], ["queue"], ["event", "show"], ["export", "--format", "csv"]):
        code, out, err = _run(capsys, "--db", db_path, *argv)
        assert code == 0, err
        outputs.append(out)
    text = "".join(outputs)
    assert not any(c in text for c in CONTROLS.values())
    assert "Evil\\x1b]2;owned\\x07Name\\x00\\x9b2J" in outputs[0]


def _no_controls(text: str) -> bool:
    return not any(c in text for c in CONTROLS.values())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pilot_test
async def test_the_station_shows_hostile_text_spelled_out(
    station: Station, db_path: Path, rules: Rules, size: tuple[int, int]
) -> None:
    _plant_hostile_text(station)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: "P9" in session_of(app).state.players)
        await pilot.pause()
        dashboard = app.export_screenshot()
        assert _no_controls(dashboard)
        assert "Evil\\x1b]2;owned" in dashboard
        navigator(app).open_player("P9")
        await pilot.pause()
        player = app.export_screenshot()
        assert _no_controls(player)
        assert "look\\x1b[2J\\x1b[Hhere\\x07" in player.replace("&#160;", " ")
        for strip in app.screen._compositor.render_strips():
            assert _no_controls("".join(segment.text for segment in strip))


def test_the_filter_drops_control_characters_and_keeps_the_layout() -> None:
    segments: list[Any] = [Segment("ab\x1b]2;x\x07"), Segment("\x1b"), Segment("cd\x9b")]
    cleaned = ControlCharacterFilter().apply(segments, None)  # type: ignore[arg-type]
    assert [s.text for s in cleaned] == ["ab]2;x", "cd"]
    assert sum(s.cell_length for s in cleaned) == sum(s.cell_length for s in segments)
    plain = [Segment("nothing to do")]
    assert ControlCharacterFilter().apply(plain, None) is plain  # type: ignore[arg-type]
