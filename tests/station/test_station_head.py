"""An open station remembers the log's head it has seen (issue 10 item 8, station half).

A log whose last entries were cut off, or cut and re-chained with other entries, passes
`verify`: every hash in it is consistent. Only a head seen earlier shows it. The station
keeps the longest log it has seen and shows the red banner when the file stops extending
it; ordinary growth by another judge's station shows no banner. The dashboard shows the
head in short, for the round's paper slip.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.station.session import HEAD_SHOWN
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import header_text, make_app, pilot_test, service_on, session_of, settle

PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]


def _record_some(station: Station, n: int) -> None:
    for i in range(n):
        record(station, FLOOR, PLAYERS[i % len(PLAYERS)], "slow_play")


def _cut_last(db: Path, n: int) -> None:
    """Cut the last ``n`` entries off the log and put the file back atomically.

    A hash chain cut at its end is still a consistent chain: `verify` passes.
    """
    document = orjson.loads(db.read_bytes())
    for key in sorted(document["log"], key=int)[-n:]:
        del document["log"][key]
    temp = db.with_name(db.name + ".rewrite")
    temp.write_bytes(orjson.dumps(document))
    os.replace(temp, db)
    assert EventFile(db).verify().ok


def _dashboard_title(app: JudgeStation) -> str:
    title = app.screen.query_one("#recent-title")
    return "\n".join(title.render_line(y).text for y in range(title.size.height))


@pilot_test
async def test_banner_after_the_log_was_cut_short(
    station: Station, db_path: Path, rules: Rules
) -> None:
    _record_some(station, 10)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        session = session_of(app)
        seen = session.state.count
        await pilot.pause(0.2)
        assert session.log_problem is None
        _cut_last(db_path, 5)
        await settle(pilot, lambda: session_of(app).log_problem is not None)
        await pilot.pause()
        problem = session_of(app).log_problem or ""
        assert f"the log has {seen - 5} entries, this station had seen {seen}" in problem
        assert "penalty log has been altered" in header_text(app)
        # the station shows the file as it is now, and the banner stays
        assert session_of(app).state.count == seen - 5
        record(station, FLOOR, "P1", "slow_play")
        await settle(pilot, lambda: session_of(app).state.count == seen - 4)
        await pilot.pause()
        assert "penalty log has been altered" in header_text(app)


@pilot_test
async def test_banner_after_the_log_was_rewritten_and_rechained(
    station: Station, db_path: Path, rules: Rules
) -> None:
    _record_some(station, 10)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        seen = session_of(app).state.count
        await pilot.pause(0.2)
        # Rewritten on a copy, then put in place at once: cut and made longer than
        # before with other records, every hash consistent.
        copy = db_path.with_name("copy.json")
        copy.write_bytes(db_path.read_bytes())
        _cut_last(copy, 5)
        _record_some(Station(EventFile(copy), rules, caller=station.planner.caller), 7)
        assert EventFile(copy).verify().ok
        assert len(EventFile(copy).load().entries) > seen
        os.replace(copy, db_path)
        await settle(pilot, lambda: "rewritten" in (session_of(app).log_problem or ""))
        await pilot.pause()
        assert f"entry {seen} is not the one this station had seen" in (
            session_of(app).log_problem or ""
        )
        assert "penalty log has been altered" in header_text(app)


@pilot_test
async def test_no_banner_when_another_station_adds_to_the_log(
    station: Station, db_path: Path, rules: Rules
) -> None:
    _record_some(station, 3)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(100, 30)) as pilot:
        before = session_of(app).state.count
        for _ in range(3):
            _record_some(station, 2)
            await settle(
                pilot, lambda: session_of(app).state.count == len(EventFile(db_path).load().entries)
            )
        await pilot.pause(0.2)
        session = session_of(app)
        assert session.state.count == before + 6
        assert session.log_problem is None
        assert "altered" not in header_text(app)
        assert session.seen == (session.state.count, session.state.head)


@pilot_test
async def test_the_dashboard_shows_the_log_head_in_short(
    station: Station, db_path: Path, rules: Rules
) -> None:
    _record_some(station, 2)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        result = EventFile(db_path).verify()
        title = _dashboard_title(app)
        assert result.head[:HEAD_SHOWN] in title
        assert f"{result.count} entries" in title
        _record_some(station, 1)
        await settle(
            pilot, lambda: EventFile(db_path).verify().head[:HEAD_SHOWN] in _dashboard_title(app)
        )
