"""Issue 14, the record key: the "recorded" frame is the first after the key (no frame
of greyed keys before it while the save is under way), and once it is out the dashboard
below is brought up to date, so the `enter` back to it draws it once."""

from __future__ import annotations

import asyncio
import errno
import threading
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from judgetui.service import Station
from judgetui.station import ahead, outcomes
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.classify_screens import SIZE
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


def _hold_the_disk(station: Station, release: threading.Event, fail: bool = False) -> None:
    """The records sealed, under the lock, the write waits for ``release`` before the
    disk's part (and then fails, with ``fail``: the disk is full)."""
    append = station.file.append

    def held(build: Any, *, holder: Any = None, on_sealed: Any = None) -> Any:
        def sealed(entries: list[dict[str, Any]]) -> None:
            if on_sealed is not None:
                on_sealed(entries)
            release.wait()
            if fail:
                raise OSError(errno.ENOSPC, "No space left on device")

        return append(build, holder=holder, on_sealed=sealed)

    station.file.append = held  # type: ignore[method-assign]


def _recorded_toasts(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications if "recorded" in str(n.message)]


async def _at_the_result(pilot: Pilot[None], station: Station) -> tuple[ClassifyScreen, bytes]:
    """The walk up to P3's Notice for slow play, and the file's bytes then."""
    await settle(pilot)
    screen = await walk_to_result(pilot, "P3", "slow", "n", "y")
    await settle(pilot)
    return screen, station.file.path.read_bytes()


def _recorded_once(app: Any, screen: ClassifyScreen) -> None:
    """The done step shows P3's Notice, one toast says so, and it is on record once."""
    assert "山田 花子: Notice recorded" in shown(screen, "#done-text")
    assert len(_recorded_toasts(app)) == 1
    assert [r.player for r in session_of(app).state.records.values()] == ["P3"]


@pilot_test
async def test_the_outcome_is_drawn_beside_the_disk_write_and_shown_only_once_on_disk(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The records are sealed: the done step is drawn while the disk writes them, and
    its frames reach the terminal only when the write has returned (`FrameHold`)."""
    monkeypatch.setattr(outcomes, "HOLD_AT_MOST", HANG_GUARD_SECONDS * 10)
    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE) as pilot:
        screen, before = await _at_the_result(pilot, station)
        _hold_the_disk(station, release)
        try:
            await pilot.press("enter")
            await _until(pilot, lambda: screen.step == "done")
            await pilot.pause()
            assert app.frame_hold.holding, "drawn, not written out"
            assert app.frame_hold._frames, "the done step's frame is drawn already"
            assert station.file.path.read_bytes() == before, "nothing on disk yet"
            assert _recorded_toasts(app) == [], "no toast before the write returns"
        finally:
            release.set()
        await settle(pilot, lambda: not app.frame_hold.holding)
        assert screen.step == "done"
        _recorded_once(app, screen)


@pilot_test
async def test_a_write_that_fails_after_the_outcome_was_drawn_shows_it_never(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk refuses the write after the done step was drawn: its frames are dropped
    unwritten, the screen is back on the result with the error, the file is as it was,
    and the same Enter records once the disk takes it."""
    monkeypatch.setattr(outcomes, "HOLD_AT_MOST", HANG_GUARD_SECONDS * 10)
    app = make_app(station)
    release = threading.Event()
    append = station.file.append
    async with app.run_test(size=SIZE) as pilot:
        screen, before = await _at_the_result(pilot, station)
        _hold_the_disk(station, release, fail=True)
        await pilot.press("enter")
        await _until(pilot, lambda: screen.step == "done")
        release.set()
        await settle(pilot, lambda: screen.step == "result")
        assert not app.frame_hold.holding and not app.frame_hold._frames
        assert screen.result is None and not screen.recording
        assert station.file.path.read_bytes() == before
        assert _recorded_toasts(app) == []
        [error] = [n for n in app._notifications if n.severity == "error"]
        assert "space" in str(error.message).lower()
        station.file.append = append  # type: ignore[method-assign]
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert [r.player for r in session_of(app).state.records.values()] == ["P3"]


@pilot_test
async def test_a_slow_disk_gets_the_result_step_back_then_the_outcome_once_written(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write slower than `HOLD_AT_MOST`: the frames are dropped and the done step
    taken back (the judge sees the result step, as the terminal still shows it), so the
    screen never stays frozen on a slow disk; once the write returns, the done step is
    shown, once, with its toast."""
    monkeypatch.setattr(outcomes, "HOLD_AT_MOST", 0.05)
    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE) as pilot:
        screen, before = await _at_the_result(pilot, station)
        _hold_the_disk(station, release)
        held: list[object] = []
        hold = app.frame_hold.hold

        def spied(owner: object) -> bool:
            held.append(owner)
            return hold(owner)

        app.frame_hold.hold = spied  # type: ignore[method-assign]
        try:
            await pilot.press("enter")
            await _until(pilot, lambda: bool(held) and not app.frame_hold.holding)
            await pilot.pause()
            assert screen.step == "result" and screen.result is None
            assert screen.recording, "its keys stay off until the write returns"
            assert station.file.path.read_bytes() == before
            assert _recorded_toasts(app) == []
        finally:
            release.set()
        await settle(pilot, lambda: screen.step == "done")
        _recorded_once(app, screen)
