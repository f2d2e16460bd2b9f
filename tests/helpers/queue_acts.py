"""An event that grows by random acts (records, reviews, voids, decisions…), for the tests
that hold a state kept up to date to the state folded anew."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import BadInput, NotPermitted, RecordRequest, Station
from judgetui.state import EventState
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock

PLAYERS = [f"P{i}" for i in range(1, 7)]

INFRACTIONS = [
    *["slow_play", "tardiness", "game_rules_violation", "drawing_extra_cards"] * 3,
    "cheating",  # the cheating group, and a disqualification: now and then
]

PENALTIES = [None, None, None, "single_warning", "double_warning", "game_loss"]


def writer(path: Path, rules: Rules, n: int) -> Station:
    """One judge's service of its own (own clock: the same instant can recur across
    writers, so ties in the queue's order are exercised too)."""
    return Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(step=30.0 * (n + 1)),
        new_id=counting_ids(n + 1),
    )


def new_event(path: Path, rules: Rules) -> None:
    station = writer(path, rules, 9)
    station.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    station.import_players(HEAD, [Player(id=p, name=f"Player {p}") for p in PLAYERS])


RECORD = st.tuples(
    st.just("record"),
    st.integers(0, 1),  # head or floor judge
    st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=2, unique=True),
    st.sampled_from(INFRACTIONS),
    st.booleans(),
    st.booleans(),
    st.sampled_from(PENALTIES),
    st.sampled_from([(), (), ("suspected_cheating",)]),
)

REVIEW = st.tuples(
    st.just("review"), st.integers(0, 20), st.sampled_from(["confirm", "dismiss", "upgrade"])
)

DECIDE = st.tuples(st.just("decide"), st.integers(0, 20), st.sampled_from([0, 0, 1, 2, 3, 4]))

ACTS: dict[str, st.SearchStrategy[tuple[Any, ...]]] = {
    "record": RECORD,
    "review": REVIEW,
    "decide": DECIDE,
    "void": st.tuples(st.just("void"), st.integers(0, 40)),
    "witness": st.tuples(st.just("witness"), st.integers(0, 40)),
    "finals": st.tuples(st.just("finals")),
    "import": st.tuples(st.just("import"), st.integers(1, 3)),
    "round": st.tuples(st.just("round"), st.integers(1, 8)),
}

#: Records most of the time (warnings pile up into decisions owed), the rest now and then.
WEIGHTS = {"record": 12, "review": 6, "decide": 3, "void": 2, "witness": 1}

ACT = st.sampled_from([k for k in ACTS for _ in range(WEIGHTS.get(k, 1))]).flatmap(ACTS.__getitem__)

STEP = st.tuples(ACT, st.integers(0, 1), st.booleans())  # act, writer, read after it?


def act(station: Station, state: EventState, step: tuple[Any, ...]) -> None:
    """One act against the file; a refusal (the service's) writes nothing."""
    kind = step[0]
    queue = state.queue()
    with contextlib.suppress(BadInput, NotPermitted):
        if kind == "record":
            _, who, players, infraction, intentional, disruptive, penalty, flags = step
            request = RecordRequest(
                players,
                infraction,
                intentional,
                disruptive,
                flags=frozenset(flags),
                penalty=penalty,
                request=who == 1 and penalty is not None,
            )
            station.record(HEAD if who == 0 else FLOOR, request)
        elif kind == "review":
            records = [i for i in queue if i.kind != "decision"]
            if records:
                item = records[step[1] % len(records)]
                upgrade = "game_loss" if step[2] == "upgrade" else None
                station.review(HEAD, item.id, step[2], upgrade)
        elif kind == "void" and state.records:
            ids = list(state.records)
            station.void(HEAD, ids[step[1] % len(ids)], "entered in error")
        elif kind == "witness" and state.records:
            earlier = list(state.records.values())[step[1] % len(state.records)]
            request = RecordRequest(
                [earlier.player], earlier.infraction, False, True, note="saw it", same_as=earlier.id
            )
            station.record(FLOOR, request)
        elif kind == "decide":
            owed = [i for i in queue if i.kind == "decision"]
            if owed:
                item = owed[step[1] % len(owed)]
                # The penalty the queue names (always allowed), or another option.
                options = [item.penalty, *state.rules.three_warnings.options]
                station.decide(HEAD, item.player, options[step[2] % len(options)])
        elif kind == "finals":
            station.enter_finals(HEAD)
        elif kind == "import":
            start = len(state.players) + 1
            new = [Player(id=f"P{n}", name=f"Player {n}") for n in range(start, start + step[1])]
            station.import_players(HEAD, new)
        elif kind == "round":
            station.set_round(HEAD, step[1], back=True)
