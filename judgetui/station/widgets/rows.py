"""The pieces of a record's and a three-warning decision's row and detail that the history
and the player screens share, built in one place so the two screens say them alike.

Each screen has its own columns (the history names the player and the table, the player
screen the points and the note), so a row is put together by its screen from these cells;
the words and styles of a decision (struck through once voided or reopened), of "who, which
round, when", of a note and of a void are only here.
"""

from __future__ import annotations

from datetime import datetime

from rich.text import Text

from judgetui import text
from judgetui.i18n import _
from judgetui.rules import Rules
from judgetui.state import DecisionState, EventState, RecordState
from judgetui.station.widgets.context import context_lines
from judgetui.station.widgets.format import clock_time


def made_by(judge: str, round_number: int, at: str, now: datetime, *, by: bool = False) -> str:
    """Who made it, in which round, when: "kim, round 3, 14:02" (``by``: "By kim, …")."""
    line = _("By {judge}, round {round}, {time}") if by else _("{judge}, round {round}, {time}")
    return line.format(judge=judge or "?", round=round_number, time=clock_time(at, now))


def append_note(out: Text, note: str) -> None:
    """A "Note: …" line under the detail, when there is a note."""
    if note:
        out.append("\n" + _("Note") + ": ", style="bold")
        out.append(note)


def append_voided(out: Text, voided_by: str | None, void_note: str) -> None:
    """The "Voided by …: why" line."""
    out.append("\n" + _("Voided by {judge}").format(judge=voided_by or "?"))
    out.append(": " + void_note)


def record_detail_tail(out: Text, state: EventState, record: RecordState, note: str) -> None:
    """Under a record's detail: its note, its void, and the incident's context."""
    append_note(out, note)
    if record.status == "voided":
        append_voided(out, record.voided_by, record.void_note)
    context = context_lines(state, record)
    if context:
        out.append("\n")
        out.append_text(context)
        out.rstrip()


# -- a three-warning decision -----------------------------------------------------------


def decision_penalty_name(rules: Rules, decision: DecisionState) -> str:
    """The decided penalty and, for a loss, when it applies: "Game loss (current game)"."""
    name = text.penalty_name(rules, decision.penalty)
    applies = text.applies_text(decision.applies, decision.penalty)
    return f"{name} ({applies})" if applies else name


def decision_struck(decision: DecisionState) -> str:
    """The style of a decision that no longer stands (voided or reopened): dim, struck."""
    return "" if decision.standing else "dim strike"


def decision_status_cell(state: EventState, decision: DecisionState) -> Text:
    """decided / voided / reopened / set aside; dim once it no longer stands."""
    return Text(
        text.decision_status_name(state, decision), style="" if decision.standing else "dim"
    )


def decision_detail_tail(out: Text, state: EventState, decision: DecisionState) -> None:
    """Under a decision's detail: its note, and why it no longer stands."""
    append_note(out, decision.note)
    if decision.voided_by is not None:
        append_voided(out, decision.voided_by, decision.void_note)
    elif decision.reopened_by is not None:
        if text.decision_status(state, decision) == "reopened":
            why = _("Reopened: a record it rested on was voided ({id}).")
        else:
            why = _("Set aside: a record it rested on was voided ({id}); no decision is owed.")
        out.append("\n" + why.format(id=decision.reopened_by))
