"""A player's report in the station, or one record's penalty slip (``s`` on the player
screen): read-only, saved to a file with ``s`` (`judgetui.report_texts` writes it,
`judgetui.report_file` checks where it goes)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import TextArea

from judgetui import report_texts
from judgetui.i18n import N_, _
from judgetui.report_file import ReportRefused, check_report_target, save_report
from judgetui.station.dialogs.report import SaveReportModal
from judgetui.station.messages import Saved
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.header import StationHeader


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

    def __init__(self, player_id: str, slip: str | None = None) -> None:
        super().__init__()
        self.add_class("station-screen")
        self.player_id = player_id
        self.slip = slip
        """A record's id: its penalty slip, to print, instead of the player's report."""
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
        if self.slip is None:
            self.body = report_texts.player_report(state, self.player_id)
        elif (record := state.records.get(self.slip)) is not None:
            from judgetui.report_texts.slip import slip_text

            self.body = slip_text(state, record)
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

        name = f"report-{self.player_id}.md" if self.slip is None else f"slip-{self.slip[:8]}.txt"
        self.app.push_screen(SaveReportModal(name), named)

    def _write(self, name: str, body: str, *, overwrite: bool) -> None:
        event = self.session.station.file
        self.serve(lambda: save_report(name, body, event, overwrite=overwrite), Saved)

    def on_saved(self, message: Saved) -> None:
        self.notify(_("Saved: {path}").format(path=message.result))

    def action_back(self) -> None:
        self.app.pop_screen()
