"""Every rule of RULINGS.md (the project's reading of the seeds), one named test each.

The tests read the shipped ``rules.toml`` through ``load_rules()`` and drive the pure
engine; where a rule needs a setting the shipped file does not use (per-offence steps),
a modified copy of the shipped text goes through ``parse_rules``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judgetui.engine import (
    BelowMinimum,
    Classification,
    Decision,
    Outcome,
    PastPenalty,
    Phase,
    RecordStatus,
    Situation,
    at_least,
    choose,
    classify,
    counted_warnings,
    decision,
    preview,
    warning_points,
)
from judgetui.rules import Rules, load_rules, parse_rules, shipped_rules_text

RULES = load_rules()
ENGINE_DIR = Path(__file__).resolve().parents[2] / "judgetui" / "engine"


# --------------------------------------------------------------------------- helpers


def rec(
    infraction: str = "slow_play",
    warning: str = "single_warning",
    *,
    sanction: str | None = None,
    phase: Phase = "main",
    status: RecordStatus = "issued",
    intentional: bool = False,
    minor: bool | None = None,
    draft_only: bool | None = None,
    strong_cheating: bool = False,
    rules: Rules = RULES,
) -> PastPenalty:
    """One stored record; ``minor`` and ``draft_only`` default from the catalogue entry."""
    entry = rules.infractions[infraction]
    return PastPenalty(
        infraction=infraction,
        warning=warning,
        sanction=sanction,
        phase=phase,
        status=status,
        intentional=intentional,
        minor=entry.minor if minor is None else minor,
        draft_only=entry.draft_only if draft_only is None else draft_only,
        strong_cheating=strong_cheating,
    )


def singles(*infractions: str, phase: Phase = "main") -> list[PastPenalty]:
    """Issued, unintentional Single Warnings, one per infraction key."""
    return [rec(key, "single_warning", phase=phase) for key in infractions]


def sit(
    intentional: bool = False,
    disruptive: bool = False,
    infraction: str | None = None,
    *flags: str,
    minutes: int | None = None,
    phase: Phase = "main",
) -> Situation:
    return Situation(
        intentional=intentional,
        disruptive=disruptive,
        infraction=infraction,
        flags=frozenset(flags),
        minutes_late=minutes,
        phase=phase,
    )


def usual(infraction: str, *flags: str, **kwargs: object) -> Situation:
    """The infraction with its catalogue's usual answers (``any`` → unintentional, disruptive)."""
    category = RULES.infractions[infraction].category
    if category == "any":
        intentional, disruptive = False, True
    else:
        c = RULES.categories[category]
        intentional, disruptive = c.intentional, c.disruptive
    return sit(intentional, disruptive, infraction, *flags, **kwargs)  # type: ignore[arg-type]


def rank(key: str) -> int:
    return RULES.penalties[key].rank


def rules_ids(c: Classification) -> list[str]:
    return [r.rule for r in c.reasons]


def owed(history: list[PastPenalty], phase: Phase = "main", **kw: bool) -> Decision:
    d = decision(RULES, history, phase, **kw)
    assert d is not None, "a decision should be owed"
    return d


def verdict(d: Decision, key: str) -> tuple[bool, tuple[str, ...]]:
    (v,) = [o for o in d.options if o.key == key]
    return v.allowed, v.failed


def with_text(old: str, new: str) -> Rules:
    """The shipped rules with one exact piece of text replaced."""
    text = shipped_rules_text()
    assert old in text, f"anchor {old!r} vanished from rules.toml"
    return parse_rules(text.replace(old, new, 1), "modified.toml")


# ====================================================================== §1 the ladder

LADDER = [
    # key, English, 日本語, abbr, points, recorded, issuer
    ("caution", "Caution", "注意", "注", 0, False, "any"),
    ("notice", "Notice", "通告", "通", 0, True, "any_reported"),
    ("single_warning", "Single Warning", "単一警告", "警１", 1, True, "head_confirms"),
    ("double_warning", "Double Warning", "二重警告", "警２", 2, True, "head"),
    ("triple_warning", "Triple Warning", "三重警告", "警３", 3, True, "head"),
    ("game_loss", "Game loss", "デュエルの敗北", "デ敗", 0, True, "head"),
    ("match_loss", "Match loss", "マッチの敗北", "マ敗", 0, True, "head"),
    ("ejection", "Ejection", "退場", "退", 0, True, "head"),
    ("disqualification", "Disqualification", "失格", "失", 0, True, "head"),
]


@pytest.mark.parametrize(("key", "en", "ja", "abbr", "points", "recorded", "issuer"), LADDER)
def test_ladder_levels_names_points_recording_and_issuer(
    key: str, en: str, ja: str, abbr: str, points: int, recorded: bool, issuer: str
) -> None:
    p = RULES.penalties[key]
    assert (p.en.lower(), p.ja, p.abbr) == (en.lower(), ja, abbr)
    assert p.points == points
    assert p.recorded is recorded
    assert p.issuer == issuer


def test_ladder_has_exactly_the_nine_levels_in_order() -> None:
    assert RULES.warnings() == [
        "caution",
        "notice",
        "single_warning",
        "double_warning",
        "triple_warning",
    ]
    assert RULES.sanctions_ladder() == ["game_loss", "match_loss", "ejection", "disqualification"]


def test_ladder_caution_is_never_recorded() -> None:
    assert RULES.penalties["caution"].recorded is False
    assert RULES.penalties["caution"].issuer == "any"  # any judge, freely
    p = preview(RULES, Outcome("caution"), [], "main")
    assert p.counts is False
    assert p.points_after == 0


def test_ladder_notice_counts_zero_points() -> None:
    history = [
        rec("slow_play", "notice"),
        rec("mulligan_error", "notice"),
        rec("tardiness", "notice"),
    ]
    assert warning_points(RULES, history, "main") == 0
    assert counted_warnings(RULES, history, "main") == []
    assert decision(RULES, history, "main") is None
    p = preview(RULES, Outcome("notice"), history, "main")
    assert (p.counts, p.points_after) == (False, 0)
    # tracked, and reported at once to the head judge
    assert RULES.penalties["notice"].recorded is True
    assert RULES.penalties["notice"].issuer == "any_reported"


