"""The fold: each log entry applied to the event's state, checked as it is applied.

`apply` is the hot loop of every command and of the station (benchmarks/README.md): one
table look-up per entry (`HANDLERS`, by kind) and no other indirection. Each handler
checks what its entry refers to (players, penalties, records, the rules' keys) against the
state folded so far; the entry's shape was already held to its kind's one declaration
(`judgetui.store.reading`). What a penalty does to a player (their status, a decision
reopened) is the engine's word (`judgetui.engine.standing`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from judgetui.engine.standing import ACTIVE, status_after, voiding_reopens
from judgetui.perf import collector_paused, settle_young_objects
from judgetui.state import corrections, notes, pairings
from judgetui.state.checks import (
    _REVIEW_ACTIONS,
    SHOWN,
    _check_record,
    _context,
    _decided,
    _head_acts,
    _infraction,
    _judge,
    _kinds,
    _one_of,
    _optional_text,
    _phase,
    _player,
    _shown,
    _shown_note,
    _text,
    _use_rules,
    _who,
    _words_known,
)
from judgetui.state.kept import WORDS, own, word, words
from judgetui.state.queries import is_round_item
from judgetui.state.shapes import (
    CautionExtension,
    DecisionState,
    EventFields,
    MalformedLog,
    Mark,
    PlayerState,
    RecordState,
    WitnessNote,
    decision_id,
)
from judgetui.store import reading

Entry = Mapping[str, Any]
"""A parsed log entry, or its ``data``."""

Handler = Callable[[EventFields, Entry, Entry], None]


def fold_into(state: EventFields, entries: Iterable[Mapping[str, Any]]) -> None:
    """Apply every entry of ``entries`` to ``state``, which has folded none yet."""
    # Folding makes ~30,000 objects for 10,000 records and none of them form cycles;
    # the cyclic GC would otherwise run full passes over the whole parsed file many
    # times over while it does: ~40% of the fold's time. Paused, not switched off.
    with collector_paused():
        for entry in entries:
            apply(state, entry)
        settle_young_objects()  # the state lives as long as the event is open
    if state.count == 0:
        raise MalformedLog("the log is empty: not a judgetui event")


def extend(state: EventFields, entries: Sequence[Mapping[str, Any]]) -> int:
    """Apply the entries of ``entries`` after the ``count`` this state has folded.

    ``entries`` is the whole log, of which this state is the fold of the first
    ``count``: the result is exactly the state `fold_into` makes of all of them (the
    same `apply`, in the same order). Returns how many entries were applied.
    """
    new = entries[state.count :]
    for entry in new:
        apply(state, entry)
    return len(new)


def apply(state: EventFields, entry: Mapping[str, Any]) -> None:
    """Apply one entry (the next of the log); MalformedLog when it is not one judgetui wrote."""
    try:
        # The shape of the entry and of its data: the one declaration of its kind (an
        # unknown kind is refused there, so every kind that passes has a handler).
        data = reading.declared_data(entry) or reading.check(entry)
        kind = entry["kind"]
        if (kind == "event_created") != (state.count == 0):
            why = "begins without" if state.count == 0 else "has a second"
            raise ValueError(f"the log {why} event_created")
        HANDLERS[kind](state, entry, data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        seq = entry.get("seq", "?") if isinstance(entry, Mapping) else "?"
        raise MalformedLog(f"log entry {seq} is malformed ({type(exc).__name__}: {exc})") from exc
    state.count += 1
    state.head = str(entry.get("hash", ""))


def _on_event_created(state: EventFields, entry: Entry, data: Entry) -> None:
    if data.get("rules") is not None:
        _use_rules(state, data["rules"])
    state.rounds = data.get("rounds")
    state.bound = bool(data.get("bound", False))
    state.name = _shown(_text(data["name"], "event name"))
    state.created_at = entry["at"]
    state.judges.update((added.name, added) for added in map(_judge, data["judges"]))


def _on_rules_changed(state: EventFields, entry: Entry, data: Entry) -> None:
    _head_acts(state, entry, "rules changed")
    _use_rules(state, data)


def _on_judge_added(state: EventFields, entry: Entry, data: Entry) -> None:
    added = _judge(data)
    state.judges[added.name] = added


def _on_round_set(state: EventFields, entry: Entry, data: Entry) -> None:
    state.round = int(data["round"])


def _on_rounds_set(state: EventFields, entry: Entry, data: Entry) -> None:
    if type(rounds := data["rounds"]) is not int or rounds < 1:
        raise ValueError(f"rounds is not a positive whole number: {rounds!r}")
    state.rounds = rounds


def _on_finals_entered(state: EventFields, entry: Entry, data: Entry) -> None:
    state.phase = "finals"
    state._points.clear()


def _on_players_imported(state: EventFields, entry: Entry, data: Entry) -> None:
    for player in data["players"]:
        pid = _text(player["id"], "player id")
        name = own(_shown(_text(player["name"], "player name")))
        existing = state.players.get(pid)
        if existing is None:
            pid = own(pid)
            existing = state.players[pid] = PlayerState(pid, name)
        else:
            existing.name = name
        # absent in files written before rosters kept them
        existing.reading = own(_shown(_optional_text(player.get("reading"), "player reading")))
        existing.dci = own(_shown(_optional_text(player.get("dci"), "player dci")))
        existing.table = own(table) if type(table := player.get("table")) is int else None


def _on_caution_given(state: EventFields, entry: Entry, data: Entry) -> None:
    state.cautions += 1
    table, game, _opponent, extension = _context(data)
    if extension is not None:  # an extension given to the table with the Caution
        incident = own(_text(data["incident"], "incident id"))
        state.caution_extensions[incident] = CautionExtension(
            incident=incident, round=own(int(data["round"])), minutes=own(extension),
            table=own(table), game=own(game), seq=own(int(entry["seq"])),
        )  # fmt: skip


def _on_incident_recorded(state: EventFields, entry: Entry, data: Entry) -> None:
    words_, shown = WORDS, SHOWN  # the rules' words and who wrote it: one copy of each
    judge = shown[entry.get("judge") or ""]
    role = state.judges[judge].role if judge in state.judges else "floor"
    # Types, choices and a non-empty records list: checked by the declaration; what
    # it cannot know (an infraction of these rules, a record id not used yet) is
    # checked here in one expression each, and the checks that name what is wrong run
    # only when one fails (`_infraction`, `_text`, `_check_record`).
    infraction = data["infraction"]
    if infraction not in state.rules.infractions:
        _infraction(state, infraction)
    if not data["incident"]:
        _text(data["incident"], "incident id")
    # The same for each record of the incident (the declaration made them bool and int);
    # what is each record's own is a copy (`judgetui.state.kept`).
    incident, at, seq = own(data["incident"]), own(entry["at"]), own(int(entry["seq"]))
    note, flags = own(_shown_note(data.get("note", ""))), words(data.get("flags"))
    infraction, phase = words_[infraction], words_[data["phase"]]
    os_user, client = shown[entry.get("os_user")], shown[entry.get("client")]
    table, game = own(data.get("table")), own(data.get("game"))
    extension = own(data.get("extension"))
    opponent, duplicate_of = own(_shown(data.get("opponent"))), own(data.get("duplicate_of"))
    minutes_late = own(data.get("minutes_late"))
    corrects = data.get("corrects")
    records, players, points = state.records, state.players, state._points
    warnings, sanctions = _kinds(state)
    penalties = state.rules.penalties
    for rec in data["records"]:
        if not (
            rec["id"] not in records
            and rec["player"] in players
            and _words_known(rec, warnings, sanctions, penalties)
        ):
            _check_record(state, rec)
        sanction, status = words_[rec.get("sanction")], words_[rec["status"]]
        player = players[rec["player"]]
        record = RecordState(
            id=own(rec["id"]),
            incident=incident,
            player=player.id,
            infraction=infraction,
            warning=words_[rec["warning"]],
            sanction=sanction,
            penalty=words_[rec["penalty"]],
            minimum=words_[rec["minimum"]],
            recommended=words_[rec["recommended"]],
            points=rec["points"],
            status=status,
            applies=words_[rec.get("applies")],
            minor=rec["minor"],
            draft_only=rec.get("draft_only", False),
            investigation=rec.get("investigation", False),
            intentional=data["intentional"],
            disruptive=data["disruptive"],
            flags=flags,
            minutes_late=minutes_late,
            judge=judge,
            judge_role=role,
            round=data["round"],
            phase=phase,
            at=at,
            note=note,
            seq=seq,
            reviewed=role == "head",
            os_user=os_user,
            client=client,
            table=table,
            game=game,
            opponent=opponent,
            extension=extension,
            duplicate_of=duplicate_of,
            requested=status == "pending",
            happened_at=data.get("happened_at"),
        )
        if corrects is not None:  # the voided record it corrects, checked before it is added
            record = corrections.correction(record, corrections.corrected(state, corrects), entry)
        # `_add_record`, inline: the hot loop of every fold.
        records[record.id] = record
        player.records.append(record.id)
        points.pop(player.id, None)
        if status == "issued" and sanction is not None:
            _sanction_status(state, player.id, sanction)


def _add_record(state: EventFields, record: RecordState) -> None:
    state.records[record.id] = record
    state.players[record.player].records.append(record.id)
    state._points.pop(record.player, None)
    if record.status == "issued":
        _sanction_status(state, record.player, record.sanction)


def _on_witness_noted(state: EventFields, entry: Entry, data: Entry) -> None:
    record = state.records[_text(data["record"], "record id")]
    table, game, opponent, extension = _context(data)
    os_user, client = _who(entry)
    record.witnesses = (
        *record.witnesses,
        WitnessNote(
            judge=word(_shown(entry.get("judge") or "")),
            at=own(entry["at"]),
            note=own(_shown_note(_text(data["note"], "witness note"))),
            seq=own(int(entry["seq"])),
            table=own(table),
            game=own(game),
            opponent=own(opponent),
            extension=own(extension),
            os_user=word(os_user),
            client=word(client),
        ),
    )


def _on_record_reviewed(state: EventFields, entry: Entry, data: Entry) -> None:
    record = state.records[data["record"]]
    action = data["action"]
    if action not in _REVIEW_ACTIONS:  # the hot path: the naming check only when it fails
        _one_of(action, _REVIEW_ACTIONS, "review action")
    words_, shown = WORDS, SHOWN
    record.reviewed = True
    record.reviewed_at = own(entry["at"])
    record.review_action = words_[action]
    record.reviewed_by = shown[entry.get("judge")]
    note = _shown_note(data.get("note", ""))
    record.review_note = note and own(note)
    # `_who`, without its type checks: the envelope's declaration made them str or None.
    record.reviewed_os_user = shown[entry.get("os_user")]
    record.reviewed_client = shown[entry.get("client")]
    state._points.pop(record.player, None)
    if action == "confirm":
        record.status = "issued"
        if data.get("minor") is not None:
            record.minor = bool(data["minor"])
        corrections.adopt(state, record)
        _sanction_status(state, record.player, record.sanction)
    elif action == "dismiss":
        record.status = "dismissed"
    else:
        rep = data["replacement"]
        _check_record(state, {**rep, "player": record.player})
        new = replace(
            record,
            id=own(rep["id"]),
            warning=word(rep["warning"]),
            sanction=word(rep.get("sanction")),
            penalty=word(rep["penalty"]),
            points=own(int(rep["points"])),
            status=word(rep["status"]),
            applies=word(rep.get("applies")),
            minor=bool(rep["minor"]),
            investigation=bool(rep.get("investigation", False)),
            supersedes=record.id,
            seq=own(int(entry["seq"])),
            at=record.reviewed_at,
            reviewed=True,
        )
        record.status = "superseded"
        _add_record(state, corrections.adopt(state, new))


def _on_decision_made(state: EventFields, entry: Entry, data: Entry) -> None:
    seq = own(int(entry["seq"]))
    os_user, client = _who(entry)
    decision = DecisionState(
        player=state.players[_player(state, data["player"])].id,
        penalty=word(_decided(state, data["penalty"])),
        points=own(int(data["points"])),
        phase=word(_phase(data["phase"])),
        round=own(int(data["round"])),
        judge=word(_shown(entry.get("judge") or "")),
        at=own(entry["at"]),
        note=own(_shown_note(data.get("note", ""))),
        applies=word(data.get("applies")),
        seq=seq,
        id=decision_id(seq),
        os_user=word(os_user),
        client=word(client),
    )
    if decision.id in state.decisions or decision.id in state.records:
        raise ValueError(f"decision id {decision.id!r} used twice")
    state.decisions[decision.id] = decision
    state.players[decision.player].decisions.append(decision)
    _sanction_status(state, decision.player, decision.penalty)


def _on_record_voided(state: EventFields, entry: Entry, data: Entry) -> None:
    record = state.records[_text(data["record"], "record id")]
    if record.status in ("voided", "superseded", "dismissed"):
        raise ValueError(f"record {record.id!r} is {record.status} and cannot be voided")
    before = record.past()
    record.voided_status = record.status
    record.status = "voided"
    record.voided_by = word(_shown(entry.get("judge")))
    record.voided_at = own(entry["at"])
    record.void_note = own(_shown_note(_text(data["note"], "void note")))
    # A decision made on a count this record was part of no longer stands.
    for decision in state.players[record.player].decisions:
        if decision.standing and voiding_reopens(
            state.rules, before, record.seq, decision.phase, decision.seq
        ):
            decision.reopened_by = record.id
    state._points.pop(record.player, None)
    _recompute_status(state, record.player)


def _on_decision_voided(state: EventFields, entry: Entry, data: Entry) -> None:
    decision = state.decisions[_text(data["decision"], "decision id")]
    if decision.voided_by is not None:
        raise ValueError(f"decision {decision.id!r} is already voided")
    decision.voided_by = word(_shown(entry.get("judge") or ""))
    decision.voided_at = own(entry["at"])
    decision.void_note = own(_shown_note(_text(data["note"], "void note")))
    _recompute_status(state, decision.player)


def _on_scorekeeper_entered(state: EventFields, entry: Entry, data: Entry) -> None:
    """The head judge marks round-list items as entered by the scorekeeper."""
    judge = _head_acts(state, entry, "items marked entered")
    for item in data["items"]:  # a list of one or more texts: its declaration says so
        key = _text(item, "item id")
        if not is_round_item(state, key):
            raise ValueError(f"unknown round-list item {key!r}")
        state.entered.setdefault(own(key), Mark(judge, own(entry["at"])))


def _on_investigation_closed(state: EventFields, entry: Entry, data: Entry) -> None:
    """The head judge closes the investigation a record opened, with a finding."""
    judge = _head_acts(state, entry, "investigation closed")
    record = state.records[_text(data["record"], "record id")]
    if not record.investigation:
        raise ValueError(f"record {record.id!r} opened no investigation")
    if record.id in state.closed_investigations:
        raise ValueError(f"the investigation of {record.id!r} is already closed")
    finding = own(_shown_note(_text(data["finding"], "finding")))
    state.closed_investigations[record.id] = Mark(judge, own(entry["at"]), finding)


def _on_event_taken_over(state: EventFields, entry: Entry, data: Entry) -> None:
    """The head judge makes a standby copy the event of record (`Station.take_over`)."""
    judge, copy_id = _head_acts(state, entry, "takeover"), own(_text(data["copy_id"], "copy"))
    if copy_id in state.taken_over:
        raise ValueError(f"the standby copy {copy_id!r} was already taken over")
    state.taken_over[copy_id] = Mark(judge, own(entry["at"]), own(data["previous_head"]))


def _on_earlier_events_set(state: EventFields, entry: Entry, data: Entry) -> None:
    _head_acts(state, entry, "named earlier events")
    state.earlier_events = tuple(_shown(_text(f, "earlier event file")) for f in data["files"])


def _recompute_status(state: EventFields, player: str) -> None:
    """The player's status from what still stands: issued records and standing decisions."""
    held = state.players[player]
    held.status = ACTIVE
    for record_id in held.records:
        record = state.records[record_id]
        if record.status == "issued":
            _sanction_status(state, player, record.sanction)
    for decision in held.decisions:
        if decision.standing:
            _sanction_status(state, player, decision.penalty)


def _sanction_status(state: EventFields, player: str, sanction: str | None) -> None:
    if sanction is not None:
        held = state.players[player]
        held.status = status_after(state.rules, held.status, sanction)


#: Each kind's handler (a kind the declarations know and this table does not is a test
#: failure: tests/unit/test_state.py).
HANDLERS: dict[str, Handler] = {
    "event_created": _on_event_created,
    "rules_changed": _on_rules_changed,
    "judge_added": _on_judge_added,
    "round_set": _on_round_set,
    "rounds_set": _on_rounds_set,
    "finals_entered": _on_finals_entered,
    "players_imported": _on_players_imported,
    "caution_given": _on_caution_given,
    "incident_recorded": _on_incident_recorded,
    "witness_noted": _on_witness_noted,
    "record_reviewed": _on_record_reviewed,
    "decision_made": _on_decision_made,
    "record_voided": _on_record_voided,
    "decision_voided": _on_decision_voided,
    "scorekeeper_entered": _on_scorekeeper_entered,
    "investigation_closed": _on_investigation_closed,
    "event_taken_over": _on_event_taken_over,
    "pairings_imported": pairings.on_pairings_imported,
    "earlier_events_set": _on_earlier_events_set,
    "event_noted": notes.on_event_noted,
}
