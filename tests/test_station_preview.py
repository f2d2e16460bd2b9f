"""The classification screen shows the service's own plan (`engine.plan_incident`): what
it says recording will do is what is recorded, down to the game or match a loss applies to.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from conftest import FIXED_NOW, HEAD, counting_ids
from textual.widgets import OptionList, Static

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.app import JudgeStation, open_station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.store import EventFile


def station_app(db: Path, rules: Rules, judge: str) -> JudgeStation:
    service = Station(
        EventFile(db),
        rules,
        caller=Caller("tester", None),
        clock=lambda: FIXED_NOW,
        new_id=counting_ids(9),
    )
    return open_station(
        service, judge, clock=lambda: FIXED_NOW, cursor_blink=False, poll_seconds=0.05
    )


async def _chosen_match_loss_applies_to_the_current_match(db: Path, rules: Rules) -> str:
    app = station_app(db, rules, HEAD)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        await pilot.press(*"p1", "enter", *"previous opponent", "enter", "n", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
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
        # The record runs in a "service" thread worker, registered as enter is handled;
        # gone from the list once done (an empty list would wait for the file watcher).
        running = [w for w in app.workers if w.group == "service"]
        if running:
            await app.workers.wait_for_complete(running)
        await pilot.pause()
        assert screen.step == "done"
    return effect


def test_the_preview_says_where_the_chosen_loss_applies_as_it_is_recorded(
    station: Station, db_path: Path, rules: Rules
) -> None:
    effect = asyncio.run(_chosen_match_loss_applies_to_the_current_match(db_path, rules))
    assert "Loses the current match." in effect, effect
    (record,) = station.load().records.values()
    assert (record.sanction, record.applies) == ("match_loss", "current")