def test_ladder_single_double_triple_are_1_2_3_points() -> None:
    assert [RULES.penalties[k].points for k in RULINGS_WARNINGS] == [1, 2, 3]
    for key, points in zip(RULINGS_WARNINGS, [1, 2, 3], strict=True):
        assert warning_points(RULES, [rec("slow_play", key)], "main") == points
    history = [rec("slow_play", k) for k in RULINGS_WARNINGS]
    assert warning_points(RULES, history, "main") == 6


RULINGS_WARNINGS = ["single_warning", "double_warning", "triple_warning"]


def test_ladder_single_needs_head_judge_confirmation_double_and_triple_head_only() -> None:
    assert RULES.penalties["single_warning"].issuer == "head_confirms"
    assert RULES.penalties["double_warning"].issuer == "head"
    assert RULES.penalties["triple_warning"].issuer == "head"
    for key in RULES.sanctions_ladder():
        assert RULES.penalties[key].issuer == "head"


def test_ladder_triple_warning_opens_investigation() -> None:
    assert [k for k, p in RULES.penalties.items() if p.investigation] == ["triple_warning"]
    assert classify(RULES, sit(True, True, "cheating", "strong_cheating")).investigation
    assert not classify(RULES, sit(True, True, "cheating")).investigation
    assert not classify(RULES, sit(True, True, "cheating", "suspected_cheating")).investigation


def test_ladder_warning_with_match_loss_counts_only_the_warning() -> None:
    paired = rec("outside_assistance", "double_warning", sanction="match_loss")
    assert warning_points(RULES, [paired], "main") == 2
    # a loss paired with an unofficial level adds nothing
    loss_only = rec("previous_opponent_card", "notice", sanction="game_loss")
    assert warning_points(RULES, [loss_only], "main") == 0
    for key in RULES.sanctions_ladder():
        assert RULES.penalties[key].points == 0
    p = preview(RULES, Outcome("double_warning", "match_loss"), [], "main")
    assert (p.counts, p.points_after) == (True, 2)
    p = preview(RULES, Outcome("notice", "game_loss"), [], "main")
    assert (p.counts, p.points_after) == (False, 0)


def test_game_loss_applies_to_current_game_when_advantage_else_next() -> None:
    no_advantage = classify(RULES, usual("previous_opponent_card"))
    assert no_advantage.recommended.sanction == "game_loss"
    assert no_advantage.sanction_applies == "next"
    advantage = classify(RULES, usual("previous_opponent_card", "advantage_in_game"))
    assert advantage.recommended.sanction == "game_loss"
    assert advantage.sanction_applies == "current"
    assert advantage.recommended.warning == "notice"  # an advantage is not a serious one
    serious = classify(RULES, usual("previous_opponent_card", "serious_advantage"))
    assert serious.recommended.warning == "double_warning"
    # "even when that is in the next match": the loss still goes to the next game
    between = classify(RULES, usual("previous_opponent_card", "between_matches"))
    assert between.sanction_applies == "next"


def test_match_loss_current_unless_between_matches() -> None:
    current = classify(RULES, usual("tardiness", minutes=15))
    assert current.recommended.sanction == "match_loss"
    assert current.sanction_applies == "current"
    between = classify(RULES, usual("tardiness", "between_matches", minutes=15))
    assert between.recommended.sanction == "match_loss"
    assert between.sanction_applies == "next"


def test_ejection_and_disqualification_lose_current_match_and_end_tournament() -> None:
    ejected = classify(RULES, usual("illegal_deck"))
    assert ejected.recommended.sanction == "ejection"
    assert ejected.sanction_applies == "current"
    dq = classify(RULES, sit(True, True, "illegal_deck"))
    assert dq.recommended.sanction == "disqualification"
    assert dq.sanction_applies == "current"
    assert RULES.penalties["ejection"].ends_tournament
    assert RULES.penalties["disqualification"].ends_tournament


def test_ejection_keeps_record_and_prizes_disqualification_forfeits_them() -> None:
    assert RULES.penalties["ejection"].forfeits_prizes is False
    assert RULES.penalties["ejection"].recorded is True
    assert RULES.penalties["disqualification"].forfeits_prizes is True
    for key in ("caution", "notice", *RULINGS_WARNINGS, "game_loss", "match_loss"):
        assert not RULES.penalties[key].ends_tournament
        assert not RULES.penalties[key].forfeits_prizes


def test_no_penalty_situation_has_no_sanction_part() -> None:
    c = classify(RULES, sit(False, False, "slow_play"))
    assert c.recommended.sanction is None
    assert c.sanction_applies is None


# =========================================================== §2 guided classification


@pytest.mark.parametrize("infraction", [None, "game_rules_violation", "other_infraction"])
def test_classification_no_no_is_caution(infraction: str | None) -> None:
    c = classify(RULES, sit(False, False, infraction))
    assert c.category == "unintentional_nondisruptive"
    assert c.minimum == c.recommended == Outcome("caution")


@pytest.mark.parametrize("infraction", [None, "game_rules_violation", "other_infraction"])
def test_classification_no_yes_is_notice(infraction: str | None) -> None:
    c = classify(RULES, sit(False, True, infraction))
    assert c.category == "unintentional_disruptive"
    assert c.minimum == c.recommended == Outcome("notice")


@pytest.mark.parametrize("infraction", [None, "game_rules_violation", "other_infraction"])
def test_classification_yes_no_is_single_warning(infraction: str | None) -> None:
    c = classify(RULES, sit(True, False, infraction))
    assert c.category == "intentional_nondisruptive"
    assert c.minimum == c.recommended == Outcome("single_warning")


@pytest.mark.parametrize("infraction", [None, "game_rules_violation", "other_infraction"])
def test_classification_yes_yes_is_double_warning(infraction: str | None) -> None:
    c = classify(RULES, sit(True, True, infraction))
    assert c.category == "intentional_disruptive"
    assert c.minimum == c.recommended == Outcome("double_warning")


