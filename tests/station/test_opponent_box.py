"""The classification's opponent box finds the opponent as the player search does: by name,
a part of the id or the reading, spaces kept, and its label says who is meant
(issue 26, item 11)."""

from __future__ import annotations

from textual.widgets import Input

from judgetui.service import Station
from tests.helpers.station import SIZE, make_app, pilot_test, settle, shown, walk_to_result


@pilot_test
async def test_the_opponent_is_found_by_name_with_spaces_and_the_label_names_them(
    station: Station,
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await pilot.press("tab", "tab", "tab", "tab")  # note, table, game, opponent
        box = screen.query_one("#ctx-opponent", Input)
        assert screen.focused is box
        await pilot.press(*"mio", "space", *"tan")
        assert box.value == "mio tan"
        assert shown(screen, "#context-label") == "opponent: P5 Mio Tanaka"
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    [kept] = station.load().records.values()
    assert kept.opponent == "P5"


@pilot_test
async def test_the_opponent_box_says_when_it_names_no_one_player(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        box = screen.query_one("#ctx-opponent", Input)
        box.focus()
        await pilot.press("a")  # Taro Yamada, Ann Lee, Lucas Silva, Mio Tanaka, Emma Rossi
        assert "players match" in shown(screen, "#context-label")
        await pilot.press(*"nn")
        assert shown(screen, "#context-label") == "opponent: P2 Ann Lee"
        box.value = "p6"  # an id, in any case
        await settle(pilot)
        assert shown(screen, "#context-label") == "opponent: P6 Emma Rossi"
        box.value = "nobody here"
        await settle(pilot)
        assert shown(screen, "#context-label") == "opponent: no player matches 'nobody here'"
        before = station.file.path.read_bytes()
        await pilot.press("enter")  # refused by the service in one line: nothing written
        await settle(pilot)
        assert screen.step == "result"
        assert station.file.path.read_bytes() == before
        box.value = ""
        await settle(pilot)
        assert "table · game · opponent" in shown(screen, "#context-label")
