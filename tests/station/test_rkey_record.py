"""The record key: the done pane with what was saved, once; a second Enter during the
save records nothing more; a write by another station meanwhile is followed, not lost;
a save under way greys the record key.
"""

from __future__ import annotations

import threading

import orjson

from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, record
from tests.helpers.station import (
    hold_saves,
    make_app,
    pilot_test,
    service_on,
    session_of,
    settle,
    shown,
    walk_to_result,
)

SIZE = (120, 40)


@pilot_test
async def test_a_second_enter_during_the_save_records_nothing_more(station: Station) -> None:
    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = session_of(app)
        hold_saves(session, release)
        screen = await walk_to_result(pilot, "P2", "slow", "n", "y")
        await settle(pilot)
        await pilot.press("enter", "enter")  # a tired judge: twice, the save under way
        assert screen.recording and screen.step == "result"
        release.set()
        await settle(pilot, lambda: screen.step == "done")
        assert not screen.recording
        assert "Ann Lee: Notice recorded" in shown(screen, "#done-text")
    [saved] = session.state.records.values()
    assert saved.player == "P2"
    assert len(EventFile(station.file.path).load().entries) == session.state.count


@pilot_test
async def test_another_stations_write_meanwhile_is_kept_and_followed(
    station: Station,
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = session_of(app)
        screen = await walk_to_result(pilot, "P3", "slow", "n", "y")
        await settle(pilot)
        other = service_on(station.file.path, station.rules, ids=5)
        record(other, FLOOR, "P4", "slow_play")
        await settle(pilot, lambda: "P4" in {r.player for r in session.state.records.values()})
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    players = sorted(r.player for r in session.state.records.values())
    assert players == ["P3", "P4"]
    path = station.file.path
    assert path.read_bytes() == orjson.dumps(orjson.loads(path.read_bytes()))
    assert EventFile(path).verify().ok


@pilot_test
async def test_a_slow_save_still_greys_the_record_key(
    station: Station,
) -> None:
    from textual.widgets._footer import FooterKey

    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = session_of(app)
        hold_saves(session, release)
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await settle(pilot)

        def record_key_greyed() -> bool:
            keys = [k for k in screen.query(FooterKey) if k.action == "record"]
            return bool(keys) and all(k.has_class("-disabled") for k in keys)

        assert not record_key_greyed()
        await pilot.press("enter")
        loop_guard = 0
        while not record_key_greyed():  # the save goes on: greyed after a moment
            await pilot.pause(0.05)
            loop_guard += 1
            assert loop_guard < 1200, "the record key was never greyed during a slow save"
        release.set()
        await settle(pilot, lambda: screen.step == "done")
