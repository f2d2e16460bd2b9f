"""Fixtures of the snapshot tests: the pictures are drawn with a frozen copy of the rules
(`tests/data/rules.toml`), so that an edit of the shipped `rules.toml` repaints none of
them; a picture changes when the station draws differently, or when this copy is edited
on purpose (then `--snapshot-update` and a look at the SVGs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui.rules import Rules, load_rules
from judgetui.service import Station
from tests.helpers.station import build_scene

FROZEN_RULES = Path(__file__).resolve().parents[1] / "data" / "rules.toml"


@pytest.fixture
def rules() -> Rules:
    return load_rules(str(FROZEN_RULES))


@pytest.fixture
def scene(station: Station) -> Station:
    build_scene(station)
    return station
