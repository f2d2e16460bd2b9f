"""The dashboard with real ten-digit player ids, at 80×24 and 120×40 (issue 11, item 5).

Regenerate with ``pytest tests/snapshots/test_snapshots_station.py --snapshot-update`` and look at
the SVGs before committing them: every id whole, or its last digits where the room is
short; every name readable; Back, Help and the palette in the footer.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from judgetui.rules import Rules
from judgetui.station.app import JudgeStation
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, service_on
from tests.helpers.ten_digit_event import ten_digit_event

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
SnapCompare = Callable[..., bool]


def station_app(db: Path, rules: Rules, judge: str) -> JudgeStation:
    return make_app(service_on(db, rules, ids=None), judge, now=FIXED_NOW)


@pytest.fixture
def ten_digit_db(tmp_path: Path, rules: Rules) -> Path:
    db = tmp_path / "ten-digit.json"
    ten_digit_event(db, rules)
    return db


@pytest.mark.parametrize("size", SIZES)
def test_dashboard_ten_digit_ids(
    snap_compare: SnapCompare, ten_digit_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    assert snap_compare(station_app(ten_digit_db, rules, HEAD), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_dashboard_ten_digit_ids_floor_judge(
    snap_compare: SnapCompare, ten_digit_db: Path, rules: Rules, size: tuple[int, int]
) -> None:
    assert snap_compare(station_app(ten_digit_db, rules, FLOOR), terminal_size=size)


def test_classification_players_step_ten_digit_ids(
    snap_compare: SnapCompare, ten_digit_db: Path, rules: Rules
) -> None:
    """`emma kim` typed with its space, Grace Lee added with tab: 80×24."""
    keys = ["n", *"grace", "space", *"lee", "tab", *"emma", "space", *"kim"]
    app = station_app(ten_digit_db, rules, HEAD)
    assert snap_compare(app, press=keys, terminal_size=(80, 24))
