"""The station asks before what cannot be undone and says why a key does nothing
(issue 26, item 11): quitting with work typed, marking a round-list line entered, Esc on
an ejection's or a disqualification's confirmation, a key that is not this judge's or
this player's, and the round box after the head judge keeps the round."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Input, OptionList

from judgetui.service import Station
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.dialogs.review_action import ReviewActionModal
from judgetui.station.dialogs.void import ConfirmSanction, CorrectModal
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.review import ReviewScreen
from judgetui.station.screens.round_list import RoundListScreen
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import (
    burst,
    fresh,
    make_app,
    open_screen,
    pilot_test,
    session_of,
    settle,
    shown,
)

SIZE = (100, 30)


@pilot_test
async def test_keep_round_shows_the_round_kept_in_the_round_box(station: Station) -> None:
    station.set_round(HEAD, 3)
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        field = screen.query_one("#event-round", Input)
        assert field.value == "3"
        await pilot.press("r", "2", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        assert "Keep round 3" in str(app.screen.query_one("#confirm-no").render())
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is screen)
        assert fresh(station).round == 3
        assert field.value == "3"
        assert "3 of 6" in shown(screen, "#event-summary")
        await pilot.press("r", "2", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await settle(pilot, lambda: "2 of 6" in shown(screen, "#event-summary"))
        assert field.value == "2"


@pilot_test
async def test_x_on_the_round_list_asks_before_a_line_is_entered_for_good(
    station: Station,
) -> None:
    record(station, HEAD, "P6", "decklist_mismatch", False, False, table=14, game=2)
    record(station, HEAD, "P2", "illegal_deck", False, True, table=7)
    before = fresh(station).count
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, RoundListScreen))
        screen = app.screen
        for no in ("n", "escape", "enter"):
            await pilot.press("x")
            await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
            question = shown(app.screen, "#confirm-question")
            assert "stays entered" in question and "T7 · P2 Ann Lee" in question, question
            await pilot.press("space", "x", "m")  # stray keys: the question stays
            await settle(pilot)
            assert isinstance(app.screen, ConfirmModal)
            await pilot.press(no)
            await settle(pilot, lambda: app.screen is screen)
            assert fresh(station).count == before, no
        await burst(pilot, "x", "x", "y", "x", "y")  # twice, in one burst
        await settle(pilot, lambda: bool(session_of(app).state.entered))
        await settle(pilot)
        state = fresh(station)
        assert len(state.entered) == 1
        assert state.count == before + 1


# -- escape on an ejection's or a disqualification's confirmation: back to the form -----------


def highlighted_id(screen: Screen[Any], selector: str) -> str | None:
    option = screen.query_one(selector, OptionList).highlighted_option
    return None if option is None else option.id


def pick(screen: Screen[Any], selector: str, key: str) -> None:
    options = screen.query_one(selector, OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    options.highlighted = ids.index(key)


@pilot_test
async def test_escape_on_the_upgrade_confirmation_keeps_the_upgrade_form(
    station: Station,
) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    before = station.file.path.read_bytes()
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(pilot, ReviewScreen())
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ReviewActionModal))
        form = app.screen
        pick(form, "#review-action-choices", "ejection")
        await pilot.press("tab", *"pushed the table", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        await pilot.press(*"hal", "escape")
        await settle(pilot, lambda: app.screen is form)
        assert highlighted_id(form, "#review-action-choices") == "ejection"
        assert form.query_one("#review-action-note", Input).value == "pushed the table"
        assert station.file.path.read_bytes() == before
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        await pilot.press(*"threatened the opponent", "enter")
        await settle(pilot, lambda: fresh(station).players["P2"].status == "ejected")
    [upgraded] = [r for r in fresh(station).history("P2") if r.sanction == "ejection"]
    assert upgraded.review_note == "pushed the table · threatened the opponent"


@pilot_test
async def test_escape_on_the_correction_confirmation_keeps_the_correction_form(
    station: Station,
) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    before = station.file.path.read_bytes()
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, CorrectModal))
        form = app.screen
        form.query_one("#correct-player", Input).value = "P2"
        pick(form, "#correct-penalty", "disqualification")
        await pilot.press(*"wrong player and penalty", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        assert "Ann Lee" in str(app.screen.query_one(".dialog-body").render())
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is form)
        assert form.query_one("#correct-player", Input).value == "P2"
        assert highlighted_id(form, "#correct-penalty") == "disqualification"
        assert form.query_one("#note-field", Input).value == "wrong player and penalty"
        assert station.file.path.read_bytes() == before


# -- every way of quitting asks first -------------------------------------------------------


def is_quit_question(app: Any) -> bool:
    return isinstance(app.screen, ConfirmModal) and "Quit the station?" in shown(
        app.screen, "#confirm-question"
    )


@pilot_test
async def test_ctrl_q_during_a_classification_asks_and_keeps_the_incident(
    station: Station,
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("n", *"ann", "enter", *"slow", "enter")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen) and screen.step == "intentional"
        await burst(pilot, "ctrl+q", "ctrl+q")  # a stray key, twice
        assert is_quit_question(app)
        assert "not recorded" in shown(app.screen, "#confirm-question")
        assert sum(isinstance(s, ConfirmModal) for s in app.screen_stack) == 1
        for stay in ("n", "enter", "escape"):
            await pilot.press(stay)
            await settle(pilot)
            assert app.screen is screen and app.is_running, stay
            assert screen.step == "intentional" and screen.players == ["P2"]
            await pilot.press("ctrl+q")
            await settle(pilot, lambda: is_quit_question(app))
        await pilot.press("y")
        await settle(pilot, lambda: not app.is_running or app._exit_renderables is not None)
    assert app.return_code == 0


@pilot_test
async def test_the_palettes_quit_asks_first(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("ctrl+p", *"quit")
        await settle(pilot)  # the palette's search is a worker
        await pilot.press("enter")
        await settle(pilot, lambda: is_quit_question(app))
        await pilot.press("n")
        await settle(pilot)
        assert type(app.screen).__name__ == "DashboardScreen" and app.is_running


@pilot_test
async def test_ctrl_q_with_a_note_typed_in_a_dialog_says_it_is_lost(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("v", *"recorded tw")
        await pilot.press("ctrl+q")
        await settle(pilot, lambda: is_quit_question(app))
        assert "typed in the open dialog" in shown(app.screen, "#confirm-question")
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.query_one("#note-field", Input).value == "recorded tw"


# -- a key that does nothing says why ------------------------------------------------------------


def notes_of(app: Any) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pilot_test
async def test_d_for_an_ejected_player_says_no_decision_is_owed(station: Station) -> None:
    record(station, HEAD, "P2", "illegal_deck", False, True, table=7)
    assert fresh(station).players["P2"].status == "ejected"
    app = make_app(station)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = PlayerScreen("P2")
        await open_screen(pilot, screen)
        await pilot.press("d")
        await settle(pilot)
        assert app.screen is screen
        assert notes_of(app) == ["Ann Lee is ejected: no decision is owed."]


@pilot_test
async def test_i_for_a_floor_judge_says_investigations_are_the_head_judges(
    station: Station,
) -> None:
    app = make_app(station, FLOOR)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        screen = app.screen
        await pilot.press("i")
        await settle(pilot)
        assert app.screen is screen
        assert notes_of(app) == ["Only the head judge may see and close the investigations."]
        app.clear_notifications()
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("v")
        await settle(pilot)
        assert notes_of(app) == ["Only the head judge may do this: Void."]
