"""The head judge's review: the pending queue, one item at a time.

Notices land here at once; a floor judge's requests wait here and count only once
confirmed (RULINGS §1); a player who reached three points brings a decision. For each
notice or request the head judge confirms it, upgrades it to any official level above
the one asked (a warning level or a sanction), or dismisses it with a note, and may flip
"minor" on the way (it decides which three-warning options stay open, RULINGS §3). The
player's history stands beside the item, so nobody reviews blind.

Keys: ``c`` confirm, ``u`` upgrade, ``x`` dismiss, ``m`` minor, ``v`` void, ``d``/enter decide
(decision items), ``j``/``k`` or the arrows move, ``p`` the player, escape back.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Static

from judgetui import engine, report_texts, text
from judgetui.i18n import N_, _, ngettext
from judgetui.rules import SITUATION_FLAGS
from judgetui.state import EventState, QueueItem, RecordState
from judgetui.station.dialogs.decision import decide_for
from judgetui.station.dialogs.review_action import ReviewActionModal, ReviewAnswer
from judgetui.station.messages import Refused, Reviewed, Voided
from judgetui.station.navigation import navigator
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.context import context_lines
from judgetui.station.widgets.earlier import EarlierLine
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import (
    INFRACTION_WIDTH,
    ago,
    clipped,
    clock_time,
    judge_text,
    outcome_text,
    phase_name,
    status_name,
)
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.result import HISTORY_SHOWN, ROOMY_HEIGHT, opponent_text


def points_if(state: EventState, record: RecordState, warning: str | None) -> int:
    """The player's points in the current phase if ``record`` stood with ``warning``, issued.

    ``warning=None`` leaves the record out (a dismissal). The engine counts
    (`engine.points_if`); this only hands it the player's other records.
    """
    others = [
        r.past()
        for r in state.history(record.player)
        if r.status != "superseded" and r.id != record.id
    ]
    return engine.points_if(state.rules, others, record.past(), warning, state.phase)


def upgrade_choices(state: EventState, record: RecordState) -> list[tuple[str, engine.Outcome]]:
    """(key, penalty after) for every upgrade of the record: the engine's list, the same
    the service checks a review against (`engine.upgrade_options`)."""
    return engine.upgrade_options(state.rules, engine.Outcome(record.warning, record.sanction))


def effect_text(state: EventState, before: int, after: int) -> str:
    """``2 → 3 points · a decision is owed`` in the judge's words."""
    tw = state.rules.three_warnings
    if before == after:
        words = ngettext("stays at {n} point", "stays at {n} points", after).format(n=after)
    else:
        words = ngettext("{before} → {after} point", "{before} → {after} points", after).format(
            before=before, after=after
        )
    if after >= tw.forced_ejection_at:
        words += " · " + _("ejection is required")
    elif after >= tw.threshold:
        words += " · " + _("a decision is owed")
    return words


def answers_text(state: EventState, record: RecordState) -> Text:
    """Every answer the judge gave: each upgrade question of the rules that applies to the
    infraction (yes or no), the situation flags the engine reads, and minutes late."""
    rules = state.rules
    out = Text()
    out.append(_("Answers") + ":\n", style="bold")
    flags = set(record.flags)
    asked = [
        flag
        for flag, upgrade in rules.upgrades.items()
        if not upgrade.applies_to or record.infraction in upgrade.applies_to
    ]
    # The yes answers first: they are what raised the penalty.
    for flag in sorted(asked, key=lambda f: f not in flags):
        yes = flag in flags
        out.append("  " + (_("yes") if yes else _("no")) + "  ", style="bold" if yes else "dim")
        out.append(text.question(rules, flag) + "\n", style="bold" if yes else "dim")
    for flag in sorted(SITUATION_FLAGS & flags):
        out.append("  " + _("yes") + "  ", style="bold")
        out.append(text.situation_flag_name(flag) + "\n", style="bold")
    if record.minutes_late is not None:
        out.append("  " + _("Minutes late") + ": ", style="bold")
        out.append(f"{record.minutes_late}\n")
    return out


def reasons_text(state: EventState, record: RecordState) -> Text:
    """The engine's reasons for the record, each with its rule: the classification redone
    from the stored answers and the player's history before it."""
    rules = state.rules
    classification = report_texts.classification_of(state, record)
    if classification is None:  # a flag or infraction the rules in force no longer know
        return Text()
    out = Text()
    out.append(_("Reasons") + ":\n", style="bold")
    for reason in classification.reasons:
        out.append("  • " + text.reason_text(rules, reason) + "\n")
    return out


