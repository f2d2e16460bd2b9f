"""A realistic demo event, made through the same planner the station uses.

Every record in it went through the engine and the authority checks, so the demo is
also a smoke test of the whole service. It is built in memory and written with one
atomic create, which keeps a 10,000-record event quick to make for benchmarks.
"""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta

from msgspec.structs import replace

from judgetui.i18n import _
from judgetui.identity import Caller
from judgetui.models import EventCreated, Judge, Player
from judgetui.rules import Rules
from judgetui.service import BadInput, Entry, NotPermitted, Planner, RecordRequest
from judgetui.service.review import needs_a_note
from judgetui.state import EventState
from judgetui.store import EventFile, EventFileError, EventFileExists, Snapshot

DEMO_FILE = "judgetui-demo.json"
#: The key of the demo's event_created entry that marks the file as a demo; `demo
#: --force` replaces nothing else. Inside the hash chain, like every other field.
DEMO_MARK = "demo"
HEAD_JUDGE = "Kana Mori"
FLOOR_JUDGES = ("Alex Reed", "Sato Yuki", "Priya Nair")
START = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)

_GIVEN = (
    "Haruto",
    "Yui",
    "Sota",
    "Mio",
    "Ren",
    "Akari",
    "Daniel",
    "Sofia",
    "Lucas",
    "Emma",
    "Kenji",
    "Hina",
    "Mateo",
    "Olivia",
    "Riku",
    "Sakura",
    "Noah",
    "Aiko",
    "Liam",
    "Chloe",
)
_FAMILY = (
    "Tanaka",
    "Suzuki",
    "Takahashi",
    "Watanabe",
    "Ito",
    "Yamamoto",
    "Nakamura",
    "Kobayashi",
    "Smith",
    "Garcia",
    "Müller",
    "Rossi",
    "Kim",
    "Nguyen",
    "Silva",
    "Dubois",
    "Kowalski",
    "Okafor",
    "Hansen",
    "Novak",
)
_JA_NAMES = ("山田 太郎", "佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 翔", "伊藤 さくら")

# (infraction, intentional, disruptive, weight): what a floor actually sees.
_COMMON = (
    ("tardiness", False, True, 10),
    ("slow_play", False, True, 9),
    ("game_rules_violation", False, True, 12),
    ("drawing_extra_cards", False, True, 9),
    ("looking_at_extra_cards", False, True, 8),
    ("mulligan_error", False, True, 5),
    ("shuffle_procedure_error", False, True, 4),
    ("insufficient_randomisation", False, True, 4),
    ("cards_off_table", False, True, 3),
    ("improper_notes", True, False, 3),
    ("deck_not_restored", False, True, 3),
    ("decklist_mismatch", False, False, 2),
    ("game_state_dispute", False, True, 3),
    ("play_first_no_draw", False, True, 2),
    ("pre_duel_time_limit", False, True, 2),
    ("undeclared_card_swap", False, True, 1),
    ("standard_draft", False, False, 2),
    ("game_rules_violation", True, False, 2),
)


def _players(rng: random.Random, count: int) -> list[Player]:
    players = []
    taken: set[str] = set()
    for i in range(count):
        if i % 17 == 5:
            name = _JA_NAMES[i % len(_JA_NAMES)]
        else:
            name = f"{rng.choice(_GIVEN)} {rng.choice(_FAMILY)}"
        name = _unique(name, taken)
        taken.add(name)
        players.append(Player(id=f"P{i + 1:04d}", name=name))
    return players


