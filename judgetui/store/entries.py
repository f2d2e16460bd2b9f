"""Every kind of log entry, declared ONCE, in pydantic: built on write, checked on read.

Each model below is the ``data`` of one entry kind (`KINDS`); `Envelope` is what every
entry carries around it (the store adds ``seq``, ``prev`` and ``hash``).

* **Write** (the door): `build` (and the named builders, `penalty_record` ...) validate
  the values with the model and return its ``model_dump()``: stripped, typed, bounded,
  no control character.
* **Read** (the fold): `check` holds a parsed entry's ``data`` to the same declaration,
  as far as it is a matter of shape: every required field present, each of its type,
  each choice one of the `Literal` values, every required text or list non-empty. A
  bound, a length or a pattern the door enforces is not checked again on read (an older
  version may have written what the door refuses now; a name with a control character
  is spelled out by the fold, never refused). The check is generated once from the
  models' ``model_fields`` (see `_Shape`), as one Python expression per kind, so that a
  10,000-record fold pays about what hand-written checks cost; when the expression
  says no, the same shape is walked again to name the field that is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from judgetui.safe_text import refuse_controls, refuse_controls_in_note
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)


def _no_controls(value: str) -> str:
    try:
        return refuse_controls(value)
    except ValueError as exc:
        raise PydanticCustomError("control_character", str(exc)) from None


def _no_controls_in_note(value: str) -> str:
    try:
        return refuse_controls_in_note(value)
    except ValueError as exc:
        raise PydanticCustomError("control_character", str(exc)) from None


Role = Literal["head", "floor", "trainee"]
"""A trainee records as a floor judge does, but each record waits for the head judge."""
PlayerStatus = Literal["active", "ejected", "disqualified"]
ReviewAction = Literal["confirm", "upgrade", "dismiss"]
Applies = Literal["current", "next"]

Text = Annotated[str, AfterValidator(_no_controls)]
"""A name (of an event, a judge, a player, an account): no control character at all."""
Note = Annotated[str, AfterValidator(_no_controls_in_note)]
"""A judge's note: no control character but a line break (see `judgetui.safe_text`)."""

SCHEMA_VERSION = 1
PLAYER_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$"
_PLAYER_ID = re.compile(PLAYER_ID_PATTERN)


class _Model(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, str_strip_whitespace=True, defer_build=True
    )


class Judge(_Model):
    name: Text = Field(min_length=1, max_length=60)
    role: Role
    os_user: Text | None = Field(default=None, max_length=32)


class Player(_Model):
    id: str
    name: Text = Field(min_length=1, max_length=80)
    reading: Text | None = Field(default=None, min_length=1, max_length=80)
    """How the name is read (furigana or romaji): player searches match it too."""
    dci: str | None = Field(default=None, pattern=r"^[0-9]{1,12}$")
    """The player's Wizards/DCI number, digits only."""
    table: int | None = Field(default=None, ge=1, le=99999)
    """The table or seat the roster gave."""

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not _PLAYER_ID.match(value):
            raise ValueError("a player id is 1–40 letters, digits, '.', '_' or '-'")
        return value


class RulesText(BaseModel):
    """The rules an event uses, kept in its log: the exact TOML text and its sha256.

    In ``event_created`` (the rules the event was made with) and in every
    ``rules_changed`` (the head judge's change). Not stripped: the text is kept to the
    byte, so it is validated again on every read and its hash can be checked.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, defer_build=True)

    text: str = Field(min_length=1, max_length=1_000_000)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class EventCreated(_Model):
    name: Text = Field(min_length=1, max_length=120)
    rounds: int | None = Field(default=None, ge=1, le=30)
    judges: list[Judge] = Field(min_length=1)
    bound: bool = False
    rules: RulesText | None = None
    """None only in event files written before events kept their rules (shipped rules)."""

    @field_validator("judges")
    @classmethod
    def _one_head(cls, judges: list[Judge]) -> list[Judge]:
        heads = [j for j in judges if j.role == "head"]
        if len(heads) != 1:
            raise ValueError("an event has exactly one head judge")
        names = [j.name.casefold() for j in judges]
        if len(names) != len(set(names)):
            raise ValueError("two judges share a name")
        return judges


class PenaltyRecord(_Model):
    """One player's penalty from one incident, as written into the log."""

    id: str = Field(min_length=1)
    player: str
    warning: str
    sanction: str | None = None
    penalty: str
    minimum: str
    recommended: str
    points: int = Field(ge=0)
    status: Literal["pending", "issued"]
    applies: Applies | None = None
    minor: bool
    draft_only: bool = False
    investigation: bool = False
    supersedes: str | None = None


