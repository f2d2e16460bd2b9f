"""The record key: *Recorded* (the done step, its toast) is only ever shown for what is on
disk. While the write is under way the result step stays, its record key greyed, and the
station says *Saving…* at once; a write the disk refuses shows the error, leaves the file
as it was, and the same Enter records once the disk takes it."""

from __future__ import annotations

import asyncio
import errno
import threading
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from judgetui.service import Station
from judgetui.station.screens.classify import ClassifyScreen
from tests.helpers.station import (
    HANG_GUARD_SECONDS,
    make_app,
    pilot_test,
    session_of,
    settle,
    shown,
    walk_to_result,
)

SIZE = (120, 40)


async def _until(pilot: Pilot[Any], holds: Callable[[], bool]) -> None:
    """Let the App run until ``holds`` (a save is held up: `settle` would wait for it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HANG_GUARD_SECONDS
    while not holds():
        assert loop.time() < deadline, "the station did not reach the expected state"
        await asyncio.sleep(0.01)
    await pilot.pause()


def _hold_the_disk(station: Station, release: threading.Event, fail: bool = False) -> None:
    """The write waits for ``release`` (and then fails, with ``fail``: the disk is full)."""
    append = station.file.append

    def held(build: Any, **options: Any) -> Any:
        release.wait()
        if fail:
            raise OSError(errno.ENOSPC, "No space left on device")
        return append(build, **options)

    station.file.append = held  # type: ignore[method-assign]


def _recorded_toasts(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications if "recorded" in str(n.message)]


async def _at_the_result(pilot: Pilot[None], station: Station) -> tuple[ClassifyScreen, bytes]:
    """The walk up to P3's Notice for slow play, and the file's bytes then."""
    await settle(pilot)
    screen = await walk_to_result(pilot, "P3", "slow", "n", "y")
    await settle(pilot)
    return screen, station.file.path.read_bytes()


@pilot_test
async def test_the_outcome_is_shown_once_the_write_is_on_disk(station: Station) -> None:
    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen, before = await _at_the_result(pilot, station)
        _hold_the_disk(station, release)
        try:
            await pilot.press("enter")
            await _until(pilot, lambda: screen.recording)
            await asyncio.sleep(0.1)
            await pilot.pause()
            assert screen.step == "result", "not shown as recorded before the disk has it"
            assert screen.check_action("record", ()) is None, "the record key greyed"
            assert station.file.path.read_bytes() == before, "nothing on disk yet"
            assert _recorded_toasts(app) == [], "no toast before the write returns"
            saying = [str(n.message) for n in app._notifications]
            assert saying == ["Saving…"], "said at once, while the disk has it not yet"
        finally:
            release.set()
        await settle(pilot, lambda: screen.step == "done")
        assert "山田 花子: Notice recorded" in shown(screen, "#done-text")
        await settle(pilot, lambda: bool(_recorded_toasts(app)))
        assert len(_recorded_toasts(app)) == 1
        assert [r.player for r in session_of(app).state.records.values()] == ["P3"]


@pilot_test
async def test_a_write_the_disk_refuses_is_never_shown_as_recorded(station: Station) -> None:
    app = make_app(station)
    release = threading.Event()
    append = station.file.append
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen, before = await _at_the_result(pilot, station)
        _hold_the_disk(station, release, fail=True)
        await pilot.press("enter")
        await _until(pilot, lambda: screen.recording)
        release.set()
        await settle(pilot, lambda: not screen.recording)
        assert screen.step == "result" and screen.result is None
        assert station.file.path.read_bytes() == before
        assert _recorded_toasts(app) == []
        [error] = [n for n in app._notifications if n.severity == "error"]
        assert "space" in str(error.message).lower()
        station.file.append = append  # type: ignore[method-assign]
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert [r.player for r in session_of(app).state.records.values()] == ["P3"]
