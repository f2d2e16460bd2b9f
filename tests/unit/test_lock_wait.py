"""A save that waits for another judge's says so after a second, and for whom and how long
(issue 28 item 4): the holder writes who it is into the lock file, the waiter reads it."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from judgetui import errors
from judgetui.service import Station
from judgetui.store import WAIT_LISTENERS, LockWait
from judgetui.store.listeners import waited_long
from judgetui.store.lock import _InterProcessLock
from tests.helpers.cli import rec, run
from tests.helpers.event import FLOOR
from tests.helpers.station import SIZE, make_app, pilot_test, settle


def _held_for(path: Path, seconds: float) -> threading.Thread:
    """The event's lock held by another descriptor (flock excludes it as another process
    would) for ``seconds``, from a thread; returns once it is held."""
    held = threading.Event()

    def hold() -> None:
        lock = _InterProcessLock(path.with_name(path.name + ".lock"), path, 5.0, reentrant=False)
        with lock.hold():
            held.set()
            threading.Event().wait(seconds)

    thread = threading.Thread(target=hold)
    thread.start()
    assert held.wait(5)
    return thread


def test_a_save_that_waits_a_second_says_for_whom_and_how_long(
    station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    path = station.file.path
    account = pwd.getpwuid(os.getuid()).pw_name
    holder = _held_for(path, 1.6)
    code, _out, err = run(capsys, *rec(path, FLOOR, "P1"))
    holder.join()
    assert code == 0, err
    (line,) = [x for x in err.splitlines() if "waiting" in x]
    assert line.startswith(f"judgetui: waiting for {account} (process {os.getpid()})")
    assert "up to " in line and " s more" in line


def test_a_short_wait_says_nothing(station: Station, capsys: pytest.CaptureFixture[str]) -> None:
    path = station.file.path
    holder = _held_for(path, 0.3)
    code, _out, err = run(capsys, *rec(path, FLOOR, "P1"))
    holder.join()
    assert code == 0, err
    assert "waiting" not in err


def test_what_the_lock_file_says_cannot_drive_the_terminal(station: Station) -> None:
    """A lock file written by hand (a judge with a shell in the group) is shown as text."""
    path = station.file.path
    heard: list[LockWait] = []
    WAIT_LISTENERS.append(heard.append)
    try:
        lock_path = path.with_name(path.name + ".lock")
        script = (
            "import fcntl, os, sys, time\n"
            f"fd = os.open({str(lock_path)!r}, os.O_RDWR | os.O_CREAT)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\n"
            "os.pwrite(fd, b'mallory\\x1b[2J\\x07 ' + b'x' * 500, 0)\n"
            "print('held', flush=True)\n"
            "time.sleep(1.5)\n"
        )
        other = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
        assert other.stdout is not None and other.stdout.readline() == "held\n"
        station.file.append(lambda snapshot: [{"kind": "note", "judge": FLOOR, "data": {}}])
        other.wait(10)
    finally:
        WAIT_LISTENERS.remove(heard.append)
    (wait,) = heard
    assert wait.holder is not None and wait.holder.startswith("mallory[2J")
    assert len(wait.holder) <= 200
    line = errors.lock_wait_line(wait)
    assert "\x1b" not in line and "\x07" not in line


@pilot_test
async def test_a_station_whose_save_waits_says_so_in_a_notification(station: Station) -> None:
    """The station hears the same wait as the command line, from the worker that saves."""
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        waiting = threading.Thread(target=waited_long, args=("alex (process 812)", 8.6))
        waiting.start()
        waiting.join()
        await settle(pilot, lambda: any("alex" in str(n.message) for n in app._notifications))
        (toast,) = [n for n in app._notifications if "alex" in str(n.message)]
        wanted = "waiting for alex (process 812) to finish saving… (up to 9 s more)"
        assert str(toast.message) == wanted
        assert toast.severity == "warning"
    assert app._say_lock_wait not in WAIT_LISTENERS
