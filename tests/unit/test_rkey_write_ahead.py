"""The record key writes only the new entries: the file's bytes are written ahead.

`WriteAhead.prepare` writes the bytes a station holds into an unnamed file in the event's
folder and syncs them; the next append onto that version (or one another station
extended) writes the new members after them, syncs, and renames the file over the event
file. The file that results must be byte for byte the plain path's, verify, and be read
back incrementally; anything that does not extend what was written ahead takes the
plain path; a failure before the rename leaves the event file as it was (the plain path
then writes it, or says it could not); and the durable steps keep their order: the
file's fsync, the rename, the folder's fsync, before the write returns.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import orjson
import pytest

from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import Station
from judgetui.store import EventFile, StoreWriteError
from judgetui.store import ahead as store_ahead
from judgetui.store.follow import LogReader
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.event import writer_on as station_on
from tests.helpers.stamp_event import PLAYERS, full_dump, record

pytestmark = pytest.mark.unit


def closers_done() -> None:
    """Wait for the threads that close let-go files (`close_later`)."""
    for thread in threading.enumerate():
        if thread.name == "judgetui-close":
            thread.join()


def open_fds() -> set[str]:
    return set(os.listdir("/proc/self/fd"))


@pytest.fixture
def held(tmp_path: Path) -> tuple[Path, Station, LogReader, Rules]:
    """A station's service holding the file's bytes (its reader), as `Session` sets it."""
    rules = load_rules()
    path = tmp_path / "event.json"
    maker = station_on(path, rules, 9)
    maker.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    maker.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])
    station = station_on(path, rules)
    reader = LogReader(station.file)
    reader.load()
    station.holder = reader
    if not station.prepare_write():
        pytest.skip("this system gives no unnamed files (O_TMPFILE) in the event's folder")
    station.drop_prepared()
    return path, station, reader, rules


def test_a_write_made_ahead_is_the_plain_paths_file(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    path, station, reader, _rules = held
    assert station.prepare_write()
    record(station)
    assert station.file.ahead.used == 1 and station.file.last_write == "held"
    assert path.read_bytes() == full_dump(path)
    assert EventFile(path).verify().ok
    read = reader.read()
    assert read is not None and read.incremental and read.entries == EventFile(path).load().entries
    assert [n for n in os.listdir(path.parent) if n != path.name and not n.endswith(".lock")] == []
    before = station.file.ahead.used
    record(station, "P2")  # not written ahead since: the plain path, as before
    assert station.file.ahead.used == before and path.read_bytes() == full_dump(path)


def test_another_stations_append_in_between_is_written_after_the_bytes_ahead(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    path, station, reader, rules = held
    assert station.prepare_write()
    record(station_on(path, rules, 3), "P2")  # another station's write
    assert reader.read() is not None  # the follower read it (incrementally)
    assert station.prepare_write()  # only what was appended is written ahead
    record(station, "P3")
    assert station.file.ahead.used == 1
    assert path.read_bytes() == full_dump(path) and EventFile(path).verify().ok
    players = [e["data"]["records"][0]["player"] for e in EventFile(path).load().entries[-2:]]
    assert players == ["P2", "P3"]


def test_a_write_not_yet_followed_still_extends_what_was_written_ahead(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    """The station had not read the other's write when its own began: the append reads
    it under the lock, and the bytes ahead are used only if they are the start of it."""
    path, station, reader, rules = held
    assert station.prepare_write()
    record(station_on(path, rules, 3), "P2")
    record(station, "P3")  # the held bytes are not the file's: parsed and spliced
    assert station.file.last_write == "spliced" and station.file.ahead.used == 0
    assert path.read_bytes() == full_dump(path) and EventFile(path).verify().ok
    read = reader.read()
    assert read is not None and read.entries == EventFile(path).load().entries


def test_a_rewritten_file_is_not_written_onto_the_bytes_ahead(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    """TinyDB's own indented rewrite: the same document, other bytes."""
    path, station, reader, _rules = held
    assert station.prepare_write()
    document = orjson.loads(path.read_bytes())
    path.write_bytes(orjson.dumps(document, option=orjson.OPT_INDENT_2))
    reader.read()
    station.prepare_write()
    record(station, "P4")
    assert station.file.ahead.used == 0
    assert path.read_bytes() == full_dump(path) and EventFile(path).verify().ok


