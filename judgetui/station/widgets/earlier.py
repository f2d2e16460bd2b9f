"""The line "earlier events: 2 × Single Warning (Slow play, Autumn Open)" of the review
card and the player screen (issue 29): information only, never counted.

The files are read in a thread worker (a large earlier event must not freeze the
station) through the session, once per version of each file (`judgetui.earlier`); until
they are read the line says so, and a file that cannot be read or fails to verify is
named on the same line while the station goes on.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.screen import Screen

from judgetui import earlier
from judgetui.i18n import _
from judgetui.state import EventState, PlayerState
from judgetui.station.session import Session

WIDE = 100
"""The terminal width from which the line is shown whole (the review screen's wide layout)."""


class EarlierLine:
    """The earlier events' line of one screen; ``redraw`` once the files are read."""

    def __init__(self, screen: Screen[None], redraw: Callable[[], None]) -> None:
        self.screen = screen
        self.redraw = redraw
        self.files: tuple[str, ...] = ()
        self.found: tuple[earlier.Earlier, ...] | None = None

    def read(self, session: Session) -> None:
        """Read the files the event names, in a worker (again when they change)."""
        self.files, self.found = session.state.earlier_events, None
        files, app = self.files, self.screen.app

        def done(found: tuple[earlier.Earlier, ...]) -> None:
            if files == self.files and self.screen.is_attached:
                self.found = found
                self.redraw()

        def work() -> None:
            app.call_from_thread(done, session.earlier_events())

        self.screen.run_worker(work, thread=True, group="earlier", exit_on_error=False)

    def line(self, session: Session, state: EventState, player: PlayerState, margin: int) -> Text:
        """The player's line, ending in a line break (nothing when the event names no
        earlier event): on a terminal under 100 columns one line, cut with "…" to the
        terminal's width less ``margin`` (the pane's padding and scroll bar); on a wider
        one whole, as there is room."""
        if state.earlier_events != self.files:
            self.read(session)
        if not self.files:
            return Text()
        if self.found is None:
            line = Text(_("earlier events: reading…"), style="dim")
        else:
            line = Text(earlier.summary(self.found, player) or "", style="italic")
        if (width := self.screen.app.size.width) < WIDE:
            line.truncate(max(width - margin, 20), overflow="ellipsis")
        return line + "\n"
