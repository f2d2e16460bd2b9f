"""Read-only views of an event: a player's standing, the queue, exports."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict
from typing import Any

import orjson

from judgetui.state import DecisionState, EventState, QueueItem, RecordState

RECORD_FIELDS = (
    "id",
    "incident",
    "player",
    "infraction",
    "penalty",
    "warning",
    "sanction",
    "points",
    "status",
    "applies",
    "minor",
    "draft_only",
    "investigation",
    "intentional",
    "disruptive",
    "minimum",
    "recommended",
    "judge",
    "round",
    "phase",
    "at",
    "note",
    "supersedes",
    "reviewed_by",
    "review_note",
)


def record_dict(record: RecordState) -> dict[str, Any]:
    data = {name: getattr(record, name) for name in RECORD_FIELDS}
    data["flags"] = list(record.flags)
    data["minutes_late"] = record.minutes_late
    data["voided"] = record.status == "voided"
    data["voided_by"] = record.voided_by
    data["voided_at"] = record.voided_at
    data["void_note"] = record.void_note
    return data


def decision_dict(decision: DecisionState) -> dict[str, Any]:
    """A three-warning decision; ``voided`` is True once voided or reopened (it no longer
    stands), ``reopened_by`` names the voided record it rested on."""
    data = asdict(decision)
    data["kind"] = "decision"
    data["voided"] = not decision.standing
    return data


def queue_dict(item: QueueItem) -> dict[str, Any]:
    return asdict(item)


def player_dict(state: EventState, player_id: str) -> dict[str, Any]:
    player = state.players[player_id]
    owed = state.decision_owed(player_id)
    decision = None
    if owed is not None:
        decision = {
            "options": owed.allowed,
            "default": owed.default,
            "required": owed.required,
            "verdicts": [
                {"key": o.key, "allowed": o.allowed, "why": o.why, "failed": list(o.failed)}
                for o in owed.options
            ],
        }
    return {
        "id": player.id,
        "name": player.name,
        "status": player.status,
        "phase": state.phase,
        "points": state.points(player_id),
        "records": [record_dict(r) for r in state.history(player_id)],
        "decisions": [decision_dict(d) for d in player.decisions],
        "decision": decision,
    }


def event_dict(state: EventState) -> dict[str, Any]:
    return {
        "name": state.name,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "bound": state.bound,
        "created_at": state.created_at,
        "judges": [asdict(j) for j in state.judges.values()],
        "cautions": state.cautions,
        "entries": state.count,
        "rules_version": state.rules.version,
        "rules_sha256": state.rules_source().sha256,
    }


def export_json(state: EventState) -> bytes:
    players = [
        {
            "id": p.id,
            "name": p.name,
            "status": p.status,
            "points": state.points(p.id),
            "decisions": [decision_dict(d) for d in p.decisions],
        }
        for p in state.players.values()
    ]
    document = {
        "event": event_dict(state),
        "players": players,
        "records": [record_dict(r) for r in state.records.values()],
        "decisions": [decision_dict(d) for d in state.decisions.values()],
        "head": state.head,
    }
    return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"


def export_csv(state: EventState) -> str:
    """One row per penalty record; the log's head hash in a final comment-like row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*RECORD_FIELDS, "player_name"])
    for record in state.records.values():
        row = record_dict(record)
        writer.writerow(
            [
                *("" if row[f] is None else row[f] for f in RECORD_FIELDS),
                state.players[record.player].name,
            ]
        )
    writer.writerow([f"# head {state.head}"])
    return out.getvalue()
