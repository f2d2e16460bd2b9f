"""`StationFooter`: Textual's footer, redrawn only when the keys it shows change.

Textual's footer rebuilds all its key widgets on every `refresh_bindings`, and a
walk-through refreshes bindings several times a keystroke (focus moves, highlights,
steps). Rebuilding the same keys costs a judge ~20 ms a time over SSH for nothing.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class StationFooter(Footer):
    def __init__(self, *, compact: bool = True, id: str | None = None) -> None:
        super().__init__(compact=compact, id=id)
        self._shown: tuple[object, ...] | None = None
        self._pending = False

    def _keys_shown(self, screen: Screen[object]) -> tuple[object, ...]:
        return tuple(
            (key, active.binding.description, active.binding.group, active.enabled)
            for key, active in screen.active_bindings.items()
            if active.binding.show
        )

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        if not self._pending:
            self._pending = True
            self.call_after_refresh(self._redraw)

    async def _redraw(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        shown = self._keys_shown(self.screen)
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
