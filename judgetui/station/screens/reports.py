"""The head judge's hand-overs in the station: the round list, a player's report, the
open investigations. The screens render `judgetui.report_texts`; marks and closes go
through the service like every other act (`run_service`)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static, TextArea

from judgetui import report_texts, text
from judgetui.i18n import N_, _, ngettext
from judgetui.report_file import ReportRefused, check_report_target, save_report
from judgetui.station.dialogs.void import _ReasonModal
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.table import Column, Row, RowTable

_MODAL_CSS = """
{name} {{ align: center middle; }}
{name} .dialog {{
    width: 100%; max-width: 72; height: auto; max-height: 100%;
    padding: 0 1; border: round $accent; background: $surface;
}}
{name} .dialog-title {{ text-style: bold; color: $accent; width: 100%; }}
{name} .dialog-body {{ padding: 1 0 0 0; }}
{name} .field-label {{ padding-top: 1; }}
"""


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
            names = ", ".join(f"{p} {state.players[p].name}" for p in item.players)
            what = report_texts.item_kind_name(state, item)
            if item.kind == report_texts.EXTENSION:
                what += " " + _("+{minutes} min").format(minutes=item.minutes)
            elif item.kind in report_texts.LOSSES:
                applies = text.applies_text(item.applies, item.kind)
                if applies:
                    what += f" · {applies}"
                if item.game is not None:
                    what += " · " + _("recorded in game {n}").format(n=item.game)
                if item.carried:
                    what += " · " + _("from round {n}, if its match had ended").format(n=item.round)
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
        left = sum(1 for i in items if i.entered is None)
        if not items:
            summary = ""
        elif left:
            summary = ngettext(
                "Not yet entered: {n} of {total} item.",
                "Not yet entered: {n} of {total} items.",
                len(items),
            ).format(n=left, total=len(items))
        else:
            summary = _("Every item is entered.")
        self.query_one("#round-summary", Static).update(summary)

    def action_round(self, step: int) -> None:
        self.number = max(1, self.shown_round + step)
        self.show()

    def action_mark(self) -> None:
        key = self.query_one("#round-items", RowTable).cursor_key
        state = self.session.state
        if key is None or key in self._marking:
            return
        if key in state.entered:
            self.notify(_("Already entered."), severity="information")
            return
        self._marking.add(key)
        session = self.session

        def done(_ok: bool) -> None:
            self._marking.discard(key)

        self.run_service(
            lambda: session.mark_entered([key], self.shown_round),
            done=_("Marked entered."),
            on_done=done,
        )

    def action_back(self) -> None:
        self.app.pop_screen()


class SaveReportModal(_ReasonModal):
    """The file name a report is saved in."""

    HELP_TITLE: ClassVar[str] = N_("Save the report")
    NOTE_PROMPT: ClassVar[str] = N_("File name (in your folder)")
    EMPTY_NOTE: ClassVar[str] = N_("Name the file first.")
    DEFAULT_CSS = _MODAL_CSS.format(name="SaveReportModal")

    def __init__(self, suggestion: str) -> None:
        body = Text(
            _(
                "The report is saved as plain text in the current folder or your home "
                "folder; a file that exists is replaced only if you say so."
            )
        )
        super().__init__(_("Save the report"), body, suggestion)


class FindingModal(_ReasonModal):
    """The head judge's finding that closes an investigation."""

    HELP_TITLE: ClassVar[str] = N_("Close the investigation")
    NOTE_PROMPT: ClassVar[str] = N_("Finding (required)")
    EMPTY_NOTE: ClassVar[str] = N_("Write the finding first: the log keeps it.")
    DEFAULT_CSS = _MODAL_CSS.format(name="FindingModal")

    def __init__(self, who: str) -> None:
        super().__init__(
            _("Close the investigation"),
            Text(
                _("{who}: write the finding, then press enter; escape goes back.").format(who=who)
            ),
        )


class PlayerReportScreen(StationScreen):
    """A player's report draft, scrollable; `s` saves it to a file the judge names."""

    HELP_TITLE: ClassVar[str] = N_("Player report")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "save", N_("Save to a file"), id="player_report.save"),
        Binding("escape", "back", N_("Back"), id="player_report.back"),
    ]
    DEFAULT_CSS = """
    PlayerReportScreen #report-text { height: 1fr; border: none; padding: 0 1; }
    """

    def __init__(self, player_id: str) -> None:
        super().__init__()
        self.add_class("station-screen")
        self.player_id = player_id
        self.body = ""

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield TextArea(
            "", id="report-text", read_only=True, soft_wrap=True, show_line_numbers=False
        )
        yield StationFooter()

    def on_mount(self) -> None:
        self.show()
        self.query_one("#report-text", TextArea).focus()

    def on_state_changed(self) -> None:
        self.show()

    def show(self) -> None:
        self.query_one(StationHeader).show(self.session)
        state = self.session.state
        if self.player_id not in state.players:
            return
        self.body = report_texts.player_report(state, self.player_id)
        area = self.query_one("#report-text", TextArea)
        if area.text != self.body:
            area.load_text(self.body)

    def action_save(self) -> None:
        event = self.session.station.file
        body = self.body

        def named(name: str | None) -> None:
            if name is None:
                return
            try:
                target = check_report_target(name, event)
            except ReportRefused as error:
                self.notify(str(error), severity="error")
                return
            if not target.exists:
                self._write(name, body, overwrite=False)
                return
            from judgetui.station.dialogs.confirm import ConfirmModal

            def answered(yes: bool | None) -> None:
                if yes:
                    self._write(name, body, overwrite=True)

            self.app.push_screen(
                ConfirmModal(
                    _("{path} exists. Replace it?").format(path=target.path),
                    _("Replace"),
                    _("Keep it"),
                    enter_says_yes=False,
                ),
                answered,
            )

        self.app.push_screen(SaveReportModal(f"report-{self.player_id}.md"), named)

    def _write(self, name: str, body: str, *, overwrite: bool) -> None:
        event = self.session.station.file

        def shown(path: object) -> None:
            self.notify(_("Saved: {path}").format(path=path))

        self.run_service(
            lambda: save_report(name, body, event, overwrite=overwrite), on_result=shown
        )

    def action_back(self) -> None:
        self.app.pop_screen()


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
        self.app.push_screen(PlayerReportScreen(self.session.state.records[key].player))

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

            def done(_ok: bool) -> None:
                self._closing_ids.discard(key)

            self.run_service(
                lambda: session.close_investigation(key, finding),
                done=_("Investigation closed."),
                on_done=done,
            )

        self.app.push_screen(
            FindingModal(f"{record.player} {state.players[record.player].name}"), answered
        )

    def action_back(self) -> None:
        self.app.pop_screen()
