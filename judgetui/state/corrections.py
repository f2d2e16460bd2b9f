"""A correction's record in the fold (`judgetui correct`): the head judge voids a record
and records it anew in one write; the new record's ``incident_recorded`` names the voided
one (``corrects``), and keeps what the judge at the table recorded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from judgetui.state.checks import SHOWN, _text
from judgetui.state.shapes import RecordState

if TYPE_CHECKING:
    from judgetui.state.event import EventState


def corrected(state: EventState, record_id: Any) -> RecordState:
    """The record a correction names: it must be voided already (by the same act)."""
    record = state.records[_text(record_id, "corrected record id")]
    if record.status != "voided":
        raise ValueError(f"record {record.id!r} is corrected without being voided first")
    return record


def correction(new: RecordState, old: RecordState, entry: Mapping[str, Any]) -> RecordState:
    """The correction's record as the fold keeps it: the judge who recorded the incident,
    its time and other judges' notes stay the old record's; the head judge who wrote the
    correction has reviewed it."""
    return replace(
        new,
        judge=old.judge,
        judge_role=old.judge_role,
        at=old.at,
        os_user=old.os_user,
        client=old.client,
        witnesses=old.witnesses,
        reviewed=True,
        reviewed_by=SHOWN[entry.get("judge") or ""],
        reviewed_at=new.at,
        reviewed_os_user=new.os_user,
        reviewed_client=new.client,
        corrects=old.id,
    )
