"""The scorekeeper's round list: the game and match losses to apply in a round, ejections
and disqualifications, time extensions by table, each with its "entered" mark.

Which round's list shows a loss: one that applies to the *current* game or match is on
the list of the round it was recorded in. A *next match* loss is on the next round's list
(the next match is that round's). A *next game* loss is on both: the next game may still
be in the same match (game 2 or 3 of round N), or, when it was given in the match's last
game, it is game 1 of round N+1 — the judge at the table knows which, the log does not.
On round N+1's list it is marked as carried over from round N. Every item has one id
whatever list shows it, so an "entered" mark made from either list shows on both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from judgetui import text
from judgetui.i18n import _, ngettext
from judgetui.report_texts.common import (
    EXTENSION,
    LOSSES,
    REMOVALS,
    WIDTH,
    clock,
    extension_of,
    log_head,
    wrap,
)
from judgetui.state import EXTENSION_ITEM, DecisionState, EventState, Mark, RecordState


@dataclass(frozen=True, slots=True)
class RoundItem:
    """One line of the scorekeeper's list."""

    id: str
    kind: str
    """A sanction key (game_loss, match_loss, ejection, disqualification) or "extension"."""
    players: tuple[str, ...]
    table: int | None
    game: int | None
    applies: str | None
    minutes: int | None
    round: int
    """The round it was recorded (or decided) in."""
    carried: bool
    """Shown on a later round's list than the one it was recorded in (a next-game loss)."""
    source: str
    """ "record", "decision" or "extension"."""
    entered: Mark | None
    voided: bool = False
    """Voided after the scorekeeper entered it: the scorekeeper must take it back."""


def _rounds_of(sanction: str, applies: str | None, recorded: int) -> tuple[int, ...]:
    if applies != "next":
        return (recorded,)
    if sanction == "match_loss":
        return (recorded + 1,)
    if sanction == "game_loss":
        return (recorded, recorded + 1)
    return (recorded,)


def _decision_table(state: EventState, decision: DecisionState) -> int | None:
    """The table of the player's last record of the decision's round that names one, else
    the player's table in that round's pairings."""
    for record_id in reversed(state.players[decision.player].records):
        record = state.records[record_id]
        if record.round == decision.round and record.table is not None:
            return record.table
    seat = state.pairings.get(decision.round, {}).get(decision.player)
    return None if seat is None else seat.table


def _sanction_item(
    state: EventState,
    number: int,
    sanctioned: RecordState | DecisionState,
    kind: str,
    table: int | None,
    game: int | None,
    voided: bool,
) -> RoundItem | None:
    """A record's or a decision's loss or removal as round ``number`` lists it, or None
    when it is on another round's list."""
    if number not in _rounds_of(kind, sanctioned.applies, sanctioned.round):
        return None
    # Where the loss is applied: the player's table in this round's pairings, when the
    # record gave none or the loss is carried to this round (the player sits elsewhere).
    seat = state.pairings.get(number, {}).get(sanctioned.player)
    if (
        seat is not None
        and seat.table is not None
        and (table is None or number != sanctioned.round)
    ):
        table = seat.table
    return RoundItem(
        id=sanctioned.id,
        kind=kind,
        players=(sanctioned.player,),
        table=table,
        game=game,
        applies=sanctioned.applies,
        minutes=None,
        round=sanctioned.round,
        carried=number != sanctioned.round,
        source="record" if isinstance(sanctioned, RecordState) else "decision",
        entered=state.entered.get(sanctioned.id),
        voided=voided,
    )


