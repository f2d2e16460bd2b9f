"""A wider terminal never shows less than a narrower one, and a cut cell ends in ``…``
(issue 26, item 11): the dashboard's tables and the history at 80×24 and 120×40, on the
event with 10-digit ids."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from judgetui.rules import Rules
from judgetui.station.screens.history import HistoryScreen
from tests.helpers.event import FIXED_NOW, HEAD
from tests.helpers.station import make_app, open_screen, pilot_test, service_on, settle
from tests.helpers.ten_digit_event import ten_digit_event

SIZES = ((80, 24), (120, 40))
SCROLLBAR = "▁▂▃▄▅▆▇█▔▏▕"


def drawn_lines(app: Any, selector: str) -> list[str]:
    """The lines of ``selector``'s widget as drawn on the terminal."""
    region = app.screen.query_one(selector).region
    strips = app.screen._compositor.render_strips()
    return [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]


async def dashboard_lines(db: Path, rules: Rules, size: tuple[int, int]) -> dict[str, str]:
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        return {t: "\n".join(drawn_lines(app, f"#{t}")) for t in ("pending", "recent")}


@pilot_test
async def test_the_dashboard_at_120x40_shows_every_column_and_whole_ids(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    narrow = await dashboard_lines(db, rules, SIZES[0])
    wide = await dashboard_lines(db, rules, SIZES[1])
    recent = wide["recent"]
    assert "Infraction" in recent and "Judge" in recent, recent
    assert "9000000109 Noah Williams" in recent and "…001" not in recent, recent
    assert "Single Warning" in recent and "Single Warn…" not in recent, recent
    assert "Improper note-taking" in recent and "Alex Reed" in recent, recent
    for table in ("pending", "recent"):
        # every cell drawn whole at 80 columns is drawn whole at 120
        for line in narrow[table].splitlines():
            for word in line.split():
                word = word.strip(SCROLLBAR)
                if word and "…" not in word:
                    assert word in wide[table], (table, word, wide[table])


async def history_lines(db: Path, rules: Rules, size: tuple[int, int]) -> list[str]:
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=size) as pilot:
        await open_screen(pilot, HistoryScreen())
        return drawn_lines(app, "#history-table")


@pilot_test
async def test_the_history_at_80_columns_has_its_judge_column_and_cuts_with_an_ellipsis(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    narrow = [line for line in await history_lines(db, rules, SIZES[0]) if line.strip()]
    wide = [line for line in await history_lines(db, rules, SIZES[1]) if line.strip()]
    assert narrow[0].split() == wide[0].split()  # the same columns at both sizes
    assert narrow[0].split()[-1] == "Judge", narrow[0]
    for line in narrow[1:]:
        assert "Improper note-" not in line or "Improper no…" in line, line
        assert "Game rules" not in line or "…" in line, line
        assert line.rstrip().endswith(("Alex…", "Kana…", "Alex Reed", "Kana Mori")), line
    assert any("9000000108 Alexandra Konstantinopoulou" in line for line in wide)
    assert any("Improper note-taking" in line for line in wide)
    assert all(line.rstrip().endswith(("Alex Reed", "Kana Mori")) for line in wide[1:])
