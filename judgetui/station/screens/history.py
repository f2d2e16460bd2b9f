"""The records and decisions of the event, filtered as the judge types; the judges' counts.

One filter line, fastest at a table: ``t:14 r:3 kim`` — table 14, round 3, and "kim" in a
player's name or id, a judge or an infraction (the syntax is `judgetui.history`'s, which
`judgetui history` shares). Newest first; ↑ ↓ move through the records while typing, the
highlighted one is shown in full below (context, note, witness notes), enter opens its
player. Three-warning decisions are listed beside the records (struck through once voided
or reopened). The head judge also sees, per judge, the records, requests, and how many of them
the head judge upgraded, confirmed or dismissed, for the event and the current round.
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import CellDoesNotExist

from judgetui import text
from judgetui.history import (
    HistoryEntry,
    JudgeCounts,
    judge_counts,
    matching_entries,
    parse_filter,
)
from judgetui.i18n import N_, _
from judgetui.state import DecisionState, EventState
from judgetui.station.navigation import navigator
from judgetui.station.screens.base import StationScreen
from judgetui.station.widgets.footer import StationFooter
from judgetui.station.widgets.format import (
    clock_time,
    decision_text,
    penalty_text,
    status_name,
)
from judgetui.station.widgets.header import StationHeader
from judgetui.station.widgets.rows import (
    decision_detail_tail,
    decision_status_cell,
    made_by,
    record_detail_tail,
)
from judgetui.station.widgets.table import (
    MAX_MEASURED_WIDTH,
    Cell,
    Column,
    allot_widths,
    measure_cell,
)

SHOWN = 200


def history_columns() -> tuple[Column, ...]:
    """The history's columns: the player and the infraction share what room is left,
    the player first; the others are as wide as their widest cell."""
    return (
        Column(_("Time"), 4, fit=True),
        Column(_("Rd"), 2, fit=True),
        Column(_("Tbl"), 3, fit=True),
        Column(_("Player"), rank=0),
        Column(_("Penalty"), 7, fit=True, rank=1),
        Column(_("Status"), 6, fit=True, rank=1),
        Column(_("Infraction"), rank=3),
        Column(_("Judge"), 5, fit=True, min_width=5, rank=2),
    )


def natural_widths(
    columns: tuple[Column, ...], rows: list[tuple[str, tuple[Cell, ...]]]
) -> list[int]:
    """Each column's widest cell (and label), at most `MAX_MEASURED_WIDTH` for one that
    shares the room left."""
    widths = []
    for i, column in enumerate(columns):
        widest = max((measure_cell(cells[i]) for _key, cells in rows), default=0)
        widest = max(widest, cell_len(column.label), column.width or 0)
        widths.append(min(widest, MAX_MEASURED_WIDTH) if column.flexible else widest)
    return widths


def fitted(cell: Cell, width: int) -> Text:
    """``cell`` in ``width`` cells, ending in ``…`` when cut."""
    out = cell.copy() if isinstance(cell, Text) else Text(cell)
    out.truncate(width, overflow="ellipsis")
    return out


"""Rows in the table at most: the newest that match (the title says how many match)."""


class HistoryScreen(StationScreen):
    """Every record and decision that matches the filter, newest first."""

    HELP_TITLE: ClassVar[str] = N_("History")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", N_("Up"), show=False, priority=True, id="history.up"),
        Binding("down", "move(1)", N_("Down"), show=False, priority=True, id="history.down"),
        Binding(
            "pageup", "move(-10)", N_("Page up"), show=False, priority=True, id="history.page_up"
        ),
        Binding(
            "pagedown",
            "move(10)",
            N_("Page down"),
            show=False,
            priority=True,
            id="history.page_down",
        ),
        Binding("enter", "player", N_("Player"), priority=True, id="history.player"),
        Binding("escape", "back", N_("Back"), priority=True, id="history.back"),
    ]

    def __init__(self, query: str = "") -> None:
        super().__init__()
        self.add_class("station-screen")
        self.initial = query
        self.records: dict[str, HistoryEntry] = {}
        self._shown: tuple[object, ...] | None = None
        self._query_shown: str | None = None
        """The filter the table was last filled for (None: not filled yet)."""
        self.columns = history_columns()

    def compose(self) -> ComposeResult:
        yield StationHeader()
        yield Static("", id="history-title", classes="screen-title")
        yield Input(
            value=self.initial,
            placeholder=_("filter: t:14 r:3 j:judge i:infraction, or a name"),
            id="history-filter",
            max_length=200,
        )
        table: DataTable[str | Text] = DataTable(
            id="history-table", cursor_type="row", zebra_stripes=True
        )
        yield table
        yield Static("", id="history-detail")
        yield Static("", id="history-counts")
        yield StationFooter()

    def on_mount(self) -> None:
        self.query_one("#history-counts", Static).display = self.session.is_head
        self.show()
        # set_focus, not focus(): the letters typed right behind `h` are the filter's.
        self.set_focus(self.query_one("#history-filter", Input))

    def on_state_changed(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()

    @on(Input.Changed, "#history-filter")
    def _typed(self) -> None:
        self.show()

    # -- showing -----------------------------------------------------------------------

    def show(self) -> None:
        session = self.session
        self.query_one(StationHeader).show(session)
        state = session.state
        query = self.query_one("#history-filter", Input).value
        key = (session.version, state.count, query, self._room())
        if key == self._shown:
            return
        self._shown = key
        found = matching_entries(state, parse_filter(query))
        title = _("History: {n} records match").format(n=len(found))
        if len(found) > SHOWN:
            title += " " + _("(the newest {n} shown)").format(n=SHOWN)
        self.query_one("#history-title", Static).update(title)
        self._fill(state, found[:SHOWN], same_filter=query == self._query_shown)
        self._query_shown = query
        if session.is_head:
            self.query_one("#history-counts", Static).update(self._counts(state))

    def _room(self) -> int:
        """The cells the table's columns share: its width less the cells' padding (one
        each side) and a vertical scrollbar; `allot_widths` adds one-cell gaps."""
        table = self.query_one("#history-table", DataTable)
        width = table.size.width or self.app.size.width
        count = len(self.columns)
        gutter = table.styles.scrollbar_size_vertical
        return max(0, width - gutter - 2 * table.cell_padding * count + (count - 1))

    def _fill(self, state: EventState, found: list[HistoryEntry], *, same_filter: bool) -> None:
        """The rows, each column as wide as `allot_widths` gives it in the table's width
        (a wider terminal shows more of a cell, never less), a cut cell ending in ``…``;
        the highlight on the first match, or, when only the event changed under the same
        filter, on the record it was on while that is listed."""
        table = self.query_one("#history-table", DataTable)
        keep = self._highlighted_key() if same_filter else None
        self.records = {r.id: r for r in found}
        rules = state.rules
        now = self.session.clock()
        rows: list[tuple[str, tuple[Cell, ...]]] = []
        for record in found:
            player = state.players[record.player]
            if isinstance(record, DecisionState):
                rows.append((record.id, self._decision_row(record, player.name)))
                continue
            penalty = penalty_text(rules, record.penalty)
            if record.witnesses:
                penalty.append(f" +{len(record.witnesses)}", style="italic")
            cells: tuple[Cell, ...] = (
                clock_time(record.happened, now),
                str(record.round),
                "" if record.table is None else str(record.table),
                f"{player.id} {player.name}",
                penalty,
                status_name(record.status),
                text.infraction_name(rules, record.infraction),
                record.judge,
            )
            rows.append((record.id, cells))
        widths = allot_widths(self.columns, natural_widths(self.columns, rows), self._room())
        table.clear(columns=True)
        for column, width in zip(self.columns, widths, strict=True):
            table.add_column(column.label, width=width)
        for key, cells in rows:
            table.add_row(*(fitted(c, w) for c, w in zip(cells, widths, strict=True)), key=key)
        if keep in self.records:
            table.move_cursor(row=table.get_row_index(keep), animate=False)
        self._show_detail()

    def _highlighted_key(self) -> str | None:
        table = self.query_one("#history-table", DataTable)
        if not table.row_count:
            return None
        try:
            return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        except CellDoesNotExist:
            return None

    def _show_detail(self) -> None:
        detail = self.query_one("#history-detail", Static)
        key = self._highlighted_key()
        record = self.records.get(key or "")
        if record is None:
            detail.update(Text(_("No record matches the filter."), style="italic"))
            return
        state = self.session.state
        if isinstance(record, DecisionState):
            detail.update(self._decision_detail(record))
            return
        out = Text()
        out.append(f"{record.player} {state.players[record.player].name}: ", style="bold")
        out.append_text(penalty_text(state.rules, record.penalty))
        out.append(" · " + text.infraction_name(state.rules, record.infraction))
        out.append(
            " · " + made_by(record.judge, record.round, record.happened, self.session.clock())
        )
        record_detail_tail(out, state, record, record.note)
        out.rstrip()
        detail.update(out)

    def _decision_row(self, decision: DecisionState, name: str) -> tuple[Cell, ...]:
        return (
            clock_time(decision.at, self.session.clock()),
            str(decision.round),
            "",
            f"{decision.player} {name}",
            decision_text(self.session.state.rules, decision),
            decision_status_cell(self.session.state, decision),
            text.decision_what(decision),
            decision.judge,
        )

    def _decision_detail(self, decision: DecisionState) -> Text:
        state = self.session.state
        out = Text()
        out.append(f"{decision.player} {state.players[decision.player].name}: ", style="bold")
        out.append_text(penalty_text(state.rules, decision.penalty))
        applies = text.applies_text(decision.applies, decision.penalty)
        if applies:
            out.append(f" ({applies})")
        out.append(" · " + text.decision_what(decision))
        out.append(
            " · " + made_by(decision.judge, decision.round, decision.at, self.session.clock())
        )
        decision_detail_tail(out, state, decision)
        return out

    @on(DataTable.RowHighlighted, "#history-table")
    def _highlighted(self) -> None:
        self._show_detail()

    def _counts(self, state: EventState) -> Table:
        """Per judge: this round / the event, for records, requests and the head judge's
        upgrades, confirmations and dismissals of them."""
        table = Table(
            title=_("Judges (round {round} / event)").format(round=state.round),
            title_justify="left",
            box=None,
            pad_edge=False,
            padding=(0, 1),
        )
        for header in (
            _("Judge"),
            _("Records"),
            _("Requests"),
            _("Upgraded"),
            _("Confirmed"),
            _("Dismissed"),
        ):
            table.add_column(header, justify="left" if header == _("Judge") else "right")
        event = {c.judge: c for c in judge_counts(state)}
        this_round = {c.judge: c for c in judge_counts(state, state.round)}
        for name, whole in event.items():
            now = this_round.get(name, JudgeCounts(name))
            table.add_row(
                name,
                *(
                    f"{getattr(now, f)} / {getattr(whole, f)}"
                    for f in ("records", "requests", "upgraded", "confirmed", "dismissed")
                ),
            )
        return table

    # -- keys ----------------------------------------------------------------------------

    async def action_move(self, step: int) -> None:
        await self._settle()
        self.show()
        table = self.query_one("#history-table", DataTable)
        if not table.row_count:
            return
        row = max(0, min(table.row_count - 1, table.cursor_row + step))
        table.move_cursor(row=row, animate=False)
        self._show_detail()

    async def action_player(self) -> None:
        await self._settle()
        self.show()
        record = self.records.get(self._highlighted_key() or "")
        if record is not None:
            navigator(self.app).open_player(record.player)

    def action_back(self) -> None:
        self.app.pop_screen()
