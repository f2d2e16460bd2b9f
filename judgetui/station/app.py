"""`JudgeStation`: start-up, theme, the default screen and the file watcher.

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

from judgetui import diagnostics, i18n
from judgetui.i18n import N_
from judgetui.rules import load_rules
from judgetui.service import BadInput, NotPermitted, Station
from judgetui.settings import LoadedSettings
from judgetui.state import EventState, JudgeState
from judgetui.station import screens, themes
from judgetui.station.follow import EventFileFollower
from judgetui.station.language import (
    can_switch,
    localize_app_bindings,
    open_command_palette,
    switch_binding,
    switch_language,
)
from judgetui.station.messages import (
    EventChanged,
    LogChecked,
    QueueGrew,
    ServiceDone,
    ServiceFailed,
    WatchFailed,
)
from judgetui.station.session import (
    Session,
    load_state,
    restore_collector,
    settle_interface,
    signed_in_judge,
)
from judgetui.station.system_commands import (
    StationPalette,
    open_theme_palette,
    station_system_commands,
)
from judgetui.station.terminal import ControlCharacterFilter, StationDriver
from judgetui.store import EventFile, FileStamp
from judgetui.store.follow import LogReader

Clock = Callable[[], datetime]
_CONTROL_FILTER = ControlCharacterFilter()
SETTLE_AFTER = 0.5
"""Seconds after sign-in to settle the collector: well after the dashboard's first paint."""


class JudgeStation(App[None]):
    CSS_PATH = "station.tcss"
    TITLE = "judgetui"
    COMMANDS = {StationPalette}  # noqa: RUF012 (Textual's own annotation)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", N_("Help"), id="app.help"),
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
        self.session: Session | None = None
        self.follower: EventFileFollower | None = None
        self.reader = reader
        """What `open_station` read of the file: handed to the follower, never read twice."""
        self.station = station
        self.state = state
        self.stamp = stamp
        self.judge = judge
        self.clock = clock
        self.cursor_blink = cursor_blink
        self.settings = settings
        """The settings the station was opened with; None: defaults, and nothing is kept."""
        if poll_seconds is None:
            poll_seconds = settings.poll_seconds if settings is not None else 0.25
        self.poll_seconds = poll_seconds
        themes.register_themes(self)
        self.keymap_keys: dict[str, str] = {}
        """The judge's keymap, checked (a bad entry raises `SettingsError` here, before
        anything is on screen); applied on mount."""
        if settings is not None and settings.keys:
            from judgetui.station import keymap

            self.keymap_keys = keymap.check(settings.keys, settings.path)
        self._collector: tuple[int, int, int] | None = None

    def on_mount(self) -> None:
        localize_app_bindings(self)
        if self.keymap_keys:
            from judgetui.station import keymap

            keymap.apply(self, self.keymap_keys)
        wanted = self.settings.theme if self.settings is not None else None
        self.theme = themes.initial_theme(self, wanted, os.environ)[0]
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
        self.reader = LogReader(self.station.file)
        self.state, self.stamp = load_state(self.station, self.reader)
        try:
            judge = signed_in_judge(self.station, self.state, created.head_judge_name())
        except (BadInput, NotPermitted):
            judge = None
        self._sign_in_or_ask(judge)

    def _sign_in_or_ask(self, judge: JudgeState | None) -> None:
        from judgetui.station.screens.sign_in import SignInScreen

        assert self.state is not None
        if judge is None:
            self.push_screen(SignInScreen(self.state, self.station.planner), self.sign_in)
        else:
            self.sign_in(judge)

    def sign_in(self, judge: JudgeState | None) -> None:
        from judgetui.station.screens.dashboard import DashboardScreen

        if judge is None or self.state is None:
            self.exit()
            return
        self.session = Session(
            self.station, judge, self.state, self.clock, self.stamp, reader=self.reader
        )
        # From here the session owns the state: a reload replaces the session's, and the
        # app holding on to the first one would keep a whole stale event alive.
        self.state = None
        self.reader = None
        self.push_screen(DashboardScreen())
        self.set_timer(SETTLE_AFTER, self._settle_interface)
        self.follower = EventFileFollower(self, self.session, self.poll_seconds)
        # After the dashboard's first paint: the chain check (the whole log's hashes,
        # once) then competes with nothing a judge is waiting for.
        self.call_after_refresh(self.follower.start)

    def catch_up(self) -> None:
        """Read the file now if it changed (any thread but the App's): after a write."""
        if self.follower is not None:
            self.follower.catch_up()

    def on_event_changed(self, message: EventChanged) -> None:
        if self.follower is not None:
            self.follower.event_changed(message)

    def on_log_checked(self, message: LogChecked) -> None:
        if self.follower is not None:
            self.follower.log_checked(message)

    def on_queue_grew(self, message: QueueGrew) -> None:
        if self.follower is not None:
            self.follower.queue_grew(message)

    def on_watch_failed(self, message: WatchFailed) -> None:
        if self.follower is not None:
            self.follower.watch_failed(message)

    def _settle_interface(self) -> None:
        self._collector = settle_interface(self._collector)

    def on_unmount(self) -> None:
        """Leave the collector as it was found (tests run many apps in one process)."""
        if self.follower is not None:
            self.follower.stop()
        restore_collector(self._collector)
        self._collector = None

    def watch_theme(self, theme: str) -> None:
        themes.apply_ansi_palette(self, theme)

    def on_service_done(self, message: ServiceDone) -> None:
        message.deliver(self)

    def on_service_failed(self, message: ServiceFailed) -> None:
        diagnostics.warning("station refused: %s", diagnostics.describe(message.error))
        message.deliver(self)

    def action_help(self) -> None:
        screens.open_help(self)

    async def action_switch_language(self) -> None:
        await switch_language(self)

    def action_command_palette(self) -> None:
        open_command_palette(self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        return station_system_commands(self, self.settings)

    def action_change_theme(self) -> None:
        open_theme_palette(self)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then one that keeps control characters off the terminal."""
        return [*super().get_line_filters(), _CONTROL_FILTER]

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
    reader = LogReader(station.file)
    state, stamp = load_state(station, reader)
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
) -> int:
    """Open the station for the command line; returns the exit code."""
    i18n.set_language("ja" if language == "ja" else "en")
    station = Station(EventFile(db), load_rules(rules_path))
    app = open_station(station, judge, clock=lambda: datetime.now(UTC), settings=settings)
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

    loaded = settings_module.load(cached=False)
    db = os.environ.get("JUDGETUI_DB") or str(loaded.event_file or "judgetui.json")
    i18n.set_language(loaded.language or i18n.default_language())
    station = Station(EventFile(db), load_rules(None))
    return open_station(
        station,
        os.environ.get("JUDGETUI_JUDGE") or None,
        clock=lambda: datetime.now(UTC),
        settings=loaded,
    )
