"""A player's points counted from the state's own records equal the engine's count of
the `PastPenalty` values the same records make (issue 14: the station counts every
player's points as it opens, and no longer makes a `PastPenalty` of each record first).

After any sequence of acts by several judges (records, requests, reviews and upgrades,
voids, decisions, the finals, a roster import), every player's `EventState.points` is
`engine.warning_points` of `queries.past`: what it was before.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui import engine
from judgetui.rules import load_rules
from judgetui.state import EventState, queries
from judgetui.store import EventFile
from tests.helpers.queue_acts import STEP, act, new_event, writer


def _points_by_past(state: EventState) -> dict[str, int]:
    return {
        player: engine.warning_points(state.rules, queries.past(state, player), state.phase)
        for player in state.players
    }


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(STEP, min_size=1, max_size=30))
def test_points_from_the_records_equal_the_count_of_their_past_penalties(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[Any, ...]]
) -> None:
    rules = load_rules()
    path = tmp_path_factory.mktemp("points") / "event.json"
    new_event(path, rules)
    writers = [writer(path, rules, n) for n in range(2)]
    for step, who, _read in steps:
        act(writers[who], writers[who].load(), step)
    state = EventState.fold(rules, EventFile(path).load().entries)
    expected = _points_by_past(state)
    assert {player: state.points(player) for player in state.players} == expected


def test_superseded_draft_and_finals_records_count_as_the_engine_says(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The cases the count leaves out, on purpose: an upgrade's superseded record, a
    Notice, a request not confirmed, and main-round warnings after the finals reset."""
    rules = load_rules()
    path = tmp_path_factory.mktemp("points") / "event.json"
    new_event(path, rules)
    station = writer(path, rules, 0)
    steps: list[tuple[Any, ...]] = [
        ("record", 0, ["P1"], "slow_play", False, True, "single_warning", ()),
        ("record", 1, ["P1"], "slow_play", False, True, "single_warning", ()),
        ("record", 0, ["P2"], "slow_play", False, True, None, ()),
        ("record", 0, ["P3"], "tardiness", False, True, "double_warning", ()),
    ]
    for step in steps:
        act(station, station.load(), step)
    state = station.load()
    request = next(r for r in state.records.values() if r.status == "pending")
    station.review("Kana Mori", request.id, "upgrade", "double_warning")
    before_finals = station.load()
    assert before_finals.points("P1") == _points_by_past(before_finals)["P1"] > 0
    station.enter_finals("Kana Mori")
    state = station.load()
    assert {p: state.points(p) for p in state.players} == _points_by_past(state)
    assert any(r.status == "superseded" for r in state.records.values())
