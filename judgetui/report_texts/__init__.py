"""The head judge's hand-overs, built from an event's state: read-only, pure, no I/O.

- the scorekeeper's **round list** (`round_items`, `round_dict`, `round_text`): the game
  and match losses to apply in a round, ejections and disqualifications, time extensions
  by table, each with its "entered" mark;
- the **player report** (`player_report`): a disqualification / investigation report
  draft, plain text that pastes into a form or an e-mail;
- the organiser's **event report** (`event_report_dict`, `event_report_text`): the
  official record at the end.

Which round's list shows a loss: one that applies to the *current* game or match is on
the list of the round it was recorded in. A *next match* loss is on the next round's list
(the next match is that round's). A *next game* loss is on both: the next game may still
be in the same match (game 2 or 3 of round N), or, when it was given in the match's last
game, it is game 1 of round N+1 — the judge at the table knows which, the log does not.
On round N+1's list it is marked as carried over from round N. Every item has one id
whatever list shows it, so an "entered" mark made from either list shows on both.

The CLI prints these; the station's screens render them; neither computes its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from judgetui import engine, text
from judgetui.engine import Situation
from judgetui.i18n import _, ngettext
from judgetui.state import (
    EXTENSION_ITEM,
    DecisionState,
    EventState,
    Mark,
    RecordState,
)

#: The sanctions a scorekeeper enters, as the round list groups them.
LOSSES = ("game_loss", "match_loss")
REMOVALS = ("ejection", "disqualification")
EXTENSION = "extension"


def _table(record: RecordState) -> int | None:
    return record.table


def _game(record: RecordState) -> int | None:
    return record.game


def _opponent(record: RecordState) -> str | None:
    return record.opponent


def _extension(record: RecordState) -> int | None:
    """The time extension given at the incident's table: the record's, else the first a
    witness note gives (another judge who reported the same incident)."""
    if record.extension is not None:
        return record.extension
    return next((w.extension for w in record.witnesses if w.extension is not None), None)


def when(at: str) -> str:
    """A log time in UTC and in the station's local time zone, both spelled out."""
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    utc = moment.astimezone(UTC)
    local = moment.astimezone()
    return f"{utc:%Y-%m-%d %H:%M:%S} UTC ({local:%Y-%m-%d %H:%M:%S %Z})"


def _clock(at: str) -> str:
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at
    return f"{moment.astimezone():%H:%M}"


# -- the round list --------------------------------------------------------------------


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
    """The table of the player's last record of the decision's round that names one."""
    for record_id in reversed(state.players[decision.player].records):
        record = state.records[record_id]
        if record.round == decision.round and (table := _table(record)) is not None:
            return table
    return None


