"""No event file yet: create one (event name, head judge, floor judges, rounds).

`FirstRunScreen` is a full screen that dismisses with the created `EventState` (or None
when the judge leaves with escape): whoever creates the event is its head judge, so the
App signs in `state.head_judge_name()` (the roster check still applies) and shows the
dashboard. It runs before anyone is signed in, so it is not a
`StationScreen`: it uses the App's `Station` (the service over the missing file, or
one passed in), and `Station.create_event` runs in a thread worker like every write.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Static

from judgetui.i18n import N_, _
from judgetui.service import Station
from judgetui.state import EventState
from judgetui.station.messages import Created, Refused
from judgetui.station.screens.base import localize_bindings, serve
from judgetui.station.widgets.footer import StationFooter

FIELDS = ("name", "head", "floor", "rounds")


def split_names(raw: str) -> list[str]:
    """``"Alex Reed, Sato Yuki"`` → two names; blanks dropped, order kept."""
    return [name.strip() for name in raw.replace("、", ",").split(",") if name.strip()]


class FirstRunScreen(Screen[EventState | None]):
    """Create the event file, then hand the new event to the App."""

    HELP_TITLE: ClassVar[str] = N_("New event")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "create", N_("Create the event"), id="first_run.create"),
        Binding("escape", "leave", N_("Quit"), id="first_run.quit"),
    ]

    def __init__(self, station: Station | None = None) -> None:
        """``station`` is the service over the file to create; by default the App's."""
        super().__init__(classes="station-screen")
        self._station = station
        self.creating = False

    @property
    def station(self) -> Station:
        if self._station is not None:
            return self._station
        station = getattr(self.app, "station", None)
        if station is None:
            session = getattr(self.app, "session", None)
            station = getattr(session, "station", None)
        if not isinstance(station, Station):
            raise RuntimeError("FirstRunScreen needs a Station: pass it in")
        return station

    def compose(self) -> ComposeResult:
        yield Static(_("judgetui · new event"), classes="screen-title")
        with VerticalScroll(id="first-run-body"), Vertical(id="first-run-box", classes="dialog"):
            yield Static(
                _("There is no event file at {path} yet. Create the event:").format(
                    path=self.station.file.path
                ),
                id="first-run-intro",
            )
            yield Static(_("Event name"), classes="field-label")
            yield Input(id="first-run-name", placeholder=_("e.g. Autumn Open 2026"), compact=True)
            yield Static(_("Head judge (your name)"), classes="field-label")
            yield Input(id="first-run-head", placeholder=_("e.g. Kana Mori"), compact=True)
            yield Static(_("Floor judges (optional, separated by commas)"), classes="field-label")
            yield Input(
                id="first-run-floor", placeholder=_("e.g. Alex Reed, Sato Yuki"), compact=True
            )
            yield Static(_("Rounds (optional)"), classes="field-label")
            yield Input(id="first-run-rounds", type="integer", placeholder="8", compact=True)
            yield Static(
                _("enter: next field · enter on the last field or ctrl+s: create"),
                classes="hint",
            )
        yield StationFooter()

    def on_mount(self) -> None:
        localize_bindings(self, is_head=True)
        if not getattr(self.app, "cursor_blink", True):
            for field in self.query(Input):
                field.cursor_blink = False
        self.query_one("#first-run-name", Input).focus()

    @on(Input.Submitted)
    def _next_field(self, event: Input.Submitted) -> None:
        event.stop()
        current = (event.input.id or "").removeprefix("first-run-")
        if current not in FIELDS:
            return
        position = FIELDS.index(current)
        missing = self._missing(current)
        if missing is not None:
            self.notify(missing, severity="warning")
            return
        if position < len(FIELDS) - 1:
            self.query_one(f"#first-run-{FIELDS[position + 1]}", Input).focus()
        else:
            self.action_create()

    def _missing(self, field: str) -> str | None:
        """What a required field still needs, or None."""
        if field == "name" and not self._value("name"):
            return _("The event needs a name.")
        if field == "head" and not self._value("head"):
            return _("Name the head judge.")
        return None

    def _value(self, field: str) -> str:
        return self.query_one(f"#first-run-{field}", Input).value.strip()

    def action_create(self) -> None:
        if self.creating:
            return
        name, head = self._value("name"), self._value("head")
        if not name:
            self.notify(_("The event needs a name."), severity="error")
            self.query_one("#first-run-name", Input).focus()
            return
        if not head:
            self.notify(_("Name the head judge."), severity="error")
            self.query_one("#first-run-head", Input).focus()
            return
        floor = split_names(self._value("floor"))
        rounds_text = self._value("rounds")
        rounds = int(rounds_text) if rounds_text.lstrip("-").isdigit() else None
        if rounds_text and (rounds is None or rounds < 1):
            self.notify(_("Rounds is a whole number from 1, or empty."), severity="error")
            self.query_one("#first-run-rounds", Input).focus()
            return
        station = self.station
        self.creating = True
        self._create(
            lambda: station.create_event(name, head, floor, rounds=rounds),
            _("Event {name} created.").format(name=name),
        )

    @work(thread=True, group="service", exit_on_error=False, description="create the event")
    def _create(self, act: Callable[[], EventState], said: str) -> None:
        serve(self, act, Created, said)

    def on_created(self, message: Created) -> None:
        self.creating = False
        self.dismiss(message.result)

    def on_refused(self, message: Refused) -> None:
        self.creating = False

    def unsaved_work(self) -> str | None:
        """What the judge typed here, before the event is created (for the quit question)."""
        if any(self._value(field) for field in FIELDS):
            return _("The event is not created yet.")
        return None

    def action_leave(self) -> None:
        """Escape quits; with anything typed, only once the judge says so."""
        if not any(self._value(field) for field in FIELDS):
            self.dismiss(None)
            return
        from judgetui.station.dialogs.confirm import ConfirmModal

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss(None)

        question = ConfirmModal(
            _("Quit without creating the event? What you typed is lost."),
            _("Quit"),
            _("Keep typing"),
            enter_says_yes=False,
        )
        self.app.push_screen(question, answered)