@pytest.mark.parametrize("infraction", sorted(RULES.infractions))
@pytest.mark.parametrize(
    ("intentional", "disruptive", "floor"),
    [
        (False, False, "caution"),
        (False, True, "notice"),
        (True, False, "single_warning"),
        (True, True, "double_warning"),
    ],
)
def test_classification_answers_floor_every_catalogue_entry(
    infraction: str, intentional: bool, disruptive: bool, floor: str
) -> None:
    c = classify(RULES, sit(intentional, disruptive, infraction))
    assert rank(c.minimum.warning) >= rank(floor)
    assert at_least(RULES, c.recommended, c.minimum)


@pytest.mark.parametrize("flag", sorted(RULES.upgrades))
def test_recommendation_rises_never_falls(flag: str) -> None:
    for infraction in RULES.infractions:
        base = classify(RULES, usual(infraction))
        raised = classify(RULES, usual(infraction, flag))
        if RULES.upgrades[flag].minimum and infraction in RULES.upgrades[flag].applies_to:
            assert at_least(RULES, raised.minimum, base.minimum)  # the chart's automatic DQ
        else:
            assert raised.minimum == base.minimum  # the other flags move the recommendation
        assert at_least(RULES, raised.recommended, base.recommended)
        assert at_least(RULES, raised.recommended, raised.minimum)


def test_suspected_cheating_raises_to_double() -> None:
    c = classify(RULES, sit(False, False, "game_rules_violation", "suspected_cheating"))
    assert c.minimum == Outcome("caution")
    assert c.recommended == Outcome("double_warning")
    assert "upgrade.suspected_cheating" in rules_ids(c)


def test_repeat_offence_raises_to_double() -> None:
    c = classify(RULES, usual("slow_play"), singles("slow_play"))
    assert c.minimum == Outcome("notice")
    assert c.recommended == Outcome("double_warning")
    assert "history.repeat" in rules_ids(c)


def test_serious_advantage_raises_to_double() -> None:
    c = classify(RULES, usual("drawing_extra_cards", "serious_advantage"))
    assert c.recommended.warning == "double_warning"
    assert "upgrade.serious_advantage" in rules_ids(c)


def test_strong_belief_of_cheating_raises_to_triple() -> None:
    c = classify(RULES, usual("drawing_extra_cards", "strong_cheating"))
    assert c.recommended.warning == "triple_warning"
    assert c.investigation is True
    assert "upgrade.strong_cheating" in rules_ids(c)


def test_severe_unsporting_raises_to_triple() -> None:
    c = classify(RULES, sit(False, True, "other_infraction", "severe_unsporting"))
    assert c.recommended.warning == "triple_warning"
    assert c.investigation is True  # "(and an investigation flag)"
    assert "upgrade.severe_unsporting" in rules_ids(c)


def test_catalogue_minimum_previous_opponent_card_is_game_loss() -> None:
    # Even answered as the mildest category, the entry's own floor holds.
    for answers in [(False, False), (False, True), (True, False), (True, True)]:
        c = classify(RULES, sit(*answers, "previous_opponent_card"))
        assert c.minimum.sanction == "game_loss"
        assert c.recommended.sanction == "game_loss"
        assert "catalogue.sanction" in rules_ids(c)
    # choosing a warning level keeps the loss: the judge cannot drop below the floor
    c = classify(RULES, usual("previous_opponent_card"))
    assert choose(RULES, c, "notice") == Outcome("notice", "game_loss")
    assert choose(RULES, c, "single_warning") == Outcome("single_warning", "game_loss")


def test_catalogue_minimum_cannot_be_chosen_below() -> None:
    c = classify(RULES, usual("illegal_deck"))
    with pytest.raises(BelowMinimum) as info:
        choose(RULES, c, "match_loss")
    assert (info.value.minimum, info.value.part) == ("ejection", "sanction")
    assert choose(RULES, c, "disqualification") == Outcome(
        c.recommended.warning, "disqualification"
    )
    cheat = classify(RULES, usual("cheating"))
    with pytest.raises(BelowMinimum) as info:
        choose(RULES, cheat, "single_warning")
    assert (info.value.minimum, info.value.part) == ("double_warning", "warning")


def test_egregious_unsporting_is_disqualification() -> None:
    c = classify(RULES, usual("unsporting_conduct", "egregious_unsporting"))
    assert c.minimum.sanction == "disqualification"  # 自動的に失格: not below it
    assert c.recommended.sanction == "disqualification"
    assert "upgrade.egregious_unsporting" in rules_ids(c)
    # the chart's rule is for unsporting conduct only
    other = classify(RULES, usual("slow_play", "egregious_unsporting"))
    assert other.recommended.sanction is None
    assert "upgrade.egregious_unsporting" not in rules_ids(other)


def test_recommendation_names_each_rule_that_raised_it() -> None:
    plain = classify(RULES, usual("slow_play"))
    assert rules_ids(plain) == ["category"]

    c = classify(
        RULES,
        usual(
            "previous_opponent_card", "suspected_cheating", "serious_advantage", "severe_unsporting"
        ),
        [rec("previous_opponent_card", "single_warning", minor=False)],
    )
    ids = rules_ids(c)
    for rule in (
        "category",
        "catalogue.sanction",
        "upgrade.suspected_cheating",
        "upgrade.serious_advantage",
        "upgrade.severe_unsporting",
        "history.repeat",
    ):
        assert rule in ids, rule
    assert c.recommended == Outcome("triple_warning", "game_loss")
    # The reasons explain the result: the last binding reason of each part is the result.
    binding_warnings = [
        r.raises_to
        for r in c.reasons
        if r.binding and RULES.penalties[r.raises_to].kind == "warning"
    ]
    binding_sanctions = [
        r.raises_to
        for r in c.reasons
        if r.binding and RULES.penalties[r.raises_to].kind == "sanction"
    ]
    assert binding_warnings[-1] == c.recommended.warning
    assert binding_sanctions[-1] == c.recommended.sanction
    assert all(r.source for r in c.reasons)
    # Every reason names a real level.
    assert all(r.raises_to in RULES.penalties for r in c.reasons)


