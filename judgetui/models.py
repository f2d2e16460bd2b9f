"""What an event holds, as pydantic models: validated where data comes in.

Data read back from the event file is trusted (it went through these models when it
was written and the log is hash-chained), so the derived state in `judgetui.state`
uses `model_construct`-free plain dataclasses for speed; these models guard the doors:
event creation, player import, and every entry the service writes.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from judgetui.safe_text import refuse_controls, refuse_controls_in_note


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


Role = Literal["head", "floor"]
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
#: The bounds of an incident's context (`judgetui.payloads` holds the same numbers).
TABLE_MIN, TABLE_MAX = 1, 10_000
GAME_MIN, GAME_MAX = 1, 9
EXTENSION_MIN, EXTENSION_MAX = 1, 60


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)


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

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

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

    id: str
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
