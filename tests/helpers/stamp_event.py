"""The store stamp tests' event: its players, a dump of the whole file, a record."""

from __future__ import annotations

from pathlib import Path

import orjson

from judgetui.service import RecordRequest, Station
from tests.helpers.event import HEAD

PLAYERS = [f"P{i}" for i in range(1, 7)]


def full_dump(path: Path) -> bytes:
    return orjson.dumps(orjson.loads(path.read_bytes()))


def record(station: Station, player: str = "P1") -> None:
    station.record(HEAD, RecordRequest([player], "slow_play", False, True))
