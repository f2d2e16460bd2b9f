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
import os
import select
import signal
import sys
import threading
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from rich.segment import Segment
from textual.color import Color
from textual.drivers.linux_driver import LinuxDriver
from textual.filter import LineFilter

from judgetui.safe_text import CONTROL
from judgetui.station import adapter

if TYPE_CHECKING:
    from textual.app import App

EXIT_HUNG_UP = 129
"""The station's exit status when its terminal went away (128 + SIGHUP, as a shell says)."""
GRACE_SECONDS = 3.0
"""How long a clean exit may take after the terminal went away before the process ends."""
_POLL_MS = 500
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

    def __init__(self, file: IO[str], gone: Callable[[], None]) -> None:
        self._file = file
        self._gone = gone
        self.dead = False

    def _failed(self) -> None:
        if not self.dead:
            self.dead = True
            self._gone()

    def write(self, text: str) -> int:
        if self.dead:
            return len(text)
        try:
            return self._file.write(text)
        except (OSError, ValueError):
            self._failed()
            return len(text)

    def flush(self) -> None:
        try:
            if not self.dead:
                self._file.flush()
        except (OSError, ValueError):
            self._failed()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


class StationDriver(LinuxDriver):
    """Textual's Linux driver that ends the app when its terminal goes away (the driver's
    output file and its loop are Textual's own attributes: `judgetui.station.adapter`)."""

    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        self._station = app
        self._station_loop = asyncio.get_running_loop()  # Textual makes drivers on its loop
        self._hung_up = threading.Event()
        self._stopped = threading.Event()
        self._output = _TerminalOutput(adapter.driver_output(self), self.hang_up)
        adapter.set_driver_output(self, self._output)

    def start_application_mode(self) -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._station_loop.add_signal_handler(signal.SIGHUP, self.hang_up)
        super().start_application_mode()  # type: ignore[no-untyped-call]
        watcher = threading.Thread(target=self._watch, name="judgetui-hangup", daemon=True)
        watcher.start()

    def stop_application_mode(self) -> None:
        self._stopped.set()
        super().stop_application_mode()
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            self._station_loop.remove_signal_handler(signal.SIGHUP)

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
        app = self._station
        with contextlib.suppress(RuntimeError):  # the loop is already closed
            self._station_loop.call_soon_threadsafe(lambda: app.exit(return_code=EXIT_HUNG_UP))


def _standard_fds() -> set[int]:
    fds = set()
    for stream in (sys.__stdin__, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                fds.add(stream.fileno())
        except (OSError, ValueError):
            pass
    return fds
