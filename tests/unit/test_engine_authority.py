"""engine/authority.py: who may issue what, as rules.toml's ``issuer`` says (RULINGS §1)."""

from __future__ import annotations

import pytest

from judgetui import engine
from judgetui.engine import Outcome
from judgetui.rules import Rules


@pytest.mark.parametrize(
    ("outcome", "need"),
    [
        (Outcome("caution"), "issued"),
        (Outcome("notice"), "issued"),
        (Outcome("single_warning"), "pending"),
        (Outcome("double_warning"), "request"),
        (Outcome("triple_warning"), "request"),
        (Outcome("notice", "game_loss"), "request"),
        (Outcome("single_warning", "match_loss"), "request"),
    ],
)
def test_a_floor_judges_record_is_what_the_issuer_of_each_part_allows(
    rules: Rules, outcome: Outcome, need: str
) -> None:
    assert engine.floor_record_status(rules, outcome) == need
    assert engine.record_need(rules, "floor", outcome) == need


def test_the_head_judge_issues_every_penalty_at_once(rules: Rules) -> None:
    for key in [*rules.warnings(), *rules.sanctions_ladder()]:
        outcome = Outcome(key) if key in rules.warnings() else Outcome("notice", key)
        assert engine.record_need(rules, "head", outcome) == "issued", key


def test_a_request_and_a_record_to_confirm_both_wait_as_pending() -> None:
    assert engine.record_status("issued") == "issued"
    assert engine.record_status("pending") == "pending"
    assert engine.record_status("request") == "pending"
