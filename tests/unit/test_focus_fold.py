"""The focused fold (`judgetui.state.focus`, issue 14 item 2) against the full fold.

Random events are made through the service's own acts (records by both judges, requests,
reviews that confirm, dismiss and upgrade, voids of records and decisions, decisions,
witness notes, extensions, rounds, finals, ejections and disqualifications, players renamed
and added, investigations closed, items marked entered). For every player the focused
state must hold exactly what the full fold holds for them and for the event; every plan
of a record must be the same entries or the same refusal; the service must write the same
bytes and say the same. Malformed logs (one entry broken in many ways) must be refused
exactly when the full fold refuses them, and with its words.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import fields

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import Planner, RecordRequest
from judgetui.state import EventState, decision_id
from judgetui.state.focus import fold_for
from judgetui.store import EventFileError
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock
from tests.helpers.random_event import (
    EVENT_FIELDS,
    INFRACTIONS,
    PENALTIES,
    PLAYERS,
    event_fields,
    full_verdict,
    random_event,
    station_for,
)


def player_fields(state: EventState, player: str) -> dict[str, Any]:
    """Everything the state holds about ``player``."""
    held = state.players[player]
    return {
        "player": held,
        "records": [state.records[r] for r in held.records],
        "decisions": {d.id: state.decisions[d.id] for d in held.decisions},
        "points": state.points(player),
        "owed": state.decision_owed(player),
        "past": state.past(player),
        "closed": {r: m for r, m in state.closed_investigations.items() if r in held.records},
    }


def assert_focus_equals_full(entries: list[dict[str, Any]], rules: Rules) -> None:
    full = EventState.fold(rules, entries)
    for player in full.players:
        focused = fold_for(rules, entries, [player])
        assert focused is not None
        assert event_fields(focused) == event_fields(full)
        assert player_fields(focused, player) == player_fields(full, player)
        assert focused.entered == full.entered
    pair = list(full.players)[:2]
    focused = fold_for(rules, entries, pair)
    assert focused is not None
    for player in pair:
        assert player_fields(focused, player) == player_fields(full, player)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.integers(0, 2**31), st.integers(5, 45))
def test_the_focused_state_is_the_full_folds_for_the_named_players(
    tmp_path_factory: pytest.TempPathFactory, seed: int, acts: int
) -> None:
    path = tmp_path_factory.mktemp("focus") / "event.json"
    station = random_event(path, seed, acts)
    assert_focus_equals_full(station.file.load().entries, station.rules)


def test_the_random_events_hold_every_kind_of_entry(tmp_path: Path) -> None:
    """The generator above does make what the module says it does (else the test is weak)."""
    kinds: set[str] = set()
    statuses: set[str] = set()
    for seed in range(12):
        station = random_event(tmp_path / f"e{seed}.json", seed, 60)
        entries = station.file.load().entries
        kinds |= {e["kind"] for e in entries}
        state = EventState.fold(station.rules, entries)
        statuses |= {p.status for p in state.players.values()}
        statuses |= {r.status for r in state.records.values()}
        assert_focus_equals_full(entries, station.rules)
    assert kinds >= {
        "incident_recorded",
        "record_reviewed",
        "record_voided",
        "decision_made",
        "decision_voided",
        "witness_noted",
        "round_set",
        "finals_entered",
        "players_imported",
        "caution_given",
        "investigation_closed",
        "scorekeeper_entered",
    }
    assert statuses >= {"ejected", "disqualified", "voided", "superseded", "dismissed", "pending"}


def requests(rng: random.Random) -> list[RecordRequest]:
    out = []
    for _ in range(12):
        players = rng.sample([*PLAYERS, "P99"], rng.choice([1, 1, 2]))
        out.append(
            RecordRequest(
                players,
                rng.choice([*INFRACTIONS, "no_such_infraction"]),
                rng.random() < 0.2,
                rng.random() < 0.5,
                minutes_late=rng.choice([None, 3]),
                penalty=rng.choice(PENALTIES),
                request=rng.random() < 0.5,
                opponent=rng.choice([None, *PLAYERS]),
                note=rng.choice(["", "bad\x07note", "ok"]),
            )
        )
    return out


def plan_on(state: EventState, rules: Rules, judge: str, request: RecordRequest) -> Any:
    """The plan's entries and result, or the refusal (its type and words)."""
    planner = Planner(rules, Caller("tester", None), ticking_clock(), counting_ids(77))
    try:
        entries, result = planner.plan_record(state, judge, request)
    except Exception as exc:  # the refusal is what is compared
        return type(exc), str(exc)
    return entries, result


