"""Issue 14, the record key: a record's outcome is told once it is sealed, before the disk
has it (`EventFile.append`'s ``on_sealed``, `Station.record`'s ``planned``)."""

from __future__ import annotations

from typing import Any

import pytest

from judgetui.service import NotPermitted, RecordRequest, RecordResult, Station
from tests.helpers.event import FLOOR


def _slow_play(player: str, penalty: str | None = None) -> RecordRequest:
    return RecordRequest([player], "slow_play", intentional=False, disruptive=True, penalty=penalty)


def test_the_outcome_is_told_sealed_before_the_file_changes_and_is_the_one_returned(
    station: Station,
) -> None:
    before = station.file.path.read_bytes()
    told: list[tuple[RecordResult, bytes]] = []
    result = station.record(
        FLOOR, _slow_play("P1"), lambda r: told.append((r, station.file.path.read_bytes()))
    )
    [(early, on_disk)] = told
    assert early is result, "the very outcome the write returns"
    assert on_disk == before, "told before the disk has it"
    assert station.file.path.read_bytes() != before
    [r] = result.records
    assert r.id is not None and r.id in station.load().records


def test_a_refused_record_tells_nothing_and_writes_nothing(station: Station) -> None:
    before = station.file.path.read_bytes()
    told: list[RecordResult] = []
    with pytest.raises(NotPermitted):
        station.record(FLOOR, _slow_play("P1", "game_loss"), told.append)
    assert told == []
    assert station.file.path.read_bytes() == before


def test_the_store_gives_the_sealed_entries_under_the_lock_and_none_for_nothing(
    station: Station,
) -> None:
    file = station.file
    sealed: list[list[dict[str, Any]]] = []
    assert file.append(lambda _s: [], on_sealed=sealed.append) == []
    assert sealed == []
    written = file.append(lambda _s: [{"kind": "note", "data": {}}], on_sealed=sealed.append)
    assert sealed == [written] and "hash" in written[0]
    assert file.load().entries[-1] == written[0]
