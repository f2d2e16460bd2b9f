"""A benchmark event that looks like a real one, made through the service's planner.

Usage: ``python benchmarks/make_event.py PATH PLAYERS RECORDS``.

What makes it look like a weekend's event rather than a stress test:

- every player has a unique name (given name, an initial, family name);
- records fall on players at random (a few players draw more than their share, most
  none or one or two), most of them Notices and Single Warnings;
- the head judge reviews the queue after every round (most confirmed, a few
  dismissed) and decides the three-warning decisions; so a realistic share of
  players carry warnings and only a few are ejected.

Written with one atomic create of the store, like ``judgetui demo``.
"""

from __future__ import annotations

import random
import sys
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

from msgspec import structs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgetui.demo import _FAMILY, _GIVEN, FLOOR_JUDGES, HEAD_JUDGE
from judgetui.identity import Caller
from judgetui.models import EventCreated, Judge, Player
from judgetui.rules import load_rules
from judgetui.service import BadInput, Entry, NotPermitted, Planner, RecordRequest
from judgetui.state import EventState
from judgetui.store import EventFile

EVENT_NAME = "Autumn Championship 2026"
START = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)
ROUNDS = 8
#: (infraction, intentional, disruptive, weight): mostly the Notices of a floor.
INFRACTIONS = (
    ("game_rules_violation", False, True, 16),
    ("slow_play", False, True, 6),
    ("drawing_extra_cards", False, True, 6),
    ("looking_at_extra_cards", False, True, 6),
    ("mulligan_error", False, True, 7),
    ("shuffle_procedure_error", False, True, 6),
    ("insufficient_randomisation", False, True, 6),
    ("cards_off_table", False, True, 5),
    ("deck_not_restored", False, True, 5),
    ("game_state_dispute", False, True, 5),
    ("play_first_no_draw", False, True, 3),
    ("pre_duel_time_limit", False, True, 3),
    ("tardiness", False, True, 3),
    ("improper_notes", True, False, 1),
    ("game_rules_violation", True, False, 1),
)


def unique_names(rng: random.Random, count: int) -> list[str]:
    names = [
        f"{given} {chr(65 + k)}. {family}"
        for k in range(26)
        for given in _GIVEN
        for family in _FAMILY
    ]
    if len(names) < count:
        names += [f"Player {i}" for i in range(count - len(names))]
    rng.shuffle(names)
    return names[:count]


def build(players: int, records: int, seed: int = 14) -> tuple[list[Entry], EventState]:
    rng = random.Random(seed)
    moment = [START]

    def clock() -> datetime:
        moment[0] += timedelta(seconds=rng.randint(1, 6))
        return moment[0]

    def new_id() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))

    rules = load_rules()
    planner = Planner(rules, Caller("judgetui-bench", None), clock, new_id)
    state = EventState(rules)
    entries: list[Entry] = []

    def add(batch: list[Entry]) -> None:
        for entry in batch:
            entry = {**entry, "seq": len(entries) + 1}
            entries.append(entry)
            state.apply(entry)

    judges = [Judge(name=HEAD_JUDGE, role="head")]
    judges += [Judge(name=name, role="floor") for name in FLOOR_JUDGES]
    add(planner.event_entries(EventCreated(name=EVENT_NAME, rounds=ROUNDS, judges=judges)))
    roster = [
        Player(id=f"P{i + 1:04d}", name=name)
        for i, name in enumerate(unique_names(rng, max(players, 2)))
    ]
    add(planner.plan_import(state, HEAD_JUDGE, roster))
    ids = [p.id for p in roster]
    # Some players are careless: a twentieth of the field draws a tenth of the records.
    careless = ids[: max(1, len(ids) // 20)]
    weights = [w for *_, w in INFRACTIONS]
    per_round = max(1, records // ROUNDS)
    seen: dict[str, set[str]] = {}
    made = 0
    for rnd in range(1, ROUNDS + 1):
        if rnd > 1:
            add(planner.plan_round(state, HEAD_JUDGE, rnd))
        while made < per_round * rnd and made < records:
            pool = careless if rng.random() < 0.1 else ids
            player = rng.choice(pool)
            if state.players[player].status != "active":
                player = rng.choice(ids)
                if state.players[player].status != "active":
                    made += 1
                    continue
            # A repeated infraction is what escalates; most players repeat none.
            had = seen.setdefault(player, set())
            for _attempt in range(4):
                infraction, intentional, disruptive, _ = rng.choices(INFRACTIONS, weights)[0]
                if infraction not in had or rng.random() < 0.1:
                    break
            had.add(infraction)
            judge = rng.choice(FLOOR_JUDGES) if rng.random() < 0.8 else HEAD_JUDGE
            minutes = 2 if infraction == "tardiness" else None
            request = RecordRequest(
                [player], infraction, intentional, disruptive, frozenset(), minutes
            )
            try:
                try:
                    batch, _ = planner.plan_record(state, judge, request)
                except NotPermitted:
                    request = structs.replace(request, request=True)
                    batch, _ = planner.plan_record(state, judge, request)
            except BadInput:
                made += 1
                continue
            add(batch)
            made += 1
        review(planner, state, rng, add)
    return entries, state


def review(planner: Planner, state: EventState, rng: random.Random, add: object) -> None:
    assert callable(add)
    for item in sorted(state.queue(), key=lambda item: item.at):
        if item.kind == "decision":
            owed = state.decision_owed(item.player)
            if owed is not None:
                # A head judge gives a game or match loss where the rules allow it.
                keep = [o for o in owed.allowed if o in ("game_loss", "match_loss")]
                choice = owed.required or (keep[0] if keep else owed.default)
                add(planner.plan_decide(state, HEAD_JUDGE, item.player, choice))
            continue
        verdict = "dismiss" if rng.random() < 0.08 else "confirm"
        add(planner.plan_review(state, HEAD_JUDGE, item.id, verdict)[0])


def main() -> int:
    path, players, records = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    entries, state = build(players, records)
    sealed = [{k: v for k, v in e.items() if k != "seq"} for e in entries]
    EventFile(path).create(sealed)
    penalties = Counter(r.penalty for r in state.records.values())
    statuses = Counter(p.status for p in state.players.values())
    warned = sum(1 for p in state.players.values() if p.records)
    pointed = sum(1 for p in state.players.values() if state.points(p.id) > 0)
    print(
        f"{len(entries)} entries, {len(state.records)} records, penalties {dict(penalties)}, "
        f"players {dict(statuses)}, with any record {warned}, with warning points {pointed}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
