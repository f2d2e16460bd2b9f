"""Warning points and the three-warning decision (seed EN §i, §iii; RULINGS §3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from judgetui.engine.classify import is_official
from judgetui.engine.model import (
    Counted,
    Decision,
    OptionVerdict,
    Outcome,
    PastPenalty,
    Phase,
    Preview,
)
from judgetui.rules import Rules

_C = TypeVar("_C", bound=Counted)


def counted_warnings(rules: Rules, history: Sequence[_C], phase: Phase) -> list[_C]:
    """The issued official warnings that count in ``phase``.

    Draft-only warnings never count; cautions and notices carry no points; pending
    requests count only once confirmed. With the finals reset, main-round warnings do
    not count in the final rounds (they stay in the history).
    """
    return [r for r in history if counts_in(rules, r, phase)]


def counts_in(rules: Rules, record: Counted, phase: Phase) -> bool:
    """Whether ``record`` is one of the `counted_warnings` of ``phase``."""
    return is_official(rules, record) and (record.phase == phase or not rules.finals.reset_count)


def warning_points(rules: Rules, history: Sequence[Counted], phase: Phase) -> int:
    """The points of the `counted_warnings` of ``phase``.

    A level worth no points (a Notice, a Caution) adds nothing whether it counts or not,
    so only the others are asked: most records of a big event are Notices (a station
    counts every player's points as it opens: ~10 of 17 ms at 10,000 records).
    """
    penalties = rules.penalties
    return sum(
        points
        for record in history
        if (points := penalties[record.warning].points) and counts_in(rules, record, phase)
    )


def _repeats_related(rules: Rules, infraction: str) -> bool:
    entry = rules.infractions.get(infraction)
    return entry is None or entry.repeat_upgrade


def _option_verdict(
    rules: Rules,
    key: str,
    counted: Sequence[PastPenalty],
    points: int,
    strong_cheating: bool,
) -> OptionVerdict:
    option = rules.three_warnings.options[key]
    forced = points >= rules.three_warnings.forced_ejection_at
    failed: list[str] = []
    if option.always:
        return OptionVerdict(key, True, option.rule)
    is_downgrade = rules.penalties[key].rank < rules.penalties["ejection"].rank
    if is_downgrade and forced:
        failed.append("forced_ejection")
    if option.all_minor and not all(r.minor for r in counted):
        failed.append("not_all_minor")
    if option.all_unintentional and any(r.intentional for r in counted):
        failed.append("not_all_unintentional")
    if option.no_same_infraction:
        # An infraction whose repeats go only to the three-warning rule (rules.toml
        # `repeat_upgrade = false`, the chart's uncategorised infractions) counts as
        # unrelated to itself: its repeats are never "duplicate" warnings (RULINGS §4).
        keys = [r.infraction for r in counted if _repeats_related(rules, r.infraction)]
        if len(keys) != len(set(keys)):
            failed.append("same_infraction")
    if option.highest_warning is not None:
        ceiling = rules.penalties[option.highest_warning].rank
        if any(rules.penalties[r.warning].rank > ceiling for r in counted):
            failed.append("double_or_triple")
    if option.strong_cheating or option.double_warnings or option.triple_warnings:
        grounds = []
        if option.strong_cheating and (strong_cheating or any(r.strong_cheating for r in counted)):
            grounds.append("strong_cheating")
        doubles = sum(1 for r in counted if r.warning == "double_warning")
        triples = sum(1 for r in counted if r.warning == "triple_warning")
        if option.double_warnings and doubles >= option.double_warnings:
            grounds.append("double_warnings")
        if option.triple_warnings and triples >= option.triple_warnings:
            grounds.append("triple_warning")
        if not grounds:
            failed.append("no_grounds")
    return OptionVerdict(key, not failed, option.rule, tuple(failed))


def decision(
    rules: Rules,
    history: Sequence[PastPenalty],
    phase: Phase,
    *,
    strong_cheating: bool = False,
) -> Decision | None:
    """The three-warning decision for a player, or None while fewer points than the threshold.

    Once the points reach ``forced_ejection_at`` (a fourth warning) ejection is
    required: no downgrade to a game or match loss is allowed. Disqualification, the
    only harsher option, stays open when its own conditions hold — otherwise "two
    Double Warnings" (always four points) could never lead to it.
    """
    counted = counted_warnings(rules, history, phase)
    points = sum(rules.penalties[r.warning].points for r in counted)
    tw = rules.three_warnings
    if points < tw.threshold:
        return None
    ladder = sorted(tw.options, key=lambda k: rules.penalties[k].rank)
    verdicts = tuple(_option_verdict(rules, k, counted, points, strong_cheating) for k in ladder)
    required = "ejection" if points >= tw.forced_ejection_at else None
    return Decision(points, verdicts, tw.default, required, len(counted))


def preview(
    rules: Rules,
    outcome: Outcome,
    history: Sequence[PastPenalty],
    phase: Phase,
    *,
    draft_only: bool = False,
    issued: bool = True,
) -> Preview:
    """What recording ``outcome`` for one player will do to their count.

    ``issued`` is False for a floor judge's request: it counts only once confirmed, so
    the preview shows the count as it would be after confirmation.
    """
    before = warning_points(rules, history, phase)
    official_floor = rules.penalties[rules.history.official_from].rank
    counts = (
        not draft_only
        and rules.penalties[outcome.warning].recorded
        and rules.penalties[outcome.warning].rank >= official_floor
    )
    after = before + (rules.penalties[outcome.warning].points if counts else 0)
    tw = rules.three_warnings
    notes: list[str] = []
    if not issued and counts:
        notes.append("counts_once_confirmed")
    return Preview(
        points_before=before,
        points_after=after,
        decision_owed=after >= tw.threshold,
        ejection_forced=after >= tw.forced_ejection_at,
        counts=counts,
        notes=tuple(notes),
    )
