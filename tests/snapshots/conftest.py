"""Fixtures of the snapshot tests."""

from __future__ import annotations

import pytest

from judgetui.service import Station
from tests.helpers.station import build_scene


@pytest.fixture
def scene(station: Station) -> Station:
    build_scene(station)
    return station
