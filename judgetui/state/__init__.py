"""The current state of an event, derived from its append-only log.

Nothing is edited in place in the file: a review or decision is a new entry that
supersedes. `EventState.apply` folds one entry at a time, so the station can follow
another judge's writes by applying only the entries it has not seen.

The event's rules are in its log: ``event_created`` carries the text it was made with and
every ``rules_changed`` (the head judge's) a new one; the fold switches to them at that
entry, so every entry after it is checked against, and every screen then reads, the new
rules. A log without rules of its own (written before events kept them) folds with the
rules it is given, which every caller makes the shipped ones.

The package: `shapes` (the Structs), `fold` (each entry kind applied and checked),
`queries` (queue, points, decision owed, history, …) and `event` (`EventState`, whose
methods are those functions). Every name is re-exported here, as the one module it was.
"""

from judgetui.state.event import EventState
from judgetui.state.queries import queue_group
from judgetui.state.shapes import (
    CHEATING_FLAGS,
    CHEATING_INFRACTION,
    EXTENSION_ITEM,
    MIN_PREFIX,
    QUEUE_ORDER,
    DecisionState,
    JudgeState,
    MalformedLog,
    Mark,
    PlayerState,
    QueueGroup,
    QueueItem,
    QueueKind,
    RecordState,
    WitnessNote,
    decision_id,
)

__all__ = [
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
]
