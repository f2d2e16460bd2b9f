"""Issue 11 item 11, the smaller items: `event show` in words, `1 player imported`, a
re-import lists the renamed players, the round is set back only when the judge says so,
the number of rounds can change after set-up, the player screen never says "a decision
is owed" beside "Decision owed: no", and the result list offers only valid pairings.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import engine, text
from judgetui.engine import Situation
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.player import PlayerScreen, points_summary
from judgetui.station.widgets.header import StationHeader
from tests.helpers.cli import refused, run, without_unbound_warning
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown


def test_event_show_prints_words_not_python_values(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    code, out, err = run(capsys, "event", "show", "--db", db_path)
    assert code == 0, err
    assert "None" not in out and "[{" not in out and "'" not in out
    assert "Event: Test Open" in out
    assert "Round: 1 of 6, main rounds" in out
    assert "Judges: Kana Mori (head judge), Alex Reed (floor judge)" in out
    code, out, _err = run(capsys, "event", "show", "--db", db_path, "--json")
    assert code == 0 and json.loads(out)["rounds"] == 6


def test_event_show_without_a_number_of_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "e.json"
    assert run(capsys, "event", "init", "--db", db, "--name", "X", "--head-judge", HEAD)[0] == 0
    code, out, _err = run(capsys, "event", "show", "--db", db)
    assert code == 0 and "Round: 1 (number of rounds not set)" in out


def test_one_player_imported_is_singular(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, tmp_path: Path
) -> None:
    csv = tmp_path / "one.csv"
    csv.write_text("id,name\nP9,Nia Park\n", encoding="utf-8")
    code, out, err = run(capsys, "players", "import", csv, "--db", db_path, "--judge", HEAD)
    assert code == 0, err
    assert out.strip().splitlines() == ["read one.csv as UTF-8: 1 player", "1 player imported"]


def test_reimport_lists_the_renamed_players_on_stderr(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path, tmp_path: Path
) -> None:
    csv = tmp_path / "again.csv"
    csv.write_text("id,name\nP1,Taro Yamada\nP2,Ann Lee-Smith\n", encoding="utf-8")
    code, out, err = run(capsys, "players", "import", csv, "--db", db_path, "--judge", HEAD)
    assert code == 0
    assert out.strip().splitlines()[-1] == "2 players imported"
    renamed = without_unbound_warning(err).strip().splitlines()
    assert renamed == ["judgetui: P2 renamed: Ann Lee → Ann Lee-Smith"]
    assert fresh(station).players["P2"].name == "Ann Lee-Smith"


def test_round_set_backwards_is_refused_without_back(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    station.set_round(HEAD, 4)
    line = refused(capsys, db_path, 2, "event", "round", "2", "--db", db_path, "--judge", HEAD)
    assert "before the current round 4" in line and "--back" in line
    code, _out, err = run(capsys, "event", "round", "2", "--back", "--db", db_path, "--judge", HEAD)
    assert code == 0, err
    assert fresh(station).round == 2


def test_number_of_rounds_changes_after_set_up(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    refused(capsys, db_path, 3, "event", "rounds", "8", "--db", db_path, "--judge", FLOOR)
    code, out, err = run(capsys, "event", "rounds", "8", "--db", db_path, "--judge", HEAD)
    assert code == 0, err
    assert out.strip() == "the event has 8 rounds"
    state = fresh(station)
    assert state.rounds == 8
    entries = station.file.load().entries
    assert entries[-1]["kind"] == "rounds_set" and entries[-1]["judge"] == HEAD
    station.set_round(HEAD, 3)
    line = refused(capsys, db_path, 2, "event", "rounds", "2", "--db", db_path, "--judge", HEAD)
    assert "fewer than the current round 3" in line


@pilot_test
async def test_header_shows_the_changed_number_of_rounds(station: Station) -> None:
    station.set_rounds(HEAD, 9)
    station.set_round(HEAD, 3)
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        app.screen.query_one(StationHeader)
        assert "Round&#160;3/9" in app.export_screenshot()


@pilot_test
async def test_station_asks_before_setting_the_round_back(station: Station) -> None:
    station.set_round(HEAD, 4)
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        field = screen.query_one("#event-round")
        field.focus()
        field.value = ""  # type: ignore[attr-defined]
        await pilot.press("2", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is screen)
        assert fresh(station).round == 4, "no means no"
        field.focus()
        field.value = ""  # type: ignore[attr-defined]
        await pilot.press("2", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await settle(pilot, lambda: fresh(station).round == 2)


@pilot_test
async def test_disqualified_player_screen_does_not_say_a_decision_is_owed(
    station: Station,
) -> None:
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", penalty="single_warning")
    record(station, HEAD, "P5", "collusion", intentional=True, note="bribe offered")
    app = make_app(station)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = PlayerScreen("P5")
        await open_screen(pilot, screen)
        summary = shown(screen, "#player-summary")
    assert "a decision is owed" not in summary
    assert "Decision owed: no" in summary
    assert "no decision: the player is disqualified" in summary
    assert "Status: disqualified\n" in summary, "status on its own line (no 'activePoints')"


def test_points_summary_after_a_decision(station: Station) -> None:
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", penalty="single_warning")
    station.decide(HEAD, "P5", "match_loss", note="all minor")
    state = fresh(station)
    assert points_summary(state, "P5", 3, False) == "3 (the three-warning decision is made)"
    assert points_summary(state, "P1", 0, False) == "0 (a decision is owed at 3)"


def test_result_list_never_offers_notice_plus_disqualification(rules: Rules) -> None:
    slow = engine.classify(rules, Situation(False, True, "slow_play"))
    names = [text.outcome_name(rules, o) for _k, o in engine.choices(rules, [slow])]
    assert "Notice + Disqualification" not in names
    assert "Notice + Ejection" not in names
    assert names[-2:] == ["Ejection", "Disqualification"]
    deck = engine.classify(rules, Situation(False, True, "illegal_deck"))
    pairs = [o for _k, o in engine.choices(rules, [deck])]
    assert all(o.sanction in ("ejection", "disqualification") for o in pairs)
    assert [o.sanction for o in pairs] == ["ejection", "disqualification"], (
        "no 'Double Warning + Ejection' beside the recommended ejection"
    )
