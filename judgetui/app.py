"""`JudgeStation`: start-up, theme, the default screen and the file watcher.

Everything that can refuse to start (a corrupt event file, a bad rules file, a judge
the roster does not know) is checked by `run_station` before the App runs, so the
command line can still exit 2 or 3 with one line on stderr.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any, ClassVar

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.worker import get_current_worker

from judgetui import i18n, screens
from judgetui.i18n import N_, _
from judgetui.language import (
    LanguageCommands,
    can_switch,
    localize_app_bindings,
    open_command_palette,
    switch_binding,
    switch_language,
    translated_system_commands,
)
from judgetui.messages import (
    EventChanged,
    LogChecked,
    QueueGrew,
    ServiceDone,
    ServiceFailed,
    WatchFailed,
    error_text,
)
from judgetui.rules import load_rules
from judgetui.screens.base import StationScreen
from judgetui.service import BadInput, NotPermitted, Station
from judgetui.session import Session, load_state, signed_in_judge
from judgetui.state import EventState, JudgeState
from judgetui.store import EventFile, FileStamp
from judgetui.widgets.palette import StationCommands

Clock = Callable[[], datetime]


class JudgeStation(App[None]):
    CSS_PATH = "station.tcss"
    TITLE = "judgetui"
    COMMANDS = App.COMMANDS | {StationCommands, LanguageCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help")),
        switch_binding(),
    ]

    def __init__(
        self,
        station: Station,
        *,
        state: EventState | None = None,
        stamp: FileStamp | None = None,
        judge: JudgeState | None = None,
        clock: Clock,
        cursor_blink: bool = True,
        poll_seconds: float = 0.25,
    ) -> None:
        super().__init__()
        self.station = station
        self.state = state
        self.stamp = stamp
        self.judge = judge
        self.clock = clock
        self.cursor_blink = cursor_blink
        self.poll_seconds = poll_seconds
        self.session: Session | None = None
        self._wake = threading.Event()
        self._queue_ids: set[str] = set()
        self._watch_error = ""

    def on_mount(self) -> None:
        localize_app_bindings(self)
        self.theme = "textual-dark"
        if self.state is not None:
            self._sign_in_or_ask(self.judge)
        elif (first_run := screens.first_run_screen(self)) is not None:
            self.push_screen(first_run, self._created)
        else:
            self.exit(return_code=2)

    def _created(self, created: object) -> None:
        """After the first run: the new event, with its head judge signed in if allowed."""
        if not isinstance(created, EventState):
            self.exit()
            return
        self.state, self.stamp = load_state(self.station)
        try:
            judge = signed_in_judge(self.station, self.state, created.head_judge_name())
        except (BadInput, NotPermitted):
            judge = None
        self._sign_in_or_ask(judge)

    def _sign_in_or_ask(self, judge: JudgeState | None) -> None:
        from judgetui.screens.sign_in import SignInScreen

        assert self.state is not None
        if judge is None:
            self.push_screen(SignInScreen(self.state, self.station.planner), self.sign_in)
        else:
            self.sign_in(judge)

    def sign_in(self, judge: JudgeState | None) -> None:
        from judgetui.screens.dashboard import DashboardScreen

        if judge is None or self.state is None:
            self.exit()
            return
        self.session = Session(self.station, judge, self.state, self.clock, self.stamp)
        self._queue_ids = {item.id for item in self.session.queue()}
        self.push_screen(DashboardScreen())
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
            self.post_message(LogChecked(self.session.check_log()))

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
            news = screens.queue_news(self.session, message.items)
            self.notify(news, title=_("New in the queue"))

    def on_watch_failed(self, message: WatchFailed) -> None:
        """Say it once, not four times a second, until the file can be read again."""
        if (problem := error_text(message.error)) != self._watch_error:
            self._watch_error = problem
            self.notify(problem, severity="error", timeout=10)

    def on_service_done(self, message: ServiceDone) -> None:
        message.deliver(self)

    def on_service_failed(self, message: ServiceFailed) -> None:
        message.deliver(self)

    def action_help(self) -> None:
        screens.open_help(self)

    async def action_switch_language(self) -> None:
        await switch_language(self)

    def action_command_palette(self) -> None:
        open_command_palette(self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return translated_system_commands(super().get_system_commands(screen))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "switch_language":
            return can_switch(self)
        return True


def open_station(
    station: Station, judge: str | None, *, clock: Clock, **options: Any
) -> JudgeStation:
    """The App over ``station``'s file, the state loaded and the judge checked first.

    Raises `EventFileError` (corrupt file), `BadInput` (unknown judge) or `NotPermitted`
    (a judge bound to another OS account) before anything is on screen.
    """
    if not station.file.exists():
        return JudgeStation(station, clock=clock, **options)
    state, stamp = load_state(station)
    signed = signed_in_judge(station, state, judge)
    return JudgeStation(station, state=state, stamp=stamp, judge=signed, clock=clock, **options)


def run_station(db: str, rules_path: str | None, judge: str | None, language: str) -> int:
    """Open the station for the command line; returns the exit code."""
    i18n.set_language("ja" if language == "ja" else "en")
    station = Station(EventFile(db), load_rules(rules_path))
    app = open_station(station, judge, clock=lambda: datetime.now(UTC))
    app.run()
    return app.return_code or 0
