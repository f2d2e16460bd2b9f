"""The station and its terminal: no terminal, no station; no terminal left, no station left.

A station is started for a judge at a terminal (locally or `ssh -t`). Started without
one (`ssh -T`, an sftp attempt, a cron job) it would draw into a pipe nobody reads and
its input thread would spin on the end of its input; so `judgetui.tty.missing_terminal`
refuses it before anything starts (it is there, without Textual, for the command line).

Once running, the judge's client can go away: the SSH connection drops, the terminal
window is closed. Textual's Linux driver does not notice. Its input thread, when the
terminal reads end-of-file, goes straight back to `select`, which says "readable" at
once, forever: the orphaned station pegged a core (~90–100 % CPU), reparented to init.
And its output thread died on the first EIO/EPIPE, after which the app blocked on a
full output queue. `StationDriver` closes those holes:

- SIGHUP (the kernel's "your terminal hung up") exits the app;
- a watcher thread, asleep in ``poll`` on the terminal's descriptors, wakes only when
  one of them hangs up or fails (EOF on input, the far end of an output gone) and exits
  the app; it costs nothing while the terminal is there;
- output that can no longer be written is dropped (and exits the app) instead of
  killing the output thread;
- whatever still blocks the exit, the process ends `EXIT_HUNG_UP` seconds later.

`ControlCharacterFilter` is the last guard of `judgetui.safe_text`: whatever text gets
drawn, no control character in it reaches the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import select
import signal
import sys
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any, cast

from rich.segment import Segment
from textual import events
from textual.color import Color
from textual.drivers.linux_driver import LinuxDriver
from textual.filter import LineFilter

from judgetui import diagnostics
from judgetui.safe_text import CONTROL
from judgetui.station import frames
from judgetui.station.rest import RestCollector

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

EXIT_HUNG_UP = 129
"""The station's exit status when its terminal went away (128 + SIGHUP, as a shell says)."""
GRACE_SECONDS = 3.0
"""How long a clean exit may take after the terminal went away before the process ends."""
_POLL_MS = 500
_INPUT = (events.Key, events.Paste, events.MouseDown, events.MouseUp)
"""What a judge does at the terminal that pauses the collector until rest."""
_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL | getattr(select, "POLLRDHUP", 0)


class ControlCharacterFilter(LineFilter):
    """Drop any control character from the text of what is drawn.

    Names and notes from the event file are spelled out by `judgetui.safe_text.visible`
    when the event is folded; this catches what that did not (an id or a time in a
    hand-edited file). Control characters take no cell, so the layout is unchanged.
    Segments Textual itself marks as control (cursor moves) are left alone.
    """

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        search = CONTROL.search
        if not any(search(segment.text) for segment in segments if not segment.control):
            return segments
        cleaned: list[Segment] = []
        for segment in segments:
            text, style, control = segment
            if not control and search(text):
                text = CONTROL.sub("", text)
                if not text:
                    continue
                segment = Segment(text, style, control)
            cleaned.append(segment)
        return cleaned


