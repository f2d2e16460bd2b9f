"""The session's acts: a screen says what to do, the session says who is doing it."""

from __future__ import annotations

import pytest

from judgetui.service import NotPermitted, RecordRequest, Station
from judgetui.station.session import Session, load_state, signed_in_judge
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD


def session_for(station: Station, name: str) -> Session:
    state, stamp = load_state(station)
    judge = signed_in_judge(station, state, name)
    assert judge is not None
    return Session(station, judge, state, lambda: FIXED_NOW, stamp)


def test_acts_are_the_signed_in_judges(station: Station) -> None:
    head = session_for(station, HEAD)
    result = head.record(
        RecordRequest(players=["P1"], infraction="slow_play", intentional=False, disruptive=True)
    )
    recorded = result.records[0]
    assert station.load().records[recorded.id].judge == HEAD
    head.set_round(2)
    assert station.load().round == 2
    head.void(recorded.id, "wrong player")
    assert station.load().records[recorded.id].status == "voided"


def test_a_floor_judges_session_cannot_act_as_the_head(station: Station) -> None:
    floor = session_for(station, FLOOR)
    with pytest.raises(NotPermitted):
        floor.set_round(3)
    with pytest.raises(NotPermitted):
        floor.enter_finals()
    assert station.load().round == 1
