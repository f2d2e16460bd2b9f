"""The open investigations (head judge): each opened by a record, closed with a finding."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from judgetui import report_texts, text
from judgetui.i18n import N_, _
from judgetui.station.dialogs.report import FindingModal
from judgetui.station.messages import Closed, Refused
from judgetui.station.navigation import navigator
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.table import Column, Row, RowTable


class InvestigationsScreen(StationScreen):
    """The open investigations: who, since when; enter opens the report, `c` closes one."""

    HELP_TITLE: ClassVar[str] = N_("Investigations")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "report", N_("Report"), id="investigations.report"),
        Binding("c", "close", N_("Close with a finding"), id="investigations.close"),
        Binding("escape", "back", N_("Back"), id="investigations.back"),
    ]
    HEAD_ONLY: ClassVar[frozenset[str]] = frozenset({"close"})
    DEFAULT_CSS = """
    InvestigationsScreen #inv-title { text-style: bold; color: $accent; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("station-screen")
        self._closing_ids: set[str] = set()

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield Static(_("Open investigations"), id="inv-title")
        yield RowTable(
            [
                Column(_("Player")),
                Column(_("Since"), 16, fit=True),
                Column(_("Penalty"), rank=2),
                Column(_("Judge"), 4, optional=True, fit=True, rank=3),
            ],
            empty=_("No investigation is open."),
            id="inv-items",
        )
        yield StationFooter()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#inv-items", RowTable).focus()

    def on_state_changed(self) -> None:
        self.show()

    def show(self) -> None:
        self.query_one(StationHeader).show(self.session)
        state = self.session.state
        rows = [
            Row(
                r.id,
                (
                    f"{r.player} {state.players[r.player].name}",
                    report_texts.local_time(r.at),
                    text.penalty_name(state.rules, r.penalty),
                    r.judge,
                ),
            )
            for r in state.open_investigations()
        ]
        self.query_one("#inv-items", RowTable).set_rows(rows)

    @on(RowTable.Selected, "#inv-items")
    def _selected(self) -> None:
        self.action_report()

    def _record(self) -> str | None:
        return self.query_one("#inv-items", RowTable).cursor_key

    def action_report(self) -> None:
        key = self._record()
        if key is None:
            return
        navigator(self.app).open_player_report(self.session.state.records[key].player)

    @on(Closed)
    @on(Refused)
    def _investigation_closed(self, message: Closed | Refused) -> None:
        self._closing_ids.discard(message.about or "")

    def action_close(self) -> None:
        key = self._record()
        if key is None or key in self._closing_ids:
            return
        state = self.session.state
        record = state.records[key]
        session = self.session

        def answered(finding: str | None) -> None:
            if finding is None:
                return
            self._closing_ids.add(key)
            self.serve(
                lambda: session.close_investigation(key, finding),
                Closed,
                _("Investigation closed."),
                key,
            )

        self.app.push_screen(
            FindingModal(f"{record.player} {state.players[record.player].name}"), answered
        )

    def action_back(self) -> None:
        self.app.pop_screen()
