"""A screen the station makes once, ahead, and opens again for every use: the classification.

Composing the classification, its panes and its keys on the key that opens it was most of
that key's time (issue 14). `MadeAhead` is what such a screen needs besides: when closed
(popped, not merely covered by a dialog) it begins again (`begin_again`), draws its keys
and lets the garbage of its last use be collected, all after the frame that closed it,
while the judge reads the dashboard; and when opened it skips Textual's re-styling of
every node unless the App's CSS changed meanwhile.
"""

from __future__ import annotations

from textual import events, on

from judgetui import perf
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter


class MadeAhead(StationScreen):
    def begin_again(self) -> None:
        """Be as a new screen would be, for the next use (the screen's own override)."""

    def ready_ahead(self) -> None:
        """Made and mounted ahead: its styles are the App's now, its keys drawn."""
        self._css_update_count = self.app._css_update_count
        self.query_one(StationFooter).redraw_now()

    def is_open(self) -> bool:
        """Whether the screen is in a stack of the App's (shown or under a dialog)."""
        return any(self in stack for stack in self.app._screen_stacks.values())

    @on(events.ScreenSuspend)
    def _made_ahead_suspended(self) -> None:
        if self.is_attached and self.app.is_screen_installed(self):
            # After the frame of the screen now on top (the dashboard), not before it.
            self.app.screen.call_after_refresh(self._made_ahead_closed)

    def _made_ahead_closed(self) -> None:
        if self.is_attached and not self.is_open():
            self.begin_again()
            self.query_one(StationFooter).redraw_now()
            perf.collect_young()

    @on(events.ScreenResume)
    def _made_ahead_resumed(self, event: events.ScreenResume) -> None:
        # Textual applies the styles again to every node on resume (~10 ms of `n`): only
        # needed when the App's CSS changed (a theme) since they were applied here.
        app = self.app
        if self._css_update_count == app._css_update_count:
            event.refresh_styles = False
        self._css_update_count = app._css_update_count


class WritesAhead(MadeAhead):
    """A screen made ahead whose act ends in a write (the classification): while it is
    open, the bytes that write begins with (the whole file as this station holds it) are
    written ahead in a worker (`Session.write_ahead`), so that the key that records
    writes only the new entries (`judgetui.store.ahead`). Made after the frame that
    opened the screen, brought up to date after each change of the file (only what was
    appended is written), let go when the screen closes."""

    def write_ahead(self) -> None:
        """Write ahead in a worker, unless this screen's own write is under way: its
        file is the one the write replaces, and the next one is made after it."""
        if not self.is_attached or not self.is_open() or self._writing():
            return
        self.run_worker(
            self.session.write_ahead, thread=True, group="write-ahead", exit_on_error=False
        )

    def _writing(self) -> bool:
        return any(w.group == "service" and not w.is_finished for w in self.app.workers)

    @on(events.ScreenResume)
    def _writes_ahead_resumed(self) -> None:
        self.call_after_refresh(self.write_ahead)

    def state_changed(self) -> None:
        seen = self._seen_version
        super().state_changed()
        if seen != self._seen_version:
            self.write_ahead()

    def _made_ahead_closed(self) -> None:
        if self.is_attached and not self.is_open():
            self.session.drop_write_ahead()
        super()._made_ahead_closed()
