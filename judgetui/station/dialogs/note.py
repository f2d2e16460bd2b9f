"""`EventNoteModal`: an event note (``o`` on the dashboard), about the event itself and
naming no player: a table's lights out, a round started late, a venue problem. Any judge
writes one; the service keeps it in the log with the judge and the time (`judgetui note`)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Static

from judgetui.i18n import N_, _
from judgetui.station.dialogs.report import _MODAL_CSS
from judgetui.station.dialogs.void import _NoteModal
from judgetui.store.limits import TABLE_MAX, TABLE_MIN

EventNote = tuple[str, int | None]
"""The note's text and its table (None: the note is about no one table)."""


class EventNoteModal(_NoteModal[EventNote]):
    """The note (required) and, if it is about one, its table."""

    HELP_TITLE: ClassVar[str] = N_("Event note")
    NOTE_PROMPT: ClassVar[str] = N_("Note (required)")
    EMPTY_NOTE: ClassVar[str] = N_("Write the note first: the log keeps it.")
    DEFAULT_CSS = _MODAL_CSS.format(name="EventNoteModal")

    def __init__(self) -> None:
        body = Text(
            _(
                "A note about the event, not a player (a table's lights out, a round "
                "started late), for the head judge's end-of-event report. Write it, "
                "then press enter; escape goes back."
            )
        )
        super().__init__(_("Event note"), body)

    def extra(self) -> ComposeResult:
        yield Static(_("Table (optional)"), classes="field-label")
        yield Input(id="note-table", type="integer", max_length=5)

    def answer(self, note: str) -> EventNote | None:
        given = self.query_one("#note-table", Input).value.strip()
        if not given:
            return note, None
        if given.isdigit() and TABLE_MIN <= int(given) <= TABLE_MAX:
            return note, int(given)
        self.notify(
            _("A table is a number from {low} to {high}.").format(low=TABLE_MIN, high=TABLE_MAX),
            severity="warning",
        )
        return None
