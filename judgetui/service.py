"""The use cases: record, review, decide, change round, enter finals, import, export.

The one place where a judge's authority is checked. Both faces — the station and the
command line — call this; neither decides a penalty nor writes the file itself.
Every use case is planned against the state *inside* the store's lock, so two judges
acting at once both see each other's writes, and a refused act writes nothing.
"""

from __future__ import annotations

import sys
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal, cast

from judgetui import after_ejection, engine, text
from judgetui.engine import Classification, Outcome, Situation, sanction_applies
from judgetui.i18n import N_, _
from judgetui.identity import Caller, current_caller
from judgetui.rules import SITUATION_FLAGS, WARNING, Rules, RulesSource, shipped_rules, source_of
from judgetui.safe_text import refuse_controls_in_note
from judgetui.state import (
    EXTENSION_ITEM,
    EventState,
    JudgeState,
    MalformedLog,
    QueueItem,
    RecordState,
)
from judgetui.store import EventFile, EventFileError, FileStamp, Snapshot, limits
from judgetui.store import build as declared

if TYPE_CHECKING:
    from pydantic import ValidationError

    from judgetui.models import EventCreated, Judge, Player

# Every entry's data is built by its one declaration in `judgetui.store.entries`, through
# `judgetui.store.build` (imported as ``declared``): recording a penalty needs no pydantic.

Entry = dict[str, Any]
Clock = Callable[[], datetime]
IdFactory = Callable[[], str]


class BadInput(ValueError):
    """Unknown player, infraction, penalty or judge; a choice the rules do not allow."""


class NotPermitted(PermissionError):
    """The acting judge's role (or OS account) does not allow this act."""


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return str(uuid.uuid4())


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class _NoValidationError(Exception):
    """Stands for pydantic's ValidationError while pydantic is not loaded (none was raised)."""


def _validation_error() -> type[ValidationError]:
    """pydantic's ValidationError if pydantic is loaded, for ``except`` clauses."""
    module = sys.modules.get("pydantic_core")
    error = module.ValidationError if module else _NoValidationError
    return cast("type[ValidationError]", error)


