"""A screen the station makes once, ahead, and opens again for every use: the classification.

Composing the classification, its panes and its keys on the key that opens it was most of
that key's time (issue 14). `MadeAhead` is what such a screen needs besides: when closed
(popped, not merely covered by a dialog) it begins again (`begin_again`), draws its keys
and lets the garbage of its last use be collected, all after the frame that closed it,
while the judge reads the dashboard; and when opened it skips Textual's re-styling of
every node unless the App's CSS changed meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TypeVar

from textual import events, on
from textual.worker import Worker

from judgetui import perf
from judgetui.station.frames import after_output
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter

T = TypeVar("T")
_GREY_AFTER = 0.25
"""Seconds a service call runs before the screen's keys show it (greyed: `check_action`)."""
_RESUME_AT_LATEST = 1.0
"""Seconds after a service call began by which the collector runs again in any case."""
_CATCH_UP_AFTER = 0.15
"""Seconds after the outcome's frame is written that the screens below catch up
(`_catch_up_below`): while the judge reads it, not under a key pressed right after it
(`enter` back to the dashboard then catches it up on the way, as before)."""


class MadeAhead(StationScreen):
    def begin_again(self) -> None:
        """Be as a new screen would be, for the next use (the screen's own override)."""

    def ready_ahead(self) -> None:
        """Made and mounted ahead: its styles are the App's now, its keys drawn."""
        self._css_update_count = self.app._css_update_count
        self.query_one(StationFooter).redraw_now()

    def draw_ahead(self) -> None:
        """Lay out and draw this screen off screen, by Textual's own two steps (the
        drawing thrown away), while it is not shown: what is drawn is kept for its
        showing.

        A screen is first laid out and drawn when it is first shown, and that was most of
        the first `n` of a station (~120 ms at 50,000 records in tmux, half of it the
        player search's rows). Done twice when made (`Routes.prepare_classify`): once,
        and once more after the widgets have handled the Resize of that first layout
        (some drop what they drew on it): the first `n` at 50k went from 157-251 ms to
        57-78 (later ones ~20-30). And again each time the screen begins again after a
        use (`_made_ahead_closed`): the later `n`s took 24-53 ms where the first took
        17-23 (10,000 records, tmux); drawn ahead again, their median went from 27.6 to
        25.8 ms and their slowest from 47.7 to 36.3 (28 a side, 10k and 50k walks).
        """
        if not self.is_current and self.is_attached:
            self._refresh_layout(self.app.size)
            self._compositor.render_update(full=True)

    def is_open(self) -> bool:
        """Whether the screen is in a stack of the App's (shown or under a dialog)."""
        return any(self in stack for stack in self.app._screen_stacks.values())

    @on(events.ScreenSuspend)
    def _made_ahead_suspended(self) -> None:
        if self.is_attached and self.app.is_screen_installed(self):
            # After the frame of the screen now on top (the dashboard) is written, not
            # before it: a collection holds the interpreter the output thread needs.
            app = self.app
            app.screen.call_after_refresh(after_output, app, self._made_ahead_closed)

    def _made_ahead_closed(self) -> None:
        if self.is_attached and not self.is_open():
            self.begin_again()
            self.query_one(StationFooter).redraw_now()
            self.draw_ahead()
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
    """A screen made ahead whose act ends in a write (the classification): its service
    calls hold the collector and the footer until their outcome is shown."""

    _keys_held = 0
    """Service calls under way that hold the footer's redraw (`run_service`)."""
    _keys_stale = False
    """A redraw of the footer was asked for while it was held."""

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self._resumes: list[Callable[[], None]] = []
        """The collector's resumes of service calls whose outcome is not shown yet."""

    def run_service(
        self,
        call: Callable[[], T],
        *,
        done: str | None = None,
        on_done: Callable[[bool], None] | None = None,
        on_result: Callable[[T], None] | None = None,
        on_early: Callable[[T], Callable[[], None]] | None = None,
    ) -> Worker[None]:
        """`StationScreen.run_service`, the cyclic collector paused from the key until the
        frame after the outcome is shown and written to the terminal
        (`perf.pause_collector`, `frames.after_output`); at the latest a second after the
        key, whatever became of this screen (a write that waits for another station's
        lock then goes on with the collector on). Then the screens below catch up
        (`_catch_up_below`). The keys the call disables (`check_action`) are drawn greyed
        only if it is still running after `_GREY_AFTER`: until then, or until its outcome
        is shown, the footer is not redrawn (`refresh_bindings` waits), so the state
        change that the call's own write brings (`state_changed`) draws no frame of
        greyed keys just before the outcome's (it delayed the outcome's by a frame)."""
        resume = perf.pause_collector()
        self.app.set_timer(_RESUME_AT_LATEST, resume)
        self._resumes.append(resume)

        def shown() -> None:
            resume()
            with suppress(ValueError):
                self._resumes.remove(resume)
            self.set_timer(_CATCH_UP_AFTER, self._catch_up_below)

        self._keys_held += 1
        holding = [True]

        def release() -> None:
            if holding:
                holding.clear()
                self._release_keys()

        def result(value: T) -> None:
            try:
                if on_result is not None:
                    on_result(value)  # the outcome shown, its footer held till then
            finally:
                release()

        def early(value: T) -> Callable[[], None]:
            try:
                assert on_early is not None
                return on_early(value)  # in the frames held till the write returns
            finally:
                release()

        def ended(ok: bool) -> None:
            release()
            if on_done is not None:
                on_done(ok)
            self.call_after_refresh(after_output, self.app, shown)

        worker = super().run_service(
            call,
            done=done,
            on_done=ended,
            on_result=result,
            on_early=None if on_early is None else early,
        )

        def grey() -> None:
            release()
            if not worker.is_finished:
                self.refresh_bindings()

        # Not at once: the footer's frame ran beside the write and held the interpreter
        # between its system calls (each wait for it up to Python's 5 ms switch interval).
        self.set_timer(_GREY_AFTER, grey)
        return worker

    def _catch_up_below(self) -> None:
        """Bring the screens under this one up to the state now (the frame of the outcome
        is out): the one shown next (the dashboard, on `enter`) then draws once, as it is.
        Left to catch up when shown again (`StationScreen`), it was drawn whole as it had
        been, then whole again with the new record: two frames of the whole terminal."""
        if not self.is_open():
            return  # left already: the screen now shown caught up as it came back
        for screen in self.app.screen_stack:
            if screen is not self and isinstance(screen, StationScreen) and screen.is_attached:
                screen.state_changed()

    def refresh_bindings(self) -> None:
        """Textual's, unless a service call of this screen holds the footer (`run_service`):
        then once it lets go."""
        if self._keys_held:
            self._keys_stale = True
            return
        super().refresh_bindings()

    def _release_keys(self) -> None:
        self._keys_held -= 1
        if not self._keys_held and self._keys_stale:
            self._keys_stale = False
            super().refresh_bindings()

    @on(events.Unmount)
    def _writes_ahead_unmounted(self) -> None:
        while self._resumes:  # the station closing: never leave the collector paused
            self._resumes.pop()()
