"""Investigations, open and closed, as the event report lists them."""

from __future__ import annotations

from typing import Any

from judgetui.i18n import _
from judgetui.report_texts.common import indent, when
from judgetui.state import EventState, RecordState


def investigation_entry(state: EventState, record: RecordState) -> dict[str, Any]:
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


def investigations_dict(state: EventState) -> dict[str, list[dict[str, Any]]]:
    """The open investigations, and the closed ones with their findings."""
    return {
        "open_investigations": [investigation_entry(state, r) for r in state.open_investigations()],
        "closed_investigations": [
            investigation_entry(state, r)
            for r in state.records.values()
            if r.investigation and r.id in state.closed_investigations
        ],
    }


def investigation_lines(state: EventState, data: dict[str, Any]) -> list[str]:
    """The event report's sections on investigations, from `investigations_dict`'s keys."""
    lines = ["", "## " + _("Open investigations"), ""]
    if not data["open_investigations"]:
        lines.append(_("None."))
    for inv in data["open_investigations"]:
        lines.append(
            _("{player} {name}: open since {since} (record {id})").format(
                player=inv["player"],
                name=inv["player_name"],
                since=when(inv["since"]),
                id=state.short_id(inv["record"]),
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
                    id=state.short_id(inv["record"]),
                )
            )
            lines.extend(indent(inv["finding"], "    "))
    return lines
