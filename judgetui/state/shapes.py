"""The shapes of an event's state: judges, players, records, decisions, queue items.

Plain `msgspec.Struct` classes (made at import ~50 times faster than dataclasses, and
built faster too): the fold (`judgetui.state.fold`) makes ~30,000 of them for a
10,000-record event, and every face reads them (`judgetui.state` re-exports each name).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from msgspec import Struct, field

from judgetui.engine import PastPenalty, Phase
from judgetui.rules import Rules

QueueKind = Literal["notice", "request", "decision"]
QueueGroup = Literal["decision", "cheating", "investigation", "request", "notice"]
#: The order the head judge sees the queue in (issue 11 item 6, issue 26 item 7):
#: decisions owed, then suspected or believed cheating, then Triple Warnings
#: (investigations), then the floor judges' requests (warnings and above waiting for the
#: head judge), then Notices; oldest first within each.
QUEUE_ORDER: tuple[QueueGroup, ...] = ("decision", "cheating", "investigation", "request", "notice")
#: The upgrade answers (rules.toml ``[upgrades.*]``) that say the judge suspects or
#: believes the player cheated, and the infraction that names it.
CHEATING_FLAGS = frozenset({"suspected_cheating", "strong_cheating"})
CHEATING_INFRACTION = "cheating"

#: The shortest id prefix `find` accepts for a record or a decision.
MIN_PREFIX = 6
#: The shortest prefix a report prints of an id (`judgetui.state.queries.short_id`): CLI.md
#: lets reports shorten ids to a unique prefix of at least 8 characters.
SHORT_ID = 8


class MalformedLog(ValueError):
    """An entry that parses as JSON but is not an entry judgetui wrote."""


class JudgeState(Struct):
    name: str
    role: str
    os_user: str | None


class WitnessNote(Struct, frozen=True):
    """Another judge's report of a recorded incident (``witness_noted``): no penalty."""

    judge: str
    at: str
    note: str
    seq: int
    table: int | None = None
    game: int | None = None
    opponent: str | None = None
    extension: int | None = None
    os_user: str | None = None
    client: str | None = None


class RecordState(Struct):
    """One penalty record as it stands now (a superseded one keeps its last status)."""

    id: str
    incident: str
    player: str
    infraction: str
    warning: str
    sanction: str | None
    penalty: str
    minimum: str
    recommended: str
    points: int
    status: str
    applies: str | None
    minor: bool
    draft_only: bool
    investigation: bool
    intentional: bool
    disruptive: bool
    flags: tuple[str, ...]
    minutes_late: int | None
    judge: str
    judge_role: str
    round: int
    phase: Phase
    at: str
    note: str
    seq: int
    supersedes: str | None = None
    reviewed: bool = False
    reviewed_by: str | None = None
    review_note: str = ""
    voided_by: str | None = None
    void_note: str = ""
    voided_at: str | None = None
    voided_status: str | None = None
    """The status the record had when the head judge voided it."""
    #: The OS account and SSH client address of the process that wrote the record (its
    #: log entry's ``os_user`` / ``client``): who really acted, whatever ``judge`` says.
    os_user: str | None = None
    client: str | None = None
    reviewed_os_user: str | None = None
    reviewed_client: str | None = None
    reviewed_at: str | None = None
    review_action: str | None = None
    """When and how the head judge reviewed it (its ``record_reviewed`` entry), for reports."""
    # The incident's context (issue 13), None when the judge did not give it.
    table: int | None = None
    game: int | None = None
    opponent: str | None = None
    extension: int | None = None
    duplicate_of: str | None = None
    """The earlier record this one may duplicate: the judge recorded it anyway."""
    witnesses: tuple[WitnessNote, ...] = ()
    """Other judges' reports of the same incident, oldest first."""
    requested: bool = False
    """Written as "pending": a floor judge's request for the head judge to issue it."""
    happened_at: str | None = None
    """Entered later, from paper (`record --at --entered-late`): when it happened; ``at``
    is when it was entered. Lists order it by when it happened (`happened`)."""
    corrects: str | None = None
    """The record this one puts right (voided by the same act, `judgetui correct`): it
    keeps that record's judge, time and witness notes."""
    trainee: str | None = None
    """The trainee who recorded it, when the head judge confirmed or upgraded it (or put
    it right): it is then the head judge's call, and ``judge`` names the head judge."""

    @property
    def happened(self) -> str:
        """When it happened: ``happened_at`` for a record entered later, else ``at``."""
        return self.at if self.happened_at is None else self.happened_at

    def past(self) -> PastPenalty:
        return PastPenalty(
            infraction=self.infraction,
            warning=self.warning,
            sanction=self.sanction,
            phase=self.phase,
            status=self.status,  # type: ignore[arg-type]
            intentional=self.intentional,
            minor=self.minor,
            draft_only=self.draft_only,
            strong_cheating="strong_cheating" in self.flags,
        )


class CautionExtension(Struct, frozen=True):
    """A time extension given to a table with a Caution (``caution_given``): no record
    holds it, since a Caution is not stored against the player, but the scorekeeper
    still gives the table its minutes."""

    incident: str
    round: int
    minutes: int
    table: int | None
    game: int | None
    seq: int


class DecisionState(Struct):
    player: str
    penalty: str
    points: int
    phase: Phase
    round: int
    judge: str
    at: str
    note: str
    applies: str | None
    seq: int
    id: str = ""
    voided_by: str | None = None
    void_note: str = ""
    voided_at: str | None = None
    reopened_by: str | None = None
    """A record this decision rested on that was voided later: the decision is open again."""
    os_user: str | None = None
    client: str | None = None

    @property
    def standing(self) -> bool:
        """Neither voided nor reopened: it still decides the player's three warnings."""
        return self.voided_by is None and self.reopened_by is None


