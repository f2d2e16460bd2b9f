"""Read-only views of an event: a player's standing, the queue, exports."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

import orjson
from msgspec.structs import asdict

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
    "os_user",
    "client",
    "round",
    "phase",
    "at",
    "note",
    "supersedes",
    "reviewed_by",
    "review_note",
    "reviewed_os_user",
    "reviewed_client",
)

#: The incident's context and the duplicate it may be (issue 13): in every record object
#: and in the CSV export (before ``head``, which stays the last column).
CONTEXT_FIELDS = ("table", "game", "opponent", "extension", "duplicate_of")

#: The top-level key that marks a JSON export (its value: the export format's version).
#: `export -o` replaces an existing file only when it is a previous export.
EXPORT_MARK = "judgetui_export"
EXPORT_VERSION = 1

#: What the JSON export says of a void and of tardiness, in the CSV export too (issue 28).
VOID_FIELDS = ("minutes_late", "voided_by", "voided_at", "void_note")

#: A record entered later, from paper (`record --at --entered-late`): when it happened.
LATE_FIELDS = ("happened_at", "entered_late")

#: The CSV export's columns: one row per record (``row`` = "record") and one per
#: three-warning decision, ejection or disqualification (``row`` = "decision"); the
#: log's head hash in the ``head`` column of every row, so every row is data.
CSV_COLUMNS = (
    "row",
    *RECORD_FIELDS,
    "flags",
    "player_name",
    "player_dci",
    "seq",
    *CONTEXT_FIELDS,
    "witness_notes",
    *VOID_FIELDS,
    "player_table",
    *LATE_FIELDS,
    "head",
)
#: The header line of a CSV export, which is how `export -o` knows a previous export.
CSV_HEADER = ",".join(CSV_COLUMNS)
_BEFORE_VOID_FIELDS = tuple(
    c for c in CSV_COLUMNS if c not in (*VOID_FIELDS, "player_table", *LATE_FIELDS)
)
#: Headers of exports written by earlier versions, which `export -o` may replace too.
PREVIOUS_CSV_HEADERS = (
    ",".join(c for c in CSV_COLUMNS if c not in LATE_FIELDS),
    ",".join(_BEFORE_VOID_FIELDS),
    ",".join(c for c in _BEFORE_VOID_FIELDS if c != "player_dci"),
)
#: What `export --format csv --bom` starts with: the UTF-8 byte order mark, which Excel
#: (in Japanese above all) needs to read a CSV file as UTF-8 and not the system's code page.
UTF8_BOM = "\ufeff"

#: A cell beginning with one of these is a formula to a spreadsheet (OWASP's list, plus
#: the full-width forms as cheap insurance): the export puts a ``'`` before it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def record_dict(record: RecordState) -> dict[str, Any]:
    data = {name: getattr(record, name) for name in RECORD_FIELDS}
    data["kind"] = "record"
    data["flags"] = list(record.flags)
    data["minutes_late"] = record.minutes_late
    data["voided"] = record.status == "voided"
    data["voided_by"] = record.voided_by
    data["voided_at"] = record.voided_at
    data["void_note"] = record.void_note
    for name in CONTEXT_FIELDS:
        data[name] = getattr(record, name)
    data["witnesses"] = [asdict(w) for w in record.witnesses]
    data["corrects"] = record.corrects  # the record this one put right (`judgetui correct`)
    data["trainee"] = record.trainee  # a trainee's call the head judge made their own
    data["happened_at"] = record.happened_at  # entered later: when it happened ("at": entered)
    data["entered_late"] = record.happened_at is not None
    return data


def witness_cell(record: RecordState) -> str:
    """A record's witness notes in one CSV cell: "judge (at): note", joined by " | "."""
    return " | ".join(f"{w.judge} ({w.at}): {w.note}" for w in record.witnesses)


def decision_dict(decision: DecisionState) -> dict[str, Any]:
    """A three-warning decision; ``voided`` is True once voided or reopened (it no longer
    stands), ``reopened_by`` names the voided record it rested on."""
    data = asdict(decision)
    data["kind"] = "decision"
    data["voided"] = not decision.standing
    return data


def queue_dict(item: QueueItem, now: datetime) -> dict[str, Any]:
    """A queue item for ``queue --json``, with ``waiting_s``: the seconds it has waited."""
    return {**asdict(item), "waiting_s": item.waiting_seconds(now)}


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
        "pairing": pairing_dict(state, player_id, state.round),
    }


def pairing_dict(state: EventState, player_id: str, round_: int) -> dict[str, Any] | None:
    """The player's pairing in round ``round_`` (None: that round has none for them)."""
    seat = state.pairings.get(round_, {}).get(player_id)
    if seat is None:
        return None
    return {"round": round_, "table": seat.table, "opponent": seat.opponent}


def pairings_list(state: EventState) -> list[dict[str, Any]]:
    """Every round's pairings, one row per match, by round and table."""
    rows: list[dict[str, Any]] = []
    for round_, seats in sorted(state.pairings.items()):
        listed: set[str] = set()
        for player, seat in seats.items():
            if player in listed:
                continue
            listed.update({player} if seat.opponent is None else {player, seat.opponent})
            rows.append(
                {"round": round_, "table": seat.table, "player": player, "opponent": seat.opponent}
            )
    return rows


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
            "reading": p.reading,
            "dci": p.dci,
            "table": p.table,
            "status": p.status,
            "points": state.points(p.id),
            "decisions": [decision_dict(d) for d in p.decisions],
        }
        for p in state.players.values()
    ]
    document = {
        EXPORT_MARK: EXPORT_VERSION,
        "event": event_dict(state),
        "players": players,
        "records": [record_dict(r) for r in state.records.values()],
        "pairings": pairings_list(state),
        "decisions": [
            decision_dict(d) | {"player_name": state.players[d.player].name}
            for d in state.decisions.values()
        ],
        "notes": [asdict(n) for n in state.notes],  # the judges' event notes (`judgetui note`)
        "head": state.head,
    }
    return orjson.dumps(document, option=orjson.OPT_INDENT_2) + b"\n"


def csv_cell(value: object) -> str:
    """A value as a CSV cell that no spreadsheet runs as a formula (OWASP)."""
    text = "" if value is None else " ".join(value) if isinstance(value, list) else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(state: EventState, *, bom: bool = False) -> str:
    """One row per penalty record and per decision; nothing but the header and data rows
    (after a UTF-8 BOM with ``bom``).

    Every cell goes through `csv_cell`, the head hash is a column of every row.
    """
    out = io.StringIO()
    if bom:
        out.write(UTF8_BOM)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    rows: list[tuple[int, dict[str, Any]]] = []
    for record in state.records.values():
        row = record_dict(record)
        player = state.players[record.player]
        row.update(
            row="record",
            player_name=player.name,
            player_dci=player.dci,
            player_table=state.player_table(record.player, record.round),
            seq=record.seq,
        )
        row["witness_notes"] = witness_cell(record)
        rows.append((record.seq, row))
    for decision in state.decisions.values():
        row = decision_dict(decision)
        player = state.players[decision.player]
        row.update(
            row="decision",
            player_name=player.name,
            player_dci=player.dci,
            player_table=state.player_table(decision.player, decision.round),
            sanction=decision.penalty,
            status="issued" if decision.standing else "voided",
            supersedes=None,
        )
        rows.append((decision.seq, row))
    rows.sort(key=lambda item: item[0])
    for _seq, row in rows:
        row["head"] = state.head
        writer.writerow([csv_cell(row.get(column)) for column in CSV_COLUMNS])
    return out.getvalue()
