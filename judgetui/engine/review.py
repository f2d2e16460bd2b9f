"""The head judge's review: upgrade options, the points after a choice, and which game or
match a three-warning decision's loss applies to (RULINGS §1, §3).

Pure functions over a record's plain parts; the service checks a review against them and
the review screen shows what they return, so the two can never differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec.structs import replace

from judgetui.engine.classify import Applies, sanction_applies
from judgetui.engine.model import Outcome, PastPenalty, Phase, Situation
from judgetui.engine.warnings import warning_points
from judgetui.rules import WARNING, Rules

NotAnUpgradeReason = Literal["not_above_warning", "not_official", "not_above_sanction"]


class NotAnUpgrade(ValueError):
    """``key`` is no upgrade of the record: ``reason`` says why, ``current`` is what the
    record has in the part ``key`` would change (its warning level or its sanction)."""

    def __init__(self, key: str, current: str | None, reason: NotAnUpgradeReason) -> None:
        self.key = key
        self.current = current
        self.reason = reason
        super().__init__(f"{key} is not an upgrade of {current} ({reason})")


def upgraded(rules: Rules, current: Outcome, key: str) -> Outcome:
    """The record's penalty ``current`` upgraded to ``key``; `NotAnUpgrade` if it is none.

    A warning level must be above the current one and at least the first official level
    (the sanction stays); a sanction must be above the current sanction (the warning stays).
    """
    penalty = rules.penalties[key]
    if penalty.kind == WARNING:
        if penalty.rank <= rules.penalties[current.warning].rank:
            raise NotAnUpgrade(key, current.warning, "not_above_warning")
        if penalty.rank < rules.penalties[rules.history.official_from].rank:
            raise NotAnUpgrade(key, current.warning, "not_official")
        return Outcome(key, current.sanction)
    floor = -1 if current.sanction is None else rules.penalties[current.sanction].rank
    if penalty.rank <= floor:
        raise NotAnUpgrade(key, current.sanction, "not_above_sanction")
    return Outcome(current.warning, key)


def upgrade_options(rules: Rules, current: Outcome) -> list[tuple[str, Outcome]]:
    """(key, penalty after) for every upgrade `upgraded` allows, warning levels first,
    each part mildest first."""
    out: list[tuple[str, Outcome]] = []
    for key in [*rules.warnings(), *rules.sanctions_ladder()]:
        try:
            out.append((key, upgraded(rules, current, key)))
        except NotAnUpgrade:
            continue
    return out


def upgraded_points(rules: Rules, outcome: Outcome, *, draft_only: bool) -> int:
    """The warning points an upgraded record carries: none for a draft warning or a level
    below the first official one."""
    official = rules.penalties[rules.history.official_from].rank
    warning = rules.penalties[outcome.warning]
    return 0 if draft_only or warning.rank < official else warning.points


def upgraded_applies(applies: Applies | None, outcome: Outcome) -> Applies | None:
    """Which game or match the upgraded record's loss applies to: what the record said,
    else (a sanction added by the upgrade) the current one."""
    return applies or ("current" if outcome.sanction else None)


def points_if(
    rules: Rules,
    others: Sequence[PastPenalty],
    record: PastPenalty,
    warning: str | None,
    phase: Phase,
) -> int:
    """The player's points in ``phase`` if ``record`` stood issued with ``warning``.

    ``others`` are the player's other records that still stand or wait (not the record
    under review, not a superseded one); ``warning=None`` leaves the record out (a
    dismissal). So the review says what a choice will do before it is made.
    """
    past = list(others)
    if warning is not None:
        past.append(replace(record, warning=warning, status="issued"))
    return warning_points(rules, past, phase)


def decision_applies(
    rules: Rules, penalty: str, *, advantage: bool = False, between_matches: bool = False
) -> Applies | None:
    """Which game or match a three-warning decision's ``penalty`` applies to, by the same
    rule as a record's (rules.toml ``[sanctions]``): ``advantage`` answers the question the
    rules name for a game loss in the current game, ``between_matches`` the one for a match
    loss in the next match; an ejection or disqualification loses the current match."""
    flags = {
        flag
        for flag, given in (
            (rules.sanctions.game_loss_current_when, advantage),
            (rules.sanctions.match_loss_next_when, between_matches),
        )
        if given
    }
    return sanction_applies(
        rules,
        Outcome(rules.history.official_from, penalty),
        Situation(intentional=False, disruptive=False, flags=frozenset(flags)),
    )
