"""Every kind of log entry, declared ONCE, as a frozen `msgspec.Struct`: the declaration is
the check, on write and on read.

Each shape below is the ``data`` of one entry kind (`KINDS`); `Envelope` is what every
entry carries around it (the store adds ``seq``, ``prev`` and ``hash``, which reading
leaves alone, as it does any field it does not know).

* **Write** (the door): `made` gives the shape of the given values, stripped, typed,
  bounded (the `msgspec.Meta` of each field), with no field the shape does not declare,
  and no control character in a name (`Text`) or a note (`Note`, which may hold a line
  break): the one place they are refused (`judgetui.safe_text`). A refusal is `Refused`,
  one field and one reason. `dumped` is the shape as JSON data; `judgetui.store.build`
  is the builders the service calls.
* **Read** (the fold): `judgetui.store.reading` converts a parsed entry into `Entry`, the
  tagged union of the kinds (by ``kind``), with `msgspec.convert`: every required field
  present, each of its type, each choice one of its `Literal` values, each bound held. A
  name with a control character is not refused there: the fold spells it out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union

import msgspec
from msgspec import Meta, Struct
from msgspec import inspect as shape_of

from judgetui.safe_text import refuse_controls, refuse_controls_in_note
from judgetui.store.limits import (
    EXTENSION_MAX,
    EXTENSION_MIN,
    GAME_MAX,
    GAME_MIN,
    TABLE_MAX,
    TABLE_MIN,
)

Role = Literal["head", "floor", "trainee"]
"""A trainee records as a floor judge does, but each record waits for the head judge."""
PlayerStatus = Literal["active", "ejected", "disqualified"]
ReviewAction = Literal["confirm", "upgrade", "dismiss"]
Applies = Literal["current", "next"]
Phase = Literal["main", "finals"]

Text = Annotated[str, Meta(extra={"text": "name"})]
"""A name (of an event, a judge, a player, an account): no control character at all."""
Note = Annotated[str, Meta(extra={"text": "note"})]
"""A judge's note: no control character but a line break (see `judgetui.safe_text`)."""

SCHEMA_VERSION = 1
PLAYER_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$"
PlayerId = Annotated[str, Meta(pattern=PLAYER_ID_PATTERN)]
NonEmpty = Annotated[str, Meta(min_length=1)]
Id = Annotated[str, Meta(min_length=1, max_length=64)]
Table = Annotated[int, Meta(ge=TABLE_MIN, le=TABLE_MAX)]
Game = Annotated[int, Meta(ge=GAME_MIN, le=GAME_MAX)]
Extension = Annotated[int, Meta(ge=EXTENSION_MIN, le=EXTENSION_MAX)]
Round = Annotated[int, Meta(ge=1)]
NoteText = Annotated[Note, Meta(max_length=2000)]
Reason = Annotated[Note, Meta(min_length=1, max_length=2000)]

#: What a refusal says of a pattern, by the pattern (else pydantic's own words).
_PATTERN_SAID = {PLAYER_ID_PATTERN: "a player id is 1–40 letters, digits, '.', '_' or '-'"}


class Refused(ValueError):
    """A value the declaration refuses at the door: the field (``records.0.points``) and
    why, in one line (``where: why``)."""

    key = "invalid_value"

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"{where}: {reason}" if where else reason)


class Shape(Struct, frozen=True, kw_only=True):
    """What every declared shape is: frozen, keyword-only (a field with a default may come
    before one without), stripped at the door unless it says otherwise."""

    strip: ClassVar[bool] = True

    def door(self) -> None:
        """What the door refuses beyond each field's own declaration (none by default)."""


class Judge(Shape, frozen=True, kw_only=True):
    name: Annotated[Text, Meta(min_length=1, max_length=60)]
    role: Role
    os_user: Annotated[Text, Meta(max_length=32)] | None = None


class Player(Shape, frozen=True, kw_only=True):
    id: PlayerId
    name: Annotated[Text, Meta(min_length=1, max_length=80)]
    reading: Annotated[Text, Meta(min_length=1, max_length=80)] | None = None
    """How the name is read (furigana or romaji): player searches match it too."""
    dci: Annotated[str, Meta(pattern=r"^[0-9]{1,12}$")] | None = None
    """The player's Wizards/DCI number, digits only."""
    table: Annotated[int, Meta(ge=1, le=99999)] | None = None
    """The table or seat the roster gave."""


