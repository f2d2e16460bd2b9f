"""The records and decisions that match a judge's question, and the judges' own counts.

Pure functions over an `EventState`: `judgetui history` and the station's history screen
both ask here, so the two answer alike. Nothing here writes or decides a penalty.

The station's filter is one line of words, fastest to type at a table: ``t:14`` (table),
``r:3`` (round), ``j:kim`` (judge), ``i:slow`` (infraction key or name), ``p:P12``
(player id), and any other word matches a player's id or name, a judge, or an
infraction (all case-insensitive, all words must match).

Three-warning decisions (game or match loss, ejection, disqualification decided by the head
judge) are listed beside the records (issue 11: decisions appear wherever records do). A
decision has no table and no infraction, so a filter on either leaves decisions out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from judgetui import text
from judgetui.state import DecisionState, EventState, RecordState

HistoryEntry = RecordState | DecisionState
"""One line of a history: a record, or a three-warning decision."""

_PREFIXES = {
    "t": "table",
    "table": "table",
    "r": "round",
    "round": "round",
    "j": "judge",
    "judge": "judge",
    "i": "infraction",
    "inf": "infraction",
    "p": "player",
    "player": "player",
}


@dataclass(frozen=True)
class HistoryFilter:
    """What to keep; None (or empty) keeps all. ``words`` match anything shown."""

    player: str | None = None
    judge: str | None = None
    infraction: str | None = None
    round: int | None = None
    table: int | None = None
    words: tuple[str, ...] = field(default=())

    @property
    def empty(self) -> bool:
        return self == HistoryFilter()


def parse_filter(line: str) -> HistoryFilter:
    """The station's one-line filter (see the module's docstring); a malformed number
    (``t:x``) is kept as a word, so typing never raises."""
    values: dict[str, str | int] = {}
    words: list[str] = []
    for word in line.split():
        prefix, sep, value = word.partition(":")
        name = _PREFIXES.get(prefix.casefold()) if sep else None
        if name is None or not value:
            words.append(word.casefold())
            continue
        if name in ("table", "round"):
            if not value.isascii() or not value.isdigit() or len(value) > 6:
                words.append(word.casefold())
                continue
            values[name] = int(value)
        else:
            values[name] = value
    return HistoryFilter(
        player=_str(values.get("player")),
        judge=_str(values.get("judge")),
        infraction=_str(values.get("infraction")),
        round=_int(values.get("round")),
        table=_int(values.get("table")),
        words=tuple(words),
    )


def _str(value: str | int | None) -> str | None:
    return value if isinstance(value, str) else None


def _int(value: str | int | None) -> int | None:
    return value if isinstance(value, int) else None


def matching(state: EventState, wanted: HistoryFilter, *, exact: bool = False) -> list[RecordState]:
    """The records that match, newest first; superseded versions left out (their
    replacement stands for them), voided ones kept (they say so).

    ``exact``: the command line's filters name a player id, a judge and an infraction key
    exactly (case-insensitive for the judge); the station's match as one types (a part
    of an id, a name or a key).
    """
    out: list[RecordState] = []
    rules = state.rules
    for record in reversed(state.records.values()):
        if record.status == "superseded":
            continue
        if wanted.table is not None and record.table != wanted.table:
            continue
        words: tuple[str, ...] = ()
        if exact:
            if wanted.infraction is not None and record.infraction != wanted.infraction:
                continue
        else:
            infraction = text.infraction_name(rules, record.infraction)
            if wanted.infraction is not None and not _has(
                wanted.infraction, record.infraction, infraction
            ):
                continue
            words = (record.infraction, infraction)
        if _keeps(state, wanted, exact, record.player, record.judge, record.round, words):
            out.append(record)
    return out


def matching_decisions(
    state: EventState, wanted: HistoryFilter, *, exact: bool = False
) -> list[DecisionState]:
    """The three-warning decisions that match, newest first, voided and reopened ones kept
    (they say so). ``exact`` as in `matching`."""
    if wanted.table is not None or wanted.infraction is not None:
        return []
    rules = state.rules
    out: list[DecisionState] = []
    for decision in reversed(state.decisions.values()):
        words: tuple[str, ...] = ()
        if not exact:
            penalty = text.penalty_name(rules, decision.penalty)
            words = (decision.penalty, penalty, text.decision_what(decision))
        if _keeps(state, wanted, exact, decision.player, decision.judge, decision.round, words):
            out.append(decision)
    return out


def _keeps(
    state: EventState,
    wanted: HistoryFilter,
    exact: bool,
    player: str,
    judge: str,
    round_: int,
    words: tuple[str, ...],
) -> bool:
    """The filters a record and a decision share: round, player, judge, and (as one
    types) the free words, found in the player's id or name, the judge, or ``words``."""
    if wanted.round is not None and round_ != wanted.round:
        return False
    if exact:
        return (wanted.player is None or player == wanted.player) and (
            wanted.judge is None or judge.casefold() == wanted.judge.casefold()
        )
    name = state.players[player].name
    if wanted.player is not None and not _has(wanted.player, player, name):
        return False
    if wanted.judge is not None and not _has(wanted.judge, judge):
        return False
    return all(_has(w, player, name, judge, *words) for w in wanted.words)


def matching_entries(
    state: EventState, wanted: HistoryFilter, *, exact: bool = False
) -> list[HistoryEntry]:
    """`matching` and `matching_decisions` together, newest first: by log position, but a
    record entered later (from paper) where it happened."""
    found: list[HistoryEntry] = [*matching(state, wanted, exact=exact)]
    found.extend(matching_decisions(state, wanted, exact=exact))
    found.sort(key=lambda entry: entry.seq, reverse=True)
    if any(isinstance(e, RecordState) and e.happened_at is not None for e in found):
        found.sort(key=lambda e: e.happened if isinstance(e, RecordState) else e.at, reverse=True)
    return found


def _has(needle: str, *haystacks: str) -> bool:
    folded = needle.casefold()
    return any(folded in hay.casefold() for hay in haystacks)


@dataclass
class JudgeCounts:
    """What one judge did: records written, requests sent, and what the head judge made
    of this judge's records (upgraded, confirmed, dismissed)."""

    judge: str
    records: int = 0
    requests: int = 0
    upgraded: int = 0
    confirmed: int = 0
    dismissed: int = 0


def judge_counts(state: EventState, round_: int | None = None) -> list[JudgeCounts]:
    """Per judge, for the event (``round_`` None) or one round: every judge of the event,
    in the roster's order, then any name found only in the log."""
    counts = {name: JudgeCounts(name) for name in state.judges}
    for record in _originals(state.records.values()):
        if round_ is not None and record.round != round_:
            continue
        row = counts.setdefault(record.judge, JudgeCounts(record.judge))
        row.records += 1
        if record.requested:
            row.requests += 1
        if record.judge_role == "head":
            continue
        if record.status == "superseded":
            row.upgraded += 1
        elif record.status == "dismissed":
            row.dismissed += 1
        elif record.reviewed and record.reviewed_by is not None:
            row.confirmed += 1
    return list(counts.values())


def _originals(records: Iterable[RecordState]) -> Iterable[RecordState]:
    """The records judges wrote: an upgrade's replacement is the head judge's review, a
    correction the head judge's putting right of a record counted already."""
    return (r for r in records if r.supersedes is None and r.corrects is None)