@pytest.mark.parametrize(
    ("earlier", "is_repeat"),
    [
        (rec("slow_play", "single_warning"), True),
        (rec("slow_play", "double_warning"), True),
        (rec("slow_play", "triple_warning"), True),
        (rec("slow_play", "single_warning", sanction="game_loss"), True),
        (rec("mulligan_error", "single_warning"), False),  # another key
        (rec("slow_play", "single_warning", status="pending"), False),  # not yet confirmed
        (rec("slow_play", "single_warning", status="dismissed"), False),
        (rec("slow_play", "single_warning", status="superseded"), False),
        (rec("slow_play", "notice"), False),  # unofficial: grounds for a Single only
        (rec("slow_play", "caution"), False),
        (rec("slow_play", "notice", sanction="game_loss"), False),
    ],
)
def test_repeat_means_same_infraction_key_with_official_warning(
    earlier: PastPenalty, is_repeat: bool
) -> None:
    c = classify(RULES, usual("slow_play"), [earlier])
    assert ("history.repeat" in rules_ids(c)) is is_repeat
    assert (c.recommended.warning == "double_warning") is is_repeat


def test_notice_for_same_infraction_is_grounds_for_single() -> None:
    c = classify(RULES, sit(False, False, "improper_notes"), [rec("improper_notes", "notice")])
    assert c.minimum == Outcome("caution")
    assert c.recommended == Outcome("single_warning")
    assert "history.notice_grounds" in rules_ids(c)
    other = classify(RULES, sit(False, False, "improper_notes"), [rec("slow_play", "notice")])
    assert other.recommended == Outcome("caution")
    # grounds to upgrade, never to lower: an intentional repeat stays at its Double
    high = classify(RULES, sit(True, True, "improper_notes"), [rec("improper_notes", "notice")])
    assert high.recommended == Outcome("double_warning")


def test_uncategorised_repeats_fall_under_three_warning_rule() -> None:
    # chart: repeats of an uncategorised infraction go to the three-warning rule only
    assert RULES.infractions["other_infraction"].repeat_upgrade is False
    c = classify(RULES, sit(False, True, "other_infraction"), singles("other_infraction"))
    assert c.recommended == Outcome("notice")
    history = singles("other_infraction", "other_infraction", "other_infraction")
    assert warning_points(RULES, history, "main") == 3
    assert decision(RULES, history, "main") is not None


# ============================================================ §3 accumulation, decision


def test_warnings_accumulate_over_whole_event() -> None:
    # records carry no day or round: every main-round warning of the event adds up
    history = [*singles("slow_play", "mulligan_error"), rec("cards_off_table", "double_warning")]
    assert warning_points(RULES, history, "main") == 4
    assert len(counted_warnings(RULES, history, "main")) == 3


def test_finals_reset_count_but_history_kept() -> None:
    main = singles("slow_play", "mulligan_error", "cards_off_table")
    assert warning_points(RULES, main, "main") == 3
    assert warning_points(RULES, main, "finals") == 0
    assert decision(RULES, main, "finals") is None
    finals = [*main, rec("improper_notes", "single_warning", phase="finals")]
    assert warning_points(RULES, finals, "finals") == 1
    assert counted_warnings(RULES, finals, "finals") == [finals[-1]]
    # the history stays visible: the engine still reads main-round records in the finals
    c = classify(RULES, usual("slow_play", phase="finals"), finals)
    assert c.recommended.warning == "double_warning"
    assert RULES.finals.reset_count is True


def test_finals_repeat_of_main_round_infraction_recommends_double() -> None:
    c = classify(RULES, usual("slow_play", phase="finals"), singles("slow_play"))
    assert c.recommended.warning == "double_warning"
    assert "finals.repeat_from_main" in rules_ids(c)
    # an infraction warned in the main rounds, but a different one, does not
    other = classify(RULES, usual("slow_play", phase="finals"), singles("mulligan_error"))
    assert other.recommended == Outcome("notice")


def test_finals_repeat_of_final_round_infraction_recommends_double() -> None:
    c = classify(RULES, usual("slow_play", phase="finals"), singles("slow_play", phase="finals"))
    assert c.recommended.warning == "double_warning"
    assert "history.repeat" in rules_ids(c)


def test_draft_warnings_never_count() -> None:
    entry = RULES.infractions["standard_draft"]
    assert entry.draft_only is True
    assert entry.group == "draft"
    history = [rec("standard_draft", k) for k in RULINGS_WARNINGS]
    assert all(r.draft_only for r in history)
    assert warning_points(RULES, history, "main") == 0
    assert decision(RULES, history, "main") is None
    # the catalogue says draft-only: a record of a standard draft infraction never counts
    unflagged = [rec("standard_draft", k, draft_only=False) for k in RULINGS_WARNINGS]
    assert warning_points(RULES, unflagged, "main") == 0
    c = classify(RULES, usual("standard_draft"))
    assert c.draft_only is True
    assert c.recommended == Outcome("caution")  # Caution-equivalent
    p = preview(RULES, Outcome("single_warning"), [], "main", draft_only=True)
    assert (p.counts, p.points_after) == (False, 0)


def test_excessive_draft_is_ordinary() -> None:
    entry = RULES.infractions["excessive_draft"]
    assert entry.draft_only is False
    assert entry.minor is False
    history = [rec("excessive_draft", "double_warning", intentional=True)]
    assert warning_points(RULES, history, "main") == 2
    c = classify(RULES, usual("excessive_draft"), history)
    assert c.draft_only is False
    assert "history.repeat" in rules_ids(c)
    p = preview(RULES, c.recommended, history, "main", draft_only=c.draft_only)
    assert p.counts is True
    assert p.points_after == 4


def test_three_warnings_owed_at_three_points() -> None:
    assert RULES.three_warnings.threshold == 3
    assert decision(RULES, singles("slow_play", "mulligan_error"), "main") is None
    d = owed(singles("slow_play", "mulligan_error", "cards_off_table"))
    assert (d.points, d.counted, d.required) == (3, 3, None)
    assert owed([rec("slow_play", "triple_warning")]).points == 3
    assert owed([rec("slow_play"), rec("mulligan_error", "double_warning")]).points == 3
    p = preview(RULES, Outcome("single_warning"), singles("slow_play", "mulligan_error"), "main")
    assert (p.points_before, p.points_after, p.decision_owed) == (2, 3, True)
    assert p.ejection_forced is False


