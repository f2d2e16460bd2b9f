"""The head judge's queue kept up to date entry by entry equals the queue walked whole.

`QueueIndex` (what a station's `Session.queue` keeps) recomputes only the players the
new entries touched. After any sequence of acts by several judges (records, requests,
reviews, voids, witness notes, decisions, the finals, a roster import, rounds), read
in batches of any size, it must give exactly `EventState.queue()`: the same items, in
the same order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui.rules import load_rules
from judgetui.service import RecordRequest
from judgetui.state import EventState
from judgetui.state.queue_index import QueueIndex
from judgetui.station.changes import players_touched
from judgetui.station.session import Session, load_state
from judgetui.store import EventFile
from judgetui.store.follow import LogReader
from tests.helpers.event import FIXED_NOW, HEAD
from tests.helpers.queue_acts import (
    STEP,
    act,
    new_event,
    writer,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(STEP, min_size=1, max_size=30))
def test_the_session_queue_equals_the_whole_walk_after_any_acts(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[Any, ...]]
) -> None:
    rules = load_rules()
    path = tmp_path_factory.mktemp("queue") / "event.json"
    new_event(path, rules)
    writers = [writer(path, rules, n) for n in range(2)]
    watched = writer(path, rules, 5)
    reader = LogReader(watched.file)
    state, stamp = load_state(watched, reader)
    session = Session(watched, state.judges[HEAD], state, lambda: FIXED_NOW, stamp)
    session.reader = reader
    index = QueueIndex(EventState.fold(rules, EventFile(path).load().entries))
    assert session.queue() == session.state.queue()
    for step, who, read_now in steps:
        current = writers[who].load()
        act(writers[who], current, step)
        if not read_now:
            continue
        session.refresh()
        assert session.queue() == session.state.queue()
        # The index on its own, extended entry by entry with the players each touched.
        entries = EventFile(path).load().entries
        mirror = index.state
        for n in range(mirror.count, len(entries)):
            mirror.extend(entries[: n + 1])
            index.update(players_touched(mirror, entries[n : n + 1]))
        assert index.items() == mirror.queue()
    session.refresh()
    assert session.queue() == session.state.queue()


def test_an_index_rebuilds_when_told_everyone_changed(tmp_path: Path) -> None:
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    station = writer(path, rules, 0)
    for _ in range(3):
        station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
    state = station.load()
    index = QueueIndex(state)
    before = index.items()
    station.enter_finals(HEAD)
    entries = station.file.load().entries
    state.extend(entries)
    assert players_touched(state, entries[-1:]) is None  # the finals: everyone
    index.update(None)
    assert index.items() == state.queue()
    assert before is not index.items()