def round_items(state: EventState, number: int) -> list[RoundItem]:
    """What the scorekeeper enters for round ``number``, by table (no table last)."""
    found: list[tuple[int, RoundItem]] = []
    wanted = (*LOSSES, *REMOVALS)
    # A voided one stays on the list only if it was entered: it must be undone.
    for record in state.records.values():
        if record.sanction not in wanted:
            continue
        voided = record.status == "voided" and record.id in state.entered
        if record.status != "issued" and not voided:
            continue
        item = _sanction_item(
            state, number, record, record.sanction, record.table, record.game, voided
        )
        if item is not None:
            found.append((record.seq, item))
    for decision in state.decisions.values():
        voided = not decision.standing and decision.id in state.entered
        if (not decision.standing and not voided) or decision.penalty not in wanted:
            continue
        table = _decision_table(state, decision)
        item = _sanction_item(state, number, decision, decision.penalty, table, None, voided)
        if item is not None:
            found.append((decision.seq, item))
    incidents: dict[str, list[RecordState]] = {}
    for record in state.records.values():
        if record.round == number and extension_of(record) is not None:
            incidents.setdefault(record.incident, []).append(record)
    for incident, records in incidents.items():
        if all(r.status == "voided" for r in records):
            continue  # made in error: no time was given
        first = records[0]
        key = EXTENSION_ITEM + incident
        players = tuple(  # not a voided record's player: a corrected one named the wrong one
            dict.fromkeys(
                r.player for r in records if r.supersedes is None and r.status != "voided"
            )
        )
        found.append(
            (
                first.seq,
                RoundItem(
                    id=key,
                    kind=EXTENSION,
                    players=players,
                    table=first.table,
                    game=first.game,
                    applies=None,
                    minutes=extension_of(first),
                    round=first.round,
                    carried=False,
                    source=EXTENSION,
                    entered=state.entered.get(key),
                ),
            )
        )
    for given in state.caution_extensions.values():
        if given.round != number or given.incident in incidents:
            continue
        key = EXTENSION_ITEM + given.incident
        found.append(
            (
                given.seq,
                RoundItem(
                    id=key,
                    kind=EXTENSION,
                    players=(),  # a Caution names no player
                    table=given.table,
                    game=given.game,
                    applies=None,
                    minutes=given.minutes,
                    round=given.round,
                    carried=False,
                    source=EXTENSION,
                    entered=state.entered.get(key),
                ),
            )
        )
    found.sort(key=lambda pair: (pair[1].table is None, pair[1].table or 0, pair[0]))
    return [item for _seq, item in found]


def extensions_by_table(items: Iterable[RoundItem]) -> dict[int | None, int]:
    """Minutes of extension per table (None: given without a table)."""
    totals: dict[int | None, int] = {}
    for item in items:
        if item.kind == EXTENSION and item.minutes is not None:
            totals[item.table] = totals.get(item.table, 0) + item.minutes
    return totals


def _mark_dict(mark: Mark | None) -> dict[str, str] | None:
    return None if mark is None else {"judge": mark.judge, "at": mark.at}


def round_dict(state: EventState, number: int) -> dict[str, Any]:
    items = round_items(state, number)
    return {
        "round": number,
        "current_round": state.round,
        "items": [
            {
                "id": i.id,
                "kind": i.kind,
                "players": list(i.players),
                "player": i.players[0] if i.players else None,
                "table": i.table,
                "game": i.game,
                "applies": i.applies,
                "minutes": i.minutes,
                "recorded_round": i.round,
                "carried": i.carried,
                "source": i.source,
                "entered": i.entered is not None,
                "entered_by": _mark_dict(i.entered),
                "voided": i.voided,
            }
            for i in items
        ],
        "extensions_by_table": [
            {"table": table, "minutes": minutes}
            for table, minutes in extensions_by_table(items).items()
        ],
        "not_entered": [i.id for i in items if i.entered is None],
        "to_take_back": [i.id for i in items if i.voided],
        "head": state.head,
    }


def item_kind_name(state: EventState, item: RoundItem) -> str:
    if item.kind == EXTENSION:
        return _("Time extension")
    return text.penalty_name(state.rules, item.kind)


def table_name(table: int | None) -> str:
    return _("T{n}").format(n=table) if table is not None else _("no table")