def _unique(name: str, taken: set[str]) -> str:
    """``name``, or a variant no player has yet: two players of one name would let a judge
    pick the wrong one. The variant draws nothing from the demo's random stream, so the
    rest of the demo comes out as it did."""
    if name not in taken:
        return name
    first, rest = name.split(" ", 1)
    if name in _JA_NAMES:  # family name first: another given name
        variants = [f"{first} {other.split(' ', 1)[1]}" for other in _JA_NAMES]
    else:  # a middle initial
        variants = [f"{first} {chr(ord('A') + k)}. {rest}" for k in range(26)]
    for variant in variants:
        if variant not in taken:
            return variant
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def build_demo(
    rules: Rules, *, players: int = 64, records: int = 120, seed: int = 2026, rounds: int = 8
) -> tuple[list[Entry], EventState]:
    """The entries of a demo event and the state they fold to."""
    rng = random.Random(seed)
    moment = [START]

    def clock() -> datetime:
        moment[0] += timedelta(seconds=rng.randint(20, 240))
        return moment[0]

    def new_id() -> str:
        return str(uuid.UUID(int=rng.getrandbits(128), version=4))

    planner = Planner(rules, Caller("judgetui-demo", None), clock, new_id)
    state = EventState(rules)
    entries: list[Entry] = []

    def add(batch: list[Entry]) -> None:
        for entry in batch:
            entry = {**entry, "seq": len(entries) + 1}
            entries.append(entry)
            state.apply(entry)

    judges = [Judge(name=HEAD_JUDGE, role="head")]
    judges += [Judge(name=name, role="floor") for name in FLOOR_JUDGES]
    created = planner.event_entries(
        EventCreated(name="Autumn Championship 2026", rounds=rounds, judges=judges)
    )
    add([{**entry, DEMO_MARK: True} for entry in created])
    roster = _players(rng, max(players, 2))
    add(planner.plan_import(state, HEAD_JUDGE, roster))
    ids = [p.id for p in roster]
    # A few players get into trouble again and again: that is what the queue is for.
    troublemakers = ids[: max(2, len(ids) // 25)]
    weights = [w for *_, w in _COMMON]

    def record(judge: str, request: RecordRequest) -> None:
        request = replace(request, counts_earlier=True)  # each one an incident of its own
        try:
            batch, _ = planner.plan_record(state, judge, request)
        except NotPermitted:
            batch, _ = planner.plan_record(
                state,
                judge,
                replace(request, request=True),
            )
        except BadInput:
            return
        add(batch)

    per_round = max(1, records // rounds)
    made = 0
    for rnd in range(1, rounds + 1):
        if rnd > 1:
            add(planner.plan_round(state, HEAD_JUDGE, rnd))
        while made < per_round * rnd and made < records:
            infraction, intentional, disruptive, _ = rng.choices(_COMMON, weights)[0]
            active = [
                p
                for p in (troublemakers if rng.random() < 0.3 else ids)
                if state.players[p].status == "active"
            ]
            if not active:
                active = [p for p in ids if state.players[p].status == "active"]
            if not active:  # every player ejected or disqualified: no one left to record
                break
            player = rng.choice(active)
            judge = rng.choice(FLOOR_JUDGES) if rng.random() < 0.75 else HEAD_JUDGE
            flags: set[str] = set()
            if rng.random() < 0.04:
                flags.add("serious_advantage")
            minutes = rng.choice((2, 3, 6, 12)) if infraction == "tardiness" else None
            count_before = len(state.records)
            record(
                judge,
                RecordRequest(
                    [player], infraction, intentional, disruptive, frozenset(flags), minutes
                ),
            )
            made += max(1, len(state.records) - count_before)
        if rnd < rounds:
            _review_queue(planner, state, rng, add, leave=0)
    _special_cases(planner, state, ids, add, record)
    _review_queue(planner, state, rng, add, leave=4)
    return entries, state


def _review_queue(
    planner: Planner, state: EventState, rng: random.Random, add: object, leave: int
) -> None:
    assert callable(add)
    # Oldest first, as a day's reviews go (the queue itself puts decisions first), so the
    # newest `leave` items stay waiting.
    items = sorted(state.queue(), key=lambda item: item.at)
    for item in items[: max(0, len(items) - leave)]:
        if item.kind == "decision":
            owed = state.decision_owed(item.player)
            if owed is None:
                continue
            choice = owed.required or rng.choice(owed.allowed)
            note = "Statements taken." if needs_a_note(planner.rules, choice) else ""
            add(planner.plan_decide(state, HEAD_JUDGE, item.player, choice, note=note))
            continue
        roll = rng.random()
        record = state.records[item.id]
        if roll < 0.08:
            add(
                planner.plan_review(
                    state, HEAD_JUDGE, item.id, "dismiss", note="Explained the rule; no penalty."
                )[0]
            )
        elif roll < 0.18 and record.warning == "notice":
            add(
                planner.plan_review(
                    state,
                    HEAD_JUDGE,
                    item.id,
                    "upgrade",
                    "single_warning",
                    note="Second time this day.",
                )[0]
            )
        else:
            add(planner.plan_review(state, HEAD_JUDGE, item.id, "confirm")[0])


def _special_cases(
    planner: Planner, state: EventState, ids: list[str], add: object, record: object
) -> None:
    """Make sure every kind of penalty appears at least once."""
    assert callable(record)
    active = [p for p in reversed(ids) if state.players[p].status == "active"]
    if len(active) < 6:
        return
    head = HEAD_JUDGE
    record(
        head,
        RecordRequest(
            [active[0]], "previous_opponent_card", False, True, frozenset({"serious_advantage"})
        ),
    )
    record(head, RecordRequest([active[1]], "tardiness", False, True, minutes_late=12))
    record(
        head,
        RecordRequest(
            [active[2]],
            "cheating",
            True,
            True,
            frozenset({"strong_cheating"}),
            note="Marked sleeves found; investigation opened.",
        ),
    )
    record(
        head,
        RecordRequest(
            [active[3], active[4]],
            "outside_assistance",
            True,
            True,
            note="Spectator relayed hand contents.",
        ),
    )
    record(
        head,
        RecordRequest(
            [active[5]],
            "unsporting_conduct",
            True,
            True,
            frozenset({"egregious_unsporting"}),
            note="Threatened the opponent after the match.",
        ),
    )
    record(FLOOR_JUDGES[0], RecordRequest([active[1]], "slow_play", False, True))


def is_demo_event(snapshot: Snapshot) -> bool:
    """Whether the file is a demo event `judgetui demo` made (its first entry says so)."""
    first = snapshot.entries[0] if snapshot.entries else None
    return (
        isinstance(first, dict)
        and first.get("kind") == "event_created"
        and first.get(DEMO_MARK) is True
    )


def _only_a_demo(snapshot: Snapshot, path: str) -> None:
    if not is_demo_event(snapshot):
        raise EventFileExists(
            _(
                "{path}: an event file that is not a demo is here; "
                "--force replaces only a demo event (choose another --db)"
            ).format(path=path)
        )


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def write_demo(
    path: str,
    rules: Rules,
    *,
    players: int,
    records: int,
    seed: int = 2026,
    force: bool = False,
    ending_at: datetime | None = None,
) -> EventState:
    """Write the demo event; ``ending_at`` moves its whole day so the last entry is then.

    Tests and screenshots keep the fixed day (deterministic); a judge trying the demo
    gets one that happened just now, so the queue's ages read like a live event.
    """
    entries, state = build_demo(rules, players=players, records=records, seed=seed)
    if ending_at is not None and entries:
        last = datetime.strptime(entries[-1]["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        shift = ending_at.astimezone(UTC) - last
        for entry in entries:
            moment = datetime.strptime(entry["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
            entry["at"] = _iso(moment + shift)
    sealed = [{k: v for k, v in e.items() if k != "seq"} for e in entries]
    if not force:
        EventFile(path).create(sealed)
        return state
    try:
        EventFile(path).recreate(sealed, lambda snapshot: _only_a_demo(snapshot, path))
    except EventFileExists:
        raise
    except EventFileError as exc:  # not an event file at all: never replaced either
        raise EventFileExists(
            _("{path}: not replaced, it is not a demo event ({reason})").format(
                path=path, reason=str(exc).removeprefix(f"{path}: ")
            )
        ) from None
    return state
