"""The classification screen shows the service's own plan (`engine.plan_incident`): what
it says recording will do is what is recorded, down to the game or match a loss applies to.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import OptionList, Static

from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.station.screens.classify import ClassifyScreen
from tests.helpers.event import FIXED_NOW, HEAD
from tests.helpers.station import make_app, service_on, settle


def station_app(db: Path, rules: Rules, judge: str) -> JudgeStation:
    return make_app(service_on(db, rules, ids=9), judge, now=FIXED_NOW)


async def _chosen_match_loss_applies_to_the_current_match(db: Path, rules: Rules) -> str:
    app = station_app(db, rules, HEAD)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        await pilot.press(*"p1", "enter", *"previous opponent", "enter", "n", "y")
        await settle(pilot)
        while screen.step == "upgrades":
            await pilot.press("n")
            await settle(pilot)
        assert screen.step == "result"
        # the recommendation: a game loss, in the next game
        effect = str(screen.query_one("#result-effect", Static).render())
        assert "Loses the next game." in effect, effect
        keys = [c.key for c in screen.choices()]
        options = screen.query_one("#penalty-choice", OptionList)
        assert options.highlighted is not None
        await pilot.press(*["down"] * (keys.index("match_loss") - options.highlighted))
        chosen = screen.chosen()
        assert chosen is not None and chosen.key == "match_loss"
        (plan,) = screen.plan(chosen)
        assert plan.applies == "current"
        effect = str(screen.query_one("#result-effect", Static).render())
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    return effect


def test_the_preview_says_where_the_chosen_loss_applies_as_it_is_recorded(
    station: Station, db_path: Path, rules: Rules
) -> None:
    effect = asyncio.run(_chosen_match_loss_applies_to_the_current_match(db_path, rules))
    assert "Loses the current match." in effect, effect
    (record,) = station.load().records.values()
    assert (record.sanction, record.applies) == ("match_loss", "current")
