"""engine/review.py: the head judge's upgrade options, the points after a choice, and
which game or match a three-warning decision applies to.

The review screen shows these and the service checks a review against them: the last
tests here prove the two agree, option by option.
"""

from __future__ import annotations

import msgspec
import pytest

from judgetui import engine
from judgetui.engine import NotAnUpgrade, Outcome, PastPenalty
from judgetui.rules import Rules
from judgetui.service import BadInput, RecordRequest, Station

HEAD = "Kana Mori"
FLOOR = "Alex Reed"


def past(warning: str, status: str = "issued", **kw: object) -> PastPenalty:
    return PastPenalty(
        infraction=str(kw.pop("infraction", "slow_play")),
        warning=warning,
        sanction=None,
        phase="main",
        status=status,  # type: ignore[arg-type]
        intentional=False,
        minor=True,
        **kw,  # type: ignore[arg-type]
    )


def test_a_warning_upgrade_keeps_the_sanction_and_a_sanction_upgrade_the_warning(
    rules: Rules,
) -> None:
    current = Outcome("single_warning", "game_loss")
    assert engine.upgraded(rules, current, "double_warning") == Outcome(
        "double_warning", "game_loss"
    )
    assert engine.upgraded(rules, current, "match_loss") == Outcome("single_warning", "match_loss")


@pytest.mark.parametrize(
    ("current", "key", "reason", "named"),
    [
        (Outcome("single_warning"), "single_warning", "not_above_warning", "single_warning"),
        (Outcome("double_warning"), "single_warning", "not_above_warning", "double_warning"),
        (Outcome("caution"), "notice", "not_official", "caution"),
        (Outcome("notice", "match_loss"), "game_loss", "not_above_sanction", "match_loss"),
        (Outcome("notice", "match_loss"), "match_loss", "not_above_sanction", "match_loss"),
    ],
)
def test_what_is_no_upgrade_says_why(
    rules: Rules, current: Outcome, key: str, reason: str, named: str
) -> None:
    with pytest.raises(NotAnUpgrade) as caught:
        engine.upgraded(rules, current, key)
    assert caught.value.reason == reason
    assert caught.value.current == named


def test_the_upgrade_options_are_every_official_level_above_mildest_first(rules: Rules) -> None:
    options = engine.upgrade_options(rules, Outcome("notice"))
    assert options == [
        ("single_warning", Outcome("single_warning")),
        ("double_warning", Outcome("double_warning")),
        ("triple_warning", Outcome("triple_warning")),
        ("game_loss", Outcome("notice", "game_loss")),
        ("match_loss", Outcome("notice", "match_loss")),
        ("ejection", Outcome("notice", "ejection")),
        ("disqualification", Outcome("notice", "disqualification")),
    ]
    options = engine.upgrade_options(rules, Outcome("double_warning", "match_loss"))
    assert [key for key, _ in options] == ["triple_warning", "ejection", "disqualification"]
    assert engine.upgrade_options(rules, Outcome("triple_warning", "disqualification")) == []


def test_an_upgraded_record_carries_the_points_of_its_level_unless_a_draft(rules: Rules) -> None:
    assert engine.upgraded_points(rules, Outcome("double_warning"), draft_only=False) == 2
    assert engine.upgraded_points(rules, Outcome("double_warning"), draft_only=True) == 0
    assert (
        engine.upgraded_points(rules, Outcome("single_warning", "ejection"), draft_only=False) == 1
    )
    assert engine.upgraded_points(rules, Outcome("notice", "game_loss"), draft_only=False) == 0


def test_an_upgrade_keeps_where_the_loss_applies_or_takes_the_current_one() -> None:
    assert engine.upgraded_applies("next", Outcome("notice", "game_loss")) == "next"
    assert engine.upgraded_applies(None, Outcome("notice", "game_loss")) == "current"
    assert engine.upgraded_applies(None, Outcome("double_warning")) is None


