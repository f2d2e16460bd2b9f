"""Issue 28 item 4: the station says what it reads before its first screen on a large event.

`load_state` tells a progress callback the share of the log folded (increasing, then 1.0
once); the command line's `reading_line` shows "reading event.json (63 MB)…" on stderr
when it is a terminal and the file is large, then the percentage, and erases the line
before the station draws or an error's line is printed. The real terminal is in
`tests/system/test_tmux_station_reading.py`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from judgetui.cli import loading
from judgetui.cli.loading import ERASE, ReadingLine, reading_line
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station import session
from judgetui.station.session import load_state
from judgetui.store import EventFileError
from tests.helpers.event import FLOOR, record
from tests.helpers.station import service_on


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def large_file(folder: Path, name: str = "event.json", size: int = 5_000_000) -> Path:
    """A file of ``size`` bytes that takes no room (sparse): only its size is read."""
    path = folder / name
    with path.open("wb") as out:
        out.truncate(size)
    return path


def test_load_tells_the_share_folded_increasing_then_done_once(
    station: Station, db_path: Path, rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    for player in ("P1", "P2", "P3", "P4"):
        record(station, FLOOR, player, "slow_play")
    monkeypatch.setattr(session, "PROGRESS_STEP", 2)
    told: list[float] = []
    state, stamp = load_state(service_on(db_path, rules), progress=told.append)
    plain, plain_stamp = load_state(service_on(db_path, rules))
    assert len(told) > 3
    assert told == sorted(set(told))  # strictly increasing
    assert told[0] == 0.0
    assert told[-1] == 1.0
    assert told.count(1.0) == 1
    assert (state.count, state.head, stamp) == (plain.count, plain.head, plain_stamp)


def test_a_corrupt_file_tells_no_progress_done(db_path: Path, rules: Rules) -> None:
    db_path.write_bytes(b'{"_default": {}, "log": {"1": ')
    told: list[float] = []
    with pytest.raises(EventFileError):
        load_state(service_on(db_path, rules), progress=told.append)
    assert 1.0 not in told


def test_the_reading_line_names_the_file_and_size_then_percent_then_is_erased(
    tmp_path: Path,
) -> None:
    path = large_file(tmp_path, size=63_067_062)
    terminal = FakeTerminal()
    now = [0.0]
    with reading_line(path, terminal, clock=lambda: now[0]) as line:
        assert line is not None
        assert terminal.getvalue() == ERASE + "reading event.json (63 MB)…"
        for fraction in (0.0, 0.25, 0.5, 0.75):
            now[0] += 0.2
            line(fraction)
        line(1.0)
        shown = terminal.getvalue()
        assert shown.endswith(ERASE + "reading event.json (63 MB)… 75%" + ERASE)
        assert "… 25%" in shown
        line(1.0)  # once erased, nothing more
        assert terminal.getvalue() == shown
    assert terminal.getvalue() == shown


def test_the_reading_line_redraws_at_most_every_tenth_of_a_second() -> None:
    now = [10.0]
    terminal = FakeTerminal()
    line = ReadingLine(terminal, "reading event.json (63 MB)…", clock=lambda: now[0])
    line.show()
    now[0] += 0.2
    for step in range(100):
        line(step / 100)
        now[0] += 0.001  # a hundred calls within 0.1 s
    assert terminal.getvalue().count(ERASE) == 2  # shown, then one percentage


def test_the_reading_line_is_erased_when_the_load_fails(tmp_path: Path) -> None:
    terminal = FakeTerminal()
    with pytest.raises(EventFileError), reading_line(large_file(tmp_path), terminal):
        raise EventFileError("event.json: not JSON")
    assert terminal.getvalue() == ERASE + "reading event.json (5 MB)…" + ERASE


def test_nothing_is_said_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    piped = io.StringIO()
    with reading_line(large_file(tmp_path), piped) as line:
        assert line is None
    assert piped.getvalue() == ""


def test_nothing_is_said_for_a_small_or_missing_file(tmp_path: Path) -> None:
    terminal = FakeTerminal()
    small = large_file(tmp_path, size=loading.LARGE - 1)
    with reading_line(small, terminal) as line:
        assert line is None
    with reading_line(tmp_path / "missing.json", terminal) as line:
        assert line is None
    assert terminal.getvalue() == ""


def test_a_file_name_drives_nothing_and_the_line_fits_one_row(tmp_path: Path) -> None:
    path = large_file(tmp_path, name="\x1b]0;owned\x07" + "n" * 120 + ".json")
    terminal = FakeTerminal()  # no terminal size to ask: 80 columns
    with reading_line(path, terminal):
        pass
    said = terminal.getvalue().replace(ERASE, "")
    assert "\x1b" not in said
    assert "\x07" not in said
    assert said.startswith("reading …")
    assert said.endswith("n.json (5 MB)…")
    assert len(said) + len(" 100%") < 80


def test_nothing_is_said_on_a_terminal_too_narrow_for_the_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(loading, "_columns", lambda stream: 20)
    terminal = FakeTerminal()
    with reading_line(large_file(tmp_path), terminal) as line:
        assert line is None
    assert terminal.getvalue() == ""


def test_the_reading_line_is_said_in_japanese(tmp_path: Path) -> None:
    from judgetui import i18n

    i18n.set_language("ja")
    terminal = FakeTerminal()
    with reading_line(large_file(tmp_path), terminal):
        pass
    assert terminal.getvalue() == ERASE + "event.json を読み込んでいます (5 MB)…" + ERASE
