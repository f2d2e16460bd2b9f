"""An earlier event's file for the tests of issue 29's earlier events: its players (with
DCI numbers) and the head judge's issued penalties, through the service."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import HEAD, counting_ids, record, ticking_clock


def earlier_event(
    path: Path,
    rules: Rules,
    name: str = "Autumn Open",
    players: Sequence[tuple[str, str, str | None]] = (("A7", "Taro Yamada", "1234567"),),
    penalties: Sequence[tuple[str, str, str]] = (
        ("A7", "slow_play", "single_warning"),
        ("A7", "slow_play", "single_warning"),
    ),
) -> Path:
    """An event file at ``path``: ``players`` (id, name, DCI) and ``penalties`` (player,
    infraction, penalty) issued by the head judge."""
    service = Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(9),
    )
    service.create_event(name, HEAD, [], rounds=6)
    service.import_players(HEAD, [Player(id=i, name=n, dci=d) for i, n, d in players])
    for player, infraction, penalty in penalties:
        record(service, HEAD, player, infraction, penalty=penalty)
    return path