def test_points_if_swaps_the_one_record(rules: Rules) -> None:
    others = [past("single_warning"), past("double_warning", "pending")]
    record = past("notice", "pending")
    # only issued official warnings count: the pending Double Warning does not
    assert engine.points_if(rules, others, record, "notice", "main") == 1
    assert engine.points_if(rules, others, record, "double_warning", "main") == 3
    assert engine.points_if(rules, others, record, None, "main") == 1
    draft = past("single_warning", "pending", draft_only=True)
    assert engine.points_if(rules, others, draft, "double_warning", "main") == 1
    # with the finals reset, main-round warnings do not count in the final rounds
    assert engine.points_if(rules, others, record, "single_warning", "finals") == 0


@pytest.mark.parametrize(
    ("penalty", "advantage", "between", "applies"),
    [
        ("game_loss", False, False, "next"),
        ("game_loss", True, False, "current"),
        ("game_loss", False, True, "next"),
        ("match_loss", False, False, "current"),
        ("match_loss", False, True, "next"),
        ("match_loss", True, False, "current"),
        ("ejection", True, True, "current"),
        ("disqualification", False, False, "current"),
    ],
)
def test_a_decisions_loss_applies_where_the_rules_say(
    rules: Rules, penalty: str, advantage: bool, between: bool, applies: str
) -> None:
    got = engine.decision_applies(rules, penalty, advantage=advantage, between_matches=between)
    assert got == applies


def test_a_decision_and_a_record_read_the_same_declaration(rules: Rules) -> None:
    """``advantage`` and ``between_matches`` answer the questions rules.toml names in
    ``[sanctions]``: a record with that question answered yes applies the same way."""
    for penalty, flag, advantage, between in (
        ("game_loss", rules.sanctions.game_loss_current_when, True, False),
        ("match_loss", rules.sanctions.match_loss_next_when, False, True),
    ):
        situation = engine.Situation(intentional=False, disruptive=True, flags=frozenset({flag}))
        as_recorded = engine.sanction_applies(rules, Outcome("notice", penalty), situation)
        decided = engine.decision_applies(
            rules, penalty, advantage=advantage, between_matches=between
        )
        assert decided == as_recorded != engine.decision_applies(rules, penalty)


@pytest.mark.parametrize(
    ("infraction", "flags"),
    [
        ("slow_play", frozenset()),  # a Single Warning, pending
        ("game_rules_violation", frozenset({"suspected_cheating"})),  # a Double Warning request
        ("decklist_mismatch", frozenset()),  # a game loss (the next game) request
    ],
)
def test_the_service_accepts_exactly_the_upgrades_the_engine_offers(
    station: Station, rules: Rules, infraction: str, flags: frozenset[str]
) -> None:
    station.record(
        FLOOR,
        RecordRequest(["P1"], infraction, False, True, flags=flags, request=True),
    )
    state = station.load()
    (record,) = state.records.values()
    offered = dict(engine.upgrade_options(rules, Outcome(record.warning, record.sanction)))
    assert offered
    for key in [*rules.warnings(), *rules.sanctions_ladder()]:
        try:
            entries, _ = station.planner.plan_review(
                station.load(), HEAD, record.id, "upgrade", key
            )
        except BadInput:
            assert key not in offered, key
            continue
        assert key in offered, key
        replacement = entries[0]["data"]["replacement"]
        assert (replacement["warning"], replacement["sanction"]) == (
            offered[key].warning,
            offered[key].sanction,
        )
        expected = engine.upgraded_points(rules, offered[key], draft_only=record.draft_only)
        assert replacement["points"] == expected


def test_the_decision_lists_the_warnings_the_count_is_made_of(rules: Rules) -> None:
    """`counts_in` is `counted_warnings` one record at a time (the decision modal lists
    the records it is true of)."""
    finals = msgspec.structs.replace(past("double_warning"), phase="finals")
    history = [
        past("single_warning"),
        past("notice"),
        past("double_warning", "pending"),
        past("single_warning", draft_only=True),
        finals,
    ]
    for phase in ("main", "finals"):
        counted = engine.counted_warnings(rules, history, phase)
        assert [r for r in history if engine.counts_in(rules, r, phase)] == counted
    assert engine.counted_warnings(rules, history, "main") == [history[0]]
    assert engine.counted_warnings(rules, history, "finals") == [finals]
