"""The questions every face asks of an event's state: the head judge's queue, a player's
points and history, the decision owed, the newest entries, look-ups by id.

Each is a function of the state (`judgetui.state.event.EventState` calls them as its
methods: ``state.queue()``, ``state.points(player)``, …); none changes it but for the
cache of each player's points, which the fold clears for a player it touches.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta

from judgetui import engine
from judgetui.engine import Decision, PastPenalty
from judgetui.engine.standing import ACTIVE
from judgetui.engine.standing import decision_owed as owes_decision
from judgetui.rules import Rules, RulesSource, source_of
from judgetui.state.shapes import (
    CHEATING_FLAGS,
    CHEATING_INFRACTION,
    EXTENSION_ITEM,
    MIN_PREFIX,
    QUEUE_ORDER,
    SHORT_ID,
    DecisionState,
    EventFields,
    JudgeState,
    PenaltyCounts,
    QueueGroup,
    QueueItem,
    QueueKind,
    RecordState,
    on_record,
)


def queue_group(record: RecordState) -> QueueGroup:
    """The queue group of a notice or request (`QUEUE_ORDER`)."""
    if record.infraction == CHEATING_INFRACTION or CHEATING_FLAGS & set(record.flags):
        return "cheating"
    if record.investigation:
        return "investigation"
    return "request" if record.status == "pending" else "notice"


def rules_source(state: EventFields) -> RulesSource:
    """The rules in force with their text and sha256."""
    return source_of(state.rules)


def head_judge(state: EventFields) -> JudgeState | None:
    return next((j for j in state.judges.values() if j.role == "head"), None)


def head_judge_name(state: EventFields) -> str | None:
    head = head_judge(state)
    return head.name if head else None


def history(state: EventFields, player: str) -> list[RecordState]:
    """Every record of the player, oldest first, superseded ones included."""
    return [state.records[r] for r in state.players[player].records]


def past(state: EventFields, player: str) -> list[PastPenalty]:
    """The player's records as the engine reads them (superseded versions left out)."""
    return [r.past() for r in history(state, player) if r.status != "superseded"]


def points(state: EventFields, player: str) -> int:
    """The player's warning points (the engine's count of the records `past` gives,
    read from the records themselves: no `PastPenalty` made of each)."""
    cached = state._points.get(player)
    if cached is None:
        records = state.records
        standing = [
            record
            for key in state.players[player].records
            if (record := records[key]).status != "superseded"
        ]
        cached = engine.warning_points(state.rules, standing, state.phase)
        state._points[player] = cached
    return cached


def decision_owed(
    state: EventFields, player: str, *, strong_cheating: bool = False
) -> Decision | None:
    """The three-warning decision the head judge still owes for this player, if any."""
    held = state.players[player]
    if held.status != ACTIVE:
        return None
    phase = state.phase
    decided_at = (d.points for d in held.decisions if d.standing and d.phase == phase)
    if not owes_decision(state.rules, points(state, player), decided_at):
        return None
    return engine.decision(state.rules, past(state, player), phase, strong_cheating=strong_cheating)


def decision_reopened(state: EventFields, decision: DecisionState) -> bool:
    """Whether a decision that a voided record took away is open again: the head judge owes
    the player's three-warning decision anew. That is so only for the player's latest
    decision, in the phase the event is in, while a decision is owed; otherwise nothing
    waits on it (the points fell below the threshold, a later decision was made, the
    phase moved on) and it is merely set aside."""
    if decision.reopened_by is None or decision.voided_by is not None:
        return False
    if decision.phase != state.phase:
        return False
    held = state.players[decision.player]
    if any(d.seq > decision.seq and d.phase == decision.phase for d in held.decisions):
        return False
    return decision_owed(state, decision.player) is not None


def latest(state: EventFields, limit: int) -> list[RecordState | DecisionState]:
    """The newest records and three-warning decisions, newest first (superseded left out)."""
    records = (r for r in reversed(state.records.values()) if r.status != "superseded")
    decisions = reversed(state.decisions.values())
    out: list[RecordState | DecisionState] = []
    record, decision = next(records, None), next(decisions, None)
    while len(out) < limit and (record is not None or decision is not None):
        if decision is None or (record is not None and record.seq > decision.seq):
            assert record is not None
            out.append(record)
            record = next(records, None)
        else:
            out.append(decision)
            decision = next(decisions, None)
    return out


def possible_duplicate(
    state: EventFields,
    player: str,
    infraction: str,
    judge: str,
    now: Callable[[], datetime],
    window_minutes: int,
) -> RecordState | None:
    """The newest record of ``player`` for ``infraction`` in this round by another
    judge, written less than ``window_minutes`` before ``now``: maybe the same
    incident, reported twice. Voided, dismissed and superseded records are left out
    (the head judge already settled them). ``now`` is asked only when a record
    could match, so a clock that ticks on every call is not moved otherwise."""
    if window_minutes <= 0 or player not in state.players:
        return None
    moment: datetime | None = None
    for record_id in reversed(state.players[player].records):
        record = state.records[record_id]
        if record.status in ("voided", "dismissed", "superseded"):
            continue
        if (
            record.infraction != infraction
            or record.round != state.round
            or record.phase != state.phase
            or record.judge.casefold() == judge.casefold()
        ):
            continue
        try:
            at = datetime.fromisoformat(record.at)
        except ValueError:
            continue
        if moment is None:
            moment = now()
        if within_window(at, moment, window_minutes):
            return record
    return None


