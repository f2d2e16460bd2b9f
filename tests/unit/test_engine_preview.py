"""engine/recording.py `preview_incident`: what the classification screen renders.

The screen holds no rule: the questions asked, the situation, each player's
classification, the choices and their plans all come from this one call.
"""

from __future__ import annotations

from judgetui import engine
from judgetui.engine.questions import MINUTES, base, usual_answer
from judgetui.engine.recording import Answers, answered_situation, preview_incident
from judgetui.rules import Rules


def answers(infraction: str, minutes: int | None = None, **flags: bool) -> Answers:
    return Answers(infraction, False, True, flags, minutes, "main")


def test_between_matches_is_asked_and_read_only_once_a_match_loss_is_recommended(
    rules: Rules,
) -> None:
    early = preview_incident(rules, answers("tardiness", 2), {"P1": []}, "head")
    assert early.questions[0] == MINUTES
    assert "between_matches" not in early.questions
    others = {k: False for k in base(rules, "tardiness") if k != MINUTES}
    late = preview_incident(rules, answers("tardiness", 12, **others), {"P1": []}, "head")
    assert late.questions[-1] == "between_matches"
    assert late.situation.minutes_late == 12
    yes = preview_incident(
        rules, answers("tardiness", 12, **others, between_matches=True), {"P1": []}, "head"
    )
    assert yes.situation.flags == frozenset({"between_matches"})
    assert yes.classifications["P1"].sanction_applies == "next"
    # A "yes" the infraction does not ask is not read.
    early_yes = preview_incident(
        rules, answers("tardiness", 2, **others, between_matches=True), {"P1": []}, "head"
    )
    assert early_yes.situation.flags == frozenset()


def test_the_preview_is_the_plan_the_service_would_write(rules: Rules) -> None:
    found = preview_incident(rules, answers("slow_play"), {"P1": [], "P2": []}, "floor")
    situation = answered_situation(rules, answers("slow_play"), between=False)
    assert found.situation == situation
    assert found.choices == engine.penalty_choices(rules, list(found.classifications.values()))
    for choice in found.choices:
        assert found.plan(choice) == engine.plan_incident(
            rules, situation, {"P1": [], "P2": []}, "floor", choice.penalty
        )
        needs = any(p.need == "request" for p in found.plan(choice))
        assert found.needs_request(choice) == needs
    assert {c.key for c in found.choices} >= {"notice", "single_warning"}


def test_only_a_sanction_that_ends_the_tournament_asks_first(rules: Rules) -> None:
    found = preview_incident(rules, answers("slow_play"), {"P1": []}, "head")
    ending = {c.key: found.ending_sanction(c) for c in found.choices}
    assert ending["notice"] is None
    ends = [key for key, worst in ending.items() if worst is not None]
    assert ends, "the ladder reaches an ejection or a disqualification"
    assert all(rules.penalties[ending[k] or ""].ends_tournament for k in ends)


def test_the_usual_answer_comes_from_the_category(rules: Rules) -> None:
    category = rules.infractions["slow_play"].category
    assert usual_answer(rules, "slow_play", "intentional") == bool(
        rules.categories[category].intentional
    )
