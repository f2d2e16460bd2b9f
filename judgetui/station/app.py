"""`JudgeStation`, the station's one App: start-up, theme, the first screen and the follower.

Everything that can refuse to start (a corrupt event file, a bad rules file, a judge
the roster does not know) is checked by `run_station` before the App runs, so the
command line can still exit 2 or 3 with one line on stderr.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.drivers.linux_driver import LinuxDriver
from textual.filter import LineFilter
from textual.screen import Screen

from judgetui import errors, i18n, perf
from judgetui.i18n import N_
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.settings import LoadedSettings
from judgetui.state import EventState, JudgeState
from judgetui.station import startup, themes
from judgetui.station.commands import StationPalette, open_theme_palette, station_system_commands
from judgetui.station.follow import EventFileFollower
from judgetui.station.language import (
    can_switch,
    open_command_palette,
    switch_binding,
    switch_language,
)
from judgetui.station.messages import EventChanged
from judgetui.station.navigation import Navigator
from judgetui.station.quitting import ask_to_quit
from judgetui.station.routes import Routes
from judgetui.station.session import (
    Progress,
    Session,
    load_state,
    signed_in_judge,
)
from judgetui.station.terminal import ControlCharacterFilter, StationDriver
from judgetui.store import WAIT_LISTENERS, EventFile, FileStamp, LockWait
from judgetui.store.follow import LogReader

Clock = Callable[[], datetime]
_CONTROL_FILTER = ControlCharacterFilter()
"""After Textual's line filters: no control character reaches the terminal."""


class JudgeStation(App[None]):
    """The station: first screen, theme, palette, quitting, the follower's messages."""

    CSS_PATH = "station.tcss"
    TITLE = "judgetui"
    COMMANDS = {StationPalette}  # noqa: RUF012 (Textual's own annotation)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", N_("Help"), id="app.help"),
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
        poll_seconds: float | None = None,
        settings: LoadedSettings | None = None,
        reader: LogReader | None = None,
    ) -> None:
        super().__init__()
        self.reader = reader  # what `open_station` read, handed to the follower
        self.station = station
        self.state = state
        self.stamp = stamp
        self.judge = judge
        self.clock = clock
        self.cursor_blink = cursor_blink
        self.settings = settings  # None: the defaults, and nothing is kept
        self.poll_seconds = startup.poll_seconds(settings, poll_seconds)
        self.navigator: Navigator = Routes(self)
        self.session: Session | None = None
        self.follower: EventFileFollower | None = None
        themes.register_themes(self)
        self.keymap_keys = startup.checked_keymap(settings)  # checked now, applied on mount

    def on_mount(self) -> None:
        WAIT_LISTENERS.append(self._say_lock_wait)
        startup.apply_settings(self, self.settings, self.keymap_keys)
        if self.state is not None:
            self._sign_in_or_ask(self.judge)
        else:
            from judgetui.station.screens.first_run import FirstRunScreen

            self.push_screen(FirstRunScreen(), self._created)

    def _created(self, created: object) -> None:  # the first run's new event, or None
        if not isinstance(created, EventState):
            return self.exit()
        self.state, self.stamp, judge, self.reader = startup.after_first_run(self.station, created)
        self._sign_in_or_ask(judge)

    def _sign_in_or_ask(self, judge: JudgeState | None) -> None:
        assert self.state is not None
        if judge is not None:
            return self.sign_in(judge)
        from judgetui.station.screens.sign_in import SignInScreen  # only when it asks

        self.push_screen(SignInScreen(self.state, self.station.planner), self.sign_in)

    def sign_in(self, judge: JudgeState | None) -> None:
        from judgetui.station.screens.dashboard import DashboardScreen

        if judge is None or self.state is None:
            return self.exit()
        session = Session(
            self.station, judge, self.state, self.clock, self.stamp, reader=self.reader
        )
        # From here the session owns the state (the App keeping it would keep it alive).
        self.session, self.state, self.reader = session, None, None
        self.push_screen(DashboardScreen())
        self.follower = EventFileFollower(self, session, self.poll_seconds)
        self.call_after_refresh(self.follower.start)  # after the dashboard's first paint

    def on_unmount(self) -> None:
        WAIT_LISTENERS[:] = [heard for heard in WAIT_LISTENERS if heard != self._say_lock_wait]
        if self.follower is not None:
            self.follower.stop()

    def on_event_changed(self, message: EventChanged) -> None:
        if self.follower is not None:
            self.follower.take(message)

    def _say_lock_wait(self, wait: LockWait) -> None:
        """Said in a worker's thread: `notify` only posts a message (thread-safe, no wait)."""
        line, seconds = errors.lock_wait_line(wait), max(wait.remaining, 3.0)
        self.notify(line, severity="warning", timeout=seconds, markup=False)

    def watch_theme(self, theme: str) -> None:
        themes.apply_ansi_palette(self, theme)

    def action_command_palette(self) -> None:
        open_command_palette(self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return station_system_commands(self, self.settings)

    def action_change_theme(self) -> None:
        open_theme_palette(self)

    def action_help(self) -> None:
        self.navigator.open_help()

    async def action_quit(self) -> None:
        ask_to_quit(self)

    async def action_switch_language(self) -> None:
        await switch_language(self)

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [*super().get_line_filters(), _CONTROL_FILTER]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return can_switch(self) if action == "switch_language" else True


def open_station(
    station: Station,
    judge: str | None,
    *,
    clock: Clock,
    progress: Progress | None = None,
    **options: Any,
) -> JudgeStation:
    """The App over ``station``'s file, the state loaded (``progress`` told how far: see
    `load_state`) and the judge checked first.

    Raises `EventFileError` (corrupt file), `BadInput` (unknown judge) or `NotPermitted`
    (a judge bound to another OS account) before anything is on screen.
    """
    if not station.file.exists():
        return JudgeStation(station, clock=clock, **options)
    reader = LogReader(station.file)
    state, stamp = load_state(station, reader, progress)
    signed = signed_in_judge(station, state, judge)
    return JudgeStation(
        station, state=state, stamp=stamp, judge=signed, clock=clock, reader=reader, **options
    )


def run_station(
    db: str,
    rules_path: str | None,
    judge: str | None,
    language: str,
    settings: LoadedSettings | None = None,
    progress: Progress | None = None,
) -> int:
    """Open the station for the command line; returns the exit code."""
    i18n.set_language("ja" if language == "ja" else "en")
    station = Station(EventFile(db), load_rules(rules_path))
    app = open_station(
        station, judge, clock=lambda: datetime.now(UTC), settings=settings, progress=progress
    )
    perf.live_long()
    if app.driver_class is LinuxDriver:
        app.driver_class = StationDriver  # ends the app when the terminal goes away
    app.run()
    return app.return_code or 0


def dev_app() -> JudgeStation:
    """The station as ``judgetui`` opens it, for ``textual run --dev judgetui.station.app:dev_app``.

    The event file is ``$JUDGETUI_DB``, else the settings' ``event_file``, else
    ``judgetui.json``; the judge signs in on the screen (``$JUDGETUI_JUDGE`` picks one).
    """
    from judgetui import settings as settings_module

    loaded = settings_module.load()
    db = os.environ.get("JUDGETUI_DB") or str(loaded.event_file or "judgetui.json")
    i18n.set_language(loaded.language or i18n.default_language())
    station = Station(EventFile(db), load_rules(None))
    return open_station(
        station,
        os.environ.get("JUDGETUI_JUDGE") or None,
        clock=lambda: datetime.now(UTC),
        settings=loaded,
    )
