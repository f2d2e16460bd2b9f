"""`JudgeStation`: start-up, theme, the default screen and the file watcher.

Everything that can refuse to start (a corrupt event file, a bad rules file, a judge
the roster does not know) is checked by `run_station` before the App runs, so the
command line can still exit 2 or 3 with one line on stderr.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.drivers.linux_driver import LinuxDriver
from textual.filter import LineFilter

from judgetui import errors, i18n
from judgetui.i18n import N_
from judgetui.perf import long_lived, restore_collector, settle_interface
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.settings import LoadedSettings
from judgetui.state import EventState, JudgeState
from judgetui.station import startup, themes
from judgetui.station.commands import PaletteHooks
from judgetui.station.follow import FollowerHooks
from judgetui.station.frames import quick_thread_switches
from judgetui.station.language import (
    can_switch,
    switch_binding,
    switch_language,
)
from judgetui.station.navigation import Navigator
from judgetui.station.outcomes import ServiceOutcomes
from judgetui.station.quitting import QuitHooks
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


class JudgeStation(PaletteHooks, FollowerHooks, ServiceOutcomes, QuitHooks, startup.FirstFrame):
    """The station: first screen, theme, messages (palette: `PaletteHooks`; following the
    file: `FollowerHooks`; service calls' outcomes: `ServiceOutcomes`; quitting, which
    asks first: `QuitHooks`; opening screens: `Routes`)."""

    CSS_PATH = "station.tcss"
    TITLE = "judgetui"
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
        self.poll_seconds = startup.poll_seconds(settings, poll_seconds)
        self.navigator: Navigator = Routes(self)
        themes.register_themes(self)
        self.keymap_keys = startup.checked_keymap(settings)
        """The judge's keymap, checked before anything is on screen; applied on mount."""
        self._collector: tuple[int, int, int] | None = None

    def on_mount(self) -> None:
        WAIT_LISTENERS.append(self._say_lock_wait)
        startup.apply_settings(self, self.settings, self.keymap_keys)
        if self.state is not None:
            self._sign_in_or_ask(self.judge)
        else:
            from judgetui.station.screens.first_run import FirstRunScreen

            self.push_screen(FirstRunScreen(), self._created)

    def _created(self, created: object) -> None:
        """After the first run: the new event, with its head judge signed in if allowed."""
        if not isinstance(created, EventState):
            self.exit()
            return
        self.state, self.stamp, judge, self.reader = startup.after_first_run(self.station, created)
        self._sign_in_or_ask(judge)

    def _sign_in_or_ask(self, judge: JudgeState | None) -> None:
        assert self.state is not None
        if judge is not None:
            self.sign_in(judge)
            return
        from judgetui.station.screens.sign_in import SignInScreen  # only when it asks

        self.push_screen(SignInScreen(self.state, self.station.planner), self.sign_in)

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
        self.call_after_refresh(self._settle_interface)  # after the first frame: see perf
        self.start_following(self.session, self.poll_seconds)

    def _settle_interface(self) -> None:
        self._collector = settle_interface(self._collector)

    def on_unmount(self) -> None:
        """Leave the collector as it was found (tests run many apps in one process)."""
        WAIT_LISTENERS[:] = [heard for heard in WAIT_LISTENERS if heard != self._say_lock_wait]
        self.stop_following()
        restore_collector(self._collector)
        self._collector = None

    def _say_lock_wait(self, wait: LockWait) -> None:
        """Said in a worker's thread: `notify` only posts a message (thread-safe, no wait)."""
        line, seconds = errors.lock_wait_line(wait), max(wait.remaining, 3.0)
        self.notify(line, severity="warning", timeout=seconds, markup=False)

    def watch_theme(self, theme: str) -> None:
        themes.apply_ansi_palette(self, theme)

    def action_help(self) -> None:
        self.navigator.open_help()

    async def action_switch_language(self) -> None:
        await switch_language(self)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then one that keeps control characters off the terminal."""
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
    if app.judge is None:
        long_lived()  # a screen asks first; else on with the dashboard's first frame
    if app.driver_class is LinuxDriver:
        app.driver_class = StationDriver  # ends the app when the terminal goes away
    quick_thread_switches()  # a frame drawn reaches the terminal sooner: see `frames`
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