class RulesText(Shape, frozen=True, kw_only=True):
    """The rules an event uses, kept in its log: the exact TOML text and its sha256.

    In ``event_created`` (the rules the event was made with) and in every
    ``rules_changed`` (the head judge's change). Not stripped: the text is kept to the
    byte, so its hash can be checked (given to `EventCreated` made, never as a dict).
    """

    strip: ClassVar[bool] = False

    text: Annotated[str, Meta(min_length=1, max_length=1_000_000)]
    sha256: Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")]


class EventCreated(Shape, frozen=True, kw_only=True):
    name: Annotated[Text, Meta(min_length=1, max_length=120)]
    rounds: Annotated[int, Meta(ge=1, le=30)] | None = None
    judges: Annotated[list[Judge], Meta(min_length=1)]
    bound: bool = False
    rules: RulesText | None = None
    """None only in event files written before events kept their rules (shipped rules)."""

    def door(self) -> None:
        if sum(j.role == "head" for j in self.judges) != 1:
            raise Refused("judges", "an event has exactly one head judge")
        names = [j.name.casefold() for j in self.judges]
        if len(names) != len(set(names)):
            raise Refused("judges", "two judges share a name")


class PenaltyRecord(Shape, frozen=True, kw_only=True):
    """One player's penalty from one incident, as written into the log."""

    id: NonEmpty
    player: str
    warning: str
    sanction: str | None = None
    penalty: str
    minimum: str
    recommended: str
    points: Annotated[int, Meta(ge=0)]
    status: Literal["pending", "issued"]
    applies: Applies | None = None
    minor: bool
    draft_only: bool = False
    investigation: bool = False
    supersedes: str | None = None


