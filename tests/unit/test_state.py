"""The fold (`judgetui.state.EventState`): the log in, the state every face reads out.

The event is written through the service (the conftest ``station``: head judge Kana Mori,
floor judge Alex Reed, players P1–P6); the tests then fold the file's entries themselves
and check what the fold promises: folding at once or entry by entry gives the same state,
every entry counts, a void takes back what rested on the record, the queries (points,
queue, history, decision owed, find) read the folded records, and a log the fold cannot
read is refused with the entry's number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.state import MIN_PREFIX, EventState, MalformedLog
from tests.helpers.event import FLOOR, HEAD, record


def entries_of(station: Station) -> list[Mapping[str, Any]]:
    return list(station.file.load().entries)


def summary(state: EventState) -> dict[str, Any]:
    """What a judge reads of a state: records, points, queue, round, judges, players."""
    return {
        "count": state.count,
        "head": state.head,
        "round": state.round,
        "judges": sorted((j.name, j.role) for j in state.judges.values()),
        "players": sorted(state.players),
        "records": {
            i: (r.player, r.infraction, r.penalty, r.status, r.points)
            for i, r in state.records.items()
        },
        "points": {p: state.points(p) for p in state.players},
        "queue": [(q.id, q.kind, q.player) for q in state.queue()],
        "cautions": state.cautions,
    }


def busy_event(station: Station) -> None:
    """A floor judge's request, a notice, issued warnings, a review and a void."""
    record(station, FLOOR, "P1", "slow_play", penalty="single_warning")  # a request
    record(station, FLOOR, "P2", "cards_off_table")  # a notice to check
    for infraction in ("slow_play", "mulligan_error"):
        record(station, HEAD, "P3", infraction, penalty="single_warning")
    station.set_round(HEAD, 2)
    record(station, HEAD, "P4", "drawing_extra_cards", penalty="double_warning")
    request = next(r for r in station.load().records.values() if r.player == "P1")
    station.review(HEAD, request.id, "confirm")
    mistake = next(r for r in station.load().records.values() if r.player == "P4")
    station.void(HEAD, mistake.id, "wrong player")


def test_the_fold_of_a_new_event_holds_its_judges_players_and_rounds(station: Station) -> None:
    state = EventState.fold(station.rules, entries_of(station))
    assert state.name == "Test Open"
    assert state.head_judge_name() == HEAD
    assert {n: j.role for n, j in state.judges.items()} == {HEAD: "head", FLOOR: "floor"}
    assert sorted(state.players) == [f"P{i}" for i in range(1, 7)]
    assert state.players["P3"].name == "山田 花子"
    assert (state.round, state.rounds, state.records, state.queue()) == (1, 6, {}, [])


def test_folding_at_once_and_entry_by_entry_give_the_same_state(
    station: Station, rules: Rules
) -> None:
    busy_event(station)
    entries = entries_of(station)
    whole = EventState.fold(rules, entries)
    stepwise = EventState.fold(rules, entries[:1])
    for entry in entries[1:]:
        stepwise.apply(entry)
    assert summary(stepwise) == summary(whole)
    assert summary(whole) == summary(station.load())


def test_every_entry_is_counted_and_the_head_is_the_last_hash(station: Station) -> None:
    busy_event(station)
    entries = entries_of(station)
    for n in range(1, len(entries) + 1):
        state = EventState.fold(station.rules, entries[:n])
        assert state.count == n
        assert state.head == entries[n - 1]["hash"]


def test_a_confirmed_request_counts_and_a_voided_record_counts_no_more(
    station: Station,
) -> None:
    record(station, FLOOR, "P1", "slow_play", penalty="single_warning")
    record(station, HEAD, "P4", "drawing_extra_cards", penalty="double_warning")
    before = station.load()
    [request] = before.history("P1")
    assert request.status == "pending"
    assert before.points("P1") == 0  # a request waits for the head judge
    assert [q.kind for q in before.queue()] == ["request"]
    assert before.points("P4") == 2

    station.review(HEAD, request.id, "confirm")
    [mistake] = station.load().history("P4")
    station.void(HEAD, mistake.id, "wrong player")

    after = EventState.fold(station.rules, entries_of(station))
    assert after.history("P1")[0].status == "issued"
    assert after.points("P1") == 1
    assert after.queue() == []
    assert after.records[mistake.id].status == "voided"
    assert after.records[mistake.id].voided_by == HEAD
    assert after.points("P4") == 0


def test_history_is_the_players_records_in_log_order(station: Station) -> None:
    for infraction in ("slow_play", "mulligan_error", "looking_at_extra_cards"):
        record(station, HEAD, "P3", infraction, penalty="single_warning")
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    state = station.load()
    history = state.history("P3")
    assert [r.infraction for r in history] == [
        "slow_play",
        "mulligan_error",
        "looking_at_extra_cards",
    ]
    assert [r.seq for r in history] == sorted(r.seq for r in history)
    assert state.history("P6") == []


def test_the_third_single_warning_owes_a_decision_and_only_for_that_player(
    station: Station,
) -> None:
    for infraction in ("slow_play", "mulligan_error"):
        record(station, HEAD, "P3", infraction, penalty="single_warning")
    assert station.load().decision_owed("P3") is None
    record(station, HEAD, "P3", "looking_at_extra_cards", penalty="single_warning")
    state = station.load()
    assert state.points("P3") >= state.rules.three_warnings.threshold
    assert state.decision_owed("P3") is not None
    assert state.decision_owed("P2") is None


def test_find_takes_a_whole_id_or_a_long_enough_unique_prefix(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    [first] = station.load().records
    assert station.load().find(first[:MIN_PREFIX]) == [first]
    assert station.load().find(first[: MIN_PREFIX - 1]) == []  # a stray key names nothing
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    state = station.load()
    second = next(i for i in state.records if i != first)
    # The fixture's ids count (…0001, …0002): a short prefix is theirs both; the id is one.
    assert sorted(state.find(first[:MIN_PREFIX])) == sorted([first, second])
    assert state.find(first) == [first]
    assert state.find(second) == [second]
    assert state.find("no-such-id") == []


def test_an_empty_log_is_not_an_event(rules: Rules) -> None:
    with pytest.raises(MalformedLog, match="empty"):
        EventState.fold(rules, [])


def test_a_malformed_entry_is_refused_with_its_number(station: Station) -> None:
    entries = [dict(e) for e in entries_of(station)]
    broken = dict(entries[-1])
    broken["data"] = None
    with pytest.raises(MalformedLog, match=f"log entry {broken['seq']} is malformed"):
        EventState.fold(station.rules, [*entries[:-1], broken])
    record(station, FLOOR, "P1", "cards_off_table")
    entries = [dict(e) for e in entries_of(station)]
    data = dict(entries[-1]["data"])
    data.pop("records", None)
    data.pop("record", None)
    entries[-1] = {**entries[-1], "data": data}
    with pytest.raises(MalformedLog, match=f"log entry {entries[-1]['seq']}"):
        EventState.fold(station.rules, entries)
