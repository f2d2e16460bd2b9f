"""An incident's context and its witness notes, as the station shows them under a record.

One place, so the player screen, the review card and the history screen say it alike.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from judgetui import text
from judgetui.i18n import _
from judgetui.state import EventState, RecordState
from judgetui.station.widgets.format import parse_at


def _clock(at: str) -> str:
    try:
        return parse_at(at).astimezone().strftime("%H:%M")
    except ValueError:
        return at


def context_lines(state: EventState, record: RecordState, *, now: datetime | None = None) -> Text:
    """Lines (each ending with a newline) for the record's table, game, opponent and
    extension, the possible duplicate it was recorded over, and every witness note with
    who wrote it; empty when there is none of these."""
    out = Text()
    context = text.context_line(record)
    if record.opponent is not None and record.opponent in state.players:
        context = context.replace(
            record.opponent, f"{record.opponent} {state.players[record.opponent].name}", 1
        )
    if context:
        out.append(_("At the table") + ": ", style="bold")
        out.append(context + "\n")
    if late := text.late_line(record):
        out.append(late[:1].upper() + late[1:] + "\n", style="italic")
    if record.duplicate_of is not None:
        out.append(
            _("Recorded over a possible duplicate: {id}").format(id=record.duplicate_of[:8]) + "\n",
            style="italic",
        )
    for witness in record.witnesses:
        out.append(
            _("Witness {judge} ({time})").format(judge=witness.judge, time=_clock(witness.at))
            + ": ",
            style="bold",
        )
        out.append(witness.note)
        extra = text.context_line(witness)
        if extra:
            out.append(f"  [{extra}]", style="dim")
        out.append("\n")
    return out
