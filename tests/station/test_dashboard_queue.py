"""Issue 26 item 7 on the dashboard: the queue in its order, each row with how long it has
waited, the requests within the rows an 80×24 terminal shows."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from judgetui.rules import Rules
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.widgets.table import RowTable
from tests.helpers.queue_event import ORDER, busy_night
from tests.helpers.station import make_app, pilot_test, settle


def plain(cell: str | Text) -> str:
    return cell.plain if isinstance(cell, Text) else cell


@pilot_test
async def test_dashboard_queue_shows_requests_before_notices_with_their_waiting_time(
    tmp_path: Path, rules: Rules
) -> None:
    service = busy_night(tmp_path / "event.json", rules)
    app = make_app(service)  # the station's clock: an hour after the first entry
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        pending = app.screen.query_one("#pending", RowTable)
        rows = [[plain(cell) for cell in row.cells] for row in pending.rows]
        shown = pending.scrollable_content_region.height - 1
    assert [row[1] for row in rows] == [player for _group, player in ORDER]
    assert [row[0] for row in rows[:6]] == [
        "Decision",
        "Request",
        "Request",
        "Request",
        "Request",
        "Notice",
    ]
    waiting = {row[1]: row[-1] for row in rows}
    assert waiting == {
        "P01": "58 min",
        "P02": "57 min",
        "P03": "56 min",
        "P04": "55 min",
        "P05": "54 min",
        "P06": "53 min",
        "P07": "52 min",
        "P08": "51 min",
        "P09": "50 min",
        "P10": "49 min",
        "P11": "46 min",
    }
    # What 80×24 shows of the queue: the floor judge's tardiness game-loss among it.
    assert "P06" in [row[1] for row in rows[:shown]]
