"""Who is at the keyboard, on an event whose judges are not bound to OS accounts.

Only judges the service would accept from this OS account are offered (on a partly
bound event, a judge bound to another account is left out): `session.roster_for`.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from judgetui import diagnostics, errors
from judgetui.i18n import N_, _
from judgetui.service import BadInput, NotPermitted, Planner
from judgetui.state import EventState, JudgeState
from judgetui.station.screens.base import error_text, localize_bindings
from judgetui.station.session import roster_for
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import role_name


class SignInScreen(Screen[JudgeState | None]):
    """Pick yourself from the roster; dismisses with the judge (None: quit)."""

    HELP_TITLE: ClassVar[str] = N_("Sign in")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "sign_in", N_("Sign in"), priority=True, id="sign_in.sign_in"),
        Binding("escape", "leave", N_("Quit"), id="sign_in.quit"),
    ]

    def __init__(self, state: EventState, planner: Planner) -> None:
        super().__init__(id="sign-in-screen")
        self.state = state
        self.planner = planner

    def compose(self) -> ComposeResult:
        with Vertical(id="sign-in", classes="dialog"):
            yield Static(self.state.name, classes="dialog-title")
            yield Static(
                _(
                    "This event does not bind judges to OS accounts. "
                    "Who are you? Your name goes on every penalty you record."
                ),
                id="sign-in-help",
            )
            yield OptionList(id="roster")
        yield StationFooter()

    def on_mount(self) -> None:
        localize_bindings(self, is_head=True)
        roster = self.query_one("#roster", OptionList)
        for judge in roster_for(self.planner, self.state):
            prompt = Text(judge.name, style="bold")
            prompt.append(f"  {role_name(judge.role)}", style="dim")
            roster.add_option(Option(prompt, id=judge.name))
        roster.highlighted = 0 if roster.option_count else None
        roster.focus()

    @on(OptionList.OptionSelected, "#roster")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sign_in()

    def action_sign_in(self) -> None:
        option = self.query_one("#roster", OptionList).highlighted_option
        if option is None or option.id is None:
            return
        try:
            judge = self.planner.identify(self.state, option.id)
        except (BadInput, NotPermitted) as error:
            diagnostics.warning("station refused: sign-in: %s", errors.describe(error))
            self.notify(error_text(error), severity="error")
            return
        self.dismiss(judge)

    def action_leave(self) -> None:
        self.dismiss(None)
