"""The diagnostic log: lock waits and timeouts, refusals, watcher errors, start and stop —
ids and kinds of error only, a private file, and never in the way of a command."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgetui import diagnostics
from judgetui.cli import main
from judgetui.rules import Rules
from judgetui.service import NotPermitted, Station
from judgetui.store import EventFile, EventFileError, StoreLockTimeout
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, refuse_on, service_on

HOLD_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()  # until the test closes our stdin
"""


@pytest.fixture(autouse=True)
def _fresh_log() -> Iterator[None]:
    diagnostics.reset()
    yield
    diagnostics.reset()


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    path = tmp_path / "logs" / "judgetui.log"
    diagnostics.configure(path)
    return path


def entry() -> dict[str, object]:
    return {"kind": "note", "at": "2026-11-28T14:30:00Z", "judge": "x", "data": {}}


def test_the_log_records_a_lock_timeout(station: Station, db_path: Path, log_path: Path) -> None:
    before = db_path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(EventFile(db_path).lock_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(StoreLockTimeout):
            EventFile(db_path, lock_timeout=0.2).append([entry()])
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait()
    assert db_path.read_bytes() == before
    lines = log_path.read_text().splitlines()
    waits = [line for line in lines if "lock busy, waiting up to 0.2s" in line]
    timeouts = [line for line in lines if "WARNING lock timeout after 0.2s" in line]
    assert len(waits) == 1 and len(timeouts) == 1
    assert str(EventFile(db_path).lock_path) in timeouts[0]
    assert lines.index(waits[0]) < lines.index(timeouts[0])


def test_the_default_log_is_private_in_the_state_folder(station: Station, db_path: Path) -> None:
    diagnostics.reset()
    diagnostics.info("hello")
    path = diagnostics.default_log_file()
    assert path.is_relative_to(Path(os.environ["XDG_STATE_HOME"]))
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    assert "INFO hello" in path.read_text()


def test_a_log_that_cannot_be_opened_never_breaks_a_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    db = tmp_path / "e.json"
    argv = ["--db", str(db), "--log", str(blocker / "judgetui.log"), "--lang", "en"]
    assert main([*argv, "event", "init", "--name", "Open", "--head-judge", HEAD]) == 0
    # a refusal would be logged: it is still just the refusal
    assert main([*argv, "player", "P404"]) == 2
    err = capsys.readouterr().err
    assert err == UNBOUND_WARNING + "judgetui: unknown player 'P404'\n"  # (after event init)


def test_refused_acts_are_logged_without_names_or_notes(
    station: Station, db_path: Path, log_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--db", str(db_path), "--log", str(log_path), "--lang", "en"]
    secret = "the note nobody else may read"
    code = main(
        [
            *argv,
            "record",
            "--judge",
            FLOOR,
            "--player",
            "P3",
            "--infraction",
            "cheating",
            "--intentional",
            "yes",
            "--disruptive",
            "yes",
            "--note",
            secret,
        ]
    )
    assert code == 3
    capsys.readouterr()
    text = log_path.read_text()
    assert "WARNING refused: record: NotPermitted" in text
    for private in (secret, FLOOR, HEAD, "山田", "Ann Lee"):
        assert private not in text


def test_a_command_that_goes_well_writes_nothing(
    station: Station, db_path: Path, log_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", str(db_path), "--log", str(log_path), "queue"]) == 0
    assert not log_path.exists()


def test_station_start_and_stop(
    tmp_path: Path, log_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import judgetui.station.app

    monkeypatch.setattr(judgetui.station.app, "run_station", lambda **kwargs: 0)
    monkeypatch.setattr("judgetui.tty.missing_terminal", lambda: None)
    db = tmp_path / "e.json"
    assert main(["--db", str(db), "--log", str(log_path), "--lang", "en"]) == 0
    lines = log_path.read_text().splitlines()
    assert f"INFO station start: {db} (uid {os.getuid()})" in lines[0]
    assert "INFO station stop: exit 0" in lines[1]


def test_the_station_logs_watcher_errors_once_and_refusals_without_names(
    station: Station, db_path: Path, rules: Rules, log_path: Path
) -> None:

    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(3):  # the same failure, four times a second
                assert app.follower is not None
                app.follower.watch_failed(EventFileError(f"{db_path}: not JSON (line 3)"))
            await refuse_on(app, NotPermitted(f"{FLOOR} may not issue that"))
            await pilot.pause()

    asyncio.run(go())
    text = log_path.read_text()
    assert text.count("ERROR watcher: EventFileError:") == 1
    assert f"{db_path}: not JSON (line 3)" in text
    assert "WARNING station refused: NotPermitted" in text
    assert FLOOR not in text


# -- the log never writes into the event file (SECURITY.md, promise 6) -------------------


A_REFUSED_RECORD = ["record", "--judge", FLOOR, "--player", "P404", "--infraction", "slow_play"]
A_REFUSED_RECORD += ["--intentional", "no", "--disruptive", "yes"]
"""A record the service refuses (exit 2) and the log has a line for."""


def _log_targets(db_path: Path, tmp_path: Path) -> dict[str, Path]:
    """Paths at which a ``--log`` would write into the event file or somewhere no log goes."""
    lock = EventFile(db_path).lock_path
    lock.write_bytes(b"")
    hard = tmp_path / "hard.log"
    os.link(db_path, hard)
    link = tmp_path / "link.log"
    link.symlink_to(db_path)
    dangling = tmp_path / "dangling.log"
    dangling.symlink_to(tmp_path / "nowhere.log")
    fifo = tmp_path / "fifo.log"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.log"
    folder.mkdir()
    return {
        "event": db_path,
        "event-relative": Path(os.path.relpath(db_path)),
        "lock": lock,
        "hard-link": hard,
        "symlink": link,
        "dangling-symlink": dangling,
        "fifo": fifo,
        "folder": folder,
    }


@pytest.mark.parametrize(
    "target",
    [
        "event",
        "event-relative",
        "lock",
        "hard-link",
        "symlink",
        "dangling-symlink",
        "fifo",
        "folder",
    ],
)
def test_a_log_at_the_event_file_its_lock_a_link_or_no_file_is_refused_event_unchanged(
    station: Station,
    db_path: Path,
    tmp_path: Path,
    target: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _log_targets(db_path, tmp_path)[target]
    before = db_path.read_bytes()
    lock_before = EventFile(db_path).lock_path.read_bytes()
    argv = ["--db", str(db_path), "--log", str(path), "--lang", "en"]
    # a refusal the log would have a line for, and a write the log would see
    assert main([*argv, "player", "P404"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "choose another log file" in err
    assert main([*argv, *A_REFUSED_RECORD]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "choose another log file" in err
    assert db_path.read_bytes() == before
    assert EventFile(db_path).lock_path.read_bytes() == lock_before
    assert not (tmp_path / "nowhere.log").exists()
    assert not Path(f"{db_path}.1").exists()


def test_a_log_named_before_the_event_is_refused_once_the_event_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`event init` with ``--log`` at the event file still to be made: nothing is made."""
    db = tmp_path / "e.json"
    argv = ["--db", str(db), "--log", str(db), "--lang", "en"]
    assert main([*argv, "event", "init", "--name", "Open", "--head-judge", HEAD]) == 2
    assert "choose another log file" in capsys.readouterr().err
    assert not db.exists()


def test_rotation_never_renames_the_event_file_nor_writes_onto_it(
    station: Station, db_path: Path, tmp_path: Path
) -> None:
    """An event that is a rotation's next name (``LOG.1``), and an event hard-linked in
    place of the log once it is open: the log grows past 1 MB and rotates, and the event
    is still at its name, byte for byte."""
    log = tmp_path / "judge.log"
    event = Path(f"{log}.1")
    os.link(db_path, event)
    EventFile(event)  # this process's event now (as `--db judge.log.1` would make it)
    before = db_path.read_bytes()
    diagnostics.configure(log)
    big = "x" * (diagnostics.MAX_BYTES // 4)
    for _ in range(6):
        diagnostics.info("%s", big)
    assert event.read_bytes() == before and event.stat().st_ino == db_path.stat().st_ino
    assert log.stat().st_size < diagnostics.MAX_BYTES + len(big) + 200

    diagnostics.reset()
    other = tmp_path / "other.log"
    diagnostics.configure(other)
    diagnostics.info("%s", big)
    other.unlink()
    os.link(db_path, other)  # the log's name is now the event's inode
    for _ in range(6):
        diagnostics.info("%s", big)
    diagnostics.reset()
    assert db_path.read_bytes() == before
    assert other.stat().st_ino == db_path.stat().st_ino
    assert not Path(f"{other}.1").exists()


def test_a_link_at_the_default_log_is_never_followed(station: Station, db_path: Path) -> None:
    before = db_path.read_bytes()
    path = diagnostics.default_log_file()
    path.parent.mkdir(parents=True)
    path.symlink_to(db_path)
    assert main(["--db", str(db_path), "--lang", "en", "player", "P404"]) == 2
    diagnostics.info("hello")
    assert db_path.read_bytes() == before
    assert path.is_symlink()


def test_a_log_of_another_account_is_never_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file someone else made at the log's path: not written, and the judge's command
    goes on (it must not lock them out)."""
    if os.geteuid() != 0:
        pytest.skip("needs root to give a file to another account")
    planted = tmp_path / "planted.log"
    planted.write_text("")
    os.chown(planted, 65534, 65534)
    db = tmp_path / "e.json"
    argv = ["--db", str(db), "--log", str(planted), "--lang", "en"]
    assert main([*argv, "event", "init", "--name", "Open", "--head-judge", HEAD]) == 0
    assert main([*argv, *A_REFUSED_RECORD]) == 2
    assert "unknown judge" in capsys.readouterr().err  # refused, and so a line for the log
    assert planted.read_text() == ""


def test_the_log_still_rotates_its_own_files(tmp_path: Path) -> None:
    log = tmp_path / "judge.log"
    diagnostics.configure(log)
    for _ in range(25):
        diagnostics.info("%s", "x" * (diagnostics.MAX_BYTES // 4))
    diagnostics.reset()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["judge.log", "judge.log.1", "judge.log.2", "judge.log.3"]
    assert all((tmp_path / n).stat().st_size <= diagnostics.MAX_BYTES for n in names)
    assert all((tmp_path / n).stat().st_mode & 0o777 == 0o600 for n in names)
