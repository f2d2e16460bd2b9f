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
from judgetui.station.messages import ServiceFailed, WatchFailed
from judgetui.station.terminal import log_loop_failure
from judgetui.store import EventFile, EventFileError, StoreLockTimeout
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, service_on

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
    assert err == "judgetui: unknown player 'P404'\n"


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
                app.post_message(WatchFailed(EventFileError(f"{db_path}: not JSON (line 3)")))
            app.post_message(ServiceFailed(None, NotPermitted(f"{FLOOR} may not issue that")))
            await pilot.pause()

    asyncio.run(go())
    text = log_path.read_text()
    assert text.count("ERROR watcher: EventFileError:") == 1
    assert f"{db_path}: not JSON (line 3)" in text
    assert "WARNING station refused: NotPermitted" in text
    assert FLOOR not in text


def test_a_callback_that_fails_on_the_stations_loop_is_a_line_in_the_log(log_path: Path) -> None:
    """asyncio writes it only to the standard error, which a station's judge never sees
    (a frame clock whose turn raised once left a screen that drew nothing more)."""

    def fails() -> None:
        raise RuntimeError("deque mutated during iteration")

    async def run() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(log_loop_failure)
        loop.call_soon(fails)
        await asyncio.sleep(0.01)

    asyncio.run(run())
    diagnostics.reset()  # flushed and closed
    line = log_path.read_text(encoding="utf-8")
    assert "station: a callback on its loop failed (RuntimeError)" in line
    assert "deque" not in line, "the kind of error only"
