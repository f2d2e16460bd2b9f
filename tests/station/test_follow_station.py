"""The station follows the file through its `LogReader`: a change costs what was appended.

The App owns a plain `EventFileFollower`; the file is read once at start-up, the whole
chain is checked once (in the worker, from what was read), and every later change
from another writer is read incrementally, applied to the session's state, and gives
the state and verdict of a full fold and a full verify. No timing: the test calls the
follower's `catch_up` itself and waits for the App to handle the messages.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from msgspec.structs import fields

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState
from judgetui.station.app import JudgeStation
from judgetui.station.follow import EventFileFollower
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, counting_ids, ticking_clock
from tests.helpers.station import make_app as shared_make_app
from tests.helpers.station import service_on


def comparable(state: EventState) -> dict[str, Any]:
    """Everything a fold builds (the rules by their text's hash; not the points memo,
    which is filled as the screens ask)."""
    return {
        f.name: state.rules_source().sha256 if f.name == "rules" else getattr(state, f.name)
        for f in fields(state)
        if f.name != "_points"
    }


def make_app(db: Path, rules: Rules) -> JudgeStation:
    """The station, following the file every hour: the test drives the follower itself."""
    return shared_make_app(service_on(db, rules), HEAD, now=FIXED_NOW, poll=3600)


def test_the_station_reads_once_then_only_what_was_appended(
    station: Station, db_path: Path, rules: Rules
) -> None:
    async def run() -> None:
        app = make_app(db_path, rules)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            follower = app.follower
            assert isinstance(follower, EventFileFollower)
            session = follower.session
            reader = session.reader
            assert reader is not None
            other = Station(
                EventFile(db_path),
                rules,
                caller=Caller("tester", None),
                clock=ticking_clock(),
                new_id=counting_ids(3),
            )
            for player in ("P1", "P2", "P3"):
                other.record(FLOOR, RecordRequest([player], "slow_play", False, True))
                snapshot = EventFile(db_path).load()
                # The watcher may have seen the write first: then its messages are on
                # their way, and the App handles them within a few of its turns.
                await asyncio.to_thread(follower.catch_up)
                for _turn in range(1000):
                    if session.state.count == len(snapshot.entries):
                        break
                    await pilot.pause()
                assert comparable(session.state) == comparable(
                    EventState.fold(rules, snapshot.entries)
                )
                assert session.state.count == len(snapshot.entries)
            assert reader.full_reads == 1  # start-up's read; every change after: appended
            assert reader.verify() == EventFile(db_path).verify()
            assert session.log_problem is None
            assert len(session.queue()) == 3

    asyncio.run(run())


def test_a_write_from_the_station_plans_on_its_state_only_for_that_version(
    station: Station, db_path: Path, rules: Rules
) -> None:
    """The held state is used for the very file version it folds, never another."""
    snapshot = station.file.load()
    state = station.fold(snapshot)
    folds: list[int] = []
    real_fold = station.fold

    def counting_fold(snap: Any, *focus: Any) -> EventState:
        folds.append(len(snap.entries))
        return real_fold(snap, *focus)

    station.fold = counting_fold  # type: ignore[method-assign]
    station.held = lambda: (snapshot.stamp, state)
    station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
    assert folds == []  # planned on the held state: the same version of the file
    # The file moved on and the held state did not: the next write folds the file.
    station.record(HEAD, RecordRequest(["P2"], "slow_play", False, True))
    assert folds == [len(snapshot.entries) + 1]
    after = EventFile(db_path).load()
    assert EventFile(db_path).verify().ok
    assert [e["data"]["records"][0]["player"] for e in after.entries[-2:]] == ["P1", "P2"]
