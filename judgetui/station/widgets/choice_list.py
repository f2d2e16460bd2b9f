"""`ChoiceList`: Textual's `OptionList` that keeps its rendered rows when shown again.

A step's list is hidden while the walk-through is on another step and shown again for
the next incident. Textual sends a widget that comes into view a Resize, and the option
list drops every rendered row on any Resize, so each list was rendered twice on the key
that shows it (~10 ms a time at 160 columns): once for the first frame, once more right
after, at the very same width. Here the rows are dropped only when the width they were
rendered at changed (a list drawn ahead, before its first Resize, keeps them too).

And a list filled again with the same `Option` objects (the panes keep them per player
and per infraction) reuses their rendered rows: emptying the search after an incident
shows the very rows it showed before, which the option list would render anew.
"""

from __future__ import annotations

from textual import events, on
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets.option_list import Option

KEPT_ROWS = 512
"""Rendered options kept across fills (a screenful is ~45; the whole list's 50 twice)."""


class ChoiceList(OptionList):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rendered_width: int | None = None
        self._kept: dict[tuple[object, ...], list[Strip]] = {}

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        # The row's place is in its key: a rendered row carries its index (for the mouse).
        width = self.scrollable_content_region.width
        key = (
            option,
            self._option_to_index[option],
            style,
            self.get_component_styles("option-list--option").padding,
            width,
        )
        strips = self._kept.get(key)
        if strips is None:
            strips = super()._get_option_render(option, style)
            self._rendered_width = width
            if len(self._kept) >= KEPT_ROWS:
                self._kept.clear()
            self._kept[key] = strips
        return strips

    def _clear_caches(self) -> None:
        self._kept.clear()
        super()._clear_caches()

    @on(events.Resize)
    def _keep_rows(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._rendered_width:
            event.prevent_default()  # OptionList._on_resize would drop the rendered rows
        self._rendered_width = width
