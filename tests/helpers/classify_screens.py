"""The classification screen a station keeps between two incidents, and the size the
station tests of it use."""

from __future__ import annotations

from textual.pilot import Pilot

from judgetui.station.app import JudgeStation
from judgetui.station.routes import Routes
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.station import settle

SIZE = (120, 40)


def routes(app: JudgeStation) -> Routes:
    assert isinstance(app.navigator, Routes)
    return app.navigator


async def kept_screen(pilot: Pilot[None]) -> ClassifyScreen:
    """The classification the station keeps for every incident: opened once, and left."""
    app = pilot.app
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
    screen = app.screen
    assert isinstance(screen, ClassifyScreen)
    await pilot.press("escape")
    await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
    return screen
