"""What every station screen shares: the session, service calls in threads, live updates.

A screen never calls the service on the UI thread: `StationScreen.serve` runs the act in
a `@work(thread=True)` worker, which posts its outcome to the screen as a typed message
(`Recorded`, `Reviewed`, … or `Refused`: `judgetui.station.messages`). When the event
file changes, the App posts `EventChanged` to the screens that can be seen, and each
shows the new state (`on_state_changed`); a screen further down the stack catches up
when it is shown again.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

from textual import events, on, work
from textual.binding import Binding
from textual.dom import DOMNode
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from judgetui import diagnostics, errors
from judgetui.i18n import _
from judgetui.station.messages import EventChanged, Refused, Served, error_text
from judgetui.station.session import Session

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings

__all__ = ["StationScreen", "error_text", "localize_bindings", "serve"]


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

    def on_event_changed(self, message: EventChanged) -> None:
        self.state_changed()

    @on(events.ScreenResume)
    def _station_screen_resumed(self) -> None:
        """Shown again: what changed meanwhile is shown now."""
        session = self.station_app.session
        if session is not None and self._seen_version != session.version:
            self.state_changed()

    # -- the service -----------------------------------------------------------------

    @work(thread=True, group="service", exit_on_error=False, description="a service call")
    def serve(
        self,
        act: Callable[[], object],
        outcome: type[Served],
        said: str | None = None,
        about: str | None = None,
    ) -> None:
        """Run ``act`` (a `Session` act) in a thread worker, then post ``outcome`` (its
        result: on disk) or `Refused` to this screen, both with ``about``; ``said`` and
        a refusal are told as notifications even if the judge has left the screen."""
        serve(self, act, outcome, said, about)


def serve(
    screen: Screen[Any],
    act: Callable[[], object],
    outcome: type[Served],
    said: str | None,
    about: str | None = None,
) -> None:
    """`StationScreen.serve`'s body, in the worker's thread (for the first run's screen too)."""
    app = screen.app
    try:
        result = act()
    except Exception as error:
        diagnostics.warning("station refused: %s", errors.describe(error))
        app.notify(error_text(error), severity="error", timeout=10)
        screen.post_message(Refused(outcome, error, about))
        return
    if (follower := getattr(app, "follower", None)) is not None:
        follower.catch_up()  # this station's own write: followed before its outcome is shown
    if said:
        app.notify(said)
    screen.post_message(outcome(result, about))
