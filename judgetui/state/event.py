"""`EventState`: the event as its log makes it now, folded one entry at a time.

The fields are `judgetui.state.shapes.EventFields`; the fold (`judgetui.state.fold`) and
the queries (`judgetui.state.queries`) are functions of those, which import nothing of this
module, and its methods call them, so every caller keeps ``EventState.fold(rules,
entries)``, ``state.extend(entries)``, ``state.queue()``, ``state.points(player)``,
``state.decision_owed(player)``, ``state.history(player)``, ….
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from msgspec.structs import replace

from judgetui.engine import Decision, PastPenalty
from judgetui.rules import Rules, RulesSource
from judgetui.state import fold as folding
from judgetui.state import queries
from judgetui.state.shapes import (
    DecisionState,
    EventFields,
    JudgeState,
    PenaltyCounts,
    QueueItem,
    RecordState,
)


class EventState(EventFields):
    """The event's state with the fold and the queries as its methods."""

    # -- folding (judgetui.state.fold) ----------------------------------------

    @classmethod
    def fold(cls, rules: Rules, entries: Iterable[Mapping[str, Any]]) -> EventState:
        """The state of the log ``entries``, folded from the first, under ``rules`` until
        an entry brings its own; MalformedLog for a log judgetui did not write."""
        state = cls(rules)
        folding.fold_into(state, entries)
        return state

    def extend(self, entries: Sequence[Mapping[str, Any]]) -> int:
        """Apply the entries of ``entries`` (the whole log) after the ``count`` folded so
        far: the same state `fold` makes of them all. Returns how many were applied."""
        return folding.extend(self, entries)

    def apply(self, entry: Mapping[str, Any]) -> None:
        """Apply the log's next entry; MalformedLog when judgetui did not write it."""
        folding.apply(self, entry)

    def planning_copy(self, players: Iterable[str]) -> EventState:
        """A copy to plan an act on: entries about ``players`` (their records, decisions
        and status) may be applied to it while this state stays exactly as it is.

        A correction plans its new record on the state with the void applied; that void
        is not written yet and may never be (the new record refused): only what the store
        writes is ever applied to the state a station shows.
        """
        copy = replace(
            self,
            players=dict(self.players),
            records=dict(self.records),
            decisions=dict(self.decisions),
            entered=dict(self.entered),
            closed_investigations=dict(self.closed_investigations),
            taken_over=dict(self.taken_over),
            _points=dict(self._points),
        )
        for pid in players:
            held = self.players.get(pid)
            if held is None:
                continue
            decisions = [replace(d) for d in held.decisions]
            copy.decisions.update((d.id, d) for d in decisions)
            copy.players[pid] = replace(held, records=list(held.records), decisions=decisions)
            for record_id in held.records:
                copy.records[record_id] = replace(self.records[record_id])
        return copy

    # -- queries (judgetui.state.queries) --------------------------------------

    def keys_missing_from(self, rules: Rules) -> list[str]:
        """The penalties and infractions of this log that ``rules`` do not know."""
        return queries.keys_missing_from(self, rules)

    def rules_source(self) -> RulesSource:
        """The rules in force with their text and sha256."""
        return queries.rules_source(self)

    def head_judge(self) -> JudgeState | None:
        return queries.head_judge(self)

    def head_judge_name(self) -> str | None:
        return queries.head_judge_name(self)

    def history(self, player: str) -> list[RecordState]:
        """Every record of the player, oldest first, superseded ones included."""
        return queries.history(self, player)

    def past(self, player: str) -> list[PastPenalty]:
        """The player's records as the engine reads them (superseded versions left out)."""
        return queries.past(self, player)

    def points(self, player: str) -> int:
        """The player's warning points in the current phase."""
        return queries.points(self, player)

    def decision_owed(self, player: str, *, strong_cheating: bool = False) -> Decision | None:
        """The three-warning decision the head judge still owes for this player, if any."""
        return queries.decision_owed(self, player, strong_cheating=strong_cheating)

    def decision_reopened(self, decision: DecisionState) -> bool:
        """Whether the head judge owes anew a decision a voided record took away
        (`judgetui.state.queries.decision_reopened`)."""
        return queries.decision_reopened(self, decision)

    def latest(self, limit: int) -> list[RecordState | DecisionState]:
        """The newest records and three-warning decisions, newest first (superseded left out)."""
        return queries.latest(self, limit)

    def possible_duplicate(
        self,
        player: str,
        infraction: str,
        judge: str,
        now: Callable[[], datetime],
        window_minutes: int,
    ) -> RecordState | None:
        """The newest record of ``player`` for ``infraction`` in this round by another judge,
        less than ``window_minutes`` old (`judgetui.state.queries.possible_duplicate`)."""
        return queries.possible_duplicate(self, player, infraction, judge, now, window_minutes)

    def player_table(self, player: str, round_: int) -> int | None:
        """The player's table in that round, where it is known (`queries.player_table`)."""
        return queries.player_table(self, player, round_)

    def player_opponent(self, player: str, round_: int) -> str | None:
        """The player's opponent in that round's pairings, if any (`queries.player_opponent`)."""
        return queries.player_opponent(self, player, round_)

    def incident_opponent(self, players: Iterable[str], round_: int) -> str | None:
        """The opponent of an incident of ``players`` when the judge named none: the one
        the round's pairings give them (`queries.incident_opponent`)."""
        return queries.incident_opponent(self, players, round_)

    def incident_context(
        self, players: Iterable[str], round_: int
    ) -> tuple[int | None, str | None]:
        """`incident_table` and `incident_opponent`: what a record of ``players`` in
        ``round_`` takes when the judge gives neither."""
        players = list(players)
        return self.incident_table(players, round_), self.incident_opponent(players, round_)

    def incident_table(self, players: Iterable[str], round_: int) -> int | None:
        """The table an incident of ``players`` happened at when the judge gave none
        (`queries.incident_table`): the players' own, never another incident's."""
        return queries.incident_table(self, players, round_)

    def find(self, key: str) -> list[str]:
        """The record and decision ids ``key`` names: itself, or ids it is a prefix of (at
        least `judgetui.state.shapes.MIN_PREFIX` characters)."""
        return queries.find(self, key)

    def penalty_counts(self) -> PenaltyCounts:
        """Penalties on the official record by round and infraction
        (`judgetui.state.queries.penalty_counts`)."""
        return queries.penalty_counts(self)

    def short_id(self, item: str) -> str:
        """``item`` shortened for a person to read: the shortest unique prefix of at least
        `judgetui.state.shapes.SHORT_ID` characters, which `find` reads back."""
        return queries.short_id(self, item)

    def find_extension(self, key: str) -> list[str]:
        """The time-extension items ``key`` names: itself, or those it is a prefix of."""
        return queries.find_extension(self, key)

    def is_round_item(self, key: str) -> bool:
        """Whether ``key`` names a record, a decision or a time extension a round list shows."""
        return queries.is_round_item(self, key)

    def open_investigations(self) -> list[RecordState]:
        """Records that opened an investigation not closed yet, oldest first."""
        return queries.open_investigations(self)

    def queue(self) -> list[QueueItem]:
        """What waits for the head judge, in `judgetui.state.shapes.QUEUE_ORDER`."""
        return queries.queue(self)
