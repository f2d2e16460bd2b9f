"""Two readings of the seeds put right (issue 11, item 12).

(a) The chart: repeats of an uncategorised infraction (特定のカテゴリに入らない違反), even
identical ones, fall under the rule for three *unrelated* Single Warnings, so they never
close the game-loss downgrade as "duplicate" warnings.
(b) The chart's 退・失 and RULINGS §1: an ejection or disqualification loses the current
match at once, whether it comes from a record or from a three-warning decision.
"""

from __future__ import annotations

from judgetui.engine import PastPenalty, decision
from judgetui.rules import load_rules, parse_rules, shipped_rules_text
from judgetui.service import RecordResult, Station
from tests.helpers.event import HEAD, record

RULES = load_rules()


def _single(infraction: str) -> PastPenalty:
    return PastPenalty(
        infraction=infraction,
        warning="single_warning",
        sanction=None,
        phase="main",
        status="issued",
        intentional=False,
        minor=RULES.infractions[infraction].minor,
    )


def test_uncategorised_repeats_count_as_unrelated_for_the_game_loss_downgrade() -> None:
    history = [_single("other_infraction")] * 3
    owed = decision(RULES, history, "main")
    assert owed is not None
    assert owed.allowed == ["game_loss", "match_loss", "ejection"]


def test_identical_categorised_repeats_still_close_the_game_loss_downgrade() -> None:
    owed = decision(RULES, [_single("slow_play")] * 3, "main")
    assert owed is not None
    assert owed.allowed == ["match_loss", "ejection"]
    [game_loss] = [o for o in owed.options if o.key == "game_loss"]
    assert game_loss.failed == ("same_infraction",)


def test_which_repeats_are_unrelated_comes_from_the_rules_file() -> None:
    text = shipped_rules_text().replace(
        'repeat_upgrade = false                 # "複数回',
        'repeat_upgrade = true                  # "複数回',
    )
    changed = parse_rules(text)
    assert changed.infractions["other_infraction"].repeat_upgrade is True
    owed = decision(changed, [_single("other_infraction")] * 3, "main")
    assert owed is not None
    assert "game_loss" not in owed.allowed


def _singles(station: Station, player: str, infractions: list[str]) -> None:
    for infraction in infractions:
        result = record(station, HEAD, player, infraction, penalty="single_warning")
        assert isinstance(result, RecordResult)


def test_a_decided_ejection_loses_the_current_match_at_once(station: Station) -> None:
    _singles(station, "P1", ["slow_play", "slow_play", "slow_play"])
    station.decide(HEAD, "P1", "ejection")
    [decided] = station.load().players["P1"].decisions
    assert (decided.penalty, decided.applies) == ("ejection", "current")


def test_a_decided_disqualification_loses_the_current_match_at_once(station: Station) -> None:
    _singles(station, "P2", ["slow_play", "mulligan_error"])
    record(station, HEAD, "P2", "cards_off_table", penalty="double_warning")
    station.decide(HEAD, "P2", "disqualification", strong_cheating=True, note="marked cards")
    [decided] = station.load().players["P2"].decisions
    assert (decided.penalty, decided.applies) == ("disqualification", "current")


def test_decided_and_recorded_ejections_say_the_same_about_the_match(station: Station) -> None:
    record(station, HEAD, "P3", "slow_play", penalty="ejection")
    _singles(station, "P4", ["slow_play", "mulligan_error", "cards_off_table"])
    station.decide(HEAD, "P4", "ejection")
    state = station.load()
    [recorded] = [state.records[r] for r in state.players["P3"].records]
    [decided] = state.players["P4"].decisions
    assert recorded.applies == decided.applies == "current"


def test_decided_losses_keep_their_game_and_match_rules(station: Station) -> None:
    _singles(station, "P5", ["slow_play", "mulligan_error", "cards_off_table"])
    station.decide(HEAD, "P5", "match_loss", between_matches=True)
    [decided] = station.load().players["P5"].decisions
    assert (decided.penalty, decided.applies) == ("match_loss", "next")
