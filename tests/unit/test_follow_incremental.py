"""The follower's incremental read gives exactly what the full path gives.

After any sequence of writes by several writers (each its own `EventFile`, as
separate processes are; one test uses real processes), `LogReader.read` must give the
same entries and the same `VerifyResult` as `EventFile.load` + `EventFile.verify`, and
a state extended with only the new entries must equal a full fold. When the known
prefix changed (edited, truncated, re-chained, rewritten by TinyDB) it must take the
full path and report what the full path reports.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import fields

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState
from judgetui.store import EventFile, EventFileError, entry_hash
from judgetui.store.follow import LogReader
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock
from tests.helpers.event import writer_on as writer

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [f"P{i}" for i in range(1, 7)]
INFRACTIONS = ["slow_play", "tardiness", "game_rules_violation", "drawing_extra_cards"]


def new_event(path: Path, rules: Rules) -> None:
    station = Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(9),
    )
    station.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    station.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])


def state_fields(state: EventState) -> dict[str, Any]:
    """Everything a fold builds, comparable (the rules by their text's hash)."""
    out = {}
    for f in fields(state):
        if f.name == "_points":  # a memo, filled as points are asked for
            continue
        value = getattr(state, f.name)
        if f.name == "rules":
            value = state.rules_source().sha256
        out[f.name] = value
    return out


def assert_same_as_full(path: Path, reader: LogReader, base: EventState, rules: Rules) -> None:
    read = reader.read()
    full = EventFile(path)
    snapshot = full.load()
    if read is not None:
        assert read.entries == snapshot.entries
        assert read.snapshot.meta == snapshot.meta
        assert read.stamp == snapshot.stamp
    assert reader.verify() == full.verify()
    base.extend(snapshot.entries)
    assert state_fields(base) == state_fields(EventState.fold(rules, snapshot.entries))


WRITE = st.tuples(
    st.integers(0, 2),  # which writer
    st.sampled_from(PLAYERS),
    st.sampled_from(INFRACTIONS),
    st.booleans(),  # read between this write and the next?
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(WRITE, min_size=1, max_size=12))
def test_incremental_reads_equal_the_full_path(
    tmp_path_factory: pytest.TempPathFactory, writes: list[tuple[int, str, str, bool]]
) -> None:
    rules = load_rules()
    path = tmp_path_factory.mktemp("inc") / "event.json"
    new_event(path, rules)
    writers = [writer(path, rules, n) for n in range(3)]
    reader = LogReader(EventFile(path))
    state = EventState.fold(rules, reader.load().entries)
    assert reader.verify().ok
    for who, player, infraction, read_now in writes:
        judge = HEAD if who != 1 else FLOOR
        request = RecordRequest([player], infraction, False, True, minutes_late=2)
        # A refusal (e.g. a player out of the event) writes nothing: read all the same.
        with contextlib.suppress(Exception):
            writers[who].record(judge, request)
        if read_now:
            assert_same_as_full(path, reader, state, rules)
    assert_same_as_full(path, reader, state, rules)
    assert reader.full_reads == 1  # only the first read was the whole file


@pytest.fixture
def followed(tmp_path: Path) -> tuple[Path, LogReader, Rules]:
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    station = writer(path, rules, 0)
    for player in PLAYERS[:3]:
        station.record(HEAD, RecordRequest([player], "slow_play", False, True))
    reader = LogReader(EventFile(path))
    reader.load()
    assert reader.verify().ok
    return path, reader, rules


def rewrite(path: Path, change: Any) -> None:
    document = orjson.loads(path.read_bytes())
    change(document["log"])
    path.write_bytes(orjson.dumps(document))


def test_an_edited_prefix_takes_the_full_path_and_the_verdict_is_broken(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed

    def edit(log: dict[str, Any]) -> None:
        log["3"]["data"]["note"] = "edited by hand"

    rewrite(path, edit)
    read = reader.read()
    assert read is not None and not read.incremental
    assert reader.verify() == EventFile(path).verify()
    assert not reader.verify().ok and reader.verify().first_bad_seq == 3


def test_an_edit_and_an_append_together_are_not_taken_as_an_append(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, rules = followed
    raw = path.read_bytes()
    # Same length, one byte changed early in the file, then a real append on top.
    at = raw.index(b'"Player P1"')
    path.write_bytes(raw[:at] + b'"Player Q1"' + raw[at + len(b'"Player P1"') :])
    writer(path, rules, 5).record(HEAD, RecordRequest(["P4"], "slow_play", False, True))
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify()
    assert not reader.verify().ok


def test_a_truncated_log_takes_the_full_path(followed: tuple[Path, LogReader, Rules]) -> None:
    path, reader, _rules = followed

    def cut(log: dict[str, Any]) -> None:
        del log[str(len(log))]

    rewrite(path, cut)
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify()


def test_a_rechained_log_takes_the_full_path(followed: tuple[Path, LogReader, Rules]) -> None:
    path, reader, _rules = followed

    def rechain(log: dict[str, Any]) -> None:
        log["3"]["data"]["note"] = "rewritten history"
        prev = log["2"]["hash"]
        for n in range(3, len(log) + 1):
            entry = log[str(n)]
            entry["prev"] = prev
            entry["hash"] = prev = entry_hash(entry)

    rewrite(path, rechain)
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify()
    assert reader.verify().ok  # consistent again: the session's log_lost says it instead


def test_a_file_rewritten_by_tinydb_takes_the_full_path(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    from tinydb import TinyDB

    path, reader, _rules = followed
    db = TinyDB(path)
    db.table("log").update({"judge": "Someone Else"}, doc_ids=[2])
    db.close()
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify()
    assert not reader.verify().ok


def test_after_tinydb_formatting_an_append_is_still_read_exactly(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, rules = followed
    document = json.loads(path.read_bytes())
    path.write_text(json.dumps(document), encoding="utf-8")  # stock TinyDB's spacing
    assert reader.read() is not None
    writer(path, rules, 7).record(HEAD, RecordRequest(["P5"], "slow_play", False, True))
    read = reader.read()
    assert read is not None
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify() and reader.verify().ok


def test_a_duplicate_key_in_an_append_is_not_taken_as_new(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed
    raw = path.read_bytes()
    document = orjson.loads(raw)
    log = document["log"]
    forged = dict(log["2"], judge="Forger")
    # The bytes of an append, but its member re-uses key "2": JSON keeps the last one.
    path.write_bytes(raw[:-2] + b',"2":' + orjson.dumps(forged) + b"}}")
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert reader.verify() == EventFile(path).verify()


def test_an_appended_entry_with_a_bad_hash_gives_the_full_verdict(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed
    raw = path.read_bytes()
    log = orjson.loads(raw)["log"]
    n = len(log) + 1
    bad = dict(log[str(n - 1)], seq=n, prev=log[str(n - 1)]["hash"], hash="0" * 64)
    path.write_bytes(raw[:-2] + f',"{n}":'.encode() + orjson.dumps(bad) + b"}}")
    reader.read()
    assert reader.verify() == EventFile(path).verify()
    assert reader.verify().first_bad_seq == n


def test_an_appended_entry_with_a_wrong_seq_raises_as_load_does(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed
    raw = path.read_bytes()
    log = orjson.loads(raw)["log"]
    n = len(log) + 1
    bad = dict(log[str(n - 1)], seq=n + 5)
    path.write_bytes(raw[:-2] + f',"{n}":'.encode() + orjson.dumps(bad) + b"}}")
    with pytest.raises(EventFileError) as incremental:
        reader.read()
    with pytest.raises(EventFileError) as full:
        EventFile(path).load()
    assert str(incremental.value) == str(full.value)


def test_writes_from_other_processes_are_read_incrementally(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed
    for name in ("a", "b"):
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "tests" / "helpers" / "store_writer.py"),
                str(path),
                name,
                "3",
            ],
            check=True,
            capture_output=True,
            cwd=ROOT,
        )
        read = reader.read()
        assert read is not None and read.incremental and read.new == 3
        assert read.entries == EventFile(path).load().entries
        assert reader.verify() == EventFile(path).verify()
    assert reader.full_reads == 1


def test_an_appended_member_with_a_non_canonical_key_raises_as_load_does(
    followed: tuple[Path, LogReader, Rules],
) -> None:
    path, reader, _rules = followed
    raw = path.read_bytes()
    log = orjson.loads(raw)["log"]
    n = len(log) + 1
    entry = dict(log[str(n - 1)], seq=n, prev=log[str(n - 1)]["hash"])
    entry["hash"] = entry_hash(entry)
    path.write_bytes(raw[:-2] + f',"0{n}":'.encode() + orjson.dumps(entry) + b"}}")
    with pytest.raises(EventFileError) as incremental:
        reader.read()
    with pytest.raises(EventFileError) as full:
        EventFile(path).load()
    assert str(incremental.value) == str(full.value)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(where=st.floats(0, 1, exclude_max=True), chunk=st.integers(1, 4096), own=st.booleans())
def test_a_changed_byte_anywhere_in_the_held_bytes_is_never_taken_as_an_append(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    where: float,
    chunk: int,
    own: bool,
) -> None:
    """The follower compares the file with what it holds a chunk at a time (`_CHUNK`
    bytes, here small: many chunks), over both pieces it may hold (the bytes read, and
    what its own station appended since: ``own``). One byte changed at any place of
    them, and another writer's append, is never read as an append."""
    from judgetui.store import follow

    monkeypatch.setattr(follow, "_CHUNK", chunk)
    rules = load_rules()
    path = tmp_path_factory.mktemp("chunked") / "event.json"
    new_event(path, rules)
    reader = LogReader(EventFile(path))
    reader.load()
    assert reader.verify().ok
    if own:  # the station's own write: held as a second piece
        station = writer(path, rules, 0)
        station.holder = reader
        station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
        assert reader.read() is not None
        assert reader._known is not None and reader._known.body is not None
        assert len(reader._known.body) == 2
    held = path.read_bytes()
    writer(path, rules, 1).record(HEAD, RecordRequest(["P2"], "tardiness", False, True))
    grown = bytearray(path.read_bytes())
    at = int(where * (len(held) - 2))  # the held bytes but their closing braces
    grown[at] = ord("A") if grown[at] != ord("A") else ord("B")
    path.write_bytes(bytes(grown))
    try:
        read = reader.read()
    except EventFileError:
        return  # no longer JSON, or no event file: refused as a load refuses it
    assert read is not None and not read.incremental
    assert reader.verify() == EventFile(path).verify()
