"""Snapshots of the review, decision, player, event, first-run, help and confirm screens.

Every screen at 80×24 (a laptop's SSH window at 2 a.m.) and 120×40. The pictures are
deterministic: the conftest fixture's fixed clock and ids, the station's clock fixed an
hour after `FIXED_NOW`, animations off, no cursor blink, the "textual-dark" theme.
Update with ``pytest tests/snapshots/test_snapshots_screens.py --snapshot-update`` and look at the
SVGs in ``tests/snapshots/__snapshots__/test_snapshots_screens/`` before committing them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.first_run import FirstRunScreen
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.review import ReviewScreen
from judgetui.store import EventFile
from tests.helpers.event import FLOOR
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import make_app, settle


def request_id(station: Station) -> str:
    return next(i.id for i in station.load().queue() if i.kind == "request")


@pytest.mark.parametrize("size", SIZES)
def test_review_request(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    item = request_id(scene)
    assert snap_compare(
        make_app(scene), terminal_size=size, run_before=push(lambda: ReviewScreen(item))
    )


@pytest.mark.parametrize("size", SIZES)
def test_review_upgrade(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    item = request_id(scene)
    assert snap_compare(
        make_app(scene),
        terminal_size=size,
        run_before=push(lambda: ReviewScreen(item)),
        press=["u"],
    )


def test_review_refused_to_a_floor_judge(snap_compare: Snap, scene: Station) -> None:
    assert snap_compare(make_app(scene, FLOOR), run_before=push(ReviewScreen))


@pytest.mark.parametrize("size", SIZES)
def test_decision(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(scene),
        terminal_size=size,
        run_before=push(lambda: PlayerScreen("P3")),
        press=["d"],
    )


def test_decision_ejection_forced(snap_compare: Snap, scene: Station) -> None:
    assert snap_compare(make_app(scene), run_before=push(lambda: PlayerScreen("P4")), press=["d"])


@pytest.mark.parametrize("size", SIZES)
def test_player(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(scene), terminal_size=size, run_before=push(lambda: PlayerScreen("P1"))
    )


@pytest.mark.parametrize("size", SIZES)
def test_event(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(scene), terminal_size=size, run_before=push(EventScreen))


@pytest.mark.parametrize("size", SIZES)
def test_confirm_finals(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(scene), terminal_size=size, run_before=push(EventScreen), press=["f"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")

    assert snap_compare(
        make_app(scene), terminal_size=size, run_before=run_before, press=["question_mark"]
    )


@pytest.mark.parametrize("size", SIZES)
def test_first_run(
    snap_compare: Snap,
    rules: Rules,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
) -> None:
    monkeypatch.chdir(tmp_path)
    station = Station(EventFile("event.json"), rules, caller=Caller("tester", None))

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot, lambda: isinstance(pilot.app.screen, FirstRunScreen))
        pilot.app.screen.query_one("#first-run-name", Input).value = "Winter Open"
        pilot.app.screen.query_one("#first-run-head", Input).value = "Kana Mori"

    assert snap_compare(
        make_app(station), terminal_size=size, run_before=run_before, press=["enter", "enter"]
    )
