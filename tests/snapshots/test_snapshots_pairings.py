"""Snapshots of both players at the call (issue 29 items 1 and 2): the classification's
result step and the head judge's review card with the opponent the round's pairings give,
at 80×24 and 120×40, in English and Japanese.

`build_scene`'s round 3, paired: P1 (a floor judge's request) against P4 (four points),
P2 against P3 (山田 花子, three warnings). Deterministic like test_snapshots_screens.py.
Update with ``pytest tests/snapshots/test_snapshots_pairings.py --snapshot-update`` and read
the SVGs in ``tests/snapshots/__snapshots__/test_snapshots_pairings/`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from judgetui import i18n
from judgetui.models import Pairing
from judgetui.service import Station
from judgetui.station.screens.review import ReviewScreen
from tests.helpers.event import HEAD
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import build_scene, make_app, settle

LANGUAGES = [pytest.param("en", id="en"), pytest.param("ja", id="ja")]


@pytest.fixture
def paired(station: Station) -> Station:
    build_scene(station)
    station.import_pairings(
        HEAD,
        3,
        [
            Pairing(table=5, player="P1", opponent="P4"),
            Pairing(table=6, player="P2", opponent="P3"),
            Pairing(table=7, player="P5", opponent="P6"),
        ],
    )
    return station


def request_id(station: Station) -> str:
    return next(i.id for i in station.load().queue() if i.kind == "request")


async def to_result(pilot: Pilot[Any]) -> None:
    """n on the dashboard, P2, improper notes (by its key), the questions, no upgrades."""
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
    await pilot.press("n")
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "ClassifyScreen")
    screen: Any = pilot.app.screen
    await pilot.press("p", "2", "enter")
    await pilot.press(*"improper_notes", "enter")
    await pilot.press("n", "y")
    for _question in range(10):
        if screen.step == "result":
            break
        await pilot.press("n")
    assert screen.step == "result"
    await settle(pilot)


def in_language(language: str, run: Callable[[Pilot[Any]], Any]) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await run(pilot)

    i18n.set_language(language)  # the station starts in it (conftest puts English back)
    return run_before


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_result_with_the_opponent(
    snap_compare: Snap, paired: Station, size: tuple[int, int], language: str
) -> None:
    assert snap_compare(
        make_app(paired), terminal_size=size, run_before=in_language(language, to_result)
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_review_card_with_the_opponent(
    snap_compare: Snap, paired: Station, size: tuple[int, int], language: str
) -> None:
    item = request_id(paired)
    run = push(lambda: ReviewScreen(item))
    assert snap_compare(make_app(paired), terminal_size=size, run_before=in_language(language, run))
