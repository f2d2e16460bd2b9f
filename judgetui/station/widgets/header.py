"""The station's top line: the event, the round and phase, and who is at the keyboard."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from judgetui.i18n import _
from judgetui.station.session import Session
from judgetui.station.widgets.format import phase_name, role_name, round_label


class StationHeader(Static):
    """One line: event · round · phase, then the judge (role) · unbound event.

    When the line is too long the event's name gives way first: the judge knows
    which event they are at, not always which round it is.

    `show` is called on every change to the event (another judge's record, this
    judge's own) and mostly finds the line as it was: it is then left alone, so the
    screen is neither laid out nor drawn again for it (on the floor judge's record,
    that frame came before the one that says "recorded").
    """

    _shown: tuple[Text, Text, Text, str | None] | None = None

    def show(self, session: Session) -> None:
        state = session.state
        name = Text(state.name or _("(unnamed event)"), style="bold")
        where = Text(" · ")
        where.append(round_label(state))
        where.append(" · ")
        where.append(
            phase_name(state.phase), style="bold reverse" if state.phase == "finals" else ""
        )
        who = Text("  ")
        who.append(session.judge.name, style="bold")
        who.append(f" ({role_name(session.judge.role)})")
        if not state.bound:
            who.append(" · ")
            who.append(_("unbound event"), style="italic")
        problem = session.log_problem
        banner = (
            " ⚠ "
            + _("The penalty log has been altered: {problem}. Run `judgetui verify`.").format(
                problem=problem
            )
            if problem
            else None
        )
        standby = session.standby
        if standby is not None:
            banner = " ⏸ " + _(
                "A standby copy of {source}, as pulled {when}: read-only until the head judge "
                "takes it over (`judgetui event takeover`)."
            ).format(source=standby.source, when=standby.pulled_at)
            if problem:
                banner += "  ⚠ " + problem
        line = (name, where, who, banner)
        if line == self._shown:
            return
        self._shown = line
        grid = Table.grid(expand=True)
        grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right", no_wrap=True)
        grid.add_row(name, where, who)
        if banner is not None:
            style = "bold black on yellow" if standby is not None else "bold white on dark_red"
            self.update(Group(grid, Text(banner, style=style)))
            return
        self.update(grid)
