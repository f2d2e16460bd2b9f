"""Issue 14: the classification made ahead is laid out and drawn ahead too, so the first
`n` of a station's life shows rows already drawn (it drew every row of the player search
anew: ~60 ms of the first `n` at 50,000 records, the slowest "open" key of a walk)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from judgetui.service import Station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.widgets.choice_list import ChoiceList
from tests.helpers.classify_screens import SIZE, kept_screen
from tests.helpers.station import make_app, pilot_test, settle


@pilot_test
async def test_the_first_n_draws_no_player_row_anew(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = OptionList._get_option_render

    def counted(self: OptionList, option: Option, style: Any) -> Any:
        drawn.append(str(self.id))
        return real(self, option, style)

    monkeypatch.setattr(OptionList, "_get_option_render", counted)
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        kept = await kept_screen(pilot)
        assert kept.size == app.size, "laid out ahead"
        assert drawn.count("player-list") > 0, "its rows drawn ahead"
        drawn.clear()
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is kept)
        assert isinstance(app.screen, ClassifyScreen)
        assert drawn.count("player-list") == 0
        rows = kept.query_one("#player-list", ChoiceList)
        assert rows.option_count > 0 and rows.highlighted == 0


@pilot_test
async def test_rows_drawn_at_another_width_are_drawn_anew(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        kept = await kept_screen(pilot)
        rows = kept.query_one("#player-list", ChoiceList)
        widths = {key[-1] for key in rows._kept}
        await pilot.resize_terminal(SIZE[0] - 30, SIZE[1])
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is kept)
        await pilot.pause()
        assert {key[-1] for key in rows._kept} - widths, "drawn at the new width"
