"""Paper during an outage: a record written on paper while the station was down, entered
afterwards by the head judge with the time it happened (`record --at TIME --entered-late`).

The record's ``happened_at`` is that time; its log entry's own ``at`` stays the real time
it was entered, so the log says both and the chain still runs in the order written."""

from __future__ import annotations

from datetime import UTC, datetime

from judgetui.i18n import N_, _
from judgetui.service.authority import Authority
from judgetui.service.base import BadInput, _iso
from judgetui.state import EventState, JudgeState


def entered_late(
    judge: JudgeState, state: EventState, happened: datetime, note: str, now: datetime
) -> str:
    """The record's ``happened_at`` (the log's time format): the head judge's only, with a
    note (what the paper said), at a time past and after the event began."""
    Authority.require_head(judge, N_("enter a record later"))
    if not note.strip():
        raise BadInput(
            _("a record entered later needs a note: --note TEXT (what the paper says)"),
            key="late_needs_note",
        )
    moment = happened if happened.tzinfo is not None else happened.astimezone()
    if moment > now:
        raise BadInput(_("--at is later than now: it says when it happened"), key="late_in_future")
    at = _iso(moment.astimezone(UTC))
    if state.created_at and at < state.created_at:
        raise BadInput(
            _("--at is before the event began ({time})").format(time=state.created_at),
            key="late_before_event",
        )
    return at
