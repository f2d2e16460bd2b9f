"""The fold's checks of an incident's references, made in one expression each on the hot
path (issue 14), refuse exactly what they refused, with the same words.

Each case changes one incident of a good log so that its shape is still the declared
one but what it refers to is not the event's; the fold must refuse it as `MalformedLog`
naming the entry and what is wrong, as `_check_record`, `_infraction` and `_text` say.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.state import EventState, MalformedLog
from tests.helpers.event import HEAD

Change = Callable[[dict[str, Any], dict[str, Any]], None]


def _set(key: str, value: object) -> Change:
    return lambda data, rec: rec.__setitem__(key, value)


def _log_with_two_incidents(station: Station) -> list[dict[str, Any]]:
    station.record(HEAD, RecordRequest(["P1"], "slow_play", False, True))
    station.record(HEAD, RecordRequest(["P2"], "slow_play", False, True))
    return [dict(e) for e in station.file.load().entries]


CASES: list[tuple[str, Change, str]] = [
    ("unknown player", _set("player", "P404"), "unknown player 'P404'"),
    ("unknown warning", _set("warning", "stern_look"), "unknown warning level 'stern_look'"),
    ("a warning as sanction", _set("sanction", "notice"), "unknown sanction 'notice'"),
    ("unknown penalty", _set("penalty", "exile"), "unknown penalty 'exile'"),
    ("unknown minimum", _set("minimum", "exile"), "unknown penalty 'exile'"),
    ("unknown recommended", _set("recommended", "exile"), "unknown penalty 'exile'"),
    (
        "unknown infraction",
        lambda data, rec: data.__setitem__("infraction", "jaywalking"),
        "unknown infraction 'jaywalking'",
    ),
    (
        "empty incident id",
        lambda data, rec: data.__setitem__("incident", ""),
        "incident id is not a non-empty string: ''",
    ),
]


@pytest.mark.parametrize(("name", "change", "words"), CASES, ids=[c[0] for c in CASES])
def test_an_incident_that_refers_to_what_the_event_does_not_know_is_refused(
    station: Station, rules: Rules, name: str, change: Change, words: str
) -> None:
    entries = _log_with_two_incidents(station)
    assert EventState.fold(rules, entries).count == len(entries)  # the good log folds
    bad = copy.deepcopy(entries)
    last = bad[-1]
    change(last["data"], last["data"]["records"][0])
    with pytest.raises(MalformedLog) as refused:
        EventState.fold(rules, bad)
    assert f"log entry {last['seq']} is malformed" in str(refused.value)
    assert words in str(refused.value)


def test_a_record_id_used_twice_is_refused(station: Station, rules: Rules) -> None:
    entries = _log_with_two_incidents(station)
    bad = copy.deepcopy(entries)
    first_id = bad[-2]["data"]["records"][0]["id"]
    bad[-1]["data"]["records"][0]["id"] = first_id
    with pytest.raises(MalformedLog, match=f"record id '{first_id}' used twice"):
        EventState.fold(rules, bad)


def test_the_fold_of_a_good_log_keeps_every_field_of_the_records(
    station: Station, rules: Rules
) -> None:
    """What the hot path now reads without a conversion is what the entry says."""
    station.record(
        HEAD,
        RecordRequest(["P1", "P2"], "slow_play", True, False, flags=frozenset(), note="late"),
    )
    entry = station.file.load().entries[-1]
    state = EventState.fold(rules, station.file.load().entries)
    for rec in entry["data"]["records"]:
        held = state.records[rec["id"]]
        assert (held.points, held.minor, held.draft_only, held.investigation) == (
            rec["points"],
            rec["minor"],
            rec.get("draft_only", False),
            rec.get("investigation", False),
        )
        expected = (True, False, entry["data"]["round"])
        assert (held.intentional, held.disruptive, held.round) == expected
        assert type(held.points) is int and type(held.minor) is bool


def test_an_unknown_review_action_is_refused(station: Station, rules: Rules) -> None:
    station.record("Alex Reed", RecordRequest(["P1"], "slow_play", False, True))
    record = next(iter(station.load().records))
    station.review(HEAD, record, "confirm")
    bad = copy.deepcopy([dict(e) for e in station.file.load().entries])
    bad[-1]["data"]["action"] = "shrug"
    with pytest.raises(MalformedLog, match="unknown action 'shrug'"):
        EventState.fold(rules, bad)
    good = EventState.fold(rules, station.file.load().entries)
    assert good.records[record].review_action == "confirm"
    assert good.records[record].reviewed_os_user == "tester"