@pytest.mark.parametrize("seed", range(10))
def test_every_plan_and_refusal_of_a_record_is_the_same(tmp_path: Path, seed: int) -> None:
    station = random_event(tmp_path / "event.json", seed, 50)
    entries = station.file.load().entries
    rules = station.rules
    full = EventState.fold(rules, entries)
    rng = random.Random(seed)
    for request in requests(rng):
        focused = fold_for(rules, entries, request.players)
        assert focused is not None
        for judge in (HEAD, FLOOR, "Nobody"):
            assert plan_on(focused, rules, judge, request) == plan_on(full, rules, judge, request)


@pytest.mark.parametrize("seed", range(6))
def test_the_service_writes_the_same_bytes_and_says_the_same(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = random_event(tmp_path / "event.json", seed, 40)
    original = made.file.path.read_bytes()
    rng = random.Random(seed)
    for n, request in enumerate(requests(rng)):
        outcomes = []
        for focused in (True, False):
            path = tmp_path / f"copy-{n}-{focused}.json"
            path.write_bytes(original)
            station = station_for(path, made.rules, 500)
            with monkeypatch.context() as patch:
                if not focused:  # the focused fold declines: the full fold plans
                    patch.setattr("judgetui.state.focus.fold_for", lambda *a, **_k: None)
                try:
                    said: Any = station.record(HEAD, request)
                except Exception as exc:  # the refusal is what is compared
                    said = (type(exc), str(exc))
            outcomes.append((said, path.read_bytes()))
        assert outcomes[0] == outcomes[1]


# -- malformed logs -----------------------------------------------------------------


def _mutations(entry: dict[str, Any], rng: random.Random, ids: list[str]) -> dict[str, Any]:
    """One entry broken (or, now and then, changed in a way that is still valid)."""
    broken = copy.deepcopy(entry)
    data = broken["data"]
    way = rng.randrange(12)
    if way == 0 and data:
        del data[rng.choice(list(data))]
    elif way == 1 and data:
        data[rng.choice(list(data))] = rng.choice([None, 7, "", "x", [], {}, True])
    elif way == 2:
        broken[rng.choice(["kind", "at", "judge", "data", "os_user"])] = rng.choice(
            [None, 3, "", "incident_recorded", "event_created", "nope"]
        )
    elif way == 3 and "records" in data and isinstance(data["records"], list):
        rec = rng.choice(data["records"])
        if rng.random() < 0.5:  # a key of the rules or the roster the event does not know
            key = rng.choice(["player", "warning", "sanction", "penalty", "minimum", "recommended"])
            rec[key] = rng.choice(["no_such_key", "match_loss", "notice", "P99"])
        else:
            key = rng.choice(list(rec))
            rec[key] = rng.choice([None, "", "P99", "notice", "no_penalty", 5, *ids[:2]])
    elif way == 4 and "record" in data:
        data["record"] = rng.choice([*ids, "missing-id", ""])
    elif way == 5 and "player" in data:
        data["player"] = rng.choice(["P99", "", *PLAYERS])
    elif way == 6 and "decision" in data:
        data["decision"] = rng.choice(["decision-1", "decision-99999", ""])
    elif way == 7 and "items" in data:
        data["items"] = rng.choice([[], ["ext:nope"], ids[:1], "x"])
    elif way == 8:
        broken["judge"] = rng.choice([FLOOR, HEAD, "Somebody", None])
    elif way == 9 and isinstance(data.get("replacement"), dict):
        key = rng.choice(["id", "warning", "sanction", "penalty", "minimum", "recommended"])
        data["replacement"][key] = rng.choice(["no_such_key", "match_loss", *ids[:1]])
    elif way == 9 and "replacement" in data:
        data["replacement"] = rng.choice([None, {}, {"id": ids[0] if ids else "x"}])
    elif way == 10 and "infraction" in data:
        data["infraction"] = rng.choice(["nope", "slow_play", 3])
    else:
        broken["extra"] = 1
    return broken


_REPLAYED = {
    "event_created",
    "incident_recorded",
    "record_reviewed",
    "record_voided",
    "decision_made",
    "decision_voided",
    "investigation_closed",
    "witness_noted",
}


def _mutated_log(
    entries: list[dict[str, Any]], rng: random.Random, ids: list[str]
) -> list[dict[str, Any]]:
    """The log with one entry broken, an entry replayed later or moved earlier, or a
    review and a void of one record put in (a void of a dismissed record is refused)."""
    way = rng.randrange(4)
    # Each kind alike (an upgrade as a kind of its own): the rare ones are broken as often.
    upgrades = [i for i, e in enumerate(entries) if e["data"].get("replacement")]
    kinds = sorted({e["kind"] for e in entries})
    kind = rng.choice([*kinds, "upgrade"])
    places = (
        upgrades if kind == "upgrade" else [i for i, e in enumerate(entries) if e["kind"] == kind]
    )
    at = rng.choice(places or [len(entries) - 1])
    if way == 0:
        return [*entries[:at], _mutations(entries[at], rng, ids), *entries[at + 1 :]]
    if way == 1:  # replayed later: ids used twice, voided twice, closed twice
        chosen = [i for i, e in enumerate(entries) if e["kind"] in _REPLAYED]
        if chosen:
            source = rng.choice(chosen)
            to = rng.randint(source + 1, len(entries))
            return [*entries[:to], copy.deepcopy(entries[source]), *entries[to:]]
    if way == 2 and at > 2:  # moved earlier: before what it refers to
        to = rng.randrange(2, at)
        return [*entries[:to], entries[at], *entries[to:at], *entries[at + 1 :]]
    decided = [i for i, e in enumerate(entries) if e["kind"] == "decision_made"]
    if way == 3 and decided and rng.random() < 0.5:
        where = rng.choice(decided)
        made = decision_id(entries[where]["seq"])
        before = [i for i in range(where) if entries[i]["kind"] == "incident_recorded"]
        if before and rng.random() < 0.5:  # a record put in that bears the decision's id
            added = copy.deepcopy(entries[rng.choice(before)])
            for n, rec in enumerate(added["data"]["records"]):
                rec["id"] = made if n == 0 else f"fresh-{n}"
            at = rng.randint(before[0] + 1, where)
            return [*entries[:at], added, *entries[at:]]
        base = {"at": "2026-11-28T15:00:00Z", "judge": HEAD, "os_user": "tester", "client": None}
        void = {**base, "kind": "decision_voided", "data": {"decision": made, "note": "error"}}
        to = rng.randint(where + 1, len(entries))
        return [*entries[:to], void, *([void] if rng.random() < 0.6 else []), *entries[to:]]
    created = [
        (i, r["id"])
        for i, e in enumerate(entries)
        if e["kind"] == "incident_recorded"
        for r in e["data"]["records"]
    ]
    if not created:
        return list(entries)
    where, record = rng.choice(created)
    to = rng.randint(where + 1, len(entries))
    base = {"at": "2026-11-28T15:00:00Z", "judge": HEAD, "os_user": "tester", "client": None}
    review = {
        **base,
        "kind": "record_reviewed",
        "data": {"record": record, "action": rng.choice(["confirm", "dismiss"]), "note": ""},
    }
    void = {**base, "kind": "record_voided", "data": {"record": record, "note": "in error"}}
    added = [review, void] if rng.random() < 0.7 else [void, void]
    return [*entries[:to], *added, *entries[to:]]


@pytest.mark.parametrize("seed", range(8))
def test_a_broken_entry_anywhere_is_refused_exactly_when_the_full_fold_refuses(
    tmp_path: Path, seed: int
) -> None:
    station = random_event(tmp_path / "event.json", seed, 45)
    entries = station.file.load().entries
    rules = station.rules
    ids = list(EventState.fold(rules, entries).records)
    rng = random.Random(seed)
    refused = 0
    for _ in range(200):
        changed = _mutated_log(entries, rng, ids)
        verdict = full_verdict(rules, changed)
        focused = fold_for(rules, changed, [rng.choice(PLAYERS)])
        if verdict is not None:
            refused += 1
            assert focused is None, verdict
        else:
            assert focused is not None
            full = EventState.fold(rules, changed)
            assert event_fields(focused) == event_fields(full)
    assert refused > 25  # the rest were changes the declarations allow


def test_the_service_refuses_a_malformed_file_in_the_full_folds_words(tmp_path: Path) -> None:
    import orjson

    from judgetui.store.chain import entry_hash

    station = random_event(tmp_path / "event.json", 3, 30)
    document = orjson.loads(station.file.path.read_bytes())
    log = document["log"]
    victim = next(e for e in log.values() if e["kind"] == "incident_recorded")
    victim["data"]["records"][0]["player"] = "P99"
    victim["hash"] = entry_hash(victim)  # a well-sealed lie: the fold must still refuse
    station.file.path.write_bytes(orjson.dumps(document))
    before = station.file.path.read_bytes()
    with pytest.raises(EventFileError) as focused:
        station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
    with pytest.raises(EventFileError) as full:
        station.load()
    assert str(focused.value) == str(full.value)
    assert "unknown player 'P99'" in str(full.value)
    assert station.file.path.read_bytes() == before


def test_a_rules_change_is_left_to_the_full_fold(tmp_path: Path) -> None:
    from judgetui.rules import rules_source, shipped_rules_text

    station = random_event(tmp_path / "event.json", 5, 20)
    changed = rules_source(shipped_rules_text() + "\n# edited\n")
    station.change_rules(HEAD, changed)
    entries = station.file.load().entries
    assert fold_for(station.rules, entries, ["P1"]) is None
    assert station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True)).records


