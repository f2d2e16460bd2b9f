"""The player report (`player_report`): a disqualification / investigation report draft,
plain text that pastes into a form or an e-mail."""

from __future__ import annotations

from judgetui import engine, text
from judgetui.engine import Classification, Situation
from judgetui.i18n import _
from judgetui.report_texts.common import (
    extension_of,
    indent,
    log_head,
    penalty_phrase,
    when,
    wrapped,
)
from judgetui.state import EventState, RecordState

Event = tuple[str, int, list[str]]
"""One step of a player's timeline: (time, order, lines)."""


def classification_of(state: EventState, record: RecordState) -> Classification | None:
    """The record classified again from the log: its stored answers and the player's records
    before it. None when the rules in force no longer know its infraction or a flag."""
    history = [
        r.past()
        for r in state.history(record.player)
        if r.seq < record.seq and r.status != "superseded"
    ]
    situation = Situation(
        intentional=record.intentional,
        disruptive=record.disruptive,
        infraction=record.infraction,
        flags=frozenset(record.flags),
        minutes_late=record.minutes_late,
        phase=record.phase,
    )
    try:
        return engine.classify(state.rules, situation, history)
    except (KeyError, ValueError):
        return None


def rules_cited(state: EventState, record: RecordState) -> list[str]:
    """The engine's reasons for the record (`classification_of`), each with its citation
    from the rules."""
    classification = classification_of(state, record)
    if classification is None:
        return []
    return [text.reason_text(state.rules, reason) for reason in classification.reasons]


def _context(state: EventState, record: RecordState) -> str:
    parts = [_("round {n}").format(n=record.round)]
    if record.table is not None:
        parts.append(_("table {n}").format(n=record.table))
    if record.game is not None:
        parts.append(_("game {n}").format(n=record.game))
    if (opponent := record.opponent) is not None:
        name = state.players[opponent].name if opponent in state.players else ""
        parts.append(_("opponent {id} {name}").format(id=opponent, name=name).rstrip())
    if (minutes := extension_of(record)) is not None:
        parts.append(_("time extension {minutes} min").format(minutes=minutes))
    return ", ".join(parts)


def _with_note(lines: list[str], note: str) -> list[str]:
    """``lines`` followed by the note, indented under a "Note:" line (none when empty)."""
    if note:
        lines.append("   " + _("Note:"))
        lines.extend(indent(note, "     "))
    return lines


def _recorded(state: EventState, record: RecordState) -> list[str]:
    role = text.role_name(record.judge_role)
    lines = [
        _("Recorded by {judge} ({role}): {penalty} for {infraction}; {context}.").format(
            judge=record.judge,
            role=role,
            penalty=penalty_phrase(state, record),
            infraction=text.infraction_name(state.rules, record.infraction),
            context=_context(state, record),
        ),
        "   "
        + _("Record {id}; now {status}.").format(
            id=state.short_id(record.id), status=text.record_status_name(record.status)
        ),
    ]
    if record.minutes_late is not None:
        lines.append("   " + _("{n} minutes late.").format(n=record.minutes_late))
    if late := text.late_line(record):
        lines.append(f"   {late}")
    cited = rules_cited(state, record)
    if cited:
        lines.append("   " + _("Rules cited:"))
        lines.extend(f"   - {line}" for line in cited)
    return _with_note(lines, record.note)


def _reviewed(state: EventState, record: RecordState, new: RecordState | None) -> list[str]:
    if record.review_action == "upgrade" and new is not None:
        what = _("upgraded it to {penalty} (new record {id})").format(
            penalty=penalty_phrase(state, new), id=state.short_id(new.id)
        )
    elif record.review_action == "dismiss":
        what = _("dismissed it")
    else:
        what = _("confirmed it")
    lines = [
        _("Reviewed by {judge}: {what} (record {record}).").format(
            judge=record.reviewed_by, what=what, record=state.short_id(record.id)
        )
    ]
    return _with_note(lines, record.review_note)


def _record_events(
    state: EventState, record: RecordState, replaced: dict[str, RecordState]
) -> list[Event]:
    """A record's steps: recorded (not for an upgrade's replacement), reviewed, witness
    notes, voided, investigation closed."""
    events: list[Event] = []
    if record.supersedes is None:
        events.append((record.happened, record.seq * 10, _recorded(state, record)))
    upgraded_into = record.supersedes is not None and record.reviewed_at == record.at
    if (
        record.reviewed_at is not None
        and record.reviewed_by is not None
        and not upgraded_into  # a replacement: its review is the upgrade, told above
    ):
        lines = _reviewed(state, record, replaced.get(record.id))
        events.append((record.reviewed_at, record.seq * 10 + 1, lines))
    for index, witness in enumerate(record.witnesses):
        lines = [
            _("Witness note by {judge} on record {id}:").format(
                judge=witness.judge, id=state.short_id(record.id)
            )
        ]
        lines.extend(indent(witness.note, "     "))
        events.append((witness.at, record.seq * 10 + 2 + index, lines))
    if record.voided_at is not None:
        lines = [
            _("Voided by {judge} (record {id}):").format(
                judge=record.voided_by, id=state.short_id(record.id)
            )
        ]
        lines.extend(indent(record.void_note, "     "))
        events.append((record.voided_at, record.seq * 10 + 8, lines))
    closed = state.closed_investigations.get(record.id)
    if closed is not None:
        lines = [
            _("Investigation closed by {judge} (record {id}). Finding:").format(
                judge=closed.judge, id=state.short_id(record.id)
            )
        ]
        lines.extend(indent(closed.text, "     "))
        events.append((closed.at, record.seq * 10 + 9, lines))
    return events


def player_timeline(state: EventState, player_id: str) -> list[Event]:
    """Every record, review, decision, void, witness note and closed investigation about
    the player: (time, order, lines), oldest first."""
    rules = state.rules
    events: list[Event] = []
    by_id = {r.id: r for r in state.history(player_id)}
    replaced = {r.supersedes: r for r in by_id.values() if r.supersedes is not None}
    for record in by_id.values():
        events += _record_events(state, record, replaced)
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
        lines.append("   " + _("Decision {id}.").format(id=state.short_id(decision.id)))
        events.append((decision.at, decision.seq * 10, _with_note(lines, decision.note)))
        if decision.voided_at is not None:
            void = [
                _("Voided by {judge} (decision {id}):").format(
                    judge=decision.voided_by, id=state.short_id(decision.id)
                )
            ]
            void.extend(indent(decision.void_note, "     "))
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
        *log_head(state, _("Log head (verify with `judgetui verify --head`): {head}")),
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
    lines += ["", "---", *log_head(state)]
    return "\n".join(wrapped(lines)) + "\n"
