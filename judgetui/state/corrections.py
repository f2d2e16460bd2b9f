"""A correction's record in the fold (`judgetui correct`): the head judge voids a record
and records it anew in one write; the new record's ``incident_recorded`` names the voided
one (``corrects``), and keeps what the judge at the table recorded. And a trainee's
record the head judge confirms, upgrades or puts right: the head judge's call (`adopt`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from judgetui.state.checks import SHOWN, _text
from judgetui.state.shapes import EventFields, RecordState


def corrected(state: EventFields, record_id: Any) -> RecordState:
    """The record a correction names: it must be voided already (by the same act)."""
    record = state.records[_text(record_id, "corrected record id")]
    if record.status != "voided":
        raise ValueError(f"record {record.id!r} is corrected without being voided first")
    return record


def correction(new: RecordState, old: RecordState, entry: Mapping[str, Any]) -> RecordState:
    """The correction's record as the fold keeps it: the judge who recorded the incident,
    its time and other judges' notes stay the old record's; the head judge who wrote the
    correction has reviewed it."""
    trainee = old.judge_role == "trainee"  # a trainee's call put right: the head judge's
    return replace(
        new,
        judge=new.judge if trainee else old.judge,
        judge_role=new.judge_role if trainee else old.judge_role,
        trainee=old.judge if trainee else old.trainee,
        at=old.at,
        happened_at=old.happened_at,
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


def adopt(state: EventFields, record: RecordState) -> RecordState:
    """``record`` (changed in place) as the head judge's call, when a trainee recorded it
    and the head judge confirmed or upgraded it: ``judge`` names the head judge who
    reviewed it and ``trainee`` the trainee. A trainee's Caution confirmed is counted
    with the Cautions (never against the player: it carries no point and is on no
    official record)."""
    if record.judge_role == "trainee" and record.reviewed_by is not None:
        record.trainee, record.judge, record.judge_role = record.judge, record.reviewed_by, "head"
        if not state.rules.penalties[record.warning].recorded and record.sanction is None:
            state.cautions += 1
    return record
