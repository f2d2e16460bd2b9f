"""Issue 29 items 5 and 7 in a real terminal: tmux types an event note with ``o`` on the
dashboard, and opens a record's penalty slip with ``s`` on the player screen and saves it
with ``s``: what the judge sees, and what the event file then holds."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from tests.helpers.tmux import Pane

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

ROOT = Path(__file__).resolve().parents[2]
HEAD, FLOOR = "Kana Mori", "Alex Reed"


def judgetui(db: Path, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "judgetui", "--db", str(db), *args],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    return done.stdout


@pytest.fixture
def event(tmp_path: Path) -> Path:
    db = tmp_path / "event.json"
    judgetui(db, "event", "init", "--name", "Tmux Open", "--head-judge", HEAD,
             "--floor-judge", FLOOR)  # fmt: skip
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP1,Taro Yamada\nP2,Ann Lee\n", encoding="utf-8")
    judgetui(db, "players", "import", str(players), "--judge", HEAD)
    return db


def _station(db: Path, judge: str) -> Iterator[Pane]:
    command = (
        f"cd {db.parent} && env -u COLUMNS -u LINES HOME={db.parent} PYTHONPATH={ROOT} "
        f"LANG=C.UTF-8 {sys.executable} -m judgetui --db {db} --judge '{judge}'"
    )
    pane = Pane(command, width=80, height=24)
    try:
        yield pane
    finally:
        pane.close()


def test_o_types_an_event_note_into_the_log(event: Path) -> None:
    for pane in _station(event, FLOOR):
        pane.screens_until("(floor judge)")
        pane.keys("o")
        pane.screens_until("Event note")
        pane.keys("Lights out at table 14", "Enter")
        pane.screens_until("Event note written")
    [note] = orjson.loads(judgetui(event, "history", "--notes", "--json"))
    assert (note["judge"], note["text"], note["table"]) == (FLOOR, "Lights out at table 14", None)


def test_s_shows_a_records_slip_and_saves_it(event: Path) -> None:
    judgetui(event, "record", "--judge", FLOOR, "--player", "P1", "--infraction", "slow_play",
             "--intentional", "no", "--disruptive", "yes", "--table", "7")  # fmt: skip
    [record] = orjson.loads(judgetui(event, "player", "P1", "--json"))["records"]
    for pane in _station(event, HEAD):
        pane.screens_until("(head judge)")
        pane.keys("/", "Taro", "Enter", "Enter")
        pane.screens_until("Player: Taro Yamada (P1)")
        pane.keys("s")
        screen = pane.screens_until("PENALTY SLIP")[-1]
        assert "Table:      7" in screen and "Taro Yamada" in screen
        pane.keys("s")
        pane.screens_until("File name")
        pane.keys("Enter")
        pane.screens_until("Saved")
    [saved] = (event.parent / "judgetui-reports").glob("slip-*.txt")
    assert record["id"] in saved.read_text(encoding="utf-8")
