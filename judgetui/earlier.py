"""Earlier events: a player's records at other events, as information only (issue 29).

An earlier event is another judgetui event file, read through the store's read-only
reader (`judgetui.store.earlier`: bounded, verified, never written or locked) and folded
with its own rules. Its players are matched to this event's by DCI number when both
have one, else by player id. What it holds is shown (the review card, the player
screen, ``history --from-event``) and never counted: nothing here reaches the engine,
so no point and no repeat upgrade comes of it.

Each file is read once per version (its `FileStamp`): a station showing many players
reads a large earlier event once, in a worker, not on every screen.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from judgetui import text
from judgetui.i18n import _
from judgetui.rules import shipped_rules
from judgetui.state import EventState, MalformedLog, PlayerState, RecordState
from judgetui.store import EventFileError, FileStamp
from judgetui.store.earlier import earlier_stamp, read_earlier

MAX_EARLIER_EVENTS = 20


@dataclass(frozen=True)
class EarlierEvent:
    """One earlier event, folded; ``by_dci`` finds its players by DCI number."""

    path: str
    state: EventState
    stamp: FileStamp
    by_dci: dict[str, list[str]] = field(default_factory=dict)

    def records_of(self, player: PlayerState) -> list[RecordState]:
        """The player's records there (matched by DCI number, else by id), newest first."""
        ids = list(self.by_dci.get(player.dci, ())) if player.dci else []
        same = self.state.players.get(player.id)
        if same is not None and (not player.dci or not same.dci) and same.id not in ids:
            ids.append(same.id)
        found = [r for pid in ids for r in self.state.history(pid)]
        return sorted(found, key=lambda r: r.seq, reverse=True)


@dataclass(frozen=True)
class EarlierProblem:
    """An earlier event that could not be used: its file and why, in one line."""

    path: str
    reason: str

    def line(self) -> str:
        return _("{file}: {reason}").format(file=Path(self.path).name, reason=self.reason)


Earlier = EarlierEvent | EarlierProblem

_cache: dict[str, tuple[FileStamp, Earlier]] = {}
_cache_lock = threading.Lock()


def _fold(path: str, stamp: FileStamp) -> Earlier:
    try:
        read = read_earlier(Path(path))
        if read.snapshot is None:
            return EarlierProblem(
                path, _("does not verify ({problem})").format(problem=read.verified.problem)
            )
        state = EventState.fold(shipped_rules(), read.snapshot.entries)
    except (EventFileError, MalformedLog) as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        return EarlierProblem(path, reason)
    by_dci: dict[str, list[str]] = {}
    for player in state.players.values():
        if player.dci:
            by_dci.setdefault(player.dci, []).append(player.id)
    return EarlierEvent(path, state, stamp, by_dci)


def read(path: str) -> Earlier:
    """The earlier event at ``path``, read again only when its file changed."""
    try:
        stamp = earlier_stamp(Path(path))
    except EventFileError as exc:
        return EarlierProblem(path, str(exc).removeprefix(f"{path}: "))
    if stamp is None:
        with _cache_lock:
            _cache.pop(path, None)
        return EarlierProblem(path, _("no such file"))
    with _cache_lock:
        cached = _cache.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    found = _fold(path, stamp)
    with _cache_lock:
        _cache[path] = (stamp, found)
    return found


def read_all(paths: Iterable[str]) -> tuple[Earlier, ...]:
    """`read` of each file (the station calls it in a worker: a file may be large)."""
    return tuple(read(p) for p in paths)


def refusal(paths: Iterable[str], own: FileStamp | None) -> str | None:
    """Why ``paths`` cannot be named as earlier events, in one line: a file that cannot be
    read or verified, or the event's own (``own``: its stamp)."""
    for found in read_all(paths):
        if isinstance(found, EarlierProblem):
            return found.line()
        if found.stamp == own:
            return _("{file} is this event's own file").format(file=found.path)
    return None


def records_for(
    found: Sequence[Earlier], player: PlayerState
) -> list[tuple[EarlierEvent, RecordState]]:
    """The player's records at each earlier event read, newest event's first."""
    return [(e, r) for e in found if isinstance(e, EarlierEvent) for r in e.records_of(player)]


def summary(found: Sequence[Earlier], player: PlayerState) -> str | None:
    """ "earlier events: 2 × Single Warning (Slow Play, Autumn Open)" — the player's
    issued penalties at earlier events, and each file that could not be used; None when
    the event names no earlier event."""
    if not found:
        return None
    counts = Counter(
        (
            text.penalty_name(e.state.rules, r.penalty),
            text.infraction_name(e.state.rules, r.infraction),
            e.state.name,
        )
        for e, r in records_for(found, player)
        if r.status == "issued"
    )
    parts = [
        _("{n} × {penalty} ({infraction}, {event})").format(
            n=n, penalty=penalty, infraction=infraction, event=event
        )
        for (penalty, infraction, event), n in counts.most_common()
    ]
    parts += [e.line() for e in found if isinstance(e, EarlierProblem)]
    return _("earlier events: {what}").format(what=_("; ").join(parts) or _("none"))
