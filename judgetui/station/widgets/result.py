"""The classification's result: what the engine's preview says, shown for the judge.

The minimum and the recommendation, the reasons and remedy with each player's history,
the penalties to choose from, the note and the incident's context, and what recording
the highlighted choice will do (`engine.recording.IncidentPreview.plan`, the very plan
the service writes). Everything here renders; nothing decides.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import text
from judgetui.engine import Choice, PlayerPlan
from judgetui.engine.recording import IncidentPreview
from judgetui.i18n import N_, _, language
from judgetui.service import RecordedPenalty, RecordResult
from judgetui.state import EventState
from judgetui.station.widgets.context_fields import ContextFields
from judgetui.station.widgets.format import (
    outcome_text,
    penalty_text,
    phase_name,
    points_phrase,
    points_text,
    record_text,
    status_name,
)

HISTORY_SHOWN = 6
ROOMY_HEIGHT = 24
"""Above this many rows, the opponent's history is shown record by record."""


class ResultPane(Vertical):
    """The result step's pane: ``#result-head``, ``#result-why`` beside ``#penalty-choice``,
    ``#note``, the context fields and ``#result-effect``."""

    CONTEXT_LABEL = N_("table · game · opponent · +minutes (tab; optional)")

    def __init__(
        self,
        table: int | None,
        opponent: str | None = None,
        *,
        id: str | None = None,
        classes: str = "",
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._table = table
        self._opponent = opponent
        self._shown: tuple[EventState, str] | None = None
        """The state and infraction last shown, for the opponent's lines as the box changes."""

    def compose(self) -> ComposeResult:
        yield Static(id="result-head")
        with Horizontal(id="result-body"):
            with VerticalScroll(id="result-details"):
                yield Static(id="result-why")
                yield Static(id="result-opponent")
            with Vertical(id="result-side"):
                yield OptionList(id="penalty-choice")
                yield Input(placeholder=_("note (tab)"), id="note", max_length=2000)
                yield Static(_(self.CONTEXT_LABEL), id="context-label")
                yield ContextFields(self._table, self._opponent, id="context")
                yield Static(id="result-effect")

    def reset(self, table: int | None, opponent: str | None = None) -> None:
        """For the next incident: no choice, no note, the context fields empty but the
        table and opponent (``table``, ``opponent``), the details scrolled to their top."""
        self._table, self._opponent = table, opponent
        self.query_one("#penalty-choice", OptionList).clear_options()
        self.query_one("#note", Input).value = ""
        self.query_one(ContextFields).reset(table, opponent)
        self.query_one("#result-details", VerticalScroll).scroll_home(animate=False)

    def show(self, state: EventState, preview: IncidentPreview, *, is_head: bool) -> None:
        """Render ``preview``; the highlight stays on the judge's choice if still offered."""
        rules = state.rules
        self.query_one("#result-head", Static).update(head_text(preview))
        self.query_one("#result-why", Static).update(details(state, preview))
        self._shown = (state, preview.situation.infraction or "")
        self.show_opponent()
        options = self.query_one("#penalty-choice", OptionList)
        keep = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        highlight = 0
        for i, choice in enumerate(preview.choices):
            if choice.outcome is None:
                prompt = Text(_("Each player's recommendation"), style="bold")
            else:
                prompt = outcome_text(rules, choice.outcome)
                if choice.recommended:
                    prompt.append("  " + _("recommended"), style="italic green")
            options.add_option(Option(prompt, id=choice.key))
            if (keep is None and choice.recommended) or choice.key == keep:
                highlight = i
        options.highlighted = highlight
        self.show_effect(state, preview, is_head=is_head)

    @on(Input.Changed, "#ctx-opponent")
    def show_opponent(self) -> None:
        """The context's label says who the opponent box names, as it is typed, and the
        opponent's standing and history stand beside the player's."""
        if self._shown is None:
            return
        line = self.query_one(ContextFields).opponent_line(self._shown[0])
        self.query_one("#context-label", Static).update(line or _(self.CONTEXT_LABEL))
        self._show_opponent()

    def _show_opponent(self) -> None:
        """The opponent in the box (the pairings' or the judge's): their standing and
        history beside the player's, one line at 80×24, more when there is room."""
        pane = self.query_one("#result-opponent", Static)
        opponent = self.query_one(ContextFields).opponent(self._shown[0]) if self._shown else None
        known = self._shown is not None and opponent in self._shown[0].players
        pane.display = known
        if self._shown is None or opponent is None or not known:
            pane.update("")
            return
        state, infraction = self._shown
        room = HISTORY_SHOWN if self.app.size.height > ROOMY_HEIGHT else 0
        pane.set_class(not room, "-one-line")  # cut at the pane's edge (station.tcss)
        pane.update(opponent_text(state, opponent, infraction, room))

    def chosen(self, preview: IncidentPreview) -> Choice | None:
        """The highlighted choice among ``preview``'s."""
        option = self.query_one("#penalty-choice", OptionList).highlighted_option
        if option is None or option.id is None:
            return None
        return next((c for c in preview.choices if c.key == option.id), None)

    def show_effect(self, state: EventState, preview: IncidentPreview, *, is_head: bool) -> None:
        choice = self.chosen(preview)
        plans = [] if choice is None else preview.plan(choice)
        trainee = preview.role == "trainee"
        effect = effect_text(state, plans, is_head=is_head, trainee=trainee)
        self.query_one("#result-effect", Static).update(effect)


def head_text(preview: IncidentPreview) -> Text:
    """The minimum and the recommendation (and which game or match a loss applies to)."""
    rules = preview.rules
    found = preview.classifications
    first = next(iter(found.values()))
    head = Text()
    head.append(_("Minimum") + "  ", style="bold")
    head.append_text(outcome_text(rules, first.minimum))
    head.append("    ")
    head.append(_("Recommended") + "  ", style="bold")
    if len({c.recommended for c in found.values()}) == 1:
        head.append_text(outcome_text(rules, first.recommended))
    else:
        head.append(_("differs by player (see below)"), style="italic")
    if first.sanction_applies and first.recommended.sanction:
        head.append(
            "  (" + text.applies_text(first.sanction_applies, first.recommended.sanction) + ")"
        )
    return head


def details(state: EventState, preview: IncidentPreview) -> Group:
    """The reasons, remedy and each player's history beside the choices.

    Each reason is a row of a two-column grid, so a Japanese sentence (one long
    "word" to a line breaker) wraps under its own text instead of leaving the
    bullet alone on a line.
    """
    rules = state.rules
    found = preview.classifications
    infraction_key = preview.situation.infraction or ""
    parts: list[RenderableType] = [Text(_("Why"), style="bold underline")]
    out = Text()
    shown: set[tuple[str, ...]] = set()
    for pid, classification in found.items():
        reasons = tuple(text.reason_text(rules, r) for r in classification.reasons)
        if reasons in shown:
            continue
        shown.add(reasons)
        if len(found) > 1:
            parts.append(Text(state.players[pid].name, style="italic"))
        bullets = Table.grid(padding=(0, 1))
        bullets.add_column(no_wrap=True)
        bullets.add_column(overflow="fold")
        for reason in reasons:
            bullets.add_row("•", Text(reason))
        parts.append(bullets)
    first = next(iter(found.values()))
    infraction = rules.infractions[infraction_key]
    remedy = (
        infraction.remedy_ja if language() == "ja" and infraction.remedy_ja else infraction.remedy
    )
    if remedy:
        out.append(f"→ {remedy}\n", style="bold")
    if first.every_player:
        out.append(_("Give it to every player involved.") + "\n", style="bold")
    if first.investigation:
        out.append(_("A Triple Warning opens an investigation.") + "\n", style="bold")
    for pid in found:
        out.append("\n")
        out.append_text(history(state, pid, infraction_key))
    parts.append(out)
    return Group(*parts)


def history(state: EventState, pid: str, infraction: str) -> Text:
    """The player's points and last penalties in this event, ``infraction``'s marked."""
    rules = state.rules
    player = state.players[pid]
    points = state.points(pid)
    out = Text(f"{player.id} {player.name}", style="bold")
    out.append("  ")
    out.append_text(points_text(points, rules.three_warnings.threshold))
    out.append("\n")
    records = [r for r in state.history(pid) if r.status != "superseded"]
    if not records:
        out.append("  " + _("no penalties in this event") + "\n", style="dim")
    for record in records[-HISTORY_SHOWN:]:
        same = record.infraction == infraction
        out.append(f"  R{record.round} ")
        out.append_text(record_text(rules, record))
        out.append(" · " + text.infraction_name(rules, record.infraction))
        out.append(f" · {status_name(record.status)}", style="dim")
        if same:
            out.append("  ◀ " + _("same infraction"), style="bold yellow")
        out.append("\n")
    if len(records) > HISTORY_SHOWN:
        out.append(
            "  " + _("… {n} earlier").format(n=len(records) - HISTORY_SHOWN) + "\n", style="dim"
        )
    return out


def opponent_text(state: EventState, pid: str, infraction: str, shown: int) -> Text:
    """The opponent's standing: with ``shown`` 0, one line (their latest record in it),
    else a line and up to ``shown`` of their records, ``infraction``'s marked."""
    rules = state.rules
    player = state.players[pid]
    out = Text(_("Opponent") + "  ", style="bold")
    out.append(f"{player.id} {player.name}", style="bold")
    out.append("  ")
    out.append_text(points_text(state.points(pid), rules.three_warnings.threshold))
    records = [r for r in state.history(pid) if r.status != "superseded"]
    if not records:
        out.append("  " + _("no penalties in this event"), style="dim")
        return out
    if not shown:
        last = records[-1]
        out.append(f"  R{last.round} ")
        out.append_text(record_text(rules, last))
        out.append(" · " + text.infraction_name(rules, last.infraction))
        if len(records) > 1:
            out.append("  " + _("… {n} earlier").format(n=len(records) - 1), style="dim")
        return out
    for record in records[-shown:]:
        out.append(f"\n  R{record.round} ")
        out.append_text(record_text(rules, record))
        out.append(" · " + text.infraction_name(rules, record.infraction))
        out.append(f" · {status_name(record.status)}", style="dim")
        if record.infraction == infraction:
            out.append("  ◀ " + _("same infraction"), style="bold yellow")
    if len(records) > shown:
        out.append("\n  " + _("… {n} earlier").format(n=len(records) - shown), style="dim")
    return out


def effect_text(
    state: EventState, plans: list[PlayerPlan], *, is_head: bool, trainee: bool = False
) -> Text:
    """What recording the highlighted choice will do, player by player (its ``plans``);
    a ``trainee``'s record, whatever it is, waits for the head judge."""
    rules = state.rules
    out = Text()
    for plan in plans:
        outcome = plan.outcome
        player = state.players[plan.player]
        need = plan.need
        line = Text(f"{player.name}: ", style="bold")
        if not plan.recorded:
            line.append(_("a Caution is verbal; nothing is recorded against the player."))
            out.append_text(line)
            out.append("\n")
            continue
        preview = plan.preview
        if need == "request":
            line.append(
                _("only the head judge may issue {penalty}: enter sends it as a request.").format(
                    penalty=text.outcome_name(rules, outcome)
                ),
                style="bold yellow",
            )
        elif need == "pending" and trainee:
            line.append(
                _(
                    "from a trainee every record waits in the head judge's queue and "
                    "counts once confirmed."
                ),
                style="yellow",
            )
        elif need == "pending":
            line.append(
                _(
                    "from a floor judge this is a request: it waits in the head judge's "
                    "queue and counts once confirmed."
                ),
                style="yellow",
            )
        elif outcome.warning == "notice" and not is_head:
            line.append(_("the Notice goes to the head judge's queue."))
        if preview.counts and need != "issued":
            line.append(
                " "
                + _("Once confirmed: points {before} → {after}.").format(
                    before=preview.points_before, after=preview.points_after
                )
            )
        elif preview.counts:
            line.append(
                " "
                + _("Points {before} → {after}.").format(
                    before=preview.points_before, after=preview.points_after
                )
            )
        else:
            line.append(
                " " + _("No warning points; {points} now.").format(points=preview.points_before)
            )
        if preview.decision_owed and preview.counts:
            line.append(" ")
            line.append(
                _("That makes {points}: the head judge owes a decision.").format(
                    points=preview.points_after
                ),
                style="bold red",
            )
            if preview.ejection_forced:
                line.append(" " + _("A fourth warning: ejection is required."), style="bold red")
        if outcome.sanction:
            sanction = rules.penalties[outcome.sanction]
            if sanction.ends_tournament:
                line.append(" " + _("The player's tournament ends."), style="bold")
            else:
                applies = text.applies_text(plan.applies, outcome.sanction)
                line.append(" " + _("Loses the {what}.").format(what=applies))
        out.append_text(line)
        out.append("\n")
    return out


def done_lines(state: EventState, result: RecordResult, *, is_head: bool) -> list[Text]:
    """One line per record the service wrote (or the witness note it added instead)."""
    if result.witness_of is not None:
        return [
            Text(
                _("Witness note added to record {id}: no second penalty.").format(
                    id=result.witness_of[:8]
                )
            )
        ]
    return [done_line(state, r, is_head=is_head) for r in result.records]


def done_text(state: EventState, result: RecordResult, *, is_head: bool) -> Text:
    """The done step's text: `done_lines`, then the keys that lead on."""
    out = Text()
    for line in done_lines(state, result, is_head=is_head):
        out.append_text(line)
        out.append("\n")
    out.append("\n")
    out.append(_("enter: back to the dashboard    n: another incident"), style="dim")
    return out


def done_line(state: EventState, record: RecordedPenalty, *, is_head: bool) -> Text:
    rules = state.rules
    if record.player is None:
        return Text(_("Caution given: verbal, not recorded against the player."))
    name = state.players[record.player].name
    line = Text(f"{name}: ", style="bold")
    line.append_text(penalty_text(rules, record.penalty))
    if record.status == "pending":
        line.append(
            " "
            + _(
                "sent to the head judge as a request. It waits in the queue and "
                "counts once confirmed."
            )
        )
        return line
    line.append(" " + _("recorded."))
    if record.warning == "notice" and not is_head:
        line.append(" " + _("It is in the head judge's queue."))
    line.append(
        " "
        + _("{points} in the {phase}.").format(
            points=points_phrase(record.points_after), phase=phase_name(state.phase)
        )
    )
    if record.decision_owed:
        line.append(" " + _("The head judge owes a decision."), style="bold red")
    return line
