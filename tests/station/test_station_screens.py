"""The head judge's screens, driven with Textual's Pilot against real event files.

Each test builds an event through the service (the conftest ``station``: head judge
Kana Mori, floor judge Alex Reed, players P1–P6), opens the real `JudgeStation` on it,
pushes one screen and presses keys. What a key did is checked in the event file (the
service wrote it) and on the screen (what the judge reads).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.dialogs.decision import DecisionChoice, DecisionModal
from judgetui.station.dialogs.help import HelpScreen, key_sections, screen_classes
from judgetui.station.dialogs.review_action import ReviewActionModal
from judgetui.station.screens.event import EventScreen
from judgetui.station.screens.first_run import FirstRunScreen, split_names
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.review import ReviewScreen
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import (
    fresh,
    highlighted,
    make_app,
    open_screen,
    options_of,
    pilot_test,
    settle,
    shown,
    table_rows,
)

# -- head judge review ---------------------------------------------------------------------


@pilot_test
async def test_review_confirms_a_floor_judges_request(station: Station) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    assert request.status == "pending"
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        card = shown(screen, "#review-card")
        assert "Request from a floor judge" in card
        assert "Ann Lee (P2)" in card
        assert "If confirmed: 0 → 1 point" in card
        assert "Slow play" in shown(screen, "#review-history-title") + card
        await pilot.press("c")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    state = fresh(station)
    assert state.records[request.id].status == "issued"
    assert state.records[request.id].reviewed_by == HEAD
    assert state.points("P2") == 1


@pilot_test
async def test_review_upgrades_a_notice_to_a_single_warning(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")
    notice = next(iter(fresh(station).records.values()))
    assert (notice.penalty, fresh(station).points("P1")) == ("notice", 0)
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen(notice.id)
        await open_screen(pilot, screen)
        assert "Notice to check" in shown(screen, "#review-card")
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ReviewActionModal))
        choices = options_of(app.screen, "#review-action-choices")
        keys = [key for key, _disabled, _prompt in choices]
        assert keys[:3] == ["single_warning", "double_warning", "triple_warning"]
        assert "game_loss" in keys and "disqualification" in keys
        assert "0 → 1 point" in choices[0][2]
        assert "a decision is owed" in choices[2][2]
        await pilot.press("tab")
        app.screen.query_one("#review-action-note", Input).value = "second time today"
        await pilot.press("enter")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    state = fresh(station)
    old = state.records[notice.id]
    assert old.status == "superseded"
    new = next(r for r in state.history("P1") if r.supersedes == notice.id)
    assert (new.penalty, new.status, new.review_note) == (
        "single_warning",
        "issued",
        "second time today",
    )
    assert state.points("P1") == 1


@pilot_test
async def test_review_dismiss_needs_a_note(station: Station) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await pilot.press("x")
        await settle(pilot, lambda: isinstance(app.screen, ReviewActionModal))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewActionModal), "an empty note must not dismiss"
        app.screen.query_one("#review-action-note", Input).value = "turn structure explained"
        await pilot.press("enter")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    state = fresh(station)
    assert state.records[request.id].status == "dismissed"
    assert state.records[request.id].review_note == "turn structure explained"
    assert state.points("P2") == 0


@pilot_test
async def test_review_minor_flip_goes_with_the_upgrade(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")
    notice = next(iter(fresh(station).records.values()))
    assert notice.minor is True
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await pilot.press("m")
        await pilot.pause()
        assert "Minor: no" in shown(screen, "#review-card")
        await pilot.press("u")
        await settle(pilot, lambda: isinstance(app.screen, ReviewActionModal))
        await pilot.press("enter")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    new = next(r for r in fresh(station).history("P1") if r.supersedes == notice.id)
    assert new.minor is False


@pilot_test
async def test_review_minor_flip_goes_with_the_confirm(station: Station) -> None:
    """The head judge's "minor" is stored with the confirm (it decides RULINGS §3 options)."""
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await pilot.press("m", "c")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    stored = fresh(station).records[request.id]
    assert stored.status == "issued"
    assert stored.minor is False


