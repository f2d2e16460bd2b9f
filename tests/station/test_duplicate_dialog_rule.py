"""Issue 26 item 4 at the station: the duplicate dialog is bound by the service's rule.

A witness note is offered only for a real duplicate. An incident of two players shown
another judge's record of one of them would, as a witness note, drop the second player's
penalty: the dialog does not offer it, says why, and enter records the second incident.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.station.dialogs.duplicate import DuplicateScreen
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, pilot_test, service_on, session_of, settle

SIZE = (100, 30)


@pilot_test
async def test_the_duplicate_dialog_never_offers_a_witness_note_that_drops_a_penalty(
    station: Station, db_path: Path, rules: Rules
) -> None:
    floor = service_on(db_path, rules, ids=9)
    [earlier] = floor.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True)).records
    head = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
    async with head.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(head.screen, DashboardScreen))
        await pilot.press("n")
        screen = head.screen
        assert isinstance(screen, ClassifyScreen)
        await pilot.press(*"p1", "tab", *"p2", "enter")
        assert screen.players == ["P1", "P2"]
        await pilot.press(*"slow", "enter", "n", "y")
        while screen.step == "upgrades":
            await pilot.press("n")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(head.screen, DuplicateScreen))
        prompt = head.screen
        assert isinstance(prompt, DuplicateScreen)
        options = prompt.query_one("#duplicate-choice", OptionList)
        assert options.get_option_at_index(0).disabled and options.highlighted == 1
        why = str(prompt.query_one("#duplicate-refusal", Static).render())
        assert "not a duplicate" in why and "P1, P2" in why
        await pilot.press("up")  # a tired judge: the witness note stays out of reach
        assert options.highlighted == 1
        await pilot.press(*"both stalled", "enter")
        await settle(pilot, lambda: screen.step == "done")
        state = session_of(head).state
    assert earlier.id is not None
    assert [len(state.players[p].records) for p in ("P1", "P2")] == [2, 1]
    assert state.records[earlier.id].witnesses == ()