class _TerminalOutput:
    """The driver's output file: a write the terminal refuses hangs up instead of raising.

    Textual's output thread dies on the first failed write; the app then blocks for ever
    on its full queue. Here the failure calls ``gone`` once and later writes are dropped.
    """

    def __init__(
        self, file: IO[str], gone: Callable[[], None], flushed: Callable[[], None] = lambda: None
    ) -> None:
        self._file = file
        self._gone = gone
        self._flushed = flushed
        self.dead = False
        self.writing = False
        """Between a write of the output thread and its flush (the frame not out yet)."""

    def _failed(self) -> None:
        if not self.dead:
            self.dead = True
            self._gone()

    def write(self, text: str) -> int:
        self.writing = True
        if self.dead:
            return len(text)
        try:
            return self._file.write(text)
        except (OSError, ValueError):
            self._failed()
            return len(text)

    def flush(self) -> None:
        """Textual's output thread flushes when it has written every frame queued."""
        try:
            if not self.dead:
                self._file.flush()
        except (OSError, ValueError):
            self._failed()
        finally:
            self._flushed()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def log_loop_failure(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """What fails in a callback on the App's loop, a line in the diagnostic log (its kind
    only), then asyncio's own handling. asyncio only writes such a failure to the
    standard error, which no one sees under Textual: a frame clock whose turn raised
    left a station that drew nothing more (`frames._busy`), and nothing said why."""
    error = context.get("exception")
    kind = type(error).__name__ if error is not None else "no exception"
    diagnostics.warning("station: a callback on its loop failed (%s)", kind)
    loop.default_exception_handler(context)


class StationDriver(LinuxDriver):
    """Textual's Linux driver that ends the app when its terminal goes away."""

    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        self._hung_up = threading.Event()
        self._stopped = threading.Event()
        self._output = _TerminalOutput(cast("IO[str]", self._file), self.hang_up, self._flushed)
        self._file = self._output  # type: ignore[assignment]
        self._written_lock = threading.Lock()
        self._when_written: list[tuple[Callable[[], None], contextvars.Context]] = []
        self._rest: RestCollector | None = None
        """The collector paused from a key until rest (`judgetui.station.rest`)."""

    def process_message(self, message: Message) -> None:
        """Textual's (the input thread's), a key first pausing the collector until rest."""
        rest = self._rest
        if rest is not None and isinstance(message, _INPUT):
            rest.key()
        super().process_message(message)

    def when_written(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` on the App's loop once the frames handed to the terminal so
        far are written to it (at once if they are): work that can wait for the judge's
        frame (a collection, a catch-up) must not hold the interpreter while Textual's
        output thread needs it to write the frame (App's thread only). It runs in the
        context it was asked for in: posted from the output thread, it ran in that
        thread's, without Textual's active App, and a timer it started failed when it
        fired (the catch-up after a record never ran, and quitting the station after
        one ended in a traceback and exit 1)."""
        with self._written_lock:
            writer = self._writer_thread
            if self._output.writing or (writer is not None and writer._queue.qsize()):
                self._when_written.append((callback, contextvars.copy_context()))
                return
        self._loop.call_soon(callback)

    def _idle(self) -> bool:
        """Whether nothing waits to be done: no callback ready on the App's loop (a key
        being posted, a frame due), no message queued for the App (a key), no frame due
        on the screen shown, none being written (App's thread)."""
        if frames.busy(self._loop):
            return False
        app = self._app
        if app._message_queue.qsize():
            return False
        try:
            clock = app.screen._update_timer
        except Exception:  # no screen yet, or the App is closing
            return False
        if getattr(clock, "pending", False):
            return False
        hold = getattr(app, "frame_hold", None)
        if hold is not None and hold.holding:
            return False  # a frame is still to be written, once its write is on disk
        writer = self._writer_thread
        return not (self._output.writing or (writer is not None and writer._queue.qsize()))

    def _flushed(self) -> None:
        """The output thread has written every frame queued (its thread)."""
        with self._written_lock:
            self._output.writing = False
            waiting, self._when_written = self._when_written, []
        if (rest := self._rest) is not None:
            rest.written()
        for callback, context in waiting:
            with contextlib.suppress(RuntimeError):  # the loop is already closed
                self._loop.call_soon_threadsafe(callback, context=context)

    def start_application_mode(self) -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._loop.add_signal_handler(signal.SIGHUP, self.hang_up)
        self._loop.set_exception_handler(log_loop_failure)
        self._rest = RestCollector(self._loop, idle=self._idle)
        super().start_application_mode()  # type: ignore[no-untyped-call]
        watcher = threading.Thread(target=self._watch, name="judgetui-hangup", daemon=True)
        watcher.start()

    def stop_application_mode(self) -> None:
        self._stopped.set()
        rest, self._rest = self._rest, None
        if rest is not None:
            rest.close()
        super().stop_application_mode()
        self._loop.set_exception_handler(None)
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._loop.remove_signal_handler(signal.SIGHUP)

    def run_input_thread(self) -> None:
        """Textual's input loop; a read error (EIO: the terminal hung up) ends the app."""
        try:
            super().run_input_thread()
        except OSError:
            self.hang_up()

    def _watch(self) -> None:
        """Sleep in ``poll`` until one of the terminal's descriptors hangs up or fails."""
        poller = select.poll()
        for fd in {self.fileno, self._output.fileno()} | _standard_fds():
            poller.register(fd, getattr(select, "POLLRDHUP", 0))
        while not self._stopped.is_set():
            try:
                events = poller.poll(_POLL_MS)
            except InterruptedError:
                continue
            if any(mask & _GONE for _fd, mask in events):
                self.hang_up()
                return

    def hang_up(self) -> None:
        """The terminal went away: exit the app, and the process if that does not finish.

        Called from a signal handler, the watcher, the input or the output thread.
        """
        if self._hung_up.is_set():
            return
        self._hung_up.set()
        backstop = threading.Timer(GRACE_SECONDS, os._exit, (EXIT_HUNG_UP,))
        backstop.daemon = True
        backstop.start()
        loop = self._loop
        app = self._app
        with contextlib.suppress(RuntimeError):  # the loop is already closed
            loop.call_soon_threadsafe(lambda: app.exit(return_code=EXIT_HUNG_UP))


def _standard_fds() -> set[int]:
    fds = set()
    for stream in (sys.__stdin__, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                fds.add(stream.fileno())
        except (OSError, ValueError):
            pass
    return fds
