"""Putting a mistake right, and asking before a penalty that ends a tournament.

`VoidModal` asks the head judge why a record or a decision is voided (a reason is
required; escape backs out). `CorrectModal` corrects a record's player or penalty: the
service voids the record and records the correction in one write (`Station.correct`).
`ConfirmSanction` stands before every ejection and disqualification the station gives
(the classification's result, the review's upgrade, the three-warning decision): it says
what the penalty means for the player's prizes and standing, from rules.toml, and asks
for a note; enter confirms only once a note is written.

`confirm_sanction(screen, key, player, note, then)` is the one call site for all three:
for a penalty that does not end the tournament it calls ``then(note)`` at once. The review's
upgrade and the correction call it over their form before it closes, so escape on the
confirmation comes back to the form as it was typed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import text
from judgetui.i18n import N_, _
from judgetui.rules import Rules
from judgetui.station.screens.base import localize_bindings


def ends_tournament(rules: Rules, key: str | None) -> bool:
    """An ejection or a disqualification: a penalty that ends the player's tournament."""
    return key is not None and key in rules.penalties and rules.penalties[key].ends_tournament


def sanction_meaning(rules: Rules, key: str) -> str:
    """What ``key`` means for the player, from the rules' own flags (RULINGS §1)."""
    penalty = rules.penalties[key]
    if penalty.forfeits_prizes:
        return _(
            "The player loses the current match at once and leaves the tournament; "
            "they forfeit prizes and standing."
        )
    return _(
        "The player loses the current match at once and leaves the tournament; "
        "the record stands and they keep the prizes their standing earns."
    )


def void_effect(rules: Rules, target: object) -> str:
    """What voiding ``target`` (a record or a decision) does, for the void dialog."""
    from judgetui.state import DecisionState, RecordState

    if isinstance(target, DecisionState):
        return _("The player is active again; a decision is owed again if the points call for one.")
    if isinstance(target, RecordState) and ends_tournament(rules, target.sanction):
        return _("The player is active again unless another penalty ended their tournament.")
    return _("Points, the queue and any decision that rested on it are recomputed.")


_R = TypeVar("_R")


class _NoteModal(ModalScreen[_R | None], Generic[_R]):
    """A title, a few lines of explanation and a required note; enter gives the answer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", N_("Confirm"), priority=True, id="void.confirm"),
        Binding("escape", "cancel", N_("Back"), id="void.back"),
    ]
    AUTO_FOCUS: ClassVar[str | None] = "#note-field"
    """The note has the focus from the moment the dialog is up (not the first field until
    `on_mount` moves it), so letters typed in one burst with the key that opened the
    dialog are typed into the note."""
    NOTE_PROMPT: ClassVar[str] = N_("Reason (required)")
    EMPTY_NOTE: ClassVar[str] = N_("Write the reason first: the log keeps it.")

    def __init__(self, title: str, body: Text, note: str = "") -> None:
        super().__init__(classes="station-modal")
        self.title_text = title
        self.body = body
        self.initial_note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.body, classes="dialog-body")
            yield from self.extra()
            yield Static(_(self.NOTE_PROMPT), classes="field-label")
            yield Input(self.initial_note, id="note-field")
        yield Footer(compact=True)

    def extra(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        session = getattr(self.app, "session", None)
        localize_bindings(self, is_head=bool(getattr(session, "is_head", True)))
        note = self.query_one("#note-field", Input)
        if not getattr(self.app, "cursor_blink", True):
            note.cursor_blink = False
        note.focus()

    def note(self) -> str | None:
        value = self.query_one("#note-field", Input).value.strip()
        if not value:
            self.notify(_(self.EMPTY_NOTE), severity="warning")
            self.query_one("#note-field", Input).focus()
            return None
        return value

    def answer(self, note: str) -> _R | None:
        """The modal's result for ``note``, or None to stay open."""
        raise NotImplementedError

    def action_submit(self) -> None:
        note = self.note()
        if note is None:
            return
        result = self.answer(note)
        if result is not None:
            self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


class _ReasonModal(_NoteModal[str]):
    def answer(self, note: str) -> str | None:
        return note


