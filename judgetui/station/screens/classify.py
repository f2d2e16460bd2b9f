"""The guided classification: from "who?" to a recorded penalty in a few keystrokes.

Steps: players → infraction → intentional? → disruptive? → the upgrade questions that
apply → the result (minimum, recommendation, why, what recording will do). The engine
decides; this screen only asks, shows and sends the judge's choice to the service.
`escape` always steps back one step, and the footer shows each step's keys.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import after_ejection, engine, text
from judgetui.engine import Choice, Classification, Outcome, PlayerPlan, Situation, questions
from judgetui.i18n import N_, _, language
from judgetui.search import fold, player_text
from judgetui.service import RecordedPenalty, RecordRequest, RecordResult
from judgetui.state import EventState, RecordState
from judgetui.station.dialogs.duplicate import DuplicateAnswer
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import (
    outcome_text,
    penalty_text,
    phase_name,
    points_phrase,
    points_text,
    record_text,
    status_name,
)
from judgetui.station.widgets.header import StationHeader
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
PLAYER_MATCHES = 50
HISTORY_SHOWN = 6
MINUTES = questions.MINUTES
CONTEXT_FIELDS = ("table", "game", "opponent", "extension")


def _squash(value: str) -> str:
    return "".join(value.casefold().split())


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
        # No fixed id: "another incident" replaces this screen with a new one, and two
        # screens with one id at once is a DuplicateIds crash.
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
        self._search: list[tuple[str, str]] = []
        self._search_version = -1
        self._classified: dict[tuple[object, ...], dict[str, Classification]] = {}
        self._mounting = 0
        self._done_text = Text()
        self._players_shown: tuple[object, ...] | None = None
        self._infractions_shown: str | None = None
        self._moved = False
        """Whether the judge moved the highlight since the player list last changed."""

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
            return Vertical(
                Static(
                    _("Who? Type a name or id. tab adds another player; enter continues."),
                    classes="prompt",
                ),
                Input(placeholder=_("name or id"), id="player-search", classes="search"),
                OptionList(id="player-list", classes="choices"),
                id=pane,
                classes="step",
            )
        if step == "infraction":
            return Vertical(
                Static(_("Which infraction? Type to search."), classes="prompt"),
                Input(
                    placeholder=_("name, in English or Japanese"),
                    id="infraction-search",
                    classes="search",
                ),
                OptionList(id="infraction-list", classes="choices"),
                id=pane,
                classes="step",
            )
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
            return Vertical(
                Static(id="result-head"),
                Horizontal(
                    VerticalScroll(Static(id="result-why"), id="result-details"),
                    Vertical(
                        OptionList(id="penalty-choice"),
                        Input(placeholder=_("note (tab)"), id="note", max_length=2000),
                        Static(
                            _("table · game · opponent · +minutes (tab; optional)"),
                            id="context-label",
                        ),
                        self._context_inputs(),
                        Static(id="result-effect"),
                        id="result-side",
                    ),
                    id="result-body",
                ),
                id=pane,
                classes="step",
            )
        return Vertical(Static(id="done-text"), id=pane, classes="step")

    def _context_inputs(self) -> Horizontal:
        """The incident's context in one line (table, game, opponent, extension), all
        optional: enter records with what is filled. The table starts from the one this
        judge gave last in this round (`Session.tables`)."""
        session = self.session
        table = session.tables.get((session.judge.name, session.state.round))
        return Horizontal(
            Input(
                value="" if table is None else str(table),
                placeholder=_("table"),
                type="integer",
                max_length=5,
                id="ctx-table",
            ),
            Input(placeholder=_("game"), type="integer", max_length=1, id="ctx-game"),
            Input(
                placeholder=_("opponent id"),
                max_length=40,
                restrict=r"[A-Za-z0-9._-]*",
                id="ctx-opponent",
            ),
            Input(placeholder=_("+min"), type="integer", max_length=2, id="ctx-extension"),
            id="context",
        )

    def _context_value(self, name: str) -> int | None:
        value = self.query_one(f"#ctx-{name}", Input).value.strip()
        try:
            return int(value) if value else None
        except ValueError:
            return -1  # "-" alone: the service refuses it in one clear line

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

    async def _settle(self) -> None:
        """Let the focused field take the keys that reached it before this one.

        Typed characters go to the field's own queue, while this screen's keys are
        priority bindings the App runs at once: without this, enter right after a burst
        of typing would act on a search that has not seen the last letters yet.
        """
        focused = self.focused
        if isinstance(focused, Input) and focused.is_attached:
            done = asyncio.Event()
            if focused.call_later(done.set):
                await done.wait()

    def _show_step(self) -> None:
        step = self.step
        self.query_one("#walk", ContentSwitcher).current = f"step-{step}"
        self.query_one("#steps", StepIndicator).current = step if step != "done" else ""
        self._show_summary()
        # set_focus, not focus(): focus() waits for the App's queue, and the keys typed
        # after this one are already in it.
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
            questions = self._questions()
            if questions:
                self.question_index = len(questions) - 1
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
        self._moved = True

    # -- step 1: players -----------------------------------------------------------------

    def _player_index(self) -> list[tuple[str, str]]:
        session = self.session
        if self._search_version != session.version or not self._search:
            self._search = [
                (p.id, player_text(p.id, p.name, p.reading)) for p in session.state.players.values()
            ]
            self._search_version = session.version
        return self._search

    def _player_prompt(self, player_id: str) -> Text:
        state = self.session.state
        player = state.players[player_id]
        mark = "☑ " if player_id in self.marked else "☐ "
        prompt = Text(mark, style="bold green" if player_id in self.marked else "dim")
        prompt.append(f"{player.id:<7} ", style="bold")
        prompt.append(player.name)
        prompt.append("  ")
        prompt.append_text(
            points_text(state.points(player_id), self.session.rules.three_warnings.threshold)
        )
        if player.status != "active":
            # Chosen still (conduct can follow an ejection); the infraction step refuses
            # anything else, with this reason (issue 11 item 10).
            prompt.append(f"  {after_ejection.status_note(state, player_id)}", style="italic")
        return prompt

    def _fill_players(self) -> None:
        query = fold(self.query_one("#player-search", Input).value)
        state = self.session.state
        options = self.query_one("#player-list", OptionList)
        if query:
            found = [pid for pid, key in self._player_index() if query in key]
            found.sort(key=lambda pid: (not _squash(pid).startswith(query), pid))
        else:
            found = list(self.marked) + [pid for pid in state.players if pid not in self.marked]
        shown = found[:PLAYER_MATCHES]
        highlight = next(
            (i for i, pid in enumerate(shown) if state.players[pid].status == "active"),
            0 if shown and query else None,
        )
        # The same players, marks and footnote as shown already: nothing to re-render.
        shown_now = (
            self.session.version,
            tuple(shown),
            tuple(pid in self.marked for pid in shown),
            len(found),
            query if not found else "",
        )
        if shown_now == self._players_shown:
            return  # the same list: the highlight stays where the judge put it
        self._players_shown = shown_now
        self._moved = False
        options.clear_options()
        options.add_options(Option(self._player_prompt(pid), id=pid) for pid in shown)
        if len(found) > len(shown):
            more = _("… {n} more: keep typing").format(n=len(found) - len(shown))
            options.add_option(Option(Text(more, style="dim italic"), disabled=True))
        elif not found:
            nobody = _("No player matches {query!r}.").format(query=query)
            options.add_option(Option(Text(nobody, style="dim italic"), disabled=True))
        options.highlighted = highlight

    @on(Input.Changed, "#player-search")
    def _player_query(self) -> None:
        self._fill_players()

    def _meant_player(self) -> str | None:
        """The highlighted player, when the judge picked them: typed a search or moved to them.

        An untouched, unfiltered list's first row is nobody's choice (keys lost in a
        burst, a stray key): it is never taken for the judge's.
        """
        search = self.query_one("#player-search", Input)
        option = self.query_one("#player-list", OptionList).highlighted_option
        if option is None or option.id is None or option.disabled:
            return None
        if not (_squash(search.value) or self._moved):
            return None
        return option.id

    async def action_toggle_player(self) -> None:
        """tab: add the player to the incident (or take them out) and clear the search."""
        await self._settle()
        self._fill_players()
        player = self._meant_player()
        if player is None:
            self.notify(
                _("Type the player's name or id, then tab adds them to the incident."),
                severity="warning",
            )
            return
        if player in self.marked:
            self.marked.remove(player)
        else:
            self.marked.append(player)
        search = self.query_one("#player-search", Input)
        search.value = ""
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
        player = self._meant_player()
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
        await self._go("infraction")

    # -- step 2: infraction --------------------------------------------------------------

    def _fill_infractions(self) -> None:
        rules = self.session.rules
        query = _squash(self.query_one("#infraction-search", Input).value)
        if query == self._infractions_shown:
            return  # the same list: the highlight stays where the judge put it
        self._infractions_shown = query
        options = self.query_one("#infraction-list", OptionList)
        options.clear_options()
        other = "en" if language() == "ja" else "ja"
        for group, keys in rules.grouped_infractions():
            found = [
                k
                for k in keys
                if not query
                or query in _squash(f"{k} {rules.infractions[k].en} {rules.infractions[k].ja}")
            ]
            if not found:
                continue
            options.add_option(Option(text.group_name(rules, group), disabled=True))
            for key in found:
                prompt = Text("  ", no_wrap=True, overflow="ellipsis")
                prompt.append(text.infraction_name(rules, key))
                prompt.append("  " + getattr(rules.infractions[key], other), style="dim")
                options.add_option(Option(prompt, id=key))
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        if self.infraction is not None and self.infraction in ids:
            options.highlighted = ids.index(self.infraction)
        else:
            options.highlighted = next((i for i, key in enumerate(ids) if key), None)

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
        option = self.query_one("#infraction-list", OptionList).highlighted_option
        if option is None or option.id is None:
            self.notify(_("No infraction matches; change the search."), severity="warning")
            return
        state = self.session.state
        refused = [
            r for pid in self.players if (r := after_ejection.refusal(state, pid, option.id))
        ]
        if refused:
            self.notify("\n".join(refused), severity="error")
            return
        self.infraction = option.id
        await self._go("intentional")

    # -- steps 3 and 4: intentional? disruptive? ----------------------------------------

    def _show_hint(self, which: str) -> None:
        rules = self.session.rules
        assert self.infraction is not None
        category = rules.infractions[self.infraction].category
        hint = Text()
        if category in rules.categories:
            usual = getattr(rules.categories[category], which)
            hint.append(
                _("Usually {answer} for {infraction} (the catalogue's default).").format(
                    answer=_("yes") if usual else _("no"),
                    infraction=text.infraction_name(rules, self.infraction),
                )
            )
        else:
            hint.append(_("Any answer fits this infraction: judge the case."))
        given = self.intentional if which == "intentional" else self.disruptive
        if given is not None:
            hint.append("\n")
            hint.append(
                _("Your answer: {answer}").format(answer=_("yes") if given else _("no")),
                style="bold",
            )
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

    def _base_questions(self) -> list[Question]:
        """Minutes late (tardiness), then the upgrade questions that apply to the infraction."""
        if self.infraction is None:
            return []
        rules = self.session.rules
        return [
            Question(key, text.question_text(rules, key))
            for key in questions.base(rules, self.infraction)
        ]

    def _recommended_without_between(self) -> Iterator[Outcome]:
        """Each player's recommendation if it was not between matches (computed lazily)."""
        for found in self._classifications(between=False).values():
            yield found.recommended

    def _asks_between(self) -> bool:
        """Whether to ask "between matches?": once the answers make a match loss the result."""
        if self.infraction is None:
            return False
        return questions.next_match_asked(
            self.session.rules, self.infraction, self.answers, self._recommended_without_between()
        )

    def _questions(self) -> list[Question]:
        """The questions for this infraction, given the answers so far."""
        if self.infraction is None:
            return []
        rules = self.session.rules
        asked = questions.asked(
            rules, self.infraction, self.answers, self._recommended_without_between()
        )
        return [Question(key, text.question_text(rules, key)) for key in asked]

    def _question(self) -> Question | None:
        if self.step != "upgrades":
            return None
        questions = self._questions()
        return questions[self.question_index] if self.question_index < len(questions) else None

    def _show_questions(self) -> None:
        questions = self._questions()
        current = self._question()
        out = Text()
        for i, question in enumerate(questions):
            if i:
                out.append("\n")
            here = i == self.question_index
            out.append("▶ " if here else "  ", style="bold")
            out.append(question.text, style="bold" if here else "")
            if question.key == MINUTES:
                answer = str(self.minutes) if self.minutes is not None else ""
            else:
                given = self.answers.get(question.key)
                answer = "" if given is None else _("yes") if given else _("no")
            if answer and not here:
                out.append(f"  {answer}", style="green")
        if current is not None and current.key != MINUTES:
            out.append("\n\n")
            out.append(_("y  yes      n  no"), style="bold")
        out.append("\n\n")
        out.append_text(self._so_far())
        self.query_one("#questions", Static).update(out)
        minutes = self.query_one("#minutes", Input)
        minutes.display = current is not None and current.key == MINUTES
        if minutes.display:
            if self.minutes is not None and not minutes.value:
                minutes.value = str(self.minutes)
            self.set_focus(minutes)
        else:
            self.set_focus(None)

    def _so_far(self) -> Text:
        """The minimum and recommendation with the answers given so far."""
        rules = self.session.rules
        found = self._classifications()
        first = next(iter(found.values()))
        out = Text(_("So far:") + " ", style="dim")
        out.append(_("minimum") + " ", style="dim")
        out.append_text(outcome_text(rules, first.minimum))
        out.append(" · " + _("recommended") + " ", style="dim")
        out.append_text(outcome_text(rules, first.recommended))
        return out

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

    # -- step 6: the result ------------------------------------------------------------------

    def situation(self, *, between: bool | None = None) -> Situation:
        """The answers as the engine reads them; ``between`` overrides "between matches?"."""
        assert self.infraction is not None
        keys = {q.key for q in self._base_questions()}
        flags = {k for k, yes in self.answers.items() if yes and k in keys}
        next_match = self.session.rules.sanctions.match_loss_next_when
        if between is None:
            between = self.answers.get(next_match, False) and self._asks_between()
        if between:
            flags.add(next_match)
        return Situation(
            intentional=bool(self.intentional),
            disruptive=bool(self.disruptive),
            infraction=self.infraction,
            flags=frozenset(flags),
            minutes_late=self.minutes if MINUTES in keys else None,
            phase=self.session.state.phase,
        )

    def _classifications(self, *, between: bool | None = None) -> dict[str, Classification]:
        """Each player's classification; cached, as the footer asks on every refresh."""
        state = self.session.state
        situation = self.situation(between=between)
        key = (situation, tuple(self.players), self.session.version)
        cached = self._classified.get(key)
        if cached is None:
            cached = {
                pid: engine.classify(state.rules, situation, state.past(pid))
                for pid in self.players
            }
            if len(self._classified) > 32:
                self._classified.clear()
            self._classified[key] = cached
        return cached

    def choices(self) -> list[Choice]:
        """Every penalty allowed for every player (none below a minimum), mildest first:
        the engine's list (`engine.penalty_choices`)."""
        return engine.penalty_choices(self.session.rules, list(self._classifications().values()))

    def chosen(self) -> Choice | None:
        option = self.query_one("#penalty-choice", OptionList).highlighted_option
        if option is None or option.id is None:
            return None
        return next((c for c in self.choices() if c.key == option.id), None)

    def plan(self, choice: Choice) -> list[PlayerPlan]:
        """What recording ``choice`` would do, player by player: the service's own plan
        (`engine.plan_incident`), so what the screen shows is what is recorded."""
        state = self.session.state
        role: engine.Role = "head" if self.session.is_head else "floor"
        return engine.plan_incident(
            state.rules,
            self.situation(),
            {pid: state.past(pid) for pid in self.players},
            role,
            choice.penalty,
            self._classifications(),
        )

    def _needs_request(self) -> bool:
        if self.session.is_head or self.step != "result":
            return False
        choice = self.chosen()
        if choice is None:
            return False
        return any(p.need == "request" for p in self.plan(choice))

    def _show_result(self) -> None:
        rules = self.session.rules
        found = self._classifications()
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
        self.query_one("#result-head", Static).update(head)
        self.query_one("#result-why", Static).update(self._details(found))
        options = self.query_one("#penalty-choice", OptionList)
        keep = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        highlight = 0
        for i, choice in enumerate(self.choices()):
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
        self._show_effect()

    def _details(self, found: dict[str, Classification]) -> Group:
        """The reasons, remedy and each player's history beside the choices.

        Each reason is a row of a two-column grid, so a Japanese sentence (one long
        "word" to a line breaker) wraps under its own text instead of leaving the
        bullet alone on a line.
        """
        rules = self.session.rules
        state = self.session.state
        assert self.infraction is not None
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
        infraction = rules.infractions[self.infraction]
        remedy = (
            infraction.remedy_ja
            if language() == "ja" and infraction.remedy_ja
            else infraction.remedy
        )
        if remedy:
            out.append(f"→ {remedy}\n", style="bold")
        if first.every_player:
            out.append(_("Give it to every player involved.") + "\n", style="bold")
        if first.investigation:
            out.append(_("A Triple Warning opens an investigation.") + "\n", style="bold")
        for pid in found:
            out.append("\n")
            out.append_text(self._history(state, pid))
        parts.append(out)
        return Group(*parts)

    def _history(self, state: EventState, pid: str) -> Text:
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
            same = record.infraction == self.infraction
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

    def _show_effect(self) -> None:
        self.query_one("#result-effect", Static).update(self.effect())
        self.refresh_bindings()

    def effect(self) -> Text:
        """What recording the highlighted choice will do, player by player."""
        choice = self.chosen()
        out = Text()
        if choice is None:
            return out
        session = self.session
        rules = session.rules
        state = session.state
        for plan in self.plan(choice):
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
                    _(
                        "only the head judge may issue {penalty}: enter sends it as a request."
                    ).format(penalty=text.outcome_name(rules, outcome)),
                    style="bold yellow",
                )
            elif need == "pending":
                line.append(
                    _(
                        "from a floor judge this is a request: it waits in the head judge's "
                        "queue and counts once confirmed."
                    ),
                    style="yellow",
                )
            elif outcome.warning == "notice" and not session.is_head:
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
                    line.append(
                        " " + _("A fourth warning: ejection is required."), style="bold red"
                    )
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
        penalty = None if choice is None or choice.recommended else choice.key
        return RecordRequest(
            players=list(self.players),
            infraction=situation.infraction or "",
            intentional=situation.intentional,
            disruptive=situation.disruptive,
            flags=situation.flags,
            minutes_late=situation.minutes_late,
            note=self.query_one("#note", Input).value.strip(),
            penalty=penalty,
            request=as_request,
            table=self._context_value("table"),
            game=self._context_value("game"),
            opponent=self.query_one("#ctx-opponent", Input).value.strip() or None,
            extension=self._context_value("extension"),
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
        self.recording = True
        self.refresh_bindings()

        def finished(ok: bool) -> None:
            self.recording = False
            self.refresh_bindings()

        def record() -> RecordResult | RecordState:
            # The service says what is a possible duplicate; the judge, once shown it,
            # answers (a witness note, or a second incident with its reason).
            if answer is None:
                found = session.possible_duplicate(request)
                if found is not None:
                    return found
            return session.record(request)

        def done(result: RecordResult | RecordState) -> None:
            if isinstance(result, RecordState):
                self._ask_duplicate(result, as_request=as_request)
            else:
                self._recorded(result)

        self.run_service(record, on_result=done, on_done=finished)

    def _ask_duplicate(self, earlier: RecordState, *, as_request: bool) -> None:
        from judgetui.station.dialogs.duplicate import DuplicateScreen

        note = self.query_one("#note", Input)

        def answered(answer: DuplicateAnswer | None) -> None:
            if answer is not None:
                note.value = answer.note
                self._record(as_request=as_request, confirmed=True, answer=answer)

        self.app.push_screen(DuplicateScreen(earlier, note.value.strip()), answered)

    def _ask_before_sanction(self) -> bool:
        """An ejection or a disqualification asks first (`ConfirmSanction`); True if asked."""
        from judgetui.station.dialogs.void import confirm_sanction, ends_tournament

        rules = self.session.rules
        choice = self.chosen()
        if choice is None:
            return False
        ending = [
            p.outcome.sanction
            for p in self.plan(choice)
            if ends_tournament(rules, p.outcome.sanction)
        ]
        if not ending:
            return False
        names = _(", ").join(self.session.state.players[p].name for p in self.players)
        note = self.query_one("#note", Input)

        def confirmed(text_: str) -> None:
            note.value = text_
            self._record(as_request=False, confirmed=True)

        worst = max(ending, key=lambda key: rules.penalties[key or ""].rank)
        confirm_sanction(self, rules, worst, names, note.value.strip(), confirmed)
        return True

    def _recorded(self, result: RecordResult) -> None:
        self.result = result
        session = self.session
        table = self._context_value("table")
        if table is not None and table > 0:
            session.tables[(session.judge.name, session.state.round)] = table
        lines = [self._done_line(r) for r in result.records]
        if result.witness_of is not None:
            lines = [
                Text(
                    _("Witness note added to record {id}: no second penalty.").format(
                        id=result.witness_of[:8]
                    )
                )
            ]
        out = Text()
        for line in lines:
            out.append_text(line)
            out.append("\n")
        out.append("\n")
        out.append(_("enter: back to the dashboard    n: another incident"), style="dim")
        self._done_text = out
        self.step = "done"  # mounted with the result step
        self._show_step()
        self.notify(Text("\n").join(lines).plain, title=_("Recorded"))

    def _done_line(self, record: RecordedPenalty) -> Text:
        rules = self.session.rules
        if record.player is None:
            return Text(_("Caution given: verbal, not recorded against the player."))
        name = self.session.state.players[record.player].name
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
        if record.warning == "notice" and not self.session.is_head:
            line.append(" " + _("It is in the head judge's queue."))
        line.append(
            " "
            + _("{points} in the {phase}.").format(
                points=points_phrase(record.points_after),
                phase=phase_name(self.session.state.phase),
            )
        )
        if record.decision_owed:
            line.append(" " + _("The head judge owes a decision."), style="bold red")
        return line

    async def action_finish(self) -> None:
        await self.app.pop_screen()

    async def action_again(self) -> None:
        # Awaited: the keys typed after `n` go to the new screen's search.
        await self.app.switch_screen(ClassifyScreen())

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
