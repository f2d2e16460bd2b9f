"""Nothing reads or hashes the whole event file again before the dashboard's first frame.

Start-up reads and folds the file once (`open_station`); the whole chain is checked
once, in the follower's worker, after the first frame (issue 14: "paint, then verify in
a worker"); the follower's first look at the file finds its stamp unchanged and reads
nothing. A chain broken at start-up still shows as the banner
(tests/station/test_station_banner.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import RenderableType
from textual.app import App
from textual.screen import Screen

from judgetui.service import Station
from judgetui.state import EventState
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.store.follow import LogReader
from tests.helpers.event import HEAD, record
from tests.helpers.station import make_app, pilot_test, session_of, settle


@pilot_test
async def test_the_chain_is_checked_once_after_the_first_frame_and_nothing_is_read_again(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    for player in ("P1", "P2", "P3"):
        record(station, HEAD, player, "slow_play")
    seen: list[str] = []
    display, verify, read = App._display, LogReader.verify, LogReader.read

    def spy_display(app: App[Any], screen: Screen[Any], renderable: RenderableType | None) -> None:
        if renderable is not None and isinstance(screen, DashboardScreen):
            seen.append("frame")
        display(app, screen, renderable)

    def spy_verify(self: LogReader) -> Any:
        seen.append("verify")
        return verify(self)

    def spy_read(self: LogReader) -> Any:
        seen.append("read")
        return read(self)

    monkeypatch.setattr(App, "_display", spy_display)
    monkeypatch.setattr(LogReader, "verify", spy_verify)
    monkeypatch.setattr(LogReader, "read", spy_read)
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: "verify" in seen)
        session = session_of(app)
        reader = session.reader
        assert reader is not None and reader.full_reads == 1
        assert session.log_problem is None
        # What was painted is the fold of the whole file, as a command would fold it.
        whole = EventState.fold(station.rules, station.file.load().entries)
        assert (session.state.count, session.state.head) == (whole.count, whole.head)
        assert {p: session.state.points(p) for p in whole.players} == {
            p: whole.points(p) for p in whole.players
        }
    assert seen.index("frame") < seen.index("verify")
    assert seen.count("verify") == 1
    assert "read" not in seen[: seen.index("frame")]
