"""A command whose output's reader left (`judgetui history | head`) ends without a
traceback: exit 141 (128 + SIGPIPE, as a shell reports any tool killed by it), nothing on
stderr, and what it was asked to write is written (it printed only after the save)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judgetui.demo import write_demo
from judgetui.errors import EXIT_READER_GONE
from judgetui.rules import load_rules
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import HEAD

RECORD = ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]


def _run_into_a_closed_pipe(db: Path, *words: str) -> subprocess.CompletedProcess[bytes]:
    """``judgetui --db DB WORDS`` with its standard output a pipe nobody reads any more."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
        return subprocess.run(
            [sys.executable, "-m", "judgetui", "--db", str(db), *words],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("reader-gone") / "demo.json"
    write_demo(str(db), load_rules(), players=64, records=400)  # history: ~40 KB
    return db


@pytest.mark.parametrize("words", [["history"], ["verify"], ["queue", "--json"]])
def test_a_reading_command_whose_reader_left_says_nothing(demo: Path, words: list[str]) -> None:
    before = demo.read_bytes()
    done = _run_into_a_closed_pipe(demo, *words)
    assert (done.returncode, done.stderr) == (EXIT_READER_GONE, b"")
    assert demo.read_bytes() == before


def test_a_record_whose_reader_left_is_recorded(demo: Path) -> None:
    entries = len(EventFile(demo).load().entries)
    done = _run_into_a_closed_pipe(demo, "record", "--judge", HEAD, "--player", "P0015", *RECORD)
    assert (done.returncode, done.stderr) == (EXIT_READER_GONE, UNBOUND_WARNING.encode())
    assert len(EventFile(demo).load().entries) == entries + 1
    assert EventFile(demo).verify().ok
