"""The station's side of issue 13: the context line, the duplicate prompt, the history.

A floor judge records an incident at table 14; the head judge, at a second station on the
same file, reports the same player for the same infraction, is shown the floor judge's
record, attaches a witness note instead of a second penalty, and opens the history
filtered by the table.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from judgetui.demo import write_demo
from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.station.app import JudgeStation
from judgetui.station.dialogs.duplicate import DuplicateScreen
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.history import HistoryScreen
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import (
    make_app,
    pilot_test,
    service_on,
    session_of,
    settle,
    walk_to_result,
)

SIZE = (100, 30)


async def _record_with_table(app_pilot: object, table: str) -> ClassifyScreen:
    from textual.pilot import Pilot

    assert isinstance(app_pilot, Pilot)
    screen = await walk_to_result(app_pilot, "P1", "slow", "n", "y")
    # tab: the note, then the table
    await app_pilot.press("tab", "tab", *table)
    assert screen.query_one("#ctx-table", Input).value == table
    await app_pilot.press("enter")
    return screen


@pilot_test
async def test_table_duplicate_witness_and_history(
    station: Station, db_path: Path, rules: Rules
) -> None:
    floor = make_app(service_on(db_path, rules, ids=9), FLOOR, now=FIXED_NOW)
    async with floor.run_test(size=SIZE) as pilot:
        screen = await _record_with_table(pilot, "14")
        await settle(pilot, lambda: screen.step == "done")
        session = session_of(floor)
        [record] = [r for r in session.state.records.values()]
        assert record.table == 14
        # the next incident of the same judge in the same round: P2's own table (none
        # known), never the table of another incident (issue 26 item 3)
        await pilot.press("n")
        again = floor.screen
        assert isinstance(again, ClassifyScreen)
        await pilot.press(*"p2", "enter", *"slow", "enter", "n", "y")
        while again.step == "upgrades":
            await pilot.press("n")
        assert again.query_one("#ctx-table", Input).value == ""
    first = record.id

    head = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(head.screen, DuplicateScreen))
        prompt = head.screen
        assert isinstance(prompt, DuplicateScreen)
        shown = str(prompt.query_one("#duplicate-earlier", Static).render())
        assert FLOOR in shown and "table 14" in shown and "Slow play" in shown
        # enter without a note: refused in the dialog, nothing written
        before = db_path.read_bytes()
        await pilot.press("enter")
        assert isinstance(head.screen, DuplicateScreen)
        assert "note is needed" in str(prompt.query_one("#duplicate-problem", Static).render())
        assert db_path.read_bytes() == before
        await pilot.press(*"saw it too", "enter")  # the first choice: a witness note
        await settle(pilot, lambda: screen.step == "done")
        state = session_of(head).state
        assert [w.note for w in state.records[first].witnesses] == ["saw it too"]
        assert len(state.players["P1"].records) == 1  # no second penalty
        await pilot.press("enter")
        assert isinstance(head.screen, DashboardScreen)
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(head.screen, HistoryScreen))
        history = head.screen
        assert isinstance(history, HistoryScreen)
        await pilot.press(*"t:14")
        table = history.query_one("#history-table", DataTable)
        await settle(pilot, lambda: table.row_count == 1)
        detail = str(history.query_one("#history-detail", Static).render())
        assert "saw it too" in detail and f"Witness {HEAD}" in detail
        await pilot.press(*"5")  # t:145: no record
        await settle(pilot, lambda: table.row_count == 0)
        assert history.query_one("#history-counts", Static).display
        console = Console(width=100, record=True)
        console.print(history._counts(session_of(head).state))
        counts = {line.split("  ")[0].strip(): line for line in console.export_text().splitlines()}
        # this round / the event: one record each, no request, nothing reviewed yet
        assert counts[FLOOR].split()[2:] == ["1", "/", "1", "0", "/", "0"] + ["0", "/", "0"] * 3


@pilot_test
async def test_record_anyway_needs_a_note_and_records_a_second_incident(
    station: Station, db_path: Path, rules: Rules
) -> None:
    floor = make_app(service_on(db_path, rules, ids=9), FLOOR, now=FIXED_NOW)
    async with floor.run_test(size=SIZE) as pilot:
        screen = await _record_with_table(pilot, "3")
        await settle(pilot, lambda: screen.step == "done")
    head = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(head.screen, DuplicateScreen))
        await pilot.press("down", *"another stall, later", "enter")
        await settle(pilot, lambda: screen.step == "done")
        state = session_of(head).state
        records = [state.records[r] for r in state.players["P1"].records]
        assert len(records) == 2
        assert records[1].duplicate_of == records[0].id
        assert records[1].note == "another stall, later"


@pilot_test
async def test_escape_on_the_prompt_records_nothing(
    station: Station, db_path: Path, rules: Rules
) -> None:
    floor = make_app(service_on(db_path, rules, ids=9), FLOOR, now=FIXED_NOW)
    async with floor.run_test(size=SIZE) as pilot:
        screen = await _record_with_table(pilot, "3")
        await settle(pilot, lambda: screen.step == "done")
    before = db_path.read_bytes()
    head = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(head.screen, DuplicateScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: head.screen is screen)
        assert screen.step == "result"
    assert db_path.read_bytes() == before


@pilot_test
async def test_a_bad_table_is_refused_in_one_line(
    station: Station, db_path: Path, rules: Rules
) -> None:
    before = db_path.read_bytes()
    floor = make_app(service_on(db_path, rules, ids=9), FLOOR, now=FIXED_NOW)
    async with floor.run_test(size=SIZE) as pilot:
        screen = await _record_with_table(pilot, "99999")
        await settle(pilot, lambda: not screen.recording)
        assert screen.step == "result"
        [toast] = [n for n in floor._notifications if n.severity == "error"]
        assert "table must be a whole number from 1 to 10000" in toast.message
    assert db_path.read_bytes() == before


# ----------------------------------------------------------------------------- snapshots

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


@pytest.fixture
def demo_db(tmp_path: Path, rules: Rules) -> Path:
    """The demo event, and two floor-judge records five minutes before FIXED_NOW at
    table 14 (one player's slow play, another's with an extension)."""
    db = tmp_path / "demo.json"
    write_demo(str(db), rules, players=48, records=70, seed=2026)
    service = Station(
        EventFile(db), rules, caller=Caller("tester", None), clock=lambda: FIXED_NOW - FIVE
    )
    first, second = _two_active(service)
    for player, extra in ((first, {"game": 2, "opponent": second}), (second, {"extension": 4})):
        service.record(
            FLOOR,
            RecordRequest(
                [player],
                "slow_play",
                intentional=False,
                disruptive=True,
                table=14,
                note="took four minutes over one turn",
                **extra,  # type: ignore[arg-type]
            ),
        )
    return db


FIVE = timedelta(minutes=5)


def _two_active(service: Station) -> tuple[str, str]:
    state = service.load()
    active = [p for p, s in state.players.items() if s.status == "active" and not s.records]
    return active[0], active[1]


def _snap_app(db: Path, rules: Rules, judge: str) -> JudgeStation:
    return make_app(service_on(db, rules, ids=None), judge, now=FIXED_NOW)


def _keys(value: str) -> list[str]:
    return ["space" if c == " " else c for c in value.lower()]


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_context_line(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    """A floor judge at the result step, the note typed, tabbing through the context."""
    first, _second = _two_active(Station(EventFile(demo_db), rules))

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("n", *_keys(first), "enter", *_keys("improper"), "enter", "n", "n")
        while getattr(pilot.app.screen, "step", "") == "upgrades":
            await pilot.press("n")
        await pilot.press("tab", *_keys("wrote during the game"), "tab", *"31", "tab", "1", "tab")

    app = _snap_app(demo_db, rules, "Alex Reed")
    assert snap_compare(app, run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_duplicate_prompt(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    """The head judge reports the slow play the floor judge recorded five minutes ago."""
    station = Station(EventFile(demo_db), rules)
    state = station.load()
    first = next(r.player for r in reversed(state.records.values()) if r.game == 2)

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("n", *_keys(first), "enter", *_keys("slow"), "enter", "n", "y")
        screen = pilot.app.screen
        while getattr(screen, "step", "") == "upgrades":
            await pilot.press("n")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(pilot.app.screen, DuplicateScreen))
        await pilot.press(*_keys("saw it from the next table"))

    app = _snap_app(demo_db, rules, HEAD)
    assert snap_compare(app, run_before=run_before, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_history(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    """The head judge's history filtered by table 14, the judges' counts below."""

    async def run_before(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(pilot.app.screen, HistoryScreen))
        await pilot.press(*"t:14")
        table = pilot.app.screen.query_one("#history-table", DataTable)
        await settle(pilot, lambda: table.row_count == 2)

    app = _snap_app(demo_db, rules, HEAD)
    assert snap_compare(app, run_before=run_before, terminal_size=size)