def test_event_state_fields_are_all_considered() -> None:
    """A new field of EventState must be thought about here (exact, or per player)."""
    considered = set(EVENT_FIELDS) | {
        "rules",
        "players",
        "records",
        "decisions",
        "entered",
        "closed_investigations",
        "_points",
        "_kind_keys",
        "_sorted_ids",  # a cache of the ids a report shortens, built from the state's own
    }
    assert {f.name for f in fields(EventState)} <= considered


# -- review and void: the players of what the item may name --------------------------


def items(rng: random.Random, state: EventState) -> list[str]:
    """Whole ids, prefixes (ambiguous ones too), decision ids and ids the event lacks."""
    ids = [*state.records, *state.decisions]
    out = ["nope", "decision-99999", "00000000-0000"]
    for _ in range(10):
        if ids:
            chosen = rng.choice(ids)
            out += [chosen, chosen[: rng.choice([5, 6, 8, 30, len(chosen)])]]
    return out


def review_or_void(state: EventState, rules: Rules, item: str, act: int) -> Any:
    planner = Planner(rules, Caller("tester", None), ticking_clock(), counting_ids(88))
    try:
        if act == 0:
            return planner.plan_void(state, HEAD, item, "in error")
        action = ["confirm", "dismiss", "upgrade", "upgrade"][act - 1]
        penalty = {3: "game_loss", 4: "double_warning"}.get(act)
        entries, _record = planner.plan_review(state, HEAD, item, action, penalty, "ok")
    except Exception as exc:  # the refusal is what is compared
        return type(exc), str(exc)
    return entries


