"""The station in a real terminal: tmux types a whole classification and reads the screen."""

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


def judgetui(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "judgetui", "--db", str(db), *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )


class Terminal:
    """One tmux session running one command, 80×24."""

    def __init__(self, command: str) -> None:
        self.name = f"jt-{uuid.uuid4().hex[:8]}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", command],
            check=True,
        )

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.15)

    def screen(self) -> str:
        result = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return result.stdout

    def wait_for(self, text: str, seconds: float = 15.0) -> str:
        """Poll the screen until ``text`` shows; fail with the screen as it is."""
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
    judgetui(
        db,
        "event",
        "init",
        "--name",
        "Tmux Open",
        "--head-judge",
        "Kana Mori",
        "--floor-judge",
        "Alex Reed",
    )
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP1,Taro Yamada\nP2,Ann Lee\nP3,山田 花子\n", encoding="utf-8")
    judgetui(db, "players", "import", str(players), "--judge", "Kana Mori")
    return db


@pytest.fixture
def floor_station(event: Path) -> Iterator[Terminal]:
    command = (
        f"cd {event.parent} && PYTHONPATH={ROOT} LANG=C.UTF-8 "
        f"{sys.executable} -m judgetui --db {event} --judge 'Alex Reed'"
    )
    terminal = Terminal(command)
    try:
        yield terminal
    finally:
        terminal.close()


def _to_the_result(term: Terminal) -> str:
    """Type a Notice for Taro Yamada (slow play, unintentional, disruptive) up to its
    result step; the screen there."""
    term.wait_for("Alex Reed (floor judge)")
    term.keys("n")
    term.wait_for("Who?")
    term.keys("Taro", "Enter")
    term.wait_for("Which infraction?")
    term.keys("slow", "Enter")
    term.wait_for("Was it intentional?")
    term.keys("n")
    term.wait_for("disruptive")
    term.keys("y")
    term.wait_for("serious advantage")
    for _ in range(4):
        term.keys("n")
    return term.wait_for("Recommended")


def test_floor_judge_types_a_whole_classification(event: Path, floor_station: Terminal) -> None:
    term = floor_station
    screen = _to_the_result(term)
    assert "Minimum  Notice" in screen
    assert "unintentional but" in screen  # the reason, naming the rule
    assert "§iv" in screen  # and citing where it comes from (seed EN §iv)
    term.keys("Enter")
    screen = term.wait_for("Notice recorded")
    assert "head judge's queue" in screen

    queue = orjson.loads(judgetui(event, "queue", "--json").stdout)
    assert [(item["kind"], item["player"], item["penalty"]) for item in queue] == [
        ("notice", "P1", "notice")
    ]


def test_quitting_after_a_record_ends_the_station_cleanly(event: Path) -> None:
    """What a station does once a record's frame is written (the screens below catch up)
    once ran outside Textual's context: the timer it started failed when it fired, and
    quitting the station afterwards printed a traceback and ended with exit 1."""
    command = (
        f"cd {event.parent} && PYTHONPATH={ROOT} LANG=C.UTF-8 "
        f"{sys.executable} -m judgetui --db {event} --judge 'Alex Reed'; "
        'echo "station exit $?"; sleep 30'
    )
    term = Terminal(command)
    try:
        _to_the_result(term)
        term.keys("Enter")
        term.wait_for("Notice recorded")
        time.sleep(0.5)  # the catch-up comes 0.15 s after the record's frame is written
        term.keys("Enter")
        term.wait_for("Recent penalties")
        term.keys("q")
        term.wait_for("Quit")
        term.keys("y")
        screen = term.wait_for("station exit")
        assert "station exit 0" in screen, screen
        assert "Traceback" not in screen
    finally:
        term.close()
