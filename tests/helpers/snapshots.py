"""What the snapshot tests share: the two terminal sizes, the `snap_compare` type, `push`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from tests.helpers.station import settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]

Snap = Callable[..., bool]


def push(make: Callable[[], Screen[Any]]) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A ``run_before`` that waits for the dashboard, then opens one of our screens."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
        screen = make()
        pilot.app.push_screen(screen)
        await settle(pilot, lambda: pilot.app.screen is screen)

    return run_before
