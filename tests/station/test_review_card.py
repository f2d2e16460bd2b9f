"""Issue 11 item 6: the review card says why, the queue puts the urgent first, the
dashboard counts each kind, and `v` voids from the review.

The card's questions come from the rules (``[upgrades.*]``), never a list in the screen;
the reasons are the engine's, each with its rule; the other players of the same incident
stand on the card.
"""

from __future__ import annotations

import pytest

from judgetui import text
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.station.dialogs.void import VoidModal
from judgetui.station.screens.dashboard import pending_title
from judgetui.station.screens.review import ReviewScreen
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown


@pilot_test
async def test_review_card_shows_every_answer_the_judge_gave(
    station: Station, rules: Rules
) -> None:
    record(
        station,
        FLOOR,
        "P1",
        "game_rules_violation",
        intentional=True,
        flags=frozenset({"suspected_cheating", "serious_advantage", "advantage_in_game"}),
        request=True,
    )
    app = make_app(station)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        card = shown(screen, "#review-card")
    for flag, upgrade in rules.upgrades.items():
        if upgrade.applies_to and "game_rules_violation" not in upgrade.applies_to:
            assert text.question(rules, flag) not in card, flag
            continue
        yes = flag in ("suspected_cheating", "serious_advantage")
        answer = "yes" if yes else "no"
        assert f"{answer}  {text.question(rules, flag)}" in card, flag
    assert "It gave an advantage in the current game" in card
    assert "intentional" in card and "disruptive" in card


@pilot_test
async def test_review_card_gives_the_engine_reasons_with_their_rule(station: Station) -> None:
    record(
        station,
        FLOOR,
        "P1",
        "game_rules_violation",
        flags=frozenset({"suspected_cheating"}),
        request=True,
    )
    app = make_app(station)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        card = shown(screen, "#review-card")
    assert "Reasons:" in card
    assert "The judge suspects cheating: Double Warning." in card
    assert "[seed EN §ii: a judge who suspects cheating gives a Double Warning]" in card
    assert "[seed EN §iv]" in card


@pilot_test
async def test_review_card_minutes_late(station: Station) -> None:
    record(station, FLOOR, "P2", "tardiness", minutes_late=7, request=True)
    app = make_app(station)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        card = shown(screen, "#review-card")
    assert "Minutes late: 7" in card
    assert "7 minutes late: at least Game loss." in card


@pilot_test
async def test_review_card_names_the_other_players_of_the_incident(station: Station) -> None:
    station.record(
        FLOOR,
        RecordRequest(
            players=["P1", "P2"],
            infraction="game_state_dispute",
            intentional=False,
            disruptive=True,
            flags=frozenset({"undetermined_intent"}),
        ),
    )
    app = make_app(station)
    async with app.run_test(size=(120, 60)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        first = shown(screen, "#review-card")
        await pilot.press("j")
        second = shown(screen, "#review-card")
    assert "Same incident:" in first and "Ann Lee (P2)" in first
    assert "Same incident:" in second and "Taro Yamada (P1)" in second


def test_queue_puts_decisions_then_cheating_then_investigations_first(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")  # a notice: the oldest
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")  # a request
    record(
        station,
        FLOOR,
        "P3",
        "game_rules_violation",
        penalty="triple_warning",
        request=True,
    )  # an investigation
    record(
        station,
        FLOOR,
        "P4",
        "game_rules_violation",
        flags=frozenset({"suspected_cheating"}),
        request=True,
    )
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", penalty="single_warning")
    queue = fresh(station).queue()
    assert [(item.group, item.player) for item in queue] == [
        ("decision", "P5"),
        ("cheating", "P4"),
        ("investigation", "P3"),
        ("request", "P2"),
        ("notice", "P1"),
    ]


def test_dashboard_counts_each_kind_waiting(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")
    record(station, FLOOR, "P6", "slow_play")
    record(
        station,
        FLOOR,
        "P4",
        "game_rules_violation",
        flags=frozenset({"strong_cheating"}),
        request=True,
    )
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", penalty="single_warning")
    title = pending_title(fresh(station).queue())
    assert title == "Pending for the head judge: 4 — 1 decision, 1 cheating, 2 notices"
    assert len(title) <= 80


def test_dashboard_counts_a_triple_warning_request_as_no_investigation(station: Station) -> None:
    """RULINGS.md §1: a floor judge's Triple Warning request opens no investigation until it
    is issued, so the queue's count names it a Triple Warning, not an investigation."""
    record(station, FLOOR, "P3", "unsporting_conduct", True, True, penalty="triple_warning",
           request=True)  # fmt: skip
    state = fresh(station)
    assert state.open_investigations() == []
    title = pending_title(state.queue())
    assert title == "Pending for the head judge: 1 — 1 Triple Warning"
    assert "investigation" not in title


@pilot_test
async def test_review_v_voids_a_record_that_stands(station: Station) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, VoidModal))
        await pilot.press(*"wrong player", "enter")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    stored = fresh(station).records[request.id]
    assert stored.status == "voided"
    assert stored.void_note == "wrong player"


@pilot_test
async def test_review_v_is_refused_to_a_floor_judge(station: Station) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    app = make_app(station, FLOOR)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await pilot.press("v")
        await settle(pilot)
        assert not isinstance(app.screen, VoidModal)
    assert fresh(station).records[request.id].status == "pending"


@pytest.fixture
def flagged(station: Station) -> Station:
    """A floor judge's request with flags, for two players of one incident."""
    station.record(
        FLOOR,
        RecordRequest(
            players=["P1", "P2"],
            infraction="game_state_dispute",
            intentional=False,
            disruptive=True,
            flags=frozenset({"suspected_cheating", "serious_advantage"}),
            note="life totals disagreed after combat",
            request=True,
        ),
    )
    return station


@pytest.mark.parametrize("size", SIZES)
def test_review_card_with_flags(
    snap_compare: Snap, flagged: Station, size: tuple[int, int]
) -> None:
    item = fresh(flagged).queue()[0].id
    assert snap_compare(
        make_app(flagged), terminal_size=size, run_before=push(lambda: ReviewScreen(item))
    )


def test_review_card_with_flags_scrolled_at_80x24(snap_compare: Snap, flagged: Station) -> None:
    """At 80×24 the answers and reasons are a pagedown away."""
    item = fresh(flagged).queue()[0].id
    assert snap_compare(
        make_app(flagged),
        terminal_size=(80, 24),
        run_before=push(lambda: ReviewScreen(item)),
        press=["pagedown"],
    )
