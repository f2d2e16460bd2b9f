"""Following the event file: what every judge's station does to see the others' writes.

A thread worker polls the file's stamp (cheap: one `stat`) and reads it only when it
changed; the state is updated on the App's thread from the entries it has not seen.
After every change the log's hash chain is checked again, so a hand edit shows as a
banner on every station. Kept apart from `JudgeStation` so the App stays start-up, theme
and default screen.
"""

from __future__ import annotations

import threading

from textual import work
from textual.app import App
from textual.screen import ModalScreen
from textual.worker import get_current_worker

from judgetui import diagnostics, errors
from judgetui.i18n import _
from judgetui.station.messages import EventChanged, LogChecked, QueueGrew, WatchFailed, error_text
from judgetui.station.screens.base import StationScreen
from judgetui.station.session import Session
from judgetui.station.widgets.format import queue_news


class EventFileFollower(App[None]):
    """An App that follows its session's event file (``session``, ``poll_seconds``)."""

    poll_seconds: float = 0.25

    def __init__(self) -> None:
        super().__init__()
        self.session: Session | None = None
        self._wake = threading.Event()
        self._queue_ids: set[str] = set()
        self._watch_error = ""

    def start_following(self) -> None:
        """Remember what is in the queue now, then watch the file."""
        if self.session is not None:
            self._queue_ids = {item.id for item in self.session.queue()}
        self.watch_event_file()

    @work(thread=True, exclusive=True, group="watcher", exit_on_error=False)
    def watch_event_file(self) -> None:
        worker = get_current_worker()
        if self.session is not None:
            self.post_message(LogChecked(self.session.check_log()))
        while not worker.is_cancelled:
            self.catch_up()
            self._wake.wait(self.poll_seconds)
            self._wake.clear()

    def catch_up(self) -> None:
        """Read the file if it changed and post the change; any thread but the App's."""
        if self.session is None:
            return
        try:
            change = self.session.check()
        except Exception as error:
            self.post_message(WatchFailed(error))
            return
        if change is not None:
            self.post_message(EventChanged(change))
            self.post_message(LogChecked(self.session.check_log(change.entries)))

    def on_event_changed(self, message: EventChanged) -> None:
        session = self.session
        self._watch_error = ""
        if session is None or not session.accept(message.change):
            return
        for screen in reversed(self.screen_stack):
            if isinstance(screen, StationScreen):
                screen.state_changed()
            if not isinstance(screen, ModalScreen):
                break
        items = session.queue()
        new = [item for item in items if item.id not in self._queue_ids]
        self._queue_ids = {item.id for item in items}
        if new and session.is_head:
            self.post_message(QueueGrew(new))

    def on_log_checked(self, message: LogChecked) -> None:
        if self.session is not None and message.problem != self.session.log_problem:
            self.session.log_problem = message.problem
            self.session.version += 1
            if isinstance(self.screen, StationScreen):
                self.screen.state_changed()

    def on_queue_grew(self, message: QueueGrew) -> None:
        if self.session is not None:
            news = queue_news(self.session, message.items)
            self.notify(news, title=_("New in the queue"))

    def on_watch_failed(self, message: WatchFailed) -> None:
        """Say it once, not four times a second, until the file can be read again."""
        if (problem := error_text(message.error)) != self._watch_error:
            self._watch_error = problem
            diagnostics.error("watcher: %s", errors.describe(message.error))
            self.notify(problem, severity="error", timeout=10)
