"""An incident's context: table, game, opponent and time extension (issue 13, item 1).

Recorded with the incident, folded into every record of it, refused out of bounds with the
event file unchanged, and shown wherever the record is: `history --json`, the exports and
the review card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from judgetui import rules
from judgetui.service import BadInput, RecordRequest, RecordResult, Station
from judgetui.store import build as declared
from tests.helpers.event import FLOOR, HEAD, record


def _rec(station: Station, judge: str, player: str, **kwargs: Any) -> RecordResult:
    result = record(station, judge, player, "slow_play", **kwargs)
    assert isinstance(result, RecordResult)
    return result


def test_the_context_is_stored_and_folded_into_every_record(station: Station) -> None:
    result = station.record(
        HEAD,
        RecordRequest(
            ["P1", "P2"],
            "outside_assistance",
            intentional=True,
            disruptive=True,
            table=14,
            game=2,
            opponent="P3",
            extension=5,
        ),
    )
    entry = station.file.load().entries[-1]
    assert entry["kind"] == "incident_recorded"
    data = entry["data"]
    assert (data["table"], data["game"], data["opponent"], data["extension"]) == (14, 2, "P3", 5)
    state = station.load()
    for made in result.records:
        assert made.id is not None
        got = state.records[made.id]
        assert (got.table, got.game, got.opponent, got.extension) == (14, 2, "P3", 5)


def test_a_record_without_context_keeps_none(station: Station) -> None:
    made = _rec(station, HEAD, "P1").records[0]
    assert made.id is not None
    got = station.load().records[made.id]
    assert (got.table, got.game, got.opponent, got.extension) == (None, None, None, None)


def test_an_entry_written_before_the_context_existed_folds(station: Station) -> None:
    made = _rec(station, HEAD, "P1", table=3).records[0]
    entries = station.file.load().entries
    data = dict(entries[-1]["data"])
    for key in (*declared.CONTEXT_KEYS, "duplicate_of"):
        data.pop(key)
    old = [*entries[:-1], {**entries[-1], "data": data}]
    state = station.fold_entries(old)
    assert made.id is not None
    assert state.records[made.id].table is None


@pytest.mark.parametrize(
    ("kwargs", "what"),
    [
        ({"table": 0}, "table"),
        ({"table": 10_001}, "table"),
        ({"game": 10}, "game"),
        ({"game": 0}, "game"),
        ({"extension": 61}, "extension"),
        ({"extension": 0}, "extension"),
        ({"opponent": "P99"}, "unknown player"),
        ({"opponent": "P1"}, "penalised"),
    ],
)
def test_out_of_bounds_context_is_refused_unchanged(
    station: Station, kwargs: dict[str, Any], what: str
) -> None:
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match=what):
        _rec(station, FLOOR, "P1", **kwargs)
    assert station.file.path.read_bytes() == before


def test_the_duplicates_window_defaults_to_15() -> None:
    fields = {f.name: f.default for f in msgspec.structs.fields(rules.Duplicates)}
    assert fields == {"window_minutes": 15}
    assert rules.load_rules().duplicate_window() == 15


def test_a_bad_duplicates_window_is_refused(tmp_path: Path) -> None:
    text = rules.shipped_rules_text().replace("window_minutes = 15", "window_minutes = -1")
    with pytest.raises(rules.RulesError, match=r"duplicates\.window_minutes"):
        rules.rules_source(text, "rules.toml")
    text = rules.shipped_rules_text().replace("window_minutes = 15", 'window_minutes = "15"')
    with pytest.raises(rules.RulesError, match=r"duplicates\.window_minutes"):
        rules.rules_source(text, "rules.toml")


def test_rules_without_a_duplicates_section_still_load() -> None:
    text = rules.shipped_rules_text().replace("[duplicates]\nwindow_minutes = 15\n", "")
    assert "[duplicates]" not in text
    loaded = rules.rules_source(text, "rules.toml").rules
    assert loaded.duplicates is None and loaded.duplicate_window() == 15
