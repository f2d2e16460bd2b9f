"""A command whose output cannot be written (a full disk: ``> /dev/full``) ends without a
traceback: exit 120 (what Python itself exits with when it cannot flush its output), one
line on stderr, and what it saved stays saved (a record prints only after the save)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from judgetui.demo import write_demo
from judgetui.errors import EXIT_OUTPUT_LOST
from judgetui.rules import load_rules
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import HEAD

RECORD = ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
LINE = (
    b"judgetui: the output could not be written (No space left on device);"
    b" what the command saved stays saved\n"
)

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")


def _run_into_a_full_disk(db: Path, *words: str) -> subprocess.CompletedProcess[bytes]:
    """``judgetui --db DB --lang en WORDS`` with its standard output /dev/full."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    with open("/dev/full", "wb") as full:
        return subprocess.run(
            [sys.executable, "-m", "judgetui", "--db", str(db), "--lang", "en", *words],
            stdout=full,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("output-lost") / "demo.json"
    write_demo(str(db), load_rules(), players=64, records=200)
    return db


@pytest.mark.parametrize("words", [["history"], ["verify"], ["queue", "--json"]])
def test_a_reading_command_that_cannot_write_says_so_in_one_line(
    demo: Path, words: list[str]
) -> None:
    before = demo.read_bytes()
    done = _run_into_a_full_disk(demo, *words)
    assert (done.returncode, done.stderr) == (EXIT_OUTPUT_LOST, LINE)
    assert demo.read_bytes() == before


@pytest.mark.parametrize("json", [[], ["--json"]])
def test_a_record_that_cannot_be_reported_is_recorded(demo: Path, json: list[str]) -> None:
    entries = len(EventFile(demo).load().entries)
    done = _run_into_a_full_disk(
        demo, "record", "--judge", HEAD, "--player", "P0015", *RECORD, *json
    )
    assert (done.returncode, done.stderr) == (EXIT_OUTPUT_LOST, UNBOUND_WARNING.encode() + LINE)
    assert len(EventFile(demo).load().entries) == entries + 1
