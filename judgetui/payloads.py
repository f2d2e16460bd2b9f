"""The record use case's payloads as plain dicts, without importing pydantic.

`judgetui.models` guards what the service writes. Recording a penalty is the hot path
of every `judgetui record` process and every station, and importing pydantic (and
building the models' schemas) cost more than the rest of a record together. So the
payloads of a record are built here: when every value already has exactly the type
and shape the model accepts as is, the dict is what ``Model(...).model_dump()``
would give (same keys, same order, strings stripped the way pydantic strips them);
any other value goes through the pydantic model itself, which coerces it or raises
its ``ValidationError`` exactly as before. ``tests/test_fast_paths.py`` checks the
two agree.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judgetui.safe_text import first_control

#: What pydantic's ``str_strip_whitespace`` removes (Unicode White_Space, as Rust's trim).
_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
NOTE_MAX = 2000
MINUTES_MAX = 24 * 60
_STATUSES = ("pending", "issued")
_APPLIES = (None, "current", "next")
_PHASES = ("main", "finals")
#: The bounds of an incident's context, as in `judgetui.models`.
TABLE_MIN, TABLE_MAX = 1, 10_000
GAME_MIN, GAME_MAX = 1, 9
EXTENSION_MIN, EXTENSION_MAX = 1, 60
_PLAYER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")

PENALTY_RECORD_KEYS = (
    "id",
    "player",
    "warning",
    "sanction",
    "penalty",
    "minimum",
    "recommended",
    "points",
    "status",
    "applies",
    "minor",
    "draft_only",
    "investigation",
    "supersedes",
)
INCIDENT_KEYS = (
    "incident",
    "infraction",
    "intentional",
    "disruptive",
    "flags",
    "minutes_late",
    "note",
    "round",
    "phase",
    "records",
    "table",
    "game",
    "opponent",
    "extension",
    "duplicate_of",
)
CONTEXT_KEYS = ("table", "game", "opponent", "extension")
"""The incident's context: where it happened and the time the table was given."""
CAUTION_KEYS = ("incident", "infraction", "round")


def _key(value: object) -> bool:
    """A string the model keeps as it is (nothing to strip)."""
    return type(value) is str and value == value.strip(_WHITESPACE)


def _int(value: object) -> bool:
    return type(value) is int


def _bounded(value: object, low: int, high: int) -> bool:
    """None, or an int the model keeps as it is, within its bounds."""
    return value is None or (type(value) is int and low <= value <= high)


def plain_context(table: object, game: object, opponent: object, extension: object) -> bool:
    """An incident's context that the models take and dump unchanged."""
    return (
        _bounded(table, TABLE_MIN, TABLE_MAX)
        and _bounded(game, GAME_MIN, GAME_MAX)
        and _bounded(extension, EXTENSION_MIN, EXTENSION_MAX)
        and (opponent is None or (_key(opponent) and _PLAYER_ID.match(str(opponent)) is not None))
    )


def penalty_record(
    *,
    id: str,
    player: str,
    warning: str,
    sanction: str | None = None,
    penalty: str,
    minimum: str,
    recommended: str,
    points: int,
    status: str,
    applies: str | None = None,
    minor: bool,
    draft_only: bool = False,
    investigation: bool = False,
    supersedes: str | None = None,
) -> dict[str, Any]:
    """``PenaltyRecord(...).model_dump()``."""
    record = {
        "id": id,
        "player": player,
        "warning": warning,
        "sanction": sanction,
        "penalty": penalty,
        "minimum": minimum,
        "recommended": recommended,
        "points": points,
        "status": status,
        "applies": applies,
        "minor": minor,
        "draft_only": draft_only,
        "investigation": investigation,
        "supersedes": supersedes,
    }
    if _plain_record(record):
        return record
    from judgetui.models import PenaltyRecord

    return PenaltyRecord.model_validate(record).model_dump()


def _plain_record(record: object) -> bool:
    """A record dict that ``PenaltyRecord`` would take and dump unchanged."""
    if type(record) is not dict or tuple(record) != PENALTY_RECORD_KEYS:
        return False
    sanction, supersedes, points = record["sanction"], record["supersedes"], record["points"]
    return (
        _key(record["id"])
        and _key(record["player"])
        and _key(record["warning"])
        and (sanction is None or _key(sanction))
        and _key(record["penalty"])
        and _key(record["minimum"])
        and _key(record["recommended"])
        and _int(points)
        and points >= 0
        and record["status"] in _STATUSES
        and record["applies"] in _APPLIES
        and type(record["minor"]) is bool
        and type(record["draft_only"]) is bool
        and type(record["investigation"]) is bool
        and (supersedes is None or _key(supersedes))
    )


