"""Decisions appear wherever records do, and an upgrade names both judges (issue 11, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.reports import export_json
from judgetui.service import RecordResult, Station
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.widgets.table import RowTable
from tests.helpers.cli import unwrapped
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import make_app, open_screen, pilot_test, settle, table_rows


def three_singles(station: Station, player: str) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        result = record(station, HEAD, player, infraction, penalty="single_warning")
        assert isinstance(result, RecordResult)


def upgraded(station: Station, player: str) -> str:
    result = record(station, FLOOR, player, "slow_play")
    assert isinstance(result, RecordResult)
    notice = result.records[0].id
    assert notice is not None
    station.review(HEAD, notice, "upgrade", "single_warning")
    return next(r.id for r in station.load().records.values() if r.supersedes == notice)


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> str:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_player_text_lists_the_decisions(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    three_singles(station, "P1")
    [entry] = station.decide(HEAD, "P1", "game_loss")
    out = run(capsys, "player", "P1", "--db", db_path)
    [line] = [ln for ln in unwrapped(out) if "three-warning decision" in ln]
    assert "Game loss" in line and "at 3 points" in line and HEAD in line
    assert f"decision-{entry['seq']}" in line


def test_player_text_and_json_name_the_head_judge_who_upgraded(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    newer = upgraded(station, "P2")
    out = run(capsys, "player", "P2", "--db", db_path)
    [line] = [ln for ln in unwrapped(out) if newer in ln]
    assert f"{FLOOR} → {HEAD}" in line
    data = json.loads(run(capsys, "player", "P2", "--db", db_path, "--json"))
    [issued] = [r for r in data["records"] if r["id"] == newer]
    assert (issued["judge"], issued["reviewed_by"]) == (FLOOR, HEAD)


def test_player_json_decisions_carry_id_and_voided(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    three_singles(station, "P3")
    [entry] = station.decide(HEAD, "P3", "ejection")
    station.void(HEAD, f"decision-{entry['seq']}", "meant a match loss")
    data = json.loads(run(capsys, "player", "P3", "--db", db_path, "--json"))
    [decision] = data["decisions"]
    assert decision["id"] == f"decision-{entry['seq']}"
    assert decision["kind"] == "decision" and decision["voided"] is True
    assert decision["void_note"] == "meant a match loss"


def test_json_export_has_every_decision(station: Station) -> None:
    three_singles(station, "P4")
    station.decide(HEAD, "P4", "ejection")
    document = json.loads(export_json(station.load()))
    [decision] = document["decisions"]
    assert (decision["player"], decision["penalty"], decision["judge"]) == (
        "P4",
        "ejection",
        HEAD,
    )
    assert decision["applies"] == "current"


@pilot_test
async def test_recent_penalties_show_decisions(station: Station) -> None:
    three_singles(station, "P5")
    station.decide(HEAD, "P5", "ejection")
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        recent = app.screen.query_one("#recent", RowTable)
        first = recent.rows[0]
        cells = [c.plain if hasattr(c, "plain") else str(c) for c in first.cells]
        assert first.key.startswith("decision-")
        # the columns of the records' rows: ago, id, name, penalty, infraction, judge, status
        assert cells[1] == "P5" and "Ejection" in cells[3]
        assert "three-warning decision" in cells[4]


@pilot_test
async def test_player_screen_names_both_judges_of_an_upgrade(station: Station) -> None:
    upgraded(station, "P6")
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayerScreen("P6")
        await open_screen(pilot, screen)
        rows = table_rows(screen, "#player-history")
        assert any(f"{FLOOR} → {HEAD}" in row for row in rows)
