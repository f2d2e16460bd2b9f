"""Issue 29 item 4 in the station: the Event screen adds a trainee (``t``), a trainee's
classification records as anyone's does, every record waiting for the head judge, and the
review card says it is a trainee's call, which the head judge's confirm makes their own."""

from __future__ import annotations

from textual.widgets import Input

from judgetui.service import Station, floor_judge
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.review import ReviewScreen
from tests.helpers.event import HEAD, record
from tests.helpers.station import (
    fresh,
    make_app,
    open_screen,
    pilot_test,
    session_of,
    settle,
    shown,
    table_rows,
    walk_to_result,
)

TRAINEE = "Tomo Ito"


@pilot_test
async def test_the_event_screen_adds_a_trainee_with_t(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        await pilot.press("t")
        field = screen.query_one("#event-trainee", Input)
        assert field.has_focus
        field.value = TRAINEE
        await pilot.press("enter")
        await settle(pilot, lambda: TRAINEE in fresh(station).judges)
        await settle(
            pilot, lambda: f"{TRAINEE} | trainee | —" in table_rows(screen, "#event-judges")
        )
        shown_toasts = [str(n.message) for n in app._notifications]
        assert (
            f"{TRAINEE} joins as a trainee: each record waits for the head judge." in shown_toasts
        )
    assert fresh(station).judges[TRAINEE].role == "trainee"


@pilot_test
async def test_a_trainees_notice_from_the_classification_waits_for_the_head_judge(
    station: Station,
) -> None:
    station.add_judge(HEAD, floor_judge(TRAINEE, trainee=True))
    app = make_app(station, TRAINEE)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = await walk_to_result(pilot, "P1", "slow", "n", "y")
        await settle(pilot)
        effect = shown(screen, "#result-effect")
        assert "from a trainee every record waits in the head judge's queue" in effect
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "done")
        assert "waits in the queue and counts once confirmed" in shown(screen, "#done-text")
    [saved] = session_of(app).state.records.values()
    assert (saved.penalty, saved.status, saved.judge) == ("notice", "pending", TRAINEE)
    assert [item.id for item in fresh(station).queue()] == [saved.id]


@pilot_test
async def test_the_review_card_names_a_trainees_call_and_c_makes_it_the_head_judges(
    station: Station,
) -> None:
    station.add_judge(HEAD, floor_judge(TRAINEE, trainee=True))
    record(station, TRAINEE, "P1", "slow_play", intentional=True, disruptive=False)
    [call] = fresh(station).records.values()
    assert (call.status, fresh(station).points("P1")) == ("pending", 0)
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        card = shown(screen, "#review-card")
        assert "A trainee's call: it counts only once you confirm it, as your own" in card
        await pilot.press("c")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    confirmed = fresh(station).records[call.id]
    assert (confirmed.status, confirmed.judge, confirmed.trainee) == ("issued", HEAD, TRAINEE)
    assert fresh(station).points("P1") == 1
