"""A checkbox that reads `[x]` or `[ ]`: on and off without relying on colour.

Textual's checkbox draws ``▐X▌`` both ways and tells on from off by colour alone, which
a judge on a 16-colour SSH terminal, in sunlight, or colour-blind cannot read.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox as TextualCheckbox


class Checkbox(TextualCheckbox):
    ON = "[x]"
    OFF = "[ ]"

    @property
    def _button(self) -> Content:
        return Content.assemble((self.ON, "bold") if self.value else self.OFF)
