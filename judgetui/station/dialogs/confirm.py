"""A yes/no question before an act that cannot be undone (entering the finals, …).

`ConfirmModal(question, yes, no)` returns True only for an explicit yes: `y`, or enter
while the yes button has the focus (it has it when the dialog opens). `n` and escape
answer no, so a judge who is not sure can always back out with the same key.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from judgetui.i18n import N_
from judgetui.station.screens.base import localize_bindings
from judgetui.station.widgets.footer import StationFooter


class ConfirmModal(ModalScreen[bool]):
    """Ask one question; dismiss with True (yes) or False (no)."""

    HELP_TITLE: ClassVar[str] = N_("Confirmation")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("No"), id="confirm.no"),
        Binding("escape", "answer(False)", N_("No"), id="confirm.cancel"),
        Binding("left,right", "switch_button", N_("Switch"), show=False, id="confirm.switch"),
    ]

    def __init__(self, question: str, yes: str, no: str, *, enter_says_yes: bool = True) -> None:
        """``enter_says_yes=False`` opens with the no button focused: only `y` says yes."""
        super().__init__(classes="station-modal")
        self.question = question
        self.yes = yes
        self.no = no
        self.enter_says_yes = enter_says_yes

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons", classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="warning")
                yield Button(f"{self.no} (n)", id="confirm-no", variant="primary")
        yield StationFooter()

    def on_mount(self) -> None:
        localize_bindings(self, is_head=True)
        self.query_one("#confirm-yes" if self.enter_says_yes else "#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def action_switch_button(self) -> None:
        yes = self.query_one("#confirm-yes", Button)
        no = self.query_one("#confirm-no", Button)
        (no if yes.has_focus else yes).focus()