class IncidentRecorded(_Model):
    incident: str
    infraction: str
    intentional: bool
    disruptive: bool
    flags: list[str] = []
    minutes_late: int | None = Field(default=None, ge=0, le=24 * 60)
    note: Note = Field(default="", max_length=2000)
    round: int
    phase: Literal["main", "finals"]
    records: list[PenaltyRecord] = Field(min_length=1)
    # The incident's context (issue 13): where it happened and what the table was given.
    table: int | None = Field(default=None, ge=TABLE_MIN, le=TABLE_MAX)
    game: int | None = Field(default=None, ge=GAME_MIN, le=GAME_MAX)
    opponent: str | None = Field(default=None, pattern=PLAYER_ID_PATTERN)
    """Another player of the event at the table, linked to the incident, not penalised."""
    extension: int | None = Field(default=None, ge=EXTENSION_MIN, le=EXTENSION_MAX)
    """A time extension, in minutes, given to the table."""
    duplicate_of: str | None = Field(default=None, min_length=1, max_length=64)
    """The earlier record this one may duplicate, recorded anyway (the note says why)."""
    corrects: str | None = Field(default=None, min_length=1, max_length=64)
    """The record this one puts right (voided just before, in the same write): the new
    record keeps its judge, time and witness notes (`judgetui correct`)."""
    happened_at: str | None = Field(default=None, pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
    """Entered later, from paper (`record --at`): when it happened; the entry's ``at``: when."""


class WitnessNoted(_Model):
    """A second judge's report of an incident already recorded: a note, no penalty."""

    record: str = Field(min_length=1, max_length=64)
    note: Note = Field(min_length=1, max_length=2000)
    table: int | None = Field(default=None, ge=TABLE_MIN, le=TABLE_MAX)
    game: int | None = Field(default=None, ge=GAME_MIN, le=GAME_MAX)
    opponent: str | None = Field(default=None, pattern=PLAYER_ID_PATTERN)
    extension: int | None = Field(default=None, ge=EXTENSION_MIN, le=EXTENSION_MAX)


class RecordReviewed(_Model):
    record: str
    action: ReviewAction
    note: Note = Field(default="", max_length=2000)
    replacement: PenaltyRecord | None = None
    minor: bool | None = None
    """On a confirm: the head judge's own "minor" for the record (None keeps it)."""


class DecisionMade(_Model):
    player: str
    penalty: str
    points: int
    phase: Literal["main", "finals"]
    round: int
    strong_cheating: bool = False
    applies: Applies | None = None
    note: Note = Field(default="", max_length=2000)


class CautionGiven(_Model):
    """A Caution, counted for statistics without a name (RULINGS §1)."""

    incident: str
    infraction: str
    round: int
    # An incident with no record (every player cautioned) keeps its context here: the
    # time extension given to the table still reaches the round list.
    table: int | None = Field(default=None, ge=TABLE_MIN, le=TABLE_MAX)
    game: int | None = Field(default=None, ge=GAME_MIN, le=GAME_MAX)
    extension: int | None = Field(default=None, ge=EXTENSION_MIN, le=EXTENSION_MAX)


class RecordVoided(_Model):
    """The head judge voids a record made in error; it stays in the log, marked voided."""

    record: str = Field(min_length=1)
    note: Note = Field(min_length=1, max_length=2000)


class DecisionVoided(_Model):
    """The head judge voids a three-warning decision made in error."""

    decision: str = Field(min_length=1)
    note: Note = Field(min_length=1, max_length=2000)


class ScorekeeperEntered(_Model):
    """The head judge marks round-list items as entered by the scorekeeper: record ids,
    decision ids, ``ext:<incident>`` for a time extension (see `judgetui.report_texts`)."""

    items: list[Text] = Field(min_length=1, max_length=1000)
    round: int = Field(ge=1)


class InvestigationClosed(_Model):
    """The head judge closes the investigation a record (a Triple Warning) opened."""

    record: Text = Field(min_length=1)
    finding: Note = Field(min_length=1, max_length=4000)


class RoundSet(_Model):
    """The head judge sets the current round."""

    round: int = Field(ge=1)


class RoundsSet(_Model):
    """The head judge changes the number of rounds after set-up."""

    rounds: int = Field(ge=1)


class FinalsEntered(_Model):
    """The event enters its final rounds (in the round it was in)."""

    round: int = 0


class EventTakenOver(_Model):
    """The head judge makes a standby copy the event of record: the copy (its mark's
    id), where it was pulled from and when, and the old station's last head."""

    copy_id: Text = Field(min_length=1, max_length=64)
    source: Text = Field(max_length=2000)
    pulled_at: Text = Field(max_length=40)
    previous_head: Text = Field(min_length=64, max_length=64)


class PlayersImported(_Model):
    """Players added to (or renamed on) the roster."""

    players: list[Player]


class Pairing(_Model):
    """One match of a round: a table and its two players (no opponent: a bye)."""

    table: int | None = Field(default=None, ge=TABLE_MIN, le=TABLE_MAX)
    player: str = Field(pattern=PLAYER_ID_PATTERN)
    opponent: str | None = Field(default=None, pattern=PLAYER_ID_PATTERN)


class PairingsImported(_Model):
    """A round's tables from the pairings software: they replace that round's earlier
    pairings (each player at most once; every player on the roster)."""

    round: int = Field(ge=1)
    pairings: list[Pairing] = Field(max_length=20_000)


class EventNoted(_Model):
    """An event note (`judgetui note`): about the event, no player; the entry says who, when."""

    text: Note = Field(min_length=1, max_length=2000)
    table: int | None = Field(default=None, ge=TABLE_MIN, le=TABLE_MAX)


class EarlierEventsSet(_Model):
    """The head judge names the files of earlier events whose records the station shows
    beside a player's (information only: nothing in them counts here). Empty: none."""

    files: list[Text] = Field(max_length=20)


class Envelope(BaseModel):
    """What every entry carries around its ``data`` (the store adds seq, prev, hash)."""

    model_config = ConfigDict(extra="allow", frozen=True, defer_build=True)

    kind: str = Field(min_length=1)
    at: str = Field(min_length=1)
    judge: str | None = None
    os_user: str | None = None
    client: str | None = None
    data: dict[str, object]


#: The declaration of each entry kind's ``data``.
KINDS: dict[str, type[BaseModel]] = {
    "event_created": EventCreated,
    "rules_changed": RulesText,
    "judge_added": Judge,
    "round_set": RoundSet,
    "rounds_set": RoundsSet,
    "finals_entered": FinalsEntered,
    "players_imported": PlayersImported,
    "caution_given": CautionGiven,
    "incident_recorded": IncidentRecorded,
    "witness_noted": WitnessNoted,
    "record_reviewed": RecordReviewed,
    "decision_made": DecisionMade,
    "record_voided": RecordVoided,
    "decision_voided": DecisionVoided,
    "scorekeeper_entered": ScorekeeperEntered,
    "investigation_closed": InvestigationClosed,
    "event_taken_over": EventTakenOver,
    "pairings_imported": PairingsImported,
    "earlier_events_set": EarlierEventsSet,
    "event_noted": EventNoted,
}

#: Every declared model, by name (the entry kinds' data and what they are made of).
_DECLARED: list[type[BaseModel]] = [Envelope, Judge, Player, PenaltyRecord, Pairing]
_DECLARED += KINDS.values()
MODELS: dict[str, type[BaseModel]] = {m.__name__: m for m in _DECLARED}


# --------------------------------------------------------------------------- write


def dump(model_name: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """``<model>(**fields).model_dump()`` (see `judgetui.store.build`, which calls it)."""
    model: type[BaseModel] = MODELS[model_name]
    return model.model_validate(fields).model_dump()


# --------------------------------------------------------------------------- read


def _types_of(annotation: Any) -> tuple[tuple[type, ...], tuple[object, ...] | None, Any]:
    """Runtime types (and Literal choices, and a list's or nested model's annotation)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _types_of(get_args(annotation)[0])
    if origin in (Union, UnionType):
        types: list[type] = []
        choices: list[object] | None = []
        item: Any = None
        for arm in get_args(annotation):
            arm_types, arm_choices, arm_item = _types_of(arm)
            types.extend(arm_types)
            item = item if arm_item is None else arm_item
            if arm_choices is None:
                if arm is not type(None):
                    choices = None
                elif choices is not None:
                    choices.append(None)
            elif choices is not None:
                choices.extend(arm_choices)
        return tuple(dict.fromkeys(types)), (tuple(choices) if choices else None), item
    if origin is Literal:
        values = get_args(annotation)
        return tuple(dict.fromkeys(type(v) for v in values)), values, None
    if origin is list:
        return (list,), None, get_args(annotation)[0]
    if origin is dict or annotation is dict:
        return (dict,), None, None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return (dict,), None, annotation
    if annotation is type(None):
        return (type(None),), None, None
    if annotation in (str, int, bool):
        return (annotation,), None, None
    raise TypeError(f"reading cannot check a field declared {annotation!r}")


_TYPE_NAMES = {str: "str", int: "int", bool: "bool", list: "list", dict: "dict"}


def _type_source(types: Sequence[type]) -> str:
    """A frozenset of ``types`` as source (for the field tables)."""
    names = sorted("NoneType" if t is type(None) else _TYPE_NAMES[t] for t in types)
    return "frozenset({" + ", ".join(names) + "})"


def _type_test(var: str, types: Sequence[type], required: bool, consts: dict[str, str]) -> str:
    """Source that is true when ``var``'s type is NOT one of ``types`` (absent allowed
    when not ``required``): ``type(v) is not str`` for one type, else a set constant."""
    names = sorted("NoneType" if t is type(None) else _TYPE_NAMES[t] for t in types)
    if not required:
        names = ["Absent", *names]
    if len(names) == 1:
        return f"type({var}) is not {names[0]}"
    const = "T_" + "_".join(names)
    consts[const] = "frozenset({" + ", ".join(names) + "})"
    return f"type({var}) not in {const}"


def _model_source(
    model: type[BaseModel], out: dict[str, list[str]], consts: dict[str, str]
) -> None:
    """Add the generated field table and check of ``model`` (and its nested models)."""
    name = model.__name__
    if name in out:
        return
    out[name] = []  # placeholder against recursion; filled below
    rows, lines = list[str](), list[str]()
    counter = [0]

    def emit(m: type[BaseModel], target: str, indent: str) -> None:
        for fname, info in m.model_fields.items():
            n = counter[0]
            counter[0] += 1
            types, choices, item = _types_of(info.annotation)
            sub = item if isinstance(item, type) and issubclass(item, BaseModel) else None
            required = info.is_required()
            non_empty = any(getattr(meta, "min_length", 0) for meta in info.metadata)
            var = f"v{n}"
            lines.append(f"{indent}{var} = {target}.get({fname!r}, MISSING)")
            lines.append(f"{indent}if {_type_test(var, types, required, consts)}:")
            lines.append(f"{indent}    return False")
            if choices is not None:
                options = ", ".join(repr(c) for c in choices)
                absent = "" if required else f"{var} is not MISSING and "
                lines.append(f"{indent}if {absent}{var} not in {{{options}}}:")
                lines.append(f"{indent}    return False")
            if non_empty:
                lines.append(f"{indent}if not {var} and {var} is not None:")
                lines.append(f"{indent}    return False")
            item_types = nested = "None"
            if list in types and item is not None:
                lines.append(f"{indent}if type({var}) is list:")
                lines.append(f"{indent}    for i{n} in {var}:")
                if sub is not None:
                    item_types = "frozenset({dict})"
                    lines.append(f"{indent}        if type(i{n}) is not dict:")
                    lines.append(f"{indent}            return False")
                    emit(sub, f"i{n}", indent + "        ")
                else:
                    own = _types_of(item)[0]
                    item_types = _type_source(own)
                    lines.append(f"{indent}        if {_type_test(f'i{n}', own, True, consts)}:")
                    lines.append(f"{indent}            return False")
            elif sub is not None:
                lines.append(f"{indent}if type({var}) is dict:")
                emit(sub, var, indent + "    ")
            if sub is not None:
                _model_source(sub, out, consts)
                nested = repr(sub.__name__)
            if m is model:
                rows.append(
                    f"    Field({fname!r}, {required}, {_type_source(types)}, "
                    f"{None if choices is None else tuple(choices)!r}, {non_empty}, "
                    f"{item_types}, {nested}),"
                )

    emit(model, "d", "        ")
    out[name] = [
        f"def check_{name}(d: Mapping[str, Any]) -> bool:",
        "    try:",
        *lines,
        "        return True",
        "    except TypeError:  # a list or a dict where a choice goes",
        "        return False",
        "",
        "",
        f"FIELDS_{name} = (",
        *rows,
        ")",
    ]


class _NoDoor(Exception):
    """A declaration the door's fast path does not derive (it always uses pydantic)."""


def _value_checks(
    var: str,
    types: Sequence[type],
    metadata: Sequence[Any],
    strip: bool,
    indent: str,
    fail: str,
) -> list[str]:
    """Source checking a str/int/list value ``var`` against a field's constraints, as the
    model would: fail (fall back to pydantic) where the model would change or refuse it."""
    lines: list[str] = []
    if strip and str in types:
        lines.append(
            f"{indent}if type({var}) is str and {var} "
            f"and ({var}[0].isspace() or {var}[-1].isspace()):"
        )
        lines.append(f"{indent}    {fail}")
    for meta in metadata:
        if isinstance(meta, (annotated_types.Ge, annotated_types.Le)) and int not in types:
            continue
        if isinstance(meta, AfterValidator) and str not in types:
            continue
        if isinstance(meta, annotated_types.MaxLen):
            test = f"type({var}) in (str, list) and len({var}) > {meta.max_length}"
        elif isinstance(meta, annotated_types.MinLen):
            test = f"type({var}) in (str, list) and len({var}) < {meta.min_length}"
        elif isinstance(meta, annotated_types.Ge):
            test = f"type({var}) is int and {var} < {meta.ge!r}"
        elif isinstance(meta, annotated_types.Le):
            test = f"type({var}) is int and {var} > {meta.le!r}"
        elif isinstance(meta, AfterValidator) and meta.func is _no_controls:
            test = f"type({var}) is str and first_control({var}) is not None"
        elif isinstance(meta, AfterValidator) and meta.func is _no_controls_in_note:
            test = f"type({var}) is str and first_control({var}, newline=True) is not None"
        elif getattr(meta, "pattern", None) is not None:
            test = f"{var} is not None"  # patterns: pydantic's own regex engine decides
        else:
            raise _NoDoor(repr(meta))
        lines.append(f"{indent}if {test}:")
        lines.append(f"{indent}    {fail}")
    return lines


def _door_source(model: type[BaseModel], out: dict[str, list[str]], consts: dict[str, str]) -> bool:
    """Add ``door_<Model>``: the model's dump of the given values when the model would
    take every value exactly as it is, else None. False if the model has none."""
    name = model.__name__
    if name in out:
        return bool(out[name])
    out[name] = []
    if (found := model.__pydantic_decorators__).field_validators or found.model_validators:
        return False
    strip = bool(model.model_config.get("str_strip_whitespace"))
    fail = "return None"
    lines, result = list[str](), list[str]()
    try:
        for n, (fname, info) in enumerate(model.model_fields.items()):
            if info.default_factory is not None:
                raise _NoDoor("default_factory")
            types, choices, item = _types_of(info.annotation)
            sub = item if isinstance(item, type) and issubclass(item, BaseModel) else None
            if dict in types and sub is None:
                raise _NoDoor("a plain dict")
            var = f"v{n}"
            default = "MISSING" if info.is_required() else repr(info.default)
            lines.append(f"        {var} = d.get({fname!r}, {default})")
            if info.is_required():
                lines += [f"        if {var} is MISSING:", f"            {fail}"]
            lines.append(f"        if {_type_test(var, types, True, consts)}:")
            lines.append(f"            {fail}")
            if choices is not None:
                options = ", ".join(repr(c) for c in choices)
                lines.append(f"        if {var} not in {{{options}}}:")
                lines.append(f"            {fail}")
            lines.extend(_value_checks(var, types, info.metadata, strip, "        ", fail))
            if list in types and item is not None:
                lines.append(f"        if type({var}) is list:")
                lines.append(f"            l{n} = []")
                lines.append(f"            for i{n} in {var}:")
                if sub is not None:
                    if not _door_source(sub, out, consts):
                        raise _NoDoor(sub.__name__)
                    lines.append(f"                if type(i{n}) is not dict:")
                    lines.append(f"                    {fail}")
                    lines.append(f"                i{n} = door_{sub.__name__}(i{n})")
                    lines.append(f"                if i{n} is None:")
                    lines.append(f"                    {fail}")
                else:
                    own = _types_of(item)[0]
                    lines.append(f"                if {_type_test(f'i{n}', own, True, consts)}:")
                    lines.append(f"                    {fail}")
                    item_meta = get_args(item)[1:] if get_origin(item) is Annotated else ()
                    lines.extend(
                        _value_checks(f"i{n}", own, item_meta, strip, "                ", fail)
                    )
                lines.append(f"                l{n}.append(i{n})")
                lines.append(f"            {var} = l{n}")
            elif sub is not None:
                if not _door_source(sub, out, consts):
                    raise _NoDoor(sub.__name__)
                lines.append(f"        if type({var}) is dict:")
                lines.append(f"            {var} = door_{sub.__name__}({var})")
                lines.append(f"            if {var} is None:")
                lines.append(f"                {fail}")
            result.append(f"{fname!r}: {var}")
    except _NoDoor:
        return False
    consts[f"KEYS_{name}"] = f"frozenset({' '.join(model.model_fields)!r}.split())"
    out[name] = [
        f"def door_{name}(d: Mapping[str, Any]) -> dict[str, Any] | None:",
        f"    if not d.keys() <= KEYS_{name}:",
        "        return None",
        "    try:",
        *lines,
        "        return {" + ", ".join(result) + "}",
        "    except TypeError:  # a list or a dict where a choice goes",
        "        return None",
    ]
    return True


def shapes_source() -> str:
    """The source of `judgetui.store.shapes`, generated from the declarations above."""
    out, doors, consts = dict[str, list[str]](), dict[str, list[str]](), dict[str, str]()
    models: list[type[BaseModel]] = [Envelope, *KINDS.values(), PenaltyRecord]
    for model in models[:-1]:
        _model_source(model, out, consts)
    for door_model in models[1:]:
        _door_source(door_model, doors, consts)
    parts = [
        '"""GENERATED from judgetui/store/entries.py: do not edit.',
        "",
        "Run ``python -m judgetui.store.entries`` after changing a declaration there;",
        "tests/test_store_entries.py fails while this file is not what it generates.",
        "The read path imports only this (no pydantic): see `judgetui.store.reading`.",
        '"""',
        "",
        "# ruff: noqa",
        "",
        "from collections.abc import Callable, Mapping",
        "from typing import Any, NamedTuple",
        "",
        "from judgetui.safe_text import first_control",
        "",
        "NoneType = type(None)",
        "MISSING: Any = object()",
        "Absent = type(MISSING)",
        *(f"{name} = {value}" for name, value in sorted(consts.items())),
        "",
        "",
        "class Field(NamedTuple):",
        '    """One declared field as reading checks it."""',
        "",
        "    name: str",
        "    required: bool",
        "    types: frozenset[type]",
        "    choices: tuple[object, ...] | None",
        "    non_empty: bool",
        "    item_types: frozenset[type] | None",
        "    model: str | None",
        "",
        "",
    ]
    for lines in out.values():
        parts.extend([*lines, "", ""])
    for lines in doors.values():
        if lines:
            parts.extend([*lines, "", ""])
    parts.append("CHECKS: dict[str, Callable[[Mapping[str, Any]], bool]] = {")
    parts.extend(f"    {name!r}: check_{name}," for name in out)
    parts.append("}")
    parts.append("FIELDS: dict[str, tuple[Field, ...]] = {")
    parts.extend(f"    {name!r}: FIELDS_{name}," for name in out)
    parts.append("}")
    parts.append("DOORS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any] | None]] = {")
    parts.extend(f"    {name!r}: door_{name}," for name, lines in doors.items() if lines)
    parts.append("}")
    parts.append("KINDS: dict[str, str] = {")
    parts.extend(f"    {kind!r}: {model.__name__!r}," for kind, model in KINDS.items())
    parts.append("}")
    return "\n".join(parts) + "\n"


SHAPES_PATH = Path(__file__).with_name("shapes.py")


if __name__ == "__main__":
    SHAPES_PATH.write_text(shapes_source(), encoding="utf-8")
    print(f"wrote {SHAPES_PATH}")
