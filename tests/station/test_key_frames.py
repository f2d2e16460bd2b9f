"""Issue 14, every classification key to the terminal: the station's screens draw a change
as soon as a frame may be drawn (`judgetui.station.frames.FrameClock`), not at Textual's
timer grid, and never more than one frame a period."""

from __future__ import annotations

import asyncio
import sys
import threading

import pytest

from judgetui.service import Station
from judgetui.station.frames import FrameClock
from judgetui.station.screens.base import StationScreen
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.widgets.footer import StationFooter
from tests.helpers.classify_screens import SIZE
from tests.helpers.event import FLOOR
from tests.helpers.station import make_app, pilot_test, settle


class _Screen:
    """What a `FrameClock` asks of its screen."""

    def __init__(self) -> None:
        self.is_running = True
        self.app = _App()


class _App:
    _exit = False

    def __init__(self) -> None:
        self.errors: list[BaseException] = []

    def _handle_exception(self, error: BaseException) -> None:
        self.errors.append(error)


def _clock(
    ticks: list[float], period: float = 30.0, drawn: asyncio.Event | None = None
) -> tuple[FrameClock, _Screen]:
    screen = _Screen()

    def tick() -> None:
        ticks.append(asyncio.get_running_loop().time())
        if drawn is not None:
            drawn.set()

    return FrameClock(screen, tick, period), screen  # type: ignore[arg-type]


async def _drawn(drawn: asyncio.Event) -> None:
    """Until the clock drew; the guard is far below the clock's 30 s period, so a frame
    that waited for its latest time fails here."""
    await asyncio.wait_for(drawn.wait(), timeout=10.0)


def test_a_change_after_a_pause_is_drawn_once_the_loop_is_idle() -> None:
    async def run() -> None:
        ticks: list[float] = []
        drawn = asyncio.Event()
        clock, _screen = _clock(ticks, drawn=drawn)
        clock.resume()
        assert clock.pending
        assert not isinstance(clock._pending, asyncio.TimerHandle), "not on a timer"
        await _drawn(drawn)
        assert len(ticks) == 1 and not clock.pending

    asyncio.run(run())


def test_while_the_loop_is_busy_the_frame_waits_until_its_latest_time() -> None:
    async def run() -> None:
        ticks: list[float] = []
        clock, _screen = _clock(ticks)
        clock.resume()
        loop = asyncio.get_running_loop()
        loop.call_soon(lambda: None)  # another callback ready: the change's messages
        clock._when_idle()
        assert ticks == [] and clock.pending, "after what is ready"
        clock.pause()
        clock._latest = loop.time()  # its latest time has come: drawn, busy or not
        loop.call_soon(lambda: None)
        clock._when_idle()
        assert len(ticks) == 1

    asyncio.run(run())


def test_a_change_within_a_period_of_a_frame_waits_for_the_period_only() -> None:
    async def run() -> None:
        ticks: list[float] = []
        drawn = asyncio.Event()
        clock, _screen = _clock(ticks, drawn=drawn)
        clock.resume()
        await _drawn(drawn)
        clock.resume()
        handle = clock._pending
        assert isinstance(handle, asyncio.TimerHandle)
        assert handle.when() == clock._last + 30.0, "one period after the last frame"
        clock.resume()
        assert clock._pending is handle, "resumed twice: one frame"
        clock.pause()
        assert not clock.pending and handle.cancelled()
        assert len(ticks) == 1

    asyncio.run(run())


def test_the_clocks_draw_every_change_while_other_threads_post_to_the_loop() -> None:
    """The station's input and output threads and its workers post to the App's loop
    at any moment. Once, such a post landed while a clock was looking at what was ready
    (`frames._busy`): the look raised, the clock kept a turn that never came, and the
    screen drew nothing more while the keys went on being taken. Here many clocks wait
    at once (long looks), another thread posts all the while, and every clock must
    draw every change."""

    async def run() -> None:
        loop = asyncio.get_running_loop()
        ticks: list[float] = []
        clocks = [_clock(ticks, period=0.0)[0] for _ in range(200)]
        stop = threading.Event()

        def post() -> None:
            while not stop.is_set():
                loop.call_soon_threadsafe(lambda: None)

        switch = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # the other thread runs between any two steps
        poster = threading.Thread(target=post, daemon=True)
        poster.start()
        try:
            for change in range(1, 41):
                for clock in clocks:
                    clock.resume()
                deadline = loop.time() + 5.0
                while len(ticks) < change * len(clocks) and loop.time() < deadline:
                    await asyncio.sleep(0.001)
                stuck = [i for i, clock in enumerate(clocks) if clock.pending]
                assert not stuck, f"change {change}: clocks {stuck} never drew"
                assert len(ticks) == change * len(clocks), f"change {change}: a frame lost"
        finally:
            stop.set()
            poster.join()
            sys.setswitchinterval(switch)

    asyncio.run(run())


def test_no_frame_for_a_closed_screen_and_a_failing_frame_goes_to_the_app() -> None:
    async def run() -> None:
        ticks: list[float] = []
        clock, screen = _clock(ticks)
        screen.is_running = False
        clock.resume()
        for _ in range(3):
            await asyncio.sleep(0)
        clock.pause()
        clock._latest = 0.0
        clock._when_idle()
        assert ticks == []

        def fails() -> None:
            raise ValueError("drawn wrong")

        failing = FrameClock(_Screen(), fails)  # type: ignore[arg-type]
        failing._when_idle()
        app = failing._screen.app
        assert [str(e) for e in app.errors] == ["drawn wrong"]  # type: ignore[attr-defined]

    asyncio.run(run())


@pilot_test
async def test_the_stations_screens_draw_by_the_frame_clock(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(station, FLOOR)
    drawn: list[str] = []
    real = ClassifyScreen._on_timer_update

    def counted(self: ClassifyScreen) -> None:
        drawn.append(self.step)
        real(self)

    monkeypatch.setattr(ClassifyScreen, "_on_timer_update", counted)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dashboard = app.screen
        assert isinstance(dashboard, StationScreen)
        assert isinstance(dashboard._update_timer, FrameClock)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        await pilot.press("p", "1")
        await settle(pilot)
        classify = app.screen
        assert isinstance(classify, ClassifyScreen)
        assert isinstance(classify._update_timer, FrameClock)
        assert "players" in drawn, "the classification was drawn by its clock"


@pilot_test
async def test_a_step_draws_its_keys_in_its_own_frame_and_focus_repaints_no_screen(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The footer's keys of a new step are in the frame that shows the step (they came in
    a frame of their own after it), and the change of focus with it repaints only the
    two fields, not the whole screen in another frame."""
    app = make_app(station, FLOOR)
    frames: list[tuple[str, bool, bool]] = []
    real = ClassifyScreen._on_timer_update

    def seen(self: ClassifyScreen) -> None:
        footer = self.query_one(StationFooter)
        shown = footer._shown == footer._keys_shown(self)
        frames.append((self.step, shown, self._repaint_required))
        real(self)

    monkeypatch.setattr(ClassifyScreen, "_on_timer_update", seen)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        await pilot.press("p", "1")
        await settle(pilot)
        frames.clear()
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ClassifyScreen) and screen.step == "infraction"
        assert screen.focused is not None and screen.focused.id == "infraction-search"
    first = next(frame for frame in frames if frame[0] == "infraction")
    assert first[1], "the infraction step's keys in its first frame"
    assert not any(repaint for _step, _keys, repaint in frames), "no whole-screen repaint"
