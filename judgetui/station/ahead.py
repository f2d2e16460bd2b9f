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
