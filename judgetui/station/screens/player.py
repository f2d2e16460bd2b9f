"""One player: standing, points in the current phase, and the whole history.

The history is split the way the rules count it (RULINGS §3): the main rounds, the
final rounds (where the count starts again from zero, the main-round history still
visible), and draft warnings apart (they never count). Each record shows its penalty,
status (pending / issued / dismissed / superseded), infraction, judge, round, time and
note, and the three-warning decisions sit in their phase with the records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static
from textual.widgets.data_table import CellDoesNotExist

from judgetui import engine, text
from judgetui.i18n import N_, _, ngettext
from judgetui.state import DecisionState, EventState, PlayerState, RecordState
from judgetui.station.messages import Voided
from judgetui.station.navigation import navigator
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.earlier import EarlierLine
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import (
    INFRACTION_WIDTH,
    clipped,
    clock_time,
    judge_text,
    no_decision_owed,
    outcome_text,
    phase_name,
    status_name,
)
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.rows import (
    decision_detail_tail,
    decision_penalty_name,
    decision_status_cell,
    decision_struck,
    made_by,
    record_detail_tail,
)

Row = tuple[str | Text, ...]


@dataclass(frozen=True)
class Line:
    """One row of the history: its order (when it happened, its place in the log), its
    key, its cells, its details."""

    order: tuple[str, int]
    key: str
    row: Row
    detail: Text


def points_summary(state: EventState, player_id: str, points: int, owed: bool) -> str:
    """The points with what they mean now, never contradicting "Decision owed".

    A player who no longer plays owes no decision; a decision already made is said so;
    otherwise the threshold is named.
    """
    player = state.players[player_id]
    threshold = state.rules.three_warnings.threshold
    if player.status != "active":
        return _("{n} (no decision: the player is {status})").format(
            n=points, status=status_name(player.status)
        )
    if points >= threshold and not owed:
        return _("{n} (the three-warning decision is made)").format(n=points)
    return _("{n} (a decision is owed at {t})").format(n=points, t=threshold)


class PlayerScreen(StationScreen):
    """Everything about one player the judges have recorded."""

    HELP_TITLE: ClassVar[str] = N_("Player")
    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority keys, as on the dashboard: the App awaits them before the next key, so
        # the letters typed right after `n` land in the new incident's search, and those
        # typed right after `c` in the correction dialog.
        Binding("n", "new_incident", N_("New incident"), priority=True, id="player.new_incident"),
        Binding("d", "decide", N_("Decide"), id="player.decide"),
        Binding("r", "review", N_("Review pending"), id="player.review"),
        Binding("v", "void", N_("Void"), id="player.void"),
        Binding("c", "correct", N_("Correct"), priority=True, id="player.correct"),
        Binding("R", "report", N_("Report"), show=False, id="player.report"),
        Binding("s", "slip", N_("Slip"), id="player.slip"),
        Binding("escape", "back", N_("Back"), id="player.back"),
    ]
    HEAD_ONLY: ClassVar[frozenset[str]] = frozenset({"decide", "review", "void", "correct"})

    def __init__(self, player_id: str) -> None:
        super().__init__()
        self.add_class("station-screen")
        self.player_id = player_id
        self.details: dict[str, Text] = {}
        """Row key → the full record (judge, note, review), shown under the table."""
        self.earlier = EarlierLine(self, self.show_player)

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield Static("", id="player-title", classes="screen-title")
        yield Static("", id="player-summary")
        yield DataTable(id="player-history", cursor_type="row", zebra_stripes=True)
        yield Static("", id="player-detail")
        yield StationFooter()

    def on_mount(self) -> None:
        table = self.query_one("#player-history", DataTable)
        names = (N_("Rd"), N_("Time"), N_("Penalty"), N_("Pt"), N_("Status"), N_("Infraction"))
        table.add_columns(*map(_, names), _("Judge"), _("Note"))
        self.show_player()
        table.focus()

    def on_state_changed(self) -> None:
        self.show_player()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if not allowed:
            return allowed
        state = self.session.state
        if self.player_id not in state.players:
            return None if action in ("decide", "review") else True
        if action == "decide":
            return state.decision_owed(self.player_id) is not None or None
        if action == "review":
            return any(i.player == self.player_id for i in self.session.queue()) or None
        if action in ("void", "correct", "slip"):
            return self._voidable(action != "void") is not None or None
        return True

    def refusal(self, action: str, description: str) -> str | None:
        """Why a greyed key does nothing here, in one line (`StationScreen._refused_key`)."""
        if action in self.HEAD_ONLY and not self.session.is_head:
            return super().refusal(action, description)
        if self.player_id not in self.session.state.players:
            return _("No player {id} in this event.").format(id=self.player_id)
        if action == "decide":
            return no_decision_owed(self.session, self.player_id)
        said = {
            "review": _("Nothing of this player's is waiting for review."),
            "void": _("Choose a record or decision that still stands."),
            "correct": _("Choose a record that still stands."),
        }
        return said.get(action.replace("slip", "correct")) or super().refusal(action, description)

    # -- showing -------------------------------------------------------------------

    def show_player(self) -> None:
        self.query_one(StationHeader).show(self.session)
        state = self.session.state
        title = self.query_one("#player-title", Static)
        summary = self.query_one("#player-summary", Static)
        player = state.players.get(self.player_id)
        if player is None:
            title.update(_("Player {id}").format(id=self.player_id))
            summary.update(_("No player {id} in this event.").format(id=self.player_id))
            return
        title.update(_("Player: {name} ({id})").format(name=player.name, id=player.id))
        earlier = self.earlier.line(self.session, state, player, margin=2)
        summary.update(self._roster_line(state, player) + earlier + self._summary(state))
        self._fill_history(state)

    @staticmethod
    def _roster_line(state: EventState, player: PlayerState) -> Text:
        """The roster's reading and DCI number, the table this round (its pairings', else
        the roster's) and the opponent the pairings give, when known: one line."""
        out = Text()
        table = state.player_table(player.id, state.round)
        for label, value in (
            (_("Reading"), player.reading),
            (_("DCI"), player.dci),
            (_("Table"), None if table is None else str(table)),
            (_("Opponent"), state.player_opponent(player.id, state.round)),
        ):
            if value:
                out.append(("   " if out.plain else "") + label + ": ", style="bold")
                out.append(value)
        return out.append("\n") if out.plain else out

    def _summary(self, state: EventState) -> Text:
        rules = state.rules
        player = state.players[self.player_id]
        out = Text()
        out.append(_("Status") + ": ", style="bold")
        out.append(
            status_name(player.status),
            style="bold" if player.status == "active" else "bold reverse",
        )
        points = state.points(self.player_id)
        owed = state.decision_owed(self.player_id)
        # A line of its own: at 80 columns "Status: active" and "Points" wrapped into one
        # word when copied ("activePoints").
        out.append(
            "\n" + _("Points in the {phase}").format(phase=phase_name(state.phase)) + ": ",
            style="bold",
        )
        out.append(points_summary(state, self.player_id, points, owed is not None))
        if state.phase == "finals":
            out.append("\n" + _("The count restarted at the final rounds; the history is kept."))
        out.append("\n" + _("Decision owed") + ": ", style="bold")
        if owed is None:
            out.append(_("no"))
        else:
            key = owed.required or owed.default
            word = _("required") if owed.required else _("default")
            out.append(
                _("yes: {penalty} ({word}); press d").format(
                    penalty=text.penalty_name(rules, key), word=word
                ),
                style="bold",
            )
        waiting = [i for i in self.session.queue() if i.player == self.player_id]
        if waiting and any(i.kind != "decision" for i in waiting):
            count = sum(1 for i in waiting if i.kind != "decision")
            out.append(
                "   "
                + ngettext(
                    "{n} item waits for the head judge",
                    "{n} items wait for the head judge",
                    count,
                ).format(n=count)
            )
        return out

    def _record_line(self, state: EventState, record: RecordState) -> Line:
        rules = state.rules
        note = record.note
        if record.review_note:
            review = _("review: {note}").format(note=record.review_note)
            note = f"{note} · {review}" if note else review
        if record.happened_at is not None:
            note = " · ".join(filter(None, (_("entered later"), note)))
        status = status_name(record.status)
        if record.status == "issued" and record.judge_role != "head" and record.reviewed_by:
            status = _("confirmed")
        penalty = outcome_text(rules, engine.Outcome(record.warning, record.sanction))
        gone = record.status in ("dismissed", "superseded", "voided")
        if gone:
            penalty.stylize("dim")
        if record.status == "voided":
            penalty.stylize("strike")
        applies = text.applies_text(record.applies, record.sanction)
        row: Row = (
            str(record.round),
            clock_time(record.happened, self.session.clock()),
            penalty,
            str(record.points),
            Text(status, style="dim" if gone else "bold" if record.status == "pending" else ""),
            clipped(text.infraction_name(rules, record.infraction), INFRACTION_WIDTH),
            judge_text(record),
            note,
        )
        detail = Text()
        detail.append_text(penalty)
        if applies:
            detail.append(f" ({applies})")
        detail.append(f" · {status} · ")
        detail.append(text.infraction_name(rules, record.infraction))
        traits = [
            _("intentional") if record.intentional else _("unintentional"),
            _("disruptive") if record.disruptive else _("nondisruptive"),
            _("minor") if record.minor else _("not minor"),
        ]
        detail.append(" (" + _(", ").join(traits) + ")")
        now = self.session.clock()
        detail.append("\n" + made_by(record.judge, record.round, record.happened, now, by=True))
        if record.reviewed_by and record.judge_role != "head":
            detail.append(" · " + _("reviewed by {judge}").format(judge=record.reviewed_by))
        record_detail_tail(detail, state, record, note)
        return Line((record.happened, record.seq), record.id, row, detail)

    def _decision_line(self, state: EventState, decision: DecisionState) -> Line:
        penalty = decision_penalty_name(state.rules, decision)
        what = text.decision_what(decision)
        now = self.session.clock()
        row: Row = (
            str(decision.round),
            clock_time(decision.at, now),
            Text(penalty, style=decision_struck(decision) or "bold"),
            "",
            decision_status_cell(state, decision),
            what,
            decision.judge,
            decision.note,
        )
        detail = Text(penalty, style="bold")
        detail.append(" · " + what)
        detail.append("\n" + made_by(decision.judge, decision.round, decision.at, now, by=True))
        decision_detail_tail(detail, state, decision)
        return Line((decision.at, decision.seq), decision.id, row, detail)

    def _fill_history(self, state: EventState) -> None:
        table = self.query_one("#player-history", DataTable)
        keep = self._highlighted_key(table)
        table.clear()
        self.details.clear()
        player = state.players[self.player_id]
        records = state.history(self.player_id)
        sections: list[tuple[str, list[Line]]] = []
        for phase, title in (
            ("main", _("Main rounds")),
            ("finals", _("Final rounds (counted from zero)")),
        ):
            lines = [
                self._record_line(state, r)
                for r in records
                if r.phase == phase and not r.draft_only
            ]
            lines += [self._decision_line(state, d) for d in player.decisions if d.phase == phase]
            if lines or phase == state.phase:
                sections.append((title, sorted(lines, key=lambda line: line.order)))
        drafts = [self._record_line(state, r) for r in records if r.draft_only]
        if drafts:
            sections.append((_("Draft warnings (never counted)"), drafts))
        width = len(table.columns)
        for number, (title, lines) in enumerate(sections):
            heading: list[str | Text] = [""] * width
            heading[2] = Text(f"── {title} ──", style="bold")
            table.add_row(*heading, key=f"section:{number}")
            if not lines:
                empty: list[str | Text] = [""] * width
                empty[2] = Text(_("nothing recorded"), style="italic")
                table.add_row(*empty, key=f"empty:{number}")
            for line in lines:
                table.add_row(*line.row, key=line.key)
                self.details[line.key] = line.detail
        keys = [line.key for _title, lines in sections for line in lines]
        target = keep if keep in self.details else (keys[-1] if keys else None)
        if target is not None:
            table.move_cursor(row=table.get_row_index(target), animate=False)
        self._show_detail(target)

    @staticmethod
    def _highlighted_key(table: DataTable[str | Text]) -> str | None:
        if not table.row_count:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except CellDoesNotExist:
            return None
        return key

    def _show_detail(self, key: str | None) -> None:
        detail = self.query_one("#player-detail", Static)
        if key is None or key not in self.details:
            detail.update(
                Text(_("Move through the history with ↑ ↓ to read a record."), style="italic")
            )
            return
        detail.update(self.details[key])

    @on(DataTable.RowHighlighted, "#player-history")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail(event.row_key.value)

    # -- actions -------------------------------------------------------------------------

    def action_decide(self) -> None:
        from judgetui.station.dialogs.decision import decide_for

        decide_for(self, self.player_id)

    async def action_new_incident(self) -> None:
        """n: a new incident with this player chosen. Awaited until the screen is up, so
        keys typed right after ``n`` reach the classification (issue 11 item 8)."""
        await navigator(self.app).open_classify([self.player_id])

    def action_review(self) -> None:
        waiting = [i for i in self.session.queue() if i.player == self.player_id]
        if waiting:
            navigator(self.app).open_review(waiting[0].id)

    def _voidable(self, correct: bool = False) -> RecordState | DecisionState | None:
        """The highlighted record or decision, when it still stands (and so can be voided)."""
        state = self.session.state
        if self.player_id not in state.players:
            return None
        tables = self.query("#player-history").results(DataTable)
        table = next(tables, None)  # the footer asks before the history is composed
        if table is None:
            return None
        key = self._highlighted_key(table)
        if key in state.records:
            record = state.records[key]
            return record if record.status in ("issued", "pending") else None
        if not correct and key in state.decisions and state.decisions[key].voided_by is None:
            return state.decisions[key]
        return None

    def _what(self, target: RecordState | DecisionState) -> str:
        rules = self.session.rules
        name = self.session.state.players[self.player_id].name
        if isinstance(target, DecisionState):
            return _("{penalty} for {name} (three-warning decision, round {round})").format(
                penalty=text.penalty_name(rules, target.penalty), name=name, round=target.round
            )
        return _("{penalty} for {name}: {infraction}, round {round}").format(
            penalty=text.penalty_name(rules, target.penalty),
            name=name,
            infraction=text.infraction_name(rules, target.infraction),
            round=target.round,
        )

    def action_void(self) -> None:
        from judgetui.station.dialogs.void import VoidModal

        target = self._voidable()
        if target is None:
            self.notify(_("Choose a record or decision that still stands."), severity="warning")
            return
        if isinstance(target, DecisionState):
            effect = _(
                "The player is active again; a decision is owed again if the points call for one."
            )
        elif (
            target.sanction is not None
            and self.session.rules.penalties[target.sanction].ends_tournament
        ):
            effect = _("The player is active again unless another penalty ended their tournament.")
        else:
            effect = _("Points, the queue and any decision that rested on it are recomputed.")
        session = self.session
        target_id = target.id

        said = _("Voided: {what}.").format(what=self._what(target))

        def answered(note: str | None) -> None:
            if note is not None:
                self.serve(lambda: session.void(target_id, note), Voided, said)

        self.app.push_screen(VoidModal(self._what(target), effect), answered)

    async def action_correct(self) -> None:
        """c: the correction dialog, awaited until it is up, so that keys typed right after
        ``c`` reach it and not this screen (where ``n`` opens a new incident)."""
        from judgetui.station.dialogs.void import Correction, CorrectModal

        target = self._voidable(correct=True)
        if not isinstance(target, RecordState):
            self.notify(_("Choose a record that still stands."), severity="warning")
            return
        session = self.session
        rules = session.rules
        penalties = [
            (key, text.penalty_name(rules, key))
            for key in (*rules.warnings(), *rules.sanctions_ladder())
            if rules.penalties[key].recorded
        ]

        def answered(fix: Correction | None) -> None:
            if fix is not None:
                self.serve(
                    lambda: session.correct(
                        target.id, fix.note, player=fix.player, penalty=fix.penalty
                    ),
                    Voided,
                    _("Corrected: {penalty} for {player}.").format(
                        penalty=text.penalty_name(rules, fix.penalty), player=fix.player
                    ),
                )

        def name_of(player_id: str) -> str:
            player = session.state.players.get(player_id)
            return player.name if player else player_id

        await self.app.push_screen(
            CorrectModal(
                self._what(target),
                target.player,
                penalties,
                target.penalty,
                rules=rules,  # an ejection or a disqualification is confirmed in the dialog
                name_of=name_of,
            ),
            answered,
        )

    def action_report(self) -> None:
        navigator(self.app).open_player_report(self.player_id)

    def action_slip(self) -> None:
        """s: the highlighted record's penalty slip, to print (`report_texts.slip`)."""
        if isinstance(target := self._voidable(correct=True), RecordState):
            navigator(self.app).open_player_report(self.player_id, target.id)

    def action_back(self) -> None:
        self.dismiss(None)
