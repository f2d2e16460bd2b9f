"""Issue 26 item 1: a filter that changes puts the highlight on its first match.

`/ sophie Enter`, `Down Down`, `/ emma kim Enter`, `Enter` opened Emma Kimura, not Emma
Kim listed first: the highlight kept its row number across the filter change, and `n`,
`v`, `c` then acted on that player. A new filter's first match is what a judge who has
just typed it looks at; a refresh under the same filter keeps the highlight on the same
player while that player is still listed, and goes to the first match when not.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.history import HistoryScreen
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.widgets.table import RowTable
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, counting_ids, record, ticking_clock
from tests.helpers.station import SIZE, burst, key_names, make_app, pilot_test, settle

PLAYERS = [
    ("P01", "Sophie Martin"),
    ("P02", "Sophie Dubois"),
    ("P03", "Sophie Laurent"),
    ("P04", "Emma Kim"),
    ("P05", "Emma Kimura"),
    ("P06", "Emma Kimball"),
    ("P07", "Noah Williams"),
]
EMMA_KIM = "P04"


def namesakes(db: Path, rules: Rules) -> Station:
    service = Station(
        EventFile(db),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(3),
    )
    service.create_event("Namesake Open", HEAD, [FLOOR], rounds=6)
    service.import_players(HEAD, [Player(id=pid, name=name) for pid, name in PLAYERS])
    return service


Typing = Callable[..., Awaitable[None]]


def typing_of(pilot: Pilot[Any], way: str) -> Typing:
    """Keys one at a time (each handled before the next), or all of them in one burst."""

    async def one_by_one(*keys: str) -> None:
        await pilot.press(*keys)
        await settle(pilot)

    async def at_once(*keys: str) -> None:
        await burst(pilot, *keys)

    return one_by_one if way == "one by one" else at_once


WAYS = ["one by one", "burst"]


def players_table(app: Any) -> RowTable:
    screen = app.screen
    assert isinstance(screen, DashboardScreen)
    return screen.query_one("#players", RowTable)


@pytest.mark.parametrize("way", WAYS)
@pilot_test
async def test_dashboard_filter_change_opens_the_first_match(
    tmp_path: Path, rules: Rules, way: str
) -> None:
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        typed = typing_of(pilot, way)
        await typed("slash", *"sophie", "enter", "down", "down")
        assert players_table(app).cursor_key == "P03"
        # `/` selects what the filter holds: the new name replaces it.
        await typed("slash", *key_names("emma kim"), "enter")
        assert players_table(app).cursor_key == EMMA_KIM
        await typed("enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == EMMA_KIM


@pilot_test
async def test_dashboard_filter_change_in_one_burst_opens_the_first_match(
    tmp_path: Path, rules: Rules
) -> None:
    """The whole walk in one burst, as a paste or a laggy SSH link gives it: the Downs act
    on the first filter's list, Enter on the second's."""
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        keys = ["slash", *"sophie", "enter", "down", "down"]
        await burst(pilot, *keys, "slash", *key_names("emma kim"), "enter", "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == EMMA_KIM


@pilot_test
async def test_dashboard_filter_typed_on_puts_the_highlight_on_the_first_match(
    tmp_path: Path, rules: Rules
) -> None:
    """Narrowing a filter letter by letter: the highlight is on the first match after each
    letter, not on a player the judge moved to under an earlier filter."""
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("slash", *"emma", "enter", "down", "down")
        assert players_table(app).cursor_key == "P06"
        await pilot.press("slash", *key_names(" kim"))
        await settle(pilot)
        assert players_table(app).cursor_key == EMMA_KIM


@pilot_test
async def test_dashboard_refresh_keeps_the_player_under_the_same_filter(
    tmp_path: Path, rules: Rules
) -> None:
    """Another station's record moves rows about: the highlight stays on its player."""
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("slash", *"emma", "enter", "down")
        assert players_table(app).cursor_key == "P05"
        record(service, HEAD, "P06", "slow_play", penalty="single_warning")
        await settle(pilot, lambda: players_table(app).rows[0].key == "P06")
        assert players_table(app).cursor_key == "P05"


@pilot_test
async def test_dashboard_refresh_that_drops_the_highlighted_player_goes_to_the_first_match(
    tmp_path: Path, rules: Rules
) -> None:
    """The highlighted player is renamed out of the filter by another station: the
    highlight goes to the first match, not to whoever now holds the row number."""
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("slash", *"emma", "enter", "down")
        assert players_table(app).cursor_key == "P05"
        renamed = [Player(id=pid, name=name) for pid, name in PLAYERS]
        renamed[4] = Player(id="P05", name="Hana Kimura")
        service.import_players(HEAD, renamed)
        await settle(pilot, lambda: len(players_table(app).rows) == 2)
        assert players_table(app).cursor_key == EMMA_KIM


def history_entries(service: Station) -> None:
    """One record for each player: the history lists them newest first (P07 … P01)."""
    for pid, _name in PLAYERS:
        record(service, HEAD, pid, "slow_play", penalty="single_warning")


@pytest.mark.parametrize("way", WAYS)
@pilot_test
async def test_history_filter_change_opens_the_first_match(
    tmp_path: Path, rules: Rules, way: str
) -> None:
    service = namesakes(tmp_path / "event.json", rules)
    history_entries(service)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(app.screen, HistoryScreen))
        typed = typing_of(pilot, way)
        # Newest first: Emma Kimball (P06), Emma Kimura (P05), Emma Kim (P04).
        await typed(*"emma", "down")
        # A new filter that still lists the highlighted record (P05, second): its first
        # match is what the judge means.
        await typed(*key_names(" kim"), "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == "P06"


@pytest.mark.parametrize("way", WAYS)
@pilot_test
async def test_history_keys_act_on_the_filter_with_every_letter_typed(
    tmp_path: Path, rules: Rules, way: str
) -> None:
    """Down and Enter are the screen's own keys, run at once: in one burst they must
    still act on the filter as typed before them, not on the list it replaces."""
    service = namesakes(tmp_path / "event.json", rules)
    history_entries(service)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("h")
        await settle(pilot, lambda: isinstance(app.screen, HistoryScreen))
        await typing_of(pilot, way)(*key_names("emma kim"), "down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == "P05"  # the second "emma kim" record, newest first


@pilot_test
async def test_history_opened_and_filtered_in_one_burst_opens_the_typed_players_record(
    tmp_path: Path, rules: Rules
) -> None:
    """`h emma kim Down Enter` in one burst from the dashboard: the letters are the
    history filter's, not the dashboard's keys (`e` would open the event screen)."""
    service = namesakes(tmp_path / "event.json", rules)
    history_entries(service)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await burst(pilot, "h", *key_names("emma kim"), "down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == "P05"


@pilot_test
async def test_palette_enter_right_after_typing_opens_the_first_hit_of_what_was_typed(
    tmp_path: Path, rules: Rules
) -> None:
    """The palette's third filtered list: each search lists its hits anew, the first one
    highlighted, before Enter in the same burst is taken (this held before issue 26 too;
    it guards the palette against the dashboard's bug)."""
    service = namesakes(tmp_path / "event.json", rules)
    app = make_app(service)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await pilot.press("ctrl+p", *"emma")
        await settle(pilot, lambda: isinstance(app.screen, CommandPalette))
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        hits = palette.query_one(CommandList)
        await settle(pilot, lambda: hits.option_count == 3)
        await pilot.press("down", "down")
        await settle(pilot)
        assert hits.highlighted == 2  # Emma Kimball, under "emma"
        await burst(pilot, *key_names(" kim"), "enter")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.player_id == EMMA_KIM
