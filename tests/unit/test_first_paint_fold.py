"""The fold on the station's first paint (issue 14): what its cheaper hot path gives is
what the entries say, field by field.

`_on_incident_recorded` builds each record from the incident's fields and its own, and
reads who wrote an entry through one shared table (`SHOWN`); these tests hold both to a
reading of the entries by name, written out here on its own.
"""

from __future__ import annotations

from typing import Any

import pytest

from judgetui.rules import Rules
from judgetui.safe_text import visible
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState, RecordState
from judgetui.state.checks import SHOWN
from tests.helpers.event import FLOOR, HEAD


def _by_name(entry: dict[str, Any], rec: dict[str, Any], role: str) -> RecordState:
    """The record an incident's entry describes, every field given by name."""
    data = entry["data"]
    return RecordState(
        id=rec["id"],
        incident=data["incident"],
        player=rec["player"],
        infraction=data["infraction"],
        warning=rec["warning"],
        sanction=rec.get("sanction"),
        penalty=rec["penalty"],
        minimum=rec["minimum"],
        recommended=rec["recommended"],
        points=rec["points"],
        status=rec["status"],
        applies=rec.get("applies"),
        minor=rec["minor"],
        draft_only=rec.get("draft_only", False),
        investigation=rec.get("investigation", False),
        intentional=data["intentional"],
        disruptive=data["disruptive"],
        flags=tuple(data.get("flags", ())),
        minutes_late=data.get("minutes_late"),
        judge=entry["judge"],
        judge_role=role,
        round=data["round"],
        phase=data["phase"],
        at=entry["at"],
        note=data.get("note", ""),
        seq=entry["seq"],
        reviewed=role == "head",
        os_user=entry.get("os_user"),
        client=entry.get("client"),
        table=data.get("table"),
        game=data.get("game"),
        opponent=data.get("opponent"),
        extension=data.get("extension"),
        duplicate_of=data.get("duplicate_of"),
        requested=rec["status"] == "pending",
    )


REQUESTS = [
    (HEAD, RecordRequest(["P1", "P2"], "slow_play", True, False, note="late", table=7, game=2)),
    (FLOOR, RecordRequest(["P3"], "slow_play", False, True, opponent="P4", extension=3)),
    (HEAD, RecordRequest(["P5"], "tardiness", False, True, minutes_late=4)),
    (FLOOR, RecordRequest(["P6"], "slow_play", False, True, table=1, game=3, extension=5)),
]


def test_every_field_of_every_record_is_the_entrys(station: Station, rules: Rules) -> None:
    for judge, request in REQUESTS:
        station.record(judge, request)
    entries = station.file.load().entries
    state = EventState.fold(rules, entries)
    roles = {HEAD: "head", FLOOR: "floor"}
    seen = 0
    for entry in entries:
        if entry["kind"] != "incident_recorded":
            continue
        for rec in entry["data"]["records"]:
            assert state.records[rec["id"]] == _by_name(entry, rec, roles[entry["judge"]])
            seen += 1
    assert seen == 5


def test_who_wrote_an_entry_is_shown_safe_and_shared(station: Station, rules: Rules) -> None:
    station.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True))
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    entries = [dict(e) for e in station.file.load().entries]
    incidents = [e for e in entries if e["kind"] == "incident_recorded"]
    for entry in incidents:  # written by hand: a control character in who wrote it
        entry["os_user"] = "ev\x1b[2Jil"
        entry["client"] = "10.0.0.9"
    state = EventState.fold(rules, entries)
    first, second = (state.records[e["data"]["records"][0]["id"]] for e in incidents)
    assert first.os_user == visible("ev\x1b[2Jil") == "ev\\x1b[2Jil"
    assert (first.client, first.judge, first.judge_role) == ("10.0.0.9", FLOOR, "floor")
    assert first.os_user is second.os_user  # one shared copy, as every word of the fold
    raw = incidents[0]["os_user"]
    assert all(key is not raw for key in SHOWN)  # never the parse's own string


@pytest.mark.parametrize("value", [None, "", "Kana Mori", "a\x07b"])
def test_shown_is_the_word_of_what_shown_would_show(value: str | None) -> None:
    expected = None if value is None else visible(value)
    assert SHOWN[value] == expected
    assert SHOWN[value] is SHOWN[value]