class IncidentRecorded(Shape, frozen=True, kw_only=True):
    incident: str
    infraction: str
    intentional: bool
    disruptive: bool
    flags: list[str] = []
    minutes_late: Annotated[int, Meta(ge=0, le=24 * 60)] | None = None
    note: NoteText = ""
    round: int
    phase: Phase
    records: Annotated[list[PenaltyRecord], Meta(min_length=1)]
    # The incident's context (issue 13): where it happened and what the table was given.
    table: Table | None = None
    game: Game | None = None
    opponent: PlayerId | None = None
    """Another player of the event at the table, linked to the incident, not penalised."""
    extension: Extension | None = None
    """A time extension, in minutes, given to the table."""
    duplicate_of: Id | None = None
    """The earlier record this one may duplicate, recorded anyway (the note says why)."""
    corrects: Id | None = None
    """The record this one puts right (voided just before, in the same write): the new
    record keeps its judge, time and witness notes (`judgetui correct`)."""
    happened_at: Annotated[str, Meta(pattern=r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")] | None = None
    """Entered later, from paper (`record --at`): when it happened; the entry's ``at``: when."""


class WitnessNoted(Shape, frozen=True, kw_only=True):
    """A second judge's report of an incident already recorded: a note, no penalty."""

    record: Id
    note: Reason
    table: Table | None = None
    game: Game | None = None
    opponent: PlayerId | None = None
    extension: Extension | None = None


class RecordReviewed(Shape, frozen=True, kw_only=True):
    record: str
    action: ReviewAction
    note: NoteText = ""
    replacement: PenaltyRecord | None = None
    minor: bool | None = None
    """On a confirm: the head judge's own "minor" for the record (None keeps it)."""


class DecisionMade(Shape, frozen=True, kw_only=True):
    player: str
    penalty: str
    points: int
    phase: Phase
    round: int
    strong_cheating: bool = False
    applies: Applies | None = None
    note: NoteText = ""


class CautionGiven(Shape, frozen=True, kw_only=True):
    """A Caution, counted for statistics without a name (RULINGS §1)."""

    incident: str
    infraction: str
    round: int
    # An incident with no record (every player cautioned) keeps its context here: the
    # time extension given to the table still reaches the round list.
    table: Table | None = None
    game: Game | None = None
    extension: Extension | None = None


class RecordVoided(Shape, frozen=True, kw_only=True):
    """The head judge voids a record made in error; it stays in the log, marked voided."""

    record: NonEmpty
    note: Reason


class DecisionVoided(Shape, frozen=True, kw_only=True):
    """The head judge voids a three-warning decision made in error."""

    decision: NonEmpty
    note: Reason


class ScorekeeperEntered(Shape, frozen=True, kw_only=True):
    """The head judge marks round-list items as entered by the scorekeeper: record ids,
    decision ids, ``ext:<incident>`` for a time extension (see `judgetui.report_texts`)."""

    items: Annotated[list[Text], Meta(min_length=1, max_length=1000)]
    round: Round


class InvestigationClosed(Shape, frozen=True, kw_only=True):
    """The head judge closes the investigation a record (a Triple Warning) opened."""

    record: Annotated[Text, Meta(min_length=1)]
    finding: Annotated[Note, Meta(min_length=1, max_length=4000)]


class RoundSet(Shape, frozen=True, kw_only=True):
    """The head judge sets the current round."""

    round: Round


class RoundsSet(Shape, frozen=True, kw_only=True):
    """The head judge changes the number of rounds after set-up."""

    rounds: Round


class FinalsEntered(Shape, frozen=True, kw_only=True):
    """The event enters its final rounds (in the round it was in)."""

    round: int = 0


class EventTakenOver(Shape, frozen=True, kw_only=True):
    """The head judge makes a standby copy the event of record: the copy (its mark's
    id), where it was pulled from and when, and the old station's last head."""

    copy_id: Annotated[Text, Meta(min_length=1, max_length=64)]
    source: Annotated[Text, Meta(max_length=2000)]
    pulled_at: Annotated[Text, Meta(max_length=40)]
    previous_head: Annotated[Text, Meta(min_length=64, max_length=64)]


class PlayersImported(Shape, frozen=True, kw_only=True):
    """Players added to (or renamed on) the roster."""

    players: list[Player]


class Pairing(Shape, frozen=True, kw_only=True):
    """One match of a round: a table and its two players (no opponent: a bye)."""

    table: Table | None = None
    player: PlayerId
    opponent: PlayerId | None = None


class PairingsImported(Shape, frozen=True, kw_only=True):
    """A round's tables from the pairings software: they replace that round's earlier
    pairings (each player at most once; every player on the roster)."""

    round: Round
    pairings: Annotated[list[Pairing], Meta(max_length=20_000)]


class EventNoted(Shape, frozen=True, kw_only=True):
    """An event note (`judgetui note`): about the event, no player; the entry says who, when."""

    text: Reason
    table: Table | None = None


class EarlierEventsSet(Shape, frozen=True, kw_only=True):
    """The head judge names the files of earlier events whose records the station shows
    beside a player's (information only: nothing in them counts here). Empty: none."""

    files: Annotated[list[Text], Meta(max_length=20)]


class Envelope(Struct, frozen=True, kw_only=True, tag_field="kind"):
    """What every entry carries around its ``data`` (its ``kind`` is the tag of `Entry`)."""

    at: NonEmpty
    judge: str | None = None
    os_user: str | None = None
    client: str | None = None


#: The declaration of each entry kind's ``data``.
KINDS: dict[str, type[Shape]] = {
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

#: Each kind's entry: the envelope, tagged by ``kind``, around that kind's data.
ENTRIES: dict[str, type[Struct]] = {
    kind: msgspec.defstruct(
        f"{shape.__name__}Entry", [("data", shape)], bases=(Envelope,), tag=kind, frozen=True
    )
    for kind, shape in KINDS.items()
}
#: One entry, of any kind (a reader that knows the kind converts to `ENTRIES`' own: msgspec
#: keeps a Struct's converter, not a union's).
Entry: Any = Union[tuple(ENTRIES.values())]  # noqa: UP007 (a union made of a tuple of types)


# --------------------------------------------------------------------------- write

S = TypeVar("S", bound=Shape)


def _stripped(value: Any) -> Any:
    if type(value) is str:
        return value.strip()
    if type(value) is dict:
        return {key: _stripped(item) for key, item in value.items()}
    if type(value) is list:
        return [_stripped(item) for item in value]
    return value  # a number, a choice, or a shape already made


@cache
def _texts(shape: type[Struct]) -> dict[str, tuple[bool | None, type[Struct] | None]]:
    """The fields of ``shape`` to look into for control characters: for each, whether it
    is a note (a line break allowed; None: not a text) and the shape it holds, if any."""
    found: dict[str, tuple[bool | None, type[Struct] | None]] = {}
    info = shape_of.type_info(shape)
    assert isinstance(info, shape_of.StructType)
    for field in info.fields:
        kinds: set[str | None] = set()
        nested: type[Struct] | None = None
        todo = [field.type]
        while todo:
            item = todo.pop()
            if isinstance(item, shape_of.Metadata):
                kinds.add((item.extra or {}).get("text"))
                todo.append(item.type)
            elif isinstance(item, shape_of.UnionType):
                todo.extend(item.types)
            elif isinstance(item, shape_of.ListType):
                todo.append(item.item_type)
            elif isinstance(item, shape_of.StructType):
                nested = item.cls
        kinds.discard(None)
        if kinds or nested is not None:
            found[field.name] = ("note" in kinds if kinds else None, nested)
    return found


def _no_controls(value: Struct, where: str) -> None:
    """Refuse a control character in any name or note of ``value`` (the one place)."""
    for name, (note, nested) in _texts(type(value)).items():
        field = getattr(value, name)
        items = field if type(field) is list else [field]
        for index, item in enumerate(items):
            place = f"{where}{name}" + (f".{index}" if field is items else "")
            if type(item) is str and note is not None:
                try:
                    (refuse_controls_in_note if note else refuse_controls)(item)
                except ValueError as exc:
                    raise Refused(place, str(exc)) from None
            elif nested is not None and isinstance(item, Struct):
                _no_controls(item, f"{place}.")


def made(shape: type[S], fields: Mapping[str, Any], *, strict: bool = True) -> S:
    """``fields`` as ``shape``: stripped, typed, bounded, no undeclared field, no control
    character; `Refused` naming the first field that is not. ``strict=False`` reads a
    number from its digits (a roster's cell)."""
    unknown = [key for key in fields if key not in shape.__struct_fields__]
    if unknown:
        raise Refused(str(unknown[0]), "Extra inputs are not permitted")
    given = _stripped(dict(fields)) if shape.strip else fields
    try:
        value = msgspec.convert(given, shape, strict=strict)
    except msgspec.ValidationError as exc:
        raise Refused(*_door_words(str(exc))) from None
    _no_controls(value, "")
    value.door()
    return value


def dumped(value: Struct) -> dict[str, Any]:
    """A shape as the JSON data of an entry (every field, defaults too, in declared order)."""
    data: dict[str, Any] = msgspec.to_builtins(value)
    return data


# --------------------------------------------------------------------------- refusals

_PLACE = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_BOUND = re.compile(r"Expected `(?P<type>str|array|int)` (?:of length )?(?P<op>>=|<=) (?P<n>\d+)$")
_WORDS = {
    ("str", ">="): "String should have at least {n} character",
    ("str", "<="): "String should have at most {n} character",
    ("array", ">="): "List should have at least {n} item",
    ("array", "<="): "List should have at most {n} item",
    ("int", ">="): "Input should be greater than or equal to {n}",
    ("int", "<="): "Input should be less than or equal to {n}",
}


def place(message: str) -> tuple[str, list[str | int]]:
    """A msgspec refusal's words and where it is, as the steps of its path."""
    found = _PLACE.match(message)
    assert found is not None  # (the pattern matches any text)
    steps: list[str | int] = [
        name if name else int(index) for name, index in _STEP.findall(found["path"] or "")
    ]
    return found["what"], steps


def _door_words(message: str) -> tuple[str, str]:
    """A msgspec refusal as the door says it: the field, and pydantic's words for a bound
    (``String should have at least 1 character``), a pattern's own meaning."""
    what, steps = place(message)
    missing = re.match(r"Object missing required field `(.*)`$", what)
    if missing:
        return ".".join(map(str, [*steps, missing[1]])), "Field required"
    bound = _BOUND.match(what)
    if bound:
        words = _WORDS[bound["type"], bound["op"]].format(n=bound["n"])
        if bound["type"] != "int" and bound["n"] != "1":
            words += "s"
        what = words
    pattern = re.match(r"Expected `str` matching regex '(.*)'$", what)
    if pattern:
        what = _PATTERN_SAID.get(pattern[1], f"String should match pattern '{pattern[1]}'")
    return ".".join(map(str, steps)), what
