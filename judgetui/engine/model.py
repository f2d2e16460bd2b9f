"""Plain data the engine reads and returns. No Textual, no TinyDB, no files."""

from __future__ import annotations

from typing import Literal, Protocol

from msgspec import Struct, field

Phase = Literal["main", "finals"]
RecordStatus = Literal["pending", "issued", "dismissed", "superseded", "voided"]


class Outcome(Struct, frozen=True):
    """A penalty: a warning level, and at most one sanction (the chart's 警２ + マ敗)."""

    warning: str
    sanction: str | None = None

    @property
    def headline(self) -> str:
        """The one key that names this penalty: the sanction if any, else the warning."""
        return self.sanction or self.warning


class Situation(Struct, frozen=True):
    """What the judge answered about one infraction, for one player."""

    intentional: bool
    disruptive: bool
    infraction: str | None = None
    flags: frozenset[str] = frozenset()
    minutes_late: int | None = None
    phase: Phase = "main"


class PastPenalty(Struct, frozen=True):
    """One stored penalty record of a player, as the engine needs to see it."""

    infraction: str
    warning: str
    sanction: str | None
    phase: Phase
    status: RecordStatus
    intentional: bool
    minor: bool
    draft_only: bool = False
    strong_cheating: bool = False


class Counted(Protocol):
    """What counting a warning reads of a record (`warnings.warning_points`): a
    `PastPenalty`, or any record with these fields, such as the folded state's own.

    The station counts every player's points as it opens (the dashboard's order, the
    queue's decisions owed); making a `PastPenalty` of each of their records first was
    two thirds of that (issue 14: ~14 of 21 ms at 10,000 records).
    """

    @property
    def infraction(self) -> str: ...

    @property
    def warning(self) -> str: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def status(self) -> str: ...

    @property
    def draft_only(self) -> bool: ...


class Reason(Struct, frozen=True):
    """Why the minimum or recommendation is what it is.

    ``rule`` is a stable id (``category``, ``upgrade.serious_advantage``,
    ``history.repeat`` …); ``source`` is the citation from rules.toml; ``detail`` carries
    the value that triggered it (an infraction key, minutes late). Display text is made
    from these by the faces, in the judge's language.
    """

    rule: str
    raises_to: str
    source: str
    detail: str = ""
    binding: bool = False


class Classification(Struct, frozen=True):
    minimum: Outcome
    recommended: Outcome
    reasons: tuple[Reason, ...]
    category: str
    investigation: bool = False
    every_player: bool = False
    draft_only: bool = False
    minor: bool = False
    sanction_applies: Literal["current", "next"] | None = None


class OptionVerdict(Struct, frozen=True):
    """One three-warning option: whether the head judge may choose it, and why (not)."""

    key: str
    allowed: bool
    why: str
    failed: tuple[str, ...] = ()


class Decision(Struct, frozen=True):
    """The three-warning decision the head judge owes for one player."""

    points: int
    options: tuple[OptionVerdict, ...]
    default: str
    required: str | None
    counted: int = 0

    @property
    def allowed(self) -> list[str]:
        return [o.key for o in self.options if o.allowed]


class Preview(Struct, frozen=True):
    """What recording a penalty will cause for one player."""

    points_before: int
    points_after: int
    decision_owed: bool
    ejection_forced: bool
    counts: bool
    notes: tuple[str, ...] = field(default=())
