"""The guided classification: answers → minimum, recommendation and the reasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from judgetui.engine.model import (
    Classification,
    Counted,
    Outcome,
    PastPenalty,
    Reason,
    Situation,
)
from judgetui.rules import SITUATION_FLAGS, WARNING, Rules

Applies = Literal["current", "next"]


class BelowMinimum(ValueError):
    """The judge chose a penalty below the minimum the rules allow."""

    def __init__(self, chosen: str, minimum: str, part: str) -> None:
        self.chosen = chosen
        self.minimum = minimum
        self.part = part
        super().__init__(f"{chosen} is below the minimum {minimum}")


def _warning_rank(rules: Rules, key: str) -> int:
    return rules.penalties[key].rank


def _sanction_rank(rules: Rules, key: str | None) -> int:
    return -1 if key is None else rules.penalties[key].rank


def _draft_only(rules: Rules, record: Counted) -> bool:
    """A draft warning: flagged on the record, or a draft-only catalogue entry (RULINGS §3)."""
    entry = rules.infractions.get(record.infraction)
    return record.draft_only or bool(entry and entry.draft_only)


def is_official(rules: Rules, record: Counted) -> bool:
    """An issued, counting warning record (Single Warning or above by default)."""
    floor = _warning_rank(rules, rules.history.official_from)
    return (
        record.status == "issued"
        and not _draft_only(rules, record)
        and _warning_rank(rules, record.warning) >= floor
    )


def _on_record(rules: Rules, record: PastPenalty) -> bool:
    """An offence that stands against the player: issued (a pending request counts only
    once confirmed; dismissed and superseded never) and of a recorded level (a Caution
    is never held against the player)."""
    return record.status == "issued" and rules.penalties[record.warning].recorded


class _Raiser:
    """Accumulates an Outcome that only ever rises, remembering why."""

    def __init__(self, rules: Rules, warning: str) -> None:
        self.rules = rules
        self.warning = warning
        self.sanction: str | None = None
        self.reasons: list[Reason] = []

    def raise_to(self, key: str, rule: str, source: str, detail: str = "") -> None:
        penalty = self.rules.penalties[key]
        if penalty.kind == WARNING:
            binding = _warning_rank(self.rules, key) > _warning_rank(self.rules, self.warning)
            if binding:
                self.warning = key
        else:
            binding = _sanction_rank(self.rules, key) > _sanction_rank(self.rules, self.sanction)
            if binding:
                self.sanction = key
        self.reasons.append(Reason(rule, key, source, detail, binding))

    def outcome(self) -> Outcome:
        return Outcome(self.warning, self.sanction)


def _minimum(rules: Rules, situation: Situation, history: Sequence[PastPenalty]) -> _Raiser:
    category = rules.category_for(situation.intentional, situation.disruptive)
    raiser = _Raiser(rules, rules.categories[category].minimum)
    raiser.reasons.append(Reason("category", raiser.warning, "seed EN §iv", category, binding=True))
    for flag, upgrade in rules.upgrades.items():
        if (
            upgrade.minimum
            and flag in situation.flags
            and _applies(rules, flag, situation.infraction)
        ):
            raiser.raise_to(upgrade.raises_to, f"upgrade.{flag}", upgrade.rule)
    if situation.infraction is None:
        return raiser
    inf = rules.infractions[situation.infraction]
    source = f"rules.toml infractions.{situation.infraction} ({inf.source})"
    if inf.minimum:
        raiser.raise_to(inf.minimum, "catalogue.minimum", source, situation.infraction)
    if inf.sanction:
        raiser.raise_to(inf.sanction, "catalogue.sanction", source, situation.infraction)
    if inf.intentional_sanction and situation.intentional:
        raiser.raise_to(
            inf.intentional_sanction, "catalogue.intentional_sanction", source, situation.infraction
        )
    if inf.tardiness_steps and situation.minutes_late is not None:
        reached = [s for s in inf.tardiness_steps if situation.minutes_late >= s.after_minutes]
        if reached:
            step = reached[-1]
            raiser.raise_to(
                step.penalty,
                "catalogue.tardiness",
                f"rules.toml infractions.{situation.infraction}.tardiness_steps ({step.source})",
                str(situation.minutes_late),
            )
    if inf.steps:
        earlier = sum(
            1 for r in history if r.infraction == situation.infraction and _on_record(rules, r)
        )
        step_key = inf.steps[min(earlier, len(inf.steps) - 1)]
        raiser.raise_to(step_key, "catalogue.steps", source, str(earlier + 1))
    return raiser


def _applies(rules: Rules, flag: str, infraction: str | None) -> bool:
    upgrade = rules.upgrades[flag]
    return not upgrade.applies_to or infraction in upgrade.applies_to


def classify(
    rules: Rules,
    situation: Situation,
    history: Sequence[PastPenalty] = (),
) -> Classification:
    """The minimum penalty, the recommendation and every rule that raised them.

    ``history`` is the player's own stored records (any phase, any status); the
    engine decides which of them count.
    """
    if situation.infraction is not None and situation.infraction not in rules.infractions:
        raise KeyError(situation.infraction)
    unknown = situation.flags - set(rules.upgrades) - SITUATION_FLAGS
    if unknown:
        raise KeyError(sorted(unknown)[0])

    raiser = _minimum(rules, situation, history)
    minimum = raiser.outcome()

    for flag in rules.upgrades:
        if rules.upgrades[flag].minimum:
            continue
        if flag in situation.flags and _applies(rules, flag, situation.infraction):
            upgrade = rules.upgrades[flag]
            raiser.raise_to(upgrade.raises_to, f"upgrade.{flag}", upgrade.rule)

    inf = rules.infractions.get(situation.infraction or "")
    if inf is not None and situation.infraction is not None and inf.repeat_upgrade:
        same = [r for r in history if r.infraction == situation.infraction and not r.draft_only]
        official = [r for r in same if is_official(rules, r)]
        if official:
            from_main = situation.phase == "finals" and all(r.phase == "main" for r in official)
            if from_main:
                raiser.raise_to(
                    rules.finals.repeat_from_main_raises_to,
                    "finals.repeat_from_main",
                    "seed EN §i",
                    situation.infraction,
                )
            else:
                raiser.raise_to(
                    rules.history.repeat_raises_to,
                    "history.repeat",
                    "seed EN §ii",
                    situation.infraction,
                )
        notices = [r for r in same if r.status == "issued" and r.warning == "notice"]
        if notices:
            raiser.raise_to(
                rules.history.notice_grounds_raises_to,
                "history.notice_grounds",
                "seed EN §ii",
                situation.infraction,
            )

    recommended = raiser.outcome()
    investigation = rules.penalties[recommended.warning].investigation
    every_player = any(
        rules.upgrades[f].every_player
        for f in situation.flags
        if f in rules.upgrades and _applies(rules, f, situation.infraction)
    )
    return Classification(
        minimum=minimum,
        recommended=recommended,
        reasons=tuple(raiser.reasons),
        category=rules.category_for(situation.intentional, situation.disruptive),
        investigation=investigation,
        every_player=every_player,
        draft_only=bool(inf and inf.draft_only),
        minor=bool(inf and inf.minor),
        sanction_applies=sanction_applies(
            rules, recommended, situation, inf.sanction_applies if inf else None
        ),
    )


def sanction_applies(
    rules: Rules, outcome: Outcome, situation: Situation, fixed: Applies | None = None
) -> Applies | None:
    """Which game or match a loss applies to (seed JA デ敗/マ敗, RULINGS §1)."""
    if outcome.sanction == "game_loss":
        if fixed is not None:
            return fixed
        current = rules.sanctions.game_loss_current_when in situation.flags
        return "current" if current else "next"
    if outcome.sanction == "match_loss":
        return "next" if rules.sanctions.match_loss_next_when in situation.flags else "current"
    if outcome.sanction is not None:
        return "current"
    return None


def choose(rules: Rules, classification: Classification, chosen: str | None) -> Outcome:
    """The judge's choice as an Outcome; never below the minimum in either part.

    Choosing a warning level keeps the recommended sanction; choosing a sanction keeps
    the recommended warning level. ``None`` takes the recommendation.
    """
    recommended = classification.recommended
    if chosen is None:
        return recommended
    penalty = rules.penalties[chosen]
    minimum = classification.minimum
    if penalty.kind == WARNING:
        if _warning_rank(rules, chosen) < _warning_rank(rules, minimum.warning):
            raise BelowMinimum(chosen, minimum.warning, "warning")
        return Outcome(chosen, recommended.sanction)
    if _sanction_rank(rules, chosen) < _sanction_rank(rules, minimum.sanction):
        assert minimum.sanction is not None
        raise BelowMinimum(chosen, minimum.sanction, "sanction")
    return Outcome(recommended.warning, chosen)


def at_least(rules: Rules, outcome: Outcome, floor: Outcome) -> bool:
    """Whether ``outcome`` is at least ``floor`` in both its parts."""
    return _warning_rank(rules, outcome.warning) >= _warning_rank(rules, floor.warning) and (
        _sanction_rank(rules, outcome.sanction) >= _sanction_rank(rules, floor.sanction)
    )


def choices(rules: Rules, found: Sequence[Classification]) -> list[tuple[str, Outcome]]:
    """Every penalty the judge may choose for an incident, mildest first, as (key, outcome)
    for the first player's classification; none below any player's minimum.

    A warning level keeps the recommended sanction and a sanction keeps the recommended
    warning level (`choose`). A warning level pairs with a game or match loss (the chart's
    警２ + マ敗, RULINGS §1), not with a sanction that ends the tournament
    (``ends_tournament``): when the recommendation is an ejection, "Double Warning +
    Ejection" is not offered beside it; the ejection is chosen as the sanction it is.
    """
    first = found[0]
    min_warning = max(_warning_rank(rules, c.minimum.warning) for c in found)
    min_sanction = max(_sanction_rank(rules, c.minimum.sanction) for c in found)
    out: list[tuple[str, Outcome]] = []
    seen: set[Outcome] = set()
    keys = [k for k in rules.warnings() if _warning_rank(rules, k) >= min_warning]
    keys += [k for k in rules.sanctions_ladder() if _sanction_rank(rules, k) >= min_sanction]
    for key in keys:
        outcome = choose(rules, first, key)
        ends = outcome.sanction is not None and rules.penalties[outcome.sanction].ends_tournament
        if ends and key != outcome.sanction and outcome != first.recommended:
            continue
        if outcome in seen:
            continue
        seen.add(outcome)
        out.append((key, outcome))
    return out