def round_items(state: EventState, number: int) -> list[RoundItem]:
    """What the scorekeeper enters for round ``number``, by table (no table last)."""
    found: list[tuple[int, RoundItem]] = []
    wanted = (*LOSSES, *REMOVALS)
    for record in state.records.values():
        if record.sanction not in wanted:
            continue
        # A voided one stays on the list only if it was entered: it must be undone.
        voided = record.status == "voided" and record.id in state.entered
        if record.status != "issued" and not voided:
            continue
        rounds = _rounds_of(record.sanction, record.applies, record.round)
        if number not in rounds:
            continue
        found.append(
            (
                record.seq,
                RoundItem(
                    id=record.id,
                    kind=record.sanction,
                    players=(record.player,),
                    table=_table(record),
                    game=_game(record),
                    applies=record.applies,
                    minutes=None,
                    round=record.round,
                    carried=number != record.round,
                    source="record",
                    entered=state.entered.get(record.id),
                    voided=voided,
                ),
            )
        )
    for decision in state.decisions.values():
        voided = not decision.standing and decision.id in state.entered
        if (not decision.standing and not voided) or decision.penalty not in wanted:
            continue
        if number not in _rounds_of(decision.penalty, decision.applies, decision.round):
            continue
        found.append(
            (
                decision.seq,
                RoundItem(
                    id=decision.id,
                    kind=decision.penalty,
                    players=(decision.player,),
                    table=_decision_table(state, decision),
                    game=None,
                    applies=decision.applies,
                    minutes=None,
                    round=decision.round,
                    carried=number != decision.round,
                    source="decision",
                    entered=state.entered.get(decision.id),
                    voided=voided,
                ),
            )
        )
    incidents: dict[str, list[RecordState]] = {}
    for record in state.records.values():
        if record.round == number and _extension(record) is not None:
            incidents.setdefault(record.incident, []).append(record)
    for incident, records in incidents.items():
        if all(r.status == "voided" for r in records):
            continue  # made in error: no time was given
        first = records[0]
        key = EXTENSION_ITEM + incident
        players = tuple(dict.fromkeys(r.player for r in records if r.supersedes is None))
        found.append(
            (
                first.seq,
                RoundItem(
                    id=key,
                    kind=EXTENSION,
                    players=players,
                    table=_table(first),
                    game=_game(first),
                    applies=None,
                    minutes=_extension(first),
                    round=first.round,
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
        "head": state.head,
    }


def item_kind_name(state: EventState, item: RoundItem) -> str:
    if item.kind == EXTENSION:
        return _("Time extension")
    return text.penalty_name(state.rules, item.kind)


def table_name(table: int | None) -> str:
    return _("T{n}").format(n=table) if table is not None else _("no table")


def item_line(state: EventState, item: RoundItem) -> str:
    """One line of the list, without its "entered" mark."""
    names = ", ".join(f"{p} {state.players[p].name}" for p in item.players)
    if item.kind == EXTENSION:
        what = _("+{minutes} min").format(minutes=item.minutes)
    else:
        what = item_kind_name(state, item)
        applies = text.applies_text(item.applies, item.kind) if item.kind in LOSSES else ""
        if applies:
            what += f" · {applies}"
        if item.game is not None:
            what += " · " + _("recorded in game {n}").format(n=item.game)
        if item.carried:
            what += " · " + _("from round {n}, if its match had ended").format(n=item.round)
    return f"{text.pad(table_name(item.table), 9)} {names}  {what}  [{item.id}]"


def entered_text(mark: Mark | None, voided: bool = False) -> str:
    if voided:
        return _("voided after it was entered: take it back")
    if mark is None:
        return _("not entered")
    return _("entered ({judge}, {time})").format(judge=mark.judge, time=_clock(mark.at))


def round_text(state: EventState, number: int) -> str:
    items = round_items(state, number)
    lines = [
        _("Round {n}: the scorekeeper's list · {event}").format(n=number, event=state.name),
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
            lines.append(f"  {item_line(state, item)}  {entered_text(item.entered, item.voided)}")
        lines.append("")
    totals = extensions_by_table(items)
    if totals:
        lines.append(_("Extensions by table"))
        for table, minutes in totals.items():
            lines.append(
                "  " + _("{table}: +{minutes} min").format(table=table_name(table), minutes=minutes)
            )
        lines.append("")
    left = [i for i in items if i.entered is None]
    if not items:
        lines.append(_("Nothing to enter for this round."))
    elif left:
        lines.append(
            ngettext(
                "Not yet entered: {n} of {total} item.",
                "Not yet entered: {n} of {total} items.",
                len(items),
            ).format(n=len(left), total=len(items))
        )
    else:
        lines.append(_("Every item is entered."))
    lines.append(_("Log head: {head}").format(head=state.head))
    return "\n".join(lines) + "\n"


# -- the player report -------------------------------------------------------------------


def _indent(value: str, prefix: str = "   ") -> list[str]:
    return [prefix + line for line in value.splitlines()] if value else []


def rules_cited(state: EventState, record: RecordState) -> list[str]:
    """The engine's reasons for the record, classified again from the log: its situation
    and the player's records before it (each with its citation from the rules)."""
    history = [
        r.past()
        for r in state.history(record.player)
        if r.seq < record.seq and r.status != "superseded"
    ]
    try:
        classification = engine.classify(
            state.rules,
            Situation(
                intentional=record.intentional,
                disruptive=record.disruptive,
                infraction=record.infraction,
                flags=frozenset(record.flags),
                minutes_late=record.minutes_late,
                phase=record.phase,
            ),
            history,
        )
    except (KeyError, ValueError):
        return []
    return [text.reason_text(state.rules, reason) for reason in classification.reasons]


def _context(state: EventState, record: RecordState) -> str:
    parts = [_("round {n}").format(n=record.round)]
    if (table := _table(record)) is not None:
        parts.append(_("table {n}").format(n=table))
    if (game := _game(record)) is not None:
        parts.append(_("game {n}").format(n=game))
    if (opponent := _opponent(record)) is not None:
        name = state.players[opponent].name if opponent in state.players else ""
        parts.append(_("opponent {id} {name}").format(id=opponent, name=name).rstrip())
    if (minutes := _extension(record)) is not None:
        parts.append(_("time extension {minutes} min").format(minutes=minutes))
    return ", ".join(parts)


def _penalty(state: EventState, record: RecordState) -> str:
    name = text.penalty_name(state.rules, record.warning)
    if record.sanction is not None:
        name += " + " + text.penalty_name(state.rules, record.sanction)
        applies = text.applies_text(record.applies, record.sanction)
        if applies:
            name += f" ({applies})"
    return name


def player_timeline(state: EventState, player_id: str) -> list[tuple[str, int, list[str]]]:
    """Every record, review, decision, void, witness note and closed investigation about
    the player: (time, order, lines), oldest first."""
    rules = state.rules
    events: list[tuple[str, int, list[str]]] = []
    by_id = {r.id: r for r in state.history(player_id)}
    replaced = {r.supersedes: r for r in by_id.values() if r.supersedes is not None}
    for record in by_id.values():
        if record.supersedes is None:
            role = _("head judge") if record.judge_role == "head" else _("floor judge")
            lines = [
                _("Recorded by {judge} ({role}): {penalty} for {infraction}; {context}.").format(
                    judge=record.judge,
                    role=role,
                    penalty=_penalty(state, record),
                    infraction=text.infraction_name(rules, record.infraction),
                    context=_context(state, record),
                ),
                "   "
                + _("Record {id}; now {status}.").format(
                    id=record.id, status=text.record_status_name(record.status)
                ),
            ]
            if record.minutes_late is not None:
                lines.append("   " + _("{n} minutes late.").format(n=record.minutes_late))
            cited = rules_cited(state, record)
            if cited:
                lines.append("   " + _("Rules cited:"))
                lines.extend(f"   - {line}" for line in cited)
            if record.note:
                lines.append("   " + _("Note:"))
                lines.extend(_indent(record.note, "     "))
            events.append((record.at, record.seq * 10, lines))
        upgraded_into = record.supersedes is not None and record.reviewed_at == record.at
        if (
            record.reviewed_at is not None
            and record.reviewed_by is not None
            and not upgraded_into  # a replacement: its review is the upgrade, told above
        ):
            new = replaced.get(record.id)
            if record.review_action == "upgrade" and new is not None:
                what = _("upgraded it to {penalty} (new record {id})").format(
                    penalty=_penalty(state, new), id=new.id
                )
            elif record.review_action == "dismiss":
                what = _("dismissed it")
            else:
                what = _("confirmed it")
            lines = [
                _("Reviewed by {judge}: {what} (record {record}).").format(
                    judge=record.reviewed_by, what=what, record=record.id
                )
            ]
            if record.review_note:
                lines.append("   " + _("Note:"))
                lines.extend(_indent(record.review_note, "     "))
            events.append((record.reviewed_at, record.seq * 10 + 1, lines))
        for index, witness in enumerate(record.witnesses):
            lines = [
                _("Witness note by {judge} on record {id}:").format(
                    judge=witness.judge, id=record.id
                )
            ]
            lines.extend(_indent(witness.note, "     "))
            events.append((witness.at, record.seq * 10 + 2 + index, lines))
        if record.voided_at is not None:
            lines = [
                _("Voided by {judge} (record {id}):").format(judge=record.voided_by, id=record.id)
            ]
            lines.extend(_indent(record.void_note, "     "))
            events.append((record.voided_at, record.seq * 10 + 8, lines))
        closed = state.closed_investigations.get(record.id)
        if closed is not None:
            lines = [
                _("Investigation closed by {judge} (record {id}). Finding:").format(
                    judge=closed.judge, id=record.id
                )
            ]
            lines.extend(_indent(closed.text, "     "))
            events.append((closed.at, record.seq * 10 + 9, lines))
    for decision in state.players[player_id].decisions:
        lines = [
            _("Decided by {judge}: {penalty} for {n} warning points (round {round}).").format(
                judge=decision.judge,
                penalty=text.penalty_name(rules, decision.penalty),
                n=decision.points,
                round=decision.round,
            )
        ]
        applies = text.applies_text(decision.applies, decision.penalty)
        if applies:
            lines[0] += f" ({applies})"
        lines.append("   " + _("Decision {id}.").format(id=decision.id))
        if decision.note:
            lines.append("   " + _("Note:"))
            lines.extend(_indent(decision.note, "     "))
        events.append((decision.at, decision.seq * 10, lines))
        if decision.voided_at is not None:
            void = [
                _("Voided by {judge} (decision {id}):").format(
                    judge=decision.voided_by, id=decision.id
                )
            ]
            void.extend(_indent(decision.void_note, "     "))
            events.append((decision.voided_at, decision.seq * 10 + 8, void))
    events.sort(key=lambda event: (event[0], event[1]))
    return events


def player_report(state: EventState, player_id: str) -> str:
    """The report draft for one player, in the current language (see `judgetui.i18n`)."""
    player = state.players[player_id]
    records = state.history(player_id)
    rounds = sorted({r.round for r in records} | {d.round for d in player.decisions})
    head = state.head_judge_name() or ""
    lines = [
        "# " + _("Investigation report (draft)"),
        "",
        _("Event: {name}").format(name=state.name),
        _("Round(s) concerned: {rounds} (current round {current}, {phase})").format(
            rounds=", ".join(str(r) for r in rounds) or "-",
            current=state.round,
            phase=text.phase_name(state.phase),
        ),
        _("Player: {id} {name} ({status})").format(
            id=player.id, name=player.name, status=text.player_status_name(player.status)
        ),
        _("Head judge: {name}").format(name=head),
        _("Log head (verify with `judgetui verify --head`): {head}").format(head=state.head),
        "",
        "## " + _("Timeline"),
        "",
    ]
    timeline = player_timeline(state, player_id)
    if not timeline:
        lines.append(_("Nothing is recorded about this player."))
    for number, (at, _order, event_lines) in enumerate(timeline, 1):
        lines.append(f"{number}. {when(at)}")
        lines.extend("   " + line if not line.startswith("   ") else line for line in event_lines)
        lines.append("")
    blank = _("(to be written)")
    for title in (
        _("Statement of the player"),
        _("Statement of the opponent"),
        _("Statements of witnesses"),
        _("Findings of the head judge"),
        _("Reasoning of the head judge"),
    ):
        lines += ["", "## " + title, "", blank]
    lines += ["", "---", _("Log head: {head}").format(head=state.head)]
    return "\n".join(lines) + "\n"


# -- the event report ---------------------------------------------------------------------


_UNOFFICIAL = ("notice", "caution")


def _official(record: RecordState) -> bool:
    """Issued, and not a bare Notice: what stays on the official record after the event
    (a Notice that carries a game loss keeps its loss on the record)."""
    return record.status == "issued" and (
        record.warning not in _UNOFFICIAL or record.sanction is not None
    )


def _acted(record: RecordState) -> str:
    """Who gave the penalty: the floor judge, and the head judge who upgraded it."""
    if record.supersedes is not None and record.reviewed_by and record.reviewed_by != record.judge:
        return f"{record.judge} → {record.reviewed_by}"
    return record.judge


def _record_entry(state: EventState, record: RecordState) -> dict[str, Any]:
    return {
        "id": record.id,
        "round": record.round,
        "phase": record.phase,
        "infraction": record.infraction,
        "penalty": record.penalty,
        "warning": record.warning,
        "sanction": record.sanction,
        "applies": record.applies,
        "judge": record.judge,
        "reviewed_by": record.reviewed_by,
        "at": record.at,
        "table": _table(record),
        "note": record.note,
    }


def _decision_entry(decision: DecisionState) -> dict[str, Any]:
    return {
        "id": decision.id,
        "round": decision.round,
        "phase": decision.phase,
        "penalty": decision.penalty,
        "points": decision.points,
        "applies": decision.applies,
        "judge": decision.judge,
        "at": decision.at,
        "note": decision.note,
    }


def _investigation_entry(state: EventState, record: RecordState) -> dict[str, Any]:
    closed = state.closed_investigations.get(record.id)
    return {
        "record": record.id,
        "player": record.player,
        "player_name": state.players[record.player].name,
        "since": record.at,
        "round": record.round,
        "closed_by": closed.judge if closed else None,
        "closed_at": closed.at if closed else None,
        "finding": closed.text if closed else None,
    }


def event_report_dict(state: EventState) -> dict[str, Any]:
    players: list[dict[str, Any]] = []
    totals: dict[int, dict[str, int]] = {}
    voided: list[dict[str, Any]] = []
    for player in state.players.values():
        records = [r for r in state.history(player.id) if _official(r)]
        decisions = [d for d in player.decisions if d.standing]
        for record in state.history(player.id):
            if record.status == "voided" and (
                record.warning not in _UNOFFICIAL or record.sanction is not None
            ):
                voided.append(
                    _record_entry(state, record)
                    | {"player": player.id, "voided_by": record.voided_by}
                )
        for decision in player.decisions:
            if not decision.standing:
                voided.append(
                    _decision_entry(decision)
                    | {"player": player.id, "voided_by": decision.voided_by}
                )
        for record in records:
            counts = totals.setdefault(record.round, {})
            if record.warning not in _UNOFFICIAL:
                counts[record.warning] = counts.get(record.warning, 0) + 1
            if record.sanction is not None:
                counts[record.sanction] = counts.get(record.sanction, 0) + 1
        for decision in decisions:
            counts = totals.setdefault(decision.round, {})
            counts[decision.penalty] = counts.get(decision.penalty, 0) + 1
        if records or decisions:
            players.append(
                {
                    "id": player.id,
                    "name": player.name,
                    "status": player.status,
                    "records": [_record_entry(state, r) for r in records],
                    "decisions": [_decision_entry(d) for d in decisions],
                }
            )
    investigations = [r for r in state.records.values() if r.investigation]
    return {
        "event": {
            "name": state.name,
            "round": state.round,
            "rounds": state.rounds,
            "phase": state.phase,
        },
        "players": players,
        "rounds": [
            {"round": number, "counts": counts} for number, counts in sorted(totals.items())
        ],
        "cautions": state.cautions,
        "open_investigations": [
            _investigation_entry(state, r) for r in state.open_investigations()
        ],
        "closed_investigations": [
            _investigation_entry(state, r)
            for r in investigations
            if r.id in state.closed_investigations
        ],
        "voided": voided,
        "head": state.head,
    }


def _penalty_key_name(state: EventState, key: str) -> str:
    return text.penalty_name(state.rules, key)


def event_report_text(state: EventState) -> str:
    data = event_report_dict(state)
    rules = state.rules
    lines = [
        "# " + _("Official record of {event}").format(event=state.name),
        "",
        _(
            "Round {n} ({phase}); Notices are left out: they do not stay official after the event."
        ).format(n=state.round, phase=text.phase_name(state.phase)),
        "",
        "## " + _("Penalties by player"),
        "",
    ]
    if not data["players"]:
        lines.append(_("No official penalty."))
    for player in data["players"]:
        lines.append(
            f"{player['id']} {player['name']} ({text.player_status_name(player['status'])})"
        )
        rows: list[tuple[str, str]] = []
        for r in player["records"]:
            rows.append(
                (
                    r["at"],
                    _("R{round} {penalty}: {infraction} ({judge}) [{id}]").format(
                        round=r["round"],
                        penalty=_penalty(state, state.records[r["id"]]),
                        infraction=text.infraction_name(rules, r["infraction"]),
                        judge=_acted(state.records[r["id"]]),
                        id=r["id"],
                    ),
                )
            )
        for d in player["decisions"]:
            rows.append(
                (
                    d["at"],
                    _(
                        "R{round} {penalty}: three-warning decision at {n} points ({judge}) [{id}]"
                    ).format(
                        round=d["round"],
                        penalty=_penalty_key_name(state, d["penalty"]),
                        n=d["points"],
                        judge=d["judge"],
                        id=d["id"],
                    ),
                )
            )
        lines.extend(f"  - {row}" for _at, row in sorted(rows))
        lines.append("")
    lines += ["", "## " + _("Totals by round"), ""]
    if not data["rounds"]:
        lines.append(_("No official penalty."))
    for entry in data["rounds"]:
        counts = ", ".join(
            f"{_penalty_key_name(state, key)} {n}"
            for key, n in sorted(
                entry["counts"].items(),
                key=lambda kv: (
                    rules.penalties[kv[0]].kind != "warning",
                    rules.penalties[kv[0]].rank,
                ),
            )
        )
        lines.append(_("Round {n}: {counts}").format(n=entry["round"], counts=counts))
    lines.append(_("Cautions (not by player): {n}").format(n=data["cautions"]))
    lines += ["", "## " + _("Open investigations"), ""]
    if not data["open_investigations"]:
        lines.append(_("None."))
    for inv in data["open_investigations"]:
        lines.append(
            _("{player} {name}: open since {since} (record {id})").format(
                player=inv["player"],
                name=inv["player_name"],
                since=when(inv["since"]),
                id=inv["record"],
            )
        )
    if data["closed_investigations"]:
        lines += ["", "## " + _("Closed investigations"), ""]
        for inv in data["closed_investigations"]:
            lines.append(
                _("{player} {name}: closed by {judge} at {at} (record {id})").format(
                    player=inv["player"],
                    name=inv["player_name"],
                    judge=inv["closed_by"],
                    at=when(inv["closed_at"]),
                    id=inv["record"],
                )
            )
            lines.extend(_indent(inv["finding"], "    "))
    if data["voided"]:
        lines += ["", "## " + _("Voided (made in error; not part of the record)"), ""]
        for v in data["voided"]:
            lines.append(
                _("{player}: R{round} {penalty}, voided by {judge} [{id}]").format(
                    player=v["player"],
                    round=v["round"],
                    penalty=_penalty_key_name(state, v["penalty"]),
                    judge=v["voided_by"],
                    id=v["id"],
                )
            )
    lines += ["", "---", _("Log head: {head}").format(head=state.head)]
    return "\n".join(lines) + "\n"


def local_time(at: str) -> str:
    """A log time as the station's local date and clock (``2026-11-28 14:30``)."""
    try:
        moment = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return at
    return f"{moment.astimezone():%Y-%m-%d %H:%M}"
