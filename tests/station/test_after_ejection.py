"""Issue 11 item 10: conduct after an ejection or a disqualification.

The head judge can record conduct (rules.toml ``after_ejection = true``: unsporting
conduct, cheating) against a player who no longer plays, and a disqualification can follow;
every other infraction is refused (exit 2) with a reason that says why. A floor judge's
conduct record goes to the head judge as usual. The station lets such a player be chosen,
shows why beside the name, and refuses at the infraction step.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui.rules import RulesError, parse_rules, shipped_rules_text
from judgetui.service import BadInput, Station
from judgetui.station.screens.classify import ClassifyScreen
from tests.helpers.cli import rec, refused
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import make_app, open_screen, pilot_test, settle

REASON = "P1: ejected in round 1: only conduct (cheating, unsporting conduct) can be recorded now"


def eject(station: Station, player: str = "P1") -> None:
    record(station, HEAD, player, "slow_play", penalty="ejection", note="third warning")
    assert station.load().players[player].status == "ejected"


def test_conduct_infractions_are_declared_in_the_rules() -> None:
    rules = parse_rules(shipped_rules_text())
    conduct = sorted(k for k, inf in rules.infractions.items() if inf.after_ejection)
    assert conduct == ["cheating", "unsporting_conduct"]


def test_after_ejection_is_validated_by_the_rules_schema() -> None:
    bad = shipped_rules_text().replace(
        "after_ejection = true                  # cheating found after the fact",
        'after_ejection = "sometimes"',
    )
    assert bad != shipped_rules_text()
    with pytest.raises(RulesError) as info:
        parse_rules(bad)
    assert any("after_ejection" in p for p in info.value.problems)


def test_game_play_infraction_against_an_ejected_player_is_refused_with_why(
    station: Station,
) -> None:
    eject(station)
    with pytest.raises(BadInput) as info:
        record(station, HEAD, "P1", "slow_play")
    assert str(info.value) == REASON


def test_head_judge_records_unsporting_conduct_after_an_ejection(station: Station) -> None:
    eject(station)
    record(station, HEAD, "P1", "unsporting_conduct", intentional=True, note="abuse on the way")
    state = station.load()
    last = state.records[state.players["P1"].records[-1]]
    assert (last.infraction, last.status) == ("unsporting_conduct", "issued")


def test_disqualification_can_follow_an_ejection(station: Station) -> None:
    eject(station)
    record(
        station,
        HEAD,
        "P1",
        "unsporting_conduct",
        intentional=True,
        flags=frozenset({"egregious_unsporting"}),
        penalty="disqualification",
        note="threatened the opponent",
    )
    assert station.load().players["P1"].status == "disqualified"


def test_cheating_found_after_a_disqualification_is_recorded(station: Station) -> None:
    record(station, HEAD, "P2", "collusion", intentional=True, note="bribe")
    assert station.load().players["P2"].status == "disqualified"
    record(station, HEAD, "P2", "cheating", intentional=True, note="marked cards found later")
    with pytest.raises(BadInput) as info:
        record(station, HEAD, "P2", "tardiness", minutes_late=3)
    assert "P2: disqualified in round 1: only conduct" in str(info.value)


def test_floor_judge_is_refused_game_play_but_conduct_goes_to_the_head_judge(
    station: Station,
) -> None:
    eject(station)
    with pytest.raises(BadInput) as info:
        record(station, FLOOR, "P1", "slow_play")
    assert str(info.value) == REASON
    record(station, FLOOR, "P1", "unsporting_conduct", intentional=True, request=True)
    [item] = station.load().queue()
    assert (item.player, item.kind, item.infraction) == ("P1", "request", "unsporting_conduct")


def test_cli_refuses_game_play_after_an_ejection_with_exit_2(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    eject(station)
    line = refused(capsys, db_path, 2, *rec(db_path, HEAD, "P1", "slow_play"))
    assert line == f"judgetui: {REASON}"


@pilot_test
async def test_station_search_shows_why_and_refuses_at_the_infraction_step(
    station: Station,
) -> None:
    eject(station)
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ClassifyScreen()
        await open_screen(pilot, screen)
        await pilot.press(*"p1")
        await settle(pilot)
        from textual.widgets import OptionList

        options = screen.query_one("#player-list", OptionList)
        option = options.get_option_at_index(0)
        assert option.id == "P1" and not option.disabled
        assert "ejected in round 1: only conduct" in str(option.prompt)
        await pilot.press("enter")
        await settle(pilot, lambda: screen.step == "infraction")
        await pilot.press(*"slow", "enter")
        await settle(pilot)
        assert screen.step == "infraction", "a game-play infraction is refused"
        assert any(REASON in str(n.message) for n in app._notifications)
        search = screen.query_one("#infraction-search")
        search.value = ""  # type: ignore[attr-defined]
        await pilot.press(*"unsporting", "enter")
        await settle(pilot, lambda: screen.step == "intentional")
