"""The dashboard's tables with real player ids, and lists that keep what matters in view.

Issue 11, items 4 and 5: ten-digit ids (Wizards/DCI numbers) whole wherever there is
room, names before ids where there is not; the newest penalties stay at the top of a
station open all day; back on the dashboard, the players list starts at the top.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from judgetui.rules import Rules
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.widgets.table import Column, RowTable
from tests.helpers.event import FIXED_NOW, HEAD, record
from tests.helpers.station import make_app, pilot_test, service_on, settle
from tests.helpers.ten_digit_event import PLAYERS, TARO, ten_digit_event

NAMES = dict(PLAYERS)


def lines(table: RowTable) -> list[str]:
    """The table's lines as drawn (header first)."""
    height = table.scrollable_content_region.height
    return [table.render_line(y).text for y in range(height)]


def drawn_rows(table: RowTable) -> list[str]:
    return [line for line in lines(table)[1:] if line.strip()]


async def dashboard(pilot: Pilot[None]) -> DashboardScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, DashboardScreen)
    return screen


@pytest.mark.parametrize("size", [(120, 40), (250, 60)])
@pilot_test
async def test_ten_digit_ids_show_whole_at_120x40(
    tmp_path: Path, rules: Rules, size: tuple[int, int]
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=size) as pilot:
        screen = await dashboard(pilot)
        players = screen.query_one("#players", RowTable)
        for row, line in zip(players.rows, drawn_rows(players), strict=False):
            assert row.key in line and NAMES[row.key] in line, line
        pending = screen.query_one("#pending", RowTable)
        queue = drawn_rows(pending)
        assert len(queue) == 4
        for line in queue:
            pid = next(p for p in NAMES if p in line)  # the id, whole
            assert NAMES[pid] in line, line  # and the name, whole
        recent = screen.query_one("#recent", RowTable)
        for line in drawn_rows(recent):
            # The names whole; the id whole too or, short of room, its last digits.
            name = next(n for n in NAMES.values() if n in line or n[:12] in line)
            assert len(name) > 12 or name in line, line
        if size[0] >= 250:
            assert all(any(p in line for p in NAMES) for line in drawn_rows(recent))


@pilot_test
async def test_ten_digit_ids_and_names_at_80x24(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot)
        for table_id in ("#pending", "#players", "#recent"):
            table = screen.query_one(table_id, RowTable)
            for line in drawn_rows(table):
                pid = next(p for p in NAMES if p in line)
                assert NAMES[pid][:12] in line, line


def test_names_come_before_ids_when_room_is_short() -> None:
    from judgetui.station.widgets.table import allot_widths

    columns = [
        Column("ID", 2, fit=True, min_width=6, rank=1, trim_left=True),
        Column("Name"),
        Column("Status", 7),
    ]
    natural = [10, 20, 7]
    assert allot_widths(columns, natural, 60)[:2] == [10, 41]  # room: the id whole
    assert allot_widths(columns, natural, 36) == [7, 20, 7]  # the name first
    assert allot_widths(columns, natural, 30) == [6, 15, 7]  # the id at its least


def test_an_id_too_long_for_its_column_keeps_its_last_digits() -> None:
    from rich.text import Text

    from judgetui.station.widgets.table import _keep_end

    assert _keep_end(Text("9000000123"), 6).plain == "…00123"


# -- 4: what stays in view ------------------------------------------------------------------


@pilot_test
async def test_recent_penalties_keep_the_newest_at_the_top(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    station = ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot)
        recent = screen.query_one("#recent", RowTable)
        for n in range(12):  # a station open a while: rows arrive above the view
            player = PLAYERS[n % len(PLAYERS)][0]
            record(station, HEAD, player, "slow_play", intentional=False, disruptive=True)
            newest = station.load().players[player].records[-1]
            await settle(pilot, lambda newest=newest: recent.rows[0].key == newest)
            assert recent.cursor == 0 and round(recent.scroll_y) == 0
            assert recent.cursor_key == newest


@pilot_test
async def test_recent_penalties_cursor_stays_on_its_row_while_the_judge_reads(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    station = ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot)
        recent = screen.query_one("#recent", RowTable)
        screen.set_focus(recent)
        await pilot.press("down")
        reading = recent.cursor_key
        record(station, HEAD, TARO, "slow_play", intentional=False, disruptive=True)
        await settle(pilot, lambda: recent.rows[0].key != reading and recent.cursor == 2)
        assert recent.cursor_key == reading  # enter now opens the row the judge is on


@pilot_test
async def test_players_list_shows_owed_decisions_at_the_top_after_returning(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot)
        players = screen.query_one("#players", RowTable)
        assert players.cursor_key == TARO  # owed a decision: first
        await pilot.press("end", "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert players.cursor == 0 and players.cursor_key == TARO
        assert round(players.scroll_y) == 0


@pilot_test
async def test_players_list_keeps_the_opened_player_while_filtered(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await dashboard(pilot)
        players = screen.query_one("#players", RowTable)
        await pilot.press("slash", *"emma", "enter", "down")
        opened = players.cursor_key
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is screen)
        assert players.cursor_key == opened
