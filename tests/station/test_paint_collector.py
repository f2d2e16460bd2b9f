"""A station begun with the collector paused turns it on once the dashboard's first frame
is out (`perf.settle_interface`), or at once when its first screen asks the judge
something (the sign-in screen, the first run), since that screen may wait for minutes.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgetui.service import Station
from judgetui.station import app as station_app
from judgetui.station.app import JudgeStation, run_station
from tests.helpers.event import HEAD
from tests.helpers.station import make_app, pilot_test, settle


@pytest.fixture
def paused() -> Iterator[None]:
    """The collector paused, as `python -m judgetui` leaves it; on again after the test."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pilot_test
async def test_the_collector_is_on_once_the_dashboard_is_up(station: Station, paused: None) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: app._collector is not None)  # settled after its frame
        assert gc.isenabled()


def _collector_when_run(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether the collector was on when the App started to run (the App itself not run)."""
    seen: list[bool] = []

    def run(self: JudgeStation, *args: object, **kwargs: object) -> None:
        seen.append(gc.isenabled())

    monkeypatch.setattr(station_app.JudgeStation, "run", run)
    return seen


def test_a_station_signed_in_from_the_command_line_runs_with_the_collector_paused(
    station: Station, db_path: Path, paused: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _collector_when_run(monkeypatch)
    assert run_station(str(db_path), None, HEAD, "en") == 0
    assert seen == [False]


def test_a_station_that_asks_who_signs_in_turns_the_collector_on_first(
    station: Station, db_path: Path, paused: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _collector_when_run(monkeypatch)
    monkeypatch.setattr(station_app, "signed_in_judge", lambda *args: None)
    assert run_station(str(db_path), None, None, "en") == 0
    assert seen == [True]


def test_the_first_run_turns_the_collector_on_first(
    tmp_path: Path, paused: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _collector_when_run(monkeypatch)
    assert run_station(str(tmp_path / "new.json"), None, None, "en") == 0
    assert seen == [True]
