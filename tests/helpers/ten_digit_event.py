"""An event whose players have real ten-digit ids (Wizards/DCI numbers), for the station's tests.

The demo's ``P0001`` ids are short enough to hide a table that cuts ids; these are not.
Two players share a first name (Emma Brown, Emma Kim) so that a search for "emma kim"
must be typed whole, space and all, to find the right one.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, counting_ids, record, ticking_clock

PLAYERS = [
    ("9000000101", "Emma Brown"),
    ("9000000102", "Emma Kim"),
    ("9000000103", "Grace Lee"),
    ("9000000104", "Taro Yamada"),
    ("9000000105", "山田 花子"),
    ("9000000106", "Lucas Silva"),
    ("9000000107", "Mio Tanaka"),
    ("9000000108", "Alexandra Konstantinopoulou"),
    ("9000000109", "Noah Williams"),
    ("9000000110", "Sato Yuki"),
    ("9000000111", "Olivia Martin"),
    ("9000000112", "Kenji Watanabe"),
]
EMMA_BROWN, EMMA_KIM, GRACE_LEE, TARO = (pid for pid, _name in PLAYERS[:4])


def ten_digit_event(db: Path, rules: Rules, *, records: bool = True) -> Station:
    """Create the event at ``db``; with ``records``, a queue, a decision owed and history."""
    service = Station(
        EventFile(db),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(FIXED_NOW - timedelta(hours=2), step=240.0),
        new_id=counting_ids(11),
    )
    service.create_event("Ten Digit Open", HEAD, [FLOOR], rounds=8)
    service.import_players(HEAD, [Player(id=pid, name=name) for pid, name in PLAYERS])
    if records:
        for _ in range(3):
            record(service, HEAD, TARO, "game_rules_violation", intentional=True, disruptive=False)
        record(service, HEAD, "9000000108", "slow_play", intentional=True, disruptive=True)
        record(service, HEAD, GRACE_LEE, "slow_play", intentional=False, disruptive=True)
        record(service, FLOOR, "9000000106", "improper_notes", intentional=True, disruptive=False)
        record(service, FLOOR, "9000000105", "slow_play", intentional=False, disruptive=True)
        record(
            service,
            FLOOR,
            "9000000109",
            "slow_play",
            intentional=True,
            disruptive=True,
            request=True,
        )
    return service
