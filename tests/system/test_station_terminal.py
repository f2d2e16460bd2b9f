"""No terminal, no station; and a station whose terminal went away exits (issue 10 item 5).

Each station here is a real process on a pseudo-terminal: started without one it must
refuse at once; once up, closing the terminal (with or without it being the controlling
terminal) or a SIGHUP must end it within the issue's 5 s ceiling, not leave it spinning.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from judgetui.service import Station
from judgetui.station.terminal import EXIT_HUNG_UP
from tests.helpers.event import HEAD

CEILING = 5.0
"""Seconds a station may take to exit after its terminal went away (issue 10)."""
START_UP = 60.0
"""Generous: a station's first screen on a loaded machine."""
_ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|.)")


def _command(db: Path) -> list[str]:
    return [sys.executable, "-m", "judgetui", "--db", str(db), "--judge", HEAD]


def _environment() -> dict[str, str]:
    return {**os.environ, "TERM": "xterm-256color", "TEXTUAL_ANIMATIONS": "none"}


@dataclass
class RunningStation:
    process: subprocess.Popen[bytes]
    master: int

    def wait_for_screen(self, text: bytes) -> None:
        """Read the terminal until ``text`` is on it (escape sequences taken out)."""
        seen = b""
        deadline = time.monotonic() + START_UP
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                seen += chunk
                if text in _ESCAPES.sub(b"", seen):
                    return
            if self.process.poll() is not None:
                break
        pytest.fail(f"the station never showed {text!r}: {_ESCAPES.sub(b'', seen)[-500:]!r}")

    def close_terminal(self) -> None:
        if self.master >= 0:
            os.close(self.master)
            self.master = -1

    def exit_status_after(self, what: str) -> int:
        """Wait for the exit (within the ceiling); the time it took is printed (``-s``)."""
        started = time.monotonic()
        try:
            status = self.process.wait(timeout=CEILING)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the station still runs {CEILING} s after {what}")
        print(f"station exited {time.monotonic() - started:.2f} s after {what}")
        return status


def _open_pty() -> tuple[int, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    return master, slave


def _take_terminal() -> None:
    """In the child: make its stdin (the pty) the controlling terminal of a new session."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@contextlib.contextmanager
def _station(db: Path, *, controlling: bool) -> Iterator[RunningStation]:
    master, slave = _open_pty()
    process = subprocess.Popen(
        _command(db),
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=_environment(),
        start_new_session=True,
        preexec_fn=_take_terminal if controlling else None,
    )
    os.close(slave)
    running = RunningStation(process, master)
    try:
        yield running
    finally:
        running.close_terminal()
        if process.poll() is None:
            process.kill()
            process.wait()


def test_station_without_a_terminal_refuses_to_start(station: Station, db_path: Path) -> None:
    before = db_path.read_bytes()
    result = subprocess.run(
        _command(db_path),
        stdin=subprocess.PIPE,
        capture_output=True,
        env=_environment(),
        timeout=START_UP,
        check=False,
    )
    assert result.returncode == 2
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and "needs a terminal" in lines[0], lines
    assert result.stdout == b""
    assert db_path.read_bytes() == before


def test_station_with_input_from_a_terminal_but_output_to_a_pipe_refuses(
    station: Station, db_path: Path
) -> None:
    master, slave = _open_pty()
    try:
        result = subprocess.run(
            _command(db_path),
            stdin=slave,
            capture_output=True,
            env=_environment(),
            timeout=START_UP,
            check=False,
        )
    finally:
        os.close(slave)
        os.close(master)
    assert result.returncode == 2
    assert result.stderr.decode().count("\n") == 1
    assert "stdout" in result.stderr.decode()


def test_station_exits_when_its_terminal_is_closed(station: Station, db_path: Path) -> None:
    """The pty is not its controlling terminal: no SIGHUP, only EOF/EIO and a hang-up on poll."""
    with _station(db_path, controlling=False) as running:
        running.wait_for_screen(b"Recent penalties")
        running.close_terminal()
        assert running.exit_status_after("its terminal was closed") == EXIT_HUNG_UP


def test_station_exits_when_its_controlling_terminal_hangs_up(
    station: Station, db_path: Path
) -> None:
    """What `ssh -t` does when the client disconnects: the kernel sends SIGHUP."""
    with _station(db_path, controlling=True) as running:
        running.wait_for_screen(b"Recent penalties")
        running.close_terminal()
        assert running.exit_status_after("its controlling terminal hung up") == EXIT_HUNG_UP


def test_station_exits_on_sighup(station: Station, db_path: Path) -> None:
    with _station(db_path, controlling=False) as running:
        running.wait_for_screen(b"Recent penalties")
        running.process.send_signal(signal.SIGHUP)
        assert running.exit_status_after("SIGHUP") == EXIT_HUNG_UP
