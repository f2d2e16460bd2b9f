"""The line a judge's terminal shows while the station reads a large event, before its
first screen.

The station reads and folds the whole event file before the App takes the screen, so that
a corrupt file or an unknown judge is still one line on stderr and exit 2 or 3
(`judgetui.station.app.run_station`). On a 60 MB event that is a second or two of a blank
terminal; meanwhile stderr, when it is a terminal (the judge's own, or the pseudo-terminal
sshd gave a judge's ``ssh -t``), says what is read: "reading event.json (63 MB)…", then
how much of its log is folded, and the line is erased before the station draws, or
before the line of an error.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TextIO

from judgetui.i18n import _
from judgetui.safe_text import visible

LARGE = 4_000_000
"""Bytes from which an event file is large enough to say that it is being read (~3,000
records, ~0.05 s of CPU to read and fold: a wait no one notices below that)."""
PERIOD = 0.1
"""Seconds between two redraws of the line, at least (a redraw is one write of a line)."""
ERASE = "\r\x1b[K"
"""Back to the start of the line and clear it (the line never wraps: see `_fit`)."""


class ReadingLine:
    """The line on ``stream``: `show` it, call it with the share folded (increasing, 1.0
    at the end: `judgetui.station.session.Progress`), and 1.0 or `close` erases it."""

    def __init__(
        self, stream: TextIO, text: str, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream
        self.text = text
        self.clock = clock
        self._shown = False
        self._closed = False
        self._percent: int | None = None
        self._drawn_at = 0.0

    def show(self) -> None:
        self._draw(self.text)

    def __call__(self, fraction: float) -> None:
        if self._closed:
            return
        if fraction >= 1.0:
            self.close()
            return
        percent = int(fraction * 100)
        now = self.clock()
        if percent == self._percent or now - self._drawn_at < PERIOD:
            return
        self._percent = percent
        self._draw(f"{self.text} {percent}%")

    def close(self) -> None:
        """Erase the line (once), leaving the cursor where the line began."""
        if self._shown and not self._closed:
            self._write(ERASE)
        self._closed = True

    def _draw(self, line: str) -> None:
        if self._closed:
            return
        self._drawn_at = self.clock()
        self._write(ERASE + line)
        self._shown = True

    def _write(self, text: str) -> None:
        # A terminal gone (sshd's pseudo-terminal closed) is the station's own problem to
        # meet; this line must not be the one that fails.
        with suppress(OSError, ValueError):
            self.stream.write(text)
            self.stream.flush()


@contextmanager
def reading_line(
    path: str | os.PathLike[str],
    stream: TextIO | None = None,
    *,
    large: int = LARGE,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[ReadingLine | None]:
    """The reading line for the event file at ``path``, shown, or None when nothing is to
    be said (``stream``, stderr by default, is not a terminal; the file is missing or
    smaller than ``large``). Erased on the way out whatever happened."""
    out = sys.stderr if stream is None else stream
    size = _size(path)
    if size is None or size < large or not _is_terminal(out):
        yield None
        return
    text = _fit(visible(Path(path).name), size, _columns(out))
    if text is None:
        yield None
        return
    line = ReadingLine(out, text, clock)
    line.show()
    try:
        yield line
    finally:
        line.close()


def _text(name: str, size: int) -> str:
    return _("reading {name} ({size} MB)…").format(name=name, size=round(size / 1_000_000))


def _fit(name: str, size: int, columns: int) -> str | None:
    """The line with ``name`` cut from its start until the line and a percentage fit on
    one row of the terminal (a wrapped line would not be erased whole); None when even
    one character of the name leaves no room."""
    from judgetui.text import cell_width

    room = columns - len(" 100%") - 1
    text = _text(name, size)
    while cell_width(text) > room and len(name) > 1:
        name = name[1:]
        text = _text("…" + name, size)
    return text if cell_width(text) <= room else None


def _size(path: str | os.PathLike[str]) -> int | None:
    try:
        return os.stat(path).st_size
    except (OSError, ValueError):
        return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, OSError, ValueError):
        return False


def _columns(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 80