def within_window(at: datetime, moment: datetime, window_minutes: int) -> bool:
    """Whether a record written at ``at`` is less than ``window_minutes`` before
    ``moment``: the duplicate window (rules.toml ``[duplicates]``), for the possible
    duplicate shown and for ``--same-as`` alike."""
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    return moment - timedelta(minutes=window_minutes) < at <= moment


def player_table(state: EventFields, player: str, round_: int) -> int | None:
    """The player's table in round ``round_``, where it is known: that round's pairings
    first, else the roster's ``table`` (the same every round), else None."""
    seat = state.pairings.get(round_, {}).get(player)
    if seat is not None and seat.table is not None:
        return seat.table
    held = state.players.get(player)
    return None if held is None else held.table


def player_opponent(state: EventFields, player: str, round_: int) -> str | None:
    """The player's opponent in round ``round_``'s pairings; None without one (no
    pairings for that round, the player not in them, or a bye). Never another incident's."""
    seat = state.pairings.get(round_, {}).get(player)
    return None if seat is None else seat.opponent


def incident_opponent(state: EventFields, players: Iterable[str], round_: int) -> str | None:
    """The opponent of an incident of ``players`` in round ``round_`` when the judge named
    none: the one opponent the round's pairings give them that is not one of them (two
    players of one match penalised together have no opponent left), else None."""
    named = set(players)
    found = {o for p in named if (o := player_opponent(state, p, round_)) is not None}
    found -= named
    return found.pop() if len(found) == 1 else None


def incident_table(state: EventFields, players: Iterable[str], round_: int) -> int | None:
    """The table an incident of ``players`` in round ``round_`` happened at when the judge
    gave none: the one table known for them (`player_table`), None when none is known or
    they are known at different tables. Never another incident's table."""
    known = {t for p in players if (t := player_table(state, p, round_)) is not None}
    return known.pop() if len(known) == 1 else None


def find(state: EventFields, key: str) -> list[str]:
    """The record and decision ids ``key`` names: itself, or ids it is a prefix of.

    A prefix must be at least `MIN_PREFIX` characters, so a stray keystroke never
    names an entry; the caller refuses zero or several matches.
    """
    if key in state.records or key in state.decisions:
        return [key]
    if len(key) < MIN_PREFIX:
        return []
    return [i for i in (*state.records, *state.decisions) if i.startswith(key)]


def _sorted_ids(state: EventFields) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The record and decision ids, and the incident ids, sorted (kept while the log does
    not grow: ids are never taken away)."""
    size = (len(state.records), len(state.decisions))
    cached = state._sorted_ids
    if cached is None or cached[0] != size:
        ids = tuple(sorted((*state.records, *state.decisions)))
        incidents = tuple(sorted({r.incident for r in state.records.values()}))
        cached = state._sorted_ids = (size, ids, incidents)
    return cached[1], cached[2]


def _holds(ids: Sequence[str], item: str) -> bool:
    at = bisect_left(ids, item)
    return at < len(ids) and ids[at] == item


def _shortest(ids: Sequence[str], item: str) -> str:
    """The shortest prefix of ``item`` (at least `SHORT_ID` characters) that no other of
    the sorted ``ids`` starts with; ``item`` itself when there is none. The ids that share
    the longest beginning with ``item`` are its neighbours in sorted order."""
    at = bisect_left(ids, item)
    need = SHORT_ID
    for other in (ids[at - 1] if at > 0 else "", *ids[at : at + 2]):
        if other == item:
            continue
        common = 0
        for a, b in zip(other, item, strict=False):
            if a != b:
                break
            common += 1
        need = max(need, common + 1)
    return item if need >= len(item) else item[:need]


_WHOLE = 2 * SHORT_ID
"""An id this short is printed whole: a decision's ``decision-368`` cut to ``decision-36``
would read as another decision's number (and would name it once that one is made)."""


def short_id(state: EventFields, item: str) -> str:
    """``item`` as a report prints it for a person: the shortest prefix of at least
    `SHORT_ID` characters that names it alone among the event's records and decisions
    (a time extension's ``ext:`` item: among its incidents), so that `find` (and every
    command that takes an id) reads it back as ``item``. Any other key, and an id of at most
    `_WHOLE` characters, comes back whole."""
    ids, incidents = _sorted_ids(state)
    if item.startswith(EXTENSION_ITEM):
        incident = item.removeprefix(EXTENSION_ITEM)
        if not _holds(incidents, incident):
            return item
        return EXTENSION_ITEM + _shortest(incidents, incident)
    if len(item) <= _WHOLE or (item not in state.records and item not in state.decisions):
        return item
    return _shortest(ids, item)


