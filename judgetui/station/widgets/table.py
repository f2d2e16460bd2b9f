"""`RowTable`: a read-only table that renders only the rows on screen.

Textual's DataTable builds every row up front (about 0.15 ms a row: 1.1 s for the
7,500 players of a big event, again on every filter keystroke). This table keeps the
rows as plain tuples and draws the visible lines only, so a judge can filter thousands
of players as fast as they type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Cell = str | Text
MIN_FLEXIBLE_WIDTH = 12
MAX_CACHED_LINES = 2000
MEASURED_ROWS = 300
"""Rows measured for a column sized to its cells; a bigger table passes its widths."""
MAX_MEASURED_WIDTH = 40


@dataclass(frozen=True)
class Column:
    """One column. How the room is shared (see `allot_widths`):

    every shown column first gets its least width; then, while room is left, columns
    grow toward their natural width, lowest ``rank`` first (so names before ids); what
    is still left goes to the flexible columns. Optional columns are shown only when
    every other column can have its natural width beside them.
    """

    label: str
    width: int | None = None
    """Natural width in cells; None: flexible, as wide as its widest cell (measured)."""
    justify: str = "left"
    optional: bool = False
    """Shown only when the other columns have their natural width and this one fits."""
    min_width: int | None = None
    """A fixed column may shrink to this when room is short (ids: cut from the left)."""
    fit: bool = False
    """A fixed column sized to its cells (``width`` is then its least width)."""
    rank: int = 0
    """Who grows toward their natural width first when room is short: lower first."""
    trim_left: bool = False
    """Cut a cell that does not fit from the left, keeping its end (ids: ``…000123``)."""

    @property
    def flexible(self) -> bool:
        return self.width is None


def measure_cell(cell: Cell) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)


def allot_widths(columns: Sequence[Column], natural: Sequence[int], total: int) -> list[int]:
    """Each column's width in ``total`` cells (one-cell gaps); 0 for a column left out."""
    count = len(columns)
    least = []
    for column, want in zip(columns, natural, strict=True):
        if column.flexible:
            least.append(min(want, MIN_FLEXIBLE_WIDTH))
        elif column.min_width is not None:
            least.append(min(want, column.min_width))
        else:
            least.append(want)
    shown = [i for i in range(count)]

    def room(indexes: list[int], wants: Sequence[int]) -> int:
        return total - sum(wants[i] for i in indexes) - max(0, len(indexes) - 1)

    optional = [i for i in shown if columns[i].optional]
    while optional:
        required = [i for i in shown if not columns[i].optional]
        wants = [natural[i] if i in required else least[i] for i in range(count)]
        if room(shown, wants) >= 0:
            break
        shown.remove(optional.pop())
    widths = [least[i] if i in shown else 0 for i in range(count)]
    spare = room(shown, widths)
    if spare < 0:
        # Narrower than every least width: the flexible columns give way, to 4 cells.
        for i in reversed(shown):
            if columns[i].flexible and spare < 0:
                give = min(-spare, max(0, widths[i] - 4))
                widths[i] -= give
                spare += give
        return widths
    for i in sorted(shown, key=lambda i: (columns[i].rank, i)):
        grow = min(spare, natural[i] - widths[i])
        if grow > 0:
            widths[i] += grow
            spare -= grow
    flexible = [i for i in shown if columns[i].flexible]
    for n, i in enumerate(flexible):
        share = spare // (len(flexible) - n)
        widths[i] += share
        spare -= share
    return widths


class TableRow(Protocol):
    """A row: its key, and its cells (read only when the row is drawn)."""

    @property
    def key(self) -> str: ...

    @property
    def cells(self) -> Sequence[Cell]: ...


@dataclass(frozen=True)
class Row:
    key: str
    cells: tuple[Cell, ...]


