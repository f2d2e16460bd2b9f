"""The organiser's event report (`event_report_dict`, `event_report_text`): the official
record at the end."""

from __future__ import annotations

from typing import Any

from judgetui import text
from judgetui.i18n import _
from judgetui.report_texts.common import (
    bar_chart,
    indent,
    local_time,
    log_head,
    official_kind,
    penalties_by_round,
    penalty_phrase,
    wrapped,
)
from judgetui.report_texts.investigations import investigation_lines, investigations_dict
from judgetui.state import DecisionState, EventState, RecordState
from judgetui.state.shapes import UNOFFICIAL, EventNote, on_record


def _record_entry(record: RecordState) -> dict[str, Any]:
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
        "happened_at": record.happened_at,
        "entered_late": record.happened_at is not None,
        "table": record.table,
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


def _undone_by(state: EventState, decision: DecisionState) -> str | None:
    """Who voided the decision, or the record it rested on."""
    if decision.voided_by is not None or decision.reopened_by is None:
        return decision.voided_by
    return state.records[decision.reopened_by].voided_by


def event_report_dict(state: EventState) -> dict[str, Any]:
    players: list[dict[str, Any]] = []
    totals: dict[int, dict[str, int]] = {}
    voided: list[dict[str, Any]] = []

    def count(number: int, key: str) -> None:
        counts = totals.setdefault(number, {})
        counts[key] = counts.get(key, 0) + 1

    for player in state.players.values():
        history = state.history(player.id)
        records = [r for r in history if on_record(r)]
        decisions = [d for d in player.decisions if d.standing]
        voided += [
            _record_entry(r) | {"player": player.id, "voided_by": r.voided_by}
            for r in history
            if r.status == "voided" and official_kind(r)
        ]
        voided += [
            _decision_entry(d)
            | {
                "player": player.id,
                "voided_by": _undone_by(state, d),
                "reopened_by": d.reopened_by,
                "status": text.decision_status(state, d),
            }
            for d in player.decisions
            if not d.standing
        ]
        for record in records:
            if record.warning not in UNOFFICIAL:
                count(record.round, record.warning)
            if record.sanction is not None:
                count(record.round, record.sanction)
        for decision in decisions:
            count(decision.round, decision.penalty)
        if records or decisions:
            players.append(
                {
                    "id": player.id,
                    "name": player.name,
                    "status": player.status,
                    "records": [_record_entry(r) for r in records],
                    "decisions": [_decision_entry(d) for d in decisions],
                }
            )
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
        "penalty_counts": _counts_dict(state),
        **investigations_dict(state),
        "voided": voided,
        "notes": [note_dict(n) for n in state.notes],
        "head": state.head,
    }


def note_dict(note: EventNote) -> dict[str, object]:
    """An event note as `report event --json` and `history --notes --json` give it."""
    return {
        "judge": note.judge,
        "at": note.at,
        "round": note.round,
        "table": note.table,
        "text": note.text,
    }


def _note_lines(state: EventState) -> list[str]:
    """The judges' event notes, oldest first: round, table, time and judge, then the text."""
    lines = ["", "## " + _("Event notes"), ""]
    if not state.notes:
        return [*lines, _("No event note.")]
    for note in state.notes:
        where = _("Round {n}").format(n=note.round)
        if note.table is not None:
            where += ", " + _("table {n}").format(n=note.table)
        lines.append(f"- {where}, {local_time(note.at)} ({note.judge}):")
        lines.extend(indent(note.text, "    "))
    return lines


def _player_rows(state: EventState, player: dict[str, Any]) -> list[str]:
    """One player's official penalties, oldest first."""
    rules = state.rules
    rows: list[tuple[str, str]] = []
    for r in player["records"]:
        record = state.records[r["id"]]
        line = _("R{round} {penalty}: {infraction} ({judge}) [{id}]").format(
            round=r["round"],
            penalty=penalty_phrase(state, record),
            infraction=text.infraction_name(rules, r["infraction"]),
            judge=text.judge_text(record),
            id=state.short_id(r["id"]),
        )
        rows.append((record.happened, " · ".join(filter(None, (line, text.late_line(record))))))
    for d in player["decisions"]:
        rows.append(
            (
                d["at"],
                _(
                    "R{round} {penalty}: three-warning decision at {n} points ({judge}) [{id}]"
                ).format(
                    round=d["round"],
                    penalty=text.penalty_name(rules, d["penalty"]),
                    n=d["points"],
                    judge=d["judge"],
                    id=state.short_id(d["id"]),
                ),
            )
        )
    return [f"  - {row}" for _at, row in sorted(rows)]


def _counts_dict(state: EventState) -> dict[str, list[dict[str, Any]]]:
    counts = state.penalty_counts()
    return {
        "by_round": [
            {"round": number, "penalties": n} for number, n in penalties_by_round(state, counts)
        ],
        "by_infraction": [
            {"infraction": key, "penalties": n} for key, n in counts.by_infraction().items()
        ],
    }


def _chart_lines(state: EventState, counts: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The shape of the event: penalties on the record per round and per infraction, as
    bars (`bar_chart`)."""
    lines = ["", "## " + _("Penalties on the record, as a chart"), ""]
    lines.append(
        _(
            "A bar counts the penalties listed above by player, but for the three-warning "
            "decisions: the warnings that led to one are counted."
        )
    )
    if not counts["by_infraction"]:
        return [*lines, "", _("No official penalty.")]
    rounds = [(_("Round {n}").format(n=c["round"]), c["penalties"]) for c in counts["by_round"]]
    infractions = [
        (text.infraction_name(state.rules, c["infraction"]), c["penalties"])
        for c in counts["by_infraction"]
    ]
    return [
        *lines,
        "",
        _("By round"),
        *bar_chart(rounds),
        "",
        _("By infraction"),
        *bar_chart(infractions),
    ]


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
        lines.extend(_player_rows(state, player))
        lines.append("")
    lines += ["", "## " + _("Totals by round"), ""]
    if not data["rounds"]:
        lines.append(_("No official penalty."))
    for entry in data["rounds"]:
        counts = ", ".join(
            f"{text.penalty_name(rules, key)} {n}"
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
    lines += _chart_lines(state, data["penalty_counts"])
    lines += investigation_lines(state, data)
    lines += _note_lines(state)
    if data["voided"]:
        lines += ["", "## " + _("Voided (made in error; not part of the record)"), ""]
        for v in data["voided"]:
            decision = state.decisions.get(v["id"])
            why = (
                _("voided by {judge}").format(judge=v["voided_by"])
                if decision is None
                else text.decision_undone_line(state, decision)
            )
            lines.append(
                _("{player}: R{round} {penalty}, {why} [{id}]").format(
                    player=v["player"],
                    round=v["round"],
                    penalty=text.penalty_name(rules, v["penalty"]),
                    why=why,
                    id=state.short_id(v["id"]),
                )
            )
    lines += ["", "---", *log_head(state)]
    return "\n".join(wrapped(lines)) + "\n"
