"""One judge's session (`judgetui.station.session`), without a screen.

A second service on the same file stands for another judge's station. The session follows
the file in its two halves (`Session.check` on any thread, `Session.accept` on the App's)
or both at once (`refresh`); what it must do: take in only new entries when the log grew,
fold afresh when it did not, say for good that the log was cut or rewritten, recompute
the queue only when the state changed, and sign in only judges of the event.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from judgetui.rules import Rules
from judgetui.service import BadInput, Station
from judgetui.station.session import Change, Session, load_state, signed_in_judge
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, record
from tests.helpers.station import service_on


def session_for(station: Station, judge: str = HEAD) -> Session:
    state, stamp = load_state(station)
    return Session(station, state.judges[judge], state, lambda: FIXED_NOW, stamp=stamp)


def test_refresh_takes_in_what_another_station_wrote_and_only_once(
    station: Station, db_path: Path, rules: Rules
) -> None:
    session = session_for(service_on(db_path, rules))
    assert session.refresh() is False  # nothing new yet
    record(station, FLOOR, "P2", "slow_play", penalty="single_warning")
    version = session.version
    assert session.refresh() is True
    assert session.version == version + 1
    [request] = session.state.history("P2")
    assert (request.status, request.judge) == ("pending", FLOOR)
    assert [q.id for q in session.queue()] == [request.id]
    assert session.refresh() is False
    assert session.version == version + 1


def test_a_grown_log_is_applied_to_the_same_state_not_folded_again(
    station: Station, db_path: Path, rules: Rules
) -> None:
    session = session_for(service_on(db_path, rules))
    state = session.state
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    record(station, HEAD, "P1", "mulligan_error", penalty="single_warning")
    change = session.check()
    assert change is not None
    assert change.state is None  # an extension: nothing folded on the watcher's side
    assert session.accept(change) is True
    assert session.state is state
    assert session.state.count == len(change.entries)
    assert session.state.points("P1") == 2
    assert session.accept(change) is False  # the same change twice changes nothing


def test_check_runs_off_the_ui_thread_and_accept_applies_it(
    station: Station, db_path: Path, rules: Rules
) -> None:
    session = session_for(service_on(db_path, rules))
    record(station, HEAD, "P5", "slow_play", penalty="single_warning")
    found: list[Change | None] = []
    watcher = threading.Thread(target=lambda: found.append(session.check()))
    watcher.start()
    watcher.join()
    [change] = found
    assert change is not None
    assert session.state.history("P5") == []  # not applied until the UI thread accepts
    assert session.accept(change)
    assert [r.infraction for r in session.state.history("P5")] == ["slow_play"]


def test_a_log_cut_short_is_folded_afresh_and_said_for_good(
    station: Station, db_path: Path, rules: Rules
) -> None:
    record(station, HEAD, "P1", "slow_play", penalty="single_warning")
    earlier = db_path.read_bytes()
    record(station, HEAD, "P2", "slow_play", penalty="single_warning")
    session = session_for(service_on(db_path, rules))
    seen = session.state.count
    db_path.write_bytes(earlier)  # someone put back an older copy of the file
    change = session.check()
    assert change is not None and change.state is not None  # not an extension: refolded
    assert session.accept(change)
    assert session.state.count == seen - 1
    assert session.state.history("P2") == []
    assert session.log_lost is not None and f"had seen {seen}" in session.log_lost
    assert session.check_log() == session.log_lost  # the chain itself is intact
    lost = session.log_lost
    record(station, HEAD, "P3", "slow_play", penalty="single_warning")
    session.refresh()
    assert session.log_lost == lost  # growing again does not make it go away


def test_the_queue_is_computed_once_per_version_of_the_state(
    station: Station, db_path: Path, rules: Rules
) -> None:
    record(station, FLOOR, "P1", "cards_off_table")
    session = session_for(service_on(db_path, rules))
    first = session.queue()
    assert session.queue() is first
    record(station, FLOOR, "P2", "cards_off_table")
    session.refresh()
    second = session.queue()
    assert second is not first
    assert [q.player for q in second] == ["P1", "P2"]  # oldest first, within a kind


def test_the_session_follows_the_signed_in_judges_role_and_rules(
    station: Station, db_path: Path, rules: Rules
) -> None:
    head = session_for(service_on(db_path, rules))
    floor = session_for(service_on(db_path, rules, ids=8), FLOOR)
    assert (head.is_head, floor.is_head) == (True, False)
    assert head.rules is head.state.rules
    assert head.now == FIXED_NOW


def test_only_a_judge_of_the_event_signs_in(station: Station) -> None:
    state = station.load()
    assert signed_in_judge(station, state, HEAD) == state.judges[HEAD]
    assert signed_in_judge(station, state, FLOOR) == state.judges[FLOOR]
    with pytest.raises(BadInput):
        signed_in_judge(station, state, "Nobody Here")
    # An unbound event and no name: the roster is asked on the screen.
    assert signed_in_judge(station, state, None) is None
