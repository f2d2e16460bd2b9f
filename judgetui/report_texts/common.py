"""What every hand-over shares: the sanction groups, how a time is spelled, an indented note,
a record's penalty in words."""

from __future__ import annotations

from datetime import UTC, datetime

from judgetui import text
from judgetui.i18n import _
from judgetui.state import EventState, RecordState

#: The sanctions a scorekeeper enters, as the round list groups them.
LOSSES = ("game_loss", "match_loss")
REMOVALS = ("ejection", "disqualification")
EXTENSION = "extension"

UNOFFICIAL = ("notice", "caution")
"""Warnings that do not stay on the official record after the event."""


def extension_of(record: RecordState) -> int | None:
    """The time extension given at the incident's table: the record's, else the first a
    witness note gives (another judge who reported the same incident)."""
    if record.extension is not None:
        return record.extension
    return next((w.extension for w in record.witnesses if w.extension is not None), None)


def _moment(at: str) -> datetime | None:
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return None


def when(at: str) -> str:
    """A log time in UTC and in the station's local time zone, both spelled out."""
    moment = _moment(at)
    if moment is None:
        return at
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    utc = moment.astimezone(UTC)
    local = moment.astimezone()
    return f"{utc:%Y-%m-%d %H:%M:%S} UTC ({local:%Y-%m-%d %H:%M:%S %Z})"


def clock(at: str) -> str:
    """A log time as the station's local clock (``14:30``)."""
    moment = _moment(at)
    return at if moment is None else f"{moment.astimezone():%H:%M}"


def local_time(at: str) -> str:
    """A log time as the station's local date and clock (``2026-11-28 14:30``)."""
    moment = _moment(at)
    return at if moment is None else f"{moment.astimezone():%Y-%m-%d %H:%M}"


def indent(value: str, prefix: str = "   ") -> list[str]:
    return [prefix + line for line in value.splitlines()] if value else []


def penalty_phrase(state: EventState, record: RecordState) -> str:
    """The record's warning, its sanction and when the sanction applies, in words."""
    name = text.penalty_name(state.rules, record.warning)
    if record.sanction is not None:
        name += " + " + text.penalty_name(state.rules, record.sanction)
        applies = text.applies_text(record.applies, record.sanction)
        if applies:
            name += f" ({applies})"
    return name


def official_kind(record: RecordState) -> bool:
    """Not a bare Notice or Caution (a Notice that carries a game loss keeps its loss on the
    record), whatever its status."""
    return record.warning not in UNOFFICIAL or record.sanction is not None


def log_head(state: EventState) -> str:
    return _("Log head: {head}").format(head=state.head)
