"""Questions are data: a yes/no upgrade question is a rules.toml block and nothing else.

`judgetui.engine.questions` says which questions an infraction asks given the answers
so far; the station's classification, the command line's options and the service's
accepted flags all read it. The end-to-end test adds a question to a copy of the
shipped rules, makes an event with them, and sees the question asked in the station
and accepted by ``judgetui record`` and ``judgetui classify``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from judgetui.cli import main
from judgetui.engine import Outcome, questions
from judgetui.identity import Caller
from judgetui.rules import Rules, RulesError, parse_rules, shipped_rules_text
from judgetui.service import Station
from judgetui.station.app import open_station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import FIXED_NOW, HEAD, counting_ids
from tests.helpers.new_question import NEW_QUESTION, SLOW_PLAY, run
from tests.helpers.station import settle

# -- the engine -----------------------------------------------------------------------------


def test_the_questions_an_infraction_asks_are_the_rules() -> None:
    rules = parse_rules(shipped_rules_text() + NEW_QUESTION)
    slow = questions.base(rules, "slow_play")
    assert slow == [
        "serious_advantage",
        "suspected_cheating",
        "strong_cheating",
        "severe_unsporting",
        "phone_at_table",
    ]
    assert questions.base(rules, "tardiness")[0] == questions.MINUTES
    assert "egregious_unsporting" in questions.base(rules, "unsporting_conduct")
    assert "egregious_unsporting" not in slow
    assert "phone_at_table" in questions.flags(rules)
    assert questions.options(rules)["phone"] == "phone_at_table"
    assert questions.options(rules)["advantage"] == "serious_advantage"  # CLI.md's name
    assert questions.options(rules)["severe-unsporting"] == "severe_unsporting"


def test_between_matches_is_asked_once_the_answers_make_a_match_loss() -> None:
    rules = parse_rules(shipped_rules_text())
    loss, no_loss = Outcome("notice", "match_loss"), Outcome("notice", None)
    base = questions.base(rules, "slow_play")
    answered = set(base)
    asked = questions.asked(rules, "slow_play", answered, [no_loss, loss])
    assert asked == [*base, rules.sanctions.match_loss_next_when]
    assert questions.asked(rules, "slow_play", answered, [no_loss]) == base
    # not before every question is answered, and then nothing is classified at all
    never: list[Outcome] = []

    def untouched() -> Any:
        never.append(loss)
        yield loss

    assert rules.sanctions.match_loss_next_when not in questions.asked(
        rules, "slow_play", set(), untouched()
    )
    assert never == []


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        ("Phone", "upgrades.phone_at_table.option: 'Phone' is not an option name"),
        ("advantage", "--advantage is already the option of upgrades.serious_advantage"),
        ("between-matches", "--between-matches is already the option of situation"),
        ("a--b", "'a--b' is not an option name"),
    ],
)
def test_a_question_option_that_cannot_be_an_option_is_refused(option: str, problem: str) -> None:
    text = shipped_rules_text() + NEW_QUESTION.replace('option = "phone"', f'option = "{option}"')
    with pytest.raises(RulesError) as caught:
        parse_rules(text)
    assert any(problem in line for line in caught.value.problems), caught.value.problems


# -- the command line -------------------------------------------------------------------------


def test_record_accepts_the_new_question(capsys: pytest.CaptureFixture[str], event: Path) -> None:
    plain = run(
        capsys, "--db", event, "--judge", HEAD, "--json", "record", "--player", "P1", *SLOW_PLAY
    )
    assert plain[0] == 0, plain
    assert plain[1]["records"][0]["penalty"] == "notice"
    code, out, err = run(
        capsys,
        "--db",
        event,
        "--judge",
        HEAD,
        "--json",
        "record",
        "--player",
        "P2",
        *SLOW_PLAY,
        "--phone",
    )
    assert (code, err) == (0, UNBOUND_WARNING), err
    assert out["records"][0]["penalty"] == "single_warning"
    shown = run(capsys, "--db", event, "--json", "player", "P2")
    assert shown[1]["records"][0]["warning"] == "single_warning"


def test_an_option_the_events_rules_lack_is_refused(
    capsys: pytest.CaptureFixture[str], event: Path, tmp_path: Path
) -> None:
    before = event.read_bytes()
    code, _, err = run(
        capsys, "--db", event, "--judge", HEAD, "record", "--player", "P1", *SLOW_PLAY, "--fone"
    )
    assert code == 2 and "unrecognized arguments: --fone" in err
    assert event.read_bytes() == before
    # the shipped rules have no such question: an event made with them refuses --phone
    shipped = tmp_path / "shipped.json"
    assert (
        run(capsys, "--db", shipped, "event", "init", "--name", "S", "--head-judge", HEAD)[0] == 0
    )
    before = shipped.read_bytes()
    code, _, err = run(
        capsys, "--db", shipped, "--judge", HEAD, "record", "--player", "P1", *SLOW_PLAY, "--phone"
    )
    assert code == 2 and "unrecognized arguments: --phone" in err
    assert shipped.read_bytes() == before


def test_classify_with_the_rules_takes_the_new_question(
    capsys: pytest.CaptureFixture[str], new_rules: Path
) -> None:
    code, out, _ = run(capsys, "--rules", new_rules, "--json", "classify", *SLOW_PLAY, "--phone")
    assert code == 0
    assert out["recommended"] == "single_warning"
    assert "upgrade.phone_at_table" in out["rules"]


def test_help_words_come_from_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "record", "--help"])
    out = capsys.readouterr().out
    assert "--advantage" in out and "その違反によって" in out


# -- the station ------------------------------------------------------------------------------


def test_the_station_asks_the_new_question(event: Path) -> None:
    async def scenario() -> None:
        service = Station(
            EventFile(event),
            parse_rules(shipped_rules_text()),  # the event's own rules take over on load
            caller=Caller("tester", None),
            clock=lambda: FIXED_NOW,
            new_id=counting_ids(7),
        )
        app = open_station(service, HEAD, clock=lambda: FIXED_NOW, cursor_blink=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
            await pilot.press("n")
            await settle(pilot, lambda: isinstance(app.screen, ClassifyScreen))
            screen = app.screen
            assert isinstance(screen, ClassifyScreen)
            await pilot.press(*"p2", "enter")
            await settle(pilot)
            await pilot.press(*"slow", "enter")
            await settle(pilot)
            await pilot.press("n", "y")
            await settle(pilot)
            seen: list[str] = []
            while screen.step == "upgrades":
                question = screen._question()
                assert question is not None
                seen.append(question.key)
                if question.key == "phone_at_table":
                    shown = str(screen.query_one("#questions", Static).render())
                    assert "Did the player use a phone at the table?" in shown
                await pilot.press("y" if question.key == "phone_at_table" else "n")
                await settle(pilot)
            assert seen[-1] == "phone_at_table"
            assert screen.step == "result"
            chosen = screen.chosen()
            assert chosen is not None and chosen.key == "single_warning"
            await pilot.press("enter")  # the record action awaits the save
            await settle(pilot, lambda: screen.step == "done")
        state = service.load()
        [record] = [r for r in state.records.values() if r.player == "P2"]
        assert record.warning == "single_warning"

    asyncio.run(scenario())


def test_station_rules_hold_the_new_question(event: Path) -> None:
    rules: Rules = Station(EventFile(event), parse_rules(shipped_rules_text())).load().rules
    assert "phone_at_table" in rules.upgrades