class RowTable(ScrollView, can_focus=True):
    """Rows with a cursor: up/down move it, enter selects."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "row-table--header",
        "row-table--cursor",
        "row-table--cursor-blurred",
        "row-table--empty",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", "Up", show=False, id="table.up"),
        Binding("down,j", "move(1)", "Down", show=False, id="table.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="table.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="table.page_down"),
        Binding("home", "jump(0)", "First", show=False, id="table.first"),
        Binding("end", "jump(-1)", "Last", show=False, id="table.last"),
        Binding("enter", "select", "Open", show=False, id="table.open"),
    ]
    DEFAULT_CSS = """
    RowTable { height: 1fr; overflow-x: hidden; }
    RowTable > .row-table--header { text-style: bold; }
    RowTable > .row-table--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
    }
    RowTable > .row-table--cursor-blurred { background: $block-cursor-blurred-background; }
    RowTable > .row-table--empty { color: $text-muted; text-style: italic; }
    """

    cursor: reactive[int] = reactive(0, init=False)

    class Highlighted(Message):
        def __init__(self, table: RowTable, key: str | None) -> None:
            super().__init__()
            self.table = table
            self.key = key

        @property
        def control(self) -> RowTable:
            return self.table

    class Selected(Message):
        def __init__(self, table: RowTable, key: str) -> None:
            super().__init__()
            self.table = table
            self.key = key

        @property
        def control(self) -> RowTable:
            return self.table

    def __init__(
        self,
        columns: Sequence[Column],
        *,
        empty: str = "",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.columns = tuple(columns)
        self.empty = empty
        self.rows: list[TableRow] = []
        self._natural: list[int] = [self._least(c) for c in self.columns]
        self._allotted: dict[int, list[int]] = {}
        self._index: dict[str, int] = {}
        self._strips: dict[tuple[int, int, Style, Style | None], Strip] = {}
        """Drawn lines by (row, width, style, cursor style): a redraw of rows that did not
        change (a screen coming back, the cursor moving) reuses them. Cleared with the rows."""

    # -- data ------------------------------------------------------------------------

    def set_rows(
        self,
        rows: Sequence[TableRow],
        *,
        keep_cursor: bool = True,
        widths: Sequence[int | None] | None = None,
    ) -> None:
        """Replace every row; the cursor stays on the same key when it is still there,
        else it goes to the first row (``keep_cursor=False``: to the first row anyway).

        Never to the row number it had: under a filter or after a refresh that row holds
        another player, and enter, or a key that acts on the highlighted row, would take
        them for the one the judge chose (issue 26 item 1).

        ``widths``: each column's natural width when the caller knows it (a big table
        whose cells are made only when drawn); None, or a None in it, measures the rows.
        """
        key = self.cursor_key if keep_cursor else None
        self.rows = list(rows)
        self._natural = self._measure(self.rows, widths)
        self._allotted.clear()
        self._strips.clear()
        self._index = {row.key: i for i, row in enumerate(self.rows)}
        self.virtual_size = Size(self.size.width, len(self.rows) + 1)
        target = self._index.get(key, 0) if key else 0
        self.set_reactive(RowTable.cursor, target)
        self._scroll_to_cursor()
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_key))

    def update_rows(
        self, rows: Sequence[TableRow], *, widths: Sequence[int | None] | None = None
    ) -> int:
        """Like `set_rows` (the cursor stays on its key, else on the first row), for rows
        that are mostly the very row objects shown now: a few replaced, moved, added or
        removed.

        The lines drawn for a row object still at the same place are kept; only the
        others are drawn again (all of them if the columns' widths changed). Returns how
        many places now hold another row object than before.
        """
        key = self.cursor_key
        old = self.rows
        new = list(rows)
        places = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a is not b]
        changed = len(places) + abs(len(new) - len(old))
        natural = self._measure(new, widths)
        if natural != self._natural:
            self._natural = natural
            self._allotted.clear()
            self._strips.clear()
        elif changed:
            kept = min(len(old), len(new))
            self._strips = {
                k: strip
                for k, strip in self._strips.items()
                if k[0] < 0 or (k[0] < kept and new[k[0]] is old[k[0]])
            }
        self.rows = new
        if not changed:
            return 0
        if len(new) == len(old):
            for i in places:
                if self._index.get(old[i].key) == i:
                    del self._index[old[i].key]
            for i in places:
                self._index[new[i].key] = i
        else:
            self._index = {row.key: i for i, row in enumerate(new)}
        self.virtual_size = Size(self.size.width, len(new) + 1)
        target = self._index.get(key, 0) if key else 0
        moved = target != self.cursor
        self.set_reactive(RowTable.cursor, target)
        self._scroll_to_cursor()
        self.refresh()
        if moved or self.cursor_key != key:
            self.post_message(self.Highlighted(self, self.cursor_key))
        return changed

    @property
    def cursor_key(self) -> str | None:
        if 0 <= self.cursor < len(self.rows):
            return self.rows[self.cursor].key
        return None

    def move_to(self, key: str) -> bool:
        index = self._index.get(key)
        if index is None:
            return False
        self.cursor = index
        return True

    # -- cursor ----------------------------------------------------------------------

    def validate_cursor(self, value: int) -> int:
        return max(0, min(value, len(self.rows) - 1))

    def watch_cursor(self) -> None:
        self._scroll_to_cursor()
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_key))

    def _visible_rows(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def _scroll_to_cursor(self) -> None:
        top = round(self.scroll_y)
        visible = self._visible_rows()
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + visible:
            self.scroll_to(y=self.cursor - visible + 1, animate=False, immediate=True)

    def action_move(self, step: int) -> None:
        self.cursor += step

    def action_page(self, direction: int) -> None:
        self.cursor += direction * self._visible_rows()

    def action_jump(self, where: int) -> None:
        self.cursor = len(self.rows) - 1 if where < 0 else 0

    def action_select(self) -> None:
        key = self.cursor_key
        if key is not None:
            self.post_message(self.Selected(self, key))

    async def _on_key(self, event: events.Key) -> None:
        """The table's own keys (as the judge's keymap has them), run as they come.

        Textual runs a widget's bindings only once the key has gone up to the App, behind
        every key still waiting there: in one burst (``/sophie`` Enter Down Down
        ``/emma kim`` Enter Enter) the Downs moved the highlight after the new filter was
        drawn, and Enter opened the third "emma kim". Taken here, in the table's own
        queue, each key acts on the rows it was typed at.
        """
        bindings = self._bindings.copy()
        keymap = self.app._keymap
        if keymap:
            bindings.apply_keymap(keymap)
        for binding in bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()  # else it goes up, to the screen's bindings (right, left)
                event.prevent_default()
                return

    def on_click(self, event: events.Click) -> None:
        row = event.y - 1 + round(self.scroll_y)
        if 0 <= row < len(self.rows) and event.y >= 1:
            if row == self.cursor and event.chain > 1:
                self.action_select()
            self.cursor = row

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def on_resize(self) -> None:
        self.virtual_size = Size(self.size.width, len(self.rows) + 1)
        self._scroll_to_cursor()

    # -- drawing ---------------------------------------------------------------------

    @staticmethod
    def _least(column: Column) -> int:
        return column.width if column.width is not None else MIN_FLEXIBLE_WIDTH

    def _measure(self, rows: Sequence[TableRow], given: Sequence[int | None] | None) -> list[int]:
        """Each column's natural width: given, fixed, or its widest cell (and label)."""
        natural: list[int] = []
        sample = rows[:MEASURED_ROWS]
        for i, column in enumerate(self.columns):
            known = given[i] if given is not None and i < len(given) else None
            if known is not None:
                natural.append(max(known, column.min_width or 0))
                continue
            if column.width is not None and not column.fit:
                natural.append(column.width)
                continue
            widest = max((measure_cell(row.cells[i]) for row in sample), default=0)
            widest = min(max(widest, cell_len(column.label)), MAX_MEASURED_WIDTH)
            natural.append(max(widest, column.width or 0))
        return natural

    def _widths(self, total: int) -> list[int]:
        """Each column's width; 0 for an optional column left out."""
        widths = self._allotted.get(total)
        if widths is None:
            widths = self._allotted[total] = allot_widths(self.columns, self._natural, total)
        return widths

    def _line(
        self, cells: Sequence[Cell], width: int, style: Style, over: Style | None = None
    ) -> Strip:
        """One row; ``over`` (the cursor) is laid over the cells' own colours."""
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        first = True
        for cell, column, cell_width in zip(cells, self.columns, self._widths(width), strict=False):
            if not cell_width:
                continue
            if not first:
                line.append(" ")
            first = False
            text = cell.copy() if isinstance(cell, Text) else Text(cell)
            if column.trim_left and text.cell_len > cell_width:
                text = _keep_end(text, cell_width)
            text.truncate(cell_width, overflow="ellipsis", pad=False)
            gap = " " * (cell_width - text.cell_len)
            if column.justify == "right":
                line.append(gap)
                line.append_text(text)
            else:
                line.append_text(text)
                line.append(gap)
        segments = Segment.apply_style(line.render(self.app.console), style, over)
        return Strip(segments).adjust_cell_length(width, style + over if over else style)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.rich_style
        if y == 0:
            header = base + self.get_component_rich_style("row-table--header")
            key: tuple[int, int, Style, Style | None] = (-1, width, header, None)
            strip = self._strips.get(key)
            if strip is None:
                strip = self._strips[key] = self._line(
                    [c.label for c in self.columns], width, header
                )
            return strip
        index = y - 1 + round(self.scroll_y)
        if not self.rows:
            if y == 1 and self.empty:
                style = base + self.get_component_rich_style("row-table--empty")
                text = Text(self.empty, no_wrap=True, overflow="ellipsis", end="")
                text.truncate(width, overflow="ellipsis")
                return Strip(text.render(self.app.console)).adjust_cell_length(width, style)
            return Strip.blank(width, base)
        if index >= len(self.rows):
            return Strip.blank(width, base)
        over = None
        if index == self.cursor:
            cursor_class = "row-table--cursor" if self.has_focus else "row-table--cursor-blurred"
            over = self.get_component_rich_style(cursor_class)
        key = (index, width, base, over)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > MAX_CACHED_LINES:
                self._strips.clear()
            strip = self._strips[key] = self._line(self.rows[index].cells, width, base, over)
        return strip


def _keep_end(text: Text, width: int) -> Text:
    """``…`` and the end of ``text`` in ``width`` cells: ids differ in their last digits."""
    if width <= 1:
        return Text("…"[:width])
    start = len(text.plain)
    used = 0
    while start > 0 and used + cell_len(text.plain[start - 1]) <= width - 1:
        start -= 1
        used += cell_len(text.plain[start])
    out = Text("…", style=text.style)
    out.append_text(text[start:])
    return out
