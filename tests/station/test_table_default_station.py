"""Issue 26 items 3 and 5 at the station: the table box starts from the incident's players'
own table (the roster's), never from the table this judge gave last; a time extension
given with a Caution reaches the round list (`l`).

Typed as a judge types them, through the classification's steps.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.station.dialogs.duplicate import DuplicateScreen
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.round_list import RoundListScreen
from judgetui.station.widgets.table import RowTable
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import (
    make_app,
    pilot_test,
    service_on,
    session_of,
    settle,
    walk_to_result,
)

SIZE = (120, 40)


def seat(station: Station) -> None:
    """The roster gives P1 table 88 and P2 table 12; P3 has none."""
    state = station.load()
    tables = {"P1": 88, "P2": 12}
    station.import_players(
        HEAD,
        [Player(id=p, name=state.players[p].name, table=tables.get(p)) for p in ("P1", "P2", "P3")],
    )


def table_box(screen: object) -> str:
    from judgetui.station.screens.classify import ClassifyScreen

    assert isinstance(screen, ClassifyScreen)
    return screen.query_one("#ctx-table", Input).value


@pilot_test
async def test_the_table_box_starts_from_the_players_table_never_the_judges_last(
    station: Station,
) -> None:
    seat(station)
    app = make_app(station, FLOOR)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        # P3 (no table in the roster) at table 5, typed by the judge
        screen = await walk_to_result(pilot, "P3", "slow", "n", "y")
        assert table_box(screen) == ""
        await pilot.press("tab", "tab", "5", "enter")
        await settle(pilot, lambda: screen.step == "done")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        # the same judge, the same round: P1 is seated at T88, not T5
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        assert table_box(screen) == "88"
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        # P3 again: no table known, none carried over
        screen = await walk_to_result(pilot, "P3", "improper", "n", "y")
        assert table_box(screen) == ""
        # back to the players, P2 added: P2 at T12 and P3 unknown gives T12
        await pilot.press("escape")
        while screen.step != "players":
            await pilot.press("escape")
        await pilot.press(*"p2", "enter")
        assert screen.step == "infraction"
        await pilot.press(*"improper", "enter", "n", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
        assert screen.step == "result" and table_box(screen) == "12"
    records = session_of(app).state.records.values()
    assert sorted((r.player, r.table) for r in records) == [("P1", 88), ("P3", 5)]


@pilot_test
async def test_a_judges_own_table_is_kept_when_the_players_change(station: Station) -> None:
    seat(station)
    app = make_app(station, FLOOR)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        assert table_box(screen) == "88"
        await pilot.press("tab", "tab", "backspace", "backspace", *"41")
        assert table_box(screen) == "41"
        while screen.step != "players":
            await pilot.press("escape")
        await pilot.press(*"p2", "enter")
        await pilot.press(*"slow", "enter", "n", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
        assert table_box(screen) == "41"


@pilot_test
async def test_an_extension_given_with_a_caution_is_on_the_station_round_list(
    station: Station,
) -> None:
    app = make_app(station, HEAD)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P3", "improper", "n", "n")
        # the note, the table, the game, the opponent, the extension
        await pilot.press("tab", "tab", *"23", "tab", "tab", "tab", "7", "enter")
        await settle(pilot, lambda: screen.step == "done")
        assert session_of(app).state.cautions == 1
        assert session_of(app).state.players["P3"].records == []
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("l")
        await settle(pilot, lambda: isinstance(app.screen, RoundListScreen))
        rows = app.screen.query_one("#round-items", RowTable).rows
        assert [[str(c) for c in row.cells[:3]] for row in rows] == [
            ["T23", "with a Caution", "Time extension +7 min"]
        ]
        totals = app.screen.query_one("#round-extensions")
        assert "T23: +7 min" in str(totals.render())


@pilot_test
async def test_a_witness_note_from_the_station_carries_its_own_incidents_table(
    station: Station, db_path: Path, rules: Rules
) -> None:
    seat(station)
    floor = service_on(db_path, rules, ids=9)
    [earlier] = floor.record(
        FLOOR, RecordRequest(["P1"], "slow_play", False, True, table=40)
    ).records
    assert earlier.id is not None
    head = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(head.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        assert table_box(screen) == "88"  # P1's seat, as the roster gives it
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(head.screen, DuplicateScreen))
        await pilot.press(*"saw it too", "enter")
        await settle(pilot, lambda: screen.step == "done")
        [witness] = session_of(head).state.records[earlier.id].witnesses
    assert witness.table == 40
