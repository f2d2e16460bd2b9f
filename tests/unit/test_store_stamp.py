"""A station's own write decides from the file's stamp that it is the version held.

Under the lock, `EventFile.append` takes the file for the holder's version without
reading it only when the inode, size, mtime and ctime are the ones held and the last
bytes are the held ones (`Held.is_file`). Whatever else happened to the file takes the
path that reads it: compared byte for byte with what is held (equal: still no parse),
else parsed as it is now. Each way out of the stamp check is here: edited in place
keeping the size (the mtime set back), only touched, only its ctime moved, truncated,
appended to with ``>>``, rewritten in place by TinyDB, and replaced by another writer.
A refused write leaves the file byte for byte as it was.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import Station
from judgetui.store import EventFile, EventFileError, StoreWriteError
from judgetui.store import atomic as store_atomic
from judgetui.store import file as store_file
from judgetui.store.file import FileStamp
from judgetui.store.follow import Held, LogReader
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.event import writer_on as station_on
from tests.helpers.stamp_event import PLAYERS, full_dump, record

pytestmark = pytest.mark.unit


class Setup:
    def __init__(self, path: Path, station: Station, reader: LogReader, rules: Rules) -> None:
        self.path, self.station, self.reader, self.rules = path, station, reader, rules
        self.reads: list[int] = []

    @property
    def file(self) -> EventFile:
        return self.station.file


@pytest.fixture
def held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Setup]:
    rules = load_rules()
    path = tmp_path / "event.json"
    first = station_on(path, rules, 9)
    first.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    first.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])
    station = station_on(path, rules)
    reader = LogReader(station.file)
    reader.load()
    station.holder = reader
    setup = Setup(path, station, reader, rules)
    real_read = store_file._read_fd

    def counted(p: Path, fd: int) -> bytes:
        setup.reads.append(fd)
        return real_read(p, fd)

    monkeypatch.setattr(store_file, "_read_fd", counted)
    yield setup


def test_writes_one_after_another_from_the_held_version_read_nothing(held: Setup) -> None:
    for player in ("P1", "P2", "P3", "P1"):
        record(held.station, player)
        assert held.file.last_write == "held"
        assert held.file.last_read is False
    assert held.reads == []  # the first write too: the reader's stamp was the file's
    assert held.path.read_bytes() == full_dump(held.path)
    read = held.reader.read()
    assert read is not None and read.incremental and read.new == 4
    assert read.entries == EventFile(held.path).load().entries
    assert read.stamp == EventFile(held.path).stamp()
    assert held.reader.verify() == EventFile(held.path).verify() and read.verdict is None
    assert held.reader.full_reads == 1


def test_the_held_body_stays_two_pieces_however_many_writes(held: Setup) -> None:
    for n in range(6):
        record(held.station, PLAYERS[n % len(PLAYERS)])
    found = held.reader.held()
    assert found is not None and len(found.body) == 2
    assert found.same_bytes(held.path.read_bytes())


def _edit_in_place_keeping_size(path: Path) -> None:
    before = path.stat()
    raw = path.read_bytes()
    at = raw.index(b'"Player P1"')
    with open(path, "r+b") as handle:  # same inode, same size
        handle.seek(at)
        handle.write(b'"Player Q1"')
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # the mtime set back


def test_an_edit_in_place_keeping_size_and_mtime_is_read_and_kept(held: Setup) -> None:
    record(held.station, "P2")  # the held version is now this station's own write
    _edit_in_place_keeping_size(held.path)
    record(held.station, "P3")
    assert held.file.last_read is True and len(held.reads) == 1
    assert held.file.last_write == "spliced"  # parsed as it is now, as the full path does
    assert b'"Player Q1"' in held.path.read_bytes()
    assert held.path.read_bytes() == full_dump(held.path)
    read = held.reader.read()
    assert read is not None and not read.incremental
    assert read.entries == EventFile(held.path).load().entries
    assert not held.reader.verify().ok  # the edited entry shows


def test_a_touched_file_is_read_and_found_unchanged(held: Setup) -> None:
    st = held.path.stat()
    os.utime(held.path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    record(held.station, "P2")
    assert held.file.last_read is True
    assert held.file.last_write == "held"  # the same bytes: not parsed
    record(held.station, "P3")
    assert held.file.last_read is False  # its own write's stamp, from then on
    assert held.path.read_bytes() == full_dump(held.path)


def test_a_moved_ctime_alone_is_read(held: Setup) -> None:
    mode = held.path.stat().st_mode
    os.chmod(held.path, mode)  # the same mode: only the ctime moves
    assert EventFile(held.path).stamp() != held.reader.snapshot.stamp  # type: ignore[union-attr]
    record(held.station, "P2")
    assert held.file.last_read is True and held.file.last_write == "held"


def test_a_file_truncated_in_place_refuses_the_write_and_stays_as_it_is(held: Setup) -> None:
    record(held.station, "P2")
    inode = held.path.stat().st_ino
    os.truncate(held.path, held.path.stat().st_size - 10)
    before = held.path.read_bytes()
    with pytest.raises(EventFileError, match="truncated"):
        record(held.station, "P3")
    assert held.file.last_read is True
    assert held.path.read_bytes() == before
    assert held.path.stat().st_ino == inode


def test_bytes_appended_with_shell_redirection_refuse_the_write(held: Setup) -> None:
    with open(held.path, "ab") as handle:  # `>> event.json`
        handle.write(b"\n")
    record(held.station, "P2")  # trailing whitespace is still the same JSON document
    assert held.file.last_read is True and held.file.last_write == "full"
    with open(held.path, "ab") as handle:
        handle.write(b'{"x": 1}')
    before = held.path.read_bytes()
    with pytest.raises(EventFileError):
        record(held.station, "P3")
    assert held.path.read_bytes() == before


def test_a_tinydb_rewrite_in_place_is_read_and_dumped_whole(held: Setup) -> None:
    from tinydb import TinyDB

    record(held.station, "P2")
    inode = held.path.stat().st_ino
    db = TinyDB(held.path)
    db.table("log").update({"judge": "Someone Else"}, doc_ids=[2])
    db.close()
    assert held.path.stat().st_ino == inode  # TinyDB writes in place
    record(held.station, "P3")
    assert held.file.last_read is True and held.file.last_write == "full"
    assert held.path.read_bytes() == full_dump(held.path)
    assert not EventFile(held.path).verify().ok


def test_another_writers_file_is_read(held: Setup) -> None:
    record(station_on(held.path, held.rules, 3), "P2")
    record(held.station, "P3")
    assert held.file.last_read is True and held.file.last_write == "spliced"
    record(held.station, "P4")  # its own write is held again
    assert held.file.last_read is False and held.file.last_write == "held"
    assert EventFile(held.path).verify().ok


def test_a_refused_act_on_the_stamp_path_writes_nothing(held: Setup) -> None:
    before = held.path.read_bytes()
    stamp = EventFile(held.path).stamp()

    def refuse(_snapshot: Any) -> list[dict[str, Any]]:
        raise LookupError("no")

    with pytest.raises(LookupError):
        held.file.append(refuse, holder=held.reader)
    assert held.file.last_read is False
    assert held.path.read_bytes() == before and EventFile(held.path).stamp() == stamp


def test_the_same_stamp_with_other_last_bytes_is_not_the_held_version(tmp_path: Path) -> None:
    """What an inode number reused for another file of the same size, within one tick of
    the clock, would look like: the stamp matches, the last bytes do not."""
    path = tmp_path / "event.json"
    EventFile(path).create([{"kind": "event_created", "data": {}}])
    reader = LogReader(EventFile(path))
    reader.load()
    found = reader.held()
    assert found is not None
    fd = os.open(path, os.O_RDONLY)
    try:
        st = os.fstat(fd)
        assert found.is_file(fd, st)
        last = found.body[-1]
        other = bytes(last[:-3]) + (b"0" if bytes(last[-3:-2]) != b"0" else b"1") + bytes(last[-2:])
        forged = Held((other,), found.snapshot)
        assert forged.size == found.size and FileStamp.from_stat(st) == found.snapshot.stamp
        assert not forged.is_file(fd, st)
        assert not forged.same_bytes(path.read_bytes())
    finally:
        os.close(fd)


def test_pieces_are_written_whole_through_short_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.writev

    def at_most_seven(fd: int, buffers: Any) -> int:
        data = b"".join(bytes(b) for b in buffers)[:7]
        return real(fd, [data])

    monkeypatch.setattr(os, "writev", at_most_seven)
    path = tmp_path / "out"
    pieces = (memoryview(b"abcdefghij")[2:], b"", b"0123456789" * 3, b"}}")
    store_atomic._write_atomically(path, pieces, like=None)
    assert path.read_bytes() == b"cdefghij" + b"0123456789" * 3 + b"}}"


def test_the_durable_steps_keep_their_order(held: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's fsync before its rename, the folder's after it, all before the write
    returns: a record shown as recorded survives a crash (SECURITY.md, promise 3)."""
    steps: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        steps.append("fsync-folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "fsync")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        steps.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    record(held.station)
    assert held.file.last_write == "held"
    assert steps == ["fsync", "replace", "fsync-folder"]


def test_a_failed_sync_leaves_the_file_as_it_was(
    held: Setup, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = held.path.read_bytes()

    def boom(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(StoreWriteError):
        record(held.station)
    assert held.path.read_bytes() == before
    left = [n for n in os.listdir(held.path.parent) if n != held.path.name]
    assert [n for n in left if not n.endswith(".lock")] == []
