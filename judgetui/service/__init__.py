"""The use cases: record, review, decide, change round, enter finals, import, export.

The one place where a judge's authority is checked. Both faces — the station and the
command line — call this; neither decides a penalty nor writes the file itself.
Every use case is planned against the state *inside* the store's lock, so two judges
acting at once both see each other's writes, and a refused act writes nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from judgetui.i18n import _
from judgetui.identity import Caller, current_caller
from judgetui.rules import Rules, RulesSource, shipped_rules
from judgetui.service.base import (
    BadInput,
    Clock,
    Entry,
    IdFactory,
    NotPermitted,
    _new_id,
    _utc_now,
)
from judgetui.service.event import MAX_ROUNDS, EventPlanner, floor_judge, renamed_players
from judgetui.service.notes import NotesPlanner
from judgetui.service.pairings import PairingsChange, PairingsPlanner
from judgetui.service.record import RecordedPenalty, RecordRequest, RecordResult
from judgetui.service.review import Corrected, ReviewPlanner, waits_in_queue
from judgetui.state import EventState, MalformedLog, QueueItem, RecordState
from judgetui.state.notes import note_of
from judgetui.state.shapes import EventNote
from judgetui.store import EventFile, EventFileError, FileStamp, Snapshot
from judgetui.store.copy import StandbyMark, read_mark, remove_mark
from judgetui.store.entries import Refused

if TYPE_CHECKING:
    from judgetui.models import Judge, Pairing, Player
    from judgetui.store.file import Holder

__all__ = [
    "MAX_ROUNDS",
    "BadInput",
    "Clock",
    "Corrected",
    "Entry",
    "IdFactory",
    "NotPermitted",
    "PairingsChange",
    "Planner",
    "RecordRequest",
    "RecordResult",
    "RecordedPenalty",
    "Station",
    "floor_judge",
    "renamed_players",
    "taken_over_in",
    "waits_in_queue",
]


Focus = Callable[[Sequence[Mapping[str, Any]]], Collection[str]]
"""The players an act reads, from the log it is planned on (see `Station.fold`)."""


def _owners_of(item: str) -> Focus:
    """A review's or a void's players: those of every record and decision ``item`` may
    name (its whole id or a prefix of it), so that the look-up sees all it would."""

    def players(entries: Sequence[Mapping[str, Any]]) -> Collection[str]:
        from judgetui.state.focus import owners

        return owners(entries, item)

    return players


class Planner(ReviewPlanner, EventPlanner, PairingsPlanner, NotesPlanner):
    """Turns a use case into log entries against a state; writes nothing. Its parts: `Authority`
    (who acts), `RecordPlanner`, `ReviewPlanner` (review, void, correct, decide, investigations),
    `EventPlanner` (round, finals, roster, judges, rules, marks), `PairingsPlanner`, notes."""


def taken_over_in(entries: Iterable[Mapping[str, Any]], copy_id: str) -> bool:
    """Whether a log holds the takeover of the standby copy ``copy_id``: what the fold
    keeps in `EventState.taken_over`, read without folding (a mirror's start)."""
    return any(
        entry.get("kind") == "event_taken_over"
        and isinstance(entry.get("data"), dict)
        and entry["data"].get("copy_id") == copy_id
        for entry in entries
    )


class Station:
    """The service over one event file.

    ``rules`` are the rules a new event is created with. An existing event keeps its own
    in its log: every fold takes them from there (the shipped rules for a file written
    before events kept theirs), and ``rules`` then follow the file. ``expected_rules``
    is the sha256 of the rules the caller was given (`--rules`): an event whose rules
    differ is refused, so a rules file on disk never changes what a judge may issue.
    """

    def __init__(
        self,
        file: EventFile,
        rules: Rules,
        *,
        caller: Caller | None = None,
        clock: Clock = _utc_now,
        new_id: IdFactory = _new_id,
        expected_rules: str | None = None,
    ) -> None:
        self.file = file
        self.rules = rules
        self.creation_rules = rules
        self.expected_rules = expected_rules
        self.planner = Planner(rules, caller or current_caller(), clock, new_id)
        self.held: Callable[[], tuple[FileStamp | None, EventState]] | None = None
        """A station's state and the version of the file it is the fold of: a write
        to that very version plans on it instead of folding the whole log again."""
        self.holder: Holder | None = None
        """What the station has read of the file (its `LogReader`): a write to those very
        bytes neither parses them again nor reads its own result back."""
        self._writes = 0
        self._writes_done = threading.Condition()
        self.on_unbound_write: Callable[[], None] | None = None
        """Called after each write to an event not bound to OS accounts, where anyone at
        the machine can act as any judge (the command line warns: SECURITY.md)."""

    # -- reading -------------------------------------------------------------------

    def fold(self, snapshot: Snapshot, focus: Focus | None = None) -> EventState:
        """The state of ``snapshot``; with ``focus`` (the players an act reads, from the
        log), built only for them (`judgetui.state.focus`: the same checks of the whole
        log, the same state for them), when the focused fold vouches for the log."""
        if focus is not None:
            from judgetui.state.focus import fold_for

            entries = snapshot.entries
            players = focus(entries)
            state = fold_for(shipped_rules(), entries, players)
            if state is not None:
                return self._adopt(state)
        return self.fold_entries(snapshot.entries)

    def fold_entries(self, entries: Iterable[Mapping[str, Any]]) -> EventState:
        """The state of a log, with the rules it keeps (see the class's docstring)."""
        try:
            state = EventState.fold(shipped_rules(), entries)
        except MalformedLog as exc:
            raise EventFileError(f"{self.file.path}: {exc}") from None
        return self._adopt(state)

    def _adopt(self, state: EventState) -> EventState:
        """Take the rules of a folded log (refused if not the ``expected_rules``)."""
        source = state.rules_source()
        if self.expected_rules is not None and source.sha256 != self.expected_rules:
            raise BadInput(
                _(
                    "these rules (sha256 {given}) are not the event's ({kept}); "
                    "the head judge changes them with: judgetui event rules FILE --judge HEAD"
                ).format(given=self.expected_rules[:12], kept=source.short),
                key="rules_mismatch",
            )
        self.rules = self.planner.rules = state.rules
        return state

    def load(self) -> EventState:
        return self.fold(self.file.load())

    def _held_for(self, stamp: FileStamp | None, count: int | None = None) -> EventState | None:
        """The held state if it is the fold of the file version ``stamp`` (of ``count``
        entries, when given) under the rules in effect; None: fold again (a changed rules
        text is for the fold to check and switch)."""
        if self.held is None or stamp is None:
            return None
        held_stamp, state = self.held()
        if held_stamp != stamp or state.rules is not self.rules:
            return None
        return state if count is None or state.count == count else None

    def _state_of(self, snapshot: Snapshot, focus: Focus | None = None) -> EventState:
        """The fold of ``snapshot``: the held state when it is of that very version."""
        held = self._held_for(snapshot.stamp, len(snapshot.entries))
        return held if held is not None else self.fold(snapshot, focus)

    def standby(self, state: EventState | None = None) -> StandbyMark | None:
        """The standby mark when this file is a mirror's copy not yet taken over (every
        write but the takeover is refused on it); None for the event of record."""
        mark = read_mark(self.file.path)
        if mark is None:
            return None
        state = self._current() if state is None else state
        return None if mark.copy in state.taken_over else mark

    def _refuse_on_standby(self, state: EventState) -> None:
        if self.standby(state) is not None:
            line = _("a standby copy: take it over first with `judgetui event takeover`")
            raise NotPermitted(line, key="standby_copy")

    def _write(
        self,
        plan: Callable[[EventState], list[Entry]],
        focus: Focus | None = None,
        *,
        on_standby: bool = False,
    ) -> list[Entry]:
        """Plan and append; ``focus``: the plan reads only those players (see `fold`). A
        standby copy (`standby`) is refused, under the lock, unless ``on_standby`` (the
        takeover)."""

        unbound: list[bool] = []

        def build(snapshot: Snapshot) -> list[Entry]:
            try:
                state = self._state_of(snapshot, focus)
                if not on_standby:
                    self._refuse_on_standby(state)
                unbound.append(not state.bound)
                return plan(state)
            except Refused as exc:  # a value the event file's declarations refuse
                raise BadInput(str(exc), key="invalid_value") from None

        with self._writes_done:
            self._writes += 1
        try:
            written = self.file.append(build, holder=self.holder)
        finally:
            with self._writes_done:
                self._writes -= 1
                self._writes_done.notify_all()
        if written and unbound and unbound[-1] and self.on_unbound_write is not None:
            self.on_unbound_write()
        return written

    def wait_for_writes(self, timeout: float) -> bool:
        """Wait until no write of this service is under way; False if ``timeout`` passed.

        A station's follower, told by the kernel that the file was replaced while its
        own write is under way, waits for that write: the write hands its result to the
        follower's reader (`Holder.wrote`), where reading the file back would cost a
        read and a compare of the whole file, beside the write a judge waits on.
        """
        with self._writes_done:
            return self._writes_done.wait_for(lambda: self._writes == 0, timeout)

    # -- use cases -----------------------------------------------------------------

    def create_event(
        self,
        name: str,
        head_judge: str,
        floor_judges: Sequence[str] = (),
        *,
        rounds: int | None = None,
        accounts: Mapping[str, str] | None = None,
    ) -> EventState:
        accounts = dict(accounts or {})
        unknown = set(accounts) - {head_judge, *floor_judges}
        if unknown:
            raise BadInput(
                _("--judge-account names no judge of this event: {name}").format(
                    name=sorted(unknown)[0]
                ),
                key="unknown_judge_account",
            )
        from judgetui.models import EventCreated, Judge, made

        named = [(head_judge, "head"), *((f, "floor") for f in floor_judges)]
        try:
            judges = [
                made(Judge, {"name": n, "role": r, "os_user": accounts.get(n)}) for n, r in named
            ]
            fields = {"name": name, "rounds": rounds, "judges": judges, "bound": bool(accounts)}
            created = made(EventCreated, fields)
        except Refused as exc:
            raise BadInput(str(exc), key="invalid_value") from None
        snapshot = self.file.create(self.planner.event_entries(created, self.creation_rules))
        if not created.bound and self.on_unbound_write is not None:
            self.on_unbound_write()
        return self.fold(snapshot)

    def record(
        self,
        judge: str | None,
        request: RecordRequest,
    ) -> RecordResult:
        """Record an incident: its result once it is on disk."""
        result: list[RecordResult] = []

        def plan(state: EventState) -> list[Entry]:
            entries, outcome = self.planner.plan_record(state, judge, request)
            result.append(outcome)
            return entries

        # A witness note looks records up by id prefix, and a duplicate's id may be any
        # record's: those read the whole state. Any other record reads only its players.
        plain = request.same_as is None and request.duplicate_of is None
        focus = (lambda _entries: request.players) if plain else None
        self._write(plan, focus=focus)
        return result[-1]

    def review(
        self,
        judge: str | None,
        item: str,
        action: str,
        penalty: str | None = None,
        note: str = "",
        minor: bool | None = None,
    ) -> list[Entry]:
        return self._write(
            lambda s: self.planner.plan_review(s, judge, item, action, penalty, note, minor)[0],
            focus=_owners_of(item),
        )

    def decide(
        self,
        judge: str | None,
        player: str,
        penalty: str,
        *,
        strong_cheating: bool = False,
        between_matches: bool = False,
        advantage: bool = False,
        note: str = "",
    ) -> list[Entry]:
        return self._write(
            lambda s: self.planner.plan_decide(
                s,
                judge,
                player,
                penalty,
                strong_cheating=strong_cheating,
                between_matches=between_matches,
                advantage=advantage,
                note=note,
            )
        )

    def void(self, judge: str | None, item: str, note: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_void(s, judge, item, note), _owners_of(item))

    def correct(
        self,
        judge: str | None,
        item: str,
        note: str | None,
        *,
        player: str | None = None,
        penalty: str | None = None,
        infraction: str | None = None,
    ) -> Corrected:
        """Void a record and record it anew with only what is named changed, in one write
        (one act, both or neither: `ReviewPlanner.plan_correct`). The station's ``c`` and
        `judgetui correct` both call this."""
        result: list[Corrected] = []

        def plan(state: EventState) -> list[Entry]:
            entries, outcome = self.planner.plan_correct(
                state, judge, item, note, player=player, penalty=penalty, infraction=infraction
            )
            result.append(outcome)
            return entries

        def focus(entries: Sequence[Mapping[str, Any]]) -> Collection[str]:
            return {*_owners_of(item)(entries), *([player] if player else [])}

        self._write(plan, focus)
        return result[-1]

    def set_round(self, judge: str | None, number: int, back: bool = False) -> list[Entry]:
        """Set the current round; an earlier round only with ``back`` (the judge said so)."""
        return self._write(lambda s: self.planner.plan_round(s, judge, number, back))

    def set_rounds(self, judge: str | None, total: int) -> list[Entry]:
        """Change the number of rounds after set-up (the head judge's; a log entry)."""
        return self._write(lambda s: self.planner.plan_rounds(s, judge, total))

    def enter_finals(self, judge: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_finals(s, judge))

    def import_players(self, judge: str | None, players: Sequence[Player]) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_import(s, judge, players))

    def import_pairings(
        self, judge: str | None, round_: int, pairings: Sequence[Pairing]
    ) -> PairingsChange:
        """A round's pairings (replacing that round's), and what they changed."""
        result: list[PairingsChange] = []

        def plan(state: EventState) -> list[Entry]:
            entries, change = self.planner.plan_pairings(state, judge, round_, pairings)
            result.append(change)
            return entries

        self._write(plan)
        return result[-1]

    def add_judge(self, judge: str | None, new: Judge) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_judge(s, judge, new))

    def change_rules(self, judge: str | None, source: RulesSource) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_rules(s, judge, source))

    def set_earlier_events(self, judge: str | None, files: Sequence[str]) -> list[Entry]:
        """Name the earlier events' files: the judge first, then each file read and
        verified outside the lock (a large one must not hold it), never this event's."""
        from judgetui import earlier

        self.planner.plan_earlier(self.load(), judge, files)
        if (refused := earlier.refusal(files, self.file.stamp())) is not None:
            raise BadInput(refused, key="earlier_event_unusable")
        return self._write(lambda s: self.planner.plan_earlier(s, judge, files))

    def note(self, judge: str | None, text: str, table: int | None = None) -> EventNote:
        """Write an event note; the note as the event keeps it (in the round it was written)."""
        rounds: list[int] = []

        def plan(state: EventState) -> list[Entry]:
            rounds.append(state.round)
            return self.planner.plan_note(state, judge, text, table)

        [written] = self._write(plan)
        return note_of(written, rounds[-1])

    def mark_entered(self, judge: str | None, items: Sequence[str], round_: int) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_entered(s, judge, items, round_))

    def close_investigation(self, judge: str | None, item: str, finding: str | None) -> list[Entry]:
        return self._write(lambda s: self.planner.plan_close_investigation(s, judge, item, finding))

    def take_over(self, judge: str | None) -> list[Entry]:
        """The head judge makes this standby copy the event of record: a log entry naming
        the copy and the old station's last head; then the standby mark goes (the entry
        alone already makes it the event of record, should that removal fail)."""

        def plan(state: EventState) -> list[Entry]:
            mark = self.standby(state)
            if mark is None:
                raise BadInput(
                    _("{path} is not a standby copy: it is the event of record").format(
                        path=self.file.path
                    ),
                    key="not_a_standby_copy",
                )
            return self.planner.plan_takeover(state, judge, mark.copy, mark.source, mark.pulled_at)

        written = self._write(plan, on_standby=True)
        remove_mark(self.file.path)
        return written

    def possible_duplicate(self, judge: str | None, request: RecordRequest) -> RecordState | None:
        """What the station shows before recording: another judge's record of the same
        player and infraction this round, within the rules' window (None: none)."""
        return self.planner.possible_duplicate(self._current(), judge, request)

    def witness_refusal(
        self, state: EventState, request: RecordRequest, earlier: RecordState
    ) -> str | None:
        """Why ``request`` may not become a witness note on ``earlier`` in ``state`` (not
        a real duplicate: the line `record --same-as` would refuse with), None if it may.
        The station's duplicate dialog asks before it offers the witness note."""
        try:
            self.planner.check_duplicate(state, request, earlier)
        except BadInput as exc:
            return str(exc)
        return None

    def _current(self) -> EventState:
        """The event as the file is now: the held state if it folds this very version."""
        if self.held is None:
            return self.load()
        held = self._held_for(self.file.stamp())
        return held if held is not None else self.load()

    def queue(self, state: EventState | None = None) -> list[QueueItem]:
        return (state or self.load()).queue()