def test_the_durable_steps_keep_their_order(
    held: tuple[Path, Station, LogReader, Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file's fsync before its rename, the folder's after it, all before the write
    returns: a record shown as recorded survives a crash (SECURITY.md, promise 3)."""
    _path, station, _reader, _rules = held
    assert station.prepare_write()
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
    record(station)
    assert station.file.ahead.used == 1
    assert steps == ["fsync", "replace", "fsync-folder"]


def test_a_failed_sync_leaves_the_file_as_it_was(
    held: tuple[Path, Station, LogReader, Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, station, _reader, _rules = held
    assert station.prepare_write()
    before = path.read_bytes()

    def boom(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(StoreWriteError):
        record(station)
    assert path.read_bytes() == before
    assert [n for n in os.listdir(path.parent) if n != path.name and not n.endswith(".lock")] == []


def test_a_system_that_refuses_the_link_writes_the_plain_way(
    held: tuple[Path, Station, LogReader, Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, station, _reader, _rules = held
    assert station.prepare_write()

    def refused(fd: int, name: Path) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(store_ahead, "_link", refused)
    record(station)
    assert station.file.ahead.used == 0 and not station.file.ahead.usable
    assert path.read_bytes() == full_dump(path) and EventFile(path).verify().ok
    assert not station.prepare_write()  # no more tries


def test_what_was_written_ahead_is_let_go(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    _path, station, _reader, _rules = held
    closers_done()
    before = open_fds()
    assert station.prepare_write()
    assert len(open_fds() - before) == 1  # the unnamed file
    station.drop_prepared()
    closers_done()
    assert open_fds() == before
    assert station.prepare_write()
    record(station)  # the file written ahead becomes the event file; the old one is closed
    closers_done()
    assert open_fds() == before


def test_nothing_is_written_ahead_while_a_write_is_under_way(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    _path, station, _reader, _rules = held
    answers: list[bool] = []
    real_append = station.file.append

    def append(build, holder=None, on_sealed=None):  # type: ignore[no-untyped-def]
        answers.append(station.prepare_write())
        return real_append(build, holder=holder, on_sealed=on_sealed)

    station.file.append = append  # type: ignore[method-assign]
    record(station)
    assert answers == [False]


def test_a_write_ahead_asked_for_before_a_discard_writes_nothing(
    held: tuple[Path, Station, LogReader, Rules],
) -> None:
    """The station asks (its mark), the judge leaves the classification (discard), then
    the worker runs: nothing is written ahead, nothing kept open."""
    _path, station, _reader, _rules = held
    closers_done()
    before = open_fds()
    mark = station.prepared_mark()
    station.drop_prepared()
    assert not station.prepare_write(mark)
    assert station.file.ahead._ready is None
    closers_done()
    assert open_fds() == before
    assert station.prepare_write(station.prepared_mark())  # asked for now: written
    station.drop_prepared()


def test_nothing_is_written_ahead_where_the_disk_has_no_room_for_the_writes(
    held: tuple[Path, Station, LogReader, Rules], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file written ahead must leave room for the writes that record (this station's
    plain path, every other station's): on a disk without it, the record key writes it
    all, as before, and the next classification tries again."""
    path, station, _reader, _rules = held
    size = path.stat().st_size
    real = os.statvfs

    def free(folder: object, free_bytes: int) -> os.statvfs_result:
        disk = real(folder)  # type: ignore[arg-type]
        fields = list(disk)
        fields[4] = free_bytes // disk.f_frsize  # f_bavail: the blocks a judge may use
        return os.statvfs_result(fields)

    closers_done()
    before = open_fds()
    needed = 3 * size + store_ahead._ROOM_SPARE
    monkeypatch.setattr(os, "statvfs", lambda folder: free(folder, needed - (1 << 16)))
    assert not station.prepare_write()
    assert open_fds() == before, "no unnamed file made"
    record(station)
    assert station.file.ahead.used == 0 and station.file.ahead.usable
    assert path.read_bytes() == full_dump(path) and EventFile(path).verify().ok
    monkeypatch.setattr(os, "statvfs", lambda folder: free(folder, needed + (1 << 16)))
    assert station.prepare_write()
    record(station, "P2")
    assert station.file.ahead.used == 1 and path.read_bytes() == full_dump(path)
