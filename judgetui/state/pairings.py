"""A round's pairings applied to the event's state (``pairings_imported``): each player's
table and opponent that round, replacing whatever that round had before.

Kept apart from `judgetui.state.fold` (its hot loop), which only names the handler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgetui.state.kept import own
from judgetui.state.shapes import EventFields, Seat


def on_pairings_imported(
    state: EventFields, entry: Mapping[str, Any], data: Mapping[str, Any]
) -> None:
    """Replace round ``data.round``'s pairings; every player known, each at most once."""
    round_ = int(data["round"])
    if round_ < 1:
        raise ValueError(f"pairings for round {round_!r}")
    seats: dict[str, Seat] = {}
    for pairing in data["pairings"]:
        table, player, opponent = pairing.get("table"), pairing["player"], pairing.get("opponent")
        for pid in (player, opponent):
            if pid is None:
                continue
            if pid not in state.players:
                raise ValueError(f"pairings name an unknown player {pid!r}")
            if pid in seats:
                raise ValueError(f"player {pid!r} paired twice in round {round_}")
        if player == opponent:
            raise ValueError(f"player {player!r} paired against themselves")
        table = None if table is None else own(int(table))
        seats[state.players[player].id] = Seat(table, None if opponent is None else own(opponent))
        if opponent is not None:
            seats[state.players[opponent].id] = Seat(table, state.players[player].id)
    state.pairings[own(round_)] = seats
