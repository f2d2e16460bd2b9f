"""Issue 29 items 1 and 2 at the station: the table and opponent boxes start from the
round's pairings (shown, editable, cleared means none), and the opponent's standing and
history stand beside the player's on the classification's result step.

Typed as a judge types them, through the classification's steps.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from judgetui.models import Pairing
from judgetui.service import RecordRequest, Station
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.review import ReviewScreen
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.station import (
    fresh,
    make_app,
    open_screen,
    pilot_test,
    session_of,
    settle,
    shown,
    walk_to_result,
)

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


@pilot_test
async def test_the_event_screen_imports_a_round_s_pairings_and_says_what_changed(
    station: Station, tmp_path: Path
) -> None:
    first = tmp_path / "round1.csv"
    first.write_text("table,player,opponent\n5,P1,P2\n6,P3,P4\n", encoding="utf-8")
    again = tmp_path / "round1-again.csv"
    again.write_text("table,player,opponent\n5,P1,P2\n8,P3,P4\n6,P5,P9\n", encoding="utf-8")
    fixed = tmp_path / "round1-fixed.csv"
    fixed.write_text("table,player,opponent\n5,P1,P2\n8,P3,P4\n", encoding="utf-8")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        assert screen.query_one("#event-pairings-round", Input).value == "1"
        await pilot.press("p")
        field = screen.query_one("#event-pairings", Input)
        assert field.has_focus
        field.value = str(first)
        await pilot.press("enter")
        await settle(
            pilot, lambda: "2 pairings for round 1" in shown(screen, "#event-pairings-result")
        )
        # an unknown player: nothing imported, the line says why
        await pilot.press("p")
        field.value = str(again)
        await pilot.press("enter")
        await settle(pilot, lambda: "Not imported" in shown(screen, "#event-pairings-result"))
        assert "unknown player 'P9'" in shown(screen, "#event-pairings-result")
        assert fresh(station).pairings[1]["P3"].table == 6
        await pilot.press("p")
        field.value = str(fixed)
        await pilot.press("enter")
        await settle(pilot, lambda: "P3 moved" in shown(screen, "#event-pairings-result"))
        assert "P3 moved: table 6 → table 8" in shown(screen, "#event-pairings-result")
    assert fresh(station).pairings[1]["P4"].table == 8


@pilot_test
async def test_the_review_card_shows_the_opponent_s_standing_beside_the_player_s(
    station: Station,
) -> None:
    # P2's history: two records; P1's request was recorded before the pairings came in
    station.record(HEAD, RecordRequest(["P2"], "slow_play", False, True))
    station.record(
        HEAD, RecordRequest(["P2"], "mulligan_error", False, False, penalty="single_warning")
    )
    station.record(
        FLOOR,
        RecordRequest(
            ["P1"], "drawing_extra_cards", False, False, penalty="game_loss", request=True
        ),
    )
    station.import_pairings(HEAD, 1, [Pairing(table=5, player="P1", opponent="P2")])
    for size, lines in (((80, 24), 1), ((120, 40), 3)):
        app = make_app(station)
        async with app.run_test(size=size) as pilot:
            screen = ReviewScreen()
            await open_screen(pilot, screen)
            card = shown(screen, "#review-card").splitlines()
        [at] = [n for n, line in enumerate(card) if line.startswith("Opponent  P2 Ann Lee")]
        assert card[at - 1].startswith("Taro Yamada (P1)")
        opponent = "\n".join(card[at : at + lines])
        assert "1 point" in card[at] or "●" in card[at], card
        assert "Mulligan" in opponent, card
        # 80×24: the latest record and how many before it; with room, each record
        assert ("Slow play" in opponent) == (lines > 1), card
        assert ("… 1 e" in opponent) == (lines == 1), card
        assert not card[at + lines].startswith("  R"), (size, card)


@pilot_test
async def test_the_player_screen_shows_the_round_s_table_and_opponent(station: Station) -> None:
    pair(station)
    app = make_app(station)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DashboardScreen))
        screen = PlayerScreen("P3")
        await open_screen(pilot, screen)
        summary = shown(screen, "#player-summary")
    assert "Table: 6" in summary and "Opponent: P4" in summary
