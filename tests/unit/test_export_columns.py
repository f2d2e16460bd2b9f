"""What the exports carry for the organiser (issue 28 item 3): the CSV has what the JSON
has (minutes late, who voided a record, when and why), both carry the roster's table, a
BOM on request for Excel in Japanese, and `export -o` says what it wrote."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from judgetui.models import Player
from judgetui.service import RecordRequest, Station
from tests.helpers.cli import refused, run
from tests.helpers.event import FLOOR, HEAD


@pytest.fixture
def event(station: Station) -> Path:
    station.import_players(HEAD, [Player(id="P7", name="佐藤 健", table=88)])
    late = station.record(
        HEAD, RecordRequest(["P7"], "tardiness", False, True, minutes_late=4)
    ).records[0]
    voided = station.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True)).records[0]
    assert late.id is not None and voided.id is not None
    station.void(HEAD, voided.id, "recorded on the wrong player")
    return station.file.path


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_export_carries_minutes_late_the_void_and_the_players_table(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", "--db", event, "--format", "csv")
    assert code == 0, err
    rows = {row["player"]: row for row in _csv(out) if row["row"] == "record"}
    assert rows["P7"]["minutes_late"] == "4"
    assert rows["P7"]["player_table"] == "88"
    voided = rows["P1"]
    assert voided["status"] == "voided"
    assert (voided["voided_by"], voided["void_note"]) == (HEAD, "recorded on the wrong player")
    assert voided["voided_at"]
    assert list(_csv(out)[0])[-1] == "head"


def test_json_export_carries_the_players_table(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", "--db", event)
    assert code == 0, err
    players = {p["id"]: p for p in json.loads(out)["players"]}
    assert players["P7"]["table"] == 88
    assert players["P1"]["table"] is None


def test_csv_export_with_bom_starts_with_the_utf8_bom_and_reads_back(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "export", "--db", event, "--format", "csv", "--bom")
    assert code == 0, err
    assert out.startswith("\ufeffrow,")
    assert not run(capsys, "export", "--db", event, "--format", "csv")[1].startswith("\ufeff")
    names = {row["player_name"] for row in _csv(out.removeprefix("\ufeff"))}
    assert "佐藤 健" in names


def test_bom_with_a_json_export_is_bad_input(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, event, 2, "export", "--db", event, "--format", "json", "--bom")
    assert "--bom" in line


def test_export_to_a_file_says_what_it_wrote_and_replaces_its_own_bom_export(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "penalties.csv"
    for _ in range(2):  # the second replaces the first: a BOM export is still an export
        code, out, err = run(
            capsys, "export", "--db", event, "--format", "csv", "--bom", "-o", target
        )
        assert code == 0, err
        assert out.startswith(f"wrote {target} (csv): "), out
        assert len(out.splitlines()) == 1
    assert target.read_bytes().startswith(b"\xef\xbb\xbfrow,")
    code, out, err = run(capsys, "export", "--db", event, "-o", tmp_path / "e.json", "--json")
    assert code == 0, err
    assert json.loads(out)["written"] == str(tmp_path / "e.json")
