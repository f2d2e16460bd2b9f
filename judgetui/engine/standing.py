"""What the penalties that stand make of a player: their status, whether a three-warning
decision is still owed, and which decisions a voided record takes away the ground of.

These were the event state's own code (``judgetui.state``); they are penalty rules, so they
live here, over plain values, and the state asks them as it folds and as it is queried.
"""

from __future__ import annotations

from collections.abc import Iterable

from judgetui.engine.classify import is_official
from judgetui.engine.model import PastPenalty, Phase
from judgetui.rules import Rules

ACTIVE = "active"
EJECTED = "ejected"
DISQUALIFIED = "disqualified"


def status_after(rules: Rules, status: str, sanction: str | None) -> str:
    """A player's status once ``sanction`` stands on them (issued, or decided).

    A sanction that forfeits the prizes (``forfeits_prizes``: a disqualification)
    disqualifies; one that otherwise ends the tournament (``ends_tournament``: an
    ejection) ejects a player still active, and never turns a disqualification back.
    Any other sanction, or none, leaves the status as it is.
    """
    if sanction is None:
        return status
    penalty = rules.penalties.get(sanction)
    if penalty is None:
        return status
    if penalty.forfeits_prizes:
        return DISQUALIFIED
    if penalty.ends_tournament and status == ACTIVE:
        return EJECTED
    return status


def decision_owed(rules: Rules, points: int, decided_at: Iterable[int]) -> bool:
    """Whether a player with ``points`` warning points is owed a three-warning decision.

    ``decided_at``: the points at which the head judge made the decisions that still
    stand in this phase (read only once the threshold is reached). One made at as many
    points or more settles them; a warning after it (more points) asks again.
    """
    if points < rules.three_warnings.threshold:
        return False
    return not any(at >= points for at in decided_at)


def voiding_reopens(
    rules: Rules,
    record: PastPenalty,
    record_seq: int,
    decision_phase: Phase,
    decision_seq: int,
) -> bool:
    """Whether voiding ``record`` (as it stood before the void, written at ``record_seq``)
    reopens a standing three-warning decision made at ``decision_seq`` in ``decision_phase``:
    the record counted towards the warnings, in the decision's phase, before it was made."""
    return (
        decision_phase == record.phase and decision_seq > record_seq and is_official(rules, record)
    )