@pilot_test
async def test_review_moves_through_the_queue(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        assert "item 1 of 2" in shown(screen, "#review-title")
        assert "Ann Lee" in shown(screen, "#review-card")  # the request, before the Notice
        await pilot.press("j")
        assert "item 2 of 2" in shown(screen, "#review-title")
        assert "Taro Yamada" in shown(screen, "#review-card")
        await pilot.press("k")
        assert "item 1 of 2" in shown(screen, "#review-title")
        await pilot.press("down")
        assert "item 2 of 2" in shown(screen, "#review-title"), "the arrows move too"
        await pilot.press("up")
        assert "item 1 of 2" in shown(screen, "#review-title")
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is not screen)


@pilot_test
async def test_review_refuses_a_floor_judge(station: Station) -> None:
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    request = next(iter(fresh(station).records.values()))
    app = make_app(station, FLOOR)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        assert "Only the head judge reviews the queue" in shown(screen, "#review-card")
        assert screen.check_action("confirm", ()) is None
        await pilot.press("c")
        await settle(pilot)
    assert fresh(station).records[request.id].status == "pending"


# -- the three-warning decision ------------------------------------------------------------


def three_minor_singles(station: Station, player: str = "P1") -> None:
    for infraction in ("slow_play", "drawing_extra_cards", "mulligan_error"):
        record(station, HEAD, player, infraction, penalty="single_warning")


async def open_decision(
    pilot: Pilot[Any], player: str, results: list[DecisionChoice | None]
) -> DecisionModal:
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
    modal = DecisionModal(player)
    pilot.app.push_screen(modal, results.append)
    await settle(pilot, lambda: pilot.app.screen is modal)
    return modal


@pilot_test
async def test_decision_lists_every_option_with_the_default_preselected(
    station: Station,
) -> None:
    three_minor_singles(station)
    results: list[DecisionChoice | None] = []
    async with make_app(station).run_test(size=(100, 30)) as pilot:
        modal = await open_decision(pilot, "P1", results)
        options = {
            key: (disabled, prompt)
            for key, disabled, prompt in options_of(modal, "#decision-options")
        }
        assert list(options) == ["game_loss", "match_loss", "ejection", "disqualification"]
        assert options["game_loss"][0] is False and "next game" in options["game_loss"][1]
        assert options["match_loss"][0] is False and "current match" in options["match_loss"][1]
        assert "default" in options["ejection"][1]
        assert options["disqualification"][0] is True
        assert "no strong belief of cheating" in options["disqualification"][1]
        assert highlighted(modal, "#decision-options") == "ejection"
        assert "3 points in the main rounds" in shown(modal, "#decision-standing")
        await pilot.press("enter")
        await settle(pilot, lambda: bool(results))
    assert results == [DecisionChoice("ejection", False, "")]