THREE_MINOR_SINGLES = ("slow_play", "mulligan_error", "cards_off_table")


def test_three_warnings_game_loss_when_all_minor_unintentional_distinct_singles() -> None:
    d = owed(singles(*THREE_MINOR_SINGLES))
    assert verdict(d, "game_loss") == (True, ())
    assert verdict(d, "match_loss") == (True, ())
    assert d.allowed == ["game_loss", "match_loss", "ejection"]


def test_three_warnings_game_loss_refused_when_a_warning_is_not_minor() -> None:
    history = [*singles("slow_play", "mulligan_error"), rec("deck_not_restored")]
    d = owed(history)
    assert verdict(d, "game_loss") == (False, ("not_all_minor",))


def test_three_warnings_game_loss_refused_when_a_warning_is_intentional() -> None:
    history = [*singles("slow_play", "mulligan_error"), rec("cards_off_table", intentional=True)]
    d = owed(history)
    assert verdict(d, "game_loss") == (False, ("not_all_unintentional",))


def test_three_warnings_game_loss_refused_when_two_are_for_same_infraction() -> None:
    d = owed(singles("slow_play", "slow_play", "mulligan_error"))
    assert verdict(d, "game_loss") == (False, ("same_infraction",))
    assert verdict(d, "match_loss") == (True, ())  # the match-loss option has no such condition


def test_three_warnings_game_loss_refused_when_double_or_triple() -> None:
    d = owed([rec("slow_play"), rec("mulligan_error", "double_warning")])
    assert verdict(d, "game_loss") == (False, ("double_or_triple",))
    d = owed([rec("slow_play", "triple_warning")])
    assert verdict(d, "game_loss") == (False, ("double_or_triple",))


def test_three_warnings_match_loss_when_all_minor_unintentional_no_double() -> None:
    d = owed(singles("slow_play", "slow_play", "slow_play"))
    assert verdict(d, "match_loss") == (True, ())


def test_three_warnings_match_loss_refused_when_not_minor_intentional_or_double() -> None:
    d = owed([*singles("slow_play", "mulligan_error"), rec("outside_assistance")])
    assert verdict(d, "match_loss") == (False, ("not_all_minor",))
    d = owed([*singles("slow_play", "mulligan_error"), rec("slow_play", intentional=True)])
    assert verdict(d, "match_loss") == (False, ("not_all_unintentional",))
    d = owed([rec("slow_play"), rec("mulligan_error", "double_warning")])
    assert verdict(d, "match_loss") == (False, ("double_or_triple",))
    d = owed([rec("slow_play", "triple_warning")])
    assert verdict(d, "match_loss") == (False, ("double_or_triple",))


@pytest.mark.parametrize(
    "history",
    [
        singles(*THREE_MINOR_SINGLES),
        [rec("cheating", "double_warning", intentional=True), rec("outside_assistance")],
        [rec("unsporting_conduct", "triple_warning", intentional=True)],
        singles("slow_play", "slow_play", "slow_play", "slow_play", "slow_play"),
    ],
)
def test_three_warnings_ejection_always_allowed_and_default(history: list[PastPenalty]) -> None:
    d = owed(history)
    assert d.default == "ejection"
    assert verdict(d, "ejection") == (True, ())
    assert "ejection" in d.allowed


def test_three_warnings_fourth_warning_forces_ejection() -> None:
    assert RULES.three_warnings.forced_ejection_at == 4
    d = owed(singles(*THREE_MINOR_SINGLES, "improper_notes"))
    assert d.points == 4
    assert d.required == "ejection"
    for key in ("game_loss", "match_loss"):
        allowed, failed = verdict(d, key)
        assert not allowed
        assert "forced_ejection" in failed
    assert d.allowed == ["ejection"]
    p = preview(RULES, Outcome("single_warning"), singles(*THREE_MINOR_SINGLES), "main")
    assert p.ejection_forced is True


def test_three_warnings_disqualification_when_head_judge_strongly_believes_cheating() -> None:
    history = singles(*THREE_MINOR_SINGLES)
    assert verdict(owed(history), "disqualification") == (False, ("no_grounds",))
    assert verdict(owed(history, strong_cheating=True), "disqualification") == (True, ())
    # or a counted record carries the head judge's strong belief
    marked = [*singles("slow_play", "mulligan_error"), rec("cards_off_table", strong_cheating=True)]
    assert verdict(owed(marked), "disqualification") == (True, ())


def test_three_warnings_disqualification_with_two_double_warnings() -> None:
    history = [rec("slow_play", "double_warning"), rec("mulligan_error", "double_warning")]
    d = owed(history)
    assert d.points == 4
    assert d.required == "ejection"  # a fourth point forces ejection …
    assert verdict(d, "disqualification") == (True, ())  # … but disqualification stays open
    assert d.allowed == ["ejection", "disqualification"]
    one_double = owed([rec("slow_play", "double_warning"), rec("mulligan_error")])
    assert verdict(one_double, "disqualification") == (False, ("no_grounds",))


def test_three_warnings_disqualification_with_a_triple_warning() -> None:
    d = owed([rec("slow_play", "triple_warning")])
    assert d.points == 3
    assert verdict(d, "disqualification") == (True, ())
    assert d.allowed == ["ejection", "disqualification"]


def test_three_warnings_decision_counts_current_phase_only() -> None:
    main = [rec("slow_play", "double_warning"), rec("mulligan_error", "double_warning")]
    finals = singles(*THREE_MINOR_SINGLES, phase="finals")
    d = owed(main + finals, "finals")
    assert (d.points, d.counted) == (3, 3)
    # the main-round doubles neither force ejection nor open disqualification in the finals
    assert d.required is None
    assert verdict(d, "game_loss") == (True, ())
    assert verdict(d, "disqualification") == (False, ("no_grounds",))


MINOR_BY_DEFAULT = [
    "game_rules_violation",
    "slow_play",
    "tardiness",
    "mulligan_error",
    "shuffle_procedure_error",
    "play_first_no_draw",
    "pre_duel_time_limit",
    "insufficient_randomisation",
    "drawing_extra_cards",
    "looking_at_extra_cards",
    "cards_off_table",
    "improper_notes",
    "fact_disagreement",
    "standard_draft",
]
NOT_MINOR_BY_DEFAULT = [
    "previous_opponent_card",
    "deck_not_restored",
    "decklist_mismatch",
    "illegal_deck",
    "limited_decklist_error",
    "undeclared_card_swap",
    "outside_assistance",
    "unsporting_conduct",
    "collusion",
    "cheating",
    "excessive_draft",
]


