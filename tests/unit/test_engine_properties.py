"""Property tests of the penalty engine over any answers, flags, infraction and history."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui.engine import (
    BelowMinimum,
    PastPenalty,
    Phase,
    Situation,
    at_least,
    choose,
    classify,
    decision,
    warning_points,
)
from judgetui.rules import SITUATION_FLAGS, Rules, load_rules, parse_rules, shipped_rules_text

SHIPPED = load_rules()
WITH_STEPS = parse_rules(
    shipped_rules_text().replace(
        "[infractions.slow_play]\n",
        '[infractions.slow_play]\nsteps = ["notice", "single_warning", "match_loss"]\n',
        1,
    ),
    "with_steps.toml",
)
assert WITH_STEPS.infractions["slow_play"].steps

PROFILE = settings(
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

INFRACTIONS = sorted(SHIPPED.infractions)
FLAGS = sorted([*SHIPPED.upgrades, *SITUATION_FLAGS])
WARNINGS = SHIPPED.warnings()
SANCTIONS = SHIPPED.sanctions_ladder()
PENALTIES = sorted(SHIPPED.penalties)

rules_st = st.sampled_from([SHIPPED, WITH_STEPS])
phases = st.sampled_from(["main", "finals"])

situations = st.builds(
    Situation,
    intentional=st.booleans(),
    disruptive=st.booleans(),
    infraction=st.none() | st.sampled_from(INFRACTIONS),
    flags=st.frozensets(st.sampled_from(FLAGS)),
    minutes_late=st.none() | st.integers(min_value=0, max_value=120),
    phase=phases,
)

# Histories lean towards issued, counting, minor, unintentional warnings so that the
# three-warning decision (and its downgrade options) is reached often.
statuses = st.sampled_from(["issued"] * 5 + ["pending", "dismissed", "superseded"])
leaning_warnings = st.sampled_from(
    [*WARNINGS, "single_warning", "single_warning", "single_warning", "double_warning"]
)
mostly_false = st.sampled_from([False, False, False, True])
mostly_true = st.sampled_from([True, True, True, False])


def _records(status: st.SearchStrategy[str]) -> st.SearchStrategy[PastPenalty]:
    return st.builds(
        PastPenalty,
        infraction=st.sampled_from(INFRACTIONS),
        warning=leaning_warnings,
        sanction=st.none() | st.sampled_from(SANCTIONS),
        phase=phases,
        status=status,
        intentional=mostly_false,
        minor=mostly_true,
        draft_only=mostly_false,
        strong_cheating=st.sampled_from([False] * 7 + [True]),
    )


records = _records(statuses)
issued_warnings = _records(st.just("issued"))
histories = st.lists(records, max_size=8)

# Three or four minor, unintentional Single Warnings in the main rounds, for distinct or
# repeated infractions, plus noise: the histories where a downgrade may be allowed.
minor_single = st.builds(
    PastPenalty,
    infraction=st.sampled_from(
        [
            "slow_play",
            "mulligan_error",
            "cards_off_table",
            "tardiness",
            "improper_notes",
            "shuffle_procedure_error",
            "play_first_no_draw",
            "drawing_extra_cards",
        ]
    ),
    warning=st.just("single_warning"),
    sanction=st.none(),
    phase=st.just("main"),
    status=st.just("issued"),
    intentional=st.just(False),
    minor=st.just(True),
)
decision_histories = histories | st.builds(
    lambda base, noise: [*base, *noise],
    st.lists(minor_single, min_size=3, max_size=4),
    st.lists(records, max_size=2),
)


def _rank(rules: Rules, key: str | None) -> int:
    return -1 if key is None else rules.penalties[key].rank


@PROFILE
@given(rules=rules_st, situation=situations, history=histories)
def test_recommended_never_below_minimum(
    rules: Rules, situation: Situation, history: list[PastPenalty]
) -> None:
    c = classify(rules, situation, history)
    assert at_least(rules, c.recommended, c.minimum)
    # the answers' category floor holds in the minimum
    floor = rules.categories[c.category].minimum
    assert _rank(rules, c.minimum.warning) >= _rank(rules, floor)
    # every reason names a real level, and the binding ones explain the result
    assert c.reasons and c.reasons[0].rule == "category"
    assert all(r.raises_to in rules.penalties for r in c.reasons)
    binding_warnings = [
        r.raises_to
        for r in c.reasons
        if r.binding and rules.penalties[r.raises_to].kind == "warning"
    ]
    binding_sanctions = [
        r.raises_to
        for r in c.reasons
        if r.binding and rules.penalties[r.raises_to].kind == "sanction"
    ]
    assert binding_warnings[-1] == c.recommended.warning
    assert (binding_sanctions[-1] if binding_sanctions else None) == c.recommended.sanction
    # an investigation goes with a Triple Warning
    assert c.investigation == rules.penalties[c.recommended.warning].investigation


@PROFILE
@given(
    rules=rules_st,
    situation=situations,
    history=histories,
    chosen=st.none() | st.sampled_from(PENALTIES),
)
def test_choose_never_below_minimum_and_refuses_exactly_when_below(
    rules: Rules, situation: Situation, history: list[PastPenalty], chosen: str | None
) -> None:
    c = classify(rules, situation, history)
    if chosen is None:
        below = False
    elif rules.penalties[chosen].kind == "warning":
        below = _rank(rules, chosen) < _rank(rules, c.minimum.warning)
    else:
        below = _rank(rules, chosen) < _rank(rules, c.minimum.sanction)
    try:
        outcome = choose(rules, c, chosen)
    except BelowMinimum as exc:
        assert below, f"{chosen} refused but not below {c.minimum}"
        assert exc.chosen == chosen
        part = rules.penalties[chosen].kind if chosen else None
        assert exc.part == part
        assert exc.minimum == (c.minimum.warning if part == "warning" else c.minimum.sanction)
    else:
        assert not below, f"{chosen} accepted below {c.minimum}"
        assert at_least(rules, outcome, c.minimum)
        if chosen is None:
            assert outcome == c.recommended
        else:
            assert chosen in (outcome.warning, outcome.sanction)


@PROFILE
@given(rules=rules_st, history=histories, extra=issued_warnings, phase=phases)
def test_adding_an_issued_warning_never_lowers_points(
    rules: Rules, history: list[PastPenalty], extra: PastPenalty, phase: Phase
) -> None:
    before = warning_points(rules, history, phase)
    for position in (0, len(history)):
        after = [*history[:position], extra, *history[position:]]
        assert warning_points(rules, after, phase) >= before


@PROFILE
@given(
    rules=rules_st,
    situation=situations,
    history=histories,
    flag=st.sampled_from(FLAGS),
)
def test_adding_a_flag_never_lowers_the_recommendation(
    rules: Rules, situation: Situation, history: list[PastPenalty], flag: str
) -> None:
    base = classify(rules, situation, history)
    flagged = Situation(
        intentional=situation.intentional,
        disruptive=situation.disruptive,
        infraction=situation.infraction,
        flags=situation.flags | {flag},
        minutes_late=situation.minutes_late,
        phase=situation.phase,
    )
    raised = classify(rules, flagged, history)
    assert at_least(rules, raised.recommended, base.recommended)
    upgrade = rules.upgrades.get(flag)
    if upgrade is not None and upgrade.minimum:
        # the chart's automatic disqualification raises the minimum too, never lowers it
        assert at_least(rules, raised.minimum, base.minimum)
    else:
        assert raised.minimum == base.minimum


@PROFILE
@given(situation=situations, history=histories, extra=records)
def test_adding_a_record_never_lowers_the_recommendation(
    situation: Situation, history: list[PastPenalty], extra: PastPenalty
) -> None:
    base = classify(SHIPPED, situation, history)
    more = classify(SHIPPED, situation, [*history, extra])
    assert at_least(SHIPPED, more.recommended, base.recommended)
    assert at_least(SHIPPED, more.minimum, base.minimum)


@PROFILE
@given(
    rules=rules_st,
    history=decision_histories,
    phase=phases,
    strong=st.booleans(),
)
def test_decision_allows_ejection_and_default_and_no_loss_at_four(
    rules: Rules, history: list[PastPenalty], phase: Phase, strong: bool
) -> None:
    points = warning_points(rules, history, phase)
    d = decision(rules, history, phase, strong_cheating=strong)
    tw = rules.three_warnings
    if points < tw.threshold:
        assert d is None
        return
    assert d is not None
    assert d.points == points
    assert "ejection" in d.allowed
    assert d.default in d.allowed
    assert {o.key for o in d.options} == set(tw.options)
    if points >= tw.forced_ejection_at:
        assert d.required == "ejection"
        assert "game_loss" not in d.allowed
        assert "match_loss" not in d.allowed
    else:
        assert d.required is None
    # disqualification needs grounds
    if "disqualification" in d.allowed:
        counted = [
            r
            for r in history
            if r.status == "issued"
            and r.phase == phase
            and not r.draft_only
            and not rules.infractions[r.infraction].draft_only
        ]
        assert (
            strong
            or any(r.strong_cheating for r in counted)
            or sum(r.warning == "double_warning" for r in counted) >= 2
            or any(r.warning == "triple_warning" for r in counted)
        )
