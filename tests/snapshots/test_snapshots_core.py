"""What the judge sees: the dashboard, every step of the classification, the sign-in.

Each picture is taken at 80×24 (the smallest terminal a judge may have over SSH) and at
120×40, on the demo event (fixed seed) with the clock stopped at the fixtures' FIXED_NOW.
Regenerate with ``pytest tests/snapshots/test_snapshots_core.py --snapshot-update`` and look at
the SVGs before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from judgetui.demo import write_demo
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.state import EventState
from judgetui.station.app import JudgeStation
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW
from tests.helpers.station import make_app, service_on

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
HEAD = "Kana Mori"
FLOOR = "Alex Reed"

SnapCompare = Callable[..., bool]


@pytest.fixture
def demo_db(tmp_path: Path, rules: Rules) -> Path:
    """The demo event, small enough that every record is older than FIXED_NOW."""
    db = tmp_path / "demo.json"
    write_demo(str(db), rules, players=48, records=70, seed=2026)
    return db


def station_app(db: Path, rules: Rules, judge: str | None) -> JudgeStation:
    return make_app(service_on(db, rules, ids=None), judge, now=FIXED_NOW)


def one_short(db: Path, rules: Rules) -> str:
    """The first active player one warning point short of a three-warning decision."""
    state: EventState = Station(EventFile(db), rules).load()
    return next(
        pid
        for pid, player in state.players.items()
        if player.status == "active" and state.points(pid) == 2
    )


def keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text.lower()]


def walk(player: str) -> dict[str, list[str]]:
    """The keys that bring the classification to each step (for a slow-play incident)."""
    players = ["n", *keys(player)]
    infraction = [*players, "enter", *keys("slow")]
    intentional = [*infraction, "enter"]
    disruptive = [*intentional, "y"]
    upgrades = [*disruptive, "y"]
    result = [*upgrades, "y", "n", "n", "n"]
    return {
        "players": players,
        "infraction": infraction,
        "intentional": intentional,
        "disruptive": disruptive,
        "upgrades": upgrades,
        "result": result,
    }


@pytest.mark.parametrize("size", SIZES)
def test_dashboard_head_judge(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    assert snap_compare(station_app(demo_db, rules, HEAD), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_dashboard_floor_judge(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    assert snap_compare(station_app(demo_db, rules, FLOOR), terminal_size=size)


@pytest.mark.parametrize(
    "step", ["players", "infraction", "intentional", "disruptive", "upgrades", "result"]
)
@pytest.mark.parametrize("size", SIZES)
def test_classification_step(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int], step: str
) -> None:
    """A floor judge classifies a deliberate slow play by a player at two points."""
    press = walk(one_short(demo_db, rules))[step]
    app = station_app(demo_db, rules, FLOOR)
    assert snap_compare(app, press=press, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_sign_in(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    assert snap_compare(station_app(demo_db, rules, None), terminal_size=size)
