"""The state as a package (issue 12): ``judgetui.state`` still offers every name it did as
one module, the fold has a handler for every entry kind the store declares, no module of
the package is over ~500 lines, and the penalty rules the fold used to hold are the
engine's (`judgetui.engine.standing`), read from the rules' declarations.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

import judgetui.state
from judgetui.engine import PastPenalty
from judgetui.engine.standing import decision_owed, status_after, voiding_reopens
from judgetui.rules import Rules, load_rules
from judgetui.state.fold import HANDLERS
from judgetui.store.entries import KINDS

#: Every name imported from ``judgetui.state`` by the code, the tests and the benchmarks
#: before it became a package (and the public constants and functions it defined).
NAMES = (
    "CHEATING_FLAGS",
    "CHEATING_INFRACTION",
    "EXTENSION_ITEM",
    "MIN_PREFIX",
    "QUEUE_ORDER",
    "DecisionState",
    "EventState",
    "JudgeState",
    "MalformedLog",
    "Mark",
    "PlayerState",
    "QueueGroup",
    "QueueItem",
    "QueueKind",
    "RecordState",
    "WitnessNote",
    "decision_id",
    "queue_group",
)

#: The methods callers use on a state (unchanged names: they delegate to the modules).
METHODS = (
    "fold",
    "extend",
    "apply",
    "keys_missing_from",
    "rules_source",
    "head_judge",
    "head_judge_name",
    "history",
    "past",
    "points",
    "decision_owed",
    "latest",
    "possible_duplicate",
    "find",
    "is_round_item",
    "open_investigations",
    "queue",
)


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


def test_every_name_is_still_offered_by_the_package() -> None:
    missing = [name for name in NAMES if not hasattr(judgetui.state, name)]
    assert missing == []
    assert sorted(judgetui.state.__all__) == sorted(NAMES)


def test_the_state_keeps_its_methods() -> None:
    assert [m for m in METHODS if not callable(getattr(judgetui.state.EventState, m, None))] == []


def test_the_fold_handles_exactly_the_declared_kinds() -> None:
    assert sorted(HANDLERS) == sorted(KINDS)


def test_no_module_of_the_state_is_over_500_lines() -> None:
    package = Path(judgetui.state.__file__).parent
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in package.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > 500} == {}


def test_a_sanction_that_ends_the_tournament_ejects_and_one_that_forfeits_disqualifies(
    rules: Rules,
) -> None:
    assert status_after(rules, "active", None) == "active"
    assert status_after(rules, "active", "game_loss") == "active"
    assert status_after(rules, "active", "match_loss") == "active"
    assert status_after(rules, "active", "ejection") == "ejected"
    assert status_after(rules, "active", "disqualification") == "disqualified"
    assert status_after(rules, "ejected", "disqualification") == "disqualified"
    # an ejection never turns a disqualification back
    assert status_after(rules, "disqualified", "ejection") == "disqualified"
    assert status_after(rules, "active", "no_such_sanction") == "active"


def test_the_status_follows_the_rules_declaration_not_the_key(rules: Rules) -> None:
    penalties = dict(rules.penalties)
    penalties["match_loss"] = msgspec.structs.replace(penalties["match_loss"], ends_tournament=True)
    changed = msgspec.structs.replace(rules, penalties=penalties)
    assert status_after(changed, "active", "match_loss") == "ejected"
    assert status_after(rules, "active", "match_loss") == "active"


def test_a_decision_is_owed_from_the_threshold_until_one_is_made_at_as_many_points(
    rules: Rules,
) -> None:
    threshold = rules.three_warnings.threshold
    assert not decision_owed(rules, threshold - 1, [])
    assert decision_owed(rules, threshold, [])
    assert not decision_owed(rules, threshold, [threshold])
    assert not decision_owed(rules, threshold, [threshold + 1])
    # a warning after the decision (more points) asks again
    assert decision_owed(rules, threshold + 1, [threshold])


def test_decided_points_are_not_read_below_the_threshold(rules: Rules) -> None:
    def never() -> Iterator[int]:
        raise AssertionError("read below the threshold")
        yield 0  # a generator: it runs only when read

    assert not decision_owed(rules, 0, never())


def _warning(status: str = "issued", phase: str = "main") -> PastPenalty:
    return PastPenalty(
        infraction="game_rules_violation",
        warning="single_warning",
        sanction=None,
        phase=phase,  # type: ignore[arg-type]
        status=status,  # type: ignore[arg-type]
        intentional=False,
        minor=False,
    )


def test_voiding_a_counted_record_reopens_the_later_decisions_of_its_phase(rules: Rules) -> None:
    assert voiding_reopens(rules, _warning(), 10, "main", 11)
    assert not voiding_reopens(rules, _warning(), 10, "main", 9)  # decided before it
    assert not voiding_reopens(rules, _warning(), 10, "finals", 11)  # another phase
    assert not voiding_reopens(rules, _warning(phase="finals"), 10, "main", 11)
    # a record that never counted (a pending request) was no ground for a decision
    assert not voiding_reopens(rules, _warning(status="pending"), 10, "main", 11)
