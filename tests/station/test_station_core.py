"""The station's core, driven with Textual's Pilot: dashboard, classification, live updates."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, OptionList

from judgetui.demo import write_demo
from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import NotPermitted, Station
from judgetui.station.messages import Reviewed
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.sign_in import SignInScreen
from judgetui.station.session import Session
from judgetui.station.widgets.table import RowTable
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import (
    SIZE,
    make_app,
    pilot_test,
    service_on,
    session_of,
    settle,
    text_of,
    walk_to_result,
)

# -- classification as a floor judge ------------------------------------------------------


@pilot_test
async def test_floor_judge_records_a_notice_that_lands_in_the_queue(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        assert screen.chosen() is not None and screen.chosen().key == "notice"  # type: ignore[union-attr]
        assert "head judge's queue" in text_of(screen, "#result-effect")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert "Notice" in text_of(screen, "#done-text")
        await settle(pilot, lambda: len(session_of(app).queue()) == 1)
        [item] = session_of(app).queue()
        assert (item.kind, item.player, item.judge) == ("notice", "P1", FLOOR)
        await pilot.press("enter")
        assert isinstance(app.screen, DashboardScreen)
        pending = app.screen.query_one("#pending", RowTable)
        assert pending.cursor_key == item.id


@pilot_test
async def test_floor_judges_single_warning_becomes_a_request_and_says_so(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P2", "improper", "y", "n")
        effect = text_of(screen, "#result-effect")
        assert "request" in effect and "counts once confirmed" in effect
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert "sent to the head judge as a request" in text_of(screen, "#done-text")
    state = station.load()
    [queued] = state.queue()
    assert (queued.kind, queued.player, queued.penalty) == ("request", "P2", "single_warning")
    assert state.points("P2") == 0


@pilot_test
async def test_floor_judge_sends_a_head_only_penalty_as_a_request(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P3", "slow", "y", "y")
        assert "only the head judge may issue Double Warning" in text_of(screen, "#result-effect")
        active = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "send_request" in active and "record" not in active
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    [queued] = station.load().queue()
    assert (queued.kind, queued.penalty) == ("request", "double_warning")


# -- classification as the head judge ---------------------------------------------------


@pilot_test
async def test_head_judge_records_a_double_warning(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P4", "slow", "y", "y")
        assert "Points 0 → 2" in text_of(screen, "#result-effect")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert "2 points in the main rounds" in text_of(screen, "#done-text")
    state = station.load()
    [record_id] = state.players["P4"].records
    assert state.records[record_id].penalty == "double_warning"
    assert state.records[record_id].status == "issued"
    assert state.points("P4") == 2


@pilot_test
async def test_head_judge_picks_a_higher_penalty_and_a_note(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P5", "slow", "n", "y")
        keys = [c.key for c in screen.choices()]
        assert keys[0] == "notice" and "caution" not in keys
        await pilot.press("down")
        assert screen.chosen() is not None and screen.chosen().key == "single_warning"  # type: ignore[union-attr]
        await pilot.press("tab", *"second time", "enter")
        await settle(pilot, lambda: screen.step == "done")
    state = station.load()
    [record_id] = state.players["P5"].records
    assert state.records[record_id].penalty == "single_warning"
    assert state.records[record_id].note == "second time"


@pilot_test
async def test_several_players_for_one_incident(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        await pilot.press(*"p1", "tab", *"p6", "enter")
        assert screen.players == ["P1", "P6"]
        await pilot.press(*"outside", "enter", "y", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    state = station.load()
    assert [len(state.players[p].records) for p in ("P1", "P6")] == [1, 1]


@pilot_test
async def test_escape_steps_back_one_step_at_a_time(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        steps = []
        for _ in range(4):
            await pilot.press("escape")
            steps.append((screen.step, screen.question_index))
        assert steps == [("upgrades", 3), ("upgrades", 2), ("upgrades", 1), ("upgrades", 0)]
        for expected in ("disruptive", "intentional", "infraction", "players"):
            await pilot.press("escape")
            assert screen.step == expected
        assert screen.infraction == "slow_play"
        await pilot.press("escape")
        assert isinstance(app.screen, DashboardScreen)


@pilot_test
async def test_tardiness_asks_minutes_late(station: Station, db_path: Path, rules: Rules) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", *"p2", "enter", *"tardiness", "enter", "n", "y")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "upgrades"
        minutes = screen.query_one("#minutes", Input)
        assert minutes.has_focus
        await pilot.press("1", "2", "enter")
        assert screen.minutes == 12
        while screen.step == "upgrades":
            question = screen._question()
            await pilot.press("y" if question and question.key == "between_matches" else "n")
        assert screen.situation().flags == frozenset({"between_matches"})
        found = screen._classifications()["P2"]
        assert found.recommended.sanction == "match_loss"
        assert found.sanction_applies == "next"


# -- the dashboard ----------------------------------------------------------------------


@pilot_test
async def test_dashboard_filter_finds_players_by_name_or_id(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        players = app.screen.query_one("#players", RowTable)
        assert len(players.rows) == 6
        await pilot.press("slash", *"lee")
        assert [row.key for row in players.rows] == ["P2"]
        await pilot.press("ctrl+u", *"p5")
        assert [row.key for row in players.rows] == ["P5"]
        await pilot.press("escape")
        assert len(players.rows) == 6 and players.has_focus


@pilot_test
async def test_dashboard_orders_owed_decisions_then_two_points_first(
    station: Station, db_path: Path, rules: Rules
) -> None:
    for _ in range(3):
        record(station, HEAD, "P6", "game_rules_violation", intentional=True, disruptive=False)
    record(station, HEAD, "P3", "slow_play", intentional=True, disruptive=True)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#players", RowTable)
        assert [row.key for row in players.rows[:2]] == ["P6", "P3"]
        assert players.cursor_key == "P6"
        assert app.screen.check_action("decide", ()) is True
        await pilot.press("down")
        assert app.screen.check_action("decide", ()) is None


@pilot_test
async def test_floor_judge_cannot_review_decide_or_manage_the_event(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for action in ("review", "decide", "event"):
            assert screen.check_action(action, ()) is None
        shown = {b.binding.action: b for b in screen.active_bindings.values()}
        assert shown["review"].binding.group is not None
        assert shown["review"].binding.group.description == "head judge only"
        await pilot.press("r")
        assert isinstance(app.screen, DashboardScreen)


@pilot_test
async def test_refusals_from_the_service_become_notifications(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, DashboardScreen)

        def refuse() -> None:
            raise NotPermitted("only the head judge may review the queue")

        screen.serve(refuse, Reviewed)
        await settle(pilot, lambda: bool(app._notifications))
        [note] = list(app._notifications)
        assert note.severity == "error"
        assert note.message == "Not permitted: only the head judge may review the queue"


# -- live: several stations on one file ---------------------------------------------------


@pilot_test
async def test_another_stations_write_shows_within_a_second(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        pending = app.screen.query_one("#pending", RowTable)
        assert pending.rows == []
        record(station, FLOOR, "P1", "slow_play")
        await settle(pilot, lambda: len(pending.rows) == 1)
        assert any("Alex Reed gave" in n.message for n in app._notifications)


@pilot_test
async def test_two_stations_see_each_others_writes(
    station: Station, db_path: Path, rules: Rules
) -> None:
    head = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    floor = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as head_pilot, floor.run_test(size=SIZE) as floor_pilot:
        screen = await walk_to_result(floor_pilot, "P2", "slow", "n", "y")
        await floor_pilot.press("enter")
        await settle(floor_pilot, lambda: screen.step == "done")
        head_pending = head.screen.query_one("#pending", RowTable)
        await settle(head_pilot, lambda: len(head_pending.rows) == 1)
        item = session_of(head).queue()[0]
        session_of(head).station.review(HEAD, item.id, "confirm")
        await settle(head_pilot, lambda: head_pending.rows == [])
        await floor_pilot.press("enter")
        floor_pending = floor.screen.query_one("#pending", RowTable)
        await settle(floor_pilot, lambda: floor_pending.rows == [])


def test_session_applies_only_new_entries_and_reloads_a_rewritten_log(
    station: Station, db_path: Path, rules: Rules
) -> None:
    snapshot = station.file.load()
    judge = station.planner.identify(station.fold(snapshot), HEAD)
    session = Session(station, judge, station.fold(snapshot), lambda: FIXED_NOW, snapshot.stamp)
    assert session.refresh() is False
    before = session.state
    record(station, FLOOR, "P1", "slow_play")
    assert session.refresh() is True
    assert session.state is before and len(session.queue()) == 1
    other = db_path.with_name("other.json")
    Station(EventFile(other), rules, caller=Caller("tester", None)).create_event(
        "Other Open", HEAD, [FLOOR]
    )
    other.replace(db_path)
    assert session.refresh() is True
    assert session.state is not before and session.state.name == "Other Open"


# -- start-up -----------------------------------------------------------------------------


@pilot_test
async def test_unbound_event_without_a_judge_asks_who_signs_in(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), None, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SignInScreen)
        roster = app.screen.query_one("#roster", OptionList)
        assert [roster.get_option_at_index(i).id for i in range(roster.option_count)] == [
            HEAD,
            FLOOR,
        ]
        await pilot.press("down", "enter")
        assert isinstance(app.screen, DashboardScreen)
        assert session_of(app).judge.name == FLOOR


@pilot_test
async def test_missing_event_file_opens_the_first_run(tmp_path: Path, rules: Rules) -> None:
    from judgetui.station.screens.first_run import FirstRunScreen

    app = make_app(service_on(tmp_path / "none.json", rules), None, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FirstRunScreen)


def test_corrupt_file_or_unknown_judge_stop_before_the_app(
    db_path: Path, tmp_path: Path, rules: Rules
) -> None:
    from judgetui.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["--db", str(bad), "--judge", HEAD]) == 2
    write_demo(str(db_path), rules, players=4, records=2)
    assert main(["--db", str(db_path), "--judge", "Nobody"]) == 2


@pilot_test
async def test_palette_finds_a_player_and_opens_their_detail(
    station: Station, db_path: Path, rules: Rules
) -> None:
    from judgetui.station.screens.player import PlayerScreen

    app = make_app(service_on(db_path, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.press(*"mio tanaka")
        await settle(pilot)  # the palette's search is a worker
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        assert app.screen.player_id == "P5"  # type: ignore[attr-defined]


@pilot_test
async def test_big_event_player_filter_stays_fast(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "big.json"
    write_demo(str(db), rules, players=2000, records=400)
    app = make_app(service_on(db, rules), "Kana Mori", now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        players = app.screen.query_one("#players", RowTable)
        assert len(players.rows) == 2000
        loop = asyncio.get_running_loop()
        started = loop.time()
        await pilot.press("slash", *"p1999")
        assert [row.key for row in players.rows] == ["P1999"]
        assert loop.time() - started < 2.0
