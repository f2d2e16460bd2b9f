"""The engine's preview of the incident a classification walks, kept while nothing it
reads has changed: the footer asks for it on every refresh of the keys."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judgetui.engine import Role, role_of
from judgetui.engine.recording import Answers, IncidentPreview, preview_incident
from judgetui.station.session import Session

KEPT = 32
"""Previews kept at most (a walk-through asks for a few dozen answers at most)."""


class PreviewCache:
    """`preview_incident` per answers, players, file version and role."""

    def __init__(self) -> None:
        self._found: dict[tuple[object, ...], IncidentPreview] = {}

    def clear(self) -> None:
        self._found.clear()

    def preview(
        self,
        session: Session,
        *,
        infraction: str,
        intentional: bool | None,
        disruptive: bool | None,
        flags: Mapping[str, bool],
        minutes: int | None,
        players: Sequence[str],
    ) -> IncidentPreview:
        state = session.state
        key = (
            infraction,
            intentional,
            disruptive,
            frozenset(flags.items()),
            minutes,
            tuple(players),
            session.version,
            session.judge.role,
        )
        found = self._found.get(key)
        if found is None:
            answers = Answers(
                infraction=infraction,
                intentional=bool(intentional),
                disruptive=bool(disruptive),
                flags=dict(flags),
                minutes=minutes,
                phase=state.phase,
            )
            histories = {pid: state.past(pid) for pid in players}
            role: Role = role_of(session.judge.role)
            found = preview_incident(state.rules, answers, histories, role)
            if len(self._found) > KEPT:
                self._found.clear()
            self._found[key] = found
        return found
