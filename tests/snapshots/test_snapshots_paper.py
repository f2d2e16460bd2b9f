"""Snapshots of paper and notes (issue 29 items 5 and 7): the dashboard's event-note dialog
(``o``, a note and its table typed in) and a record's penalty slip (``s`` on the player
screen; this one entered later, from paper), at 80×24 and 120×40, in English and Japanese.

On `build_scene`'s event, deterministic like test_snapshots_screens.py. Update with
``pytest tests/snapshots/test_snapshots_paper.py --snapshot-update`` and read the SVGs in
``tests/snapshots/__snapshots__/test_snapshots_paper/`` before committing them.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from judgetui import i18n
from judgetui.service import RecordRequest, Station
from judgetui.station.screens.player_report import PlayerReportScreen
from tests.helpers.event import HEAD
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import make_app, settle

LANGUAGES = [pytest.param("en", id="en"), pytest.param("ja", id="ja")]


@pytest.fixture
def paper(scene: Station) -> tuple[Station, str]:
    """The scene with a record of P5 entered later by the head judge, from paper."""
    last = max(r.at for r in scene.load().records.values())
    happened = datetime.fromisoformat(last) - timedelta(minutes=7)
    late = RecordRequest(
        ["P5"], "slow_play", False, True, note="Paper slip 2: slow at table 9.", table=9,
        happened_at=happened,
    )  # fmt: skip
    made = scene.record(HEAD, late)
    record_id = made.records[0].id
    assert record_id is not None
    return scene, record_id


async def _note_typed(pilot: Pilot[Any]) -> None:
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
    await pilot.press("o")
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "EventNoteModal")
    await pilot.press(*"Lights out at table 14; moved to 40")
    pilot.app.screen.query_one("#note-table", Input).value = "14"
    await settle(pilot)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_event_note_dialog(
    snap_compare: Snap, scene: Station, size: tuple[int, int], language: str
) -> None:
    i18n.set_language(language)  # the station starts in it (conftest puts English back)
    assert snap_compare(make_app(scene), terminal_size=size, run_before=_note_typed)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_penalty_slip_entered_later(
    snap_compare: Snap, paper: tuple[Station, str], size: tuple[int, int], language: str
) -> None:
    station, record_id = paper
    i18n.set_language(language)
    run = push(lambda: PlayerReportScreen("P5", slip=record_id))
    assert snap_compare(make_app(station), terminal_size=size, run_before=run)
