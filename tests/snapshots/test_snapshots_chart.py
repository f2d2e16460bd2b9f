"""The shape of the event on the head judge's round list (`l`): penalties on the record per
round (a sparkline, the shown round marked) and the round's most given infractions as bars,
at 80×24 and 120×40, in English and Japanese.

The scene: `build_scene` (round 1: one Single Warning; round 2: six warnings; round 3: a
Triple Warning for cheating, the floor judge's request and notice still pending, so not
counted), then in round 3 two Single Warnings for slow play and one for improper notes.
So round 3's line reads slow play 2, then cheating and improper notes 1 each. Update with
``pytest tests/snapshots/test_snapshots_chart.py --snapshot-update`` and read the SVGs'
text before committing them.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from judgetui import i18n
from judgetui.service import Station
from judgetui.station.screens.round_list import RoundListScreen
from tests.helpers.event import HEAD, record
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import build_scene, make_app


@pytest.fixture
def shaped(station: Station) -> Station:
    build_scene(station)
    record(station, HEAD, "P6", "slow_play", penalty="single_warning")
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    record(station, HEAD, "P6", "improper_notes", penalty="single_warning")
    return station


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_round_list_shows_penalties_per_round_and_per_infraction(
    snap_compare: Snap, shaped: Station, size: tuple[int, int], lang: str
) -> None:
    i18n.set_language(lang)  # type: ignore[arg-type]
    assert snap_compare(make_app(shaped), terminal_size=size, run_before=push(RoundListScreen))


def test_the_shape_follows_the_round_shown(snap_compare: Snap, shaped: Station) -> None:
    """Round 2 shown (``,``): its mark moves on the sparkline, its own infractions listed."""

    async def back_a_round(pilot: Pilot[object]) -> None:
        await push(RoundListScreen)(pilot)
        await pilot.press("comma")

    assert snap_compare(make_app(shaped), run_before=back_a_round)
