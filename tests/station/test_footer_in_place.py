"""The footer updates its keys in place (issue 14): at every step of a classification, at
80 and at 160 columns, its row and its keys are those a full rebuild draws, it reuses its
key widgets rather than rebuilding them, and keys typed in one burst still land."""

from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.widgets.footer import StationFooter
from tests.helpers.event import FLOOR
from tests.helpers.station import burst, make_app, pilot_test, settle

Keys = list[tuple[str, str, str, bool, object]]


def keys_of(footer: StationFooter) -> Keys:
    return [
        (k.key, k.key_display, k.description, k._disabled, k.tooltip)
        for k in footer.query(FooterKey)
    ]


def row_of(footer: StationFooter) -> str:
    screen = footer.screen
    return screen._compositor.render_strips()[footer.region.y].text


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
@pilot_test
async def test_every_step_shows_what_a_rebuild_shows(
    station: Station, size: tuple[int, int]
) -> None:
    app = make_app(station, FLOOR)
    recomposes = 0
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        footer = screen.query_one(StationFooter)
        original = footer.recompose

        async def counted() -> None:
            nonlocal recomposes
            recomposes += 1
            await original()

        footer.recompose = counted  # type: ignore[method-assign]
        steps: list[str] = []

        async def check() -> None:
            await settle(pilot)
            steps.append(screen.step)
            shown_keys, shown_row = keys_of(footer), row_of(footer)
            widgets = list(footer.query(FooterKey))
            footer.call_later(original)  # a full rebuild, in the footer's own context
            await settle(pilot)
            assert keys_of(footer) == shown_keys, screen.step
            assert row_of(footer) == shown_row, screen.step
            assert not set(widgets) & set(footer.query(FooterKey))  # it did rebuild

        await check()
        for keys in (["t", "a", "r", "o", "enter"], [*"slow", "enter"], ["n"], ["y"]):
            await pilot.press(*keys)
            await check()
        while screen.step == "upgrades":
            await pilot.press("n")
            await check()
        await pilot.press("escape")
        await check()
        assert steps[:5] == ["players", "infraction", "intentional", "disruptive", steps[4]]
        assert "result" in steps
        assert recomposes == 0  # every step's keys were updated in place


@pilot_test
async def test_a_step_change_reuses_the_key_widgets(station: Station) -> None:
    app = make_app(station, FLOOR)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        footer = app.screen.query_one(StationFooter)
        before = list(footer.query(FooterKey))
        await pilot.press(*"taro", "enter")
        await settle(pilot)
        after = list(footer.query(FooterKey))
        assert [k.description for k in before] != [k.description for k in after]
        # the same widgets, relabelled; only the surplus removed or the shortfall mounted
        assert len(set(before) & set(after)) == min(len(before), len(after))


@pilot_test
async def test_a_burst_through_the_steps_records_what_was_typed(
    station: Station, rules: Rules
) -> None:
    app = make_app(station, FLOOR)
    async with app.run_test(size=(160, 48)) as pilot:
        await settle(pilot)
        before = len(station.file.load().entries)
        await burst(pilot, "n", *"taro", "enter", *"slow", "enter", "n", "n", *["n"] * 8)
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        assert screen.step == "result"
        assert screen.players == ["P1"] and screen.infraction == "slow_play"
        assert screen.intentional is False and screen.disruptive is False
        footer = screen.query_one(StationFooter)
        shown = keys_of(footer)
        await burst(pilot, "enter")
        assert screen.step == "done"
        assert len(station.file.load().entries) > before
        assert keys_of(footer) != shown
