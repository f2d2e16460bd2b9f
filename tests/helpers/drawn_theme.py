"""What a station draws, in a process of its own: ``python -m tests.helpers.drawn_theme DB``.

Textual reads ``$TEXTUAL_THEME`` once, as it is imported; a test that sets the variable
in its own process (where Textual is already imported) never sees what a judge who types
``TEXTUAL_THEME=judgetui-light judgetui`` sees. This opens the station on ``DB`` signed in
as the head judge, with the settings the environment names, and prints as JSON the
theme's name and the colours drawn: the dashboard's background and its player table's.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import orjson

from judgetui import settings
from judgetui.rules import load_rules
from judgetui.station.widgets.table import RowTable
from tests.helpers.event import FIXED_NOW, HEAD
from tests.helpers.station import make_app, service_on, settle


async def drawn(db: Path) -> dict[str, str]:
    station = service_on(db, load_rules(), ids=None)
    app = make_app(station, HEAD, now=FIXED_NOW, settings=settings.load())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        table = app.screen.query(RowTable).first()
        return {
            "theme": app.theme,
            "screen": app.screen.styles.background.hex,
            "table": table.styles.background.hex,
        }


if __name__ == "__main__":
    sys.stdout.write(orjson.dumps(asyncio.run(drawn(Path(sys.argv[1])))).decode() + "\n")