@pytest.mark.parametrize(
    ("infraction", "minor"),
    [(k, True) for k in MINOR_BY_DEFAULT] + [(k, False) for k in NOT_MINOR_BY_DEFAULT],
)
def test_minor_defaults_from_catalogue(infraction: str, minor: bool) -> None:
    assert RULES.infractions[infraction].minor is minor
    assert classify(RULES, usual(infraction)).minor is minor


def test_minor_defaults_cover_every_procedural_group() -> None:
    # the chart's pre-duel and in-duel procedural errors are all minor
    for group, keys in RULES.grouped_infractions():
        if group in ("pre_duel", "in_duel"):
            for key in keys:
                if RULES.infractions[key].source == "project default":
                    assert key in MINOR_BY_DEFAULT, key
        if group in ("deck", "marked_cards", "between_players", "severe"):
            for key in keys:
                assert key in NOT_MINOR_BY_DEFAULT, key


def test_minor_is_a_property_of_each_record() -> None:
    # the head judge may change it: the decision reads the record, not the catalogue
    changed_to_major = [
        *singles("slow_play", "mulligan_error"),
        rec("cards_off_table", minor=False),
    ]
    assert verdict(owed(changed_to_major), "game_loss") == (False, ("not_all_minor",))
    changed_to_minor = [
        *singles("slow_play", "mulligan_error"),
        rec("deck_not_restored", minor=True),
    ]
    assert verdict(owed(changed_to_minor), "game_loss") == (True, ())


# ==================================================================== §4 the catalogue

ENGLISH_SAMPLES = [
    # key, a piece of the English name, allowed default categories
    ("previous_opponent_card", "previous opponent", {"unintentional_disruptive"}),
    ("deck_not_restored", "original configuration", {"unintentional_disruptive"}),
    ("decklist_mismatch", "deck list", {"unintentional_nondisruptive"}),
    ("illegal_deck", "illegal deck", {"unintentional_disruptive", "unintentional_nondisruptive"}),
    ("game_rules_violation", "game rules", {"any"}),
    ("slow_play", "slow play", {"unintentional_disruptive"}),
    ("tardiness", "tardiness", {"unintentional_disruptive"}),
    (
        "game_state_dispute",
        "game state",
        {"any", "unintentional_disruptive", "intentional_disruptive"},
    ),
    ("cheating", "cheating", {"intentional_disruptive"}),
]


@pytest.mark.parametrize(("key", "en", "categories"), ENGLISH_SAMPLES)
def test_catalogue_english_sample_infraction_present(
    key: str, en: str, categories: set[str]
) -> None:
    entry = RULES.infractions[key]
    assert en in entry.en.lower()
    assert entry.ja
    assert entry.category in categories
    assert entry.source == "seed"
    assert entry.group in RULES.groups


CHART_INFRACTIONS = [
    # key, group, a piece of the chart's own wording
    ("other_infraction", "uncategorised", "特定のカテゴリに入らない違反"),
    ("unsporting_conduct", "severe", "スポーツマンシップに反した行為"),
    ("collusion", "severe", "八百長"),
    ("limited_decklist_error", "deck", "デッキリストの不正記録"),
    ("outside_assistance", "between_players", "助言/指導"),
    ("undeclared_card_swap", "marked_cards", "ジャッジに宣言しないカードの交換"),
    ("tardiness", "pre_duel", "遅刻"),
    ("mulligan_error", "pre_duel", "マリガンルールのミス"),
    ("shuffle_procedure_error", "pre_duel", "シャッフル/カットの手順のミス"),
    ("play_first_no_draw", "pre_duel", "先攻ドローなしルールの違反"),
    ("pre_duel_time_limit", "pre_duel", "デュエル開始前の制限時間超過"),
    ("insufficient_randomisation", "pre_duel", "無作為に混ぜあわせていなかった"),
    ("drawing_extra_cards", "in_duel", "余計なカードを引いた"),
    ("looking_at_extra_cards", "in_duel", "カードを余分に見た"),
    ("slow_play", "in_duel", "ひどく遅いプレイ"),
    ("cards_off_table", "in_duel", "テーブルの上にカードを保たなかった"),
    ("improper_notes", "in_duel", "不適正な記録を取る"),
    ("fact_disagreement", "in_duel", "事実認識の食い違い"),
    ("standard_draft", "draft", "標準のドラフトの違反"),
    ("excessive_draft", "draft", "過度のドラフトの違反"),
]


@pytest.mark.parametrize(("key", "group", "ja"), CHART_INFRACTIONS)
def test_catalogue_japanese_chart_infraction_present(key: str, group: str, ja: str) -> None:
    entry = RULES.infractions[key]
    assert ja in entry.ja
    assert entry.en
    assert entry.group == group
    assert entry.category == "any" or entry.category in RULES.categories
    assert entry.source in ("seed", "project default")


@pytest.mark.parametrize("key", sorted(RULES.infractions))
def test_catalogue_entry_carries_every_field(key: str) -> None:
    entry = RULES.infractions[key]
    assert entry.en.strip() and entry.ja.strip()
    assert entry.group in RULES.groups
    assert entry.category == "any" or entry.category in RULES.categories
    assert isinstance(entry.minor, bool)
    assert isinstance(entry.multi_player, bool)
    assert isinstance(entry.draft_only, bool)
    assert entry.source in ("seed", "project default")
    for step in entry.steps:
        assert step in RULES.penalties
    for tstep in entry.tardiness_steps:
        assert tstep.source in ("seed", "project default")


def test_catalogue_holds_exactly_the_two_seed_lists() -> None:
    listed = {k for k, *_ in ENGLISH_SAMPLES} | {k for k, *_ in CHART_INFRACTIONS}
    assert set(RULES.infractions) == listed


