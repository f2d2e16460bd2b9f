"""The organiser's report (`judgetui report event`): official penalties by player with
decisions, no Notices, cautions as a count, per-round totals, voided ones apart, open
investigations, the head hash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.service import Station
from tests.helpers.cli import unwrapped
from tests.helpers.event import HEAD, record


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(station: Station) -> Station:
    record(station, HEAD, "P1", "slow_play", False, True)  # a Notice
    record(station, HEAD, "P2", "slow_play", False, False)  # a Caution: a count only
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", True, False)
    owed = station.load().decision_owed("P5")
    assert owed is not None
    station.decide(HEAD, "P5", owed.default)
    station.set_round(HEAD, 2)
    record(station, HEAD, "P3", "unsporting_conduct", True, True, penalty="triple_warning")
    record(station, HEAD, "P4", "slow_play", True, False)
    mistaken = station.load().history("P4")[-1]
    station.void(HEAD, mistaken.id, "wrong player")
    return station


def report(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> Any:
    code, out, err = run(capsys, "report", "event", "--db", db, "--json", *argv)
    assert code == 0, err
    return json.loads(out)


def test_notices_are_left_out_and_decisions_in(
    event: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    data = report(capsys, db_path)
    players = {p["id"]: p for p in data["players"]}
    assert "P1" not in players  # a Notice only
    assert "P2" not in players and data["cautions"] == 1
    assert all(r["warning"] != "notice" for p in data["players"] for r in p["records"])
    [decision] = players["P5"]["decisions"]
    assert decision["penalty"] == event.load().players["P5"].decisions[0].penalty
    assert len(players["P5"]["records"]) == 3
    assert data["head"] == event.load().head


def test_voided_apart_and_open_investigations(
    event: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    data = report(capsys, db_path)
    assert "P4" not in {p["id"] for p in data["players"]}
    assert [v["player"] for v in data["voided"]] == ["P4"]
    [open_] = data["open_investigations"]
    assert open_["player"] == "P3"
    rounds = {r["round"]: r["counts"] for r in data["rounds"]}
    assert rounds[2] == {"triple_warning": 1}
    assert "notice" not in rounds[1]


def test_the_text(event: Station, capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _err = run(capsys, "report", "event", "--db", db_path)
    assert code == 0
    state = event.load()
    assert state.head in out
    assert "Taro Yamada" not in out  # P1: a Notice only
    assert "Notice" not in out.split("## Penalties by player")[1]
    assert "three-warning decision" in out
    assert "Cautions (not by player): 1" in out
    opened = out.split("## Open investigations")[1].split("##")[0]
    assert "P3 山田 花子: open since" in opened and "Mio Tanaka" not in opened
    assert "Voided" in out and "wrong player" not in out


def test_in_japanese(event: Station, capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _err = run(capsys, "report", "event", "--db", db_path, "--lang", "ja")
    assert code == 0
    assert "公式記録" in out and "調査中の件" in out
    assert report(capsys, db_path) == report(capsys, db_path, "--lang", "ja")


def _ejected_then_a_warning_voided(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> str:
    """P6 is ejected on three warnings; then the head judge voids one of the warnings, so
    the ejection no longer stands. Returns the ejection's id."""
    for infraction in ("slow_play", "tardiness", "game_rules_violation"):
        record(station, HEAD, "P6", infraction, True, False)
    code, _out, err = run(capsys, "decide", "P6", "ejection", "--judge", HEAD, "--db", db_path)
    assert code == 0, err
    warning = station.load().history("P6")[-1]
    code, _out, err = run(
        capsys, "void", warning.id, "--judge", HEAD, "--note", "wrong player", "--db", db_path
    )
    assert code == 0, err
    [ejection] = station.load().players["P6"].decisions
    assert not ejection.standing
    return ejection.id


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_report_event_names_who_voided_what_an_ejection_rested_on(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path, lang: str
) -> None:
    ejection = _ejected_then_a_warning_voided(station, capsys, db_path)
    code, out, err = run(capsys, "report", "event", "--db", db_path, "--lang", lang)
    assert code == 0, err
    [line] = [x for x in unwrapped(out) if f"[{ejection}]" in x]
    assert HEAD in line and "None" not in line


def test_a_decision_no_longer_owed_does_not_read_reopened(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    """Voiding one of three Single Warnings takes P6 below the threshold: the ejection that
    rested on it is set aside, and nothing is reopened since no decision is owed."""
    ejection = _ejected_then_a_warning_voided(station, capsys, db_path)
    assert station.load().decision_owed("P6") is None
    code, out, err = run(capsys, "report", "event", "--db", db_path)
    assert code == 0, err
    [line] = [x for x in unwrapped(out) if f"[{ejection}]" in x]
    assert "reopened" not in line and "set aside" in line and "no decision is owed" in line
    for argv in (["player", "P6"], ["history", "--player", "P6"]):
        code, out, err = run(capsys, *argv, "--db", db_path)
        assert code == 0, err
        [row] = [x for x in unwrapped(out) if ejection in x]
        assert "reopened" not in row and "set aside" in row


def test_a_decision_owed_again_reads_reopened_until_it_is_made_again(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    ejection = _ejected_then_a_warning_voided(station, capsys, db_path)
    record(station, HEAD, "P6", "improper_notes", True, False)
    assert station.load().decision_owed("P6") is not None
    code, out, _err = run(capsys, "player", "P6", "--db", db_path)
    [row] = [x for x in unwrapped(out) if ejection in x]
    assert "reopened" in row
    code, _out, err = run(capsys, "decide", "P6", "ejection", "--judge", HEAD, "--db", db_path)
    assert code == 0, err
    code, out, _err = run(capsys, "player", "P6", "--db", db_path)
    [row] = [x for x in unwrapped(out) if ejection in x]
    assert "reopened" not in row and "set aside" in row
