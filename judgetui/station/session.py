"""One judge's session at the station: the service, who is signed in, the latest state.

Following the file has two halves so that the slow part never runs on the UI thread:
`Session.check` (any thread) reads the file when its stamp changed and, when another
station rewrote history rather than appending, folds a whole new state there;
`Session.accept` (the App's thread) applies the new entries to the state the screens
read. `Session.refresh` does both at once for callers without a UI.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import chain
from typing import TYPE_CHECKING, Any

from judgetui.i18n import _
from judgetui.rules import Rules
from judgetui.service import (
    BadInput,
    Corrected,
    Entry,
    NotPermitted,
    Planner,
    RecordRequest,
    RecordResult,
    Station,
)
from judgetui.state import EventState, JudgeState, QueueItem, RecordState
from judgetui.state.queue_index import QueueIndex
from judgetui.state.shapes import EventNote
from judgetui.station.changes import players_touched
from judgetui.store import HEAD_PREFIX_MIN, EventFileError, FileStamp, VerifyResult, verify_entries
from judgetui.store.copy import StandbyMark
from judgetui.store.follow import LogReader

if TYPE_CHECKING:
    from judgetui.earlier import Earlier
    from judgetui.models import Judge, Pairing, Player
    from judgetui.service import PairingsChange

Clock = Callable[[], datetime]
HEAD_SHOWN = HEAD_PREFIX_MIN
"""Hex digits of a log head a judge reads and writes down: as many as `verify --head` takes."""


@dataclass(frozen=True)
class Change:
    """A new version of the event file, as the watcher read it.

    ``entries`` is the whole log (the store's own list, not a copy). ``state`` is set
    when the log was not an extension of the one the session had, already folded.
    """

    stamp: FileStamp
    entries: Sequence[Mapping[str, Any]]
    state: EventState | None = None
    verdict: VerifyResult | None = None
    """The chain's check of ``entries``, when the reader made it (only new links hashed)."""


Progress = Callable[[float], None]
"""Told the share of a load done so far (0.0 to 1.0): increasing, 1.0 once at the end."""
PROGRESS_STEP = 2048
"""Entries folded between two calls of a load's `Progress` (~45 calls at 50,000 records)."""


def load_state(
    station: Station, reader: LogReader | None = None, progress: Progress | None = None
) -> tuple[EventState, FileStamp]:
    """Read and fold the event file.

    With ``reader`` the file is read through it, which keeps what it read for the
    follower (the chain is checked later, from those entries: `Session.check_log`).
    With ``progress``, the share of the log's entries folded is told to it as the fold
    goes (the file is parsed in one call, which tells nothing), then 1.0 once the
    state is ready. Raises the store's `EventFileError` for a file that cannot be used.
    """
    snapshot = station.file.load() if reader is None else reader.load()
    if progress is None:
        state = station.fold(snapshot)
    else:
        state = station.fold_entries(_told(snapshot.entries, progress))
    if progress is not None:
        progress(1.0)
    return state, snapshot.stamp


def _told(entries: Sequence[Mapping[str, Any]], progress: Progress) -> Iterator[Mapping[str, Any]]:
    """``entries`` one by one, ``progress`` told the share before each `PROGRESS_STEP` of
    them. The fold walks a C iterator over slices: the steps cost ~45 calls, not one a
    entry."""
    total = len(entries)

    def slices() -> Iterator[Sequence[Mapping[str, Any]]]:
        for start in range(0, total, PROGRESS_STEP):
            progress(start / total)
            yield entries[start : start + PROGRESS_STEP]

    return chain.from_iterable(slices())


def _extends(state: EventState, entries: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``entries`` begins with the log ``state`` was folded from.

    The log is hash-chained, so one hash at the right place vouches for every entry
    before it.
    """
    if state.count > len(entries):
        return False
    return state.count == 0 or entries[state.count - 1].get("hash") == state.head


@dataclass
class Session:
    station: Station
    judge: JudgeState
    state: EventState
    clock: Clock
    stamp: FileStamp | None = None
    version: int = 0
    log_problem: str | None = None
    """Why the penalty log's hash chain is broken, once a check found it so."""
    log_lost: str | None = None
    """Why the file no longer extends the log this station had seen (sticky: see `check`)."""
    seen: tuple[int, str] = (0, "")
    """The longest log seen in the file: its entry count and its last entry's hash."""
    reader: LogReader | None = field(default=None, repr=False)
    """What the follower has read of the file (bytes, entries, verdict): when set,
    `check` reads through it and a change costs what was appended."""
    generation: int = 0
    """How many times the state was replaced by a new fold (a rewritten log): a screen that
    drew an older generation redraws whole (see `touched_since`)."""
    _applied: Sequence[Mapping[str, Any]] | None = field(default=None, repr=False)
    """The log the state was last extended from (the reader's list, not a copy)."""
    _queue: QueueIndex | None = field(default=None, repr=False)
    _queue_mark: tuple[int, int] = field(default=(-1, -1), repr=False)
    """The state `_queue` is the queue of (`mark`)."""
    _checking: threading.Lock = field(default_factory=threading.Lock, repr=False)
    standby: StandbyMark | None = None
    """The mirror's mark while the file is a standby copy not yet taken over: the banner
    says so, and the service refuses every write (read when the state changes)."""

    def __post_init__(self) -> None:
        if self.seen == (0, ""):
            self.seen = (self.state.count, self.state.head)
        self.standby = self._standby()
        self._state_stamp: FileStamp | None = self.stamp
        self.station.held = self._held
        if self.reader is not None:
            self.station.holder = self.reader

    def _held(self) -> tuple[FileStamp | None, EventState]:
        """The state and the file version it folds (any thread: see `accept`)."""
        return self._state_stamp, self.state

    @property
    def rules(self) -> Rules:
        """The rules in force: the state's, which switches at a ``rules_changed`` entry."""
        return self.state.rules

    @property
    def is_head(self) -> bool:
        return self.judge.role == "head"

    @property
    def now(self) -> datetime:
        return self.clock()

    def check_log(self, change: Change | None = None) -> str | None:
        """The log's hash chain checked (any thread); the problem, or None when intact.

        ``change`` is what a `check` just read (with the reader's verdict when it made
        one); without it, what the reader holds is checked (once), else the file is
        read. A file that stopped extending what this station saw (`log_lost`) is a
        problem too, even when its chain is consistent: cut short, or rewritten and
        re-chained.
        """
        if change is not None:
            result = change.verdict or verify_entries(change.entries)
        elif self.reader is not None:
            result = self.reader.verify()
        else:
            result = self.station.file.verify()
        problems = [p for p in (self.log_lost, None if result.ok else result.problem) if p]
        return "; ".join(problems) or None

    def queue(self) -> list[QueueItem]:
        """The head judge's queue (`EventState.queue`), kept up to date from the players
        the entries applied since touched (`QueueIndex`); built whole for a new fold."""
        index, mark = self._queue, self.mark()
        if index is None or index.state is not self.state:
            index = self._queue = QueueIndex(self.state)
        elif mark != self._queue_mark:
            index.update(self.touched_since(self._queue_mark))
        self._queue_mark = mark
        return index.items()

    # -- following the file ----------------------------------------------------

    def check(self) -> Change | None:
        """A `Change` when the file's stamp moved since the last check; any thread.

        Raises `EventFileError` when the file cannot be read (the last good state stays).
        """
        verdict: VerifyResult | None = None
        with self._checking:
            stamp = self.station.file.stamp()
            if stamp is None or stamp == self.stamp:
                return None
            if self.reader is None:
                snapshot = self.station.file.load()
            else:
                read = self.reader.read()
                if read is None:
                    return None
                snapshot, verdict = read.snapshot, read.verdict
            self.stamp = snapshot.stamp
            self._follow_head(snapshot.entries)
        if _extends(self.state, snapshot.entries):
            return Change(snapshot.stamp, snapshot.entries, verdict=verdict)
        return Change(snapshot.stamp, snapshot.entries, self.station.fold(snapshot), verdict)

    def _follow_head(self, entries: Sequence[Mapping[str, Any]]) -> None:
        """Remember the log's new head, or that the file no longer extends the one seen.

        Called in file order (under the check lock). A log that is shorter than the one
        seen, or whose entry at the seen head's place has another hash, was cut or
        rewritten: that stays said (`log_lost`) for as long as the station runs, and the
        head it no longer extends stays the one remembered, even if the file grows again.
        """
        count, head = self.seen
        if count and (len(entries) < count or entries[count - 1].get("hash") != head):
            if self.log_lost is None:
                short = head[:HEAD_SHOWN]
                self.log_lost = (
                    _(
                        "the log has {now} entries, this station had seen {count} (head {head})"
                    ).format(now=len(entries), count=count, head=short)
                    if len(entries) < count
                    else _(
                        "entry {count} is not the one this station had seen (head {head}): "
                        "the log was rewritten"
                    ).format(count=count, head=short)
                )
            return
        if entries:
            self.seen = (len(entries), str(entries[-1].get("hash", "")))

    def accept(self, change: Change) -> bool:
        """Bring the state up to ``change``; True when anything changed. UI thread only.

        The held stamp is cleared while the state changes and set after, so a write
        planning in another thread never takes a half-updated state for a version.
        """
        self._state_stamp = None
        if change.state is not None:
            self._replace(change.state)
        elif _extends(self.state, change.entries):
            if self.state.count == len(change.entries):
                self._state_stamp = change.stamp
                return False
            self.state.extend(change.entries)
            self._applied = change.entries
        else:
            self._replace(self.station.fold_entries(change.entries))
        self._state_stamp = change.stamp
        self.judge = self.state.judges.get(self.judge.name, self.judge)
        self.standby = self._standby()
        self.version += 1
        return True

    def _standby(self) -> StandbyMark | None:
        try:
            return self.station.standby(self.state)
        except EventFileError:  # a mark that cannot be read: a standby all the same
            return StandbyMark("", "?", "?", "", 0)

    def _replace(self, state: EventState) -> None:
        self.state = state
        self.generation += 1
        self._applied = None

    def mark(self) -> tuple[int, int]:
        """Which state a screen is drawing: its generation and how many entries it folds."""
        return self.generation, self.state.count

    def touched_since(self, mark: tuple[int, int]) -> set[str] | None:
        """The players whose rows may differ from what was drawn at ``mark`` (`mark`).

        An empty set when the state is the one drawn; None when it is another fold
        altogether, or the entries applied since are not known (redraw whole).
        """
        generation, count = mark
        state = self.state
        if generation != self.generation or count > state.count:
            return None
        if count == state.count:
            return set()
        entries = self._applied
        if entries is None or len(entries) < state.count:
            return None
        return players_touched(state, entries[count : state.count])

    def refresh(self) -> bool:
        """Reload when the file's stamp changed, applying only new entries when it can."""
        change = self.check()
        return change is not None and self.accept(change)

    # -- the acts: what this judge does; the service checks that the judge may -------
    # Each runs on a worker thread (`StationScreen.serve`); screens pass plain
    # values and never name the judge: the session is who is signed in.

    def earlier_events(self) -> tuple[Earlier, ...]:
        """The earlier events the event names, read (a worker's call: a file may be large)."""
        from judgetui import earlier

        return earlier.read_all(self.state.earlier_events)

    def possible_duplicate(self, request: RecordRequest) -> RecordState | None:
        return self.station.possible_duplicate(self.judge.name, request)

    def witness_refusal(self, request: RecordRequest, earlier: RecordState) -> str | None:
        """Why the report may not be a witness note on ``earlier`` (None: it may)."""
        return self.station.witness_refusal(self.state, request, earlier)

    def record(self, request: RecordRequest) -> RecordResult:
        return self.station.record(self.judge.name, request)

    def review(
        self,
        item: str,
        action: str,
        penalty: str | None = None,
        note: str = "",
        minor: bool | None = None,
    ) -> list[Entry]:
        return self.station.review(self.judge.name, item, action, penalty, note, minor)

    def decide(
        self,
        player: str,
        penalty: str,
        *,
        strong_cheating: bool = False,
        between_matches: bool = False,
        advantage: bool = False,
        note: str = "",
    ) -> list[Entry]:
        return self.station.decide(
            self.judge.name,
            player,
            penalty,
            strong_cheating=strong_cheating,
            between_matches=between_matches,
            advantage=advantage,
            note=note,
        )

    def void(self, item: str, note: str | None) -> list[Entry]:
        return self.station.void(self.judge.name, item, note)

    def correct(
        self, item: str, note: str | None, *, player: str | None, penalty: str | None
    ) -> Corrected:
        return self.station.correct(self.judge.name, item, note, player=player, penalty=penalty)

    def set_round(self, number: int, *, back: bool = False) -> list[Entry]:
        return self.station.set_round(self.judge.name, number, back=back)

    def enter_finals(self) -> list[Entry]:
        return self.station.enter_finals(self.judge.name)

    def add_judge(self, new: Judge) -> list[Entry]:
        return self.station.add_judge(self.judge.name, new)

    def import_players(self, players: Sequence[Player]) -> list[Entry]:
        return self.station.import_players(self.judge.name, players)

    def import_pairings(self, round_: int, pairings: Sequence[Pairing]) -> PairingsChange:
        return self.station.import_pairings(self.judge.name, round_, pairings)

    def mark_entered(self, items: Sequence[str], round_: int) -> list[Entry]:
        return self.station.mark_entered(self.judge.name, items, round_)

    def close_investigation(self, item: str, finding: str | None) -> list[Entry]:
        return self.station.close_investigation(self.judge.name, item, finding)

    def note(self, text: str, table: int | None = None) -> EventNote:
        return self.station.note(self.judge.name, text, table)


def signed_in_judge(station: Station, state: EventState, name: str | None) -> JudgeState | None:
    """Who is at the keyboard: ``name`` checked against the roster, else this OS account's judge.

    None when the roster must be asked (an unbound event and no name). Raises `BadInput`
    for an unknown judge and `NotPermitted` for a judge bound to another OS account, or
    when no judge of the event may sign in from this account at all.
    """
    planner = station.planner
    if name:
        return planner.identify(state, name)
    try:
        return planner.identify(state, None)
    except BadInput:
        if roster_for(planner, state):
            return None
        raise NotPermitted(
            _("no judge of this event may sign in as OS account {user}").format(
                user=planner.caller.os_user
            ),
            key="no_judge_for_account",
        ) from None


def roster_for(planner: Planner, state: EventState) -> list[JudgeState]:
    """The judges this process may sign in as: head judge first, then by name."""
    allowed = []
    for judge in state.judges.values():
        try:
            planner.identify(state, judge.name)
        except (BadInput, NotPermitted):
            continue
        allowed.append(judge)
    return sorted(allowed, key=lambda j: (j.role != "head", j.name.casefold()))
