"""Building an entry's data on write, from its one declaration (`judgetui.store.entries`).

Each builder returns `entries.dumped` of `entries.made`: the data as the declaration
keeps it, or `entries.Refused` naming the field it does not take.

Use: ``payloads.X(...)`` of old is ``build.X(...)``, same keyword arguments.
"""

from __future__ import annotations

from typing import Any

from judgetui.store.entries import KINDS, PenaltyRecord, dumped, made
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)

__all__ = [
    "CONTEXT_KEYS",
    "EXTENSION_MAX",
    "EXTENSION_MIN",
    "GAME_MAX",
    "GAME_MIN",
    "TABLE_MAX",
    "TABLE_MIN",
    "VOID_KEYS",
    "build",
    "caution_given",
    "incident_recorded",
    "penalty_record",
    "record_reviewed",
    "voided",
]

CONTEXT_KEYS = ("table", "game", "opponent", "extension")
"""The incident's context: where it happened and the time the table was given."""
VOID_KEYS = {"record_voided": "record", "decision_voided": "decision"}
"""The two void entry kinds, and the field that names what each voids."""


def build(kind: str, /, **fields: Any) -> dict[str, Any]:
    """The ``data`` of a ``kind`` entry, as its declaration keeps it."""
    return dumped(made(KINDS[kind], fields))


def penalty_record(**fields: Any) -> dict[str, Any]:
    """One penalty record of an incident (or a review's replacement)."""
    return dumped(made(PenaltyRecord, fields))


def incident_recorded(**fields: Any) -> dict[str, Any]:
    """An ``incident_recorded`` entry's data; ``records`` as `penalty_record` makes them."""
    return build("incident_recorded", **fields)


def caution_given(**fields: Any) -> dict[str, Any]:
    """A ``caution_given`` entry's data."""
    return build("caution_given", **fields)


def record_reviewed(**fields: Any) -> dict[str, Any]:
    """A ``record_reviewed`` entry's data; ``replacement`` as `penalty_record` makes it."""
    return build("record_reviewed", **fields)


def voided(kind: str, *, target: str, note: str) -> dict[str, Any]:
    """A ``record_voided`` or ``decision_voided`` entry's data, by entry kind."""
    return build(kind, **{VOID_KEYS[kind]: target, "note": note})
