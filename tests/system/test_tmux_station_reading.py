"""Issue 28 item 4 in a real terminal: before its first screen on a large event, the station
says what it reads ("reading event.json (13 MB)…", then how far), and the line is gone
when the dashboard comes, when the station ends, and before the one line of an error."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.big_event import ROOT, make_big_event
from tests.helpers.tmux import Pane

pytestmark = [
    pytest.mark.tmux,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]


def reading(db: Path) -> str:
    return f"reading event.json ({round(db.stat().st_size / 1_000_000)} MB)…"


@pytest.fixture(scope="session")
def large_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """10,000 records on 2,000 players (18,099 entries, ~13 MB), made once a session."""
    return make_big_event(tmp_path_factory.mktemp("large") / "event.json", 2000, 10_000)


@pytest.fixture
def event(large_event: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "event.json"
    shutil.copyfile(large_event, copy)
    return copy


def station_pane(db: Path, judge: str = "Kana Mori") -> Pane:
    return Pane(
        f"cd {db.parent} && PYTHONPATH={ROOT} LANG=C.UTF-8 "
        f"{sys.executable} -m judgetui --db {db.name} --judge '{judge}'; "
        'echo "station exit $?"; sleep 30'
    )


@pytest.fixture
def opened(event: Path) -> Iterator[Pane]:
    pane = station_pane(event)
    try:
        yield pane
    finally:
        pane.close()


def test_the_station_says_what_it_reads_before_its_first_screen(event: Path, opened: Pane) -> None:
    screens = opened.screens_until("Kana Mori (head judge)")
    before = screens[:-1]
    assert any(reading(event) in screen for screen in before), screens
    assert any(f"{reading(event)} " in screen and "%" in screen for screen in before), screens
    assert "reading" not in screens[-1]
    opened.keys("q")
    opened.screens_until("Quit")
    opened.keys("y")
    ended = opened.screens_until("station exit")[-1]
    assert "station exit 0" in ended
    assert "reading" not in ended  # erased from the terminal, not only hidden by the App


def test_a_corrupt_large_event_is_one_line_and_exit_2_after_the_reading_line(
    event: Path,
) -> None:
    event.write_bytes(event.read_bytes()[:-40])  # cut short: not JSON any more
    said = reading(event)
    pane = station_pane(event)
    try:
        screens = pane.screens_until("station exit")
    finally:
        pane.close()
    assert any(said in screen for screen in screens), screens
    lines = [line for line in screens[-1].splitlines() if line.strip()]
    assert lines[-1] == "station exit 2", screens[-1]
    assert lines[-2].startswith("judgetui: "), screens[-1]  # from the line's first column
    assert "reading" not in screens[-1]


def test_an_unknown_judge_on_a_large_event_is_one_line_and_exit_2(event: Path) -> None:
    pane = station_pane(event, judge="Nobody Here")
    try:
        screens = pane.screens_until("station exit")
    finally:
        pane.close()
    assert any(reading(event) in screen for screen in screens), screens
    lines = [line for line in screens[-1].splitlines() if line.strip()]
    assert lines[-1] == "station exit 2", screens[-1]
    assert lines[-2].startswith("judgetui: ") and "Nobody Here" in lines[-2], screens[-1]
    assert "reading" not in screens[-1]
