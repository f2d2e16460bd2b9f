"""What recording an incident would do: the penalties a judge may choose, and for each
player the penalty, who may issue it, the points it carries and what it does to the count.

One function, `plan_incident`, answers for both the service (which writes what it says)
and the classification screen (which shows it before the judge presses enter): the
preview is the plan, so the two can never differ.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from msgspec import Struct, field

from judgetui.engine.authority import Need, Role, record_need
from judgetui.engine.classify import Applies, choices, choose, classify, sanction_applies
from judgetui.engine.model import (
    Classification,
    Outcome,
    PastPenalty,
    Phase,
    Preview,
    Situation,
)
from judgetui.engine.questions import MINUTES, asked, base, next_match_asked
from judgetui.engine.warnings import preview, warning_points
from judgetui.rules import Rules

EACH_RECOMMENDATION = "recommended"
"""The choice "each player's recommendation", offered when the players' differ."""


class Choice(Struct, frozen=True):
    """One penalty the judge may pick: never below the minimum for any player."""

    key: str
    outcome: Outcome | None
    """None: each player's own recommendation (`EACH_RECOMMENDATION`)."""
    recommended: bool

    @property
    def penalty(self) -> str | None:
        """The penalty to ask the service for: None takes each player's recommendation."""
        return None if self.recommended else self.key


def penalty_choices(rules: Rules, found: Sequence[Classification]) -> list[Choice]:
    """Every penalty allowed for every player (none below a minimum), mildest first.

    When the players' recommendations differ, "each player's recommendation" comes first;
    when they agree, the choice that is the recommendation is marked so.
    """
    first = found[0]
    same = len({c.recommended for c in found}) == 1
    out: list[Choice] = [] if same else [Choice(EACH_RECOMMENDATION, None, True)]
    for key, outcome in choices(rules, found):
        out.append(Choice(key, outcome, same and outcome == first.recommended))
    return out


class PlayerPlan(Struct, frozen=True):
    """What recording the incident does for one player."""

    player: str
    classification: Classification
    outcome: Outcome
    recorded: bool
    """False: a Caution, given verbally; nothing is recorded against the player."""
    need: Need
    """Who may issue it, for the acting judge (`judgetui.engine.authority.Need`)."""
    preview: Preview
    """The count before and after, as if confirmed (a request counts once confirmed)."""
    points: int
    """The warning points the record carries."""
    applies: Applies | None
    """Which game or match the record's loss applies to."""
    points_after: int
    """The player's points once recorded: unchanged until a pending record is confirmed."""
    decision_owed: bool
    """Whether ``points_after`` reaches the three-warning decision."""


def plan_player(
    rules: Rules,
    player: str,
    situation: Situation,
    classification: Classification,
    history: Sequence[PastPenalty],
    role: Role,
    chosen: str | None,
) -> PlayerPlan:
    """The plan for one player (see `plan_incident`); `BelowMinimum` if ``chosen`` is
    below this player's minimum."""
    outcome = choose(rules, classification, chosen)
    warning = rules.penalties[outcome.warning]
    # A trainee's Caution is recorded too, pending: the head judge confirms it (then it is
    # counted as a Caution, never against the player) or upgrades or dismisses it.
    if not warning.recorded and outcome.sanction is None and role != "trainee":
        before = warning_points(rules, history, situation.phase)
        nothing = Preview(before, before, False, False, False)
        return PlayerPlan(
            player, classification, outcome, False, "issued", nothing, 0, None, before, False
        )
    need = record_need(rules, role, outcome)
    issued = need == "issued"
    shown = preview(
        rules,
        outcome,
        history,
        situation.phase,
        draft_only=classification.draft_only,
        issued=issued,
    )
    entry = rules.infractions.get(situation.infraction or "")
    fixed = entry.sanction_applies if entry is not None else None
    after = shown.points_after if issued else shown.points_before
    return PlayerPlan(
        player=player,
        classification=classification,
        outcome=outcome,
        recorded=True,
        need=need,
        preview=shown,
        points=warning.points if shown.counts else 0,
        applies=sanction_applies(rules, outcome, situation, fixed),
        points_after=after,
        decision_owed=after >= rules.three_warnings.threshold,
    )


