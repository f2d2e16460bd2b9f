"""GENERATED from judgetui/store/entries.py: do not edit.

Run ``python -m judgetui.store.entries`` after changing a declaration there;
tests/test_store_entries.py fails while this file is not what it generates.
The read path imports only this (no pydantic): see `judgetui.store.reading`.
"""

# ruff: noqa

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from judgetui.safe_text import first_control

NoneType = type(None)
MISSING: Any = object()
Absent = type(MISSING)
KEYS_CautionGiven = frozenset("incident infraction round table game extension".split())
KEYS_DecisionMade = frozenset(
    "player penalty points phase round strong_cheating applies note".split()
)
KEYS_DecisionVoided = frozenset("decision note".split())
KEYS_EarlierEventsSet = frozenset("files".split())
KEYS_EventNoted = frozenset("text table".split())
KEYS_EventTakenOver = frozenset("copy_id source pulled_at previous_head".split())
KEYS_FinalsEntered = frozenset("round".split())
KEYS_IncidentRecorded = frozenset(
    "incident infraction intentional disruptive flags minutes_late note round phase records table game opponent extension duplicate_of corrects happened_at".split()
)
KEYS_InvestigationClosed = frozenset("record finding".split())
KEYS_Judge = frozenset("name role os_user".split())
KEYS_Pairing = frozenset("table player opponent".split())
KEYS_PairingsImported = frozenset("round pairings".split())
KEYS_PenaltyRecord = frozenset(
    "id player warning sanction penalty minimum recommended points status applies minor draft_only investigation supersedes".split()
)
KEYS_RecordReviewed = frozenset("record action note replacement minor".split())
KEYS_RecordVoided = frozenset("record note".split())
KEYS_RoundSet = frozenset("round".split())
KEYS_RoundsSet = frozenset("rounds".split())
KEYS_RulesText = frozenset("text sha256".split())
KEYS_ScorekeeperEntered = frozenset("items round".split())
KEYS_WitnessNoted = frozenset("record note table game opponent extension".split())
T_Absent_NoneType_bool = frozenset({Absent, NoneType, bool})
T_Absent_NoneType_dict = frozenset({Absent, NoneType, dict})
T_Absent_NoneType_int = frozenset({Absent, NoneType, int})
T_Absent_NoneType_str = frozenset({Absent, NoneType, str})
T_Absent_bool = frozenset({Absent, bool})
T_Absent_int = frozenset({Absent, int})
T_Absent_list = frozenset({Absent, list})
T_Absent_str = frozenset({Absent, str})
T_NoneType_bool = frozenset({NoneType, bool})
T_NoneType_dict = frozenset({NoneType, dict})
T_NoneType_int = frozenset({NoneType, int})
T_NoneType_str = frozenset({NoneType, str})


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
                if v4 not in {"head", "floor", "trainee"}:
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
        if v1 not in {"head", "floor", "trainee"}:
            return False
        v2 = d.get("os_user", MISSING)
        if type(v2) not in T_Absent_NoneType_str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_Judge = (
    Field("name", True, frozenset({str}), None, True, None, None),
    Field("role", True, frozenset({str}), ("head", "floor", "trainee"), False, None, None),
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
        v3 = d.get("table", MISSING)
        if type(v3) not in T_Absent_NoneType_int:
            return False
        v4 = d.get("game", MISSING)
        if type(v4) not in T_Absent_NoneType_int:
            return False
        v5 = d.get("extension", MISSING)
        if type(v5) not in T_Absent_NoneType_int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_CautionGiven = (
    Field("incident", True, frozenset({str}), None, False, None, None),
    Field("infraction", True, frozenset({str}), None, False, None, None),
    Field("round", True, frozenset({int}), None, False, None, None),
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
    Field("game", False, frozenset({NoneType, int}), None, False, None, None),
    Field("extension", False, frozenset({NoneType, int}), None, False, None, None),
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
        if v8 not in {"main", "finals"}:
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
                if v18 not in {"pending", "issued"}:
                    return False
                v19 = i9.get("applies", MISSING)
                if type(v19) not in T_Absent_NoneType_str:
                    return False
                if v19 is not MISSING and v19 not in {"current", "next", None}:
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
        v29 = d.get("corrects", MISSING)
        if type(v29) not in T_Absent_NoneType_str:
            return False
        if not v29 and v29 is not None:
            return False
        v30 = d.get("happened_at", MISSING)
        if type(v30) not in T_Absent_NoneType_str:
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
    Field("corrects", False, frozenset({NoneType, str}), None, True, None, None),
    Field("happened_at", False, frozenset({NoneType, str}), None, False, None, None),
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
        if v8 not in {"pending", "issued"}:
            return False
        v9 = d.get("applies", MISSING)
        if type(v9) not in T_Absent_NoneType_str:
            return False
        if v9 is not MISSING and v9 not in {"current", "next", None}:
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
        if v1 not in {"confirm", "upgrade", "dismiss"}:
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
            if v12 not in {"pending", "issued"}:
                return False
            v13 = v3.get("applies", MISSING)
            if type(v13) not in T_Absent_NoneType_str:
                return False
            if v13 is not MISSING and v13 not in {"current", "next", None}:
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
        if v3 not in {"main", "finals"}:
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
        if v6 is not MISSING and v6 not in {"current", "next", None}:
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


def check_EventTakenOver(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("copy_id", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("source", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("pulled_at", MISSING)
        if type(v2) is not str:
            return False
        v3 = d.get("previous_head", MISSING)
        if type(v3) is not str:
            return False
        if not v3 and v3 is not None:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_EventTakenOver = (
    Field("copy_id", True, frozenset({str}), None, True, None, None),
    Field("source", True, frozenset({str}), None, False, None, None),
    Field("pulled_at", True, frozenset({str}), None, False, None, None),
    Field("previous_head", True, frozenset({str}), None, True, None, None),
)


def check_PairingsImported(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("round", MISSING)
        if type(v0) is not int:
            return False
        v1 = d.get("pairings", MISSING)
        if type(v1) is not list:
            return False
        if type(v1) is list:
            for i1 in v1:
                if type(i1) is not dict:
                    return False
                v2 = i1.get("table", MISSING)
                if type(v2) not in T_Absent_NoneType_int:
                    return False
                v3 = i1.get("player", MISSING)
                if type(v3) is not str:
                    return False
                v4 = i1.get("opponent", MISSING)
                if type(v4) not in T_Absent_NoneType_str:
                    return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_PairingsImported = (
    Field("round", True, frozenset({int}), None, False, None, None),
    Field("pairings", True, frozenset({list}), None, False, frozenset({dict}), "Pairing"),
)


def check_Pairing(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("table", MISSING)
        if type(v0) not in T_Absent_NoneType_int:
            return False
        v1 = d.get("player", MISSING)
        if type(v1) is not str:
            return False
        v2 = d.get("opponent", MISSING)
        if type(v2) not in T_Absent_NoneType_str:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_Pairing = (
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
    Field("player", True, frozenset({str}), None, False, None, None),
    Field("opponent", False, frozenset({NoneType, str}), None, False, None, None),
)


def check_EarlierEventsSet(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("files", MISSING)
        if type(v0) is not list:
            return False
        if type(v0) is list:
            for i0 in v0:
                if type(i0) is not str:
                    return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_EarlierEventsSet = (
    Field("files", True, frozenset({list}), None, False, frozenset({str}), None),
)


def check_EventNoted(d: Mapping[str, Any]) -> bool:
    try:
        v0 = d.get("text", MISSING)
        if type(v0) is not str:
            return False
        if not v0 and v0 is not None:
            return False
        v1 = d.get("table", MISSING)
        if type(v1) not in T_Absent_NoneType_int:
            return False
        return True
    except TypeError:  # a list or a dict where a choice goes
        return False


FIELDS_EventNoted = (
    Field("text", True, frozenset({str}), None, True, None, None),
    Field("table", False, frozenset({NoneType, int}), None, False, None, None),
)


def door_RulesText(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_RulesText:
        return None
    try:
        v0 = d.get("text", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 1000000:
            return None
        v1 = d.get("sha256", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if v1 is not None:
            return None
        return {"text": v0, "sha256": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_Judge(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_Judge:
        return None
    try:
        v0 = d.get("name", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 60:
            return None
        if type(v0) is str and first_control(v0) is not None:
            return None
        v1 = d.get("role", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if v1 not in {"head", "floor", "trainee"}:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("os_user", None)
        if type(v2) not in T_NoneType_str:
            return None
        if type(v2) is str and v2 and (v2[0].isspace() or v2[-1].isspace()):
            return None
        if type(v2) in (str, list) and len(v2) > 32:
            return None
        return {"name": v0, "role": v1, "os_user": v2}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_RoundSet(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_RoundSet:
        return None
    try:
        v0 = d.get("round", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not int:
            return None
        if type(v0) is int and v0 < 1:
            return None
        return {"round": v0}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_RoundsSet(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_RoundsSet:
        return None
    try:
        v0 = d.get("rounds", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not int:
            return None
        if type(v0) is int and v0 < 1:
            return None
        return {"rounds": v0}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_FinalsEntered(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_FinalsEntered:
        return None
    try:
        v0 = d.get("round", 0)
        if type(v0) is not int:
            return None
        return {"round": v0}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_CautionGiven(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_CautionGiven:
        return None
    try:
        v0 = d.get("incident", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        v1 = d.get("infraction", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("round", MISSING)
        if v2 is MISSING:
            return None
        if type(v2) is not int:
            return None
        v3 = d.get("table", None)
        if type(v3) not in T_NoneType_int:
            return None
        if type(v3) is int and v3 < 1:
            return None
        if type(v3) is int and v3 > 10000:
            return None
        v4 = d.get("game", None)
        if type(v4) not in T_NoneType_int:
            return None
        if type(v4) is int and v4 < 1:
            return None
        if type(v4) is int and v4 > 9:
            return None
        v5 = d.get("extension", None)
        if type(v5) not in T_NoneType_int:
            return None
        if type(v5) is int and v5 < 1:
            return None
        if type(v5) is int and v5 > 60:
            return None
        return {
            "incident": v0,
            "infraction": v1,
            "round": v2,
            "table": v3,
            "game": v4,
            "extension": v5,
        }
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_IncidentRecorded(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_IncidentRecorded:
        return None
    try:
        v0 = d.get("incident", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        v1 = d.get("infraction", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("intentional", MISSING)
        if v2 is MISSING:
            return None
        if type(v2) is not bool:
            return None
        v3 = d.get("disruptive", MISSING)
        if v3 is MISSING:
            return None
        if type(v3) is not bool:
            return None
        v4 = d.get("flags", [])
        if type(v4) is not list:
            return None
        if type(v4) is list:
            l4 = []
            for i4 in v4:
                if type(i4) is not str:
                    return None
                if type(i4) is str and i4 and (i4[0].isspace() or i4[-1].isspace()):
                    return None
                l4.append(i4)
            v4 = l4
        v5 = d.get("minutes_late", None)
        if type(v5) not in T_NoneType_int:
            return None
        if type(v5) is int and v5 < 0:
            return None
        if type(v5) is int and v5 > 1440:
            return None
        v6 = d.get("note", "")
        if type(v6) is not str:
            return None
        if type(v6) is str and v6 and (v6[0].isspace() or v6[-1].isspace()):
            return None
        if type(v6) in (str, list) and len(v6) > 2000:
            return None
        if type(v6) is str and first_control(v6, newline=True) is not None:
            return None
        v7 = d.get("round", MISSING)
        if v7 is MISSING:
            return None
        if type(v7) is not int:
            return None
        v8 = d.get("phase", MISSING)
        if v8 is MISSING:
            return None
        if type(v8) is not str:
            return None
        if v8 not in {"main", "finals"}:
            return None
        if type(v8) is str and v8 and (v8[0].isspace() or v8[-1].isspace()):
            return None
        v9 = d.get("records", MISSING)
        if v9 is MISSING:
            return None
        if type(v9) is not list:
            return None
        if type(v9) in (str, list) and len(v9) < 1:
            return None
        if type(v9) is list:
            l9 = []
            for i9 in v9:
                if type(i9) is not dict:
                    return None
                i9 = door_PenaltyRecord(i9)
                if i9 is None:
                    return None
                l9.append(i9)
            v9 = l9
        v10 = d.get("table", None)
        if type(v10) not in T_NoneType_int:
            return None
        if type(v10) is int and v10 < 1:
            return None
        if type(v10) is int and v10 > 10000:
            return None
        v11 = d.get("game", None)
        if type(v11) not in T_NoneType_int:
            return None
        if type(v11) is int and v11 < 1:
            return None
        if type(v11) is int and v11 > 9:
            return None
        v12 = d.get("opponent", None)
        if type(v12) not in T_NoneType_str:
            return None
        if type(v12) is str and v12 and (v12[0].isspace() or v12[-1].isspace()):
            return None
        if v12 is not None:
            return None
        v13 = d.get("extension", None)
        if type(v13) not in T_NoneType_int:
            return None
        if type(v13) is int and v13 < 1:
            return None
        if type(v13) is int and v13 > 60:
            return None
        v14 = d.get("duplicate_of", None)
        if type(v14) not in T_NoneType_str:
            return None
        if type(v14) is str and v14 and (v14[0].isspace() or v14[-1].isspace()):
            return None
        if type(v14) in (str, list) and len(v14) < 1:
            return None
        if type(v14) in (str, list) and len(v14) > 64:
            return None
        v15 = d.get("corrects", None)
        if type(v15) not in T_NoneType_str:
            return None
        if type(v15) is str and v15 and (v15[0].isspace() or v15[-1].isspace()):
            return None
        if type(v15) in (str, list) and len(v15) < 1:
            return None
        if type(v15) in (str, list) and len(v15) > 64:
            return None
        v16 = d.get("happened_at", None)
        if type(v16) not in T_NoneType_str:
            return None
        if type(v16) is str and v16 and (v16[0].isspace() or v16[-1].isspace()):
            return None
        if v16 is not None:
            return None
        return {
            "incident": v0,
            "infraction": v1,
            "intentional": v2,
            "disruptive": v3,
            "flags": v4,
            "minutes_late": v5,
            "note": v6,
            "round": v7,
            "phase": v8,
            "records": v9,
            "table": v10,
            "game": v11,
            "opponent": v12,
            "extension": v13,
            "duplicate_of": v14,
            "corrects": v15,
            "happened_at": v16,
        }
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_PenaltyRecord(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_PenaltyRecord:
        return None
    try:
        v0 = d.get("id", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        v1 = d.get("player", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("warning", MISSING)
        if v2 is MISSING:
            return None
        if type(v2) is not str:
            return None
        if type(v2) is str and v2 and (v2[0].isspace() or v2[-1].isspace()):
            return None
        v3 = d.get("sanction", None)
        if type(v3) not in T_NoneType_str:
            return None
        if type(v3) is str and v3 and (v3[0].isspace() or v3[-1].isspace()):
            return None
        v4 = d.get("penalty", MISSING)
        if v4 is MISSING:
            return None
        if type(v4) is not str:
            return None
        if type(v4) is str and v4 and (v4[0].isspace() or v4[-1].isspace()):
            return None
        v5 = d.get("minimum", MISSING)
        if v5 is MISSING:
            return None
        if type(v5) is not str:
            return None
        if type(v5) is str and v5 and (v5[0].isspace() or v5[-1].isspace()):
            return None
        v6 = d.get("recommended", MISSING)
        if v6 is MISSING:
            return None
        if type(v6) is not str:
            return None
        if type(v6) is str and v6 and (v6[0].isspace() or v6[-1].isspace()):
            return None
        v7 = d.get("points", MISSING)
        if v7 is MISSING:
            return None
        if type(v7) is not int:
            return None
        if type(v7) is int and v7 < 0:
            return None
        v8 = d.get("status", MISSING)
        if v8 is MISSING:
            return None
        if type(v8) is not str:
            return None
        if v8 not in {"pending", "issued"}:
            return None
        if type(v8) is str and v8 and (v8[0].isspace() or v8[-1].isspace()):
            return None
        v9 = d.get("applies", None)
        if type(v9) not in T_NoneType_str:
            return None
        if v9 not in {"current", "next", None}:
            return None
        if type(v9) is str and v9 and (v9[0].isspace() or v9[-1].isspace()):
            return None
        v10 = d.get("minor", MISSING)
        if v10 is MISSING:
            return None
        if type(v10) is not bool:
            return None
        v11 = d.get("draft_only", False)
        if type(v11) is not bool:
            return None
        v12 = d.get("investigation", False)
        if type(v12) is not bool:
            return None
        v13 = d.get("supersedes", None)
        if type(v13) not in T_NoneType_str:
            return None
        if type(v13) is str and v13 and (v13[0].isspace() or v13[-1].isspace()):
            return None
        return {
            "id": v0,
            "player": v1,
            "warning": v2,
            "sanction": v3,
            "penalty": v4,
            "minimum": v5,
            "recommended": v6,
            "points": v7,
            "status": v8,
            "applies": v9,
            "minor": v10,
            "draft_only": v11,
            "investigation": v12,
            "supersedes": v13,
        }
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_WitnessNoted(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_WitnessNoted:
        return None
    try:
        v0 = d.get("record", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 64:
            return None
        v1 = d.get("note", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if type(v1) in (str, list) and len(v1) < 1:
            return None
        if type(v1) in (str, list) and len(v1) > 2000:
            return None
        if type(v1) is str and first_control(v1, newline=True) is not None:
            return None
        v2 = d.get("table", None)
        if type(v2) not in T_NoneType_int:
            return None
        if type(v2) is int and v2 < 1:
            return None
        if type(v2) is int and v2 > 10000:
            return None
        v3 = d.get("game", None)
        if type(v3) not in T_NoneType_int:
            return None
        if type(v3) is int and v3 < 1:
            return None
        if type(v3) is int and v3 > 9:
            return None
        v4 = d.get("opponent", None)
        if type(v4) not in T_NoneType_str:
            return None
        if type(v4) is str and v4 and (v4[0].isspace() or v4[-1].isspace()):
            return None
        if v4 is not None:
            return None
        v5 = d.get("extension", None)
        if type(v5) not in T_NoneType_int:
            return None
        if type(v5) is int and v5 < 1:
            return None
        if type(v5) is int and v5 > 60:
            return None
        return {"record": v0, "note": v1, "table": v2, "game": v3, "opponent": v4, "extension": v5}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_RecordReviewed(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_RecordReviewed:
        return None
    try:
        v0 = d.get("record", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        v1 = d.get("action", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if v1 not in {"confirm", "upgrade", "dismiss"}:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("note", "")
        if type(v2) is not str:
            return None
        if type(v2) is str and v2 and (v2[0].isspace() or v2[-1].isspace()):
            return None
        if type(v2) in (str, list) and len(v2) > 2000:
            return None
        if type(v2) is str and first_control(v2, newline=True) is not None:
            return None
        v3 = d.get("replacement", None)
        if type(v3) not in T_NoneType_dict:
            return None
        if type(v3) is dict:
            v3 = door_PenaltyRecord(v3)
            if v3 is None:
                return None
        v4 = d.get("minor", None)
        if type(v4) not in T_NoneType_bool:
            return None
        return {"record": v0, "action": v1, "note": v2, "replacement": v3, "minor": v4}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_DecisionMade(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_DecisionMade:
        return None
    try:
        v0 = d.get("player", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        v1 = d.get("penalty", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        v2 = d.get("points", MISSING)
        if v2 is MISSING:
            return None
        if type(v2) is not int:
            return None
        v3 = d.get("phase", MISSING)
        if v3 is MISSING:
            return None
        if type(v3) is not str:
            return None
        if v3 not in {"main", "finals"}:
            return None
        if type(v3) is str and v3 and (v3[0].isspace() or v3[-1].isspace()):
            return None
        v4 = d.get("round", MISSING)
        if v4 is MISSING:
            return None
        if type(v4) is not int:
            return None
        v5 = d.get("strong_cheating", False)
        if type(v5) is not bool:
            return None
        v6 = d.get("applies", None)
        if type(v6) not in T_NoneType_str:
            return None
        if v6 not in {"current", "next", None}:
            return None
        if type(v6) is str and v6 and (v6[0].isspace() or v6[-1].isspace()):
            return None
        v7 = d.get("note", "")
        if type(v7) is not str:
            return None
        if type(v7) is str and v7 and (v7[0].isspace() or v7[-1].isspace()):
            return None
        if type(v7) in (str, list) and len(v7) > 2000:
            return None
        if type(v7) is str and first_control(v7, newline=True) is not None:
            return None
        return {
            "player": v0,
            "penalty": v1,
            "points": v2,
            "phase": v3,
            "round": v4,
            "strong_cheating": v5,
            "applies": v6,
            "note": v7,
        }
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_RecordVoided(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_RecordVoided:
        return None
    try:
        v0 = d.get("record", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        v1 = d.get("note", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if type(v1) in (str, list) and len(v1) < 1:
            return None
        if type(v1) in (str, list) and len(v1) > 2000:
            return None
        if type(v1) is str and first_control(v1, newline=True) is not None:
            return None
        return {"record": v0, "note": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_DecisionVoided(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_DecisionVoided:
        return None
    try:
        v0 = d.get("decision", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        v1 = d.get("note", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if type(v1) in (str, list) and len(v1) < 1:
            return None
        if type(v1) in (str, list) and len(v1) > 2000:
            return None
        if type(v1) is str and first_control(v1, newline=True) is not None:
            return None
        return {"decision": v0, "note": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_ScorekeeperEntered(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_ScorekeeperEntered:
        return None
    try:
        v0 = d.get("items", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not list:
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 1000:
            return None
        if type(v0) is list:
            l0 = []
            for i0 in v0:
                if type(i0) is not str:
                    return None
                if type(i0) is str and i0 and (i0[0].isspace() or i0[-1].isspace()):
                    return None
                if type(i0) is str and first_control(i0) is not None:
                    return None
                l0.append(i0)
            v0 = l0
        v1 = d.get("round", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not int:
            return None
        if type(v1) is int and v1 < 1:
            return None
        return {"items": v0, "round": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_InvestigationClosed(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_InvestigationClosed:
        return None
    try:
        v0 = d.get("record", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) is str and first_control(v0) is not None:
            return None
        v1 = d.get("finding", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if type(v1) in (str, list) and len(v1) < 1:
            return None
        if type(v1) in (str, list) and len(v1) > 4000:
            return None
        if type(v1) is str and first_control(v1, newline=True) is not None:
            return None
        return {"record": v0, "finding": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_EventTakenOver(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_EventTakenOver:
        return None
    try:
        v0 = d.get("copy_id", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 64:
            return None
        if type(v0) is str and first_control(v0) is not None:
            return None
        v1 = d.get("source", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if type(v1) in (str, list) and len(v1) > 2000:
            return None
        if type(v1) is str and first_control(v1) is not None:
            return None
        v2 = d.get("pulled_at", MISSING)
        if v2 is MISSING:
            return None
        if type(v2) is not str:
            return None
        if type(v2) is str and v2 and (v2[0].isspace() or v2[-1].isspace()):
            return None
        if type(v2) in (str, list) and len(v2) > 40:
            return None
        if type(v2) is str and first_control(v2) is not None:
            return None
        v3 = d.get("previous_head", MISSING)
        if v3 is MISSING:
            return None
        if type(v3) is not str:
            return None
        if type(v3) is str and v3 and (v3[0].isspace() or v3[-1].isspace()):
            return None
        if type(v3) in (str, list) and len(v3) < 64:
            return None
        if type(v3) in (str, list) and len(v3) > 64:
            return None
        if type(v3) is str and first_control(v3) is not None:
            return None
        return {"copy_id": v0, "source": v1, "pulled_at": v2, "previous_head": v3}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_PairingsImported(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_PairingsImported:
        return None
    try:
        v0 = d.get("round", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not int:
            return None
        if type(v0) is int and v0 < 1:
            return None
        v1 = d.get("pairings", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not list:
            return None
        if type(v1) in (str, list) and len(v1) > 20000:
            return None
        if type(v1) is list:
            l1 = []
            for i1 in v1:
                if type(i1) is not dict:
                    return None
                i1 = door_Pairing(i1)
                if i1 is None:
                    return None
                l1.append(i1)
            v1 = l1
        return {"round": v0, "pairings": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_Pairing(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_Pairing:
        return None
    try:
        v0 = d.get("table", None)
        if type(v0) not in T_NoneType_int:
            return None
        if type(v0) is int and v0 < 1:
            return None
        if type(v0) is int and v0 > 10000:
            return None
        v1 = d.get("player", MISSING)
        if v1 is MISSING:
            return None
        if type(v1) is not str:
            return None
        if type(v1) is str and v1 and (v1[0].isspace() or v1[-1].isspace()):
            return None
        if v1 is not None:
            return None
        v2 = d.get("opponent", None)
        if type(v2) not in T_NoneType_str:
            return None
        if type(v2) is str and v2 and (v2[0].isspace() or v2[-1].isspace()):
            return None
        if v2 is not None:
            return None
        return {"table": v0, "player": v1, "opponent": v2}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_EarlierEventsSet(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_EarlierEventsSet:
        return None
    try:
        v0 = d.get("files", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not list:
            return None
        if type(v0) in (str, list) and len(v0) > 20:
            return None
        if type(v0) is list:
            l0 = []
            for i0 in v0:
                if type(i0) is not str:
                    return None
                if type(i0) is str and i0 and (i0[0].isspace() or i0[-1].isspace()):
                    return None
                if type(i0) is str and first_control(i0) is not None:
                    return None
                l0.append(i0)
            v0 = l0
        return {"files": v0}
    except TypeError:  # a list or a dict where a choice goes
        return None


def door_EventNoted(d: Mapping[str, Any]) -> dict[str, Any] | None:
    if not d.keys() <= KEYS_EventNoted:
        return None
    try:
        v0 = d.get("text", MISSING)
        if v0 is MISSING:
            return None
        if type(v0) is not str:
            return None
        if type(v0) is str and v0 and (v0[0].isspace() or v0[-1].isspace()):
            return None
        if type(v0) in (str, list) and len(v0) < 1:
            return None
        if type(v0) in (str, list) and len(v0) > 2000:
            return None
        if type(v0) is str and first_control(v0, newline=True) is not None:
            return None
        v1 = d.get("table", None)
        if type(v1) not in T_NoneType_int:
            return None
        if type(v1) is int and v1 < 1:
            return None
        if type(v1) is int and v1 > 10000:
            return None
        return {"text": v0, "table": v1}
    except TypeError:  # a list or a dict where a choice goes
        return None


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
    "EventTakenOver": check_EventTakenOver,
    "PairingsImported": check_PairingsImported,
    "Pairing": check_Pairing,
    "EarlierEventsSet": check_EarlierEventsSet,
    "EventNoted": check_EventNoted,
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
    "EventTakenOver": FIELDS_EventTakenOver,
    "PairingsImported": FIELDS_PairingsImported,
    "Pairing": FIELDS_Pairing,
    "EarlierEventsSet": FIELDS_EarlierEventsSet,
    "EventNoted": FIELDS_EventNoted,
}
DOORS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any] | None]] = {
    "RulesText": door_RulesText,
    "Judge": door_Judge,
    "RoundSet": door_RoundSet,
    "RoundsSet": door_RoundsSet,
    "FinalsEntered": door_FinalsEntered,
    "CautionGiven": door_CautionGiven,
    "IncidentRecorded": door_IncidentRecorded,
    "PenaltyRecord": door_PenaltyRecord,
    "WitnessNoted": door_WitnessNoted,
    "RecordReviewed": door_RecordReviewed,
    "DecisionMade": door_DecisionMade,
    "RecordVoided": door_RecordVoided,
    "DecisionVoided": door_DecisionVoided,
    "ScorekeeperEntered": door_ScorekeeperEntered,
    "InvestigationClosed": door_InvestigationClosed,
    "EventTakenOver": door_EventTakenOver,
    "PairingsImported": door_PairingsImported,
    "Pairing": door_Pairing,
    "EarlierEventsSet": door_EarlierEventsSet,
    "EventNoted": door_EventNoted,
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
    "event_taken_over": "EventTakenOver",
    "pairings_imported": "PairingsImported",
    "earlier_events_set": "EarlierEventsSet",
    "event_noted": "EventNoted",
}