class VoidModal(_ReasonModal):
    """Why a record or a decision is voided; returns the reason, or None."""

    HELP_TITLE: ClassVar[str] = N_("Void")

    def __init__(self, what: str, effect: str) -> None:
        body = Text()
        body.append(what, style="bold")
        body.append("\n" + effect)
        body.append(
            "\n"
            + _(
                "It stays in the log, marked voided, and stops counting. "
                "Write why, then press enter; escape goes back."
            )
        )
        super().__init__(_("Void"), body)


class ConfirmSanction(_ReasonModal):
    """Before an ejection or a disqualification: what it means, and a note."""

    HELP_TITLE: ClassVar[str] = N_("Confirm the penalty")
    NOTE_PROMPT: ClassVar[str] = N_("Note for the log (required)")

    def __init__(self, rules: Rules, key: str, player: str) -> None:
        name = text.penalty_name(rules, key)
        body = Text()
        body.append(_("{penalty} for {player}").format(penalty=name, player=player), style="bold")
        body.append("\n" + sanction_meaning(rules, key))
        body.append(
            "\n"
            + _("Write a note, then press enter to give the {penalty}; escape goes back.").format(
                penalty=name
            )
        )
        super().__init__(_("Confirm: {penalty}").format(penalty=name), body)
        self.key = key


def confirm_sanction(
    screen: Screen[Any],
    rules: Rules,
    key: str | None,
    player: str,
    note: str,
    then: Callable[[str], None],
) -> None:
    """Call ``then(note)``: at once, or after `ConfirmSanction` for a tournament-ending key.

    The confirmation's note starts empty, whatever ``note`` the judge wrote before, so a
    key pressed twice never confirms: a note must be typed in the dialog itself. What the
    judge wrote there is added to ``note``.
    """
    if not ends_tournament(rules, key):
        then(note)
        return
    assert key is not None

    def answered(confirmed: str | None) -> None:
        if confirmed is not None:
            then(f"{note} · {confirmed}" if note else confirmed)

    screen.app.push_screen(ConfirmSanction(rules, key, player), answered)


@dataclasses.dataclass(frozen=True)
class Correction:
    """What the head judge puts in place of a record: a player, a penalty, the reason."""

    player: str
    penalty: str
    note: str


class CorrectModal(_NoteModal[Correction]):
    """Correct a record's player or penalty (the service voids it and records anew)."""

    HELP_TITLE: ClassVar[str] = N_("Correct a record")

    def __init__(
        self,
        what: str,
        player: str,
        penalties: list[tuple[str, str]],
        current: str,
        *,
        rules: Rules | None = None,
        name_of: Callable[[str], str] = str,
    ) -> None:
        """``rules``: a correction to an ejection or a disqualification is confirmed here
        first (`confirm_sanction`), naming the player by ``name_of(player id)``."""
        body = Text(what, style="bold")
        body.append(
            "\n"
            + _(
                "The record is voided and the correction recorded in its place, as one act. "
                "Player id, penalty, reason; enter records, escape goes back."
            )
        )
        super().__init__(_("Correct the record"), body)
        self.player = player
        self.penalties = penalties
        self.current = current
        self.rules = rules
        self.name_of = name_of

    def extra(self) -> ComposeResult:
        yield Static(_("Player id"), classes="field-label")
        yield Input(self.player, id="correct-player")
        yield Static(_("Penalty"), classes="field-label")
        yield OptionList(
            *(Option(label, id=key) for key, label in self.penalties), id="correct-penalty"
        )

    def on_mount(self) -> None:
        super().on_mount()
        options = self.query_one("#correct-penalty", OptionList)
        keys = [key for key, _label in self.penalties]
        options.highlighted = keys.index(self.current) if self.current in keys else 0

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#note-field", Input).focus()

    def answer(self, note: str) -> Correction | None:
        player = self.query_one("#correct-player", Input).value.strip()
        option = self.query_one("#correct-penalty", OptionList).highlighted_option
        if not player or option is None or option.id is None:
            self.notify(_("Name the player and choose the penalty."), severity="warning")
            return None
        return Correction(player, option.id, note)

    def action_submit(self) -> None:
        note = self.note()
        fix = None if note is None else self.answer(note)
        if fix is None:
            return
        if self.rules is None:
            self.dismiss(fix)
            return

        def confirmed(note: str) -> None:
            self.dismiss(dataclasses.replace(fix, note=note))

        name = self.name_of(fix.player)
        confirm_sanction(self, self.rules, fix.penalty, name, fix.note, confirmed)
