"""The header is drawn again only when its line changed.

`StationHeader.show` runs on every change to the event; a record changes neither the
event, the round, the phase nor the judge, and the header must not make the screen
lay out and draw again for it (on the floor judge's record that frame came before the
one that says "recorded"). A change it shows (the banner, the round) still shows.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.console import Group
from rich.text import Text

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.widgets.header import StationHeader
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import make_app, service_on


def test_the_header_is_updated_only_when_its_line_changed(
    station: Station, db_path: Path, rules: Rules
) -> None:
    async def run() -> None:
        app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW, poll=3600)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            session = app.session
            assert session is not None
            header = app.screen.query_one(StationHeader)
            updates: list[object] = []
            original = header.update

            def update(*args: object, **kwargs: object) -> None:
                updates.append(args)
                original(*args, **kwargs)  # type: ignore[arg-type]

            header.update = update  # type: ignore[method-assign]

            async def arrived(count: int) -> None:
                """The App has taken in the write (the follower, or our look)."""
                for _turn in range(2000):
                    session.refresh()
                    if session.state.count >= count:
                        break
                    await pilot.pause(0.01)
                await pilot.pause()
                assert session.state.count >= count

            header.show(session)
            assert updates == []  # the same line as drawn
            record(station, FLOOR, "P3", "slow_play")
            await arrived(session.state.count + 1)
            header.show(session)
            assert updates == []  # a record: still the same line
            session.log_problem = "entry 3 was edited"
            header.show(session)
            assert len(updates) == 1  # the banner
            [shown] = updates[-1]
            assert isinstance(shown, Group)
            assert "entry 3 was edited" in Text.assemble(*shown.renderables[1:]).plain  # type: ignore[arg-type]
            session.log_problem = None
            header.show(session)
            assert len(updates) == 2
            station.set_round(HEAD, 2)
            await arrived(session.state.count + 1)
            header.show(session)
            assert len(updates) == 3  # the round (shown once, by the App or by us)

    asyncio.run(run())