@pilot_test
async def test_decision_forces_ejection_at_four_points(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    record(station, HEAD, "P1", "mulligan_error", penalty="single_warning")
    record(station, HEAD, "P1", "drawing_extra_cards", penalty="double_warning")
    results: list[DecisionChoice | None] = []
    async with make_app(station).run_test(size=(100, 30)) as pilot:
        modal = await open_decision(pilot, "P1", results)
        options = {
            key: (disabled, prompt)
            for key, disabled, prompt in options_of(modal, "#decision-options")
        }
        for key in ("game_loss", "match_loss"):
            assert options[key][0] is True
            assert "a fourth warning: ejection is required" in options[key][1]
        assert options["ejection"][0] is False and "required" in options["ejection"][1]
        assert options["disqualification"][0] is True
        assert "Ejection is required" in shown(modal, "#decision-standing")
        assert highlighted(modal, "#decision-options") == "ejection"
        await pilot.press("up", "up")
        assert highlighted(modal, "#decision-options") == "ejection"
        await pilot.press("escape")
        await settle(pilot, lambda: bool(results))
    assert results == [None]


@pilot_test
async def test_decision_disqualification_opens_with_a_triple_warning(station: Station) -> None:
    record(station, HEAD, "P5", "cheating", True, True, penalty="triple_warning")
    results: list[DecisionChoice | None] = []
    async with make_app(station).run_test(size=(100, 30)) as pilot:
        modal = await open_decision(pilot, "P5", results)
        options = {
            key: (disabled, prompt)
            for key, disabled, prompt in options_of(modal, "#decision-options")
        }
        assert options["disqualification"][0] is False
        assert "not every warning is minor" in options["game_loss"][1]
        await pilot.press("down", "enter")
        await settle(pilot, lambda: bool(results))
    assert results == [DecisionChoice("disqualification", False, "")]


@pilot_test
async def test_decision_strong_belief_reopens_disqualification(station: Station) -> None:
    three_minor_singles(station)
    results: list[DecisionChoice | None] = []
    async with make_app(station).run_test(size=(100, 30)) as pilot:
        modal = await open_decision(pilot, "P1", results)
        await pilot.press("down")
        assert highlighted(modal, "#decision-options") != "disqualification", "DQ is closed"
        await pilot.press("up")
        assert highlighted(modal, "#decision-options") == "ejection"
        await pilot.press("s")
        await pilot.pause()
        assert highlighted(modal, "#decision-options") == "ejection", "the choice is kept"
        await pilot.press("down")
        assert highlighted(modal, "#decision-options") == "disqualification"
        await pilot.press("tab")
        modal.query_one("#decision-note", Input).value = "marked sleeves"
        await pilot.press("enter")
        await settle(pilot, lambda: bool(results))
    assert results == [DecisionChoice("disqualification", True, "marked sleeves")]


@pilot_test
async def test_decision_current_or_next_game_and_match(station: Station) -> None:
    three_minor_singles(station)
    results: list[DecisionChoice | None] = []
    async with make_app(station).run_test(size=(100, 30)) as pilot:
        modal = await open_decision(pilot, "P1", results)
        await pilot.press("up")
        assert highlighted(modal, "#decision-options") == "match_loss"
        await pilot.press("b")
        await pilot.pause()
        prompt = dict((k, p) for k, _d, p in options_of(modal, "#decision-options"))
        assert "next match" in prompt["match_loss"]
        assert "loses the next match" in shown(modal, "#decision-why")
        await pilot.press("enter")
        await settle(pilot, lambda: bool(results))
    assert results == [DecisionChoice("match_loss", False, "", between_matches=True)]


@pilot_test
async def test_decide_from_the_review_queue_records_the_decision(station: Station) -> None:
    three_minor_singles(station)
    assert [i.kind for i in fresh(station).queue()] == ["decision"]
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        assert "Three-warning decision owed" in shown(screen, "#review-card")
        assert screen.check_action("confirm", ()) is None
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DecisionModal))
        await pilot.press("up", "up", "a", "enter")
        await settle(pilot, lambda: "queue is empty" in shown(screen, "#review-title"))
    decisions = fresh(station).players["P1"].decisions
    assert [(d.penalty, d.applies, d.points) for d in decisions] == [("game_loss", "current", 3)]


# -- player detail --------------------------------------------------------------------------


