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
    # Each has waited past the 10 minutes after which the dashboard marks it (issue 29).
    assert waiting == {
        "P01": "!58 min",
        "P02": "!57 min",
        "P03": "!56 min",
        "P04": "!55 min",
        "P05": "!54 min",
        "P06": "!53 min",
        "P07": "!52 min",
        "P08": "!51 min",
        "P09": "!50 min",
        "P10": "!49 min",
        "P11": "!46 min",
    }
    # What 80×24 shows of the queue: the floor judge's tardiness game-loss among it.
    assert "P06" in [row[1] for row in rows[:shown]]


@pilot_test
async def test_dashboard_marks_a_queue_item_waiting_past_the_settings_attention_minutes(
    tmp_path: Path, rules: Rules
) -> None:
    """Issue 29 item 3: an item that has waited ``[queue] attention_minutes`` (default 10)
    or longer shows its age in bold red after a "!"; a younger one as before."""
    from judgetui import settings

    config = tmp_path / "config.toml"
    config.write_text("[queue]\nattention_minutes = 52\n", encoding="utf-8")
    loaded = settings.load(str(config), {})
    assert loaded.attention_minutes == 52
    service = busy_night(tmp_path / "event.json", rules)
    app = make_app(service, settings=loaded)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        pending = app.screen.query_one("#pending", RowTable)
        ages = {row.cells[1]: row.cells[-1] for row in pending.rows}
    assert plain(ages["P07"]) == "!52 min" and plain(ages["P01"]) == "!58 min"
    marked = ages["P07"]
    assert isinstance(marked, Text) and str(marked.style) == "bold red"
    assert ages["P08"] == "51 min" and ages["P11"] == "46 min"  # not yet: as before
