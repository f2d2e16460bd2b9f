"""The head judge's acts on what was recorded: review, void, correct, the three-warning
decision and closing an investigation. The rules they check are the engine's
(`judgetui.engine.review`), the same the review screen shows."""

from __future__ import annotations

from typing import cast

from msgspec import Struct

from judgetui import engine, text
from judgetui.engine import Outcome
from judgetui.i18n import N_, _
from judgetui.rules import Rules
from judgetui.service.base import BadInput, Entry
from judgetui.service.record import RecordPlanner, RecordRequest, RecordResult
from judgetui.state import EventState, RecordState
from judgetui.store import build as declared


def needs_a_note(rules: Rules, penalty: str) -> bool:
    """Whether a decision of ``penalty`` needs the head judge's note: a disqualification
    (it forfeits prizes and is reported from the log: `judgetui report player`). The one
    rule both faces keep: the station asks for it (`ConfirmSanction`), the command line
    is refused without ``--note``."""
    found = rules.penalties.get(penalty)
    return found is not None and found.ends_tournament and found.forfeits_prizes


class Corrected(Struct, frozen=True):
    """What a correction did: the record voided, and what was recorded in its place."""

    voided: str
    recorded: RecordResult


def waits_in_queue(record: RecordState) -> bool:
    """A record the head judge has still to look at: a request, or an unreviewed Notice."""
    return record.status == "pending" or (
        record.status == "issued" and not record.reviewed and record.warning == "notice"
    )


