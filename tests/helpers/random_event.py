"""A random event of every entry kind, for the tests that hold the focused fold to the
whole one."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules, load_rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState, MalformedLog
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock

PLAYERS = [f"P{i}" for i in range(1, 7)]

INFRACTIONS = [
    "slow_play",
    "tardiness",
    "game_rules_violation",
    "drawing_extra_cards",
    "unsporting_conduct",
    "cheating",
    "looking_at_extra_cards",
]

PENALTIES = [
    None,
    None,
    None,
    "caution",
    "single_warning",
    "double_warning",
    "triple_warning",
    "game_loss",
    "ejection",
    "disqualification",
]

DECIDED = ["game_loss", "match_loss", "ejection", "disqualification"]


def station_for(path: Path, rules: Rules, seed: int) -> Station:
    return Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(seed),
    )


def random_event(path: Path, seed: int, acts: int) -> Station:
    """An event made by ``acts`` random acts (refused ones write nothing)."""
    rules = load_rules()
    rng = random.Random(seed)
    station = station_for(path, rules, seed % 1000 + 1)
    station.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    station.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS[:5]])
    for _ in range(acts):
        state = station.load()
        records = list(state.records)
        decisions = list(state.decisions)
        what = rng.randrange(14)
        judge = rng.choice([HEAD, HEAD, FLOOR])
        with contextlib.suppress(Exception):
            if what <= 4:
                players = rng.sample(PLAYERS, rng.choice([1, 1, 1, 2]))
                station.record(
                    judge,
                    RecordRequest(
                        players,
                        rng.choice(INFRACTIONS),
                        rng.random() < 0.2,
                        rng.random() < 0.5,
                        minutes_late=rng.choice([None, 2, 12]),
                        note=rng.choice(["", "seen at table 4"]),
                        penalty=rng.choice(PENALTIES),
                        request=judge == FLOOR and rng.random() < 0.7,
                        table=rng.choice([None, 3]),
                        extension=rng.choice([None, None, 3]),
                        opponent=rng.choice([None, None, *PLAYERS]),
                    ),
                )
            elif what <= 7 and records:
                action = rng.choice(["confirm", "confirm", "dismiss", "upgrade"])
                penalty = rng.choice(PENALTIES[4:]) if action == "upgrade" else None
                station.review(HEAD, rng.choice(records), action, penalty, "reviewed")
            elif what == 8 and (records or decisions):
                station.void(HEAD, rng.choice(records + decisions), "in error")
            elif what == 9:
                station.decide(HEAD, rng.choice(PLAYERS), rng.choice(DECIDED), note="owed")
            elif what == 10 and records:
                # a real duplicate (issue 26 item 4): a recent record's incident, its
                # players and infraction
                earlier = state.records[rng.choice(records[-3:])]
                players = [
                    r.player for r in state.records.values() if r.incident == earlier.incident
                ]
                station.record(
                    FLOOR,
                    RecordRequest(
                        players,
                        earlier.infraction,
                        False,
                        False,
                        note="I saw it too",
                        same_as=earlier.id,
                    ),
                )
            elif what == 11:
                station.set_round(HEAD, min(8, state.round + 1))
            elif what == 12:
                if rng.random() < 0.5:
                    station.enter_finals(HEAD)
                else:
                    renamed = [
                        Player(id=p, name=f"Renamed {p}")
                        for p in rng.sample(PLAYERS, rng.randint(1, len(PLAYERS)))
                    ]
                    station.import_players(HEAD, renamed)
            else:
                open_ones = [r.id for r in state.open_investigations()]
                if open_ones and rng.random() < 0.5:
                    station.close_investigation(HEAD, rng.choice(open_ones), "nothing found")
                elif records:
                    station.mark_entered(HEAD, rng.sample(records, 1), state.round)
    return station


EVENT_FIELDS = (
    "name",
    "rounds",
    "round",
    "phase",
    "bound",
    "created_at",
    "judges",
    "cautions",
    "caution_extensions",
    "pairings",
    "count",
    "head",
    "rules_stored",
    "taken_over",
    "earlier_events",
    "notes",
)


def event_fields(state: EventState) -> dict[str, Any]:
    """What the focused state keeps exact for the event (not about any one player)."""
    out = {name: getattr(state, name) for name in EVENT_FIELDS}
    out["rules"] = state.rules_source().sha256
    out["roster"] = {p.id: (p.name, p.reading, p.dci, p.table) for p in state.players.values()}
    return out


def full_verdict(rules: Rules, entries: list[dict[str, Any]]) -> str | None:
    try:
        EventState.fold(rules, entries)
    except MalformedLog as exc:
        return str(exc)
    return None