def decision_id(seq: int) -> str:
    """A decision's id, for `judgetui void`: from the sequence number of its log entry,
    which the hash chain fixes once written (so every station names it alike)."""
    return f"decision-{seq}"


class PlayerState(Struct):
    id: str
    name: str
    status: str = "active"
    records: list[str] = field(default_factory=list)
    decisions: list[DecisionState] = field(default_factory=list)
    reading: str | None = None
    """How the name is read (furigana or romaji), from the roster; searched with the name."""
    dci: str | None = None
    table: int | None = None


class Seat(Struct, frozen=True):
    """Where a player sits in one round, from that round's pairings (``pairings_imported``):
    the table (None: not given, as for a bye) and the opponent (None: a bye)."""

    table: int | None
    opponent: str | None


class QueueItem(Struct, frozen=True):
    id: str
    kind: QueueKind
    player: str
    penalty: str
    infraction: str | None
    judge: str | None
    at: str
    group: QueueGroup = "notice"
    """Why it stands where it does in the queue (`QUEUE_ORDER`)."""

    def waiting_seconds(self, now: datetime) -> int:
        """How long this has waited for the head judge at ``now``, in whole seconds: since
        the record it comes from was made (a decision owed: the player's latest record).
        Never below 0, should another station's clock run ahead; 0 for a time that
        cannot be read. The dashboard's "Waiting" and ``queue --json``'s ``waiting_s``."""
        try:
            landed = datetime.fromisoformat(self.at.replace("Z", "+00:00"))
        except ValueError:
            return 0
        if landed.tzinfo is None:
            landed = landed.replace(tzinfo=UTC)
        return max(0, int((now - landed).total_seconds()))


class EventNote(Struct, frozen=True):
    """A judge's note about the event, naming no player (``event_noted``, `judgetui note`):
    the round it was written in and, if given, the table."""

    judge: str
    at: str
    text: str
    round: int
    seq: int
    table: int | None = None


class Mark(Struct, frozen=True):
    """Who did something to an item and when: a scorekeeper's "entered", a closed
    investigation (with the head judge's finding)."""

    judge: str
    at: str
    text: str = ""


#: Warnings that do not stay on the official record after the event.
UNOFFICIAL = ("notice", "caution")


def on_record(record: RecordState) -> bool:
    """Whether the record is a penalty that stays on the official record: issued (not
    pending, dismissed, superseded by its upgrade, or voided) and not a bare Notice or
    Caution (a Notice that carries a game loss keeps its loss on the record)."""
    return record.status == "issued" and (
        record.warning not in UNOFFICIAL or record.sanction is not None
    )


class PenaltyCounts(Struct, frozen=True):
    """How many penalties that stay on the record (`on_record`) were given, by the round
    they were recorded in and their infraction (`judgetui.state.queries.penalty_counts`)."""

    cells: dict[tuple[int, str], int]
    """(round, infraction key) → penalties."""

    def by_round(self) -> dict[int, int]:
        """Penalties per round, oldest round first."""
        out: dict[int, int] = {}
        for (number, _key), n in sorted(self.cells.items()):
            out[number] = out.get(number, 0) + n
        return out

    def by_infraction(self, number: int | None = None) -> dict[str, int]:
        """Penalties per infraction (in round ``number`` only, when given), most first."""
        out: dict[str, int] = {}
        for (at, key), n in self.cells.items():
            if number is None or at == number:
                out[key] = out.get(key, 0) + n
        return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


#: The prefix of a round list's time-extension item: ``ext:<incident id>``.
EXTENSION_ITEM = "ext:"


class EventFields(Struct):
    """What `judgetui.state.event.EventState` holds: the fold writes these fields and the
    queries read them, so they take this class and not that one, whose methods call them."""

    rules: Rules
    name: str = ""
    rounds: int | None = None
    round: int = 1
    phase: Phase = "main"
    bound: bool = False
    created_at: str = ""
    judges: dict[str, JudgeState] = field(default_factory=dict)
    players: dict[str, PlayerState] = field(default_factory=dict)
    records: dict[str, RecordState] = field(default_factory=dict)
    decisions: dict[str, DecisionState] = field(default_factory=dict)
    cautions: int = 0
    caution_extensions: dict[str, CautionExtension] = field(default_factory=dict)
    """Time extensions given with a Caution, by incident id (the round list shows them)."""
    count: int = 0
    head: str = ""
    rules_stored: bool = False
    """Whether the log keeps its rules (False: an older file, folded with the shipped rules)."""
    entered: dict[str, Mark] = field(default_factory=dict)
    """Round-list items the head judge marked as entered by the scorekeeper (by item id)."""
    closed_investigations: dict[str, Mark] = field(default_factory=dict)
    """Investigations the head judge closed, by the id of the record that opened them."""
    taken_over: dict[str, Mark] = field(default_factory=dict)
    """Standby copies the head judge made the event of record, by the copy's id (the
    mark's ``text``: the old station's last head)."""
    pairings: dict[int, dict[str, Seat]] = field(default_factory=dict)
    """Each round's pairings, by round, then by player (both players of each match)."""
    earlier_events: tuple[str, ...] = ()
    """The earlier events' files the head judge named (`judgetui.earlier`: never counted)."""
    notes: list[EventNote] = field(default_factory=list)
    """The judges' event notes (`judgetui note`), oldest first."""
    _points: dict[str, int] = field(default_factory=dict)
    _kind_keys: tuple[frozenset[str], frozenset[str]] | None = None
    _sorted_ids: tuple[tuple[int, int], tuple[str, ...], tuple[str, ...]] | None = None
