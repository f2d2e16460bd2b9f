"""A station's memory: the reader lets the parsed log go, the state keeps none of it.

Once the chain's verdict is known, `LogReader` keeps only the last entries parsed (its
`_Log`); every other entry is parsed again from the held bytes when asked for, equal to
what was read. The fold keeps its own copies of what it takes from an entry
(`judgetui.state.kept`), so that the parse, let go, can go back to the system: a test
walks the folded state and finds no string or number object of the parsed file in it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest

from judgetui.demo import write_demo
from judgetui.rules import Rules, load_rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState
from judgetui.store import EventFile
from judgetui.store import follow as store_follow
from judgetui.store.follow import LogReader
from tests.helpers.event import HEAD
from tests.helpers.event import writer_on as writer

pytestmark = pytest.mark.unit


@pytest.fixture
def rules() -> Rules:
    return load_rules()


@pytest.fixture
def demo(tmp_path: Path, rules: Rules) -> Path:
    path = tmp_path / "event.json"
    write_demo(str(path), rules, players=40, records=90, seed=7)
    return path


def some_player(path: Path) -> str:
    state = writer(path, load_rules(), 0).load()
    return next(p.id for p in state.players.values() if p.status == "active")


def record(station: Station, player: str) -> None:
    station.record(HEAD, RecordRequest([player], "slow_play", False, True))


def test_after_the_verdict_the_reader_keeps_the_last_entries_only(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_follow, "KEPT", 16)
    reader = LogReader(EventFile(demo))
    loaded = reader.load()
    assert isinstance(loaded.entries, list)  # until the verdict: the parse, whole
    assert reader.verify().ok
    held = reader.snapshot
    assert held is not None and isinstance(held.entries, store_follow._Log)
    full = EventFile(demo).load().entries
    log = held.entries
    assert len(log) == len(full) > 16
    assert log == full and full == log  # compared whole, parsed again from the bytes
    assert list(log) == full
    assert log[-1] is loaded.entries[-1]  # the last ones: the very dicts read
    assert log[len(full) - 16 :] == full[-16:] and log[-3:] == full[-3:]
    assert log[0] == full[0] and log[3:9] == full[3:9] and log[::7] == full[::7]
    assert log[-len(full)] == full[0]
    with pytest.raises(IndexError):
        log[len(full)]
    with pytest.raises(IndexError):
        log[-len(full) - 1]


def test_appends_after_the_release_read_as_the_full_path_does(
    demo: Path, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_follow, "KEPT", 4)
    ours = writer(demo, rules, 3)
    reader = LogReader(ours.file)
    reader.load()
    reader.verify()
    ours.holder = reader
    player = some_player(demo)
    for n in range(6):
        record(ours if n % 2 else writer(demo, rules, 10 + n), player)
        read = reader.read()
        assert read is not None and read.incremental and read.new == 1
        assert isinstance(read.entries, store_follow._Log)
        full = EventFile(demo).load().entries
        assert read.entries == full and read.entries[-1] == full[-1]
        assert read.verdict == EventFile(demo).verify()
    assert reader.full_reads == 1
    # The service's fold of the held version (when its state is not that version's).
    assert ours.fold(reader.snapshot) == ours.load()  # type: ignore[arg-type]


def test_a_file_not_laid_out_as_the_store_writes_it_keeps_its_parse(demo: Path) -> None:
    document = orjson.loads(demo.read_bytes())
    demo.write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2))
    reader = LogReader(EventFile(demo))
    reader.load()
    assert reader.verify().ok
    held = reader.snapshot
    assert held is not None and isinstance(held.entries, list)  # no bytes to read back


def test_a_full_read_with_its_verdict_lets_the_parse_go_but_hands_it_out(
    demo: Path, rules: Rules
) -> None:
    reader = LogReader(EventFile(demo))
    reader.load()
    document = orjson.loads(demo.read_bytes())
    document["log"]["2"]["judge"] = "Someone Else"  # not an append: the full path
    demo.write_bytes(orjson.dumps(document))
    read = reader.read()
    assert read is not None and not read.incremental
    assert isinstance(read.entries, list)  # the caller folds it whole
    assert read.entries == EventFile(demo).load().entries
    assert isinstance(reader.snapshot.entries, store_follow._Log)  # type: ignore[union-attr]
    assert read.verdict == EventFile(demo).verify() and not read.verdict.ok


# ------------------------------------------------------------------------ the fold


def _parsed_objects(value: Any, found: dict[int, object]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            found[id(key)] = key
            _parsed_objects(item, found)
    elif isinstance(value, list):
        for item in value:
            _parsed_objects(item, found)
    elif isinstance(value, str | int) and not isinstance(value, bool):
        found[id(value)] = value


def _state_objects(value: Any, seen: set[int]) -> Iterator[object]:
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, str | int) and not isinstance(value, bool):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _state_objects(key, seen)
            yield from _state_objects(item, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _state_objects(item, seen)
    elif isinstance(value, msgspec.Struct):
        for field in msgspec.structs.fields(value):
            yield from _state_objects(getattr(value, field.name), seen)


def test_the_folded_state_keeps_no_string_or_number_of_the_parse(demo: Path, rules: Rules) -> None:
    station = writer(demo, rules, 5)
    record(station, some_player(demo))
    state = station.load()
    records = sorted(r.id for r in state.records.values() if r.status == "issued")
    station.void(HEAD, records[0], "made in error")
    decisions = sorted(state.decisions)
    station.void(HEAD, decisions[0], "wrong player")
    document = orjson.loads(demo.read_bytes())
    parsed: dict[int, object] = {}
    _parsed_objects(document, parsed)
    state = EventState.fold(rules, document["log"].values())
    assert state.records and any(r.voided_by for r in state.records.values())
    kinds = {entry["kind"] for entry in document["log"].values()}
    assert {"incident_recorded", "record_reviewed", "record_voided", "decision_voided"} <= kinds
    assert "decision_made" in kinds and "players_imported" in kinds
    kept = [
        obj
        for obj in _state_objects(
            (state.judges, state.players, state.records, state.decisions), set()
        )
        if id(obj) in parsed and parsed[id(obj)] is obj
    ]
    # What the interpreter shares anyway (small numbers, the empty string,
    # the event_created entry's judges, names and roles) is no arena of its own.
    judges = set(state.judges) | {judge.role for judge in state.judges.values()}
    shared = [
        obj
        for obj in kept
        if not (
            (isinstance(obj, int) and -5 <= obj <= 256)
            or (isinstance(obj, str) and (not obj or obj in judges))
        )
    ]
    assert shared == []


def test_a_parse_only_the_reader_holds_is_freed_and_one_handed_out_is_left_alone() -> None:
    entries = [{"seq": n} for n in range(20_000)]
    log = {str(n): entry for n, entry in enumerate(entries)}
    store_follow._let_go(entries, log)
    assert entries == [] and log == {}  # nobody else held them: freed, a slice at a time

    entries = [{"seq": n} for n in range(10)]
    log = {str(n): entry for n, entry in enumerate(entries)}
    handed_out = entries  # e.g. a Read's snapshot
    store_follow._let_go(entries, log)
    assert handed_out == [{"seq": n} for n in range(10)] and len(log) == 10
    table = dict(log)
    also = table
    store_follow._let_go(list(entries), table)
    assert also == log  # a table someone holds: untouched too
