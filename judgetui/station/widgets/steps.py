"""Where the judge is in a walk-through: ✓ done steps, the current one, the ones to come."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class StepIndicator(Widget):
    """``Players › Infraction › …``: done steps green, the current one reversed.

    When the labels do not fit (long translations, narrow terminals) the other steps
    shrink to their numbers.
    """

    DEFAULT_CSS = """
    StepIndicator { height: 1; }
    """

    current: reactive[str] = reactive("", layout=False)

    def __init__(self, steps: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.steps = list(steps)

    def _line(self, short: bool) -> Text:
        keys = [key for key, _label in self.steps]
        at = keys.index(self.current) if self.current in keys else len(keys)
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, (_key, label) in enumerate(self.steps):
            if i:
                out.append(" › ", style="dim")
            if i == at:
                out.append(f" {label} ", style="bold reverse")
            elif i < at:
                out.append(f"{i + 1}" if short else label, style="green")
            else:
                out.append(f"{i + 1}" if short else label, style="dim")
        return out

    def render(self) -> Text:
        full = self._line(short=False)
        return full if full.cell_len <= self.size.width else self._line(short=True)