def incident_recorded(
    *,
    incident: str,
    infraction: str,
    intentional: bool,
    disruptive: bool,
    flags: Sequence[str] = (),
    minutes_late: int | None = None,
    note: str = "",
    round: int,
    phase: str,
    records: Sequence[dict[str, Any]],
    table: int | None = None,
    game: int | None = None,
    opponent: str | None = None,
    extension: int | None = None,
    duplicate_of: str | None = None,
) -> dict[str, Any]:
    """``IncidentRecorded(...).model_dump()``; ``records`` as `penalty_record` makes them."""
    stripped = note.strip(_WHITESPACE) if type(note) is str else None
    plain = (
        _key(incident)
        and _key(infraction)
        and type(intentional) is bool
        and type(disruptive) is bool
        and type(flags) is list
        and all(_key(flag) for flag in flags)
        and (minutes_late is None or (_int(minutes_late) and 0 <= minutes_late <= MINUTES_MAX))
        and stripped is not None
        and len(stripped) <= NOTE_MAX
        and first_control(stripped, newline=True) is None
        and _int(round)
        and phase in _PHASES
        and type(records) is list
        and len(records) >= 1
        and all(_plain_record(r) for r in records)
        and plain_context(table, game, opponent, extension)
        and (duplicate_of is None or (_key(duplicate_of) and 1 <= len(duplicate_of) <= 64))
    )
    if plain:
        return {
            "incident": incident,
            "infraction": infraction,
            "intentional": intentional,
            "disruptive": disruptive,
            "flags": list(flags),
            "minutes_late": minutes_late,
            "note": stripped,
            "round": round,
            "phase": phase,
            "records": [dict(record) for record in records],
            "table": table,
            "game": game,
            "opponent": opponent,
            "extension": extension,
            "duplicate_of": duplicate_of,
        }
    from judgetui.models import IncidentRecorded

    return IncidentRecorded.model_validate(
        {
            "incident": incident,
            "infraction": infraction,
            "intentional": intentional,
            "disruptive": disruptive,
            "flags": flags,
            "minutes_late": minutes_late,
            "note": note,
            "round": round,
            "phase": phase,
            "records": records,
            "table": table,
            "game": game,
            "opponent": opponent,
            "extension": extension,
            "duplicate_of": duplicate_of,
        }
    ).model_dump()


def caution_given(*, incident: str, infraction: str, round: int) -> dict[str, Any]:
    """``CautionGiven(...).model_dump()``."""
    if _key(incident) and _key(infraction) and _int(round):
        return {"incident": incident, "infraction": infraction, "round": round}
    from judgetui.models import CautionGiven

    return CautionGiven.model_validate(
        {"incident": incident, "infraction": infraction, "round": round}
    ).model_dump()


REVIEW_KEYS = ("record", "action", "note", "replacement", "minor")
_ACTIONS = ("confirm", "upgrade", "dismiss")


def record_reviewed(
    *,
    record: str,
    action: str,
    note: str = "",
    replacement: dict[str, Any] | None = None,
    minor: bool | None = None,
) -> dict[str, Any]:
    """``RecordReviewed(...).model_dump()``; ``replacement`` as `penalty_record` makes it."""
    stripped = note.strip(_WHITESPACE) if type(note) is str else None
    if (
        _key(record)
        and action in _ACTIONS
        and stripped is not None
        and len(stripped) <= NOTE_MAX
        and first_control(stripped, newline=True) is None
        and (replacement is None or _plain_record(replacement))
        and (minor is None or type(minor) is bool)
    ):
        return {
            "record": record,
            "action": action,
            "note": stripped,
            "replacement": None if replacement is None else dict(replacement),
            "minor": minor,
        }
    from judgetui.models import RecordReviewed

    return RecordReviewed.model_validate(
        {
            "record": record,
            "action": action,
            "note": note,
            "replacement": replacement,
            "minor": minor,
        }
    ).model_dump()


VOID_KEYS = {"record_voided": "record", "decision_voided": "decision"}
"""The two void entry kinds, and the field that names what each voids."""


def voided(kind: str, *, target: str, note: str) -> dict[str, Any]:
    """``RecordVoided(...)`` or ``DecisionVoided(...)``'s ``model_dump()``, by entry kind."""
    field = VOID_KEYS[kind]
    stripped = note.strip(_WHITESPACE) if type(note) is str else None
    if _key(target) and target and stripped and len(stripped) <= NOTE_MAX:
        return {field: target, "note": stripped}
    from judgetui.models import DecisionVoided, RecordVoided

    model = RecordVoided if kind == "record_voided" else DecisionVoided
    return model.model_validate({field: target, "note": note}).model_dump()
