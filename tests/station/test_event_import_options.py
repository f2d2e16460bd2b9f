"""The Event screen's import takes the command line's options beside the path: a Melee or
EventLink export (its id and name columns) and a Shift_JIS roster (``--encoding cp932``)
import from the station as they do with ``players import``."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.station.screens.event import EventScreen
from tests.helpers.rosters import EVENTLINK, EVENTLINK_PLAYERS, MELEE, MELEE_PLAYERS
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown


async def import_with(
    pilot: Pilot[None], screen: EventScreen, path: Path, options: str, *, enter_in: str
) -> str:
    """Type the path and the options, press enter in ``enter_in`` (``path`` or
    ``options``); the import box's result once the import has ended."""
    await pilot.press("i")
    screen.query_one("#event-import", Input).value = str(path)
    screen.query_one("#event-import-options", Input).value = options
    if enter_in == "options":
        screen.query_one("#event-import-options", Input).focus()
        await pilot.pause()
    await pilot.press("enter")

    def ended() -> str:
        return shown(screen, "#event-import-result")

    await settle(pilot, lambda: "imported" in ended() or "Not imported" in ended())
    return ended()


def players_of(station: Station) -> dict[str, str]:
    return {p.id: p.name for p in fresh(station).players.values()}


@pilot_test
async def test_event_imports_a_melee_export_with_its_columns_typed_beside_the_path(
    station: Station,
) -> None:
    app: JudgeStation = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        refused = await import_with(pilot, screen, MELEE, "", enter_in="path")
        assert "Not imported" in refused
        assert '--id-column "User ID" --name-column Player' in refused
        result = await import_with(
            pilot, screen, MELEE, '--id-column "User ID" --name-column Player', enter_in="path"
        )
        assert "4 players imported" in result
        assert "columns: id (User ID), name (Player)" in result
        # Both fields are emptied: options left behind would read the next roster wrongly.
        assert screen.query_one("#event-import", Input).value == ""
        assert screen.query_one("#event-import-options", Input).value == ""
    assert MELEE_PLAYERS.items() <= players_of(station).items()


@pilot_test
async def test_event_imports_an_eventlink_list_on_enter_in_the_options(
    station: Station,
) -> None:
    app: JudgeStation = make_app(station)
    options = (
        '--id-column "Wizards Account ID" --name-column "First Name" --name-column "Last Name"'
    )
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        result = await import_with(pilot, screen, EVENTLINK, options, enter_in="options")
        assert "3 players imported" in result
    assert EVENTLINK_PLAYERS.items() <= players_of(station).items()


@pilot_test
async def test_event_imports_a_cp932_roster_once_its_encoding_is_named(
    station: Station, tmp_path: Path
) -> None:
    roster = tmp_path / "shift_jis.csv"
    roster.write_bytes("id,name\r\nJ1,山田 太郎\r\nJ2,鈴木 花子\r\n".encode("cp932"))
    app: JudgeStation = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        refused = await import_with(pilot, screen, roster, "", enter_in="path")
        assert "Not imported" in refused and "--encoding cp932" in refused
        assert "J1" not in fresh(station).players
        result = await import_with(pilot, screen, roster, "--encoding cp932", enter_in="path")
        assert "2 players imported" in result
        assert "as CP932 (Shift_JIS)" in result
    assert players_of(station)["J1"] == "山田 太郎"


@pilot_test
async def test_event_refuses_options_it_does_not_know_and_keeps_what_was_typed(
    station: Station,
) -> None:
    before = station.file.path.read_bytes()
    app: JudgeStation = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        result = await import_with(
            pilot, screen, MELEE, '--id-colum "User ID" --name-column Player', enter_in="path"
        )
        assert "Not imported: options: unknown --id-colum" in result
        # Kept, so the judge mends the slip instead of typing it all again.
        assert screen.query_one("#event-import", Input).value == str(MELEE)
        assert screen.query_one("#event-import-options", Input).value.startswith("--id-colum ")
    assert station.file.path.read_bytes() == before
