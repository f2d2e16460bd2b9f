"""GENERATED from judgetui/store/entries.py: do not edit.

Run ``python -m judgetui.store.entries`` after changing a declaration there;
tests/test_store_entries.py fails while this file is not what it generates.
The read path imports only this (no pydantic): see `judgetui.store.reading`.
"""

# ruff: noqa

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

NoneType = type(None)
MISSING: Any = object()
Absent = type(MISSING)
T_Absent_NoneType_bool = frozenset({Absent, NoneType, bool})
T_Absent_NoneType_dict = frozenset({Absent, NoneType, dict})
T_Absent_NoneType_int = frozenset({Absent, NoneType, int})
T_Absent_NoneType_str = frozenset({Absent, NoneType, str})
T_Absent_bool = frozenset({Absent, bool})
T_Absent_int = frozenset({Absent, int})
T_Absent_list = frozenset({Absent, list})
T_Absent_str = frozenset({Absent, str})


class Field(NamedTuple):
    """One declared field as reading checks it."""

    name: str
    required: bool
    types: frozenset[type]
    choices: tuple[object, ...] | None
    non_empty: bool
    item_types: frozenset[type] | None
    model: str | None


def check_Envelope(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("kind", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("at", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        v2 = d.get("judge", MISSING)
        if type(v2) not in T_Absent_NoneType_str:
            return False
        v3 = d.get("os_user", MISSING)
        if type(v3) not in T_Absent_NoneType_str:
            return False
        v4 = d.get("client", MISSING)
        if type(v4) not in T_Absent_NoneType_str:
            return False
        v5 = d.get("data", MISSING)
        if type(v5) is not dict:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_Envelope = (
    Field("kind", True, frozenset({str}), None, True, None, None),
    Field("at", True, frozenset({str}), None, True, None, None),
    Field("judge", False, frozenset({NoneType, str}), None, False, None, None),
    Field("os_user", False, frozenset({NoneType, str}), None, False, None, None),
    Field("client", False, frozenset({NoneType, str}), None, False, None, None),
    Field("data", True, frozenset({dict}), None, False, None, None),
)


def check_EventCreated(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("name", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("rounds", MISSING)
        if type(v1) not in T_Absent_NoneType_int:
            return False
        v2 = d.get("judges", MISSING)
        if type(v2) is not list:
            return False
        if not v2 and v2 is not None:
            return False
        if type(v2) is list:
            for i2 in v2:
                if type(i2) is not dict:
                    return False
                v3 = i2.get("name", MISSING)
                if type(v3) is not str:
                    return False
                if not v3 and v3 is not None:
                    return False
                v4 = i2.get("role", MISSING)
                if type(v4) is not str:
                    return False
                if v4 not in (
                    "head",
                    "floor",
                ):
                    return False
                v5 = i2.get("os_user", MISSING)
                if type(v5) not in T_Absent_NoneType_str:
                    return False
        v6 = d.get("bound", MISSING)
        if type(v6) not in T_Absent_bool:
            return False
        v7 = d.get("rules", MISSING)
        if type(v7) not in T_Absent_NoneType_dict:
            return False
        if type(v7) is dict:
            v8 = v7.get("text", MISSING)
            if type(v8) is not str:
                return False
            if not v8 and v8 is not None:
                return False
            v9 = v7.get("sha256", MISSING)
            if type(v9) is not str:
                return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_EventCreated = (
    Field("name", True, frozenset({str}), None, True, None, None),
    Field("rounds", False, frozenset({NoneType, int}), None, False, None, None),
    Field("judges", True, frozenset({list}), None, True, frozenset({dict}), "Judge"),
    Field("bound", False, frozenset({bool}), None, False, None, None),
    Field("rules", False, frozenset({NoneType, dict}), None, False, None, "RulesText"),
)


def check_Judge(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("name", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("role", MISSING)
        if type(v1) is not str:
            return False
        if v1 not in (
            "head",
            "floor",
        ):
            return False
        v2 = d.get("os_user", MISSING)
        if type(v2) not in T_Absent_NoneType_str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_Judge = (
    Field("name", True, frozenset({str}), None, True, None, None),
    Field("role", True, frozenset({str}), ("head", "floor"), False, None, None),
    Field("os_user", False, frozenset({NoneType, str}), None, False, None, None),
)


def check_RulesText(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("text", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("sha256", MISSING)
        if type(v1) is not str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_RulesText = (
    Field("text", True, frozenset({str}), None, True, None, None),
    Field("sha256", True, frozenset({str}), None, False, None, None),
)


def check_RoundSet(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("round", MISSING)
        if type(v0) is not int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_RoundSet = (Field("round", True, frozenset({int}), None, False, None, None),)


def check_RoundsSet(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("rounds", MISSING)
        if type(v0) is not int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_RoundsSet = (Field("rounds", True, frozenset({int}), None, False, None, None),)


def check_FinalsEntered(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("round", MISSING)
        if type(v0) not in T_Absent_int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_FinalsEntered = (Field("round", False, frozenset({int}), None, False, None, None),)


def check_PlayersImported(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("players", MISSING)
        if type(v0) is not list:
            return False
        if type(v0) is list:
            for i0 in v0:
                if type(i0) is not dict:
                    return False
                v1 = i0.get("id", MISSING)
                if type(v1) is not str:
                    return False
                v2 = i0.get("name", MISSING)
                if type(v2) is not str:
                    return False
                if not v2 and v2 is not None:
                    return False
                v3 = i0.get("reading", MISSING)
                if type(v3) not in T_Absent_NoneType_str:
                    return False
                if not v3 and v3 is not None:
                    return False
                v4 = i0.get("dci", MISSING)
                if type(v4) not in T_Absent_NoneType_str:
                    return False
                v5 = i0.get("table", MISSING)
                if type(v5) not in T_Absent_NoneType_int:
                    return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_PlayersImported = (
    Field("players", True, frozenset({list}), None, False, frozenset({dict}), "Player"),
)


def check_Player(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("id", MISSING)
        if type(v0) is not str:
            return False
        v1 = d.get("name", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        v2 = d.get("reading", MISSING)
        if type(v2) not in T_Absent_NoneType_str:
            return False
        if not v2 and v2 is not None:
            return False
        v3 = d.get("dci", MISSING)
        if type(v3) not in T_Absent_NoneType_str:
            return False
        v4 = d.get("table", MISSING)
        if type(v4) not in T_Absent_NoneType_int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_Player = (
    Field("id", True, frozenset({str}), None, False, None, None),
    Field("name", True, frozenset({str}), None, True, None, None),
    Field("reading", False, frozenset({NoneType, str}), None, True, None, None),
    Field("dci", False, frozenset({NoneType, str}), None, False, None, None),
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
)


def check_CautionGiven(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("incident", MISSING)
        if type(v0) is not str:
            return False
        v1 = d.get("infraction", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("round", MISSING)
        if type(v2) is not int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_CautionGiven = (
    Field("incident", True, frozenset({str}), None, False, None, None),
    Field("infraction", True, frozenset({str}), None, False, None, None),
    Field("round", True, frozenset({int}), None, False, None, None),
)


def check_IncidentRecorded(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("incident", MISSING)
        if type(v0) is not str:
            return False
        v1 = d.get("infraction", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("intentional", MISSING)
        if type(v2) is not bool:
            return False
        v3 = d.get("disruptive", MISSING)
        if type(v3) is not bool:
            return False
        v4 = d.get("flags", MISSING)
        if type(v4) not in T_Absent_list:
            return False
        if type(v4) is list:
            for i4 in v4:
                if type(i4) is not str:
                    return False
        v5 = d.get("minutes_late", MISSING)
        if type(v5) not in T_Absent_NoneType_int:
            return False
        v6 = d.get("note", MISSING)
        if type(v6) not in T_Absent_str:
            return False
        v7 = d.get("round", MISSING)
        if type(v7) is not int:
            return False
        v8 = d.get("phase", MISSING)
        if type(v8) is not str:
            return False
        if v8 not in (
            "main",
            "finals",
        ):
            return False
        v9 = d.get("records", MISSING)
        if type(v9) is not list:
            return False
        if not v9 and v9 is not None:
            return False
        if type(v9) is list:
            for i9 in v9:
                if type(i9) is not dict:
                    return False
                v10 = i9.get("id", MISSING)
                if type(v10) is not str:
                    return False
                if not v10 and v10 is not None:
                    return False
                v11 = i9.get("player", MISSING)
                if type(v11) is not str:
                    return False
                v12 = i9.get("warning", MISSING)
                if type(v12) is not str:
                    return False
                v13 = i9.get("sanction", MISSING)
                if type(v13) not in T_Absent_NoneType_str:
                    return False
                v14 = i9.get("penalty", MISSING)
                if type(v14) is not str:
                    return False
                v15 = i9.get("minimum", MISSING)
                if type(v15) is not str:
                    return False
                v16 = i9.get("recommended", MISSING)
                if type(v16) is not str:
                    return False
                v17 = i9.get("points", MISSING)
                if type(v17) is not int:
                    return False
                v18 = i9.get("status", MISSING)
                if type(v18) is not str:
                    return False
                if v18 not in (
                    "pending",
                    "issued",
                ):
                    return False
                v19 = i9.get("applies", MISSING)
                if type(v19) not in T_Absent_NoneType_str:
                    return False
                if v19 is not MISSING and v19 not in (
                    "current",
                    "next",
                    None,
                ):
                    return False
                v20 = i9.get("minor", MISSING)
                if type(v20) is not bool:
                    return False
                v21 = i9.get("draft_only", MISSING)
                if type(v21) not in T_Absent_bool:
                    return False
                v22 = i9.get("investigation", MISSING)
                if type(v22) not in T_Absent_bool:
                    return False
                v23 = i9.get("supersedes", MISSING)
                if type(v23) not in T_Absent_NoneType_str:
                    return False
        v24 = d.get("table", MISSING)
        if type(v24) not in T_Absent_NoneType_int:
            return False
        v25 = d.get("game", MISSING)
        if type(v25) not in T_Absent_NoneType_int:
            return False
        v26 = d.get("opponent", MISSING)
        if type(v26) not in T_Absent_NoneType_str:
            return False
        v27 = d.get("extension", MISSING)
        if type(v27) not in T_Absent_NoneType_int:
            return False
        v28 = d.get("duplicate_of", MISSING)
        if type(v28) not in T_Absent_NoneType_str:
            return False
        if not v28 and v28 is not None:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_IncidentRecorded = (
    Field("incident", True, frozenset({str}), None, False, None, None),
    Field("infraction", True, frozenset({str}), None, False, None, None),
    Field("intentional", True, frozenset({bool}), None, False, None, None),
    Field("disruptive", True, frozenset({bool}), None, False, None, None),
    Field("flags", False, frozenset({list}), None, False, frozenset({str}), None),
    Field("minutes_late", False, frozenset({NoneType, int}), None, False, None, None),
    Field("note", False, frozenset({str}), None, False, None, None),
    Field("round", True, frozenset({int}), None, False, None, None),
    Field("phase", True, frozenset({str}), ("main", "finals"), False, None, None),
    Field("records", True, frozenset({list}), None, True, frozenset({dict}), "PenaltyRecord"),
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
    Field("game", False, frozenset({NoneType, int}), None, False, None, None),
    Field("opponent", False, frozenset({NoneType, str}), None, False, None, None),
    Field("extension", False, frozenset({NoneType, int}), None, False, None, None),
    Field("duplicate_of", False, frozenset({NoneType, str}), None, True, None, None),
)


def check_PenaltyRecord(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("id", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("player", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("warning", MISSING)
        if type(v2) is not str:
            return False
        v3 = d.get("sanction", MISSING)
        if type(v3) not in T_Absent_NoneType_str:
            return False
        v4 = d.get("penalty", MISSING)
        if type(v4) is not str:
            return False
        v5 = d.get("minimum", MISSING)
        if type(v5) is not str:
            return False
        v6 = d.get("recommended", MISSING)
        if type(v6) is not str:
            return False
        v7 = d.get("points", MISSING)
        if type(v7) is not int:
            return False
        v8 = d.get("status", MISSING)
        if type(v8) is not str:
            return False
        if v8 not in (
            "pending",
            "issued",
        ):
            return False
        v9 = d.get("applies", MISSING)
        if type(v9) not in T_Absent_NoneType_str:
            return False
        if v9 is not MISSING and v9 not in (
            "current",
            "next",
            None,
        ):
            return False
        v10 = d.get("minor", MISSING)
        if type(v10) is not bool:
            return False
        v11 = d.get("draft_only", MISSING)
        if type(v11) not in T_Absent_bool:
            return False
        v12 = d.get("investigation", MISSING)
        if type(v12) not in T_Absent_bool:
            return False
        v13 = d.get("supersedes", MISSING)
        if type(v13) not in T_Absent_NoneType_str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_PenaltyRecord = (
    Field("id", True, frozenset({str}), None, True, None, None),
    Field("player", True, frozenset({str}), None, False, None, None),
    Field("warning", True, frozenset({str}), None, False, None, None),
    Field("sanction", False, frozenset({NoneType, str}), None, False, None, None),
    Field("penalty", True, frozenset({str}), None, False, None, None),
    Field("minimum", True, frozenset({str}), None, False, None, None),
    Field("recommended", True, frozenset({str}), None, False, None, None),
    Field("points", True, frozenset({int}), None, False, None, None),
    Field("status", True, frozenset({str}), ("pending", "issued"), False, None, None),
    Field(
        "applies", False, frozenset({NoneType, str}), ("current", "next", None), False, None, None
    ),
    Field("minor", True, frozenset({bool}), None, False, None, None),
    Field("draft_only", False, frozenset({bool}), None, False, None, None),
    Field("investigation", False, frozenset({bool}), None, False, None, None),
    Field("supersedes", False, frozenset({NoneType, str}), None, False, None, None),
)


def check_WitnessNoted(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("record", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("note", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        v2 = d.get("table", MISSING)
        if type(v2) not in T_Absent_NoneType_int:
            return False
        v3 = d.get("game", MISSING)
        if type(v3) not in T_Absent_NoneType_int:
            return False
        v4 = d.get("opponent", MISSING)
        if type(v4) not in T_Absent_NoneType_str:
            return False
        v5 = d.get("extension", MISSING)
        if type(v5) not in T_Absent_NoneType_int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_WitnessNoted = (
    Field("record", True, frozenset({str}), None, True, None, None),
    Field("note", True, frozenset({str}), None, True, None, None),
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
    Field("game", False, frozenset({NoneType, int}), None, False, None, None),
    Field("opponent", False, frozenset({NoneType, str}), None, False, None, None),
    Field("extension", False, frozenset({NoneType, int}), None, False, None, None),
)


def check_RecordReviewed(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("record", MISSING)
        if type(v0) is not str:
            return False
        v1 = d.get("action", MISSING)
        if type(v1) is not str:
            return False
        if v1 not in (
            "confirm",
            "upgrade",
            "dismiss",
        ):
            return False
        v2 = d.get("note", MISSING)
        if type(v2) not in T_Absent_str:
            return False
        v3 = d.get("replacement", MISSING)
        if type(v3) not in T_Absent_NoneType_dict:
            return False
        if type(v3) is dict:
            v4 = v3.get("id", MISSING)
            if type(v4) is not str:
                return False
            if not v4 and v4 is not None:
                return False
            v5 = v3.get("player", MISSING)
            if type(v5) is not str:
                return False
            v6 = v3.get("warning", MISSING)
            if type(v6) is not str:
                return False
            v7 = v3.get("sanction", MISSING)
            if type(v7) not in T_Absent_NoneType_str:
                return False
            v8 = v3.get("penalty", MISSING)
            if type(v8) is not str:
                return False
            v9 = v3.get("minimum", MISSING)
            if type(v9) is not str:
                return False
            v10 = v3.get("recommended", MISSING)
            if type(v10) is not str:
                return False
            v11 = v3.get("points", MISSING)
            if type(v11) is not int:
                return False
            v12 = v3.get("status", MISSING)
            if type(v12) is not str:
                return False
            if v12 not in (
                "pending",
                "issued",
            ):
                return False
            v13 = v3.get("applies", MISSING)
            if type(v13) not in T_Absent_NoneType_str:
                return False
            if v13 is not MISSING and v13 not in (
                "current",
                "next",
                None,
            ):
                return False
            v14 = v3.get("minor", MISSING)
            if type(v14) is not bool:
                return False
            v15 = v3.get("draft_only", MISSING)
            if type(v15) not in T_Absent_bool:
                return False
            v16 = v3.get("investigation", MISSING)
            if type(v16) not in T_Absent_bool:
                return False
            v17 = v3.get("supersedes", MISSING)
            if type(v17) not in T_Absent_NoneType_str:
                return False
        v18 = d.get("minor", MISSING)
        if type(v18) not in T_Absent_NoneType_bool:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_RecordReviewed = (
    Field("record", True, frozenset({str}), None, False, None, None),
    Field("action", True, frozenset({str}), ("confirm", "upgrade", "dismiss"), False, None, None),
    Field("note", False, frozenset({str}), None, False, None, None),
    Field("replacement", False, frozenset({NoneType, dict}), None, False, None, "PenaltyRecord"),
    Field("minor", False, frozenset({NoneType, bool}), None, False, None, None),
)


def check_DecisionMade(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("player", MISSING)
        if type(v0) is not str:
            return False
        v1 = d.get("penalty", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("points", MISSING)
        if type(v2) is not int:
            return False
        v3 = d.get("phase", MISSING)
        if type(v3) is not str:
            return False
        if v3 not in (
            "main",
            "finals",
        ):
            return False
        v4 = d.get("round", MISSING)
        if type(v4) is not int:
            return False
        v5 = d.get("strong_cheating", MISSING)
        if type(v5) not in T_Absent_bool:
            return False
        v6 = d.get("applies", MISSING)
        if type(v6) not in T_Absent_NoneType_str:
            return False
        if v6 is not MISSING and v6 not in (
            "current",
            "next",
            None,
        ):
            return False
        v7 = d.get("note", MISSING)
        if type(v7) not in T_Absent_str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_DecisionMade = (
    Field("player", True, frozenset({str}), None, False, None, None),
    Field("penalty", True, frozenset({str}), None, False, None, None),
    Field("points", True, frozenset({int}), None, False, None, None),
    Field("phase", True, frozenset({str}), ("main", "finals"), False, None, None),
    Field("round", True, frozenset({int}), None, False, None, None),
    Field("strong_cheating", False, frozenset({bool}), None, False, None, None),
    Field(
        "applies", False, frozenset({NoneType, str}), ("current", "next", None), False, None, None
    ),
    Field("note", False, frozenset({str}), None, False, None, None),
)


def check_RecordVoided(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("record", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("note", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_RecordVoided = (
    Field("record", True, frozenset({str}), None, True, None, None),
    Field("note", True, frozenset({str}), None, True, None, None),
)


def check_DecisionVoided(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("decision", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("note", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_DecisionVoided = (
    Field("decision", True, frozenset({str}), None, True, None, None),
    Field("note", True, frozenset({str}), None, True, None, None),
)


def check_ScorekeeperEntered(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("items", MISSING)
        if type(v0) is not list:
            return False
        if not v0 and v0 is not None:
            return False
        if type(v0) is list:
            for i0 in v0:
                if type(i0) is not str:
                    return False
        v1 = d.get("round", MISSING)
        if type(v1) is not int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_ScorekeeperEntered = (
    Field("items", True, frozenset({list}), None, True, frozenset({str}), None),
    Field("round", True, frozenset({int}), None, False, None, None),
)


def check_InvestigationClosed(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("record", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("finding", MISSING)
        if type(v1) is not str:
            return False
        if not v1 and v1 is not None:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_InvestigationClosed = (
    Field("record", True, frozenset({str}), None, True, None, None),
    Field("finding", True, frozenset({str}), None, True, None, None),
)


CHECKS: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "Envelope": check_Envelope,
    "EventCreated": check_EventCreated,
    "Judge": check_Judge,
    "RulesText": check_RulesText,
    "RoundSet": check_RoundSet,
    "RoundsSet": check_RoundsSet,
    "FinalsEntered": check_FinalsEntered,
    "PlayersImported": check_PlayersImported,
    "Player": check_Player,
    "CautionGiven": check_CautionGiven,
    "IncidentRecorded": check_IncidentRecorded,
    "PenaltyRecord": check_PenaltyRecord,
    "WitnessNoted": check_WitnessNoted,
    "RecordReviewed": check_RecordReviewed,
    "DecisionMade": check_DecisionMade,
    "RecordVoided": check_RecordVoided,
    "DecisionVoided": check_DecisionVoided,
    "ScorekeeperEntered": check_ScorekeeperEntered,
    "InvestigationClosed": check_InvestigationClosed,
}
FIELDS: dict[str, tuple[Field, ...]] = {
    "Envelope": FIELDS_Envelope,
    "EventCreated": FIELDS_EventCreated,
    "Judge": FIELDS_Judge,
    "RulesText": FIELDS_RulesText,
    "RoundSet": FIELDS_RoundSet,
    "RoundsSet": FIELDS_RoundsSet,
    "FinalsEntered": FIELDS_FinalsEntered,
    "PlayersImported": FIELDS_PlayersImported,
    "Player": FIELDS_Player,
    "CautionGiven": FIELDS_CautionGiven,
    "IncidentRecorded": FIELDS_IncidentRecorded,
    "PenaltyRecord": FIELDS_PenaltyRecord,
    "WitnessNoted": FIELDS_WitnessNoted,
    "RecordReviewed": FIELDS_RecordReviewed,
    "DecisionMade": FIELDS_DecisionMade,
    "RecordVoided": FIELDS_RecordVoided,
    "DecisionVoided": FIELDS_DecisionVoided,
    "ScorekeeperEntered": FIELDS_ScorekeeperEntered,
    "InvestigationClosed": FIELDS_InvestigationClosed,
}
KINDS: dict[str, str] = {
    "event_created": "EventCreated",
    "rules_changed": "RulesText",
    "judge_added": "Judge",
    "round_set": "RoundSet",
    "rounds_set": "RoundsSet",
    "finals_entered": "FinalsEntered",
    "players_imported": "PlayersImported",
    "caution_given": "CautionGiven",
    "incident_recorded": "IncidentRecorded",
    "witness_noted": "WitnessNoted",
    "record_reviewed": "RecordReviewed",
    "decision_made": "DecisionMade",
    "record_voided": "RecordVoided",
    "decision_voided": "DecisionVoided",
    "scorekeeper_entered": "ScorekeeperEntered",
    "investigation_closed": "InvestigationClosed",
}
