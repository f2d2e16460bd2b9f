"""Following the event file: what every judge's station does to see the others' writes.

`EventFileFollower` is a plain object the App owns (as Textualize/toolong's watcher):
a thread worker polls the file's stamp (one `stat`) and, when it moved, reads the file
through a `LogReader`, which keeps what it has read and checked, so a change costs what
was appended: a byte comparison of the known prefix, a parse and a hash check of the
new entries only. The new entries are applied to the session's state on the App's
thread; a file that no longer extends what was read (a hand edit, a truncated or
re-chained log, TinyDB's own rewrite) is read, folded and verified whole, and a broken
chain shows as the banner on every station.

The watcher learns of a write at once where the kernel tells it (`FileWatch`: inotify
on the file's folder; the floor judge's Enter to the head judge's screen no longer
waits out a poll), and looks at the stamp every ``refresh_ms`` all the same: one
`stat` when nothing changed, and what the kernel cannot report (another machine's
write to a network folder) is still seen.

Start-up reads the file once (`open_station`, before anything is on screen, so a bad
file still exits 2); the whole chain is checked once, in the worker, after the first
paint, from the entries already read.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual.app import App
from textual.screen import ModalScreen
from textual.worker import Worker, get_current_worker

from judgetui import diagnostics, errors
from judgetui.i18n import _
from judgetui.station.file_watch import FileWatch
from judgetui.station.messages import EventChanged, error_text
from judgetui.station.widgets.format import queue_news
from judgetui.store.follow import LogReader

if TYPE_CHECKING:
    from judgetui.station.session import Session


class EventFileFollower:
    """Follows ``session``'s event file for ``app``; the App forwards the messages here."""

    def __init__(self, app: App[None], session: Session, poll_seconds: float) -> None:
        self.app = app
        self.session = session
        self.poll_seconds = poll_seconds
        self._wake = threading.Event()
        self._queue_ids: set[str] = {item.id for item in session.queue()}
        self._watch_error = ""
        self._stopped = False
        self._file_watch: FileWatch | None = None
        if session.reader is None:
            session.reader = LogReader(session.station.file)
        session.station.holder = session.reader

    def start(self) -> Worker[None]:
        """Watch the file in a thread worker (exclusive: one watcher per app)."""
        return self.app.run_worker(
            self._watch, thread=True, exclusive=True, group="watcher", exit_on_error=False
        )

    def wake(self) -> None:
        """Look at the file now rather than at the next poll."""
        self._wake.set()
        if (watch := self._file_watch) is not None:
            watch.wake()

    def stop(self) -> None:
        """End the watcher at once, not at the end of its poll (the App is closing)."""
        self._stopped = True
        self.wake()

    def _watch(self) -> None:
        worker = get_current_worker()
        # Watched before the first look: a write in between still ends the first wait.
        watch = self._file_watch = FileWatch.open(self.session.station.file.path)
        try:
            self.app.post_message(EventChanged(None, self.session.check_log()))
            while not worker.is_cancelled and not self._stopped:
                self.catch_up()
                if watch is None or self._wake.is_set():
                    self._wake.wait(self.poll_seconds)
                elif watch.wait(self.poll_seconds):
                    # Maybe this station's own write, whose result it is about to be
                    # handed: wait for it rather than read the whole file back.
                    self.session.station.wait_for_writes(self.poll_seconds)
                self._wake.clear()
        finally:
            self._file_watch = None
            if watch is not None:
                watch.close()

    def catch_up(self) -> None:
        """Read the file if it changed and post the change; any thread but the App's."""
        try:
            change = self.session.check()
        except Exception as error:
            self.watch_failed(error)
            return
        if change is not None:
            self.app.post_message(EventChanged(change, self.session.check_log(change)))

    # -- on the App's thread (the App's message handler calls it) -----------------

    def take(self, message: EventChanged) -> None:
        """Take ``message`` into the session, then post it on to the screens shown (the
        top one, and those under it down to the first full screen)."""
        session = self.session
        changed = False
        if message.change is not None:
            self._watch_error = ""
            changed = session.accept(message.change)
            if changed:
                self._tell_queue_news()
        if message.problem != session.log_problem:
            session.log_problem = message.problem
            session.version += 1
            changed = True
        if not changed:
            return
        for screen in reversed(self.app.screen_stack):
            screen.post_message(EventChanged(message.change, message.problem))
            if not isinstance(screen, ModalScreen):
                break

    def _tell_queue_news(self) -> None:
        session = self.session
        items = session.queue()
        new = [item for item in items if item.id not in self._queue_ids]
        self._queue_ids = {item.id for item in items}
        if new and session.is_head:
            self.app.notify(queue_news(session, new), title=_("New in the queue"))

    def watch_failed(self, error: Exception) -> None:
        """The file could not be read (the station keeps showing the last good state): said
        once, not four times a second, until it can be read again (any thread)."""
        if (problem := error_text(error)) != self._watch_error:
            self._watch_error = problem
            diagnostics.error("watcher: %s", errors.describe(error))
            self.app.notify(problem, severity="error", timeout=10)
