"""The guided classification: from "who?" to a recorded penalty in a few keystrokes.

Steps: players → infraction → intentional? → disruptive? → the upgrade questions that
apply → the result (minimum, recommendation, why, what recording will do). The engine
decides (`engine.recording.preview_incident`: the questions asked, the situation, each
player's classification, the choices and their plans); this screen only asks, shows what
the preview returns through its panes (`widgets.player_search`, `widgets.infraction_picker`,
`widgets.questions`, `widgets.result`) and sends the judge's choice to the service.
`escape` always steps back one step, and the footer shows each step's keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import ContentSwitcher, Input, OptionList, Static

from judgetui import after_ejection, text
from judgetui.engine import Choice, Classification, PlayerPlan, Situation, questions
from judgetui.engine.recording import IncidentPreview
from judgetui.i18n import N_, _
from judgetui.service import RecordRequest, RecordResult
from judgetui.state import RecordState
from judgetui.station.dialogs.duplicate import DuplicateAnswer
from judgetui.station.messages import Recorded, Refused
from judgetui.station.previews import PreviewCache
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.context_fields import CONTEXT_FIELDS, ContextFields
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.infraction_picker import InfractionPicker
from judgetui.station.widgets.player_search import PlayerSearch
from judgetui.station.widgets.questions import answer_hint, questions_text
from judgetui.station.widgets.result import ResultPane, done_lines, done_text
from judgetui.station.widgets.steps import StepIndicator

STEPS: tuple[tuple[str, str], ...] = (
    ("players", N_("Players")),
    ("infraction", N_("Infraction")),
    ("intentional", N_("Intentional?")),
    ("disruptive", N_("Disruptive?")),
    ("upgrades", N_("Questions")),
    ("result", N_("Result")),
)
AFTER_INFRACTION = ("intentional", "disruptive", "upgrades", "result", "done")
MINUTES = questions.MINUTES


@dataclass(frozen=True)
class Question:
    key: str
    """A key of `judgetui.engine.questions`: an upgrade flag, a situation or `MINUTES`."""
    text: str


class ClassifyScreen(StationScreen):
    """One incident: choose players and infraction, answer the questions, record."""

    HELP_TITLE: ClassVar[str] = N_("New incident (classification)")
    # Every key of the walk-through is a priority binding, and the actions that change
    # step await the new pane and move the focus before they return: the App handles
    # keys one at a time in the order they came, so keys typed in one burst (a paste,
    # a laggy SSH link) reach the step they were meant for, never the one before.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back"), priority=True, id="classify.back"),
        Binding("enter", "continue", N_("Continue"), priority=True, id="classify.continue"),
        Binding(
            "enter",
            "choose_infraction",
            N_("Choose"),
            priority=True,
            id="classify.choose_infraction",
        ),
        Binding("enter", "record", N_("Record"), priority=True, id="classify.record"),
        Binding(
            "enter",
            "send_request",
            N_("Send to head judge"),
            priority=True,
            id="classify.send_request",
        ),
        Binding("enter", "finish", N_("Done"), priority=True, id="classify.finish"),
        Binding("tab", "toggle_player", N_("Add player"), priority=True, id="classify.add_player"),
        Binding("y", "answer(True)", N_("Yes"), priority=True, id="classify.yes"),
        Binding("n", "answer(False)", N_("No"), priority=True, id="classify.no"),
        Binding("up", "move(-1)", N_("Up"), show=False, priority=True, id="classify.up"),
        Binding("down", "move(1)", N_("Down"), show=False, priority=True, id="classify.down"),
        Binding(
            "pageup", "move(-10)", N_("Page up"), show=False, priority=True, id="classify.page_up"
        ),
        Binding(
            "pagedown",
            "move(10)",
            N_("Page down"),
            show=False,
            priority=True,
            id="classify.page_down",
        ),
        Binding("tab", "note", N_("Note"), priority=True, id="classify.note"),
        Binding("n", "again", N_("New incident"), priority=True, id="classify.new_incident"),
    ]

    def __init__(self, players: Sequence[str] = ()) -> None:
        super().__init__()
        self.step = "players"
        self.marked: list[str] = list(dict.fromkeys(players))
        self.players: list[str] = []
        self.infraction: str | None = None
        self.intentional: bool | None = None
        self.disruptive: bool | None = None
        self.answers: dict[str, bool] = {}
        self.minutes: int | None = None
        self.question_index = 0
        self.result: RecordResult | None = None
        self.recording = False
        self._previews = PreviewCache()
        self._mounting = 0
        self._done_text = Text()
        self.incident = 0
        """Incidents begun here: what a service call or dialog answers for an earlier is dropped."""
        self._saving: tuple[int, bool] | None = None
        """The incident whose record is being saved, and whether it is a request."""

    def start_incident(self, players: Sequence[str] = ()) -> None:
        """Begin a new incident here as a new screen would, nothing kept of the last one
        (``n`` on the done step)."""
        self.incident += 1
        self.step = "players"
        self.marked[:] = list(dict.fromkeys(players))  # the players pane shares this list
        self.players = []
        self.infraction, self.intentional, self.disruptive = None, None, None
        self.answers, self.minutes, self.question_index = {}, None, 0
        self.result, self.recording, self._done_text = None, False, Text()
        self._previews.clear()
        if not self.is_mounted:
            return  # composed from these (on_mount shows them)
        there = {child.id for child in self.query_one("#walk", ContentSwitcher).children}
        self.query_one(PlayerSearch).reset()
        if "step-infraction" in there:
            self.query_one(InfractionPicker).reset()
            self._fill_infractions()
        if "step-upgrades" in there:
            self.query_one("#minutes", Input).value = ""
        if "step-result" in there:
            self.query_one(ResultPane).reset(None)  # the players' table, once they are chosen
        self.query_one(StationHeader).show(self.session)
        self._show_step()
        self._fill_players()

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.apply_breakpoints()
        yield StationHeader(id="station-header")
        yield StepIndicator([(key, _(label)) for key, label in STEPS], id="steps")
        yield Static(id="summary")
        with ContentSwitcher(initial="step-players", id="walk"):
            yield self._build_step("players")
        yield StationFooter()

    def _build_step(self, step: str) -> Vertical:
        """One step's pane: only the players step is composed; the others on first use."""
        pane = f"step-{step}"
        if step == "players":
            return PlayerSearch(self.marked, id=pane, classes="step")
        if step == "infraction":
            return InfractionPicker(id=pane, classes="step")
        if step in ("intentional", "disruptive"):
            question = (
                _("Was it intentional?") if step == "intentional" else _("Was it disruptive?")
            )
            return Vertical(
                Static(question, classes="prompt"),
                Static(id=f"{step}-hint", classes="hint"),
                Static(_("y  yes      n  no"), classes="answer-keys"),
                id=pane,
                classes="step",
            )
        if step == "upgrades":
            return Vertical(
                Static(id="questions"),
                Input(type="integer", id="minutes", max_length=4),
                id=pane,
                classes="step",
            )
        if step == "result":
            return ResultPane(*self._players_context(), id=pane, classes="step")
        return Vertical(Static(id="done-text"), id=pane, classes="step")

    async def _mount_step(self, step: str) -> None:
        """Mount a step's pane the first time it is needed (hidden until it is current)."""
        walk = self.query_one("#walk", ContentSwitcher)
        there = {child.id for child in walk.children}
        if f"step-{step}" in there:
            return
        # The questions and the result come in together: one mount, not four.
        group = AFTER_INFRACTION if step in AFTER_INFRACTION else (step,)
        widgets = [self._build_step(s) for s in group if f"step-{s}" not in there]
        for widget in widgets:
            widget.display = False
        self._mounting += 1
        try:
            await walk.mount_all(widgets)
            if step == "infraction":
                self._fill_infractions()
        finally:
            self._mounting -= 1

    def on_mount(self) -> None:
        self.query_one(StationHeader).show(self.session)
        self._show_step()
        self._fill_players()

    # -- moving between steps ------------------------------------------------------------

    async def _go(self, step: str) -> None:
        """Show ``step``, its pane mounted first; the focus is on it when this returns."""
        await self._mount_step(step)
        self.step = step
        self._show_step()

    def _show_step(self) -> None:
        step = self.step
        self.query_one("#walk", ContentSwitcher).current = f"step-{step}"
        self.query_one("#steps", StepIndicator).current = step if step != "done" else ""
        self._show_summary()
        # set_focus, not focus(): focus() waits behind the keys already in the App's queue.
        if step == "players":
            self.set_focus(self.query_one("#player-search", Input))
        elif step == "infraction":
            self.set_focus(self.query_one("#infraction-search", Input))
        elif step in ("intentional", "disruptive"):
            self._show_hint(step)
            self.set_focus(None)
        elif step == "upgrades":
            self._show_questions()
        elif step == "result":
            self._show_result()
            self.set_focus(self.query_one("#penalty-choice", OptionList))
        else:
            self.query_one("#done-text", Static).update(self._done_text)
            self.set_focus(None)
        self.refresh_bindings()

    def unsaved_work(self) -> str | None:
        """An incident begun and not yet recorded (for the quit question)."""
        if self.step == "done":
            return None
        searched = self.is_mounted and bool(self.query_one(PlayerSearch).search.value.strip())
        if self.step != "players" or self.marked or searched:
            return _("The incident you are classifying is not recorded.")
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        step = self.step
        if self._mounting:
            return False
        if action == "continue":
            question = self._question()
            return step == "players" or (
                step == "upgrades" and question is not None and question.key == MINUTES
            )
        if action == "move":
            return step in ("players", "infraction")
        if action == "choose_infraction":
            return step == "infraction"
        if action == "toggle_player":
            return step == "players"
        if action == "answer":
            if step in ("intentional", "disruptive"):
                return True
            question = self._question()
            return step == "upgrades" and question is not None and question.key != MINUTES
        if action in ("record", "send_request"):
            if step != "result":
                return False
            if self.recording:
                return None
            return (action == "send_request") == self._needs_request()
        if action == "note":
            return step == "result"
        if action in ("finish", "again"):
            return step == "done"
        return super().check_action(action, parameters)

    async def action_back(self) -> None:
        await self._settle()
        step = self.step
        if step in ("players", "done"):
            await self.app.pop_screen()
        elif step == "infraction":
            await self._go("players")
        elif step == "intentional":
            await self._go("infraction")
        elif step == "disruptive":
            await self._go("intentional")
        elif step == "upgrades":
            if self.question_index > 0:
                self.question_index -= 1
                self._show_questions()
                self.refresh_bindings()
            else:
                await self._go("disruptive")
        elif step == "result":
            note = self.query_one("#note", Input)
            if note.has_focus:
                self.set_focus(self.query_one("#penalty-choice", OptionList))
                return
            asked = self._questions()
            if asked:
                self.question_index = len(asked) - 1
                await self._go("upgrades")
            else:
                await self._go("disruptive")

    async def action_move(self, step: int) -> None:
        await self._settle()
        if self.step == "players":
            self._fill_players()
        target = "#player-list" if self.step == "players" else "#infraction-list"
        options = self.query_one(target, OptionList)
        if not options.option_count:
            return
        for _i in range(abs(step)):
            if step > 0:
                options.action_cursor_down()
            else:
                options.action_cursor_up()
        if self.step == "players":
            self.query_one(PlayerSearch).moved = True

    # -- step 1: players -----------------------------------------------------------------

    def _fill_players(self) -> None:
        self.query_one(PlayerSearch).fill(self.session.state, self.session.version)

    @on(Input.Changed, "#player-search")
    def _player_query(self) -> None:
        self._fill_players()

    async def action_toggle_player(self) -> None:
        """tab: add the player to the incident (or take them out) and clear the search."""
        await self._settle()
        self._fill_players()
        search = self.query_one(PlayerSearch)
        player = search.meant()
        if player is None:
            self.notify(
                _("Type the player's name or id, then tab adds them to the incident."),
                severity="warning",
            )
            return
        search.toggle(player)
        self._fill_players()
        self._show_summary()

    async def action_continue(self) -> None:
        await self._settle()
        if self.step == "players":
            await self._players_chosen()
        elif self.step == "upgrades":
            await self._minutes_given()

    async def _players_chosen(self) -> None:
        self._fill_players()
        query = self.query_one("#player-search", Input).value.strip()
        player = self.query_one(PlayerSearch).meant()
        if query and player is None:
            self.notify(
                _("No player matches {query!r}: change the search.").format(query=query),
                severity="warning",
            )
            return
        chosen = list(self.marked)
        if player is not None and player not in chosen:
            chosen.append(player)
        if not chosen:
            self.notify(_("Type a player's name or id first."), severity="warning")
            return
        self.players = chosen
        if self.query("#step-result"):
            self.query_one(ContextFields).suggest_table(*self._players_context())
        await self._go("infraction")

    def _players_context(self) -> tuple[int | None, str | None]:
        """The table and opponent boxes' start: the players' own table and the round's
        pairings' opponent (the service's defaults), never another incident's."""
        state = self.session.state
        return state.incident_context(self.players, state.round) if self.players else (None, None)

    # -- step 2: infraction --------------------------------------------------------------

    def _fill_infractions(self) -> None:
        self.query_one(InfractionPicker).fill(self.session.rules, self.infraction)

    @on(Input.Changed, "#infraction-search")
    def _infraction_query(self) -> None:
        self._fill_infractions()

    @on(OptionList.OptionSelected, "#infraction-list")
    async def _infraction_clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        await self.action_choose_infraction()

    async def action_choose_infraction(self) -> None:
        await self._settle()
        self._fill_infractions()
        infraction = self.query_one(InfractionPicker).highlighted()
        if infraction is None:
            self.notify(_("No infraction matches; change the search."), severity="warning")
            return
        state = self.session.state
        refused = [
            r for pid in self.players if (r := after_ejection.refusal(state, pid, infraction))
        ]
        if refused:
            self.notify("\n".join(refused), severity="error")
            return
        self.infraction = infraction
        await self._go("intentional")

    # -- steps 3 and 4: intentional? disruptive? ----------------------------------------

    def _show_hint(self, which: str) -> None:
        assert self.infraction is not None
        given = self.intentional if which == "intentional" else self.disruptive
        hint = answer_hint(self.session.rules, self.infraction, which, given)
        self.query_one(f"#{which}-hint", Static).update(hint)

    async def action_answer(self, yes: bool) -> None:
        if self.step == "intentional":
            self.intentional = yes
            await self._go("disruptive")
        elif self.step == "disruptive":
            self.disruptive = yes
            self.question_index = 0
            await self._go("upgrades" if self._questions() else "result")
        elif self.step == "upgrades":
            question = self._question()
            if question is None:
                return
            self.answers[question.key] = yes
            await self._next_question()

    # -- step 5: the upgrade questions -----------------------------------------------------

    def _questions(self) -> list[Question]:
        """The questions for this infraction, given the answers so far (the engine's)."""
        if self.infraction is None:
            return []
        rules = self.session.rules
        return [Question(key, text.question_text(rules, key)) for key in self.preview().questions]

    def _question(self) -> Question | None:
        if self.step != "upgrades":
            return None
        asked = self._questions()
        return asked[self.question_index] if self.question_index < len(asked) else None

    def _show_questions(self) -> None:
        preview = self.preview()
        current = self._question()
        first = next(iter(preview.classifications.values()))
        shown = questions_text(
            self.session.rules,
            preview.questions,
            self.question_index,
            self.answers,
            self.minutes,
            first,
        )
        self.query_one("#questions", Static).update(shown)
        minutes = self.query_one("#minutes", Input)
        minutes.display = current is not None and current.key == MINUTES
        if minutes.display:
            if self.minutes is not None and not minutes.value:
                minutes.value = str(self.minutes)
            self.set_focus(minutes)
        else:
            self.set_focus(None)

    async def _minutes_given(self) -> None:
        raw = self.query_one("#minutes", Input).value.strip()
        if not raw.isdigit():
            self.notify(_("Type the minutes late as a number."), severity="warning")
            return
        self.minutes = int(raw)
        await self._next_question()

    async def _next_question(self) -> None:
        self.question_index += 1
        if self.question_index >= len(self._questions()):
            await self._go("result")
        else:
            self._show_questions()
            self.refresh_bindings()

    # -- step 6: the result: what the engine's preview says ------------------------------

    def preview(self) -> IncidentPreview:
        """The engine's preview of the answers so far (kept: `judgetui.station.previews`)."""
        assert self.infraction is not None
        return self._previews.preview(
            self.session,
            infraction=self.infraction,
            intentional=self.intentional,
            disruptive=self.disruptive,
            flags=self.answers,
            minutes=self.minutes,
            players=self.players,
        )

    def situation(self) -> Situation:
        """The answers as the engine reads them."""
        return self.preview().situation

    def _classifications(self) -> dict[str, Classification]:
        return self.preview().classifications

    def choices(self) -> list[Choice]:
        """Every penalty allowed for every player (none below a minimum), mildest first."""
        return self.preview().choices

    def chosen(self) -> Choice | None:
        return self.query_one(ResultPane).chosen(self.preview())

    def plan(self, choice: Choice) -> list[PlayerPlan]:
        """What recording ``choice`` would do, player by player: the service's own plan."""
        return self.preview().plan(choice)

    def _needs_request(self) -> bool:
        if self.session.is_head or self.step != "result":
            return False
        choice = self.chosen()
        return choice is not None and self.preview().needs_request(choice)

    def _show_result(self) -> None:
        pane = self.query_one(ResultPane)
        pane.show(self.session.state, self.preview(), is_head=self.session.is_head)
        self.refresh_bindings()

    def _show_effect(self) -> None:
        pane = self.query_one(ResultPane)
        pane.show_effect(self.session.state, self.preview(), is_head=self.session.is_head)
        self.refresh_bindings()

    @on(OptionList.OptionHighlighted, "#penalty-choice")
    def _choice_moved(self) -> None:
        self._show_effect()

    @on(OptionList.OptionSelected, "#penalty-choice")
    def _choice_clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._record(as_request=self._needs_request())

    def action_note(self) -> None:
        """tab: the choice → the note → table → game → opponent → extension → the choice."""
        order = ["#penalty-choice", "#note", *(f"#ctx-{n}" for n in CONTEXT_FIELDS)]
        focused = self.focused
        at = next((i for i, sel in enumerate(order) if self.query_one(sel) is focused), 0)
        self.set_focus(self.query_one(order[(at + 1) % len(order)]))

    # -- recording ---------------------------------------------------------------------------

    def request(self, *, as_request: bool) -> RecordRequest:
        choice = self.chosen()
        situation = self.situation()
        context = self.query_one(ContextFields)
        return RecordRequest(
            players=list(self.players),
            infraction=situation.infraction or "",
            intentional=situation.intentional,
            disruptive=situation.disruptive,
            flags=situation.flags,
            minutes_late=situation.minutes_late,
            note=self.query_one("#note", Input).value.strip(),
            penalty=None if choice is None else choice.penalty,
            request=as_request,
            table=context.table(),
            game=context.number("game"),
            opponent=context.opponent(self.session.state),
            no_opponent=context.opponent_cleared(),
            extension=context.number("extension"),
        )

    async def action_record(self) -> None:
        await self._settle()
        self._record(as_request=False)

    async def action_send_request(self) -> None:
        await self._settle()
        self._record(as_request=True)

    def _record(
        self,
        *,
        as_request: bool,
        confirmed: bool = False,
        answer: DuplicateAnswer | None = None,
    ) -> None:
        if self.recording or self.step != "result":
            return
        session = self.session
        if not as_request and not confirmed and self._ask_before_sanction():
            return
        request = self.request(as_request=as_request)
        if answer is not None:
            request = answer.apply(request)
        self.recording = True  # its keys greyed until the outcome
        self._saving = (self.incident, as_request)
        self.refresh_bindings()

        def record() -> RecordResult | RecordState:
            # The service says what is a possible duplicate; the judge, once shown it,
            # answers (a witness note, or a second incident with its reason).
            if answer is None:
                found = session.possible_duplicate(request)
                if found is not None:
                    return found
            # Said as the write begins; "Recorded" only once it returned: on disk.
            self.app.call_from_thread(self.notify, _("Saving…"), timeout=3)
            return session.record(request)

        self.serve(record, Recorded)

    def _saved(self) -> tuple[int, bool] | None:
        """The incident a save was for and whether it was a request, once it returned."""
        saving, self._saving = self._saving, None
        self.recording = False
        self.refresh_bindings()
        return saving

    def on_recorded(self, message: Recorded) -> None:
        saving = self._saved()
        result = message.result
        if isinstance(result, RecordState):
            if saving is not None and saving[0] == self.incident:
                self._ask_duplicate(result, as_request=saving[1])
            return
        if saving is not None and saving[0] == self.incident:
            self._recorded(result)
        self._confirmed(result)  # on disk, whatever the screen shows

    def on_refused(self, message: Refused) -> None:
        self._saved()

    def _ask_duplicate(self, earlier: RecordState, *, as_request: bool) -> None:
        from judgetui.station.dialogs.duplicate import DuplicateScreen

        note = self.query_one("#note", Input)
        incident = self.incident

        def answered(answer: DuplicateAnswer | None) -> None:
            if answer is not None and incident == self.incident:
                note.value = answer.note
                self._record(as_request=as_request, confirmed=True, answer=answer)

        refusal = self.session.witness_refusal(self.request(as_request=as_request), earlier)
        self.app.push_screen(DuplicateScreen(earlier, note.value.strip(), refusal), answered)

    def _ask_before_sanction(self) -> bool:
        """An ejection or a disqualification asks first (`ConfirmSanction`); True if asked."""
        from judgetui.station.dialogs.void import confirm_sanction

        choice = self.chosen()
        worst = None if choice is None else self.preview().ending_sanction(choice)
        if worst is None:
            return False
        names = _(", ").join(self.session.state.players[p].name for p in self.players)
        note = self.query_one("#note", Input)
        incident = self.incident

        def confirmed(text_: str) -> None:
            if incident != self.incident:
                return
            note.value = text_
            self._record(as_request=False, confirmed=True)

        confirm_sanction(self, self.session.rules, worst, names, note.value.strip(), confirmed)
        return True

    def _recorded(self, result: RecordResult) -> None:
        """The done step: the records are on disk."""
        self.result = result
        session = self.session
        self._done_text = done_text(session.state, result, is_head=session.is_head)
        self.step = "done"  # mounted with the result step
        self._show_step()

    def _confirmed(self, result: RecordResult) -> None:
        """The records are on disk: the toast."""
        session = self.session
        lines = done_lines(session.state, result, is_head=session.is_head)
        self.call_after_refresh(self.notify, Text("\n").join(lines).plain, title=_("Recorded"))

    async def action_finish(self) -> None:
        await self.app.pop_screen()

    def action_again(self) -> None:
        # On this very screen: the keys typed after `n` go to the new incident's search.
        self.start_incident()

    # -- the summary line and live updates --------------------------------------------------

    def _show_summary(self) -> None:
        session = self.session
        rules = session.rules
        state = session.state
        parts: list[str] = []
        who = self.players if self.step != "players" else self.marked
        if who:
            parts.append(_(", ").join(f"{p} {state.players[p].name}" for p in who))
        if self.infraction and self.step not in ("players", "infraction"):
            parts.append(text.infraction_name(rules, self.infraction))
        if self.intentional is not None and self.step not in (
            "players",
            "infraction",
            "intentional",
        ):
            parts.append(_("intentional") if self.intentional else _("unintentional"))
        if self.disruptive is not None and self.step in ("upgrades", "result", "done"):
            parts.append(_("disruptive") if self.disruptive else _("nondisruptive"))
        self.query_one("#summary", Static).update(Text(" · ".join(parts), style="italic"))

    def on_state_changed(self) -> None:
        self.query_one(StationHeader).show(self.session)
        if self._mounting:
            return  # the step shows the new state once its pane is in place
        if self.step == "players":
            self._fill_players()
        elif self.step == "result" and not self.recording:
            self._show_result()
