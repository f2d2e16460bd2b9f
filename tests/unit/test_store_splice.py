"""A write costs what changed: `EventFile.append` splices the new entries into the bytes.

The spliced file must be byte-identical to the store's full dump of the whole document
after any sequence of records, reviews and voids; a writer that holds the file's bytes
(a station's `LogReader`) writes from them only while the file is exactly those bytes,
and takes the full path when anything changed underneath (another writer, a hand edit,
TinyDB's rewrite, a truncation). Several processes writing at once lose nothing.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState
from judgetui.store import EventFile, entry_hash
from judgetui.store import file as store_file
from judgetui.store.follow import LogReader
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.event import writer_on as station_on

pytestmark = pytest.mark.unit

ROOT = Path(__file__).resolve().parents[2]
HELD_WRITER = ROOT / "tests" / "helpers" / "held_writer.py"
PLAYERS = [f"P{i}" for i in range(1, 7)]
INFRACTIONS = ["slow_play", "tardiness", "game_rules_violation", "drawing_extra_cards"]


def new_event(path: Path, rules: Rules) -> None:
    station = station_on(path, rules, 9)
    station.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    station.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])


def full_dump(path: Path) -> bytes:
    """What the store's full path writes for the document now in the file."""
    return orjson.dumps(orjson.loads(path.read_bytes()))


@contextlib.contextmanager
def splicing_off() -> Any:
    """The store as it was before: every append dumps the whole document."""
    with mock.patch.object(store_file, "_splice", lambda *_args: None):
        yield


def act(station: Station, state: EventState, step: tuple[str, int, int]) -> None:
    """One judge's act; a refusal (the rules say no) writes nothing and is fine."""
    kind, who, pick = step
    judge = HEAD if who else FLOOR
    records = sorted(state.records)
    with contextlib.suppress(Exception):
        if kind == "record" or not records:
            player = PLAYERS[pick % len(PLAYERS)]
            infraction = INFRACTIONS[pick % len(INFRACTIONS)]
            station.record(judge, RecordRequest([player], infraction, False, True, note="n"))
        elif kind == "review":
            station.review(HEAD, records[pick % len(records)], "dismiss", note="seen")
        else:
            station.void(HEAD, records[pick % len(records)], "made in error")


STEP = st.tuples(
    st.sampled_from(["record", "record", "review", "void"]),
    st.integers(0, 1),
    st.integers(0, 50),
)


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(STEP, min_size=1, max_size=10), st.booleans())
def test_the_spliced_write_is_byte_identical_to_the_full_write(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[str, int, int]], held: bool
) -> None:
    rules = load_rules()
    folder = tmp_path_factory.mktemp("splice")
    spliced, full = folder / "spliced.json", folder / "full.json"
    new_event(spliced, rules)
    shutil.copyfile(spliced, full)
    ours, theirs = station_on(spliced, rules), station_on(full, rules)
    reader = LogReader(ours.file)
    if held:  # as a station writes: from what its reader holds, verified at start-up
        reader.load()
        reader.verify()
        ours.holder = reader
    for step in steps:
        act(ours, ours.load(), step)
        with splicing_off():
            act(theirs, theirs.load(), step)
        assert spliced.read_bytes() == full.read_bytes()
        assert spliced.read_bytes() == full_dump(spliced)
        if ours.file.last_write is not None:
            assert ours.file.last_write == ("held" if held else "spliced")
        if held:
            read = reader.read()  # its own write, handed over without reading the file
            if read is not None:
                assert read.incremental
                assert read.entries == EventFile(spliced).load().entries
    assert theirs.file.last_write in (None, "full")
    assert EventFile(spliced).verify() == EventFile(full).verify()
    assert EventFile(spliced).verify().ok
    if held:
        assert reader.full_reads == 1
        assert reader.verify() == EventFile(spliced).verify()


# --------------------------------------------------------------------------- the holder