def test_catalogue_groups_follow_the_chart_order() -> None:
    assert [g for g, _ in RULES.grouped_infractions()] == [
        "uncategorised",
        "severe",
        "deck",
        "between_players",
        "marked_cards",
        "pre_duel",
        "in_duel",
        "draft",
    ]


def test_catalogue_source_marks_filled_gaps() -> None:
    # the chart lost every penalty cell: its entries are project defaults, except the
    # standard draft infraction whose penalty ("注意相当") survived in the text
    english = {k for k, *_ in ENGLISH_SAMPLES}
    for key, *_ in CHART_INFRACTIONS:
        if key in english:
            continue
        expected = "seed" if key == "standard_draft" else "project default"
        assert RULES.infractions[key].source == expected, key
    # the tardiness steps are filled gaps too
    assert RULES.infractions["tardiness"].tardiness_steps
    assert all(
        s.source == "project default" for s in RULES.infractions["tardiness"].tardiness_steps
    )


@pytest.mark.parametrize(
    ("key", "multi"),
    [
        ("outside_assistance", True),
        ("game_state_dispute", True),
        ("limited_decklist_error", True),
        ("slow_play", False),
        ("cheating", False),
        ("tardiness", False),
    ],
)
def test_catalogue_multi_player_entries(key: str, multi: bool) -> None:
    assert RULES.infractions[key].multi_player is multi


def test_catalogue_draft_only_is_the_standard_draft_infraction() -> None:
    assert [k for k, i in RULES.infractions.items() if i.draft_only] == ["standard_draft"]


def test_catalogue_remedies_from_the_chart() -> None:
    assert "reshuffle" in (RULES.infractions["looking_at_extra_cards"].remedy or "").lower()
    assert RULES.infractions["looking_at_extra_cards"].remedy_ja
    assert "venue" in (RULES.infractions["outside_assistance"].remedy or "")
    assert "no penalty" in (RULES.infractions["fact_disagreement"].remedy or "")
    stalling = RULES.infractions["pre_duel_time_limit"].extra_infraction_if_stalling
    assert stalling == "unsporting_conduct"
    assert "5" in RULES.infractions["pre_duel_time_limit"].en


def test_game_state_dispute_undetermined_gives_single_to_both() -> None:
    incident = usual("game_state_dispute", "undetermined_intent")
    a = classify(RULES, incident, [])
    b = classify(RULES, incident, [rec("slow_play", "notice")])
    for c in (a, b):
        assert c.recommended == Outcome("single_warning")
        assert c.every_player is True
        assert "upgrade.undetermined_intent" in rules_ids(c)
    # without the flag, one player at a time
    assert classify(RULES, usual("game_state_dispute")).every_player is False
    # the question is for game-state disputes only
    other = classify(RULES, usual("slow_play", "undetermined_intent"))
    assert other.recommended == Outcome("notice")
    assert other.every_player is False


def test_illegal_deck_ejection_baseline_intentional_disqualification() -> None:
    for disruptive in (False, True):
        c = classify(RULES, sit(False, disruptive, "illegal_deck"))
        assert c.minimum.sanction == c.recommended.sanction == "ejection"
        c = classify(RULES, sit(True, disruptive, "illegal_deck"))
        assert c.minimum.sanction == c.recommended.sanction == "disqualification"
        assert "catalogue.intentional_sanction" in rules_ids(c)


def test_decklist_mismatch_next_game_loss() -> None:
    c = classify(RULES, usual("decklist_mismatch"))
    assert c.minimum.sanction == c.recommended.sanction == "game_loss"
    assert c.sanction_applies == "next"
    # the penalty is the *next* game's loss, whatever the advantage
    adv = classify(RULES, usual("decklist_mismatch", "serious_advantage"))
    assert adv.sanction_applies == "next"
    # rare intentional cases: harsher
    harsh = classify(RULES, sit(True, True, "decklist_mismatch"))
    assert harsh.recommended == Outcome("double_warning", "game_loss")


def test_deck_not_restored_head_judge_may_class_intentional_disruptive() -> None:
    assert classify(RULES, usual("deck_not_restored")).recommended == Outcome("notice")
    assert classify(RULES, sit(True, True, "deck_not_restored")).recommended == Outcome(
        "double_warning"
    )


def test_game_rules_violation_is_judged_case_by_case() -> None:
    results = {
        classify(RULES, sit(i, d, "game_rules_violation")).recommended.warning
        for i in (False, True)
        for d in (False, True)
    }
    assert results == {"caution", "notice", "single_warning", "double_warning"}


def test_cheating_is_intentional_disruptive_at_least_double() -> None:
    c = classify(RULES, sit(False, False, "cheating"))
    assert c.minimum.warning == "double_warning"  # its own floor holds whatever the answers


def test_tardiness_rises_with_minutes() -> None:
    expected = {
        None: Outcome("notice"),
        0: Outcome("notice"),
        1: Outcome("notice"),
        4: Outcome("notice"),
        5: Outcome("notice", "game_loss"),
        9: Outcome("notice", "game_loss"),
        10: Outcome("notice", "match_loss"),
        60: Outcome("notice", "match_loss"),
    }
    previous: Outcome | None = None
    for minutes, outcome in expected.items():
        c = classify(RULES, usual("tardiness", minutes=minutes))
        assert c.minimum == outcome, minutes
        if minutes is not None and minutes >= 1:
            assert "catalogue.tardiness" in rules_ids(c)
        if previous is not None:
            assert at_least(RULES, c.minimum, previous)
        previous = c.minimum
    # minutes late mean nothing for another infraction
    assert classify(RULES, usual("slow_play", minutes=30)).minimum == Outcome("notice")


STEPS_RULES = with_text(
    "[infractions.slow_play]\n",
    '[infractions.slow_play]\nsteps = ["notice", "single_warning", "game_loss"]\n',
)


def steps_minimum(history: list[PastPenalty]) -> Outcome:
    return classify(STEPS_RULES, usual("slow_play"), history).minimum


