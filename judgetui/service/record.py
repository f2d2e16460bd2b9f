"""Recording an incident: the request, its plan (the engine's `plan_player`, the same
the station previews), a witness note, and the entries written."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

from msgspec import Struct, field
from msgspec.structs import replace

from judgetui import after_ejection, engine, text
from judgetui.engine import Classification, Situation
from judgetui.i18n import N_, _
from judgetui.safe_text import refuse_controls_in_note
from judgetui.service.authority import Authority
from judgetui.service.base import BadInput, Entry, NotPermitted
from judgetui.service.paper import entered_late
from judgetui.state import EventState, JudgeState, RecordState
from judgetui.state.queries import within_window
from judgetui.store import build as declared
from judgetui.store import limits


class RecordRequest(Struct, frozen=True):
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
    no_opponent: bool = False
    """The judge cleared the opponent the round's pairings give: none is recorded."""
    extension: int | None = None
    """Minutes of time extension given to the table."""
    same_as: str | None = None
    """Attach this report to that earlier record as a witness note: no second penalty."""
    duplicate_of: str | None = None
    """The judge saw that possible duplicate and records a second incident anyway (the
    note, required then, says why)."""
    counts_earlier: bool = False
    """The possible duplicate is an earlier offence of its own: it counts toward this
    record's repeat upgrade. Without it the earlier record is not counted (it may be the
    same incident, reported twice)."""
    happened_at: datetime | None = None
    """Entered later, from paper: when it happened (the head judge's; `service.paper`)."""


class RecordedPenalty(Struct, frozen=True):
    id: str | None
    player: str | None
    penalty: str
    warning: str
    sanction: str | None
    status: str
    points: int
    points_after: int
    decision_owed: bool


class RecordResult(Struct, frozen=True):
    incident: str
    records: list[RecordedPenalty]
    classifications: dict[str, Classification] = field(default_factory=dict)
    possible_duplicate_of: str | None = None
    """Another judge's record this one may duplicate (recorded anyway)."""
    counted_as_repeat: bool | None = None
    """With ``possible_duplicate_of``: whether that record counted as an earlier offence."""
    witness_of: str | None = None
    """With ``same_as``: the record the report was attached to (nothing else written)."""
    table: int | None = None
    """The incident's table as recorded (the judge's, else the players' own)."""
    opponent: str | None = None
    """The opponent as recorded (the judge's, else the round's pairings')."""
    from_pairings: tuple[str, ...] = ()
    """Which of ``table`` and ``opponent`` came from the round's pairings (not given)."""