def find_extension(state: EventFields, key: str) -> list[str]:
    """The time-extension items (``ext:`` + an incident id) ``key`` names: itself, or
    those whose incident starts with the rest (at least `MIN_PREFIX` characters)."""
    incident = key.removeprefix(EXTENSION_ITEM)
    _ids, incidents = _sorted_ids(state)
    if _holds(incidents, incident):
        return [key]
    if len(incident) < MIN_PREFIX:
        return []
    return [EXTENSION_ITEM + i for i in incidents if i.startswith(incident)]


def penalty_counts(state: EventFields) -> PenaltyCounts:
    """The shape of the event for the head judge: the penalties that stay on the official
    record (`judgetui.state.shapes.on_record`: issued, not voided or dismissed, no bare
    Notice or Caution), counted by round and infraction. A three-warning decision is not
    counted again: the warnings that led to it are."""
    cells: dict[tuple[int, str], int] = {}
    for record in state.records.values():
        if on_record(record):
            key = (record.round, record.infraction)
            cells[key] = cells.get(key, 0) + 1
    return PenaltyCounts(cells)


def is_round_item(state: EventFields, key: str) -> bool:
    """Whether ``key`` names something a round list can show: a record, a decision,
    or a time extension (`EXTENSION_ITEM` + the incident's id)."""
    if key in state.records or key in state.decisions:
        return True
    if key.startswith(EXTENSION_ITEM):
        incident = key.removeprefix(EXTENSION_ITEM)
        return incident in state.caution_extensions or any(
            r.incident == incident for r in state.records.values()
        )
    return False


def open_investigations(state: EventFields) -> list[RecordState]:
    """Records that opened an investigation (a Triple Warning) not closed yet, oldest
    first. A Triple Warning opens one when it is issued (RULINGS.md §1): a floor judge's
    request opens none until the head judge confirms it. One that no longer stands
    (voided, dismissed, upgraded away) opens none; an upgrade's replacement that keeps the
    flag carries it on."""
    return [
        r
        for r in state.records.values()
        if r.investigation and r.status == "issued" and r.id not in state.closed_investigations
    ]


def record_item(record: RecordState) -> QueueItem | None:
    """The queue item a record makes (a request, or a notice not reviewed), if any."""
    if record.status == "pending":
        kind: QueueKind = "request"
    elif record.status == "issued" and not record.reviewed and record.warning == "notice":
        kind = "notice"
    else:
        return None
    return QueueItem(
        record.id,
        kind,
        record.player,
        record.penalty,
        record.infraction,
        record.judge,
        record.at,
        queue_group(record),
    )


def decision_item(state: EventFields, player: str) -> QueueItem | None:
    """The queue item of the three-warning decision owed for ``player``, if one is."""
    held = state.players[player]
    if not held.records or (owed := decision_owed(state, player)) is None:
        return None
    last = state.records[held.records[-1]]
    return QueueItem(
        f"decide:{player}",
        "decision",
        player,
        owed.required or owed.default,
        None,
        None,
        last.at,
        "decision",
    )


_GROUP_PLACE = {group: place for place, group in enumerate(QUEUE_ORDER)}


def queue_rank(item: QueueItem) -> tuple[int, str]:
    """Where ``item`` goes in the queue: its group's place (`QUEUE_ORDER`), then its time.

    The one order of the queue: the dashboard's, the review's steps through it and
    ``judgetui queue`` all come from `queue` or `judgetui.state.queue_index.QueueIndex`,
    which sort by this. Requests had shared the last place with the Notices, oldest
    first: a floor judge's game-loss request sat 25th of 25, behind every older Notice,
    below the rows an 80×24 dashboard shows (issue 26 item 7). How long each has waited:
    `QueueItem.waiting_seconds`.
    """
    return (_GROUP_PLACE[item.group], item.at)


def queue(state: EventFields) -> list[QueueItem]:
    """What waits for the head judge: decisions owed, cheating, Triple Warnings
    (investigations), floor judges' requests, then Notices; oldest first within each
    (`QUEUE_ORDER`, `queue_rank`).

    This walks every record and every player; a station keeps the same list up to
    date entry by entry (`judgetui.state.queue_index.QueueIndex`).
    """
    items = [item for record in state.records.values() if (item := record_item(record))]
    items += [item for player in state.players if (item := decision_item(state, player))]
    items.sort(key=queue_rank)  # stable: records in log order, then players in roster order
    return items


def keys_missing_from(state: EventFields, rules: Rules) -> list[str]:
    """The penalties and infractions of this log that ``rules`` do not know."""
    missing: dict[str, None] = {}
    for record in state.records.values():
        for key in (
            record.warning,
            record.sanction,
            record.penalty,
            record.minimum,
            record.recommended,
        ):
            if key is not None and key not in rules.penalties:
                missing[f"penalty {key!r}"] = None
        if record.infraction not in rules.infractions:
            missing[f"infraction {record.infraction!r}"] = None
    for player in state.players.values():
        for decision in player.decisions:
            if decision.penalty not in rules.three_warnings.options:
                missing[f"three-warning penalty {decision.penalty!r}"] = None
    return list(missing)