@pytest.mark.parametrize("seed", range(8))
def test_every_review_and_void_plans_the_same_on_the_owners_focused_state(
    tmp_path: Path, seed: int
) -> None:
    from judgetui.state.focus import owners

    station = random_event(tmp_path / "event.json", seed, 50)
    entries = station.file.load().entries
    rules = station.rules
    full = EventState.fold(rules, entries)
    for item in items(random.Random(seed), full):
        focused = fold_for(rules, entries, owners(entries, item))
        assert focused is not None
        assert focused.find(item) == full.find(item)
        for act in range(5):
            assert review_or_void(focused, rules, item, act) == review_or_void(
                full, rules, item, act
            )


@pytest.mark.parametrize("seed", range(4))
def test_review_and_void_write_the_same_bytes_focused_or_not(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = random_event(tmp_path / "event.json", seed, 40)
    original = made.file.path.read_bytes()
    rng = random.Random(seed)
    for n, item in enumerate(items(rng, made.load())[:10]):
        act = rng.randrange(3)
        outcomes = []
        for focused in (True, False):
            path = tmp_path / f"copy-{n}-{focused}.json"
            path.write_bytes(original)
            station = station_for(path, made.rules, 600)
            with monkeypatch.context() as patch:
                if not focused:
                    patch.setattr("judgetui.state.focus.fold_for", lambda *a, **_k: None)
                try:
                    if act == 0:
                        said: Any = station.void(HEAD, item, "in error")
                    else:
                        said = station.review(HEAD, item, ["confirm", "dismiss"][act - 1])
                except Exception as exc:  # the refusal is what is compared
                    said = (type(exc), str(exc))
            outcomes.append((said, path.read_bytes()))
        assert outcomes[0] == outcomes[1]
