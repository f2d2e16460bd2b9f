"""Issue 14, the record key: the "recorded" frame is the first after the key (no frame
of greyed keys before it while the save is under way), and once it is out the dashboard
below is brought up to date, so the `enter` back to it draws it once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from judgetui.service import Station
from judgetui.station import ahead
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.event import FLOOR, record
from tests.helpers.station import (
    HANG_GUARD_SECONDS,
    hold_saves,
    make_app,
    pilot_test,
    service_on,
    session_of,
    settle,
    shown,
    walk_to_result,
)
from tests.station.test_classify_reuse import SIZE


async def _until(pilot: Pilot[Any], holds: Callable[[], bool]) -> None:
    """Let the App run until ``holds`` (a save is held up: `settle` would wait for it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HANG_GUARD_SECONDS
    while not holds():
        assert loop.time() < deadline, "the station did not get there"
        await pilot.pause()
        await asyncio.sleep(0.01)


@pilot_test
async def test_a_write_followed_during_the_save_draws_no_greyed_keys_before_the_outcome(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record's own write (or another station's) changes the state while the save is
    under way: the footer is redrawn once, with the outcome, not with the record key
    greyed just before it (that frame delayed the "recorded" one)."""
    app = make_app(station)
    release = threading.Event()
    redrawn: list[str] = []
    real = Screen.refresh_bindings

    def counted(self: Screen[Any]) -> None:
        if isinstance(self, ClassifyScreen):
            redrawn.append(self.step)
        real(self)

    monkeypatch.setattr(Screen, "refresh_bindings", counted)
    # The keys are greyed if the save takes longer than this: not in this test.
    monkeypatch.setattr(ahead, "_GREY_AFTER", HANG_GUARD_SECONDS * 10)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = session_of(app)
        screen = await walk_to_result(pilot, "P3", "slow", "n", "y")
        await settle(pilot)
        hold_saves(session, release)
        redrawn.clear()
        try:
            await pilot.press("enter")
            assert screen.recording
            other = service_on(station.file.path, station.rules, ids=5)
            record(other, FLOOR, "P4", "slow_play")
            seen = session.version
            await _until(pilot, lambda: session.version > seen)
            await pilot.pause()
            assert redrawn == [], "no footer redrawn while the save is under way"
        finally:
            release.set()
        await settle(pilot, lambda: screen.step == "done")
        assert redrawn and set(redrawn) == {"done"}, "redrawn with the outcome"
        assert "山田 花子: Notice recorded" in shown(screen, "#done-text")
        assert not screen._keys_held
    players = sorted(r.player for r in session.state.records.values())
    assert players == ["P3", "P4"]


@pilot_test
async def test_the_dashboard_below_is_brought_up_to_date_once_the_record_is_shown(
    station: Station,
) -> None:
    """Once the "recorded" frame is out (and the judge reads it), the dashboard under the
    classification shows the new record already: `enter` then draws it once, not first
    as it was and then again."""
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dashboard = app.screen
        assert isinstance(dashboard, DashboardScreen)
        session = session_of(app)
        screen = await walk_to_result(pilot, "P2", "slow", "n", "y")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        await settle(pilot, lambda: dashboard._seen_version == session.version)
        assert app.screen is screen, "still on the classification"
        assert dashboard._drawn == session.mark(), "its rows drawn from the new state"
        await pilot.press("enter")
        await settle(pilot, lambda: app.screen is dashboard)
        assert dashboard._drawn == session.mark()
