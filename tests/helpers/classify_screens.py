"""The classification screen a station keeps between two incidents, and the size the
station tests of it use."""

from __future__ import annotations

from textual.pilot import Pilot

from judgetui.station.app import JudgeStation
from judgetui.station.routes import Routes
from judgetui.station.screens.classify import ClassifyScreen
from tests.helpers.station import (
    settle,
)

SIZE = (120, 40)


def routes(app: JudgeStation) -> Routes:
    assert isinstance(app.navigator, Routes)
    return app.navigator


async def kept_screen(pilot: Pilot[None]) -> ClassifyScreen:
    """The classification screen the station made ahead, once it is ready."""
    app = pilot.app
    assert isinstance(app, JudgeStation)
    await settle(pilot, lambda: routes(app)._classify is not None)
    screen = routes(app)._classify
    assert screen is not None
    return screen
