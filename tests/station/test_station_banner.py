"""The station warns when the penalty log's hash chain is broken (tamper evidence)."""

from __future__ import annotations

from pathlib import Path

import orjson

from judgetui.rules import Rules
from judgetui.service import Station
from tests.helpers.event import FIXED_NOW, HEAD, record
from tests.helpers.station import header_text, make_app, pilot_test, service_on, session_of, settle


@pilot_test
async def test_banner_shows_when_a_penalty_was_edited(
    station: Station, db_path: Path, rules: Rules
) -> None:
    record(station, HEAD, "P1", "slow_play", intentional=True, disruptive=False)
    document = orjson.loads(db_path.read_bytes())
    last = max(document["log"], key=int)
    document["log"][last]["data"]["records"][0]["warning"] = "notice"
    db_path.write_bytes(orjson.dumps(document))

    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: session_of(app).log_problem is not None)
        await pilot.pause()
        assert f"entry {last} was edited" in (session_of(app).log_problem or "")
        assert "penalty log has been altered" in header_text(app)


@pilot_test
async def test_no_banner_on_an_untouched_log(station: Station, db_path: Path, rules: Rules) -> None:
    record(station, HEAD, "P1", "slow_play")
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        assert session_of(app).log_problem is None
        assert "altered" not in header_text(app)