class RecordPlanner(Authority):
    """Plans `Station.record`: an incident's records, or a witness note."""

    def situation(self, state: EventState, req: RecordRequest) -> Situation:
        return Situation(
            intentional=req.intentional,
            disruptive=req.disruptive,
            infraction=self.infraction(req.infraction),
            flags=self.flags(req.flags),
            minutes_late=req.minutes_late,
            phase=state.phase,
        )

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
                    ),
                    key="out_of_bounds",
                )
        if req.opponent is not None:
            self.player(state, req.opponent)
            if req.opponent in players:
                raise BadInput(
                    _("the opponent {id} is one of the penalised players").format(id=req.opponent),
                    key="opponent_is_penalised",
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
        return next(iter(self.possible_duplicates(state, judge_name, req, now).values()), None)

    def possible_duplicates(
        self,
        state: EventState,
        judge_name: str | None,
        req: RecordRequest,
        now: Callable[[], datetime] | None = None,
    ) -> dict[str, RecordState]:
        """Each player's possible duplicate (`possible_duplicate`), by player, in the
        request's order; the clock read once at most."""
        judge = self.identify(state, judge_name)
        window = self.rules.duplicate_window()
        moment: list[datetime] = []

        def once() -> datetime:
            if not moment:
                moment.append((now or self.clock)())
            return moment[0]

        found: dict[str, RecordState] = {}
        for pid in dict.fromkeys(req.players):
            record = state.possible_duplicate(pid, req.infraction, judge.name, once, window)
            if record is not None:
                found[pid] = record
        return found

    def plan_witness(
        self, state: EventState, judge_name: str | None, req: RecordRequest
    ) -> tuple[list[Entry], RecordResult]:
        """Attach a report to an earlier record as a witness note: no penalty. Only for a
        real duplicate (`check_duplicate`), so a witness note never drops a penalty."""
        judge = self.identify(state, judge_name)
        assert req.same_as is not None
        target = self.resolve(state, req.same_as, records_only=True)
        record = state.records.get(target)
        if record is None:
            raise BadInput(_("no record {item!r}").format(item=req.same_as), key="unknown_record")
        while record.status == "superseded":  # the upgraded record stands in for it
            newer = next((r for r in state.records.values() if r.supersedes == record.id), None)
            if newer is None:
                break
            record = newer
        if record.status in ("voided", "dismissed"):
            raise BadInput(
                _("record {item} is {status}: record the incident instead").format(
                    item=record.id, status=text.record_status_name(record.status)
                ),
                key="record_not_standing",
            )
        if req.counts_earlier:
            raise BadInput(
                _("--counts-earlier records another incident; --same-as attaches to this one"),
                key="counts_earlier_with_same_as",
            )
        self.check_duplicate(state, req, record)
        self.check_context(state, req, [record.player])
        note = req.note.strip()
        if not note:
            raise BadInput(_("a witness note needs its text: --note TEXT"), key="note_missing")
        try:
            refuse_controls_in_note(note)
        except ValueError as exc:
            raise BadInput(f"note: {exc}", key="bad_note") from None
        from judgetui.models import WitnessNoted, dumped, made

        # The table of this incident only: the record's, else its player's.
        table = req.table
        if table is None:
            table = record.table
        if table is None:
            table = state.incident_table([record.player], record.round)
        fields = {"record": record.id, "note": note, "table": table, "game": req.game}
        fields |= {"opponent": req.opponent, "extension": req.extension}
        payload = dumped(made(WitnessNoted, fields))
        entry = self.entry("witness_noted", judge, payload)
        return [entry], RecordResult(record.incident, [], witness_of=record.id)

    def check_duplicate(self, state: EventState, req: RecordRequest, record: RecordState) -> None:
        """Refuse, in one line saying what differs, a report that is no real duplicate of
        ``record``: the same players (all of its incident's), the same infraction, the
        same round, inside the rules' duplicate window (CLI.md, SECURITY.md promise 8)."""
        standing = ("voided", "dismissed", "superseded")
        theirs = {
            r.player
            for r in state.records.values()
            if r.incident == record.incident and r.status not in standing
        } | {record.player}
        named = {self.player(state, p) for p in req.players}
        if named != theirs:
            raise BadInput(
                _(
                    "not a duplicate: record {item} is about player {theirs}, "
                    "this report about {named}"
                ).format(
                    item=record.id,
                    theirs=", ".join(sorted(theirs)),
                    named=", ".join(sorted(named)) or _("no player"),
                ),
                key="duplicate_players_differ",
            )
        if req.infraction != record.infraction:
            self.infraction(req.infraction)
            raise BadInput(
                _("not a duplicate: record {item} is for {theirs}, this report for {named}").format(
                    item=record.id,
                    theirs=text.infraction_name(self.rules, record.infraction),
                    named=text.infraction_name(self.rules, req.infraction),
                ),
                key="duplicate_infraction_differs",
            )
        if (record.round, record.phase) != (state.round, state.phase):
            raise BadInput(
                _(
                    "not a duplicate: record {item} is from round {theirs}, this is round {now}"
                ).format(item=record.id, theirs=record.round, now=state.round),
                key="duplicate_round_differs",
            )
        first = record
        while first.supersedes is not None and first.supersedes in state.records:
            first = state.records[first.supersedes]  # the incident's time, not the upgrade's
        window = self.rules.duplicate_window()
        moment = self.clock()
        try:
            at = datetime.fromisoformat(first.at)
        except ValueError:
            at = moment - timedelta(days=1)
        at = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
        if not within_window(at, moment, window):
            raise BadInput(
                _(
                    "not a duplicate: record {item} was recorded {minutes} min before, "
                    "outside the {window}-minute duplicate window"
                ).format(
                    item=record.id,
                    minutes=int((moment - at).total_seconds() // 60),
                    window=window,
                ),
                key="duplicate_outside_window",
            )

    def plan_record(
        self,
        state: EventState,
        judge_name: str | None,
        req: RecordRequest,
        corrects: RecordState | None = None,
    ) -> tuple[list[Entry], RecordResult]:
        """``corrects``: the (voided) record this one puts right: the new record is of its
        incident, round and phase (`ReviewPlanner.plan_correct`)."""
        if req.same_as is not None:
            return self.plan_witness(state, judge_name, req)
        judge = self.identify(state, judge_name)
        if not req.players:
            raise BadInput(_("name at least one player"), key="no_player")
        try:  # also when the note is dropped (a Caution): a bad note is never taken silently
            refuse_controls_in_note(req.note)
        except ValueError as exc:
            raise BadInput(f"note: {exc}", key="bad_note") from None
        players = [self.player(state, p) for p in dict.fromkeys(req.players)]
        self.check_context(state, req, players)
        # One moment for the duplicate check and the incident's entry, read from the
        # clock once and only when needed (a clock may tick on every call).
        moment: list[datetime] = []

        def now() -> datetime:
            if not moment:
                moment.append(self.clock())
            return moment[0]

        late = req.happened_at and entered_late(judge, state, req.happened_at, req.note, now())
        duplicates = {} if corrects else self.possible_duplicates(state, judge.name, req, now)
        duplicate = next(iter(duplicates.values()), None)
        if req.duplicate_of is not None:
            if not req.note.strip():
                raise BadInput(
                    _("recording a possible duplicate again needs a note saying why"),
                    key="duplicate_needs_note",
                )
            if req.duplicate_of not in state.records:
                raise BadInput(
                    _("no record {item!r}").format(item=req.duplicate_of), key="unknown_duplicate"
                )
        duplicate_of = req.duplicate_of or (duplicate.id if duplicate is not None else None)
        if corrects is not None:
            duplicate_of = corrects.duplicate_of
        # A possible duplicate may be this very incident reported twice: it is no earlier
        # offence (no repeat upgrade from it, for any of the players) unless the judge
        # says it is one.
        uncounted: set[str] = set()
        if not req.counts_earlier:
            uncounted = {r.id for r in duplicates.values()}
            if duplicate_of is not None:
                uncounted.add(duplicate_of)
        for pid in players:
            # Conduct (rules.toml ``after_ejection``) can still be recorded against a
            # player who no longer plays; nothing else can (issue 11 item 10).
            refused = after_ejection.refusal(state, pid, req.infraction)
            if refused is not None:
                raise BadInput(refused, key="player_not_active")
        if req.penalty is not None:
            self.penalty_key(req.penalty)
        incident = self.new_id() if corrects is None else corrects.incident
        source = state if corrects is None else corrects
        round_, phase = source.round, source.phase
        table = req.table if req.table is not None else state.incident_table(players, round_)
        # The opponent the judge named, else the one the round's pairings seat them with
        # (a correction keeps the record's own: `ReviewPlanner.plan_correct`).
        opponent = req.opponent
        if opponent is None and corrects is None and not req.no_opponent:
            opponent = state.incident_opponent(players, round_)
        paired = round_ in state.pairings and any(p in state.pairings[round_] for p in players)
        from_pairings = (
            *(("table",) if paired and req.table is None and table is not None else ()),
            *(("opponent",) if req.opponent is None and opponent is not None else ()),
        )
        records: list[Entry] = []
        results: list[RecordedPenalty] = []
        classifications: dict[str, Classification] = {}
        situation = self.situation(state, req)
        if situation.phase != phase:
            situation = replace(situation, phase=phase)
        role = engine.role_of(judge.role)
        for pid in players:
            history = state.past(pid)
            earlier = history
            if uncounted and not uncounted.isdisjoint(state.players[pid].records):
                earlier = [
                    r.past()
                    for r in state.history(pid)
                    if r.status != "superseded" and r.id not in uncounted
                ]
            classification = engine.classify(self.rules, situation, earlier)
            classifications[pid] = classification
            try:  # the station's preview is this same plan (`engine.plan_player`)
                plan = engine.plan_player(
                    self.rules, pid, situation, classification, history, role, req.penalty
                )
            except engine.BelowMinimum as exc:
                raise BadInput(
                    _("{chosen} is below the minimum {minimum} for player {id}").format(
                        chosen=exc.chosen, minimum=exc.minimum, id=pid
                    ),
                    key="below_minimum",
                ) from None
            outcome = plan.outcome
            if not plan.recorded:
                results.append(
                    RecordedPenalty(
                        None,
                        None,
                        outcome.headline,
                        outcome.warning,
                        None,
                        "issued",
                        0,
                        plan.points_after,
                        False,
                    )
                )
                continue
            status = self._status_for(judge, plan, req.request)
            record = declared.penalty_record(
                id=self.new_id(),
                player=pid,
                warning=outcome.warning,
                sanction=outcome.sanction,
                penalty=outcome.headline,
                minimum=classification.minimum.headline,
                recommended=classification.recommended.headline,
                points=plan.points,
                status=status,
                applies=plan.applies,
                minor=classification.minor,
                draft_only=classification.draft_only,
                investigation=self.rules.penalties[outcome.warning].investigation,
            )
            records.append(record)
            results.append(
                RecordedPenalty(
                    record["id"],
                    pid,
                    record["penalty"],
                    record["warning"],
                    record["sanction"],
                    status,
                    plan.points,
                    plan.points_after,
                    plan.decision_owed,
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
                round=round_,
                phase=phase,
                records=records,
                table=table,
                game=req.game,
                opponent=opponent,
                extension=req.extension,
                duplicate_of=duplicate_of,
                corrects=None if corrects is None else corrects.id,
                happened_at=late,
            )
            if late is None:  # written as before records could be entered later
                del payload["happened_at"]
            entries.append(self.entry("incident_recorded", judge, payload, now()))
        if len(records) < len(players):
            # With no record of the incident, the caution keeps where it happened and the
            # time the table was given (the round list shows it); only what was given, so
            # a caution without it is written as before.
            context = {"table": table, "game": req.game, "extension": req.extension}
            caution = declared.caution_given(
                incident=incident,
                infraction=req.infraction,
                round=state.round,
                **({} if records else context),
            )
            caution = {k: v for k, v in caution.items() if v is not None or k not in context}
            entries.append(self.entry("caution_given", judge, caution))
        return entries, RecordResult(
            incident,
            results,
            classifications,
            possible_duplicate_of=duplicate_of,
            counted_as_repeat=None if duplicate_of is None else req.counts_earlier,
            table=table,
            opponent=opponent,
            from_pairings=from_pairings,
        )

    def _status_for(self, judge: JudgeState, plan: engine.PlayerPlan, request: bool) -> str:
        """The record's status; refused if only the head judge may issue it and the floor
        judge did not say it is a request (the rule is `engine.record_need`'s)."""
        if plan.need == "request" and not request:
            refused = (
                _(
                    "only the head judge may issue {penalty}; {name} is a "
                    "trainee: send it to the head judge as a request"
                )
                if judge.role == "trainee"
                else _(
                    "only the head judge may issue {penalty}; {name} is a "
                    "floor judge: send it to the head judge as a request"
                )
            )
            raise NotPermitted(
                refused.format(penalty=plan.outcome.headline, name=judge.name), key="head_only"
            )
        return engine.record_status(plan.need)