class CountingReader(LogReader):
    """A `LogReader` that counts how often a write handed it the bytes it wrote."""

    def __init__(self, file: EventFile) -> None:
        super().__init__(file)
        self.handed: list[int] = []

    def wrote(self, pieces: tuple[bytes | memoryview, ...], stamp: store_file.FileStamp) -> None:
        self.handed.append(sum(len(piece) for piece in pieces))
        super().wrote(pieces, stamp)


@pytest.fixture
def held(tmp_path: Path) -> tuple[Path, Station, CountingReader, Rules]:
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    station = station_on(path, rules)
    reader = CountingReader(station.file)
    reader.load()
    station.holder = reader
    return path, station, reader, rules


def record(station: Station, player: str = "P1") -> None:
    station.record(HEAD, RecordRequest([player], "slow_play", False, True))


def test_a_write_from_the_held_bytes_parses_nothing_and_reads_nothing_back(
    held: tuple[Path, Station, CountingReader, Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, station, reader, _rules = held
    parsed: list[int] = []
    real_parse = store_file._parse
    monkeypatch.setattr(store_file, "_parse", lambda p, raw: parsed.append(1) or real_parse(p, raw))
    state = station.fold(reader.snapshot)  # type: ignore[arg-type]
    station.held = lambda: (reader.snapshot.stamp if reader.snapshot else None, state)
    record(station)
    assert station.file.last_write == "held"
    assert parsed == []  # neither the write nor the reader parsed the whole file
    assert reader.handed == [path.stat().st_size]
    read = reader.read()
    assert read is not None and read.incremental and read.new == 1
    assert read.stamp == EventFile(path).stamp()
    assert reader.read() is None  # handed out once
    assert reader.full_reads == 1
    assert path.read_bytes() == full_dump(path)


def test_another_writer_in_between_takes_the_parsed_path(
    held: tuple[Path, Station, CountingReader, Rules],
) -> None:
    path, station, reader, rules = held
    record(station_on(path, rules, 3), "P2")  # another station's write: not what is held
    record(station, "P3")
    assert station.file.last_write == "spliced"  # parsed again, then spliced
    assert path.read_bytes() == full_dump(path)
    read = reader.read()
    assert read is not None and read.entries == EventFile(path).load().entries
    assert [e["data"].get("records", [{}])[0].get("player") for e in read.entries[-2:]] == [
        "P2",
        "P3",
    ]
    assert reader.verify() == EventFile(path).verify() and reader.verify().ok


def test_a_hand_edit_of_the_same_size_and_stamp_is_not_taken_for_the_held_bytes(
    held: tuple[Path, Station, CountingReader, Rules],
) -> None:
    """A judge can write the file and set its mtime back: the bytes decide, not the stamp."""
    import os

    path, station, reader, _rules = held
    before = path.stat()
    raw = path.read_bytes()
    at = raw.index(b'"Player P1"')
    with open(path, "r+b") as handle:  # in place: same inode, same size
        handle.seek(at)
        handle.write(b'"Player Q1"')
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    now, then = EventFile(path).stamp(), reader.snapshot.stamp  # type: ignore[union-attr]
    assert now is not None and (now.inode, now.mtime_ns, now.size) == (
        then.inode,
        then.mtime_ns,
        then.size,
    )
    assert now.ctime_ns != then.ctime_ns  # what no user can set back
    record(station, "P4")
    assert station.file.last_read  # the stamp differs: read and compared
    assert station.file.last_write == "spliced"
    assert b'"Player Q1"' in path.read_bytes()  # the edit is kept, as the full path keeps it
    assert path.read_bytes() == full_dump(path)
    read = reader.read()
    assert read is not None and read.entries == EventFile(path).load().entries


def test_a_tinydb_rewrite_takes_the_full_path(
    held: tuple[Path, Station, CountingReader, Rules],
) -> None:
    from tinydb import TinyDB

    path, station, reader, _rules = held
    db = TinyDB(path)
    db.table("log").update({"judge": "Someone Else"}, doc_ids=[2])
    db.close()
    record(station, "P5")
    assert station.file.last_write == "full"  # TinyDB's spacing: the whole document dumped
    assert path.read_bytes() == full_dump(path)
    read = reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(path).load().entries
    assert not reader.verify().ok  # the edited entry 2


def test_stock_json_formatting_is_dumped_whole_not_spliced(tmp_path: Path) -> None:
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    path.write_text(json.dumps(json.loads(path.read_bytes())), encoding="utf-8")
    station = station_on(path, rules)
    record(station)
    assert station.file.last_write == "full"
    assert path.read_bytes() == full_dump(path)
    record(station, "P2")
    assert station.file.last_write == "spliced"  # compact again after the full write


def test_a_truncated_log_takes_the_full_path(
    held: tuple[Path, Station, CountingReader, Rules],
) -> None:
    path, station, reader, _rules = held
    record(station, "P1")
    record(station, "P2")
    assert reader.read() is not None and reader.snapshot is not None
    document = orjson.loads(path.read_bytes())
    del document["log"][str(len(document["log"]))]
    path.write_bytes(orjson.dumps(document))
    count = len(document["log"])
    record(station, "P3")
    assert station.file.last_write == "spliced"  # parsed again (not the held bytes)
    entries = EventFile(path).load().entries
    assert len(entries) == count + 1 and entries[-1]["seq"] == count + 1
    read = reader.read()
    assert read is not None and not read.incremental and read.entries == entries
    assert reader.verify() == EventFile(path).verify()


def test_a_log_that_is_not_the_last_table_is_dumped_whole(tmp_path: Path) -> None:
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    document = orjson.loads(path.read_bytes())
    reordered = {"log": document["log"], "meta": document["meta"]}
    path.write_bytes(orjson.dumps(reordered))
    station = station_on(path, rules)
    record(station)
    assert station.file.last_write == "full"
    assert path.read_bytes() == full_dump(path)


def test_a_key_the_log_already_has_is_never_spliced_twice(tmp_path: Path) -> None:
    """A log whose last key is out of order: the new seq's key exists; the full path
    overwrites it in place as it always did, a splice would have left two."""
    rules = load_rules()
    path = tmp_path / "event.json"
    new_event(path, rules)
    document = orjson.loads(path.read_bytes())
    log = document["log"]
    n = len(log)
    last = log.pop(str(n))
    extra = dict(last, seq=n + 1, prev=last["hash"])
    extra["hash"] = entry_hash(extra)
    # keys ... n-1, n+1, n: the entries still run 1..n+1 by seq
    log[str(n + 1)] = extra
    log[str(n)] = last
    path.write_bytes(orjson.dumps(document))
    file = EventFile(path)
    file.append(lambda _snapshot: [{"kind": "note", "data": {}}])
    assert file.last_write in ("spliced", "full")
    assert path.read_bytes().count(b'"%d":' % (n + 2)) == 1
    assert path.read_bytes() == full_dump(path)
    assert [e["seq"] for e in file.load().entries] == list(range(1, n + 3))


# --------------------------------------------------------------------------- processes


def _spawn(path: Path, name: str, count: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, str(HELD_WRITER), str(path), name, str(count)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )


@pytest.mark.slow
def test_several_holding_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    EventFile(path).create([{"kind": "event_created", "data": {}}])
    writers, count = 4, 60
    procs = [_spawn(path, f"w{i}", count) for i in range(writers)]
    acked: dict[int, str] = {}
    ways: set[str] = set()
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
        lines = [line.split() for line in out.decode().splitlines() if line != "ready"]
        assert len(lines) == count
        for seq, digest, way in lines:
            acked[int(seq)] = digest
            ways.add(way)
    file = EventFile(path)
    entries = file.load().entries
    total = 1 + writers * count
    assert [e["seq"] for e in entries] == list(range(1, total + 1))
    assert all(entries[seq - 1]["hash"] == digest for seq, digest in acked.items())
    written = sorted((e["data"]["writer"], e["data"]["n"]) for e in entries[1:])
    assert written == sorted((f"w{w}", n) for w in range(writers) for n in range(count))
    assert file.verify().ok
    assert path.read_bytes() == full_dump(path)
    assert ways <= {"held", "spliced"}  # never the whole dump: every file was the store's
