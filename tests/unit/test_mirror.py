"""A standby copy on a second machine (issue 30): `export --format event` hands out the
event file's very bytes, `mirror` keeps a copy that only ever extends what it has seen."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui import cli
from judgetui.service import RecordRequest, Station
from tests.helpers.cli import refused
from tests.helpers.event import FLOOR


def _notice(station: Station, player: str = "P1") -> None:
    station.record(FLOOR, RecordRequest([player], "slow_play", False, True))


def test_export_format_event_is_the_event_file_byte_for_byte(
    station: Station, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    _notice(station)
    db = station.file.path
    assert cli.main(["export", "--db", str(db), "--format", "event"]) == 0
    out, err = capsysbinary.readouterr()
    assert (out, err) == (db.read_bytes(), b"")


def test_export_format_event_over_ssh_is_allowed_and_its_output_file_is_not(
    station: Station,
    capsysbinary: pytest.CaptureFixture[bytes],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    db = station.file.path
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "export --format event")
    assert cli.main(["--db", str(db), "ssh"]) == 0
    out, err = capsysbinary.readouterr()
    assert (out, err) == (db.read_bytes(), b"")
    target = tmp_path / "copy.json"
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"export --format event -o {target}")
    assert cli.main(["--db", str(db), "ssh"]) == 2
    assert b"-o is not allowed" in capsysbinary.readouterr().err
    assert not target.exists()


def test_export_format_event_refuses_the_event_file_as_its_output(
    station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    db = station.file.path
    refused(capsys, db, 2, "export", "--db", db, "--format", "event", "-o", db)
    refused(capsys, db, 2, "export", "--db", db, "--format", "event", "--bom")
