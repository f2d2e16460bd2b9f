"""Over `judgetui ssh` a judge's own settings file never locks them out: a judge there
has no shell to fix it, so a file the station cannot use is one warning line and the
default settings (issue 26). Outside ssh it is still one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.service import RecordRequest, Station
from judgetui.settings import user_config_file
from tests.helpers.cli import ssh
from tests.helpers.event import FLOOR

BROKEN = {
    "not-toml": "language = \n",
    "bad-value": 'refresh_ms = "fast"\n',
    "unknown-key": 'rules = "/tmp/mine.toml"\n',
    "bad-keymap": '[keys]\n"no.such.binding" = "x"\n',
}


@pytest.fixture
def event(station: Station) -> Path:
    station.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True))
    return station.file.path


def write_settings(text: str) -> Path:
    path = user_config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def warning_lines(err: str, path: Path) -> list[str]:
    return [line for line in err.splitlines() if str(path) in line]


@pytest.mark.parametrize("broken", ["not-toml", "bad-value", "unknown-key"])
def test_an_invalid_settings_file_over_ssh_is_a_warning_and_the_command_runs(
    event: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    broken: str,
) -> None:
    path = write_settings(BROKEN[broken])
    code, out, err = ssh(capsys, monkeypatch, event, "queue --json")
    assert code == 0, err
    assert json.loads(out)[0]["player"] == "P1"  # stdout is the JSON, nothing else
    (line,) = warning_lines(err, path)
    assert line.startswith("judgetui: warning: ") and "default settings" in line
    assert path.read_text(encoding="utf-8") == BROKEN[broken]


@pytest.mark.parametrize("broken", list(BROKEN))
def test_an_invalid_settings_file_over_ssh_opens_the_station_with_defaults(
    event: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    broken: str,
) -> None:
    import judgetui.station.app

    opened: list[Any] = []

    def run_station(**kwargs: Any) -> int:
        opened.append(kwargs["settings"])
        return 0

    monkeypatch.setattr(judgetui.station.app, "run_station", run_station)
    monkeypatch.setattr("judgetui.tty.missing_terminal", lambda: None)
    path = write_settings(BROKEN[broken])
    code, _out, err = ssh(capsys, monkeypatch, event, None)
    assert code == 0, err
    (settings,) = opened
    assert settings.values is None and not settings.keys  # the defaults
    (line,) = warning_lines(err, path)
    assert line.startswith("judgetui: warning: ") and "default settings" in line


def test_outside_ssh_an_invalid_settings_file_is_still_one_line_and_exit_2(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A judge with a shell can fix the file, or pass ``--config``: not a lock-out."""
    path = write_settings(BROKEN["bad-value"])
    capsys.readouterr()
    assert cli.main(["--db", str(event), "queue", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and str(path) in err
