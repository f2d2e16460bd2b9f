"""When a station screen draws, and when what it drew reaches the terminal.

Textual draws a changed screen on the screen's update timer: a `Timer` of one frame
period (`textual.screen.UPDATE_PERIOD`: 8.3 ms here, see `judgetui.station`) that the
screen resumes when something changed and pauses when it drew. That timer keeps to a
grid: after a tick it sleeps to the grid point after the next one, so a change made
within one or two periods of the last frame waits up to 17 ms for its grid point; and
a frame is drawn as soon as the screen's own messages are handled, while the widgets'
messages of the same key (a step's pane, the footer's keys) are still coming, so a key
often drew twice, the second frame after the grid. In tmux at 10,000 records, half the
frames of a walk came 5 ms or more after their change, a third 10 ms or more (issue 14).

`FrameClock` stands in for that timer on the station's screens (`StationScreen`): a
change is drawn once nothing else is ready to run on the App's loop (the key's
messages are all handled: one frame shows them), and the last frame is a period old;
a period after that at the latest, however busy the loop. The cap stays (one frame a
period at most).

A frame drawn is handed to Textual's output thread, which writes it to the terminal
once it holds the interpreter. The App's thread, drawing on or collecting garbage,
let it have it only after Python's switch interval (5 ms) or not at all (a collection
holds it throughout): a station runs with a shorter interval (`quick_thread_switches`),
and work that can wait for the judge's frame waits until it is written (`after_output`).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.screen import UPDATE_PERIOD, Screen

SWITCH_INTERVAL = 0.001
"""Seconds a thread waiting for the interpreter waits before it asks for it (Python's
default: 0.005): the output thread's wait to write a frame drawn, a service call's to
start after the key. Only threads that both want to run pay for the extra switches."""


def quick_thread_switches() -> None:
    """Python's switch interval `SWITCH_INTERVAL` for this process (a station's, from its
    start: `judgetui.station.app.run_station`; tests leave theirs as it is)."""
    sys.setswitchinterval(SWITCH_INTERVAL)


def after_output(app: App[Any], callback: Callable[[], None]) -> None:
    """``callback`` once the frames drawn so far are written to the terminal (the
    station's driver: `StationDriver.when_written`); elsewhere (a test's headless
    driver writes nothing) at once."""
    when_written = getattr(app._driver, "when_written", None)
    if when_written is None:
        callback()
    else:
        when_written(callback)


class FrameClock:
    """The update timer of one screen: `resume` when it changed, `pause` when it drew
    (the two calls Textual makes on its own timer), ``tick`` to draw."""

    def __init__(
        self, screen: Screen[Any], tick: Callable[[], None], period: float = UPDATE_PERIOD
    ) -> None:
        self._screen = screen
        self._tick = tick
        self._period = period
        self._last = float("-inf")
        """The loop's time of the last frame drawn by this clock."""
        self._pending: asyncio.Handle | None = None
        self._latest = 0.0
        """The loop's time by which the frame due is drawn even if the loop is busy."""

    @property
    def pending(self) -> bool:
        """Whether a frame is due (resumed and not drawn or paused since)."""
        return self._pending is not None

    def resume(self) -> None:
        """Draw once the loop has nothing else to run (the key's handling is done), and
        the last frame is a period old; a period after that at the latest."""
        if self._pending is not None:
            return
        loop = asyncio.get_running_loop()
        due = max(loop.time(), self._last + self._period)
        self._latest = due + self._period
        if due > loop.time():
            self._pending = loop.call_at(due, self._when_idle)
        else:
            self._pending = loop.call_soon(self._when_idle)
            _waiting.add(self._pending)

    def _when_idle(self) -> None:
        """Draw now if nothing else is ready to run on the loop, else after it (turn by
        turn, up to `_latest`): the messages of the change's widgets are handled first,
        one frame shows them all."""
        loop = asyncio.get_running_loop()
        _waiting.discard(self._pending)
        self._pending = None  # whatever happens below, the next change can draw
        if _busy(loop) and loop.time() < self._latest:
            self._pending = loop.call_soon(self._when_idle)
            _waiting.add(self._pending)
            return
        self._fire()

    def pause(self) -> None:
        """No frame until the next `resume` (the screen is drawing, or drew, now)."""
        if self._pending is not None:
            self._pending.cancel()
            _waiting.discard(self._pending)
            self._pending = None

    def stop(self) -> None:
        self.pause()

    def _fire(self) -> None:
        self._pending = None
        screen = self._screen
        if not screen.is_running:
            return  # the screen was closed meanwhile
        app = screen.app
        if app._exit:
            return
        self._last = asyncio.get_running_loop().time()
        try:
            self._tick()
        except Exception as error:  # as Textual's timer: the App shows it and exits
            app._handle_exception(error)


