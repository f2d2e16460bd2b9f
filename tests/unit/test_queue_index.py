"""The head judge's queue kept up to date entry by entry equals the queue walked whole.

`QueueIndex` (what a station's `Session.queue` keeps) recomputes only the players the
new entries touched. After any sequence of acts by several judges (records, requests,
reviews, voids, witness notes, decisions, the finals, a roster import, rounds), read
in batches of any size, it must give exactly `EventState.queue()`: the same items, in
the same order.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import BadInput, NotPermitted, RecordRequest, Station
from judgetui.state import EventState
from judgetui.state.queue_index import QueueIndex
from judgetui.station.changes import players_touched
from judgetui.station.session import Session, load_state
from judgetui.store import EventFile
from judgetui.store.follow import LogReader
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, counting_ids, ticking_clock

PLAYERS = [f"P{i}" for i in range(1, 7)]
INFRACTIONS = [
    *["slow_play", "tardiness", "game_rules_violation", "drawing_extra_cards"] * 3,
    "cheating",  # the cheating group, and a disqualification: now and then
]
PENALTIES = [None, None, None, "single_warning", "double_warning", "game_loss"]


def writer(path: Path, rules: Rules, n: int) -> Station:
    """One judge's service of its own (own clock: the same instant can recur across
    writers, so ties in the queue's order are exercised too)."""
    return Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(step=30.0 * (n + 1)),
        new_id=counting_ids(n + 1),
    )


def new_event(path: Path, rules: Rules) -> None:
    station = writer(path, rules, 9)
    station.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    station.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])


RECORD = st.tuples(
    st.just("record"),
    st.integers(0, 1),  # head or floor judge
    st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=2, unique=True),
    st.sampled_from(INFRACTIONS),
    st.booleans(),
    st.booleans(),
    st.sampled_from(PENALTIES),
    st.sampled_from([(), (), ("suspected_cheating",)]),
)
REVIEW = st.tuples(
    st.just("review"), st.integers(0, 20), st.sampled_from(["confirm", "dismiss", "upgrade"])
)
DECIDE = st.tuples(st.just("decide"), st.integers(0, 20), st.sampled_from([0, 0, 1, 2, 3, 4]))
ACTS: dict[str, st.SearchStrategy[tuple[Any, ...]]] = {
    "record": RECORD,
    "review": REVIEW,
    "decide": DECIDE,
    "void": st.tuples(st.just("void"), st.integers(0, 40)),
    "witness": st.tuples(st.just("witness"), st.integers(0, 40)),
    "finals": st.tuples(st.just("finals")),
    "import": st.tuples(st.just("import"), st.integers(1, 3)),
    "round": st.tuples(st.just("round"), st.integers(1, 8)),
}
#: Records most of the time (warnings pile up into decisions owed), the rest now and then.
WEIGHTS = {"record": 12, "review": 6, "decide": 3, "void": 2, "witness": 1}
ACT = st.sampled_from([k for k in ACTS for _ in range(WEIGHTS.get(k, 1))]).flatmap(ACTS.__getitem__)
STEP = st.tuples(ACT, st.integers(0, 1), st.booleans())  # act, writer, read after it?


def act(station: Station, state: EventState, step: tuple[Any, ...]) -> None:
    """One act against the file; a refusal (the service's) writes nothing."""
    kind = step[0]
    queue = state.queue()
    with contextlib.suppress(BadInput, NotPermitted):
        if kind == "record":
            _, who, players, infraction, intentional, disruptive, penalty, flags = step
            request = RecordRequest(
                players,
                infraction,
                intentional,
                disruptive,
                flags=frozenset(flags),
                penalty=penalty,
                request=who == 1 and penalty is not None,
            )
            station.record(HEAD if who == 0 else FLOOR, request)
        elif kind == "review":
            records = [i for i in queue if i.kind != "decision"]
            if records:
                item = records[step[1] % len(records)]
                upgrade = "game_loss" if step[2] == "upgrade" else None
                station.review(HEAD, item.id, step[2], upgrade)
        elif kind == "void" and state.records:
            ids = list(state.records)
            station.void(HEAD, ids[step[1] % len(ids)], "entered in error")
        elif kind == "witness" and state.records:
            earlier = list(state.records.values())[step[1] % len(state.records)]
            request = RecordRequest(
                [earlier.player], earlier.infraction, False, True, note="saw it", same_as=earlier.id
            )
            station.record(FLOOR, request)
        elif kind == "decide":
            owed = [i for i in queue if i.kind == "decision"]
            if owed:
                item = owed[step[1] % len(owed)]
                # The penalty the queue names (always allowed), or another option.
                options = [item.penalty, *state.rules.three_warnings.options]
                station.decide(HEAD, item.player, options[step[2] % len(options)])
        elif kind == "finals":
            station.enter_finals(HEAD)
        elif kind == "import":
            start = len(state.players) + 1
            new = [Player(id=f"P{n}", name=f"Player {n}") for n in range(start, start + step[1])]
            station.import_players(HEAD, new)
        elif kind == "round":
            station.set_round(HEAD, step[1], back=True)


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
