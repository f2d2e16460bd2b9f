"""engine/recording.py: the penalties a judge may choose and what recording one does.

`plan_incident` is both the classification screen's preview and the service's plan: the
last tests here record through the service and find what the plan said, field by field.
"""

from __future__ import annotations

import pytest

from judgetui import engine
from judgetui.engine import EACH_RECOMMENDATION, Outcome, PastPenalty, Situation
from judgetui.rules import Rules
from judgetui.service import NotPermitted, RecordRequest, Station

HEAD = "Kana Mori"
FLOOR = "Alex Reed"


def issued(warning: str, infraction: str = "slow_play") -> PastPenalty:
    return PastPenalty(infraction, warning, None, "main", "issued", False, True)


def situation(infraction: str, *flags: str, intentional: bool = False) -> Situation:
    return Situation(
        intentional=intentional, disruptive=True, infraction=infraction, flags=frozenset(flags)
    )


def test_the_choices_start_at_the_minimum_and_mark_the_recommendation(rules: Rules) -> None:
    found = engine.classify(rules, situation("slow_play"), [])
    choices = engine.penalty_choices(rules, [found])
    keys = [c.key for c in choices]
    assert keys[0] == found.minimum.warning == "notice"
    assert keys[1:4] == ["single_warning", "double_warning", "triple_warning"]
    marked = [c for c in choices if c.recommended]
    assert [c.outcome for c in marked] == [found.recommended]
    assert marked[0].penalty is None  # the service takes the recommendation
    assert all(c.penalty == c.key for c in choices if not c.recommended)
    assert all(c.outcome is not None for c in choices)


def test_players_with_different_recommendations_get_each_their_own_first(rules: Rules) -> None:
    plain = engine.classify(rules, situation("slow_play"), [])
    repeated = engine.classify(rules, situation("slow_play"), [issued("single_warning")])
    assert plain.recommended != repeated.recommended
    choices = engine.penalty_choices(rules, [plain, repeated])
    assert choices[0].key == EACH_RECOMMENDATION
    assert choices[0].outcome is None and choices[0].penalty is None
    assert not any(c.recommended for c in choices[1:])
    # none below either player's minimum
    floor = max(rules.penalties[c.minimum.warning].rank for c in (plain, repeated))
    assert all(rules.penalties[c.outcome.warning].rank >= floor for c in choices[1:] if c.outcome)


def test_a_floor_judges_single_warning_counts_once_confirmed(rules: Rules) -> None:
    history = {"P1": [issued("single_warning", "game_rules_violation")]}
    chosen = "single_warning"
    (plan,) = engine.plan_incident(rules, situation("slow_play"), history, "floor", chosen)
    assert plan.outcome == Outcome("single_warning")
    assert (plan.recorded, plan.need, plan.points) == (True, "pending", 1)
    assert (plan.preview.points_before, plan.preview.points_after) == (1, 2)
    assert plan.points_after == 1 and not plan.decision_owed
    assert plan.preview.notes == ("counts_once_confirmed",)
    (head,) = engine.plan_incident(rules, situation("slow_play"), history, "head", chosen)
    assert (head.need, head.points_after) == ("issued", 2)


def test_the_third_point_owes_a_decision(rules: Rules) -> None:
    history = {"P1": [issued("double_warning", "game_rules_violation")]}
    (plan,) = engine.plan_incident(rules, situation("slow_play"), history, "head", "single_warning")
    assert plan.points_after == 3 and plan.decision_owed and plan.preview.decision_owed


def test_a_caution_records_nothing(rules: Rules) -> None:
    calm = Situation(intentional=False, disruptive=False, infraction="game_rules_violation")
    history = {"P1": [issued("single_warning")]}
    (plan,) = engine.plan_incident(rules, calm, history, "floor", "caution")
    assert plan.outcome == Outcome("caution")
    assert not plan.recorded and plan.points == 0
    assert plan.points_after == 1 and not plan.decision_owed


def test_below_the_minimum_is_refused(rules: Rules) -> None:
    with pytest.raises(engine.BelowMinimum):
        engine.plan_incident(rules, situation("slow_play"), {"P1": []}, "head", "caution")