def loss_details(item: RoundItem) -> str:
    """What the scorekeeper needs to know of a loss or a removal beyond its name: " · next
    game · recorded in game 2 · from round 3, if its match had ended" (empty when none)."""
    what = ""
    applies = text.applies_text(item.applies, item.kind) if item.kind in LOSSES else ""
    if applies:
        what += f" · {applies}"
    if item.game is not None:
        what += " · " + _("recorded in game {n}").format(n=item.game)
    if item.carried:
        what += " · " + _("from round {n}, if its match had ended").format(n=item.round)
    return what


def players_text(state: EventState, item: RoundItem) -> str:
    """The item's players by id and name; an extension given with a Caution names none."""
    if not item.players and item.kind == EXTENSION:
        return _("with a Caution")
    return ", ".join(f"{p} {state.players[p].name}" for p in item.players)


def item_line(state: EventState, item: RoundItem) -> str:
    """One line of the list, without its "entered" mark."""
    names = players_text(state, item)
    if item.kind == EXTENSION:
        what = _("+{minutes} min").format(minutes=item.minutes)
    else:
        what = item_kind_name(state, item) + loss_details(item)
    return f"{text.pad(table_name(item.table), 9)} {names}  {what}  [{state.short_id(item.id)}]"


def entered_text(mark: Mark | None, voided: bool = False) -> str:
    if voided:
        return _("voided after it was entered: take it back")
    if mark is None:
        return _("not entered")
    return _("entered ({judge}, {time})").format(judge=mark.judge, time=clock(mark.at))


def closing_line(items: Sequence[RoundItem]) -> str:
    """What is left for the scorekeeper on a list that has items: the ones not yet entered,
    and the ones voided after they were entered, to take back. "Every item is entered."
    only when neither is left."""
    to_enter = [i for i in items if not i.voided]
    left = sum(1 for i in to_enter if i.entered is None)
    back = sum(1 for i in items if i.voided)
    parts = []
    if left:
        parts.append(
            ngettext(
                "Not yet entered: {n} of {total} item.",
                "Not yet entered: {n} of {total} items.",
                len(to_enter),
            ).format(n=left, total=len(to_enter))
        )
    if back:
        parts.append(
            ngettext(
                "To take back: {n} item voided after it was entered.",
                "To take back: {n} items voided after they were entered.",
                back,
            ).format(n=back)
        )
    return " ".join(parts) if parts else _("Every item is entered.")


def _with_mark(line: str, mark: str) -> list[str]:
    """An item's line and its "entered" mark, wrapped under the names (`wrap`); the mark
    whole on a line of its own when it does not fit after the item."""
    rest = " " * 12
    lines = wrap(line, "  ", rest)
    if text.cell_width(f"{lines[-1]}  {mark}") <= WIDTH:
        lines[-1] += f"  {mark}"
    else:
        lines += wrap(mark, rest)
    return lines


def round_text(state: EventState, number: int) -> str:
    items = round_items(state, number)
    lines = [
        *wrap(_("Round {n}: the scorekeeper's list · {event}").format(n=number, event=state.name)),
        "",
    ]
    sections = (
        (_("Game and match losses"), LOSSES),
        (_("Ejections and disqualifications"), REMOVALS),
        (_("Time extensions"), (EXTENSION,)),
    )
    for title, kinds in sections:
        lines.append(title)
        shown = [i for i in items if i.kind in kinds]
        if not shown:
            lines.append("  " + _("none"))
        for item in shown:
            lines += _with_mark(item_line(state, item), entered_text(item.entered, item.voided))
        lines.append("")
    totals = extensions_by_table(items)
    if totals:
        lines.append(_("Extensions by table"))
        for table, minutes in totals.items():
            lines.append(
                "  " + _("{table}: +{minutes} min").format(table=table_name(table), minutes=minutes)
            )
        lines.append("")
    lines += wrap(closing_line(items) if items else _("Nothing to enter for this round."))
    lines += log_head(state)
    return "\n".join(lines) + "\n"