class ReviewPlanner(RecordPlanner):
    """Plans the head judge's review, void, correction, decision and investigation."""

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
                    ).format(item=item, id=item.removeprefix("decide:")),
                    key="decision_not_record",
                )
            raise BadInput(_("no queue item {item!r}").format(item=item), key="unknown_queue_item")
        if record.status in ("dismissed", "superseded", "voided"):
            raise BadInput(
                _("record {item} is already {status}").format(
                    item=item, status=text.record_status_name(record.status)
                ),
                key="already_closed",
            )
        if action not in ("confirm", "upgrade", "dismiss"):
            raise BadInput(
                _("unknown review action {action!r} (confirm, upgrade KEY, dismiss)").format(
                    action=action
                ),
                key="unknown_review_action",
            )
        replacement: Entry | None = None
        if action == "upgrade":
            if penalty is None:
                raise BadInput(
                    _("upgrade needs a penalty: upgrade KEY"), key="upgrade_needs_penalty"
                )
            new = self._upgraded(record, self.penalty_key(penalty))
            current_applies = cast("engine.Applies | None", record.applies)
            replacement = declared.penalty_record(
                id=self.new_id(),
                player=record.player,
                warning=new.warning,
                sanction=new.sanction,
                penalty=new.headline,
                minimum=record.minimum,
                recommended=record.recommended,
                points=engine.upgraded_points(self.rules, new, draft_only=record.draft_only),
                status="issued",
                applies=engine.upgraded_applies(current_applies, new),
                minor=record.minor if minor is None else minor,
                draft_only=record.draft_only,
                investigation=self.rules.penalties[new.warning].investigation,
                supersedes=record.id,
            )
        elif action == "confirm" and record.status == "issued" and record.reviewed:
            raise BadInput(
                _("record {item} is already confirmed").format(item=item), key="already_confirmed"
            )
        elif action == "dismiss" and not waits_in_queue(record):
            # Dismissing takes back what waits for the head judge; a penalty that stands
            # is voided, with its reason, so what rested on it is reopened too.
            raise BadInput(
                _(
                    "record {item} is {status}, not waiting in the queue: to take it back, "
                    "use `judgetui void {item} --note REASON`"
                ).format(item=record.id, status=text.record_status_name(record.status)),
                key="not_in_queue",
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
                    ),
                    key="record_upgraded",
                )
            if record.status in ("voided", "dismissed"):
                raise BadInput(
                    _("record {item} is already {status}").format(
                        item=record.id, status=text.record_status_name(record.status)
                    ),
                    key="already_closed",
                )
            kind = "record_voided"
        elif target in state.decisions:
            decision = state.decisions[target]
            if decision.voided_by is not None:
                raise BadInput(
                    _("decision {item} is already voided").format(item=target), key="already_voided"
                )
            kind = "decision_voided"
        else:
            raise BadInput(
                _("no record or decision {item!r}").format(item=item), key="unknown_record"
            )
        if not reason:
            raise BadInput(_("a void needs its reason: --note TEXT"), key="void_needs_reason")
        payload = declared.voided(kind, target=target, note=reason)
        return [self.entry(kind, judge, payload)]

    def plan_correct(
        self,
        state: EventState,
        judge_name: str | None,
        item: str,
        note: str | None,
        *,
        player: str | None = None,
        penalty: str | None = None,
        infraction: str | None = None,
    ) -> tuple[list[Entry], Corrected]:
        """Put a record right in one act: its void, and a new record made from it with only
        what is named changed (the player, the penalty, the infraction).

        The new record keeps the old one's incident, round and phase, its table, game,
        opponent, extension and note; the fold gives it the old one's judge, time and
        witness notes (``corrects``). It is planned on a copy of ``state`` with the void
        applied, so the voided record no longer counts in the new classification, and
        ``state`` itself is left as it was: a refused correction changes nothing.
        """
        self.require_head(self.identify(state, judge_name), N_("correct a record"))
        if not (note or "").strip():
            raise BadInput(
                _("a correction needs its reason: --note TEXT"), key="correction_needs_note"
            )
        entries = self.plan_void(state, judge_name, item, note)
        old = state.records.get(entries[0]["data"].get("record", ""))
        if old is None:
            raise BadInput(
                _("{item} is a three-warning decision: void it instead").format(item=item),
                key="correct_a_decision",
            )
        if player is not None:
            player = self.player(state, player.strip())
        if infraction is not None:
            self.infraction(infraction)
        if penalty is not None:
            self.penalty_key(penalty)
            if not self.rules.penalties[penalty].recorded:
                raise BadInput(
                    _(
                        "{penalty} is not recorded against a player: to take the record "
                        "back, use `judgetui void {item} --note REASON`"
                    ).format(penalty=text.penalty_name(self.rules, penalty), item=old.id),
                    key="correct_not_recorded",
                )
        opponent = old.opponent
        if player is not None and player == opponent:
            opponent = old.player  # the other player at the table was the one penalised
        request = RecordRequest(
            players=[player or old.player],
            infraction=infraction or old.infraction,
            intentional=old.intentional,
            disruptive=old.disruptive,
            flags=frozenset(old.flags),
            minutes_late=old.minutes_late,
            note=old.note,
            penalty=penalty or old.penalty,
            table=old.table,
            game=old.game,
            opponent=opponent,
            extension=old.extension,
        )
        planned = state.planning_copy({old.player, *request.players})
        for entry in entries:
            planned.apply({**entry, "seq": planned.count + 1})
        more, result = self.plan_record(planned, judge_name, request, corrects=old)
        return entries + more, Corrected(old.id, result)

    def _upgraded(self, record: RecordState, key: str) -> Outcome:
        try:
            return engine.upgraded(self.rules, Outcome(record.warning, record.sanction), key)
        except engine.NotAnUpgrade as exc:
            if exc.reason == "not_above_warning":
                message = _("{key} is not above {current}: use confirm or dismiss")
            elif exc.reason == "not_official":
                message = _("upgrade to an official warning level, not {key}")
            else:
                message = _("{key} is not above {current}")
            # the engine's reason is a word of its own closed set (`NotAnUpgradeReason`)
            raise BadInput(message.format(key=key, current=exc.current), key=exc.reason) from None

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
                ).format(id=pid, points=state.points(pid), phase=text.phase_name(state.phase)),
                key="no_decision_owed",
            )
        verdict = next((o for o in owed.options if o.key == penalty), None)
        if verdict is None:
            raise BadInput(
                _("{penalty} is not a three-warning option ({allowed})").format(
                    penalty=penalty, allowed=", ".join(owed.allowed)
                ),
                key="not_a_decision_option",
            )
        if not verdict.allowed:
            raise BadInput(
                _("{penalty} is not allowed for {id}: {why}").format(
                    penalty=penalty, id=pid, why=", ".join(verdict.failed)
                ),
                key="decision_option_not_allowed",
            )
        if needs_a_note(self.rules, penalty) and not note.strip():
            raise BadInput(
                _("a {penalty} needs a note for the log saying why: --note TEXT").format(
                    penalty=text.penalty_name(self.rules, penalty)
                ),
                key="decision_needs_note",
            )
        # Which game or match the loss applies to, by the same rule as a record's
        # (RULINGS §1): an ejection or disqualification loses the current match at once.
        applies = engine.decision_applies(
            self.rules, penalty, advantage=advantage, between_matches=between_matches
        )
        payload = declared.build(
            "decision_made",
            player=pid,
            penalty=penalty,
            points=owed.points,
            phase=state.phase,
            round=state.round,
            strong_cheating=strong_cheating,
            applies=applies,
            note=note,
        )
        return [self.entry("decision_made", judge, payload)]

    def plan_close_investigation(
        self, state: EventState, judge_name: str | None, item: str, finding: str | None
    ) -> list[Entry]:
        """The head judge closes an open investigation with a finding."""
        judge = self.identify(state, judge_name)
        self.require_head(judge, N_("close an investigation"))
        target = self.resolve(state, item, records_only=True)
        record = state.records.get(target)
        if record is None:
            raise BadInput(_("no record {item!r}").format(item=item), key="unknown_record")
        if not record.investigation:
            raise BadInput(
                _("record {item} opened no investigation").format(item=record.id),
                key="no_investigation",
            )
        if record.id in state.closed_investigations:
            raise BadInput(
                _("the investigation of record {item} is already closed").format(item=record.id),
                key="investigation_closed",
            )
        if record not in state.open_investigations():
            raise BadInput(
                _("record {item} is {status}: it opens no investigation").format(
                    item=record.id, status=text.record_status_name(record.status)
                ),
                key="investigation_not_open",
            )
        reason = (finding or "").strip()
        if not reason:
            raise BadInput(
                _("closing an investigation needs its finding: --finding TEXT"),
                key="finding_missing",
            )
        payload = declared.build("investigation_closed", record=record.id, finding=reason)
        return [self.entry("investigation_closed", judge, payload)]
