"""Snapshots of the void dialog and the disqualification confirmation (issue 11, item 3)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from judgetui.service import Station
from judgetui.station.screens.player import PlayerScreen
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import make_app


@pytest.mark.parametrize("size", SIZES)
def test_void_dialog(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(scene),
        terminal_size=size,
        run_before=push(lambda: PlayerScreen("P1")),
        press=["v", *"wrong player"],
    )


def _decide_disqualification() -> Callable[[Pilot[Any]], Any]:
    opened = push(lambda: PlayerScreen("P5"))

    async def run_before(pilot: Pilot[Any]) -> None:
        await opened(pilot)
        await pilot.press("d")
        await pilot.pause()
        from textual.widgets import OptionList

        options = pilot.app.screen.query_one("#decision-options", OptionList)
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        options.highlighted = ids.index("disqualification")
        await pilot.press("enter")
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_disqualification_confirmation(
    snap_compare: Snap,
    scene: Station,
    size: tuple[int, int],
) -> None:
    assert snap_compare(make_app(scene), terminal_size=size, run_before=_decide_disqualification())
