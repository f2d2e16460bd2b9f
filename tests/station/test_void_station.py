"""The station's void, correct and sanction confirmation (issue 11, item 3), with Pilot."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input, OptionList

from judgetui.rules import Rules
from judgetui.service import RecordResult, Station
from judgetui.station.dialogs.decision import DecisionModal
from judgetui.station.dialogs.void import ConfirmSanction, CorrectModal, VoidModal
from judgetui.station.screens.player import PlayerScreen
from tests.helpers.event import FIXED_NOW, HEAD, record
from tests.helpers.station import (
    SIZE,
    make_app,
    open_screen,
    pilot_test,
    service_on,
    settle,
    table_rows,
    walk_to_result,
)


def single(station: Station, player: str, infraction: str) -> str:
    result = record(station, HEAD, player, infraction, penalty="single_warning")
    assert isinstance(result, RecordResult)
    record_id = result.records[0].id
    assert record_id is not None
    return record_id


@pilot_test
async def test_void_from_the_player_screen_needs_a_reason_and_strikes_the_row(
    station: Station,
) -> None:
    single(station, "P1", "slow_play")
    last = single(station, "P1", "mulligan_error")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = PlayerScreen("P1")
        await open_screen(pilot, screen)
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, VoidModal))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, VoidModal), "no reason, no void"
        await pilot.press(*"recorded twice", "enter")
        await settle(pilot, lambda: station.load().records[last].status == "voided")
        await settle(
            pilot, lambda: any("voided" in row for row in table_rows(screen, "#player-history"))
        )
        table = screen.query_one("#player-history", DataTable)
        cell = table.get_row(last)[2]
        assert "strike" in str(cell.spans[-1].style)  # type: ignore[union-attr]
    state = station.load()
    assert state.records[last].void_note == "recorded twice"
    assert state.points("P1") == 1


@pilot_test
async def test_escape_in_the_void_dialog_writes_nothing(station: Station) -> None:
    single(station, "P1", "slow_play")
    app = make_app(station)
    before = station.file.path.read_bytes()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, VoidModal))
        await pilot.press(*"oops", "escape")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
    assert station.file.path.read_bytes() == before


@pilot_test
async def test_correct_the_player_of_a_record_in_one_act(station: Station) -> None:
    wrong = single(station, "P1", "slow_play")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_screen(pilot, PlayerScreen("P1"))
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, CorrectModal))
        modal = app.screen
        modal.query_one("#correct-player", Input).value = "P2"
        assert modal.query_one("#correct-penalty", OptionList).highlighted_option is not None
        await pilot.press(*"wrong player", "enter")
        await settle(pilot, lambda: station.load().records[wrong].status == "voided")
    state = station.load()
    assert (state.points("P1"), state.points("P2")) == (0, 1)
    kinds = [e["kind"] for e in station.file.load().entries[-2:]]
    assert kinds == ["record_voided", "incident_recorded"]


@pilot_test
async def test_a_decided_ejection_asks_for_confirmation_and_a_note(station: Station) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        single(station, "P3", infraction)
    app = make_app(station)
    before = station.file.path.read_bytes()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_screen(pilot, PlayerScreen("P3"))
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DecisionModal))
        await pilot.press("enter")  # ejection, the default
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        await pilot.press("enter")  # a second enter: no note, no ejection
        await settle(pilot)
        assert isinstance(app.screen, ConfirmSanction)
        assert station.file.path.read_bytes() == before
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, PlayerScreen))
        assert station.file.path.read_bytes() == before
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DecisionModal))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        await pilot.press(*"third warning today", "enter")
        await settle(pilot, lambda: bool(station.load().players["P3"].decisions))
    [decided] = station.load().players["P3"].decisions
    assert (decided.penalty, decided.note) == ("ejection", "third warning today")


@pilot_test
async def test_a_disqualification_from_the_result_list_asks_first(
    station: Station, db_path: Path, rules: Rules
) -> None:
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    before = db_path.read_bytes()
    async with app.run_test(size=SIZE) as pilot:
        screen = await walk_to_result(pilot, "P4", "slow", "n", "y")
        choices = screen.query_one("#penalty-choice", OptionList)
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        choices.highlighted = ids.index("disqualification")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        body = str(app.screen.query_one(".dialog-body").render())
        assert "forfeit prizes and standing" in body and "enter" in body
        await pilot.press("enter", "enter")  # a tired judge: still nothing recorded
        await settle(pilot)
        assert isinstance(app.screen, ConfirmSanction)
        assert db_path.read_bytes() == before
        await pilot.press(*"abusive to the opponent", "enter")
        await settle(pilot, lambda: screen.step == "done")
    state = station.load()
    [record_id] = state.players["P4"].records
    assert state.records[record_id].sanction == "disqualification"
    assert state.records[record_id].note == "abusive to the opponent"
    assert state.players["P4"].status == "disqualified"


@pilot_test
async def test_an_upgrade_to_ejection_in_the_review_asks_first(station: Station) -> None:
    from judgetui.station.dialogs.review_action import ReviewActionModal
    from judgetui.station.screens.review import ReviewScreen
    from tests.helpers.event import FLOOR

    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_screen(pilot, ReviewScreen())
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ReviewActionModal))
        choices = app.screen.query_one("#review-action-choices", OptionList)
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        choices.highlighted = ids.index("ejection")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmSanction))
        await pilot.press(*"threatened the opponent", "enter")
        await settle(pilot, lambda: station.load().players["P2"].status == "ejected")
