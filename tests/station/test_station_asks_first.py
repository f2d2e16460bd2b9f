"""The station asks before what cannot be undone and says why a key does nothing
(issue 26, item 11): quitting with work typed, marking a round-list line entered, Esc on
an ejection's or a disqualification's confirmation, a key that is not this judge's or
this player's, and the round box after the head judge keeps the round."""

from __future__ import annotations

from textual.widgets import Input

from judgetui.service import Station
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.screens.event import EventScreen
from tests.helpers.event import HEAD
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown

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
