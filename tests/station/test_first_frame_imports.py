"""What the station has imported when its first frame is drawn (issue 14: first paint).

Run as its own process (imports are per process): the station opened as the command
line opens it (`open_station`) on an event with a few records, run headless until the
dashboard's first frame is handed to the terminal. By then nothing a first frame does
not use is loaded: no pydantic, no dialog, no screen but the dashboard, no report, no
other command, no keymap (there is none). They come when a key opens them, or after
the first frame (the classification is made ahead then).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from judgetui.service import Station
from tests.helpers.event import HEAD, record

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import asyncio, json, sys
from datetime import UTC, datetime
from textual.app import App
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.station.app import open_station
from judgetui.store import EventFile

seen = []
display = App._display

def first_frame(app, screen, renderable):
    if not seen and renderable is not None and not app._batch_count:
        if type(screen).__name__ == "DashboardScreen":
            seen.append(sorted(sys.modules))
    display(app, screen, renderable)

App._display = first_frame
station = Station(EventFile(sys.argv[1]), load_rules(None))
app = open_station(station, sys.argv[2], clock=lambda: datetime(2026, 11, 28, 15, tzinfo=UTC))

async def main():
    async with app.run_test(size=(160, 48)) as pilot:
        while not seen:
            await pilot.pause()

asyncio.run(main())
print(json.dumps(seen[0]))
"""

NOT_YET = (
    "pydantic",
    "judgetui.station.dialogs",
    "judgetui.station.keymap",
    "judgetui.reports",
    "judgetui.cli.event",
    "judgetui.cli.reading",
    "judgetui.settings_schema",
)
SCREENS_OF_THE_FIRST_FRAME = {
    "judgetui.station.screens",
    "judgetui.station.screens.base",
    "judgetui.station.screens.dashboard",
}


def test_the_first_frame_is_drawn_before_anything_it_does_not_show_is_imported(
    station: Station, db_path: Path
) -> None:
    record(station, HEAD, "P1", "slow_play", intentional=True, disruptive=False)
    record(station, HEAD, "P2", "slow_play")
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(db_path), HEAD],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "judgetui.station.screens.dashboard" in modules  # the probe saw the dashboard
    early = sorted(m for m in modules if m.startswith(NOT_YET))
    assert early == []
    screens = {m for m in modules if m.startswith("judgetui.station.screens")}
    assert screens == SCREENS_OF_THE_FIRST_FRAME