def plan_incident(
    rules: Rules,
    situation: Situation,
    histories: Mapping[str, Sequence[PastPenalty]],
    role: Role,
    chosen: str | None,
    classifications: Mapping[str, Classification] | None = None,
) -> list[PlayerPlan]:
    """What recording ``chosen`` (None: each player's recommendation) would do, player by
    player, in the order of ``histories`` (player id → their stored records).

    ``classifications`` are the players' classifications of ``situation`` if the caller
    has them already (the screen keeps them); otherwise they are made here. Raises
    `BelowMinimum` for the first player whose minimum ``chosen`` is below.
    """
    out: list[PlayerPlan] = []
    for pid, history in histories.items():
        found = classifications.get(pid) if classifications is not None else None
        if found is None:
            found = classify(rules, situation, history)
        out.append(plan_player(rules, pid, situation, found, history, role, chosen))
    return out


class Answers(Struct, frozen=True):
    """What the judge has answered in the walk-through so far, as the screen holds it."""

    infraction: str
    intentional: bool
    disruptive: bool
    flags: Mapping[str, bool]
    """Each yes/no question answered: an upgrade flag or a situation (`questions`)."""
    minutes: int | None
    phase: Phase


class _Plans(dict[str, list["PlayerPlan"]]):
    """`IncidentPreview.plan`'s memo, equal to any other: two previews compare by what
    they show, not by which plans were asked for yet (a dataclass's ``compare=False``)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Plans)


class IncidentPreview(Struct, frozen=True):
    """Everything the classification screen shows for one set of answers: the questions
    still asked, the situation the engine reads, each player's classification, the
    penalties on offer and (`plan`) what recording each would do. The screen renders it
    and holds no rule of its own."""

    rules: Rules
    histories: Mapping[str, Sequence[PastPenalty]]
    role: Role
    questions: list[str]
    """The questions the infraction asks given the answers (`questions.asked`)."""
    situation: Situation
    classifications: dict[str, Classification]
    choices: list[Choice]
    _plans: _Plans = field(default_factory=lambda: _Plans())

    def plan(self, choice: Choice) -> list[PlayerPlan]:
        """What recording ``choice`` would do, player by player: the service's own
        `plan_incident`, so what the screen shows is what is recorded."""
        found = self._plans.get(choice.key)
        if found is None:
            found = plan_incident(
                self.rules,
                self.situation,
                self.histories,
                self.role,
                choice.penalty,
                self.classifications,
            )
            self._plans[choice.key] = found
        return found

    def needs_request(self, choice: Choice) -> bool:
        """Whether ``choice`` can only be asked for (a floor judge's request)."""
        return any(p.need == "request" for p in self.plan(choice))

    def ending_sanction(self, choice: Choice) -> str | None:
        """The gravest sanction in ``choice``'s plan that ends a player's tournament (an
        ejection, a disqualification: recording it asks first), None if there is none."""
        ending = [
            p.outcome.sanction
            for p in self.plan(choice)
            if p.outcome.sanction is not None
            and p.outcome.sanction in self.rules.penalties
            and self.rules.penalties[p.outcome.sanction].ends_tournament
        ]
        if not ending:
            return None
        return max(ending, key=lambda key: self.rules.penalties[key].rank)


def answered_situation(rules: Rules, answers: Answers, *, between: bool) -> Situation:
    """The answers as the engine reads them: only the flags the infraction asks, the
    minutes only for tardiness, and "between matches?" as ``between`` says."""
    keys = set(base(rules, answers.infraction))
    flags = {k for k, yes in answers.flags.items() if yes and k in keys}
    if between:
        flags.add(rules.sanctions.match_loss_next_when)
    return Situation(
        intentional=answers.intentional,
        disruptive=answers.disruptive,
        infraction=answers.infraction,
        flags=frozenset(flags),
        minutes_late=answers.minutes if MINUTES in keys else None,
        phase=answers.phase,
    )


def preview_incident(
    rules: Rules,
    answers: Answers,
    histories: Mapping[str, Sequence[PastPenalty]],
    role: Role,
) -> IncidentPreview:
    """What the answers give for the players of ``histories`` (id → stored records).

    "Between matches?" is asked, and read, only once every other question is answered and
    the answers without it make a match loss a recommendation (`questions.asked`).
    """
    plain = answered_situation(rules, answers, between=False)
    found = {pid: classify(rules, plain, history) for pid, history in histories.items()}
    recommended = [c.recommended for c in found.values()]
    ask = asked(rules, answers.infraction, answers.flags, recommended)
    situation = plain
    next_match = rules.sanctions.match_loss_next_when
    if answers.flags.get(next_match, False) and next_match_asked(
        rules, answers.infraction, answers.flags, recommended
    ):
        situation = answered_situation(rules, answers, between=True)
        found = {pid: classify(rules, situation, h) for pid, h in histories.items()}
    return IncidentPreview(
        rules,
        histories,
        role,
        ask,
        situation,
        found,
        penalty_choices(rules, list(found.values())),
    )
