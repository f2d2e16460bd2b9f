"""`verify_entries`' quick yes (`judgetui.store.chain._whole`) is the walk's verdict.

The write path's chain check (the warning after a write onto a broken chain) asks
`verify_entries`, which answers a whole chain from one tight loop and leaves everything
else to the walk. Whatever the log, the result must be the walk's own.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import load_rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile, entry_hash, verify_entries
from judgetui.store.chain import verify_items
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock


def walked(entries: list[Any]) -> Any:
    return verify_items([(e.get("seq"), e) for e in entries])


@pytest.fixture(scope="module")
def entries(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    path: Path = tmp_path_factory.mktemp("chain") / "event.json"
    station = Station(
        EventFile(path),
        load_rules(),
        caller=Caller("t", None),
        clock=ticking_clock(),
        new_id=counting_ids(3),
    )
    station.create_event("Chain Open", HEAD, [FLOOR])
    station.import_players(HEAD, [Player(id=f"P{i}", name=f"Player {i}") for i in range(4)])
    for i in range(12):
        station.record(HEAD, RecordRequest([f"P{i % 4}"], "slow_play", False, True))
    return station.file.load().entries


def broken(entries: list[dict[str, Any]], rng: random.Random) -> list[Any]:
    log: list[Any] = copy.deepcopy(entries)
    at = rng.randrange(len(log))
    way = rng.randrange(10)
    if way == 0:
        log[at]["data"]["edited"] = True
    elif way == 1:
        log[at]["data"]["edited"] = True
        log[at]["hash"] = entry_hash(log[at])  # resealed, but the next one links to the old
    elif way == 2:
        log[at]["prev"] = "0" * 64
    elif way == 3:
        del log[at]
    elif way == 4 and at:
        log[at], log[at - 1] = log[at - 1], log[at]
    elif way == 5:
        log[at]["seq"] = rng.choice([True, str(at + 1), at + 2, None])
    elif way == 6:
        log[at]["hash"] = rng.choice([None, 7, "", log[at]["hash"].upper()])
    elif way == 7:
        del log[at]["prev"]
    elif way == 8:  # one taken out and the rest re-chained: only the seq numbers tell
        del log[at]
        head = log[at - 1]["hash"] if at else "0" * 64
        for entry in log[at:]:
            entry["prev"] = head
            entry["hash"] = head = entry_hash(entry)
    else:
        log = log[:at]
    return log


def test_a_whole_chain_is_the_walks_yes(entries: list[dict[str, Any]]) -> None:
    result = verify_entries(entries)
    assert result.ok
    assert result == walked(entries)


@pytest.mark.parametrize("seed", range(300))
def test_any_broken_chain_gets_the_walks_verdict(entries: list[dict[str, Any]], seed: int) -> None:
    log = broken(entries, random.Random(seed))
    assert verify_entries(log) == walked(log)


def test_an_empty_log_is_not_whole() -> None:
    assert verify_entries([]) == walked([])
    assert not verify_entries([]).ok
