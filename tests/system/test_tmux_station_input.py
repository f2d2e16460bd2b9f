"""The station in a real terminal, typed as a person types: one key at a time, and all
at once (a paste, a laggy SSH link). Issue 11, items 1, 2 and 8.

The child gets no COLUMNS/LINES (a test runner's would pin the size and hide the real
terminal's); tmux gives it an 80×24 terminal.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
HEAD = "Kana Mori"
EMMA_KIM = "9000000102"
GRACE_LEE = "9000000103"


def child_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env["PYTHONPATH"] = str(ROOT)
    return env


def judgetui(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judgetui", "--db", str(db), *args],
        capture_output=True,
        text=True,
        env=child_env(),
        check=True,
    )


class Terminal:
    """One tmux session running the station, 80×24."""

    def __init__(self, command: str) -> None:
        self.name = f"jt-{uuid.uuid4().hex[:8]}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command],
            check=True,
            env=child_env(),
        )

    def paced(self, *keys: str) -> None:
        """One key at a time, as a judge types: a word letter by letter, a space a key."""
        for key in keys:
            for part in list(key) if key.islower() or " " in key else [key]:
                if len(part) == 1:
                    args = ["tmux", "send-keys", "-t", self.name, "-l", part]
                else:
                    args = ["tmux", "send-keys", "-t", self.name, part]
                subprocess.run(args, check=True)
                time.sleep(0.12)

    def burst(self, *keys: str) -> None:
        """Every key in one write: a paste, or keys held up by a laggy link."""
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def screen(self) -> str:
        result = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return result.stdout

    def wait_for(self, text: str, seconds: float = 15.0) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    db = tmp_path / "event.json"
    judgetui(db, "event", "init", "--name", "Tmux Open", "--head-judge", HEAD)
    players = tmp_path / "players.csv"
    players.write_text(
        "id,name\n9000000101,Emma Brown\n9000000102,Emma Kim\n9000000103,Grace Lee\n",
        encoding="utf-8",
    )
    judgetui(db, "players", "import", str(players), "--judge", HEAD)
    return db


@pytest.fixture
def station(event: Path) -> Iterator[Terminal]:
    command = (
        f"cd {event.parent} && env -u COLUMNS -u LINES PYTHONPATH={ROOT} LANG=C.UTF-8 "
        f"{sys.executable} -m judgetui --db {event} --judge '{HEAD}'"
    )
    terminal = Terminal(command)
    try:
        terminal.wait_for("(head judge)")
        yield terminal
    finally:
        terminal.close()


def records_of(db: Path, player: str) -> list[dict[str, object]]:
    found = orjson.loads(judgetui(db, "player", player, "--json").stdout)
    records: list[dict[str, object]] = found["records"]
    return records


def finish_slow_play(term: Terminal) -> None:
    term.wait_for("Was it intentional?")
    term.paced("n")
    term.wait_for("disruptive")
    term.paced("y")
    term.wait_for("serious advantage")
    for _ in range(4):
        term.paced("n")
    term.wait_for("Recommended")
    term.paced("Enter")
    term.wait_for("Notice recorded")


def test_emma_kim_typed_at_human_pace_is_recorded_on_emma_kim(
    event: Path, station: Terminal
) -> None:
    station.paced("n")
    station.wait_for("Who?")
    station.paced("emma kim")
    screen = station.wait_for("Emma Kim")
    assert "Emma Brown" not in screen  # the space was typed, not a mark
    station.paced("Enter")
    station.wait_for("Which infraction?")
    station.paced("slow", "Enter")
    finish_slow_play(station)
    assert [r["infraction"] for r in records_of(event, EMMA_KIM)] == ["slow_play"]
    assert records_of(event, "9000000101") == []


def test_emma_kim_typed_in_one_burst_is_recorded_on_emma_kim(
    event: Path, station: Terminal
) -> None:
    station.burst("n", "emma kim", "Enter", "slow", "Enter")
    finish_slow_play(station)
    assert [r["infraction"] for r in records_of(event, EMMA_KIM)] == ["slow_play"]
    assert records_of(event, "9000000101") == []


def test_n_on_the_recorded_screen_starts_the_next_incident(event: Path, station: Terminal) -> None:
    station.burst("n", "emma kim", "Enter", "slow", "Enter")
    finish_slow_play(station)
    station.paced("n")
    station.wait_for("Who?")
    station.burst("grace lee", "Enter")
    station.wait_for("Which infraction?")
    station.paced("slow", "Enter")
    finish_slow_play(station)
    assert len(records_of(event, GRACE_LEE)) == 1
    assert len(records_of(event, EMMA_KIM)) == 1