def test_catalogue_steps_per_offence() -> None:
    first = classify(STEPS_RULES, usual("slow_play"))
    assert first.minimum == Outcome("notice")
    assert any(r.rule == "catalogue.steps" and r.detail == "1" for r in first.reasons)
    second = steps_minimum([rec("slow_play", "notice", rules=STEPS_RULES)])
    assert second == Outcome("single_warning")
    twice = [rec("slow_play", "notice", rules=STEPS_RULES), rec("slow_play", rules=STEPS_RULES)]
    # each offence's step is that offence's floor (here a loss on top of the answers' Notice)
    assert steps_minimum(twice) == Outcome("notice", "game_loss")
    # past the last step, the last step holds
    thrice = [*twice, rec("slow_play", rules=STEPS_RULES)]
    assert steps_minimum(thrice) == Outcome("notice", "game_loss")
    # other infractions are not offences of this one
    assert steps_minimum([rec("mulligan_error", rules=STEPS_RULES)]) == Outcome("notice")


@pytest.mark.parametrize(
    "earlier",
    [
        rec("slow_play", "single_warning", status="pending"),
        rec("slow_play", "single_warning", status="dismissed"),
        rec("slow_play", "single_warning", status="superseded"),
        rec("slow_play", "caution"),
    ],
)
def test_catalogue_steps_count_only_offences_on_record(earlier: PastPenalty) -> None:
    # pending requests count once confirmed; dismissed/superseded never; cautions are never
    # held against the player
    assert steps_minimum([earlier]) == Outcome("notice")


def test_cautions_never_held_against_player() -> None:
    cautions = [rec("slow_play", "caution") for _ in range(5)]
    assert warning_points(RULES, cautions, "main") == 0
    assert decision(RULES, cautions, "main") is None
    for situation in (usual("slow_play"), usual("slow_play", phase="finals")):
        assert classify(RULES, situation, cautions) == classify(RULES, situation, [])
    c = classify(RULES, sit(False, False, "improper_notes"), [rec("improper_notes", "caution")])
    assert c.recommended == Outcome("caution")


def test_pending_requests_count_only_once_confirmed() -> None:
    pending = [rec(k, status="pending") for k in THREE_MINOR_SINGLES]
    assert warning_points(RULES, pending, "main") == 0
    assert decision(RULES, pending, "main") is None
    assert classify(RULES, usual("slow_play"), pending).recommended == Outcome("notice")
    confirmed = [rec(k, status="issued") for k in THREE_MINOR_SINGLES]
    assert warning_points(RULES, confirmed, "main") == 3
    # a floor judge's request previews the count as it will be once confirmed
    p = preview(RULES, Outcome("single_warning"), [], "main", issued=False)
    assert p.points_after == 1
    assert "counts_once_confirmed" in p.notes


@pytest.mark.parametrize("status", ["dismissed", "superseded"])
def test_dismissed_and_superseded_records_never_count(status: RecordStatus) -> None:
    history = [rec(k, w, status=status) for k in THREE_MINOR_SINGLES for w in RULINGS_WARNINGS]
    history += [rec("improper_notes", "notice", status=status)]
    assert warning_points(RULES, history, "main") == 0
    assert counted_warnings(RULES, history, "main") == []
    assert decision(RULES, history, "main") is None
    assert classify(RULES, usual("slow_play"), history).recommended == Outcome("notice")
    notice_only = classify(RULES, sit(False, False, "improper_notes"), history)
    assert notice_only.recommended == Outcome("caution")


# ================================================================ §5 several players


def test_one_incident_several_players() -> None:
    incident = usual("outside_assistance")
    assert RULES.infractions["outside_assistance"].multi_player is True
    giver: list[PastPenalty] = []
    receiver = [rec("outside_assistance", "double_warning", intentional=True)]
    third = [rec("outside_assistance", "notice")]
    results = {
        name: classify(RULES, incident, history)
        for name, history in {"giver": giver, "receiver": receiver, "third": third}.items()
    }
    # one incident, the same minimum for everyone …
    assert {c.minimum for c in results.values()} == {Outcome("double_warning")}
    # … and a record per player that reads that player's own history
    assert "history.repeat" not in rules_ids(results["giver"])
    assert "history.repeat" in rules_ids(results["receiver"])
    assert "history.notice_grounds" in rules_ids(results["third"])
    assert warning_points(RULES, [*giver, rec("outside_assistance", "double_warning")], "main") == 2
    assert preview(RULES, results["receiver"].recommended, receiver, "main").points_after == 4

    # an undetermined game-state dispute: Single Warnings to both, each on their own count
    dispute = usual("game_state_dispute", "undetermined_intent")
    a_hist = singles("slow_play", "mulligan_error")
    b_hist: list[PastPenalty] = []
    a, b = classify(RULES, dispute, a_hist), classify(RULES, dispute, b_hist)
    assert a.recommended == b.recommended == Outcome("single_warning")
    assert preview(RULES, a.recommended, a_hist, "main").decision_owed is True
    assert preview(RULES, b.recommended, b_hist, "main").decision_owed is False


def test_limited_decklist_error_penalises_recorder_and_user() -> None:
    entry = RULES.infractions["limited_decklist_error"]
    assert entry.multi_player is True
    assert entry.group == "deck"
    recorder = classify(RULES, usual("limited_decklist_error"), [])
    user = classify(RULES, usual("limited_decklist_error"), singles("limited_decklist_error"))
    assert recorder.recommended.sanction == user.recommended.sanction == "game_loss"
    assert recorder.recommended.warning == "notice"
    assert user.recommended.warning == "double_warning"


# ===================================================================== engine purity


def test_engine_import_loads_no_textual_or_tinydb() -> None:
    code = (
        "import sys, judgetui.engine\n"
        "bad = sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('textual', 'tinydb'))\n"
        "print(','.join(bad))\n"
    )
    root = str(Path(__file__).resolve().parents[2])
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root,
        env={"PYTHONPATH": root, "PATH": ""},
        check=True,
        timeout=60,
    )
    assert done.stdout.strip() == ""


@pytest.mark.parametrize("needle", ["open(", "import textual", "import tinydb", "Path("])
def test_engine_source_opens_no_file_and_imports_no_ui_or_db(needle: str) -> None:
    files = sorted(ENGINE_DIR.glob("**/*.py"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert needle not in text, f"{path.name} contains {needle!r}"
        for module in ("textual", "tinydb"):
            assert f"from {module}" not in text, f"{path.name} imports {module}"
