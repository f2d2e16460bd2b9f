"""What every station screen shares: the session, service calls in threads, live updates.

A screen never calls the service on the UI thread: `StationScreen.run_service` runs the
call in a thread worker and the App turns its outcome into a notification (and the
screen's callbacks, while the screen is still there). When the event file changes, the
App calls `on_state_changed` on the screens that can be seen; a screen further down the
stack catches up when it is shown again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from textual import events, on
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input
from textual.worker import Worker

from judgetui.i18n import _
from judgetui.station.frames import FrameClock
from judgetui.station.messages import (
    ServiceCall,
    ServiceDone,
    ServiceEarly,
    ServiceFailed,
    error_text,
)
from judgetui.station.session import Session

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings

T = TypeVar("T")
__all__ = ["StationScreen", "error_text", "localize_bindings", "run_service"]


def localize_bindings(node: DOMNode, *, head_only: Iterable[str] = (), is_head: bool) -> None:
    """Translate ``node``'s binding descriptions and mark head-judge-only keys.

    Bindings are declared with ``N_`` (untranslated); the footer shows the description
    as it is, so each screen translates its own copy of the bindings once. For a floor
    judge, the keys of ``head_only`` actions are grouped under "head judge only" (their
    ``check_action`` greys them), which also keeps the footer short at 80 columns.
    """
    marked = set(head_only)
    if getattr(node, "_judgetui_localized", False):
        return
    node._judgetui_localized = True  # type: ignore[attr-defined]
    bindings = node._bindings
    for key, entries in list(bindings.key_to_bindings.items()):
        localized: list[Binding] = []
        for binding in entries:
            description = _(binding.description) if binding.description else ""
            group = binding.group
            if not is_head and binding.action in marked:
                group = Binding.Group(_("head judge only"), compact=True)
            localized.append(dataclasses.replace(binding, description=description, group=group))
        bindings.key_to_bindings[key] = localized


@runtime_checkable
class StationApp(Protocol):
    """What a station screen needs of its App (`judgetui.station.app.JudgeStation`).

    Named here, not imported: the App imports the screens, a screen must not import it.
    """

    session: Session | None
    cursor_blink: bool
    settings: LoadedSettings | None


class StationScreen(Screen[None]):
    """A full screen of the station, signed in as `session.judge`."""

    HEAD_ONLY: ClassVar[frozenset[str]] = frozenset()
    """Actions only the head judge may take: greyed in the footer for floor judges."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """Textual's, without its repaint of the whole screen on every change of focus: the
    widgets that gain and lose the focus redraw themselves (`Widget._on_focus`, the
    focus styles), and that repaint drew the whole terminal again in a frame of its
    own after each step of a classification (issue 14)."""

    def __init__(self, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self._seen_version = -1
        self._frame_clock: FrameClock | None = None

    @property
    def _update_timer(self) -> FrameClock:  # type: ignore[override]
        """Textual's update timer, replaced: a frame as soon as one may be drawn
        (`judgetui.station.frames`)."""
        clock = getattr(self, "_frame_clock", None)
        if clock is None:
            clock = self._frame_clock = FrameClock(self, self._on_timer_update)
        return clock

    def _compositor_refresh(self) -> None:
        """Textual's, but no frame is made while the App batches its updates.

        Textual renders the frame anyway and drops it (`App._display` shows nothing in
        a batch), clearing the regions it found dirty. The station's first screen met
        that on every start: its whole first frame (every widget's lines, ~25 ms at
        10,000 records) was made inside the App's start-up batch and dropped, then
        made again from those lines once the batch was over (`startup.FirstFrame`).
        Skipped here, the dirty regions stay dirty, and the next frame after the batch
        draws them (the first one, whole, is `FirstFrame.on_ready`'s).
        """
        if self.app._batch_count:
            return
        super()._compositor_refresh()

    @property
    def station_app(self) -> StationApp:
        app = self.app
        assert isinstance(app, StationApp)
        return app

    @property
    def session(self) -> Session:
        session = self.station_app.session
        if session is None:
            raise RuntimeError("no judge is signed in yet")
        return session

    # -- keys --------------------------------------------------------------------

    @on(events.Mount)
    def _station_screen_mounted(self) -> None:
        localize_bindings(self, head_only=self.HEAD_ONLY, is_head=self.session.is_head)
        if not self.station_app.cursor_blink:
            for field in self.query(Input):
                field.cursor_blink = False
        self._seen_version = self.session.version
        self.refresh_bindings()

    def apply_breakpoints(self) -> None:
        """Set the breakpoint classes (``-wide``, ``-tall``…) for the app's size now.

        Textual sets them on the screen's first resize, after a first layout and render
        of every widget in the default (narrow) layout that is thrown away at once.
        Called from ``compose``, the first layout is already the right one.
        """
        app = self.app
        width, height = app.size
        horizontal = (
            app.HORIZONTAL_BREAKPOINTS
            if self.HORIZONTAL_BREAKPOINTS is None
            else self.HORIZONTAL_BREAKPOINTS
        ) or []
        vertical = (
            app.VERTICAL_BREAKPOINTS
            if self.VERTICAL_BREAKPOINTS is None
            else self.VERTICAL_BREAKPOINTS
        ) or []
        for breakpoints, dimension in ((horizontal, width), (vertical, height)):
            on = self._get_breakpoint_classes(dimension, breakpoints)
            for _least, name in breakpoints:
                self.set_class(name in on, name)

    async def _settle(self, widget: Widget | None = None) -> None:
        """Let ``widget`` (default: the focused field) take the keys that reached it
        before this one.

        Typed characters go to the field's own queue, while a screen's priority keys
        are run by the App at once: without this, enter right after a burst of typing
        would act on a search or a filter that has not seen the last letters yet.
        """
        focused = self.focused
        target = widget if widget is not None else focused if isinstance(focused, Input) else None
        if target is not None and target.is_attached:
            done = asyncio.Event()
            if target.call_later(done.set):
                await done.wait()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.HEAD_ONLY and not self.session.is_head:
            return None
        return True

    @on(events.Key)
    def _refused_key(self, event: events.Key) -> None:
        """A greyed key of this screen says why when it is pressed, in one notification:
        greyed out in the footer is easy to miss at a table. The key is the one the
        judge's keymap gives the action."""
        active = self.active_bindings.get(event.key)
        if active is None or active.enabled or active.node is not self:
            return
        why = self.refusal(active.binding.action.partition("(")[0], active.binding.description)
        if why:
            event.stop()
            event.prevent_default()
            self.notify(why, severity="warning")

    def refusal(self, action: str, description: str) -> str | None:
        """Why the greyed ``action`` (its key's ``description``) cannot be taken now, in
        one line; None: nothing to say. Screens say more for their own keys."""
        if action in self.HEAD_ONLY and not self.session.is_head:
            return _("Only the head judge may do this: {what}.").format(what=description)
        return None

    # -- live updates --------------------------------------------------------------

    def state_changed(self) -> None:
        """Called by the App when the event changed; runs the hook once per version."""
        session = self.session
        if self._seen_version == session.version or not self.is_attached:
            return  # not attached: the station is closing, its widgets may be gone
        self._seen_version = session.version
        self.on_state_changed()
        self.refresh_bindings()

    def on_state_changed(self) -> None:
        """Show the new `session.state`. Screens override this."""

    @on(events.ScreenResume)
    def _station_screen_resumed(self) -> None:
        """Shown again: what changed meanwhile is shown in the frame after the one that
        shows the screen as it was (drawn from what it had drawn, the cheap part), so
        the key that came back gets its screen first (`judgetui.station.frames` draws a
        key's changes in one frame: both at once were a dearer first frame)."""
        session = self.station_app.session
        if session is not None and self._seen_version != session.version:
            self.call_after_refresh(self.state_changed)

    # -- the service -----------------------------------------------------------------

    def run_service(
        self,
        call: Callable[[], T],
        *,
        done: str | None = None,
        on_done: Callable[[bool], None] | None = None,
        on_result: Callable[[T], None] | None = None,
        on_early: Callable[[T], Callable[[], None]] | None = None,
    ) -> Worker[None]:
        """Run ``call`` (a `Station` method) in a thread worker.

        On success: notify ``done`` (when given), then ``on_result(result)`` and
        ``on_done(True)``. On failure: an error notification and ``on_done(False)``.
        Callbacks run on the App's thread and only while this screen is still shown or
        stacked. ``on_early``: see `show_early`.
        """
        return run_service(
            self, call, done=done, on_done=on_done, on_result=on_result, on_early=on_early
        )


def run_service(
    screen: Screen[Any],
    call: Callable[[], T],
    *,
    done: str | None = None,
    on_done: Callable[[bool], None] | None = None,
    on_result: Callable[[T], None] | None = None,
    on_early: Callable[[T], Callable[[], None]] | None = None,
) -> Worker[None]:
    """`StationScreen.run_service` for any screen, modal ones included."""
    app = screen.app
    request = ServiceCall(screen, done, on_done, on_result, on_early)

    def work() -> None:
        _calls.under_way = (app, request)
        try:
            result = call()
        except Exception as error:
            app.post_message(ServiceFailed(request, error))
            return
        finally:
            _calls.under_way = None
        catch_up = getattr(app, "catch_up", None)
        if callable(catch_up):
            catch_up()
        app.post_message(ServiceDone(request, result))

    return app.run_worker(work, thread=True, group="service", exit_on_error=False)


_calls = threading.local()
"""The service call a worker's thread is running: (App, `ServiceCall`), or None."""


def show_early(result: object) -> None:
    """From a service call's worker: ``result`` is its outcome, sure (sealed, under the
    lock) but not on disk yet. The screen shows it at once by its ``on_early``, and the
    frames it draws reach the terminal when the call returns (dropped if it fails:
    `judgetui.station.frames.FrameHold`). Nothing without an ``on_early``."""
    under_way: tuple[App[Any], ServiceCall] | None = getattr(_calls, "under_way", None)
    if under_way is not None and under_way[1].on_early is not None:
        app, request = under_way
        app.post_message(ServiceEarly(request, result))
