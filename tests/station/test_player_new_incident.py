"""Issue 11 item 8 on the player screen: `n` opens a new incident for the player, and the
keys typed right after it (one burst over SSH) reach the classification's search."""

from __future__ import annotations

from textual.widgets import Input

from judgetui.service import Station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.player import PlayerScreen
from tests.helpers.station import burst, make_app, open_screen, pilot_test, settle


@pilot_test
async def test_n_on_the_player_screen_keeps_the_keys_typed_after_it(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await burst(pilot, "n", *"ann")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.marked == ["P1"], "the player of the screen is in the incident"
        assert screen.query_one("#player-search", Input).value == "ann"
