"""Messages that go up to the App: from the file watcher and from service workers.

Thread workers post these (``post_message`` is thread-safe); the App handles them on
its own thread, where it is safe to touch the session's state and the screens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.message import Message

from judgetui import errors
from judgetui.i18n import _
from judgetui.state import QueueItem

if TYPE_CHECKING:
    from textual.screen import Screen

    from judgetui.station.session import Change


def error_text(error: BaseException) -> str:
    """One line a judge can act on, never a traceback: the words of `judgetui.errors`."""
    found = errors.problem(error)
    if found is not None:
        return found.sentence
    return _("Something went wrong ({kind}): {reason}").format(
        kind=type(error).__name__, reason=error
    )


class EventChanged(Message):
    """The event file changed on disk (another judge's write, or our own)."""

    def __init__(self, change: Change) -> None:
        super().__init__()
        self.change = change


class LogChecked(Message):
    """The watcher recomputed the penalty log's hash chain."""

    def __init__(self, problem: str | None) -> None:
        super().__init__()
        self.problem = problem


class QueueGrew(Message):
    """New items landed in the head judge's queue."""

    def __init__(self, items: Sequence[QueueItem]) -> None:
        super().__init__()
        self.items = list(items)


class WatchFailed(Message):
    """The event file could not be read; the station keeps showing the last good state."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error


@dataclass(frozen=True)
class ServiceCall:
    """Who asked for a service call and what to do with its outcome.

    The callbacks run on the App's thread, and only while ``screen`` is still on the
    screen stack: a judge who has stepped away from a screen gets the notification
    but nothing touches the screen's widgets any more.
    """

    screen: Screen[Any]
    done: str | None = None
    on_done: Callable[[bool], None] | None = None
    on_result: Callable[[Any], None] | None = None
    on_early: Callable[[Any], Callable[[], None]] | None = None
    """Shows the outcome before the call returns (`ServiceEarly`), drawn but not written
    out; returns what takes it back off the screen."""


class ServiceEarly(Message):
    """A service call's outcome, sure but not on disk yet: drawn now, its frames held
    until the call returns (`judgetui.station.frames.FrameHold`)."""

    def __init__(self, call: ServiceCall, result: object) -> None:
        super().__init__()
        self.call = call
        self.result = result


class ServiceDone(Message):
    """A service call succeeded."""

    def __init__(self, call: ServiceCall, result: object) -> None:
        super().__init__()
        self.call = call
        self.result = result

    def deliver(self, app: App[Any]) -> None:
        """Notify, then run the callbacks if their screen is still stacked."""
        call = self.call
        if call.done:
            app.notify(call.done)
        if call.screen in app.screen_stack:
            if call.on_result is not None:
                call.on_result(self.result)
            if call.on_done is not None:
                call.on_done(True)


class ServiceFailed(Message):
    """A service call was refused or failed; ``error`` becomes a notification."""

    def __init__(self, call: ServiceCall | None, error: Exception) -> None:
        super().__init__()
        self.call = call
        self.error = error

    def deliver(self, app: App[Any]) -> None:
        app.notify(error_text(self.error), severity="error", timeout=10)
        call = self.call
        if call is not None and call.on_done is not None and call.screen in app.screen_stack:
            call.on_done(False)
