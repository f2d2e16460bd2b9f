"""The station asks before what cannot be undone and says why a key does nothing
(issue 26, item 11): quitting with work typed, marking a round-list line entered, Esc on
an ejection's or a disqualification's confirmation, a key that is not this judge's or
this player's, and the round box after the head judge keeps the round."""

from __future__ import annotations

from textual.widgets import Input

from judgetui.service import Station
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.round_list import RoundListScreen
from tests.helpers.event import HEAD, record
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
