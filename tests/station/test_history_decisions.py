"""Decisions are in the history, on the command line and on the `h` screen (issue 11:
"decisions appear wherever records do")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from judgetui import cli
from judgetui.history import HistoryFilter, matching_entries, parse_filter
from judgetui.service import RecordResult, Station
from judgetui.state import DecisionState
from judgetui.station.screens.history import HistoryScreen
from tests.helpers.cli import unwrapped
from tests.helpers.event import HEAD, record
from tests.helpers.station import make_app, pilot_test, settle


def _three_singles_then_ejection(station: Station, player: str) -> str:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        result = record(station, HEAD, player, infraction, penalty="single_warning")
        assert isinstance(result, RecordResult)
    [entry] = station.decide(HEAD, player, "ejection", note="third warning, abusive")
    return f"decision-{entry['seq']}"


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> str:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_history_json_lists_the_decision_newest_first(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decision = _three_singles_then_ejection(station, "P1")
    found = json.loads(_run(capsys, "--db", db_path, "history", "--json", "--player", "P1"))
    assert [e["kind"] for e in found] == ["decision", "record", "record", "record"]
    first = found[0]
    assert (first["id"], first["penalty"], first["player"]) == (decision, "ejection", "P1")
    assert first["voided"] is False and first["points"] == 3


def test_a_voided_decision_stays_in_the_history_and_says_so(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decision = _three_singles_then_ejection(station, "P2")
    station.void(HEAD, decision, "wrong player")
    found = json.loads(_run(capsys, "--db", db_path, "history", "--json", "--player", "P2"))
    assert found[0]["id"] == decision and found[0]["voided"] is True
    text = _run(capsys, "--db", db_path, "history", "--player", "P2")
    first = unwrapped(text)[0]
    assert decision in first and "voided" in first and "three-warning decision" in first


def test_history_text_names_the_decision(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decision = _three_singles_then_ejection(station, "P3")
    out = _run(capsys, "--db", db_path, "history", "--round", "1")
    first = unwrapped(out)[0]
    assert decision in first and "Ejection" in first and "decided" in first
    assert "third warning, abusive" in out


def test_a_filter_on_table_or_infraction_leaves_decisions_out(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _three_singles_then_ejection(station, "P4")
    state = station.load()
    for wanted in (HistoryFilter(table=1), HistoryFilter(infraction="slow_play")):
        assert not any(isinstance(e, DecisionState) for e in matching_entries(state, wanted))
    for argv in (("--table", "1"), ("--infraction", "slow_play")):
        found = json.loads(_run(capsys, "--db", db_path, "history", "--json", *argv))
        assert all(e["kind"] == "record" for e in found)
    # the station's words find it by its penalty or what it is
    for line in ("ejection", "P4 decision"):
        assert any(
            isinstance(e, DecisionState) for e in matching_entries(state, parse_filter(line))
        ), line


@pilot_test
async def test_the_history_screen_shows_the_decision_with_its_note(station: Station) -> None:
    decision = _three_singles_then_ejection(station, "P5")
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(app.screen, HistoryScreen))
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        await pilot.press(*"P5")
        await settle(pilot, lambda: decision in screen.records)
        table = screen.query_one("#history-table", DataTable)
        first = [str(c) for c in table.get_row_at(0)]
        assert "Ejection" in first[4] and "three-warning decision" in first[6]
        detail = str(screen.query_one("#history-detail", Static).content)
        assert "third warning, abusive" in detail


@pilot_test
async def test_help_stays_in_reach_while_a_name_is_typed(station: Station) -> None:
    """`?` is typed into a text field, so F1 opens Help there, and the footer says so."""
    from judgetui.station.dialogs.help import HelpScreen
    from judgetui.station.screens.classify import ClassifyScreen
    from judgetui.station.widgets.footer import StationFooter

    app = make_app(station)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        await pilot.press("?")
        await settle(pilot)
        assert isinstance(app.screen, ClassifyScreen)  # typed, not Help
        footer = app.screen.query_one(StationFooter)
        keys = [str(k.key_display) + " " + str(k.description) for k in footer.query("FooterKey")]
        assert "f1 Help" in keys
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, HelpScreen))
