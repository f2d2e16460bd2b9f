"""The round list in the station: every penalty of a round the scorekeeper must enter,
and the head judge's marks of what was entered (`judgetui.report_texts` renders it;
marks go through the session like every other act). Under the list, the shape of the
event for the head judge at the round's end: penalties on the record per round (a
sparkline, the shown round marked) and the round's most given infractions, as bars
(`judgetui.state.EventState.penalty_counts` counts them)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from judgetui import report_texts, text
from judgetui.i18n import N_, _
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.messages import Entered, Refused
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.table import Column, Row, RowTable


class RoundListScreen(StationScreen):
    """The scorekeeper's list for a round; the head judge marks lines entered."""

    HELP_TITLE: ClassVar[str] = N_("Round list")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "mark", N_("Mark entered"), id="round_list.mark"),
        Binding("left,comma", "round(-1)", N_("Previous round"), id="round_list.previous"),
        Binding("right,full_stop", "round(1)", N_("Next round"), id="round_list.next"),
        Binding("escape", "back", N_("Back"), id="round_list.back"),
    ]
    HEAD_ONLY: ClassVar[frozenset[str]] = frozenset({"mark"})
    DEFAULT_CSS = """
    RoundListScreen #round-title { text-style: bold; color: $accent; padding: 0 1; }
    RoundListScreen #round-summary { padding: 0 1; }
    RoundListScreen #round-extensions { padding: 0 1; color: $text-muted; height: auto; }
    RoundListScreen #round-shape {
        padding: 0 1; height: auto; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(self, number: int | None = None) -> None:
        super().__init__()
        self.add_class("station-screen")
        self.number = number
        self._marking: set[str] = set()

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield Static("", id="round-title")
        yield RowTable(
            [
                Column(_("Table"), 8, fit=True),
                Column(_("Player")),
                Column(_("What"), rank=2),
                Column(_("Entered"), 10, fit=True),
            ],
            empty=_("Nothing to enter for this round."),
            id="round-items",
        )
        yield Static("", id="round-extensions")
        yield Static("", id="round-shape")
        yield Static("", id="round-summary")
        yield StationFooter()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#round-items", RowTable).focus()

    def on_state_changed(self) -> None:
        self.show()

    @property
    def shown_round(self) -> int:
        return self.number or self.session.state.round

    def show(self) -> None:
        state = self.session.state
        self.query_one(StationHeader).show(self.session)
        number = self.shown_round
        items = report_texts.round_items(state, number)
        self.query_one("#round-title", Static).update(
            _("Round {n}: the scorekeeper's list · {event}").format(n=number, event=state.name)
        )
        rows = []
        for item in items:
            names = report_texts.players_text(state, item)
            what = report_texts.item_kind_name(state, item)
            if item.kind == report_texts.EXTENSION:
                what += " " + _("+{minutes} min").format(minutes=item.minutes)
            elif item.kind in report_texts.LOSSES:
                what += report_texts.loss_details(item)
            if item.voided:
                mark = Text(_("voided: take it back"), style="bold red")
            elif item.entered is not None:
                mark = Text(_("entered"), style="green")
            else:
                mark = Text(_("not entered"), style="bold yellow")
            rows.append(Row(item.id, (report_texts.table_name(item.table), names, what, mark)))
        self.query_one("#round-items", RowTable).set_rows(rows)
        totals = report_texts.extensions_by_table(items)
        self.query_one("#round-extensions", Static).update(
            _("Extensions by table")
            + ": "
            + ", ".join(
                _("{table}: +{minutes} min").format(table=report_texts.table_name(t), minutes=m)
                for t, m in totals.items()
            )
            if totals
            else ""
        )
        summary = report_texts.closing_line(items) if items else ""
        self.query_one("#round-summary", Static).update(summary)
        self.query_one("#round-shape", Static).update(self._shape(number))

    def _shape(self, number: int) -> Text:
        """Two lines: penalties on the record per round, one character a round (the shown
        round in reverse), and the shown round's three most given infractions as bars."""
        state = self.session.state
        counts = state.penalty_counts()
        rounds = report_texts.penalties_by_round(state, counts)
        shown = dict(rounds).get(number, 0)
        line = Text()
        line.append(_("Penalties by round") + "  ", style="bold")
        for (at, _n), mark in zip(
            rounds, report_texts.sparkline([n for _at, n in rounds]), strict=True
        ):
            line.append(mark, style="reverse bold" if at == number else "")
        line.append("  " + _("round {n}: {count}").format(n=number, count=shown))
        line.append("\n")
        most = list(counts.by_infraction(number).items())[:3]
        if not most:
            line.append(_("No penalty on the record this round."), style="dim")
            return line
        line.append(_("Most given this round") + "  ", style="bold")
        top = most[0][1]
        for index, (key, n) in enumerate(most):
            if index:
                line.append(" · ", style="dim")
            line.append(report_texts.clip(text.infraction_name(state.rules, key), 20) + " ")
            line.append(report_texts.bar(n, top, 6))
            line.append(f" {n}")
        return line

    def action_round(self, step: int) -> None:
        self.number = max(1, self.shown_round + step)
        self.show()

    @on(Entered)
    @on(Refused)
    def _marked(self, message: Entered | Refused) -> None:
        self._marking.discard(message.about or "")

    def action_mark(self) -> None:
        """Ask first: a line marked entered stays entered (only `y` says yes)."""
        table = self.query_one("#round-items", RowTable)
        key = table.cursor_key
        state = self.session.state
        if key is None or key in self._marking:
            return
        if key in state.entered:
            self.notify(_("Already entered."), severity="information")
            return
        self._marking.add(key)  # held from the question to the write: a second x is no second mark
        session = self.session
        number = self.shown_round
        line = " · ".join(
            cell.plain if isinstance(cell, Text) else cell
            for cell in table.rows[table.cursor].cells[:3]
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                self._marking.discard(key)
                return
            self.serve(
                lambda: session.mark_entered([key], number), Entered, _("Marked entered."), key
            )

        self.app.push_screen(
            ConfirmModal(
                _(
                    "Mark this line entered by the scorekeeper?\n\n{line}\n\n"
                    "A line marked entered stays entered."
                ).format(line=line),
                _("Mark entered"),
                _("Not yet entered"),
                enter_says_yes=False,
            ),
            answered,
        )

    def action_back(self) -> None:
        self.app.pop_screen()
