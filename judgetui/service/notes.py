"""Event notes: a judge's note about the event itself, naming no player (a table's lights
out, a round started late, a venue problem), for the head judge's end-of-event report.
Any judge of the event may write one; it counts for nothing."""

from __future__ import annotations

from judgetui.i18n import _
from judgetui.safe_text import refuse_controls_in_note
from judgetui.service.authority import Authority
from judgetui.service.base import BadInput, Entry
from judgetui.state import EventState
from judgetui.store import limits
from judgetui.store.build import build

#: The longest note, as its declaration bounds it (`judgetui.store.entries.EventNoted`).
NOTE_MAX = 2000


class NotesPlanner(Authority):
    """Plans `Station.note`."""

    def plan_note(
        self, state: EventState, judge_name: str | None, text: str, table: int | None = None
    ) -> list[Entry]:
        """The ``event_noted`` entry: the judge, the time (the entry's), the text, the table."""
        judge = self.identify(state, judge_name)
        text = text.strip()
        if not text:
            raise BadInput(_("an event note needs its text"), key="note_missing")
        if len(text) > NOTE_MAX:
            raise BadInput(
                _("an event note is at most {n} characters").format(n=NOTE_MAX), key="note_too_long"
            )
        try:
            refuse_controls_in_note(text)
        except ValueError as exc:
            raise BadInput(f"note: {exc}", key="bad_note") from None
        if table is not None and (
            type(table) is not int or not limits.TABLE_MIN <= table <= limits.TABLE_MAX
        ):
            raise BadInput(
                _("{what} must be a whole number from {low} to {high}").format(
                    what=_("table"), low=limits.TABLE_MIN, high=limits.TABLE_MAX
                ),
                key="out_of_bounds",
            )
        return [self.entry("event_noted", judge, build("event_noted", text=text, table=table))]
