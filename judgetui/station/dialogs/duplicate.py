"""Before recording: another judge may have recorded this incident already.

The service found the earlier record (same player, same infraction, same round, another
judge, within the rules' window); this dialog shows it — who, when, what — and asks: attach
this report to it as a witness note (no second penalty; the default, the safe answer for a
tired judge pressing enter), or record anyway, a second incident with a note saying why.
Both need a note; escape goes back to the result without recording anything. A report that
is no real duplicate of it (another set of players: the service's rule, the one `record
--same-as` is held to) is not offered the witness note, and says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from msgspec.structs import replace
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import text
from judgetui.i18n import N_, _
from judgetui.service import RecordRequest
from judgetui.state import EventState, RecordState
from judgetui.station.screens.base import localize_bindings
from judgetui.station.widgets.context import context_lines
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import outcome_text, parse_at, status_name

WITNESS: Literal["witness"] = "witness"
ANYWAY: Literal["anyway"] = "anyway"


@dataclass(frozen=True)
class DuplicateAnswer:
    """The judge's answer: a witness note on ``record``, or a second incident over it."""

    choice: Literal["witness", "anyway"]
    record: str
    note: str

    def apply(self, request: RecordRequest) -> RecordRequest:
        if self.choice == WITNESS:
            return replace(request, same_as=self.record, note=self.note)
        # "Record anyway" is the judge saying it is another incident: the earlier record
        # counts as an earlier offence, as the result step showed before the dialog.
        return replace(request, duplicate_of=self.record, note=self.note, counts_earlier=True)


def earlier_text(state: EventState, record: RecordState) -> Text:
    """The earlier record as the dialog shows it: who, when, what, and its context."""
    rules = state.rules
    out = Text()
    try:
        when = parse_at(record.at).astimezone().strftime("%H:%M")
    except ValueError:
        when = record.at
    out.append(
        _("{judge} recorded this at {time}, round {round}:").format(
            judge=record.judge or "?", time=when, round=record.round
        )
        + "\n",
        style="bold",
    )
    player = state.players.get(record.player)
    out.append(f"{record.player} {player.name if player else ''}  ")
    from judgetui.engine import Outcome

    out.append_text(outcome_text(rules, Outcome(record.warning, record.sanction)))
    out.append(f" · {status_name(record.status)} · ")
    out.append(text.infraction_name(rules, record.infraction) + "\n")
    if record.note:
        out.append(_("Note") + ": ", style="bold")
        out.append(record.note + "\n")
    out.append_text(context_lines(state, record))
    out.rstrip()
    return out


class DuplicateScreen(ModalScreen[DuplicateAnswer | None]):
    """Show the possible duplicate; dismiss with the judge's answer, or None (escape)."""

    HELP_TITLE: ClassVar[str] = N_("Possible duplicate")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", N_("Choose"), priority=True, id="duplicate.choose"),
        Binding("up", "move(-1)", N_("Up"), show=False, priority=True, id="duplicate.up"),
        Binding("down", "move(1)", N_("Down"), show=False, priority=True, id="duplicate.down"),
        Binding("escape", "cancel", N_("Back"), priority=True, id="duplicate.back"),
    ]

    def __init__(self, earlier: RecordState, note: str = "", refusal: str | None = None) -> None:
        super().__init__(classes="station-modal")
        self.earlier = earlier
        self.note = note
        self.refusal = refusal
        """Why this report is no real duplicate of ``earlier`` (the service's words): the
        witness note is not offered, only a second incident."""

    def compose(self) -> ComposeResult:
        state = self.app.session.state  # type: ignore[attr-defined]
        with Vertical(id="duplicate-box", classes="dialog"):
            yield Static(_("Possible duplicate"), classes="dialog-title")
            yield Static(earlier_text(state, self.earlier), id="duplicate-earlier")
            yield OptionList(
                Option(
                    _("Attach my report to it as a witness note (no second penalty)"),
                    id=WITNESS,
                    disabled=self.refusal is not None,
                ),
                Option(_("Record anyway: a second incident (say why in the note)"), id=ANYWAY),
                id="duplicate-choice",
            )
            if self.refusal is not None:
                yield Static(
                    Text(_("No witness note: {why}").format(why=self.refusal), style="bold"),
                    id="duplicate-refusal",
                )
            yield Input(
                value=self.note,
                placeholder=_("note: what you saw, or why this is another incident"),
                max_length=2000,
                id="duplicate-note",
            )
            yield Static(id="duplicate-problem")
        yield StationFooter()

    def on_mount(self) -> None:
        localize_bindings(self, is_head=True)
        self.query_one("#duplicate-choice", OptionList).highlighted = (
            0 if self.refusal is None else 1
        )
        self.query_one("#duplicate-note", Input).focus()

    def action_move(self, step: int) -> None:
        options = self.query_one("#duplicate-choice", OptionList)
        current = options.highlighted or 0
        lowest = 0 if self.refusal is None else 1  # the witness note, when offered
        options.highlighted = max(lowest, min(options.option_count - 1, current + step))

    def action_choose(self) -> None:
        options = self.query_one("#duplicate-choice", OptionList)
        option = options.highlighted_option
        note = self.query_one("#duplicate-note", Input).value.strip()
        if option is None or option.disabled:
            return
        if not note:
            self.query_one("#duplicate-problem", Static).update(
                Text(
                    _("A note is needed: what you saw, or why this is another incident."),
                    style="bold red",
                )
            )
            return
        choice = DuplicateAnswer(WITNESS if option.id == WITNESS else ANYWAY, self.earlier.id, note)
        self.dismiss(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose()

    def action_cancel(self) -> None:
        self.dismiss(None)
