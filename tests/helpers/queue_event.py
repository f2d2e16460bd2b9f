"""An event whose queue holds every kind of item, each landing after older Notices: the
queue's order (issue 26 item 7) is seen only when the urgent items are the newest."""

from __future__ import annotations

from pathlib import Path

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, counting_ids, record, ticking_clock


def busy_night(db: Path, rules: Rules) -> Station:
    """Notices from early on, then the requests, a Triple Warning, cheating and a
    decision owed, each kind landing after older Notices (one minute apart)."""
    service = Station(
        EventFile(db),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(5),
    )
    service.create_event("Night Open", HEAD, [FLOOR], rounds=6)
    players = [Player(id=f"P{n:02d}", name=f"Player {n}") for n in range(1, 13)]
    service.import_players(HEAD, players)
    for n in range(1, 6):
        record(service, FLOOR, f"P{n:02d}", "slow_play")  # Notices P01–P05, the oldest
    record(service, FLOOR, "P06", "tardiness", minutes_late=7, request=True)  # game loss
    record(
        service,
        FLOOR,
        "P07",
        "outside_assistance",
        intentional=True,
        disruptive=True,
        penalty="double_warning",
        request=True,
    )
    record(service, FLOOR, "P08", "slow_play")  # a Notice after the requests
    record(
        service,
        FLOOR,
        "P09",
        "game_rules_violation",
        penalty="triple_warning",
        request=True,
    )
    record(
        service,
        FLOOR,
        "P10",
        "game_rules_violation",
        flags=frozenset({"suspected_cheating"}),
        request=True,
    )
    for _ in range(3):
        record(service, HEAD, "P11", "slow_play", penalty="single_warning")
    return service


#: The queue of `busy_night`, as (group, player), in the order the head judge must see it.
ORDER = [
    ("decision", "P11"),
    ("cheating", "P10"),
    ("investigation", "P09"),
    ("request", "P06"),
    ("request", "P07"),
    ("notice", "P01"),
    ("notice", "P02"),
    ("notice", "P03"),
    ("notice", "P04"),
    ("notice", "P05"),
    ("notice", "P08"),
]
