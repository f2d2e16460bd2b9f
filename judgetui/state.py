"""The current state of an event, derived from its append-only log.

Nothing is edited in place in the file: a review or decision is a new entry that
supersedes. `EventState.apply` folds one entry at a time, so the station can follow
another judge's writes by applying only the entries it has not seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from judgetui import engine
from judgetui.engine import Decision, PastPenalty, Phase
from judgetui.rules import Rules

QueueKind = Literal["notice", "request", "decision"]


class MalformedLog(ValueError):
    """An entry that parses as JSON but is not an entry judgetui wrote."""


@dataclass(slots=True)
class JudgeState:
    name: str
    role: str
    os_user: str | None


@dataclass(slots=True)
class RecordState:
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


@dataclass(slots=True)
class DecisionState:
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


@dataclass(slots=True)
class PlayerState:
    id: str
    name: str
    status: str = "active"
    records: list[str] = field(default_factory=list)
    decisions: list[DecisionState] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class QueueItem:
    id: str
    kind: QueueKind
    player: str
    penalty: str
    infraction: str | None
    judge: str | None
    at: str


@dataclass(slots=True)
class EventState:
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
    cautions: int = 0
    count: int = 0
    head: str = ""
    _points: dict[str, int] = field(default_factory=dict)

    # -- folding -------------------------------------------------------------

    @classmethod
    def fold(cls, rules: Rules, entries: Iterable[Mapping[str, Any]]) -> EventState:
        state = cls(rules)
        for entry in entries:
            state.apply(entry)
        return state

    def apply(self, entry: Mapping[str, Any]) -> None:
        try:
            self._apply(entry)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            seq = entry.get("seq", "?") if isinstance(entry, Mapping) else "?"
            raise MalformedLog(
                f"log entry {seq} is malformed ({type(exc).__name__}: {exc})"
            ) from exc
        self.count += 1
        self.head = str(entry.get("hash", ""))

    def _apply(self, entry: Mapping[str, Any]) -> None:
        kind = entry["kind"]
        data = entry["data"]
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            raise ValueError(f"unknown kind {kind!r}")
        handler(entry, data)

    def _on_event_created(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.name = data["name"]
        self.rounds = data.get("rounds")
        self.bound = bool(data.get("bound", False))
        self.created_at = entry["at"]
        for judge in data["judges"]:
            self.judges[judge["name"]] = JudgeState(
                judge["name"], judge["role"], judge.get("os_user")
            )

    def _on_judge_added(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.judges[data["name"]] = JudgeState(data["name"], data["role"], data.get("os_user"))

    def _on_round_set(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.round = int(data["round"])

    def _on_finals_entered(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.phase = "finals"
        self._points.clear()

    def _on_players_imported(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        for player in data["players"]:
            existing = self.players.get(player["id"])
            if existing is None:
                self.players[player["id"]] = PlayerState(player["id"], player["name"])
            else:
                existing.name = player["name"]

    def _on_caution_given(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.cautions += 1

    def _on_incident_recorded(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        judge = entry.get("judge") or ""
        role = self.judges[judge].role if judge in self.judges else "floor"
        for rec in data["records"]:
            record = RecordState(
                id=rec["id"],
                incident=data["incident"],
                player=rec["player"],
                infraction=data["infraction"],
                warning=rec["warning"],
                sanction=rec.get("sanction"),
                penalty=rec["penalty"],
                minimum=rec["minimum"],
                recommended=rec["recommended"],
                points=int(rec["points"]),
                status=rec["status"],
                applies=rec.get("applies"),
                minor=bool(rec["minor"]),
                draft_only=bool(rec.get("draft_only", False)),
                investigation=bool(rec.get("investigation", False)),
                intentional=bool(data["intentional"]),
                disruptive=bool(data["disruptive"]),
                flags=tuple(data.get("flags", ())),
                minutes_late=data.get("minutes_late"),
                judge=judge,
                judge_role=role,
                round=int(data["round"]),
                phase=data["phase"],
                at=entry["at"],
                note=data.get("note", ""),
                seq=int(entry["seq"]),
                reviewed=role == "head",
            )
            self._add_record(record)

    def _add_record(self, record: RecordState) -> None:
        self.records[record.id] = record
        self.players[record.player].records.append(record.id)
        self._points.pop(record.player, None)
        if record.status == "issued":
            self._sanction_status(record.player, record.sanction)

    def _on_record_reviewed(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        record = self.records[data["record"]]
        action = data["action"]
        record.reviewed = True
        record.reviewed_by = entry.get("judge")
        record.review_note = data.get("note", "")
        self._points.pop(record.player, None)
        if action == "confirm":
            record.status = "issued"
            self._sanction_status(record.player, record.sanction)
        elif action == "dismiss":
            record.status = "dismissed"
        else:
            rep = data["replacement"]
            record.status = "superseded"
            new = RecordState(
                **{
                    **{f: getattr(record, f) for f in RecordState.__slots__},
                    "id": rep["id"],
                    "warning": rep["warning"],
                    "sanction": rep.get("sanction"),
                    "penalty": rep["penalty"],
                    "points": int(rep["points"]),
                    "status": rep["status"],
                    "applies": rep.get("applies"),
                    "minor": bool(rep["minor"]),
                    "investigation": bool(rep.get("investigation", False)),
                    "supersedes": record.id,
                    "seq": int(entry["seq"]),
                    "at": entry["at"],
                    "reviewed": True,
                    "reviewed_by": entry.get("judge"),
                    "review_note": data.get("note", ""),
                }
            )
            self._add_record(new)

    def _on_decision_made(self, entry: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        decision = DecisionState(
            player=data["player"],
            penalty=data["penalty"],
            points=int(data["points"]),
            phase=data["phase"],
            round=int(data["round"]),
            judge=entry.get("judge") or "",
            at=entry["at"],
            note=data.get("note", ""),
            applies=data.get("applies"),
            seq=int(entry["seq"]),
        )
        self.players[decision.player].decisions.append(decision)
        self._sanction_status(decision.player, decision.penalty)

    def _sanction_status(self, player: str, sanction: str | None) -> None:
        state = self.players[player]
        if sanction == "disqualification":
            state.status = "disqualified"
        elif sanction == "ejection" and state.status == "active":
            state.status = "ejected"

    # -- queries ---------------------------------------------------------------

    def head_judge(self) -> JudgeState | None:
        return next((j for j in self.judges.values() if j.role == "head"), None)

    def head_judge_name(self) -> str | None:
        head = self.head_judge()
        return head.name if head else None

    def history(self, player: str) -> list[RecordState]:
        """Every record of the player, oldest first, superseded ones included."""
        return [self.records[r] for r in self.players[player].records]

    def past(self, player: str) -> list[PastPenalty]:
        """The player's records as the engine reads them (superseded versions left out)."""
        return [r.past() for r in self.history(player) if r.status != "superseded"]

    def points(self, player: str) -> int:
        cached = self._points.get(player)
        if cached is None:
            cached = engine.warning_points(self.rules, self.past(player), self.phase)
            self._points[player] = cached
        return cached

    def decision_owed(self, player: str, *, strong_cheating: bool = False) -> Decision | None:
        """The three-warning decision the head judge still owes for this player, if any."""
        state = self.players[player]
        if state.status != "active":
            return None
        points = self.points(player)
        if points < self.rules.three_warnings.threshold:
            return None
        taken = [d for d in state.decisions if d.phase == self.phase and d.points >= points]
        if taken:
            return None
        return engine.decision(
            self.rules, self.past(player), self.phase, strong_cheating=strong_cheating
        )

    def queue(self) -> list[QueueItem]:
        """What waits for the head judge, oldest first."""
        items: list[QueueItem] = []
        for record in self.records.values():
            if record.status == "pending":
                kind: QueueKind = "request"
            elif record.status == "issued" and not record.reviewed and record.warning == "notice":
                kind = "notice"
            else:
                continue
            items.append(
                QueueItem(
                    record.id,
                    kind,
                    record.player,
                    record.penalty,
                    record.infraction,
                    record.judge,
                    record.at,
                )
            )
        for player in self.players.values():
            if player.records and (owed := self.decision_owed(player.id)) is not None:
                last = self.records[player.records[-1]]
                items.append(
                    QueueItem(
                        f"decide:{player.id}",
                        "decision",
                        player.id,
                        owed.required or owed.default,
                        None,
                        None,
                        last.at,
                    )
                )
        items.sort(key=lambda item: item.at)
        return items