def test_the_loss_applies_where_the_chosen_sanction_does(rules: Rules) -> None:
    """The game loss of a previous opponent's card applies to the next game unless it gave
    an advantage; a match loss chosen instead applies to the current match."""
    card = situation("previous_opponent_card")
    (plan,) = engine.plan_incident(rules, card, {"P1": []}, "head", None)
    assert plan.outcome.sanction == "game_loss" and plan.applies == "next"
    (plan,) = engine.plan_incident(rules, card, {"P1": []}, "head", "match_loss")
    assert plan.outcome.sanction == "match_loss" and plan.applies == "current"
    advantage = situation("previous_opponent_card", "advantage_in_game")
    (plan,) = engine.plan_incident(rules, advantage, {"P1": []}, "head", None)
    assert plan.applies == "current"
    fixed = situation("decklist_mismatch", "advantage_in_game")
    (plan,) = engine.plan_incident(rules, fixed, {"P1": []}, "head", None)
    assert plan.applies == "next"  # rules.toml fixes it for this infraction


def test_given_classifications_are_used_as_they_are(rules: Rules) -> None:
    given = engine.classify(rules, situation("slow_play"), [issued("double_warning")])
    (plan,) = engine.plan_incident(
        rules, situation("slow_play"), {"P1": []}, "head", None, {"P1": given}
    )
    assert plan.classification is given
    assert plan.outcome == given.recommended


CASES = [
    ("slow_play", frozenset(), None),
    ("slow_play", frozenset(), "double_warning"),
    ("game_rules_violation", frozenset({"suspected_cheating"}), None),
    ("previous_opponent_card", frozenset(), "match_loss"),
    ("previous_opponent_card", frozenset({"advantage_in_game"}), None),
    ("decklist_mismatch", frozenset(), None),
    ("illegal_deck", frozenset(), None),
    ("game_rules_violation", frozenset(), "notice"),
]


@pytest.mark.parametrize("judge", [HEAD, FLOOR])
@pytest.mark.parametrize(("infraction", "flags", "penalty"), CASES)
def test_what_is_recorded_is_what_the_plan_said(
    station: Station,
    rules: Rules,
    judge: str,
    infraction: str,
    flags: frozenset[str],
    penalty: str | None,
) -> None:
    # P2 has a Double Warning: a Single Warning more owes a decision
    station.record(HEAD, RecordRequest(["P2"], "game_rules_violation", True, True))
    state = station.load()
    role: engine.Role = "head" if judge == HEAD else "floor"
    request = RecordRequest(
        ["P1", "P2"], infraction, False, True, flags=flags, penalty=penalty, request=True
    )
    seen = Situation(
        intentional=False, disruptive=True, infraction=infraction, flags=flags, phase=state.phase
    )
    plans = engine.plan_incident(
        rules, seen, {p: state.past(p) for p in request.players}, role, penalty
    )
    result = station.record(judge, request)
    written = station.load().records
    assert len(result.records) == len(plans)
    for plan, got in zip(plans, result.records, strict=True):
        assert got.penalty == plan.outcome.headline
        assert got.points_after == plan.points_after
        assert got.decision_owed == plan.decision_owed
        if not plan.recorded:
            assert got.id is None
            continue
        assert got.status == engine.record_status(plan.need)
        assert got.points == plan.points
        assert got.id is not None and written[got.id].player == plan.player
        assert written[got.id].applies == plan.applies


def test_a_floor_judge_who_does_not_ask_is_refused_what_the_plan_calls_a_request(
    station: Station, rules: Rules
) -> None:
    seen = situation("game_rules_violation", "suspected_cheating")
    (plan,) = engine.plan_incident(rules, seen, {"P1": []}, "floor", None)
    assert plan.need == "request"
    before = station.file.path.read_bytes()
    with pytest.raises(NotPermitted):
        station.record(
            FLOOR,
            RecordRequest(["P1"], "game_rules_violation", False, True, flags=seen.flags),
        )
    assert station.file.path.read_bytes() == before
