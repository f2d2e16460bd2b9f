"""The classification screen is kept (once opened) and begun anew for every incident.

What one incident left on it (players, answers, search, note, context, choice, a record
still being written) must never show on, or be recorded with, the next one.
"""

from __future__ import annotations

import threading
from typing import Any

from textual.widgets import Input, OptionList

from judgetui import i18n
from judgetui.service import Station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.classify_screens import SIZE, kept_screen, routes
from tests.helpers.station import (
    hold_saves,
    make_app,
    pilot_test,
    session_of,
    settle,
    walk_to_result,
)


def value(screen: ClassifyScreen, selector: str) -> str:
    """The field's text; "" for a field of a step not mounted yet (it holds nothing)."""
    fields = screen.query(selector).results(Input)
    return next((field.value for field in fields), "")


@pilot_test
async def test_the_next_incident_starts_from_nothing(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        # the note, then the context: table 14, game 2, opponent P3
        await pilot.press("tab", *"seen by two", "tab", *"14", "tab", "2", "tab", *"P3")
        assert value(screen, "#ctx-opponent") == "P3"
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))

        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "players" and screen.players == [] and screen.marked == []
        assert (screen.infraction, screen.intentional, screen.disruptive) == (None, None, None)
        assert screen.answers == {} and screen.minutes is None and screen.result is None
        assert value(screen, "#player-search") == ""
        assert value(screen, "#infraction-search") == ""
        assert value(screen, "#note") == ""
        assert value(screen, "#ctx-game") == "" and value(screen, "#ctx-opponent") == ""
        assert value(screen, "#ctx-table") == "", "no table carried over from another incident"
        choices = screen.query("#penalty-choice").results(OptionList)
        assert all(choice.option_count == 0 for choice in choices)
        assert screen.focused is screen.query_one("#player-search", Input)

        await pilot.press(*"p2", "enter", *"slow", "enter", "n", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
        assert screen.step == "result" and screen.players == ["P2"]
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    records = sorted(session_of(app).state.records.values(), key=lambda r: r.player)
    assert [(r.player, r.note, r.table, r.game, r.opponent) for r in records] == [
        ("P1", "seen by two", 14, 2, "P3"),
        ("P2", "", None, None, None),
    ]


@pilot_test
async def test_a_record_still_being_written_never_lands_on_the_next_incident(
    station: Station,
) -> None:
    app = make_app(station)
    release = threading.Event()
    async with app.run_test(size=SIZE) as pilot:
        session = session_of(app)
        hold_saves(session, release)
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await pilot.press("enter")
        assert screen.recording
        # The judge walks out while the write is under way, and starts another incident.
        while app.screen is screen:
            await pilot.press("escape")
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen) and screen.step == "players"
        await pilot.press(*"p2")
        release.set()
        await settle(pilot, lambda: len(session.state.records) == 1)
        await settle(pilot)
        assert screen.step == "players" and screen.result is None and not screen.recording
        assert value(screen, "#player-search") == "p2"
        await pilot.press("enter")
        assert screen.players == ["P2"] and screen.step == "infraction"
    [record] = session.state.records.values()
    assert record.player == "P1"


@pilot_test
async def test_a_second_classification_over_the_kept_one_is_a_screen_of_its_own(
    station: Station,
) -> None:
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        kept = await kept_screen(pilot)
        await pilot.press("n")
        assert app.screen is kept
        await pilot.press(*"p1", "tab")
        await routes(app).open_classify(["P3"])
        other: Any = app.screen
        assert isinstance(other, ClassifyScreen) and other is not kept
        assert other.marked == ["P3"] and kept.marked == ["P1"]
        await app.pop_screen()
        await settle(pilot)
        assert app.screen is kept and kept.marked == ["P1"]


@pilot_test
async def test_after_a_switch_of_language_the_classification_speaks_the_new_one(
    station: Station,
) -> None:
    app = make_app(station)
    try:
        async with app.run_test(size=SIZE) as pilot:
            english = await kept_screen(pilot)
            await pilot.press("ctrl+l")
            await settle(pilot, lambda: i18n.language() == "ja")
            await pilot.press("n")
            screen = app.screen
            assert isinstance(screen, ClassifyScreen) and screen is not english
            assert screen.query_one("#player-search", Input).placeholder == i18n._("name or id")
            assert i18n._("name or id") != "name or id"
    finally:
        i18n.set_language("en")


@pilot_test
async def test_the_kept_screen_opened_from_a_player_has_that_player_in_the_incident(
    station: Station,
) -> None:
    from judgetui.station.screens.player import PlayerScreen
    from tests.helpers.station import open_screen

    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        kept = await kept_screen(pilot)
        await pilot.press("n", *"p2", "tab", "escape")  # an incident begun and left
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is kept)
        assert kept.marked == ["P1"] and kept.players == []
        assert value(kept, "#player-search") == ""
        first = kept.query_one("#player-list", OptionList).get_option_at_index(0)
        assert first.id == "P1", "the marked player comes first"


@pilot_test
async def test_a_theme_chosen_while_the_kept_screen_is_hidden_reaches_it(station: Station) -> None:
    from judgetui.station import themes

    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        kept = await kept_screen(pilot)
        search = kept.query_one("#player-search", Input)
        dark = search.styles.background
        app.theme = themes.LIGHT
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is kept)
        light = search.styles.background
        assert light != dark, "the kept screen's styles follow the new theme"
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        fresh = ClassifyScreen()  # a new screen, styled now: what the kept one must show
        await app.push_screen(fresh)
        assert fresh.query_one("#player-search", Input).styles.background == light
