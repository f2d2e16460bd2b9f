"""Work that waits for a frame to reach the terminal (`StationDriver.when_written`) runs
on the App's loop in the context it was asked for in, not the output thread's."""

from __future__ import annotations

import asyncio
import contextvars
import threading

from textual.app import App

from judgetui.station.terminal import StationDriver

_asked_in: contextvars.ContextVar[str] = contextvars.ContextVar("asked_in")


def test_work_after_a_frame_is_written_runs_in_the_context_it_was_asked_for_in() -> None:
    """Posted from the output thread, it ran in that thread's context, without Textual's
    active App: the catch-up timer that a record's outcome starts then failed when it
    fired, and quitting the station after a record ended in a traceback (exit 1)."""

    async def run() -> None:
        driver = StationDriver(App(), debug=False, mouse=False, size=(80, 24))
        driver._output.writing = True  # a frame is on its way to the terminal
        _asked_in.set("the App's")
        seen: list[str | None] = []
        ran = asyncio.Event()

        def after() -> None:
            seen.append(_asked_in.get(None))
            ran.set()

        driver.when_written(after)
        assert not seen, "not before the frame is written"
        output = threading.Thread(target=driver._flushed)  # the output thread's report
        output.start()
        output.join()
        await asyncio.wait_for(ran.wait(), timeout=5.0)
        assert seen == ["the App's"]

    asyncio.run(run())
