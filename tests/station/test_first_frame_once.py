"""The station's first screen is rendered once on start-up, not twice (issue 14).

Textual renders a frame during the App's start-up batch and drops it; a station screen
makes no frame there (`StationScreen._compositor_refresh`), and the first frame after
the batch (`startup.FirstFrame`) is whole and shows the event.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual._compositor import Compositor, LayoutUpdate
from textual.app import App
from textual.screen import Screen

from judgetui.service import Station
from judgetui.station.routes import Routes
from judgetui.station.screens.base import StationScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.station import make_app, pilot_test, settle

SIZE = (120, 40)


@pilot_test
async def test_no_frame_is_made_during_the_start_up_batch(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    renders: list[int] = []
    render = Compositor.render_update
    app = make_app(station)

    def spy(compositor: Compositor, *args: Any, **kwargs: Any) -> Any:
        if isinstance(app.screen, StationScreen) and app.screen._compositor is compositor:
            renders.append(app._batch_count)
        return render(compositor, *args, **kwargs)

    monkeypatch.setattr(Compositor, "render_update", spy)
    async with app.run_test(size=SIZE) as pilot:
        navigator = app.navigator
        assert isinstance(navigator, Routes)
        await settle(pilot, lambda: navigator._classify is not None)
        assert renders, "the dashboard was rendered"
        assert all(batch == 0 for batch in renders), renders


@pilot_test
async def test_what_a_batch_left_dirty_is_drawn_by_the_next_frame(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.pause()
        shown: list[str] = []
        display = App._display

        def spy(app_: App[Any], screen: Screen[Any], renderable: Any) -> None:
            if renderable is not None and not app_._batch_count:
                shown.append(type(renderable).__name__)
            display(app_, screen, renderable)

        monkeypatch.setattr(App, "_display", spy)
        screen = app.screen
        whole = screen.size.region
        with app.batch_update():  # as Textual's layout in a batch: a refresh for later
            screen._compositor._dirty_regions.add(whole)
            screen._compositor_refresh()
        assert whole in screen._compositor._dirty_regions, "not spent on a dropped frame"
        screen.refresh()
        await pilot.pause()
        await pilot.pause()
        assert shown and shown[0] == LayoutUpdate.__name__, shown
