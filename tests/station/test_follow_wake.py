"""The station sees another station's write when the kernel reports it, not at the next poll.

The follower polls every hour here: only `FileWatch` (inotify) can bring the write in.
No timing: the App is given many turns for what takes one or two.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.file_watch import FileWatch
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import make_app, service_on


def test_another_stations_write_is_seen_without_waiting_for_the_poll(
    station: Station, db_path: Path, rules: Rules
) -> None:
    probe = FileWatch.open(db_path)
    if probe is None:
        pytest.skip("no inotify here: the follower polls")
    probe.close()

    async def run() -> None:
        app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW, poll=3600)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None
            for _turn in range(2000):  # the watcher's first look, then its wait
                if app.follower is not None and app.follower._file_watch is not None:
                    break
                await pilot.pause(0.01)
            before = session.state.count
            record(station, FLOOR, "P3", "slow_play")
            for _turn in range(2000):
                if session.state.count > before:
                    break
                await pilot.pause(0.01)
            assert session.state.count == before + 1
            assert session.state.history("P3")[-1].judge == FLOOR

    asyncio.run(run())
