"""What a station's own write waits on before the judge sees "recorded".

The store checks the whole chain after a write only while someone listens to its
warnings (`EventFile.append`); the command line listens, to print the warning on stderr.
A station has no stderr of its own (the terminal is the station's) and shows a broken
chain as its banner, so it runs with nobody listening, and its writes skip that check.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from judgetui.cli import main
from judgetui.service import BadInput, Entry, Station
from judgetui.state import EventState
from judgetui.store import LOGGER, WARNING_LISTENERS

LONG = 60.0


def listeners() -> list[object]:
    """Who hears the store's warnings: its listeners, and handlers on its logger."""
    store = logging.getLogger(LOGGER)
    handlers = [h for h in store.handlers if not isinstance(h, logging.NullHandler)]
    return [*WARNING_LISTENERS, *handlers]


def test_the_station_runs_with_no_listener_on_the_store_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import judgetui.station.app

    seen: list[list[object]] = []

    def run_station(**kwargs: object) -> int:
        seen.append(listeners())
        return 0

    monkeypatch.setattr(judgetui.station.app, "run_station", run_station)
    monkeypatch.setattr("judgetui.tty.missing_terminal", lambda: None)
    before = listeners()
    assert main(["--db", str(tmp_path / "e.json"), "--lang", "en"]) == 0
    assert seen == [[]]
    assert listeners() == before  # put back as found


def test_wait_for_writes_waits_for_the_write_under_way(station: Station) -> None:
    """The follower, woken by the station's own rename, waits for the write to hand its
    result over instead of reading the whole file back (`Station.wait_for_writes`)."""
    planning, release = threading.Event(), threading.Event()
    assert station.wait_for_writes(0) is True  # nothing under way

    def plan(state: EventState) -> list[Entry]:
        planning.set()
        release.wait(LONG)
        return []  # writes nothing

    writer = threading.Thread(target=station._write, args=(plan,))
    writer.start()
    assert planning.wait(LONG)
    assert station.wait_for_writes(0) is False  # under way, planned under the lock
    release.set()
    assert station.wait_for_writes(LONG) is True
    writer.join(LONG)


def test_a_refused_write_is_no_longer_under_way(station: Station) -> None:
    def plan(state: EventState) -> list[Entry]:
        raise BadInput("refused")

    with pytest.raises(BadInput):
        station._write(plan)
    assert station.wait_for_writes(0) is True
