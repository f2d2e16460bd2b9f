"""Which players a batch of new log entries touched: what a screen must redraw.

When the follower applies new entries to the session's state, a screen that shows every
player (the dashboard) redraws the rows of the players those entries name, not all of
them. The entries name their players directly (a record's ``player``) or through the
record or decision they act on, which the state already holds. An entry that changes
what every row shows (new rules, the finals, a roster import, an entry of a kind this
module does not know) touches everyone: `players_touched` returns None and the caller
rebuilds whole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judgetui.state import EventState

EVERYONE = frozenset({"event_created", "rules_changed", "finals_entered", "players_imported"})
"""Entry kinds that change what every player's row shows (the rules, the phase, the roster)."""

NOBODY = frozenset(
    {
        "judge_added",
        "round_set",
        "rounds_set",
        "caution_given",
        "scorekeeper_entered",
        "event_taken_over",
    }
)
"""Entry kinds that change no player's points, status or queue items."""

BY_RECORD = frozenset({"record_reviewed", "record_voided", "witness_noted", "investigation_closed"})
"""Entry kinds that act on one record (``data.record``): its player is touched."""


def players_touched(state: EventState, entries: Iterable[Mapping[str, Any]]) -> set[str] | None:
    """The ids of the players ``entries`` (already applied to ``state``) touched.

    None when one of them touches every player, or cannot be read as this module knows
    the entries (the caller then redraws everything: never less than what changed).
    """
    touched: set[str] = set()
    for entry in entries:
        kind = entry.get("kind")
        data = entry.get("data")
        if kind in NOBODY:
            continue
        if kind in EVERYONE or not isinstance(data, Mapping):
            return None
        try:
            if kind == "incident_recorded":
                touched.update(str(record["player"]) for record in data["records"])
            elif kind in BY_RECORD:
                touched.add(state.records[data["record"]].player)
            elif kind == "decision_made":
                touched.add(str(data["player"]))
            elif kind == "decision_voided":
                touched.add(state.decisions[data["decision"]].player)
            else:
                return None
        except (KeyError, TypeError):
            return None
    return touched
