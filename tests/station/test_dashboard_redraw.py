"""The dashboard redraws only what changed when entries arrive (issue 14).

Another station's write names the players it touched; the dashboard replaces those rows
(moving them when their rank changed) and keeps every other row object as it was drawn.
The result must be exactly what a full rebuild gives: the same rows in the same order.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from rich.text import Text

from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import BadInput, NotPermitted, Station
from judgetui.state import EventState
from judgetui.station.changes import players_touched
from judgetui.station.screens.dashboard import DashboardScreen, PlayerIndex
from judgetui.station.widgets.table import RowTable, TableRow
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import SIZE, make_app, pilot_test, service_on, session_of, settle


def shown(rows: list[TableRow]) -> list[tuple[str, tuple[Any, ...]]]:
    """What a table shows: each row's key and cells (plain text and styles)."""
    return [
        (row.key, tuple(c if isinstance(c, Text) else Text(c) for c in row.cells)) for row in rows
    ]


def tables(screen: DashboardScreen) -> dict[str, list[tuple[str, tuple[Any, ...]]]]:
    return {
        name: shown(screen.query_one(f"#{name}", RowTable).rows)
        for name in ("pending", "players", "recent")
    }


def replaced(before: list[TableRow], after: list[TableRow]) -> set[str]:
    """The keys of rows that are not the very objects shown before."""
    kept = {id(row) for row in before}
    return {row.key for row in after if id(row) not in kept}


@pilot_test
async def test_another_stations_write_replaces_only_that_players_row(
    station: Station, db_path: Path, rules: Rules
) -> None:
    for _ in range(2):
        record(station, HEAD, "P6", "game_rules_violation", intentional=True, disruptive=False)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DashboardScreen)
        players = screen.query_one("#players", RowTable)
        before = list(players.rows)
        assert [row.key for row in before][:1] == ["P6"]  # one short of three: first
        count = session_of(app).state.count
        drawn: list[str] = []
        draw = players._line

        def counted(cells: Any, *args: Any) -> Any:
            drawn.append(str(cells[0]))
            return draw(cells, *args)

        players._line = counted  # type: ignore[method-assign]
        # The third warning: a decision is owed, P6 stays first; then P2 gets one of
        # two points and moves up past the players with none.
        record(station, HEAD, "P6", "game_rules_violation", intentional=True, disruptive=False)
        await settle(pilot, lambda: session_of(app).state.count == count + 1)
        assert replaced(before, players.rows) == {"P6"}
        # Only the replaced row's line was drawn again: the others' lines were kept.
        await pilot.pause()
        assert drawn == ["P6"]
        middle = list(players.rows)
        record(station, HEAD, "P2", "game_rules_violation", intentional=True, disruptive=False)
        await settle(pilot, lambda: session_of(app).state.count == count + 2)
        assert replaced(middle, players.rows) == {"P2"}
        assert [row.key for row in players.rows][:2] == ["P6", "P2"]
        incremental = tables(screen)
        assert shown(players.rows) == shown(PlayerIndex(session_of(app)).rows)
        # A station opened now folds the whole file and builds every table afresh.
        fresh = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
        async with fresh.run_test(size=SIZE) as fresh_pilot:
            await settle(fresh_pilot)
            assert isinstance(fresh.screen, DashboardScreen)
            assert tables(fresh.screen) == incremental


@pilot_test
async def test_random_writes_keep_the_dashboard_equal_to_a_full_rebuild(
    station: Station, db_path: Path, rules: Rules
) -> None:
    station.import_players(HEAD, [Player(id=f"Q{i:02d}", name=f"Quinn {i:02d}") for i in range(30)])
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)
    chance = random.Random(14)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DashboardScreen)
        players = screen.query_one("#players", RowTable)
        session = session_of(app)
        everyone = list(session.state.players)
        acted = 0
        for _step in range(40):
            before = list(players.rows)
            count = session.state.count
            player = _act(station, session.state, chance, everyone)
            if player is None:
                continue
            acted += 1
            await settle(pilot, lambda count=count: session.state.count > count)
            assert session.state.count == len(station.file.load().entries)
            assert replaced(before, players.rows) <= {player}
            assert shown(players.rows) == shown(PlayerIndex(session).rows)
        assert acted >= 20
        fresh = make_app(service_on(db_path, rules, ids=8), HEAD, now=FIXED_NOW)
        async with fresh.run_test(size=SIZE) as fresh_pilot:
            await settle(fresh_pilot)
            assert isinstance(fresh.screen, DashboardScreen)
            assert tables(fresh.screen) == tables(screen)


def _act(
    station: Station, state: EventState, chance: random.Random, players: list[str]
) -> str | None:
    """One write by another station: a record, a review, a void or a decision; the player
    it is about (None when the service refused it: nothing was written)."""
    what = chance.choice(("record", "record", "record", "review", "void", "decide"))
    try:
        if what == "record":
            player = chance.choice(players)
            infraction = chance.choice(
                ("slow_play", "game_rules_violation", "looking_at_extra_cards")
            )
            judge = chance.choice((HEAD, FLOOR))
            record(
                station,
                judge,
                player,
                infraction,
                intentional=chance.random() < 0.2,
                disruptive=chance.random() < 0.5,
            )
            return player
        if what == "review":
            queue = [item for item in state.queue() if item.kind != "decision"]
            if not queue:
                return None
            item = chance.choice(queue)
            station.review(HEAD, item.id, chance.choice(("confirm", "dismiss")))
            return item.player
        if what == "void":
            standing = [r for r in state.records.values() if r.status == "issued"]
            if not standing:
                return None
            chosen = chance.choice(standing)
            station.void(HEAD, chosen.id, "recorded in error")
            return chosen.player
        owed = [p for p in players if state.decision_owed(p) is not None]
        if not owed:
            return None
        player = chance.choice(owed)
        decision = state.decision_owed(player)
        assert decision is not None
        station.decide(HEAD, player, decision.required or decision.default)
        return player
    except (BadInput, NotPermitted):
        return None


def test_the_entries_name_the_players_they_touch(station: Station) -> None:
    record(station, FLOOR, "P1", "slow_play")
    record(station, HEAD, "P2", "slow_play")
    snapshot = station.file.load()
    state = station.fold(snapshot)
    entries = snapshot.entries
    records = [e for e in entries if e["kind"] == "incident_recorded"]
    assert players_touched(state, records) == {"P1", "P2"}
    pending = next(r for r in state.records.values() if r.player == "P1")
    station.review(HEAD, pending.id, "dismiss")
    snapshot = station.file.load()
    state = station.fold(snapshot)
    assert players_touched(state, snapshot.entries[-1:]) == {"P1"}
    # The roster, the rules and the finals change every row: the caller redraws whole.
    imports = [e for e in entries if e["kind"] == "players_imported"]
    assert players_touched(state, imports) is None
    assert players_touched(state, [{"kind": "a_kind_from_the_future", "data": {}}]) is None
    assert players_touched(state, [{"kind": "round_set", "data": {"round": 2}}]) == set()
