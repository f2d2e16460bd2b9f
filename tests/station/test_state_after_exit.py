"""A change read while the station closes is not shown: the screens' widgets may be gone.

Found while testing the write-ahead (issue 14): a station closed during a save could get
the save's `EventChanged` after Textual began removing the screens, and the
classification's `on_state_changed` then queried a widget that was no longer there
(`NoMatches`, a traceback on the judge's way out).
"""

from __future__ import annotations

import pytest

from judgetui.service import Station
from judgetui.station.screens.base import StationScreen
from tests.helpers.station import make_app, pilot_test, settle


@pilot_test
async def test_a_change_while_closing_is_not_shown(
    station: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        await settle(pilot, lambda: type(app.screen).__name__ == "ClassifyScreen")
        screen = app.screen
        assert isinstance(screen, StationScreen)
        shown: list[int] = []
        monkeypatch.setattr(screen, "on_state_changed", lambda: shown.append(1))
        assert app.session is not None
        app.session.version += 1
        screen.state_changed()
        assert shown == [1], "an open station shows a change"
        app.session.version += 1
        app.exit()
        screen.state_changed()
        assert shown == [1], "a closing one does not"
