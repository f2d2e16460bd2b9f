"""The station warns when the penalty log's hash chain is broken (tamper evidence)."""

from __future__ import annotations

from pathlib import Path

import orjson

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.station.widgets.header import StationHeader
from tests.helpers.event import HEAD, record
from tests.station.test_station_core import make_app, pilot_test, session_of, until


def _header_text(app: JudgeStation) -> str:
    """The header's two top lines as the judge sees them."""
    header = app.screen.query_one(StationHeader)
    lines = [header.render_line(y).text for y in range(header.size.height)]
    return "\n".join(lines)


@pilot_test
async def test_banner_shows_when_a_penalty_was_edited(
    station: Station, db_path: Path, rules: Rules
) -> None:
    record(station, HEAD, "P1", "slow_play", intentional=True, disruptive=False)
    document = orjson.loads(db_path.read_bytes())
    last = max(document["log"], key=int)
    document["log"][last]["data"]["records"][0]["warning"] = "notice"
    db_path.write_bytes(orjson.dumps(document))

    app = make_app(db_path, rules, HEAD)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: session_of(app).log_problem is not None)
        await pilot.pause()
        assert f"entry {last} was edited" in (session_of(app).log_problem or "")
        assert "penalty log has been altered" in _header_text(app)


@pilot_test
async def test_no_banner_on_an_untouched_log(station: Station, db_path: Path, rules: Rules) -> None:
    record(station, HEAD, "P1", "slow_play")
    app = make_app(db_path, rules, HEAD)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        assert session_of(app).log_problem is None
        assert "altered" not in _header_text(app)
