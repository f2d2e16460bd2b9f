"""The station does what a tired judge means: keys in one burst, spaces in names, `n` twice.

Issue 11, items 1, 2 and 8. A burst is what a paste or a laggy SSH link gives the
station: every key reaches the App before the first has been handled.
"""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from judgetui.rules import Rules
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import SIZE, burst, key_names, make_app, pilot_test, service_on, settle
from tests.helpers.ten_digit_event import EMMA_BROWN, EMMA_KIM, GRACE_LEE, ten_digit_event


def search_value(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, ClassifyScreen)
    return screen.query_one("#player-search", Input).value


# -- 1: a space is typed, not a mark --------------------------------------------------------


@pilot_test
async def test_space_in_player_search_is_typed_not_marked(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", *key_names("emma kim"))
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert search_value(app) == "emma kim"
        assert screen.marked == []
        await pilot.press("enter")
        assert screen.step == "infraction"
        assert screen.players == [EMMA_KIM]


@pilot_test
async def test_space_in_player_search_in_one_burst_picks_the_typed_player(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", *key_names("emma kim"), "enter")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "infraction"
        assert screen.players == [EMMA_KIM]


@pilot_test
async def test_tab_adds_players_to_one_incident_and_enter_keeps_the_last_typed(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", *key_names("emma kim"), "tab")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.marked == [EMMA_KIM] and search_value(app) == ""
        # tab twice (a tired judge) marks nobody else: the search is empty.
        await pilot.press("tab")
        assert screen.marked == [EMMA_KIM]
        await pilot.press(*key_names("grace lee"), "enter")
        assert screen.players == [EMMA_KIM, GRACE_LEE]


@pilot_test
async def test_enter_on_an_untouched_player_list_picks_nobody(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await burst(pilot, "n", "enter")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "players" and screen.players == []
        assert any("Type a player" in n.message for n in app._notifications)
        # Moving to a row is a choice: enter then takes it.
        await pilot.press("down", "enter")
        assert screen.step == "infraction" and len(screen.players) == 1
        assert screen.players != [EMMA_BROWN]  # the second row, not the first


@pilot_test
async def test_a_search_that_matches_nobody_does_not_continue(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("n", *key_names("emma kim"), "tab", *"gracx", "enter")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "players"
        assert any("No player matches" in n.message for n in app._notifications)


# -- 2: another incident -------------------------------------------------------------------


async def record_slow_play(pilot: Pilot[None], who: str) -> ClassifyScreen:
    await pilot.press("n", *key_names(who), "enter", *"slow", "enter", "n", "y")
    screen = pilot.app.screen
    assert isinstance(screen, ClassifyScreen)
    while screen.step == "upgrades":
        await pilot.press("n")
    assert screen.step == "result"
    await pilot.press("enter")
    await settle(pilot, lambda: screen.step == "done")
    return screen


@pilot_test
async def test_another_incident_from_recorded_screen_does_not_crash(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    station = ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        first = await record_slow_play(pilot, "emma kim")
        begun = first.incident
        await pilot.press("n")
        await pilot.pause()
        second = app.screen
        # A new incident on the same screen (issue 14): nothing of the first is kept.
        assert isinstance(second, ClassifyScreen) and second.incident == begun + 1
        assert second.step == "players" and second.players == [] and second.result is None
        assert first.infraction is None and not first.marked
        await pilot.press(*key_names("grace lee"), "enter")
        assert second.players == [GRACE_LEE]
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, DashboardScreen)
    assert app.return_code in (None, 0)
    state = station.load()
    assert len(state.players[EMMA_KIM].records) == 1


@pilot_test
async def test_another_incident_twice_in_a_row_does_not_crash(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    station = ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await record_slow_play(pilot, "emma kim")
        await pilot.press("n")
        # The `n` that opens the walk-through is the one on the Recorded screen.
        await pilot.press(*key_names("grace lee"), "enter", *"slow", "enter", "n", "y")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        while screen.step == "upgrades":
            await pilot.press("n")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        await pilot.press("n")
        assert isinstance(app.screen, ClassifyScreen) and app.screen.step == "players"
        assert app.screen.players == [] and app.screen.infraction is None
    state = station.load()
    assert [len(state.players[p].records) for p in (EMMA_KIM, GRACE_LEE)] == [1, 1]


# -- 8: keys typed right after `n` ------------------------------------------------------------


@pilot_test
async def test_keys_typed_right_after_n_reach_the_search(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", *"grace")
        assert isinstance(app.screen, ClassifyScreen)
        assert search_value(app) == "grace"


@pilot_test
async def test_keys_typed_right_after_another_incident_reach_the_search(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await record_slow_play(pilot, "emma kim")
        await burst(pilot, "n", *"grace")
        assert search_value(app) == "grace"


@pilot_test
async def test_whole_classification_in_one_burst_records_the_right_thing(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    station = ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        keys = ["n", *key_names("emma kim"), "enter", *"slow", "enter", "n", "y"]
        keys += ["n"] * 4 + ["enter"]
        await burst(pilot, *keys)
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        await settle(pilot, lambda: screen.step == "done")
    state = station.load()
    [record_id] = state.players[EMMA_KIM].records
    record = state.records[record_id]
    assert (record.infraction, record.penalty) == ("slow_play", "notice")
    assert all(not state.players[p].records for p in state.players if p != EMMA_KIM)


@pilot_test
async def test_n_typed_into_the_dashboard_filter_is_a_letter(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules, records=False)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", *"tanaka")
        assert isinstance(app.screen, DashboardScreen)
        assert app.screen.query_one("#player-filter", Input).value == "tanaka"
