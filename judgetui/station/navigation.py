"""Opening a screen from anywhere (a key, the palette, another screen) without importing it.

Screens open one another: the dashboard opens a player, a player opens the
classification, the history opens a player again. Were each to import the others, the
screens would form one import circle. So a screen asks the App's `Navigator` instead;
the one implementation, `judgetui.station.routes.Routes`, imports the screens (plain
imports mypy checks) and is imported by the App alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, cast

from textual.app import App
from textual.widget import AwaitMount


class Navigator(Protocol):
    """The ways to open the station's screens (see `judgetui.station.routes.Routes`)."""

    def open_player(self, player_id: str) -> None: ...

    def open_review(self, item_id: str | None = None) -> None: ...

    def open_event(self) -> None: ...

    def open_history(self, query: str = "") -> AwaitMount:
        """Awaitable until the history is up, its filter focused (keys typed at once reach it)."""
        ...

    def open_round_list(self, number: int | None = None) -> None: ...

    def open_player_report(self, player_id: str, slip: str | None = None) -> None:
        """The player's report; with ``slip`` (a record's id), that record's penalty slip."""
        ...

    def open_investigations(self) -> None: ...

    def open_help(self) -> None: ...

    def open_classify(self, players: Sequence[str] = ()) -> AwaitMount:
        """Awaitable until the walk-through is up (keys typed at once reach it)."""
        ...


def navigator(app: App[Any]) -> Navigator:
    """``app``'s navigator (the station's App has one from its start)."""
    found = getattr(app, "navigator", None)
    if found is None:
        raise RuntimeError(f"{type(app).__name__} has no navigator")
    return cast(Navigator, found)
