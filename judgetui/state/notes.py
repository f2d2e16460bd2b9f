"""An event note applied to the event's state (``event_noted``): a judge's note about the
event itself, naming no player, kept in the order written.

Kept apart from `judgetui.state.fold` (its hot loop), which only names the handler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgetui.state.checks import _shown, _shown_note, _text
from judgetui.state.kept import own
from judgetui.state.shapes import EventFields, EventNote


def on_event_noted(state: EventFields, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
    """Keep the note, written by a judge of the event, in the round it was written in."""
    judge = entry.get("judge") or ""
    if judge not in state.judges:
        raise ValueError(f"event note by {judge!r}, who is no judge of the event")
    state.notes.append(note_of(entry, state.round))


def note_of(entry: Mapping[str, Any], round_: int) -> EventNote:
    """The note an ``event_noted`` entry keeps, written in round ``round_``."""
    data, table = entry["data"], entry["data"].get("table")
    return EventNote(
        judge=own(_shown(entry.get("judge") or "")),
        at=own(entry["at"]),
        text=own(_shown_note(_text(data["text"], "note"))),
        round=round_,
        seq=own(int(entry["seq"])),
        table=None if table is None else own(int(table)),
    )
