"""Trust, the file side (issue 10, items 3, 4 and 9): what is at the event path and the
lock path, lock-file mishaps, and the exit codes of writes that fail.

* A FIFO, socket, device or symbolic link at the event path is refused at once (exit 2,
  one line), by every command and by the station's load path: nothing blocks.
* The lock is the inode at the lock path when it is granted (`O_NOFOLLOW`, `fstat` vs
  `stat`); a writer also locks the event file's inode, so deleting or replacing the lock
  file under a running write loses no acknowledged record.
* A write that cannot be saved exits 4 (CLI.md), a number out of range is bad input (2);
  either way one line and the event file byte-for-byte unchanged.
"""

from __future__ import annotations

import fcntl
import os
import queue
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import orjson
import pytest
from conftest import FLOOR, HEAD

from judgetui import cli
from judgetui import store as store_module
from judgetui.service import Station
from judgetui.store import EventFile, EventFileError, _InterProcessLock

ROOT = Path(__file__).resolve().parent.parent
WRITER = Path(__file__).resolve().parent / "trust_lock_writer.py"
#: A safety net so that a regression fails instead of hanging the suite; every command
#: here returns in well under a second when it works.
PROMPT = 30.0
#: Safety net for waiting on a writer's next line.
LINE_TIMEOUT = 60.0

RECORD = ["record", "--judge", HEAD, "--player", "P1", "--infraction", "slow_play",
          "--intentional", "yes", "--disruptive", "no"]  # fmt: skip

#: Every command that opens the event file.
COMMANDS: list[list[str]] = [
    ["queue"],
    ["queue", "--json"],
    RECORD,
    ["record", "--judge", FLOOR, "--player", "P1", "--infraction", "slow_play",
     "--intentional", "no", "--disruptive", "no"],
    ["player", "P1"],
    ["export"],
    ["export", "--format", "csv"],
    ["review", "00000000-0000-0000-0000-000000000001", "confirm", "--judge", HEAD],
    ["decide", "P1", "ejection", "--judge", HEAD],
    ["event", "round", "2", "--judge", HEAD],
    ["event", "finals", "--judge", HEAD],
    ["event", "judge", "Sam Hill", "--judge", HEAD],
    ["event", "show"],
    ["players", "import", "{csv}", "--judge", HEAD],
    ["verify"],
    ["verify", "--json"],
]  # fmt: skip


