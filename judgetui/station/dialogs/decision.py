"""The three-warning decision (RULINGS §3): what the head judge does at 3 points.

`DecisionModal(player_id)` shows every option — game loss, match loss, ejection,
disqualification — with whether the rules allow it and, when not, why. The default
(ejection) is preselected; at 4 points ejection is the only choice below
disqualification. The "strong belief of cheating" toggle asks the engine again
(`EventState.decision_owed(pid, strong_cheating=True)`), since that belief alone can
open disqualification. The modal decides nothing itself: it returns a
`DecisionChoice` (or None when the judge steps back) and its caller records it.

`decide_for(screen, player_id)` is that caller for every screen: it opens the modal and,
on a choice, calls `Station.decide` in a thread worker. Use it from the dashboard::

    from judgetui.station.dialogs.decision import decide_for

    def action_decide(self) -> None:
        decide_for(self, self.selected_player_id)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import engine, text
from judgetui.engine import Decision, OptionVerdict
from judgetui.i18n import N_, _, ngettext
from judgetui.state import EventState, RecordState
from judgetui.station.messages import Decided
from judgetui.station.screens.base import StationScreen, localize_bindings
from judgetui.station.widgets.checkbox import Checkbox
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import phase_name


@dataclass(frozen=True)
class DecisionChoice:
    """What the head judge chose; the caller passes it to `Station.decide`.

    ``advantage`` (game loss: the current game rather than the next) and
    ``between_matches`` (match loss: the next match rather than the current) are only
    ever True for the option they concern.
    """

    penalty: str
    strong_cheating: bool
    note: str
    between_matches: bool = False
    advantage: bool = False


def counted_records(state: EventState, player_id: str) -> list[RecordState]:
    """The player's records that make up their points now (the engine's counted warnings)."""
    return [
        r
        for r in state.history(player_id)
        if r.status != "superseded" and engine.counts_in(state.rules, r.past(), state.phase)
    ]


class DecisionModal(ModalScreen[DecisionChoice | None]):
    """Choose the three-warning penalty for one player; returns the choice, records nothing."""

    HELP_TITLE: ClassVar[str] = N_("Three-warning decision")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "decide", N_("Decide"), priority=True, id="decision.decide"),
        Binding("escape", "cancel", N_("Cancel"), id="decision.cancel"),
        Binding("s", "flip('strong')", N_("Strong belief"), id="decision.strong"),
        Binding("a", "flip('advantage')", N_("Advantage"), id="decision.advantage"),
        Binding("b", "flip('between')", N_("Between matches"), id="decision.between"),
        Binding("tab", "note", N_("Note"), show=False, id="decision.note"),
    ]

    def __init__(self, player_id: str, *, state: EventState | None = None) -> None:
        """``state`` is the event as the caller sees it; by default the session's."""
        super().__init__(classes="station-modal")
        self.player_id = player_id
        self._given_state = state
        self.decision: Decision | None = None

    # -- reading ---------------------------------------------------------------

    @property
    def state(self) -> EventState:
        if self._given_state is not None:
            return self._given_state
        session = getattr(self.app, "session", None)
        state = getattr(session, "state", None)
        if not isinstance(state, EventState):
            raise RuntimeError("DecisionModal needs an EventState: pass state= or set app.session")
        return state

    def _evaluate(self) -> Decision | None:
        strong = self.is_mounted and self.query_one("#decision-strong", Checkbox).value
        return self.state.decision_owed(self.player_id, strong_cheating=bool(strong))

    # -- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        state = self.state
        player = state.players[self.player_id]
        self.decision = self._evaluate()
        with Vertical(id="decision-box", classes="dialog"):
            yield Static(
                _("Three-warning decision: {name} ({id})").format(name=player.name, id=player.id),
                classes="dialog-title",
            )
            with VerticalScroll(id="decision-body"):
                yield Static(self._standing_text(), id="decision-standing")
                yield OptionList(id="decision-options")
                yield Static("", id="decision-why")
                yield Checkbox(
                    _("s  I strongly believe the player cheated"),
                    id="decision-strong",
                    compact=True,
                )
                yield Checkbox(
                    _("a  It gave an advantage in this game: game loss now"),
                    id="decision-advantage",
                    compact=True,
                )
                yield Checkbox(
                    _("b  Found between matches: match loss next match"),
                    id="decision-between",
                    compact=True,
                )
                yield Input(placeholder=_("tab  Note (optional)"), id="decision-note", compact=True)
        yield StationFooter()

    def on_mount(self) -> None:
        session = getattr(self.app, "session", None)
        localize_bindings(self, is_head=bool(getattr(session, "is_head", True)))
        if not getattr(self.app, "cursor_blink", True):
            self.query_one("#decision-note", Input).cursor_blink = False
        for box in self.query(Checkbox):
            box.can_focus = False
        self._fill_options(keep=None)
        self.query_one("#decision-options", OptionList).focus()

    def _standing_text(self) -> Text:
        state = self.state
        decision = self.decision
        out = Text()
        if decision is None:
            out.append(_("No three-warning decision is owed for this player now."), style="bold")
            return out
        out.append(
            ngettext(
                "{n} point in the {phase}",
                "{n} points in the {phase}",
                decision.points,
            ).format(n=decision.points, phase=phase_name(state.phase)),
            style="bold",
        )
        if decision.required:
            out.append("  ")
            out.append(
                _("A fourth warning: {penalty} is required.").format(
                    penalty=text.penalty_name(state.rules, decision.required)
                ),
                style="bold",
            )
        for record in counted_records(state, self.player_id):
            out.append("\n")
            traits = [_("minor") if record.minor else _("not minor")]
            traits.append(_("intentional") if record.intentional else _("unintentional"))
            out.append(
                _("R{round} {penalty} · {traits} · {infraction}").format(
                    round=record.round,
                    penalty=text.penalty_name(state.rules, record.warning, short=True),
                    infraction=text.infraction_name(state.rules, record.infraction),
                    traits=_(", ").join(traits),
                )
            )
        return out

    def _option_prompt(self, verdict: OptionVerdict, decision: Decision) -> Text:
        rules = self.state.rules
        prompt = Text(text.penalty_name(rules, verdict.key), style="bold")
        if not verdict.allowed:
            reasons = "; ".join(text.option_failure(code) for code in verdict.failed)
            prompt.append("  ✗ " + _("not allowed: {reasons}").format(reasons=reasons))
            return prompt
        notes: list[str] = []
        if verdict.key == decision.required:
            notes.append(_("required"))
        elif verdict.key == decision.default:
            notes.append(_("default"))
        if verdict.key == "game_loss":
            notes.append(text.applies_text(self._applies("game_loss"), "game_loss"))
        elif verdict.key == "match_loss":
            notes.append(text.applies_text(self._applies("match_loss"), "match_loss"))
        if notes:
            prompt.append("  (" + _(", ").join(notes) + ")")
        return prompt

    def _applies(self, key: str) -> str | None:
        """Which game or match ``key`` applies to with the boxes as they are: the rule is
        the engine's (`engine.decision_applies`, from rules.toml), the service's too."""
        return engine.decision_applies(
            self.state.rules,
            key,
            advantage=self.query_one("#decision-advantage", Checkbox).value,
            between_matches=self.query_one("#decision-between", Checkbox).value,
        )

    def _fill_options(self, keep: str | None) -> None:
        """(Re)build the options from the engine's verdicts, keeping the choice if allowed."""
        options = self.query_one("#decision-options", OptionList)
        decision = self.decision
        options.clear_options()
        if decision is None:
            options.display = False
            self._show_why()
            return
        options.add_options(
            Option(self._option_prompt(v, decision), id=v.key, disabled=not v.allowed)
            for v in decision.options
        )
        allowed = decision.allowed
        # Current or next game / match only matters for an option that may be chosen.
        self.query_one("#decision-advantage", Checkbox).display = "game_loss" in allowed
        self.query_one("#decision-between", Checkbox).display = "match_loss" in allowed
        self.refresh_bindings()
        choice = keep if keep in allowed else (decision.required or decision.default)
        if choice not in allowed and allowed:
            choice = allowed[0]
        if choice is not None:
            options.highlighted = options.get_option_index(choice)
        self._show_why()

    def _chosen(self) -> str | None:
        options = self.query_one("#decision-options", OptionList)
        option = options.highlighted_option
        if option is None or option.disabled or self.decision is None:
            return None
        return option.id

    def _show_why(self) -> None:
        """Under the list: the rule behind the highlighted option and what it does."""
        why = self.query_one("#decision-why", Static)
        key = self._chosen()
        decision = self.decision
        if key is None or decision is None:
            why.update("")
            return
        penalty = self.state.rules.penalties[key]
        if penalty.forfeits_prizes:
            effect = _("The player's tournament ends; they forfeit prizes and standing.")
        elif penalty.ends_tournament:
            effect = _("The player's tournament ends; the record stands and prizes are kept.")
        else:
            effect = _("The player loses the {what}.").format(
                what=text.applies_text(self._applies(key), key)
            )
        why.update(Text(f"{effect}\n{text.option_rule_text(self.state.rules, key)}"))

    # -- events ----------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#decision-options")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_why()

    @on(OptionList.OptionSelected, "#decision-options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_decide()

    @on(Checkbox.Changed)
    def _toggled(self, event: Checkbox.Changed) -> None:
        keep = self._chosen()
        if event.checkbox.id == "decision-strong":
            self.decision = self._evaluate()
            self.query_one("#decision-standing", Static).update(self._standing_text())
        self._fill_options(keep)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide ``a`` / ``b`` while the game or match loss they qualify is not allowed."""
        if action == "flip" and parameters:
            boxes = self.query(f"#decision-{parameters[0]}")
            return bool(boxes) and boxes.first().display
        return True

    def action_flip(self, which: str) -> None:
        box = self.query_one(f"#decision-{which}", Checkbox)
        if box.display:
            box.value = not box.value

    def action_note(self) -> None:
        note = self.query_one("#decision-note", Input)
        if note.has_focus:
            self.query_one("#decision-options", OptionList).focus()
        else:
            note.focus()

    def action_decide(self) -> None:
        key = self._chosen()
        if key is None:
            self.notify(_("Choose an allowed option first."), severity="warning")
            return
        self.dismiss(
            DecisionChoice(
                penalty=key,
                strong_cheating=self.query_one("#decision-strong", Checkbox).value,
                note=self.query_one("#decision-note", Input).value.strip(),
                between_matches=key == "match_loss" and self._applies(key) == "next",
                advantage=key == "game_loss" and self._applies(key) == "current",
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


def decide_for(screen: StationScreen, player_id: str) -> None:
    """Open the decision for ``player_id`` over ``screen`` and record what the judge picks.

    Returns at once (call it from any action). On a choice, `Station.decide` runs in a
    thread worker (`StationScreen.serve`: ``screen`` is told `Decided` or `Refused`).
    Floor judges get a clear refusal and no modal.
    """
    session = screen.session
    if session.judge.role != "head":
        screen.notify(
            _("Only the head judge decides a three-warning penalty."),
            severity="error",
        )
        return

    def chosen(choice: DecisionChoice | None) -> None:
        if choice is None:
            return
        rules = session.rules
        name = session.state.players[player_id].name

        def decide(note: str) -> None:
            screen.serve(
                lambda: session.decide(
                    player_id,
                    choice.penalty,
                    strong_cheating=choice.strong_cheating,
                    between_matches=choice.between_matches,
                    advantage=choice.advantage,
                    note=note,
                ),
                Decided,
                _("{penalty} for {name}: recorded.").format(
                    penalty=text.penalty_name(rules, choice.penalty), name=name
                ),
            )

        from judgetui.station.dialogs.void import ConfirmSanction, ends_tournament

        if not ends_tournament(rules, choice.penalty):
            decide(choice.note)
            return

        def confirmed(note: str | None) -> None:
            if note is not None:
                decide(f"{choice.note} · {note}" if choice.note else note)

        screen.app.push_screen(ConfirmSanction(rules, choice.penalty, name), confirmed)

    screen.app.push_screen(DecisionModal(player_id, state=session.state), chosen)