@pilot_test
async def test_player_detail_shows_the_whole_history(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning", note="took 4 minutes")
    record(station, FLOOR, "P1", "mulligan_error", penalty="single_warning")
    record(station, FLOOR, "P1", "cards_off_table")
    record(station, HEAD, "P1", "standard_draft", disruptive=False, penalty="single_warning")
    notice = next(r for r in fresh(station).history("P1") if r.penalty == "notice")
    station.review(HEAD, notice.id, "dismiss", note="no penalty after all")
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayerScreen("P1")
        await open_screen(pilot, screen)
        assert "Taro Yamada (P1)" in shown(screen, "#player-title")
        summary = shown(screen, "#player-summary")
        assert "Status: active" in summary
        assert "Points in the main rounds: 1" in summary
        assert "Decision owed: no" in summary
        assert "1 item waits for the head judge" in summary
        rows = table_rows(screen, "#player-history")
        text = "\n".join(rows)
        assert rows[0].count("Main rounds") == 1
        assert "Single Warning | 1 | issued | Slow play | Kana Mori | took 4 minutes" in text
        assert "Single Warning | 1 | pending | Mulligan rule error | Alex Reed" in text
        assert "dismissed" in text and "review: no penalty after all" in text
        draft_at = next(i for i, row in enumerate(rows) if "Draft warnings (never counted)" in row)
        assert "Single Warning | 0 | issued | Standard draft infraction" in rows[draft_at + 1]
        detail = shown(screen, "#player-detail")
        assert "Standard draft infraction" in detail and "By Kana Mori, round 1" in detail
        await pilot.press("up", "up", "up", "up")
        assert "Note: took 4 minutes" in shown(screen, "#player-detail")


@pilot_test
async def test_player_detail_after_the_finals_and_a_decision(station: Station) -> None:
    three_minor_singles(station)
    station.decide(HEAD, "P1", "match_loss")
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    station.enter_finals(HEAD)
    record(station, HEAD, "P2", "mulligan_error", penalty="single_warning")
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        first = PlayerScreen("P1")
        await open_screen(pilot, first)
        cells = table_rows(first, "#player-history")
        assert any("Match loss (current match)" in row and "decided" in row for row in cells)
        assert any("Final rounds" in row for row in cells)
        assert "Points in the final rounds: 0" in shown(first, "#player-summary")
        await pilot.press("escape")
        second = PlayerScreen("P2")
        await open_screen(pilot, second)
        summary = shown(second, "#player-summary")
        assert "Points in the final rounds: 1" in summary
        assert "restarted" in summary


# -- the event ------------------------------------------------------------------------------


@pilot_test
async def test_entering_the_finals_asks_first_and_restarts_the_counts(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    record(station, HEAD, "P1", "mulligan_error", penalty="single_warning")
    assert fresh(station).points("P1") == 2
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        await pilot.press("f")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        question = shown(app.screen, "#confirm-question")
        assert "restarts from zero" in question and "history" in question
        await pilot.press("n")
        await settle(pilot, lambda: app.screen is screen)
        assert fresh(station).phase == "main"
        await pilot.press("f")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await settle(pilot, lambda: "is in the final rounds" in shown(screen, "#event-finals"))
        assert "final rounds" in shown(screen, "#event-summary")
    state = fresh(station)
    assert state.phase == "finals"
    assert state.points("P1") == 0
    assert len(state.history("P1")) == 2


@pilot_test
async def test_event_sets_the_round_and_adds_a_floor_judge(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        await pilot.press("r", "3", "enter")
        await settle(pilot, lambda: fresh(station).round == 3)
        await pilot.press("a")
        screen.query_one("#event-judge", Input).value = "Sato Yuki"
        await pilot.press("enter")
        await settle(pilot, lambda: "Sato Yuki" in fresh(station).judges)
        await settle(pilot, lambda: "3 of 6" in shown(screen, "#event-summary"))
    state = fresh(station)
    assert state.judges["Sato Yuki"].role == "floor"


@pilot_test
async def test_event_refuses_a_judge_name_the_event_file_cannot_keep(station: Station) -> None:
    """The name is held to the model by the service's `floor_judge`, as the command line's
    `event judge` is: one toast, nothing written."""
    before = station.file.path.read_bytes()
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        await pilot.press("a")
        screen.query_one("#event-judge", Input).value = "x" * 61
        await pilot.press("enter")
        await settle(pilot)
        shown = [str(n.message) for n in app._notifications]
        assert "A judge's name is 1 to 60 characters." in shown
        assert screen.query_one("#event-judge", Input).value == "x" * 61
    assert station.file.path.read_bytes() == before


@pilot_test
async def test_event_imports_players_and_shows_the_bad_line(
    station: Station, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("id,name\nP7,Ken Ito\nP 8,Broken Id\n", encoding="utf-8")
    good = tmp_path / "good.csv"
    good.write_text("id,name\nP7,Ken Ito\nP8,Mia Kato\n", encoding="utf-8")
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        await pilot.press("i")
        field = screen.query_one("#event-import", Input)
        field.value = str(bad)
        await pilot.press("enter")
        await settle(pilot, lambda: "Not imported" in shown(screen, "#event-import-result"))
        assert "line 3" in shown(screen, "#event-import-result")
        assert "P7" not in fresh(station).players
        await pilot.press("i")
        field.value = str(good)
        await pilot.press("enter")
        await settle(pilot, lambda: "2 players imported" in shown(screen, "#event-import-result"))
        await settle(pilot, lambda: "8 players" in shown(screen, "#event-players"))
    assert fresh(station).players["P8"].name == "Mia Kato"


@pilot_test
async def test_event_keys_are_greyed_for_a_floor_judge(station: Station) -> None:
    app = make_app(station, FLOOR)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = EventScreen()
        await open_screen(pilot, screen)
        assert screen.check_action("finals", ()) is None
        assert screen.query_one("#event-round", Input).disabled


# -- first run, help, confirmation ------------------------------------------------------


@pilot_test
async def test_first_run_creates_the_event_file(rules: Rules, tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    station = Station(EventFile(path), rules, caller=Caller("tester", None))
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, FirstRunScreen))
        screen = app.screen
        for field, value in (
            ("name", "Winter Open"),
            ("head", HEAD),
            ("floor", "Alex Reed, Sato Yuki"),
        ):
            screen.query_one(f"#first-run-{field}", Input).value = value
        await pilot.press("enter", "enter", "enter")
        assert screen.query_one("#first-run-rounds", Input).has_focus
        await pilot.press("6", "enter")
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        assert app.session is not None and app.session.judge.name == HEAD, "signed in as head"
    state = station.load()
    assert state.name == "Winter Open"
    assert state.rounds == 6
    assert {n: j.role for n, j in state.judges.items()} == {
        HEAD: "head",
        "Alex Reed": "floor",
        "Sato Yuki": "floor",
    }


@pilot_test
async def test_first_run_needs_a_name_and_a_head_judge(rules: Rules, tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    station = Station(EventFile(path), rules, caller=Caller("tester", None))
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, FirstRunScreen))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, FirstRunScreen)
        assert not path.exists()


def test_split_names() -> None:
    assert split_names(" Alex Reed, ,Sato Yuki、佐藤 花子 ") == [
        "Alex Reed",
        "Sato Yuki",
        "佐藤 花子",
    ]


@pilot_test
async def test_help_lists_every_screens_keys(station: Station) -> None:
    app = make_app(station)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_screen(pilot, HelpScreen())
        sections = {s.name: s for s in key_sections(app)}
        for cls in screen_classes():
            if cls.__dict__.get("BINDINGS"):
                assert cls.__name__ in sections, f"{cls.__name__} is missing from the help"
        review = {line.description: line.keys for line in sections["ReviewScreen"].keys}
        assert review["Confirm"] == "c"
        assert review["Next"] == "j / ↓"
        assert "app" in sections and "Help" in {k.description for k in sections["app"].keys}
        assert app.screen.query("#help-ReviewScreen")
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, HelpScreen))


@pilot_test
async def test_confirm_modal_answers(station: Station) -> None:
    """y and enter (on the yes button, focused first) say yes; n and escape say no."""
    async with make_app(station).run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
        results: list[bool | None] = []
        for key in ("y", "n", "escape", "enter"):
            pilot.app.push_screen(ConfirmModal("Sure?", "Yes", "No"), results.append)
            await settle(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal))
            await pilot.press(key)
            await settle(pilot, lambda: not isinstance(pilot.app.screen, ConfirmModal))
    assert results == [True, False, False, True]
