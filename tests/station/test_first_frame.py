"""The station's first frame on the terminal is the whole screen (`startup.FirstFrame`).

Textual drops the frame the dashboard composes during the App's start-up batch; the
frames after it were partial, and the header (the event's name) came only with a later
full frame. These tests hold the mechanism to the Textual the station is pinned to.
"""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import RenderableType
from textual._compositor import Compositor, LayoutUpdate
from textual.app import App
from textual.screen import Screen

from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.station.routes import Routes
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.startup import FirstFrame
from tests.helpers.station import make_app, pilot_test, settle

SIZE = (120, 40)


def _made_ahead(app: JudgeStation) -> bool:
    """The classification the dashboard makes ahead is ready (nothing mounts after it)."""
    assert isinstance(app.navigator, Routes)
    return app.navigator._classify is not None


@pilot_test
async def test_the_first_frame_drawn_after_start_up_is_a_full_one(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[int, str]] = []
    display = App._display

    def spy(app: App[Any], screen: Screen[Any], renderable: RenderableType | None) -> None:
        if renderable is not None and isinstance(screen, DashboardScreen):
            shown.append((app._batch_count, type(renderable).__name__))
        display(app, screen, renderable)

    monkeypatch.setattr(App, "_display", spy)
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: _made_ahead(app))
        drawn = [kind for batch, kind in shown if batch == 0]
        assert drawn, "the dashboard was drawn"
        assert drawn[0] == LayoutUpdate.__name__, f"the first frame drawn is whole: {shown}"


@pilot_test
async def test_ready_makes_the_next_frame_a_full_one(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: _made_ahead(app))
        full: list[Compositor] = []
        render = Compositor.render_full_update

        def spy(compositor: Compositor, *args: Any, **kwargs: Any) -> Any:
            full.append(compositor)
            return render(compositor, *args, **kwargs)

        monkeypatch.setattr(Compositor, "render_full_update", spy)
        await pilot.pause()
        assert full == [], "nothing is drawn whole while nothing changes"
        FirstFrame.on_ready(app)
        await pilot.pause()
        await pilot.pause()
        assert full, "the frame after Ready is a full one"
        assert isinstance(app.screen, DashboardScreen)
