"""Issue 29 items 5 and 7 in the station: ``o`` on the dashboard writes an event note (the
judge and the time the log's, a table if given; a control character refused as the
command line refuses it), and ``s`` on a record of the player screen shows its penalty
slip, which ``s`` there saves to a file; a record entered later says so on the player
screen."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, TextArea

from judgetui.service import RecordRequest, Station
from judgetui.station.dialogs.note import EventNoteModal
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.player_report import PlayerReportScreen
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown


@pilot_test
async def test_o_on_the_dashboard_writes_an_event_note_with_its_table(station: Station) -> None:
    app = make_app(station, FLOOR)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("o")
        await settle(pilot, lambda: isinstance(app.screen, EventNoteModal))
        await pilot.press(*"Lights out")
        app.screen.query_one("#note-table", Input).value = "14"
        await pilot.press("enter")
        await settle(pilot, lambda: bool(fresh(station).notes))
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
    [note] = fresh(station).notes
    assert (note.judge, note.text, note.table, note.round) == (FLOOR, "Lights out", 14, 1)


@pilot_test
async def test_the_note_dialog_wants_a_text_and_refuses_a_control_character(
    station: Station,
) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("o")
        await settle(pilot, lambda: isinstance(app.screen, EventNoteModal))
        await pilot.press("enter")  # nothing written: the dialog stays
        await settle(pilot)
        assert isinstance(app.screen, EventNoteModal)
        app.screen.query_one("#note-field", Input).value = "bell \x07 here"
        await pilot.press("enter")
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await settle(pilot, lambda: any("control" in str(n.message) for n in app._notifications))
    assert fresh(station).notes == []


@pilot_test
async def test_s_on_a_record_shows_its_slip_and_s_saves_it(
    station: Station, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    made = record(station, FLOOR, "P1", "slow_play", note="Took three minutes.", table=7)
    record_id = made.records[0].id  # type: ignore[attr-defined]
    app = make_app(station)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, PlayerReportScreen))
        slip = app.screen.query_one("#report-text", TextArea).text
        assert slip.startswith("PENALTY SLIP")
        assert record_id in slip and "Table:      7" in slip and FLOOR in slip
        assert len(slip.splitlines()) <= 66
        await pilot.press("s")
        await settle(pilot, lambda: type(app.screen).__name__ == "SaveReportModal")
        field = app.screen.query_one("#note-field", Input)
        assert field.value == f"slip-{record_id[:8]}.txt"
        await pilot.press("enter")
        await settle(pilot, lambda: any(tmp_path.glob("judgetui-reports/slip-*.txt")))
    [saved] = tmp_path.glob("judgetui-reports/slip-*.txt")
    assert saved.read_text(encoding="utf-8") == slip


@pilot_test
async def test_a_record_entered_later_says_so_and_sits_where_it_happened(
    station: Station,
) -> None:
    record(station, FLOOR, "P1", "slow_play")
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    first, second = (r.at for r in fresh(station).history("P1"))
    happened = datetime.fromisoformat(first) + timedelta(seconds=30)
    late = RecordRequest(
        ["P1"], "slow_play", False, True, note="paper slip 3", happened_at=happened
    )
    station.record(HEAD, late)
    paper = fresh(station).history("P1")[-1]
    assert first < paper.happened < second
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayerScreen("P1")
        await open_screen(pilot, screen)
        table = screen.query_one("#player-history", DataTable)
        keys = [
            row.key.value for row in table.ordered_rows if row.key.value in fresh(station).records
        ]
        assert keys.index(paper.id) == 1  # between the two it happened between
        table.move_cursor(row=table.get_row_index(paper.id), animate=False)
        await settle(pilot)
        assert "Entered later, from paper" in shown(screen, "#player-detail")