def _validation_line(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"{where}: {msg}" if where else msg


def floor_record_status(rules: Rules, outcome: Outcome) -> Literal["issued", "pending", "request"]:
    """What a floor judge's record of ``outcome`` becomes (RULINGS §1 "who may issue it").

    "issued" (a Notice: given at once, reported through the queue), "pending" (a Single
    Warning: counts once the head judge confirms it) or "request" (only the head judge
    may issue it: the floor judge can only ask).
    """
    issuers = {rules.penalties[outcome.warning].issuer}
    if outcome.sanction:
        issuers.add(rules.penalties[outcome.sanction].issuer)
    if "head" in issuers:
        return "request"
    return "pending" if "head_confirms" in issuers else "issued"


def waits_in_queue(record: RecordState) -> bool:
    """A record the head judge has still to look at: a request, or an unreviewed Notice."""
    return record.status == "pending" or (
        record.status == "issued" and not record.reviewed and record.warning == "notice"
    )


@dataclass(frozen=True)
class RecordRequest:
    """What a judge wants recorded: one incident, one or more players."""

    players: Sequence[str]
    infraction: str
    intentional: bool
    disruptive: bool
    flags: frozenset[str] = frozenset()
    minutes_late: int | None = None
    note: str = ""
    penalty: str | None = None
    request: bool = False
    """A floor judge asks the head judge to issue a penalty only the head judge may issue."""
    table: int | None = None
    game: int | None = None
    opponent: str | None = None
    """Another player of the event at the table: linked to the incident, not penalised."""
    extension: int | None = None
    """Minutes of time extension given to the table."""
    same_as: str | None = None
    """Attach this report to that earlier record as a witness note: no second penalty."""
    duplicate_of: str | None = None
    """The judge saw that possible duplicate and records a second incident anyway (the
    note, required then, says why)."""


#: The most rounds an event may have (the CLI's ``--rounds`` bound).
MAX_ROUNDS = 1000


def renamed_players(state: EventState, players: Sequence[Player]) -> list[tuple[str, str, str]]:
    """(id, old name, new name) of each player an import would rename: a re-imported CSV
    keeps ids and takes the new names, and the judge is told which (issue 11 item 11)."""
    return [
        (p.id, state.players[p.id].name, p.name)
        for p in players
        if p.id in state.players and state.players[p.id].name != p.name
    ]


@dataclass(frozen=True)
class RecordedPenalty:
    id: str | None
    player: str | None
    penalty: str
    warning: str
    sanction: str | None
    status: str
    points: int
    points_after: int
    decision_owed: bool


@dataclass(frozen=True)
class RecordResult:
    incident: str
    records: list[RecordedPenalty]
    classifications: dict[str, Classification] = field(default_factory=dict)
    possible_duplicate_of: str | None = None
    """Another judge's record this one may duplicate (recorded anyway)."""
    witness_of: str | None = None
    """With ``same_as``: the record the report was attached to (nothing else written)."""


@dataclass
class Planner:
    """Turns a use case into log entries against a given state; writes nothing."""

    rules: Rules
    caller: Caller
    clock: Clock = _utc_now
    new_id: IdFactory = _new_id

    # -- identity and authority -------------------------------------------------

    def identify(self, state: EventState, name: str | None) -> JudgeState:
        """The acting judge, checked against the roster and the process's OS account."""
        bound_to_me = [j for j in state.judges.values() if j.os_user == self.caller.os_user]
        if name is None:
            if len(bound_to_me) == 1:
                return bound_to_me[0]
            raise BadInput(_("say who is acting: --judge NAME"))
        judge = state.judges.get(name) or next(
            (j for j in state.judges.values() if j.name.casefold() == name.casefold()), None
        )
        if judge is None:
            known = ", ".join(state.judges) or _("none")
            raise BadInput(
                _("unknown judge {name!r} (judges of this event: {known})").format(
                    name=name, known=known
                )
            )
        if judge.os_user is not None and judge.os_user != self.caller.os_user:
            raise NotPermitted(
                _(
                    "judge {name} is bound to the OS account {account!r}; "
                    "this process runs as {user!r}"
                ).format(name=judge.name, account=judge.os_user, user=self.caller.os_user)
            )
        if bound_to_me and judge not in bound_to_me:
            raise NotPermitted(
                _("the OS account {user!r} belongs to judge {name}").format(
                    user=self.caller.os_user, name=bound_to_me[0].name
                )
            )
        return judge

    @staticmethod
    def require_head(judge: JudgeState, act: str) -> None:
        if judge.role != "head":
            raise NotPermitted(
                _("only the head judge may {act}; {name} is a floor judge").format(
                    act=_(act), name=judge.name
                )
            )

    def entry(
        self,
        kind: str,
        judge: JudgeState | None,
        data: Mapping[str, Any],
        at: datetime | None = None,
    ) -> Entry:
        return {
            "kind": kind,
            "at": _iso(self.clock() if at is None else at),
            "judge": judge.name if judge else None,
            "os_user": self.caller.os_user,
            "client": self.caller.client,
            "data": dict(data),
        }

    # -- lookups ------------------------------------------------------------------

    def player(self, state: EventState, player_id: str) -> str:
        if player_id in state.players:
            return player_id
        raise BadInput(_("unknown player {id!r}").format(id=player_id))

    def infraction(self, key: str) -> str:
        if key in self.rules.infractions:
            return key
        raise BadInput(
            _("unknown infraction {key!r} (see `judgetui classify --help` for keys)").format(
                key=key
            )
        )

    def penalty_key(self, key: str) -> str:
        if key in self.rules.penalties:
            return key
        known = ", ".join(self.rules.penalties)
        raise BadInput(_("unknown penalty {key!r} (known: {known})").format(key=key, known=known))

    def flags(self, flags: Iterable[str]) -> frozenset[str]:
        allowed = {*self.rules.upgrades, *SITUATION_FLAGS}
        for flag in flags:
            if flag not in allowed:
                raise BadInput(
                    _("unknown question {flag!r} (known: {known})").format(
                        flag=flag, known=", ".join(sorted(allowed))
                    )
                )
        return frozenset(flags)

    # -- classification -----------------------------------------------------------

    def situation(self, state: EventState, req: RecordRequest) -> Situation:
        return Situation(
            intentional=req.intentional,
            disruptive=req.disruptive,
            infraction=self.infraction(req.infraction),
            flags=self.flags(req.flags),
            minutes_late=req.minutes_late,
            phase=state.phase,
        )

    # -- use cases ----------------------------------------------------------------

    def check_context(self, state: EventState, req: RecordRequest, players: list[str]) -> None:
        """Refuse a table, game, opponent or extension out of bounds, and an opponent who
        is no player of the event or is one of the penalised players."""
        for value, low, high, what in (
            (req.table, limits.TABLE_MIN, limits.TABLE_MAX, N_("table")),
            (req.game, limits.GAME_MIN, limits.GAME_MAX, N_("game")),
            (req.extension, limits.EXTENSION_MIN, limits.EXTENSION_MAX, N_("extension")),
        ):
            if value is not None and (type(value) is not int or not low <= value <= high):
                raise BadInput(
                    _("{what} must be a whole number from {low} to {high}").format(
                        what=_(what), low=low, high=high
                    )
                )
        if req.opponent is not None:
            self.player(state, req.opponent)
            if req.opponent in players:
                raise BadInput(
                    _("the opponent {id} is one of the penalised players").format(id=req.opponent)
                )

    def possible_duplicate(
        self,
        state: EventState,
        judge_name: str | None,
        req: RecordRequest,
        now: Callable[[], datetime] | None = None,
    ) -> RecordState | None:
        """Another judge's record that this request may report again (see
        `EventState.possible_duplicate`): the first one found among its players.
        ``now`` (default: the clock) is asked only when a record could match."""
        judge = self.identify(state, judge_name)
        window = self.rules.duplicate_window()
        for pid in dict.fromkeys(req.players):
            found = state.possible_duplicate(
                pid, req.infraction, judge.name, now or self.clock, window
            )
            if found is not None:
                return found
        return None

    def plan_witness(
        self, state: EventState, judge_name: str | None, req: RecordRequest
    ) -> tuple[list[Entry], RecordResult]:
        """Attach a report to an earlier record as a witness note: no penalty."""
        judge = self.identify(state, judge_name)
        assert req.same_as is not None
        target = self.resolve(state, req.same_as, records_only=True)
        record = state.records.get(target)
        if record is None:
            raise BadInput(_("no record {item!r}").format(item=req.same_as))
        while record.status == "superseded":  # the upgraded record stands in for it
            newer = next((r for r in state.records.values() if r.supersedes == record.id), None)
            if newer is None:
                break
            record = newer
        if record.status in ("voided", "dismissed"):
            raise BadInput(
                _("record {item} is {status}: record the incident instead").format(
                    item=record.id, status=text.record_status_name(record.status)
                )
            )
        players = [self.player(state, p) for p in dict.fromkeys(req.players)]
        if players and record.player not in players:
            raise BadInput(
                _("record {item} is about player {id}, not {named}").format(
                    item=record.id, id=record.player, named=", ".join(players)
                )
            )
        if req.infraction and req.infraction != record.infraction:
            self.infraction(req.infraction)
        self.check_context(state, req, [record.player])
        note = req.note.strip()
        if not note:
            raise BadInput(_("a witness note needs its text: --note TEXT"))
        try:
            refuse_controls_in_note(note)
        except ValueError as exc:
            raise BadInput(f"note: {exc}") from None
        from judgetui.models import WitnessNoted

        payload = WitnessNoted(
            record=record.id,
            note=note,
            table=req.table,
            game=req.game,
            opponent=req.opponent,
            extension=req.extension,
        ).model_dump()
        entry = self.entry("witness_noted", judge, payload)
        return [entry], RecordResult(record.incident, [], witness_of=record.id)

    def plan_record(
        self, state: EventState, judge_name: str | None, req: RecordRequest
    ) -> tuple[list[Entry], RecordResult]:
        if req.same_as is not None:
            return self.plan_witness(state, judge_name, req)
        judge = self.identify(state, judge_name)
        if not req.players:
            raise BadInput(_("name at least one player"))
        try:  # also when the note is dropped (a Caution): a bad note is never taken silently
            refuse_controls_in_note(req.note)
        except ValueError as exc:
            raise BadInput(f"note: {exc}") from None
        players = [self.player(state, p) for p in dict.fromkeys(req.players)]
        self.check_context(state, req, players)
        # One moment for the duplicate check and the incident's entry, read from the
        # clock once and only when needed (a clock may tick on every call).
        moment: list[datetime] = []

        def now() -> datetime:
            if not moment:
                moment.append(self.clock())
            return moment[0]

        duplicate = self.possible_duplicate(state, judge.name, req, now)
        if req.duplicate_of is not None:
            if not req.note.strip():
                raise BadInput(_("recording a possible duplicate again needs a note saying why"))
            if req.duplicate_of not in state.records:
                raise BadInput(_("no record {item!r}").format(item=req.duplicate_of))
        duplicate_of = req.duplicate_of or (duplicate.id if duplicate is not None else None)
        for pid in players:
            # Conduct (rules.toml ``after_ejection``) can still be recorded against a
            # player who no longer plays; nothing else can (issue 11 item 10).
            refused = after_ejection.refusal(state, pid, req.infraction)
            if refused is not None:
                raise BadInput(refused)
        if req.penalty is not None:
            self.penalty_key(req.penalty)
        incident = self.new_id()
        records: list[Entry] = []
        results: list[RecordedPenalty] = []
        classifications: dict[str, Classification] = {}
        situation = self.situation(state, req)
        fixed_applies = self.rules.infractions[req.infraction].sanction_applies
        for pid in players:
            classification = engine.classify(self.rules, situation, state.past(pid))
            classifications[pid] = classification
            try:
                outcome = engine.choose(self.rules, classification, req.penalty)
            except engine.BelowMinimum as exc:
                raise BadInput(
                    _("{chosen} is below the minimum {minimum} for player {id}").format(
                        chosen=exc.chosen, minimum=exc.minimum, id=pid
                    )
                ) from None
            warning = self.rules.penalties[outcome.warning]
            if not warning.recorded and outcome.sanction is None:
                results.append(
                    RecordedPenalty(
                        None,
                        None,
                        outcome.headline,
                        outcome.warning,
                        None,
                        "issued",
                        0,
                        state.points(pid),
                        False,
                    )
                )
                continue
            status = self._status_for(judge, outcome, req.request)
            preview = engine.preview(
                self.rules,
                outcome,
                state.past(pid),
                state.phase,
                draft_only=classification.draft_only,
                issued=status == "issued",
            )
            points = warning.points if preview.counts else 0
            record = declared.penalty_record(
                id=self.new_id(),
                player=pid,
                warning=outcome.warning,
                sanction=outcome.sanction,
                penalty=outcome.headline,
                minimum=classification.minimum.headline,
                recommended=classification.recommended.headline,
                points=points,
                status=status,
                applies=sanction_applies(self.rules, outcome, situation, fixed_applies),
                minor=classification.minor,
                draft_only=classification.draft_only,
                investigation=self.rules.penalties[outcome.warning].investigation,
            )
            records.append(record)
            after = preview.points_after if status == "issued" else preview.points_before
            results.append(
                RecordedPenalty(
                    record["id"],
                    pid,
                    record["penalty"],
                    record["warning"],
                    record["sanction"],
                    status,
                    points,
                    after,
                    after >= self.rules.three_warnings.threshold,
                )
            )
        entries: list[Entry] = []
        if records:
            payload = declared.incident_recorded(
                incident=incident,
                infraction=req.infraction,
                intentional=req.intentional,
                disruptive=req.disruptive,
                flags=sorted(req.flags),
                minutes_late=req.minutes_late,
                note=req.note,
                round=state.round,
                phase=state.phase,
                records=records,
                table=req.table,
                game=req.game,
                opponent=req.opponent,
                extension=req.extension,
                duplicate_of=duplicate_of,
            )
            entries.append(self.entry("incident_recorded", judge, payload, now()))
        if len(records) < len(players):
            caution = declared.caution_given(
                incident=incident, infraction=req.infraction, round=state.round
            )
            entries.append(self.entry("caution_given", judge, caution))
        return entries, RecordResult(
            incident, results, classifications, possible_duplicate_of=duplicate_of
        )

    def _status_for(self, judge: JudgeState, outcome: Outcome, request: bool) -> str:
        if judge.role == "head":
            return "issued"
        needs = floor_record_status(self.rules, outcome)
        if needs == "request":
            if not request:
                raise NotPermitted(
                    _(
                        "only the head judge may issue {penalty}; {name} is a "
                        "floor judge: send it to the head judge as a request"
                    ).format(penalty=outcome.headline, name=judge.name)
                )
            return "pending"
        return needs

    def plan_review(
        self,
        state: EventState,
        judge_name: str | None,
        item: str,
        action: str,
        penalty: str | None = None,
        note: str = "",
        minor: bool | None = None,
    ) -> tuple[list[Entry], RecordState | None]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("review the queue"))
        record = state.records.get(self.resolve(state, item, records_only=True))
        if record is None:
            if item.startswith("decide:"):
                raise BadInput(
                    _(
                        "{item} is a three-warning decision: use `judgetui decide {id} PENALTY`"
                    ).format(item=item, id=item.removeprefix("decide:"))
                )
            raise BadInput(_("no queue item {item!r}").format(item=item))
        if record.status in ("dismissed", "superseded", "voided"):
            raise BadInput(
                _("record {item} is already {status}").format(
                    item=item, status=text.record_status_name(record.status)
                )
            )
        if action not in ("confirm", "upgrade", "dismiss"):
            raise BadInput(
                _("unknown review action {action!r} (confirm, upgrade KEY, dismiss)").format(
                    action=action
                )
            )
        replacement: Entry | None = None
        if action == "upgrade":
            if penalty is None:
                raise BadInput(_("upgrade needs a penalty: upgrade KEY"))
            new = self._upgraded(record, self.penalty_key(penalty))
            replacement = declared.penalty_record(
                id=self.new_id(),
                player=record.player,
                warning=new.warning,
                sanction=new.sanction,
                penalty=new.headline,
                minimum=record.minimum,
                recommended=record.recommended,
                points=self._points_of(new, record.draft_only),
                status="issued",
                applies=record.applies or ("current" if new.sanction else None),
                minor=record.minor if minor is None else minor,
                draft_only=record.draft_only,
                investigation=self.rules.penalties[new.warning].investigation,
                supersedes=record.id,
            )
        elif action == "confirm" and record.status == "issued" and record.reviewed:
            raise BadInput(_("record {item} is already confirmed").format(item=item))
        elif action == "dismiss" and not waits_in_queue(record):
            # Dismissing takes back what waits for the head judge; a penalty that stands
            # is voided, with its reason, so what rested on it is reopened too.
            raise BadInput(
                _(
                    "record {item} is {status}, not waiting in the queue: to take it back, "
                    "use `judgetui void {item} --note REASON`"
                ).format(item=record.id, status=text.record_status_name(record.status))
            )
        payload = declared.record_reviewed(
            record=record.id,
            action=action,
            note=note,
            replacement=replacement,
            minor=minor if action == "confirm" else None,
        )
        entries = [self.entry("record_reviewed", judge, payload)]
        return entries, record

    def resolve(self, state: EventState, item: str, *, records_only: bool = False) -> str:
        """The record (or decision) id ``item`` names: the whole id or a unique prefix.

        An unknown item comes back as it is (the caller says what it is not); a prefix
        that names several is refused with their count.
        """
        matches = state.find(item)
        if records_only:
            matches = [m for m in matches if m in state.records]
        if len(matches) > 1:
            raise BadInput(
                _("{item!r} is the beginning of {n} ids: type more of it").format(
                    item=item, n=len(matches)
                )
            )
        return matches[0] if matches else item

    def plan_void(
        self, state: EventState, judge_name: str | None, item: str, note: str | None
    ) -> list[Entry]:
        """Void a record or a decision made in error (the head judge, with a reason)."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("void a record or a decision"))
        target = self.resolve(state, item)
        reason = (note or "").strip()
        if target in state.records:
            record = state.records[target]
            if record.status == "superseded":
                newer = next(
                    (r.id for r in state.records.values() if r.supersedes == record.id), "?"
                )
                raise BadInput(
                    _("record {item} was upgraded: void its replacement {new}").format(
                        item=record.id, new=newer
                    )
                )
            if record.status in ("voided", "dismissed"):
                raise BadInput(
                    _("record {item} is already {status}").format(
                        item=record.id, status=text.record_status_name(record.status)
                    )
                )
            kind = "record_voided"
        elif target in state.decisions:
            decision = state.decisions[target]
            if decision.voided_by is not None:
                raise BadInput(_("decision {item} is already voided").format(item=target))
            kind = "decision_voided"
        else:
            raise BadInput(_("no record or decision {item!r}").format(item=item))
        if not reason:
            raise BadInput(_("a void needs its reason: --note TEXT"))
        payload = declared.voided(kind, target=target, note=reason)
        return [self.entry(kind, judge, payload)]

    def plan_correct(
        self,
        state: EventState,
        judge_name: str | None,
        item: str,
        note: str | None,
        request: RecordRequest,
    ) -> tuple[list[Entry], RecordResult]:
        """Correct a record's player or penalty: its void and the new record, as one act.

        The new record is planned against the state with the void applied, so the
        voided record no longer counts in the new classification.
        """
        entries = self.plan_void(state, judge_name, item, note)
        for entry in entries:
            state.apply({**entry, "seq": state.count + 1})
        more, result = self.plan_record(state, judge_name, request)
        return entries + more, result

    def _upgraded(self, record: RecordState, key: str) -> Outcome:
        penalty = self.rules.penalties[key]
        if penalty.kind == WARNING:
            if penalty.rank <= self.rules.penalties[record.warning].rank:
                raise BadInput(
                    _("{key} is not above {current}: use confirm or dismiss").format(
                        key=key, current=record.warning
                    )
                )
            if penalty.rank < self.rules.penalties[self.rules.history.official_from].rank:
                raise BadInput(_("upgrade to an official warning level, not {key}").format(key=key))
            return Outcome(key, record.sanction)
        current = -1 if record.sanction is None else self.rules.penalties[record.sanction].rank
        if penalty.rank <= current:
            raise BadInput(
                _("{key} is not above {current}").format(key=key, current=record.sanction)
            )
        return Outcome(record.warning, key)

    def _points_of(self, outcome: Outcome, draft_only: bool) -> int:
        official = self.rules.penalties[self.rules.history.official_from].rank
        warning = self.rules.penalties[outcome.warning]
        return 0 if draft_only or warning.rank < official else warning.points

    def plan_decide(
        self,
        state: EventState,
        judge_name: str | None,
        player: str,
        penalty: str,
        *,
        strong_cheating: bool = False,
        between_matches: bool = False,
        advantage: bool = False,
        note: str = "",
    ) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("decide a three-warning penalty"))
        pid = self.player(state, player)
        self.penalty_key(penalty)
        owed = state.decision_owed(pid, strong_cheating=strong_cheating)
        if owed is None:
            raise BadInput(
                _(
                    "no three-warning decision is owed for {id} ({points} points in the {phase})"
                ).format(id=pid, points=state.points(pid), phase=text.phase_name(state.phase))
            )
        verdict = next((o for o in owed.options if o.key == penalty), None)
        if verdict is None:
            raise BadInput(
                _("{penalty} is not a three-warning option ({allowed})").format(
                    penalty=penalty, allowed=", ".join(owed.allowed)
                )
            )
        if not verdict.allowed:
            raise BadInput(
                _("{penalty} is not allowed for {id}: {why}").format(
                    penalty=penalty, id=pid, why=", ".join(verdict.failed)
                )
            )
        # Which game or match the loss applies to, by the same rule as a record's
        # (RULINGS §1): an ejection or disqualification loses the current match at once.
        situation_flags = {
            flag
            for flag, given in (
                (self.rules.sanctions.game_loss_current_when, advantage),
                (self.rules.sanctions.match_loss_next_when, between_matches),
            )
            if given
        }
        applies = sanction_applies(
            self.rules,
            Outcome(self.rules.history.official_from, penalty),
            Situation(intentional=False, disruptive=False, flags=frozenset(situation_flags)),
        )
        from judgetui.models import DecisionMade

        payload = DecisionMade(
            player=pid,
            penalty=penalty,
            points=owed.points,
            phase=state.phase,
            round=state.round,
            strong_cheating=strong_cheating,
            applies=applies,
            note=note,
        )
        return [self.entry("decision_made", judge, payload.model_dump())]

    def plan_round(
        self, state: EventState, judge_name: str | None, number: int, back: bool = False
    ) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the round"))
        if number < 1 or (state.rounds is not None and number > state.rounds + 8):
            raise BadInput(_("round {n} is out of range").format(n=number))
        if number < state.round and not back:
            # A slip of the finger would file every later record under the wrong round.
            raise BadInput(
                _(
                    "round {n} is before the current round {current}: "
                    "to set the round back, say so (--back)"
                ).format(n=number, current=state.round)
            )
        return [self.entry("round_set", judge, {"round": number})]

    def plan_rounds(self, state: EventState, judge_name: str | None, total: int) -> list[Entry]:
        """The head judge changes the number of rounds after set-up: a ``rounds_set`` entry."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the number of rounds"))
        if total < 1 or total > MAX_ROUNDS:
            raise BadInput(_("{n} rounds is out of range").format(n=total))
        if total < state.round:
            raise BadInput(
                _("{n} rounds is fewer than the current round {current}").format(
                    n=total, current=state.round
                )
            )
        if total == state.rounds:
            raise BadInput(_("the event already has {n} rounds").format(n=total))
        return [self.entry("rounds_set", judge, {"rounds": total})]

    def plan_finals(self, state: EventState, judge_name: str | None) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("enter the final rounds"))
        if state.phase == "finals":
            raise BadInput(_("the event is already in the final rounds"))
        return [self.entry("finals_entered", judge, {"round": state.round})]

    def plan_import(
        self, state: EventState, judge_name: str | None, players: Sequence[Player]
    ) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("import players"))
        # the roster's optional columns only where given: an entry as before otherwise
        data = [p.model_dump(exclude_none=True) for p in players]
        return [self.entry("players_imported", judge, {"players": data})]

    def plan_judge(self, state: EventState, judge_name: str | None, new: Judge) -> list[Entry]:
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("add judges"))
        if new.role == "head":
            raise BadInput(_("an event has exactly one head judge"))
        if any(j.name.casefold() == new.name.casefold() for j in state.judges.values()):
            raise BadInput(_("judge {name!r} is already on the roster").format(name=new.name))
        return [self.entry("judge_added", judge, new.model_dump())]

    def plan_rules(
        self, state: EventState, judge_name: str | None, source: RulesSource
    ) -> list[Entry]:
        """The head judge changes the event's rules: a ``rules_changed`` entry."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("change the event's rules"))
        if state.rules_stored and state.rules_source().sha256 == source.sha256:
            raise BadInput(
                _("the event already uses these rules (sha256 {short})").format(short=source.short)
            )
        missing = state.keys_missing_from(source.rules)
        if missing:
            raise BadInput(
                _("these rules lack {what}, which the event's log already uses").format(
                    what=missing[0]
                )
            )
        from judgetui.models import RulesText

        data = RulesText(text=source.text, sha256=source.sha256).model_dump()
        return [self.entry("rules_changed", judge, data)]

    def plan_entered(
        self, state: EventState, judge_name: str | None, items: Sequence[str], round_: int
    ) -> list[Entry]:
        """The head judge marks round-list items as entered by the scorekeeper."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("mark items entered"))
        wanted: list[str] = []
        for item in items:
            key = item if item.startswith(EXTENSION_ITEM) else self.resolve(state, item)
            if not state.is_round_item(key):
                raise BadInput(_("no round-list item {item!r}").format(item=item))
            if key not in state.entered and key not in wanted:
                wanted.append(key)
        if not wanted:
            raise BadInput(_("every item named is already entered"))
        from judgetui.models import ScorekeeperEntered

        payload = ScorekeeperEntered(items=wanted, round=round_)
        return [self.entry("scorekeeper_entered", judge, payload.model_dump())]

    def plan_close_investigation(
        self, state: EventState, judge_name: str | None, item: str, finding: str | None
    ) -> list[Entry]:
        """The head judge closes an open investigation with a finding."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("close an investigation"))
        target = self.resolve(state, item, records_only=True)
        record = state.records.get(target)
        if record is None:
            raise BadInput(_("no record {item!r}").format(item=item))
        if not record.investigation:
            raise BadInput(_("record {item} opened no investigation").format(item=record.id))
        if record.id in state.closed_investigations:
            raise BadInput(
                _("the investigation of record {item} is already closed").format(item=record.id)
            )
        if record not in state.open_investigations():
            raise BadInput(
                _("record {item} is {status}: it opens no investigation").format(
                    item=record.id, status=text.record_status_name(record.status)
                )
            )
        reason = (finding or "").strip()
        if not reason:
            raise BadInput(_("closing an investigation needs its finding: --finding TEXT"))
        from judgetui.models import InvestigationClosed

        payload = InvestigationClosed(record=record.id, finding=reason)
        return [self.entry("investigation_closed", judge, payload.model_dump())]

    def event_entries(self, created: EventCreated, rules: Rules | None = None) -> list[Entry]:
        """The first entry of a new event, with the text of the rules it is made with."""
        from judgetui.models import RulesText

        data = created.model_dump()
        if data.get("rules") is None:
            source = source_of(rules or self.rules)
            data["rules"] = RulesText(text=source.text, sha256=source.sha256).model_dump()
        return [self.entry("event_created", None, data)]


class Station:
    """The service over one event file.

    ``rules`` are the rules a new event is created with. An existing event keeps its own
    in its log: every fold takes them from there (the shipped rules for a file written
    before events kept theirs), and ``rules`` then follow the file. ``expected_rules``
    is the sha256 of the rules the caller was given (`--rules`): an event whose rules
    differ is refused, so a rules file on disk never changes what a judge may issue.
    """

    def __init__(
        self,
        file: EventFile,
        rules: Rules,
        *,
        caller: Caller | None = None,
        clock: Clock = _utc_now,
        new_id: IdFactory = _new_id,
        expected_rules: str | None = None,
    ) -> None:
        self.file = file
        self.rules = rules
        self.creation_rules = rules
        self.expected_rules = expected_rules
        self.planner = Planner(rules, caller or current_caller(), clock, new_id)
        self.held: Callable[[], tuple[FileStamp | None, EventState]] | None = None
        """A station's state and the version of the file it is the fold of: a write
        to that very version plans on it instead of folding the whole log again."""

    # -- reading -------------------------------------------------------------------

    def fold(self, snapshot: Snapshot) -> EventState:
        return self.fold_entries(snapshot.entries)

    def fold_entries(self, entries: Iterable[Mapping[str, Any]]) -> EventState:
        """The state of a log, with the rules it keeps (see the class's docstring)."""
        try:
            state = EventState.fold(shipped_rules(), entries)
        except MalformedLog as exc:
            raise EventFileError(f"{self.file.path}: {exc}") from None
        source = state.rules_source()
        if self.expected_rules is not None and source.sha256 != self.expected_rules:
            raise BadInput(
                _(
                    "these rules (sha256 {given}) are not the event's ({kept}); "
                    "the head judge changes them with: judgetui event rules FILE --judge HEAD"
                ).format(given=self.expected_rules[:12], kept=source.short)
            )
        self.rules = self.planner.rules = state.rules
        return state

    def load(self) -> EventState:
        return self.fold(self.file.load())

    def _state_of(self, snapshot: Snapshot) -> EventState:
        """The fold of ``snapshot``: the held state when it is of that very version."""
        if self.held is not None:
            stamp, state = self.held()
            if (
                stamp == snapshot.stamp
                and state.count == len(snapshot.entries)
                and state.rules is self.rules  # else the fold checks and switches the rules
            ):
                return state
        return self.fold(snapshot)

    def _write(self, plan: Callable[[EventState], list[Entry]]) -> list[Entry]:
        def build(snapshot: Snapshot) -> list[Entry]:
            try:
                return plan(self._state_of(snapshot))
            except _validation_error() as exc:  # a value the event file's models refuse
                raise BadInput(_validation_line(exc)) from None

        return self.file.append(build)

    # -- use cases -----------------------------------------------------------------

    def create_event(
        self,
        name: str,
        head_judge: str,
        floor_judges: Sequence[str] = (),
        *,
        rounds: int | None = None,
        accounts: Mapping[str, str] | None = None,
    ) -> EventState:
        accounts = dict(accounts or {})
        unknown = set(accounts) - {head_judge, *floor_judges}
        if unknown:
            raise BadInput(
                _("--judge-account names no judge of this event: {name}").format(
                    name=sorted(unknown)[0]
                )
            )
        from pydantic import ValidationError

        from judgetui.models import EventCreated, Judge

        try:
            judges = [Judge(name=head_judge, role="head", os_user=accounts.get(head_judge))]
            judges += [Judge(name=f, role="floor", os_user=accounts.get(f)) for f in floor_judges]
            created = EventCreated(name=name, rounds=rounds, judges=judges, bound=bool(accounts))
        except ValidationError as exc:
            raise BadInput(_validation_line(exc)) from None
        snapshot = self.file.create(self.planner.event_entries(created, self.creation_rules))
        return self.fold(snapshot)

    def record(self, judge: str | None, request: RecordRequest) -> RecordResult:
        result: list[RecordResult] = []

        def plan(state: EventState) -> list[Entry]:
            entries, outcome = self.planner.plan_record(state, judge, request)
            result.append(outcome)
            return entries

        self._write(plan)
        return result[-1]

    def review(
        self,
        judge: str | None,
        item: str,
        action: str,
        penalty: str | None = None,
        note: str = "",
        minor: bool | None = None,
    ) -> list[Entry]:
        return self._write(
            lambda s: self.planner.plan_review(s, judge, item, action, penalty, note, minor)[0]
        )

    def decide(
        self,
        judge: str | None,
        player: str,
        penalty: str,
        *,
        strong_cheating: bool = False,
        between_matches: bool = False,
        advantage: bool = False,
        note: str = "",
    ) -> list[Entry]:
        return self._write(
            lambda s: self.planner.plan_decide(
                s,
                judge,
                player,
                penalty,
                strong_cheating=strong_cheating,
                between_matches=between_matches,
                advantage=advantage,
                note=note,
            )
        )

    def void(self, judge: str | None, item: str, note: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_void(s, judge, item, note))

    def correct(
        self, judge: str | None, item: str, note: str | None, request: RecordRequest
    ) -> RecordResult:
        """Void a record and record its correction in one write (one act, both or neither)."""
        result: list[RecordResult] = []

        def plan(state: EventState) -> list[Entry]:
            entries, outcome = self.planner.plan_correct(state, judge, item, note, request)
            result.append(outcome)
            return entries

        self._write(plan)
        return result[-1]

    def set_round(self, judge: str | None, number: int, back: bool = False) -> list[Entry]:
        """Set the current round; an earlier round only with ``back`` (the judge said so)."""
        return self._write(lambda s: self.planner.plan_round(s, judge, number, back))

    def set_rounds(self, judge: str | None, total: int) -> list[Entry]:
        """Change the number of rounds after set-up (the head judge's; a log entry)."""
        return self._write(lambda s: self.planner.plan_rounds(s, judge, total))

    def enter_finals(self, judge: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_finals(s, judge))

    def import_players(self, judge: str | None, players: Sequence[Player]) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_import(s, judge, players))

    def add_judge(self, judge: str | None, new: Judge) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_judge(s, judge, new))

    def change_rules(self, judge: str | None, source: RulesSource) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_rules(s, judge, source))

    def mark_entered(self, judge: str | None, items: Sequence[str], round_: int) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_entered(s, judge, items, round_))

    def close_investigation(self, judge: str | None, item: str, finding: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_close_investigation(s, judge, item, finding))

    def possible_duplicate(self, judge: str | None, request: RecordRequest) -> RecordState | None:
        """What the station shows before recording: another judge's record of the same
        player and infraction this round, within the rules' window (None: none)."""
        return self.planner.possible_duplicate(self._current(), judge, request)

    def _current(self) -> EventState:
        """The event as the file is now: the held state if it folds this very version."""
        if self.held is not None:
            stamp, state = self.held()
            if stamp is not None and stamp == self.file.stamp() and state.rules is self.rules:
                return state
        return self.load()

    def queue(self, state: EventState | None = None) -> list[QueueItem]:
        return (state or self.load()).queue()
