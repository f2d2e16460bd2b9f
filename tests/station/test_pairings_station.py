"""Issue 29 items 1 and 2 at the station: the table and opponent boxes start from the
round's pairings (shown, editable, cleared means none), and the opponent's standing and
history stand beside the player's on the classification's result step.

Typed as a judge types them, through the classification's steps.
"""

from __future__ import annotations

from textual.widgets import Input

from judgetui.models import Pairing
from judgetui.service import RecordRequest, Station
from judgetui.station.screens.dashboard import DashboardScreen
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.station import make_app, pilot_test, session_of, settle, shown, walk_to_result

SIZE = (120, 40)


def pair(station: Station) -> None:
    """Round 1: P1 and P2 at table 5, P3 and P4 at table 6; P4 has a Notice already."""
    station.import_pairings(
        HEAD,
        1,
        [
            Pairing(table=5, player="P1", opponent="P2"),
            Pairing(table=6, player="P3", opponent="P4"),
        ],
    )
    station.record(HEAD, RecordRequest(["P4"], "slow_play", False, True, table=6))


def box(screen: object, name: str) -> str:
    from judgetui.station.screens.classify import ClassifyScreen

    assert isinstance(screen, ClassifyScreen)
    return screen.query_one(f"#ctx-{name}", Input).value


@pilot_test
async def test_the_table_and_opponent_boxes_start_from_the_round_s_pairings(
    station: Station,
) -> None:
    pair(station)
    app = make_app(station, FLOOR)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P3", "improper", "n", "y")
        assert (box(screen, "table"), box(screen, "opponent")) == ("6", "P4")
        # both players at the call: P4's standing and warning beside P3's history
        opponent = shown(screen, "#result-opponent")
        assert "Opponent" in opponent and "P4 Lucas Silva" in opponent
        assert "R1 Notice · Slow play" in opponent
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    [record] = [r for r in session_of(app).state.records.values() if r.player == "P3"]
    assert (record.table, record.opponent) == (6, "P4")


@pilot_test
async def test_an_opponent_the_judge_clears_or_types_is_the_judge_s(station: Station) -> None:
    pair(station)
    app = make_app(station, FLOOR)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P1", "improper", "n", "y")
        assert box(screen, "opponent") == "P2"
        # note, table, game, opponent: cleared
        await pilot.press("tab", "tab", "tab", "tab", "backspace", "backspace")
        assert box(screen, "opponent") == ""
        assert shown(screen, "#result-opponent") == ""
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = await walk_to_result(pilot, "P2", "improper", "n", "y")
        assert box(screen, "opponent") == "P1"
        await pilot.press("tab", "tab", "tab", "tab", "backspace", "backspace", *"P6")
        assert "P6 Emma Rossi" in shown(screen, "#result-opponent")
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
    records = session_of(app).state.records.values()
    assert sorted((r.player, r.opponent) for r in records if r.player in ("P1", "P2")) == [
        ("P1", None),
        ("P2", "P6"),
    ]
