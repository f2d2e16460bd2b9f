"""`ChoiceList`: Textual's `OptionList` that keeps its rendered rows when shown again.

A step's list is hidden while the walk-through is on another step and shown again for
the next incident. Textual sends a widget that comes into view a Resize, and the option
list drops every rendered row on any Resize, so each list was rendered twice on the key
that shows it (~10 ms a time at 160 columns): once for the first frame, once more right
after, at the very same width. Here the rows are dropped only when the width they were
rendered at changed.
"""

from __future__ import annotations

from textual import events, on
from textual.widgets import OptionList


class ChoiceList(OptionList):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rendered_width: int | None = None

    @on(events.Resize)
    def _keep_rows(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._rendered_width:
            event.prevent_default()  # OptionList._on_resize would drop the rendered rows
        self._rendered_width = width