def incident_text(state: EventState, record: RecordState) -> Text:
    """The other players of the same incident (the same ``incident`` id), with their
    penalty and status, so one incident is reviewed as one."""
    rules = state.rules
    others = [
        r
        for r in state.records.values()
        if r.incident == record.incident and r.player != record.player and r.status != "superseded"
    ]
    if not others:
        return Text()
    out = Text()
    out.append(_("Same incident") + ":\n", style="bold")
    for other in others:
        player = state.players[other.player]
        out.append(f"  {player.name} ({player.id})  ")
        out.append_text(outcome_text(rules, engine.Outcome(other.warning, other.sanction)))
        out.append(f"  {status_name(other.status)}\n")
    return out


class ReviewScreen(StationScreen):
    """The head judge's queue, item by item, with the player's history beside it."""

    HELP_TITLE: ClassVar[str] = N_("Head judge review")
    # Textual declares this without ClassVar, so mypy refuses one here.
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-narrow"),
        (100, "-wide"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", N_("Confirm"), id="review.confirm"),
        Binding("u", "upgrade", N_("Upgrade"), id="review.upgrade"),
        Binding("x", "dismiss_item", N_("Dismiss"), id="review.dismiss"),
        Binding("m", "minor", N_("Minor"), id="review.minor"),
        Binding("v", "void", N_("Void"), id="review.void"),
        Binding("d,enter", "decide", N_("Decide"), id="review.decide"),
        Binding("j,down", "move(1)", N_("Next"), id="review.next"),
        Binding("k,up", "move(-1)", N_("Previous"), id="review.previous"),
        Binding("p", "player", N_("Player"), id="review.player"),
        Binding("escape", "back", N_("Back"), id="review.back"),
        Binding(
            "pageup", "scroll_card(-1)", N_("Scroll the item up"), show=False, id="review.scroll_up"
        ),
        Binding(
            "pagedown",
            "scroll_card(1)",
            N_("Scroll the item down"),
            show=False,
            id="review.scroll_down",
        ),
    ]
    HEAD_ONLY: ClassVar[frozenset[str]] = frozenset(
        {"confirm", "upgrade", "dismiss_item", "minor", "decide", "void"}
    )
    AUTO_FOCUS: ClassVar[str | None] = ""
    """Nothing takes the focus: the arrows move through the queue, not inside a pane."""

    def __init__(self, item_id: str | None = None) -> None:
        super().__init__()
        self.add_class("station-screen")
        self.start_item = item_id
        self.index = 0
        self.items: list[QueueItem] = []
        self.minor_changes: dict[str, bool] = {}
        """Item id → the "minor" the head judge set with ``m`` (sent with the review)."""
        self.busy = False
        self.earlier = EarlierLine(self, self.show_item)

    # -- layout ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield Static(_("Head judge review"), id="review-title", classes="screen-title")
        with Horizontal(id="review-body"):
            card = VerticalScroll(id="review-item")
            card.can_focus = False
            with card:
                yield Static("", id="review-card")
            with Vertical(id="review-history"):
                yield Static("", id="review-history-title", classes="pane-title")
                table: DataTable[str | Text] = DataTable(
                    id="review-history-table", cursor_type="row", zebra_stripes=True
                )
                table.can_focus = False
                yield table
        yield StationFooter()

    def on_mount(self) -> None:
        self.query_one(StationHeader).show(self.session)
        table = self.query_one("#review-history-table", DataTable)
        table.add_columns(_("Rd"), _("Penalty"), _("Status"), _("Infraction"), _("Judge"))
        if not self.session.is_head:
            self.query_one("#review-title", Static).update(_("Head judge review"))
            self.query_one("#review-card", Static).update(
                Text(
                    _(
                        "Only the head judge reviews the queue; {name} is a floor judge.\n"
                        "Press escape to go back."
                    ).format(name=self.session.judge.name),
                    style="bold",
                )
            )
            self.query_one("#review-history", Vertical).display = False
            self.notify(_("Only the head judge reviews the queue."), severity="error")
            return
        self.items = list(self.session.queue())
        if self.start_item is not None:
            ids = [item.id for item in self.items]
            if self.start_item in ids:
                self.index = ids.index(self.start_item)
        self.show_item()
        current = self.current
        if current is not None and current.id == self.start_item and current.kind == "decision":
            self.call_after_refresh(self.action_decide)

    # -- state -------------------------------------------------------------------

    @property
    def current(self) -> QueueItem | None:
        if not self.items:
            return None
        return self.items[min(self.index, len(self.items) - 1)]

    def on_state_changed(self) -> None:
        self.query_one(StationHeader).show(self.session)
        if not self.session.is_head:
            return
        keep = self.current.id if self.current else None
        self.items = list(self.session.queue())
        ids = [item.id for item in self.items]
        if keep in ids:
            self.index = ids.index(keep)
        self.index = max(0, min(self.index, len(self.items) - 1))
        self.show_item()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        allowed = super().check_action(action, parameters)
        if not allowed:
            return allowed
        item = self.current
        if action in ("confirm", "upgrade", "dismiss_item", "minor", "void"):
            return None if item is None or item.kind == "decision" or self.busy else True
        if action == "decide":
            return None if item is None or item.kind != "decision" or self.busy else True
        if action == "player":
            return item is not None
        if action == "move":
            return len(self.items) > 1 or None
        return True

    # -- showing -------------------------------------------------------------------

    def show_item(self) -> None:
        """Fill the card and the history for the current item."""
        item = self.current
        state = self.session.state
        title = self.query_one("#review-title", Static)
        card = self.query_one("#review-card", Static)
        history = self.query_one("#review-history", Vertical)
        if item is None:
            title.update(_("Head judge review · the queue is empty"))
            card.update(Text(_("Nothing waits for you. Press escape to go back."), style="bold"))
            history.display = False
            self.refresh_bindings()
            return
        history.display = True
        position = min(self.index, len(self.items) - 1) + 1
        title.update(
            _("Head judge review · item {n} of {total}").format(n=position, total=len(self.items))
        )
        if item.kind == "decision":
            card.update(self._decision_card(state, item))
        else:
            card.update(self._record_card(state, state.records[item.id]))
        self._fill_history(state, item)
        self.refresh_bindings()

    def _kind_text(self, item: QueueItem) -> str:
        judge = self.session.state.judges.get(item.judge or "")
        if item.kind != "decision" and judge is not None and judge.role == "trainee":
            return _("A trainee's call: it counts only once you confirm it, as your own")
        kinds = {
            "notice": _("Notice to check"),
            "request": _("Request from a floor judge"),
            "decision": _("Three-warning decision owed"),
        }
        return kinds[item.kind]

    def _player_line(self, state: EventState, player_id: str) -> Text:
        player = state.players[player_id]
        line = Text()
        line.append(f"{player.name} ({player.id})", style="bold")
        points = state.points(player_id)
        line.append(
            "  "
            + ngettext("{n} point in the {phase}", "{n} points in the {phase}", points).format(
                n=points, phase=phase_name(state.phase)
            )
        )
        earlier = self.earlier.line(self.session, state, player, margin=4)
        return line + "\n" + earlier[:-1] if earlier else line

    def _opponent_line(self, state: EventState, opponent: str | None, infraction: str) -> Text:
        """The opponent's standing and history beside the player's (the record's opponent,
        else the round's pairings'): one line at 80×24, their records when there is room."""
        if opponent is None or opponent not in state.players:
            return Text()
        room = HISTORY_SHOWN if self.app.size.height > ROOMY_HEIGHT else 0
        line = opponent_text(state, opponent, infraction, room)
        if not room:  # the card wraps its text: this line is cut at its edge instead
            width = self.query_one("#review-card").size.width or self.app.size.width - 4
            line.truncate(width, overflow="ellipsis")
        line.append("\n")
        return line

    def _record_card(self, state: EventState, record: RecordState) -> Text:
        rules = state.rules
        item = self.current
        assert item is not None
        out = Text()
        out.append(self._kind_text(item), style="bold reverse")
        out.append("  " + _("waiting {age}").format(age=ago(record.at, self.session.clock())))
        out.append("\n")
        out.append_text(self._player_line(state, record.player))
        out.append("\n")
        opponent = record.opponent or state.player_opponent(record.player, record.round)
        out.append_text(self._opponent_line(state, opponent, record.infraction))
        verb = _("Asks for") if record.status == "pending" else _("Issued")
        out.append(f"{verb}: ", style="bold")
        out.append_text(outcome_text(rules, engine.Outcome(record.warning, record.sanction)))
        applies = text.applies_text(record.applies, record.sanction)
        if applies:
            out.append(f" ({applies})")
        out.append("\n")
        out.append(
            _("Recommended {recommended}, minimum {minimum}").format(
                recommended=text.penalty_name(rules, record.recommended),
                minimum=text.penalty_name(rules, record.minimum),
            )
        )
        out.append("\n")
        out.append(_("Infraction") + ": ", style="bold")
        out.append(text.infraction_name(rules, record.infraction))
        traits = [
            _("intentional") if record.intentional else _("unintentional"),
            _("disruptive") if record.disruptive else _("nondisruptive"),
        ]
        out.append(" · " + _(", ").join(traits) + "\n")
        minor = self.minor_changes.get(record.id, record.minor)
        out.append(_("Minor") + ": ", style="bold")
        out.append(_("yes") if minor else _("no"))
        if record.id in self.minor_changes and minor != record.minor:
            out.append("  " + _("(changed by you; sent with the review)"), style="italic")
        out.append("\n")
        out.append(_("From") + ": ", style="bold")
        out.append(
            _("{judge}, round {round}, {time}").format(
                judge=record.judge or "?", round=record.round, time=clock_time(record.at)
            )
        )
        out.append("\n")
        if record.note:
            out.append(_("Note") + ": ", style="bold")
            out.append(record.note + "\n")
        out.append_text(context_lines(state, record))
        before = state.points(record.player)
        out.append(_("If confirmed") + ": ", style="bold")
        out.append(effect_text(state, before, points_if(state, record, record.warning)) + "\n")
        # What the floor judge saw and why the engine said what it did, below what the
        # head judge decides on (at 80×24 the card scrolls; pageup/pagedown).
        out.append_text(incident_text(state, record))
        out.append_text(answers_text(state, record))
        out.append_text(reasons_text(state, record))
        out.rstrip()
        return out

    def _decision_card(self, state: EventState, item: QueueItem) -> Text:
        rules = state.rules
        out = Text()
        out.append(self._kind_text(item), style="bold reverse")
        out.append("\n")
        out.append_text(self._player_line(state, item.player))
        out.append("\n")
        opponent = state.player_opponent(item.player, state.round)
        out.append_text(self._opponent_line(state, opponent, ""))
        owed = state.decision_owed(item.player)
        if owed is not None:
            if owed.required:
                out.append(
                    _("{penalty} is required (a fourth warning).").format(
                        penalty=text.penalty_name(rules, owed.required)
                    )
                )
            else:
                out.append(
                    _("Default: {penalty}. Allowed: {allowed}.").format(
                        penalty=text.penalty_name(rules, owed.default),
                        allowed=_(", ").join(text.penalty_name(rules, k) for k in owed.allowed),
                    )
                )
            out.append("\n")
        out.append(_("Press d or enter to decide."), style="bold")
        return out

    def _fill_history(self, state: EventState, item: QueueItem) -> None:
        rules = state.rules
        player = state.players[item.player]
        self.query_one("#review-history-title", Static).update(
            _("History of {name}").format(name=player.name)
        )
        table = self.query_one("#review-history-table", DataTable)
        table.clear()
        mark_row = None
        for number, record in enumerate(state.history(item.player)):
            is_item = record.id == item.id
            if is_item:
                mark_row = number
            round_label = f"F{record.round}" if record.phase == "finals" else f"{record.round}"
            table.add_row(
                ("▶ " if is_item else "  ") + round_label,
                outcome_text(rules, engine.Outcome(record.warning, record.sanction)),
                status_name(record.status),
                clipped(text.infraction_name(rules, record.infraction), INFRACTION_WIDTH),
                judge_text(record),
                key=record.id,
            )
        if not table.row_count:
            table.add_row("", _("No earlier penalties."), "", "", "")
        else:
            table.move_cursor(row=mark_row if mark_row is not None else table.row_count - 1)

    # -- actions -----------------------------------------------------------------------

    def _record(self) -> RecordState | None:
        item = self.current
        if item is None or item.kind == "decision":
            return None
        return self.session.state.records.get(item.id)

    def _review(
        self,
        action: str,
        penalty: str | None = None,
        note: str = "",
        done: str | None = None,
    ) -> None:
        record = self._record()
        if record is None:
            return
        session = self.session
        minor = self.minor_changes.get(record.id)
        wanted_minor = minor if minor is not None and action != "dismiss" else None
        self.busy = True
        self.refresh_bindings()
        self.serve(
            lambda: session.review(record.id, action, penalty, note, wanted_minor),
            Reviewed,
            done,
            about=record.id,
        )

    def on_reviewed(self, message: Reviewed) -> None:
        self.busy = False
        self.refresh_bindings()
        if message.about is not None:
            self.minor_changes.pop(message.about, None)

    def on_refused(self, message: Refused) -> None:
        if message.act is Reviewed:
            self.busy = False
            self.refresh_bindings()

    def action_confirm(self) -> None:
        record = self._record()
        if record is None:
            return
        name = self.session.state.players[record.player].name
        self._review(
            "confirm",
            done=_("Confirmed: {penalty} for {name}.").format(
                penalty=text.penalty_name(self.session.rules, record.penalty), name=name
            ),
        )

    def action_upgrade(self) -> None:
        record = self._record()
        if record is None:
            return
        state = self.session.state
        rules = state.rules
        before = state.points(record.player)
        choices: list[tuple[str, Text]] = []
        for key, after in upgrade_choices(state, record):
            label = Text(text.outcome_name(rules, after), style="bold")
            label.append("  " + effect_text(state, before, points_if(state, record, after.warning)))
            choices.append((key, label))
        name = state.players[record.player].name

        def answered(answer: ReviewAnswer | None) -> None:
            if answer is None or answer.penalty is None:
                return
            penalty = answer.penalty
            self._review(
                "upgrade",
                penalty,
                answer.note,
                done=_("Upgraded to {penalty} for {name}.").format(
                    penalty=text.penalty_name(rules, penalty), name=name
                ),
            )

        self.app.push_screen(
            ReviewActionModal(
                _("Upgrade for {name}: choose the level").format(name=name),
                choices,
                _("Note (optional)"),
                note_required=False,
                rules=rules,  # an ejection or a disqualification is confirmed in the dialog
                player=name,
            ),
            answered,
        )

    def action_dismiss_item(self) -> None:
        record = self._record()
        if record is None:
            return
        name = self.session.state.players[record.player].name

        def answered(answer: ReviewAnswer | None) -> None:
            if answer is None:
                return
            self._review(
                "dismiss",
                note=answer.note,
                done=_("Dismissed for {name}.").format(name=name),
            )

        self.app.push_screen(
            ReviewActionModal(
                _("Dismiss the {penalty} for {name}").format(
                    penalty=text.penalty_name(self.session.rules, record.penalty), name=name
                ),
                None,
                _("Why is it dismissed? (required)"),
                note_required=True,
            ),
            answered,
        )

    def action_void(self) -> None:
        """v: void the record (it stays in the log, marked voided; a reason is required)."""
        from judgetui.station.dialogs.void import VoidModal, void_effect

        record = self._record()
        if record is None or record.status not in ("issued", "pending"):
            self.notify(_("Choose a record or decision that still stands."), severity="warning")
            return
        session = self.session
        rules = session.rules
        name = session.state.players[record.player].name
        what = _("{penalty} for {name}: {infraction}, round {round}").format(
            penalty=text.penalty_name(rules, record.penalty),
            name=name,
            infraction=text.infraction_name(rules, record.infraction),
            round=record.round,
        )
        record_id = record.id

        def answered(note: str | None) -> None:
            if note is None:
                return
            self.serve(
                lambda: session.void(record_id, note),
                Voided,
                _("Voided: {what}.").format(what=what),
            )

        self.app.push_screen(VoidModal(what, void_effect(rules, record)), answered)

    def action_minor(self) -> None:
        record = self._record()
        if record is None:
            return
        now = self.minor_changes.get(record.id, record.minor)
        if (not now) == record.minor:
            self.minor_changes.pop(record.id, None)
        else:
            self.minor_changes[record.id] = not now
        self.show_item()

    def action_decide(self) -> None:
        item = self.current
        if item is None or item.kind != "decision":
            return
        decide_for(self, item.player)

    def action_move(self, step: int) -> None:
        if not self.items:
            return
        self.index = (min(self.index, len(self.items) - 1) + step) % len(self.items)
        self.show_item()

    def action_player(self) -> None:
        item = self.current
        if item is not None:
            navigator(self.app).open_player(item.player)

    def action_scroll_card(self, pages: int) -> None:
        card = self.query_one("#review-item", VerticalScroll)
        if pages < 0:
            card.scroll_page_up(animate=False)
        else:
            card.scroll_page_down(animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
