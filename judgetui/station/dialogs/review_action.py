"""The small dialog of the head judge's review: upgrade to a level, or dismiss with a note.

An upgrade to an ejection or a disqualification asks `ConfirmSanction` over this dialog
before it closes: escape there comes back here, the level and the note as they were."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui.i18n import N_, _
from judgetui.rules import Rules
from judgetui.station.dialogs.void import confirm_sanction
from judgetui.station.screens.base import localize_bindings
from judgetui.station.widgets.footer import StationFooter


@dataclasses.dataclass(frozen=True)
class ReviewAnswer:
    """What the head judge filled in for an upgrade or a dismissal."""

    penalty: str | None
    note: str


class ReviewActionModal(ModalScreen[ReviewAnswer | None]):
    """Upgrade (pick a level, optional note) or dismiss (a note is required)."""

    HELP_TITLE: ClassVar[str] = N_("Upgrade or dismiss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", N_("Done"), priority=True, id="review_action.done"),
        Binding("tab", "switch", N_("Note"), show=False, id="review_action.note"),
        Binding("escape", "cancel", N_("Cancel"), id="review_action.cancel"),
    ]

    def __init__(
        self,
        title: str,
        choices: list[tuple[str, Text]] | None,
        note_label: str,
        *,
        note_required: bool,
        rules: Rules | None = None,
        player: str = "",
    ) -> None:
        """``rules`` and ``player`` (a name): a level that ends the tournament is confirmed
        here first (`confirm_sanction`)."""
        super().__init__(classes="station-modal")
        self.title_text = title
        self.choices = choices
        self.note_label = note_label
        self.note_required = note_required
        self.rules = rules
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(id="review-action-box", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            if self.choices is not None:
                yield OptionList(
                    *(Option(label, id=key) for key, label in self.choices),
                    id="review-action-choices",
                )
            yield Static(self.note_label, classes="field-label")
            yield Input(id="review-action-note")
        yield StationFooter()

    def on_mount(self) -> None:
        session = getattr(self.app, "session", None)
        localize_bindings(self, is_head=bool(getattr(session, "is_head", True)))
        if not getattr(self.app, "cursor_blink", True):
            self.query_one("#review-action-note", Input).cursor_blink = False
        if self.choices:
            choices = self.query_one("#review-action-choices", OptionList)
            choices.highlighted = 0
            choices.focus()
        else:
            self.query_one("#review-action-note", Input).focus()

    def action_switch(self) -> None:
        note = self.query_one("#review-action-note", Input)
        if note.has_focus and self.choices:
            self.query_one("#review-action-choices", OptionList).focus()
        else:
            note.focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_submit()

    def action_submit(self) -> None:
        penalty: str | None = None
        if self.choices is not None:
            option = self.query_one("#review-action-choices", OptionList).highlighted_option
            if option is None:
                return
            penalty = option.id
        note = self.query_one("#review-action-note", Input).value.strip()
        if self.note_required and not note:
            self.notify(_("Write a note: the player and the log deserve a reason."))
            self.query_one("#review-action-note", Input).focus()
            return
        if self.rules is None:
            self.dismiss(ReviewAnswer(penalty, note))
            return

        def confirmed(note: str) -> None:
            self.dismiss(ReviewAnswer(penalty, note))

        confirm_sanction(self, self.rules, penalty, self.player, note, confirmed)

    def action_cancel(self) -> None:
        self.dismiss(None)