_waiting: set[asyncio.Handle] = set()
"""The clocks' own turns on the loop while they wait for it to be idle (two screens'
clocks waiting must not keep each other waiting)."""


def busy(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether anything but the frame clocks' own turns is ready to run on ``loop``."""
    return _busy(loop)


def _busy(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether callbacks other than the clocks' own are ready on ``loop`` (CPython's
    event loop keeps them in ``_ready``; on another loop, never busy: drawn at once).

    Looked at in a copy: the station's other threads (its input, its output, the
    workers) add to ``_ready`` whenever they post, and a deque added to while Python
    code walks it raises ``RuntimeError``. Raised in `FrameClock._when_idle`, a loop
    callback, asyncio only logged it, and the clock was left with a turn that would
    never come: the screen drew no frame again while the station took every key (seen
    at 50,000 records in tmux, keys typed just after a classification opened). The copy
    is made in C, under the interpreter's lock, in one go; should it still meet a change
    (a collection run by its allocation can let another thread in), the loop counts as
    busy, and the clock looks again on its next turn.
    """
    ready = getattr(loop, "_ready", None)
    if not ready:
        return False
    try:
        handles = tuple(ready)
    except RuntimeError:
        return True
    return any(handle not in _waiting for handle in handles)


HOLD_AT_MOST = 0.2
"""Seconds frames are held at most: a slower disk has the early outcome taken back (the
screen as the terminal still shows it, its keys then greyed as for any slow save) and
shown again once the write returns."""


class FrameHold:
    """Frames drawn while a write is on its way to the disk, written out once it is there
    (the App's side: `judgetui.station.outcomes.ServiceOutcomes`).

    A record's outcome is known once its entries are sealed, under the lock (`Station.
    record`'s ``planned``); the disk's part (the new bytes synced, the rename, the
    folder synced) then took 2-30 ms at 50,000 records, and the frame of the outcome
    8-15 ms more after it (issue 14). Drawn meanwhile, the frame is held here and written
    the moment the write returns, never before: the judge never sees "recorded" for an
    entry that is not on disk. If the write fails, or takes longer than `HOLD_AT_MOST`,
    the frames held are dropped, the outcome is taken back (``undo``) and the screen is
    drawn again whole from what it then shows.

    Each hold belongs to one service call (its ``owner``): only that call's outcome lets
    it go, so a faster call of another screen cannot show it early; and there is one
    hold at a time (a second call's outcome waits for its own return).
    """

    def __init__(self) -> None:
        self._owner: object | None = None
        self._frames: list[tuple[Screen[Any], Any]] = []
        self.undo: Callable[[], None] | None = None
        """What takes the early outcome back off the screen (given by its call)."""

    @property
    def holding(self) -> bool:
        return self._owner is not None

    def hold(self, owner: object) -> bool:
        """Hold the frames from now until ``owner``'s `release` or `drop`; False (nothing
        held for it) while another call's hold is on."""
        if self._owner is not None:
            return False
        self._owner = owner
        return True

    def keep(self, screen: Screen[Any], update: Any) -> bool:
        """Keep ``screen``'s frame ``update`` if a hold is on; False: write it now."""
        if self._owner is None:
            return False
        self._frames.append((screen, update))
        return True

    def release(self, owner: object) -> list[tuple[Screen[Any], Any]]:
        """The frames held for ``owner``, in order, to be written now (none if another
        call holds them)."""
        if self._owner is not owner:
            return []
        frames, self._frames, self._owner, self.undo = self._frames, [], None, None
        return frames

    def drop(self, owner: object) -> Callable[[], None] | None:
        """Forget ``owner``'s frames unwritten; what takes its outcome back, or None if
        the hold was not ``owner``'s."""
        if self._owner is not owner:
            return None
        undo = self.undo or (lambda: None)
        self._frames, self._owner, self.undo = [], None, None
        return undo