# -- helpers ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_process(*argv: str | Path, timeout: float = PROMPT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("JUDGETUI_DB", "LANG", "LC_ALL")}
    return subprocess.run(
        [sys.executable, "-m", "judgetui", *map(str, argv)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def entries(db: Path) -> list[dict[str, Any]]:
    log = orjson.loads(db.read_bytes())["log"]
    return [log[key] for key in sorted(log, key=int)]


# -- what is at the event path ------------------------------------------------------


def test_fifo_at_event_path_is_refused_at_once(tmp_path: Path) -> None:
    """An event file replaced by a FIFO used to hang every command and station."""
    db = tmp_path / "event.json"
    os.mkfifo(db)
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP9,Nine\n", encoding="utf-8")
    for command in COMMANDS:
        argv = [a.format(csv=players) for a in command]
        proc = run_process("--db", db, *argv)  # TimeoutExpired = it blocked
        assert proc.returncode == 2, (argv, proc.stdout, proc.stderr)
        line = one_line(proc.stderr)
        assert str(db) in line and "FIFO" in line, (argv, line)
        assert stat.S_ISFIFO(os.lstat(db).st_mode), argv  # still the FIFO, untouched
    assert sorted(p.name for p in tmp_path.iterdir()) in (
        ["event.json", "players.csv"],
        ["event.json", "event.json.lock", "players.csv"],
    )


def test_fifo_at_event_path_is_refused_by_the_station_load(tmp_path: Path) -> None:
    """The station opens the file through the store too: refused before any screen."""
    db = tmp_path / "event.json"
    os.mkfifo(db)
    script = (
        "import sys\n"
        "from datetime import UTC, datetime\n"
        "from judgetui.station.app import open_station\n"
        "from judgetui.rules import load_rules\n"
        "from judgetui.service import Station\n"
        "from judgetui.store import EventFile, EventFileError\n"
        "try:\n"
        f"    open_station(Station(EventFile({str(db)!r}), load_rules()), None,\n"
        "                 clock=lambda: datetime.now(UTC))\n"
        "except EventFileError as exc:\n"
        "    print(exc)\n"
        "    sys.exit(2)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=PROMPT,
    )
    assert proc.returncode == 2, proc.stderr
    assert "FIFO" in proc.stdout
    # and the command that opens the station refuses it promptly as well
    station = run_process("--db", db, "--judge", HEAD)
    assert station.returncode == 2, station.stderr
    one_line(station.stderr)


def test_socket_at_event_path_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "event.json"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(db))
        for argv in (["queue"], RECORD, ["verify"]):
            code, _, err = run(capsys, "--db", db, *argv)
            assert code == 2
            assert "a socket, not an event file" in one_line(err)
        assert stat.S_ISSOCK(os.lstat(db).st_mode)


def test_device_at_event_path_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "event.json"
    try:
        os.mknod(db, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # /dev/null's numbers
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    for argv in (["queue"], RECORD, ["verify"]):
        code, _, err = run(capsys, "--db", db, *argv)
        assert code == 2
        assert "a device, not an event file" in one_line(err)


def test_symlink_at_event_path_is_refused_and_its_target_unchanged(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, tmp_path: Path
) -> None:
    """A write replaces the path with a new file; through a link that would fork the
    event from the file the link named. So a link is refused, never followed."""
    link = tmp_path / "linked.json"
    link.symlink_to(db_path)
    before = db_path.read_bytes()
    for argv in (["queue"], RECORD, ["verify"], ["event", "show"]):
        code, _, err = run(capsys, "--db", link, *argv)
        assert code == 2, argv
        assert "a symbolic link" in one_line(err)
    assert link.is_symlink()
    assert db_path.read_bytes() == before
    with pytest.raises(EventFileError, match="symbolic link"):
        EventFile(link).load()


# -- the lock file ------------------------------------------------------------------


@pytest.mark.parametrize("dangling", [False, True], ids=["to-a-file", "dangling"])
def test_symlink_at_lock_path_is_refused_not_followed(
    capsys: pytest.CaptureFixture[str],
    station: Station,
    db_path: Path,
    tmp_path: Path,
    dangling: bool,
) -> None:
    target = tmp_path / "elsewhere"
    if not dangling:
        target.write_bytes(b"precious")
    lock = db_path.with_name(db_path.name + ".lock")
    lock.unlink()
    lock.symlink_to(target)
    before = db_path.read_bytes()

    code, _, err = run(capsys, "--db", db_path, *RECORD)
    assert code == 4
    line = one_line(err)
    assert "symbolic link" in line and "nothing was saved" in line
    assert db_path.read_bytes() == before
    assert lock.is_symlink()
    if dangling:
        assert not target.exists()  # not created through the link
    else:
        assert target.read_bytes() == b"precious"


def test_fifo_at_lock_path_is_refused(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    lock = db_path.with_name(db_path.name + ".lock")
    lock.unlink()
    os.mkfifo(lock)
    before = db_path.read_bytes()
    code, _, err = run(capsys, "--db", db_path, *RECORD)
    assert code == 4
    assert "FIFO" in one_line(err)
    assert db_path.read_bytes() == before


def test_lock_granted_on_a_deleted_lock_file_is_taken_again(tmp_path: Path) -> None:
    """The classic race: B waits on the lock file's inode; meanwhile the file is deleted
    and C locks a new one. When the old inode is released B must not think it holds the
    lock (C does): it notices its inode is no longer the path's and waits for C's."""
    lock_path = tmp_path / "event.json.lock"
    waits: queue.Queue[str] = queue.Queue()
    granted: queue.Queue[str] = queue.Queue()
    release = threading.Event()
    lock = _InterProcessLock(
        lock_path, tmp_path / "event.json", 60.0, reentrant=False, on_wait=lambda: waits.put("w")
    )
    first = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(first, fcntl.LOCK_EX)  # A holds the lock

    def b() -> None:
        with lock.hold():
            granted.put("B")
            release.wait(LINE_TIMEOUT)

    thread = threading.Thread(target=b)
    thread.start()
    try:
        assert waits.get(timeout=LINE_TIMEOUT) == "w"  # B waits on the first inode
        os.unlink(lock_path)
        second = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        fcntl.flock(second, fcntl.LOCK_EX)  # C holds the new lock file
        os.close(first)  # A lets go: B's flock on the deleted inode goes through...
        assert waits.get(timeout=LINE_TIMEOUT) == "w"  # ...but B waits again, on C's
        assert granted.empty()
        os.close(second)  # C lets go
        assert granted.get(timeout=LINE_TIMEOUT) == "B"
        probe = os.open(lock_path, os.O_RDWR)
        try:  # what B holds is the lock file that is at the path now
            with pytest.raises(BlockingIOError):
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(probe)
    finally:
        release.set()
        thread.join()


class Writer:
    """A `trust_lock_writer.py` process and its lines."""

    def __init__(self, db: Path, name: str, *, pause: bool = False) -> None:
        argv = [sys.executable, str(WRITER), str(db), name] + (["--pause"] if pause else [])
        self.name = name
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._lines: queue.Queue[str] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=self._pump, args=(self.proc.stdout,), daemon=True).start()

    def _pump(self, stream: IO[str]) -> None:
        for line in stream:
            self._lines.put(line.strip())
        self._lines.put("<eof>")

    def next_line(self) -> str:
        return self._lines.get(timeout=LINE_TIMEOUT)

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()

    def ack(self) -> tuple[int, str]:
        """Wait for the acknowledgement: (seq, hash)."""
        while True:
            line = self.next_line()
            assert line != "<eof>", f"{self.name} ended without an acknowledgement"
            if line.startswith("acked "):
                _, seq, digest = line.split()
                assert self.proc.wait(LINE_TIMEOUT) == 0
                return int(seq), digest

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


@pytest.fixture
def writers() -> Iterator[list[Writer]]:
    started: list[Writer] = []
    yield started
    for writer in started:
        writer.kill()


@pytest.mark.parametrize("mishap", ["deleted", "replaced"])
def test_deleted_lock_loses_no_acknowledged_record(
    tmp_path: Path, writers: list[Writer], mishap: str
) -> None:
    """A holds the lock and is mid-write; someone deletes (or replaces) EVENT.lock; B
    comes in and gets "the lock" on the new file. B must still wait for A's write and
    add to it, so both acknowledged records are in the file and the chain verifies.
    (Before the fix B wrote at once and A's later write silently dropped B's record.)"""
    db = tmp_path / "event.json"
    event_file = EventFile(db)
    event_file.create([{"kind": "event_created", "data": {}}])
    a = Writer(db, "A", pause=True)
    writers.append(a)
    assert a.next_line() == "ready"
    assert a.next_line() == "building"  # A holds the locks, has read the file

    lock = db.with_name(db.name + ".lock")
    lock.unlink()
    if mishap == "replaced":
        lock.write_bytes(b"")

    b = Writer(db, "B")
    writers.append(b)
    assert b.next_line() == "ready"
    assert b.next_line() == "waiting"  # for A's write, despite the fresh lock file
    a.go()
    acked = {"A": a.ack(), "B": b.ack()}

    log = entries(db)
    assert [e["data"].get("writer") for e in log] == [None, "A", "B"]
    for seq, digest in acked.values():
        assert log[seq - 1]["hash"] == digest
    result = event_file.verify()
    assert (result.ok, result.count) == (True, 3)


def test_writers_waiting_on_old_and_new_lock_files_lose_nothing(
    tmp_path: Path, writers: list[Writer]
) -> None:
    """B waits on the old lock file, C takes a new one after the old was deleted, both
    while A is mid-write: the three acknowledged records all end up in the chain."""
    db = tmp_path / "event.json"
    event_file = EventFile(db)
    event_file.create([{"kind": "event_created", "data": {}}])
    a = Writer(db, "A", pause=True)
    writers.append(a)
    assert [a.next_line(), a.next_line()] == ["ready", "building"]
    b = Writer(db, "B")
    writers.append(b)
    assert [b.next_line(), b.next_line()] == ["ready", "waiting"]  # on the old lock file
    db.with_name(db.name + ".lock").unlink()
    c = Writer(db, "C")
    writers.append(c)
    assert [c.next_line(), c.next_line()] == ["ready", "waiting"]  # on A's event inode
    a.go()
    acked = [a.ack(), b.ack(), c.ack()]

    log = entries(db)
    assert sorted(e["data"].get("writer") or "" for e in log) == ["", "A", "B", "C"]
    for seq, digest in acked:
        assert log[seq - 1]["hash"] == digest
    assert event_file.verify().ok


def test_create_never_replaces_an_event_made_meanwhile(tmp_path: Path) -> None:
    """`create` gives the new file its name with a hard link, which fails if the name
    was taken meanwhile (e.g. by a creator that got in past a deleted lock file)."""
    db = tmp_path / "event.json"
    real_lexists = os.path.lexists

    def lexists_then_race(path: Any) -> bool:
        found = real_lexists(path)
        if Path(path) == db and not found:
            db.write_bytes(b"the other creator's event")
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os.path, "lexists", lexists_then_race)
        with pytest.raises(store_module.EventFileExists):
            EventFile(db).create([{"kind": "event_created", "data": {}}])
    assert db.read_bytes() == b"the other creator's event"
    assert [p.name for p in tmp_path.iterdir() if ".tmp-" in p.name] == []


# -- exit codes ---------------------------------------------------------------------


def test_lock_held_too_long_exits_4_file_unchanged(
    capsys: pytest.CaptureFixture[str],
    station: Station,
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        EventFile.__init__, "__kwdefaults__", {"lock_timeout": 0.2, "on_wait": None}
    )
    before = db_path.read_bytes()
    fd = os.open(db_path.with_name(db_path.name + ".lock"), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        code, out, err = run(capsys, "--db", db_path, *RECORD)
    finally:
        os.close(fd)
    assert (code, out) == (4, "")
    assert "held the lock" in one_line(err)
    assert db_path.read_bytes() == before


def test_event_file_locked_too_long_exits_4_file_unchanged(
    capsys: pytest.CaptureFixture[str],
    station: Station,
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Someone holding the event file's own inode (a write under way) times out too."""
    monkeypatch.setattr(
        EventFile.__init__, "__kwdefaults__", {"lock_timeout": 0.2, "on_wait": None}
    )
    before = db_path.read_bytes()
    fd = os.open(db_path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        code, out, err = run(capsys, "--db", db_path, *RECORD)
    finally:
        os.close(fd)
    assert (code, out) == (4, "")
    assert "kept the event file locked" in one_line(err)
    assert db_path.read_bytes() == before


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs, mounted for this test only."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k,mode=0755", "tmpfs", str(folder)],
            capture_output=True,
            text=True,
            timeout=PROMPT,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a tmpfs here: {exc}")
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=PROMPT)


def test_full_disk_exits_4_file_unchanged(
    capsys: pytest.CaptureFixture[str], small_disk: Path
) -> None:
    db = small_disk / "event.json"
    players = small_disk.parent / "players.csv"
    players.write_text("id,name\nP1,One\nP2,Two\n", encoding="utf-8")
    assert run(capsys, "--db", db, "event", "init", "--name", "Full", "--head-judge", HEAD)[0] == 0
    assert run(capsys, "--db", db, "players", "import", players, "--judge", HEAD)[0] == 0
    note = "n" * 400
    for attempt in range(1000):
        before = db.read_bytes()
        code, out, err = run(capsys, "--db", db, *RECORD, "--note", f"{attempt} {note}")
        if code != 0:
            break
    else:
        pytest.fail("64 KiB never filled up")
    assert (code, out) == (4, ""), err
    line = one_line(err)
    assert "No space left on device" in line and "unchanged" in line
    assert db.read_bytes() == before
    assert [p.name for p in small_disk.iterdir() if ".tmp-" in p.name] == []
    assert EventFile(db).verify().ok


BAD_NUMBERS: dict[str, list[str]] = {
    "round-huge": ["event", "round", "99999999999999999999999", "--judge", HEAD],
    "round-zero": ["event", "round", "0", "--judge", HEAD],
    "round-negative": ["event", "round", "-3", "--judge", HEAD],
    "round-5000-digits": ["event", "round", "1" * 5000, "--judge", HEAD],
    "round-arabic-digit": ["event", "round", "٣", "--judge", HEAD],
    "minutes-huge": [*RECORD, "--minutes", "99999999999999999999999999"],
    "minutes-negative": [*RECORD, "--minutes", "-1"],
    "init-rounds-huge": ["event", "init", "--name", "X", "--head-judge", HEAD,
                         "--rounds", "99999999999999999999", "--db", "{other}"],
    "demo-players-huge": ["demo", "--no-open", "--players", "99999999999", "--db", "{other}"],
    "demo-records-negative": ["demo", "--no-open", "--records", "-5", "--db", "{other}"],
    "demo-seed-float": ["demo", "--no-open", "--seed", "1e9", "--db", "{other}"],
}  # fmt: skip


@pytest.fixture
def open_ended(db_path: Path, rules: Any, caller: Any) -> Path:
    """An event with no number of rounds set: the service then has no upper bound."""
    from judgetui.models import Player

    service = Station(EventFile(db_path), rules, caller=caller)
    service.create_event("Open", HEAD, [FLOOR])
    service.import_players(HEAD, [Player(id="P1", name="One")])
    return db_path


@pytest.mark.parametrize("case", list(BAD_NUMBERS))
def test_out_of_range_number_is_bad_input_file_unchanged(
    capsys: pytest.CaptureFixture[str], open_ended: Path, tmp_path: Path, case: str
) -> None:
    """`event round 99999999999999999999999` used to exit 1 (the store could not encode
    the number); every number option is bounded by argparse now."""
    other = tmp_path / "other.json"
    before = open_ended.read_bytes()
    argv = [a.format(other=other) for a in BAD_NUMBERS[case]]
    code, out, err = run(capsys, "--db", open_ended, *argv)
    assert (code, out) == (2, "")
    line = one_line(err)
    assert "out of range" in line or "whole number" in line
    assert len(line) < 200
    assert open_ended.read_bytes() == before
    assert not other.exists()


def test_note_json_cannot_hold_is_bad_input_not_a_failed_save(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    """A note with bytes that are not UTF-8 (a lone surrogate once decoded) is the
    judge's input, not the disk's fault: exit 2, not 4."""
    before = db_path.read_bytes()
    code, _, err = run(capsys, "--db", db_path, *RECORD, "--note", "bad \udcff note")
    assert code == 2
    one_line(err)
    assert db_path.read_bytes() == before
