"""The service layer (`Station`): incidents, reviews, points and the three-warning decision.

Concurrent writers are tested with the store; here one process drives the use cases on the
conftest event (head judge Kana Mori, floor judge Alex Reed, players P1–P6).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from judgetui.service import BadInput, NotPermitted, RecordRequest, RecordResult, Station
from tests.helpers.event import FLOOR, HEAD, record


def rec(service: Station, judge: str, player: str, infraction: str, **kwargs: Any) -> RecordResult:
    result = record(service, judge, player, infraction, **kwargs)
    assert isinstance(result, RecordResult)
    return result


def single(service: Station, player: str, infraction: str) -> str:
    """The head judge issues a Single Warning (unintentional, disruptive)."""
    result = rec(service, HEAD, player, infraction, penalty="single_warning")
    [r] = result.records
    assert (r.penalty, r.status) == ("single_warning", "issued")
    assert r.id is not None
    return r.id


def entries(service: Station) -> list[dict[str, Any]]:
    return service.file.load().entries


@contextmanager
def refused(service: Station, error: type[Exception], match: str | None = None) -> Iterator[None]:
    """The use case raises ``error`` and the event file is byte-for-byte unchanged."""
    before = service.file.path.read_bytes()
    with pytest.raises(error, match=match):
        yield
    assert service.file.path.read_bytes() == before


# --------------------------------------------------------------------------- incidents


def test_outside_assistance_for_two_players_is_one_incident_two_records(
    station: Station,
) -> None:
    before = len(entries(station))
    result = station.record(
        HEAD, RecordRequest(["P1", "P2"], "outside_assistance", intentional=True, disruptive=True)
    )
    assert [(r.player, r.penalty, r.status) for r in result.records] == [
        ("P1", "double_warning", "issued"),
        ("P2", "double_warning", "issued"),
    ]
    written = entries(station)[before:]
    assert [e["kind"] for e in written] == ["incident_recorded"]
    assert written[0]["data"]["incident"] == result.incident
    assert [r["player"] for r in written[0]["data"]["records"]] == ["P1", "P2"]
    state = station.load()
    assert {state.records[r.id].incident for r in result.records if r.id} == {result.incident}
    assert (state.points("P1"), state.points("P2")) == (2, 2)


@pytest.mark.parametrize(("judge", "status"), [(HEAD, "issued"), (FLOOR, "pending")])
def test_undetermined_game_state_dispute_gives_both_players_a_single_warning(
    station: Station, judge: str, status: str
) -> None:
    result = station.record(
        judge,
        RecordRequest(
            ["P1", "P2"],
            "game_state_dispute",
            intentional=False,
            disruptive=True,
            flags=frozenset({"undetermined_intent"}),
        ),
    )
    assert [(r.player, r.penalty, r.status) for r in result.records] == [
        ("P1", "single_warning", status),
        ("P2", "single_warning", status),
    ]
    assert all(c.every_player for c in result.classifications.values())
    kinds = {(i.player, i.kind) for i in station.queue()}
    assert kinds == (set() if judge == HEAD else {("P1", "request"), ("P2", "request")})

    # Without the question it is the category's minimum: a Notice each.
    other = station.record(
        HEAD, RecordRequest(["P3", "P4"], "game_state_dispute", intentional=False, disruptive=True)
    )
    assert [r.penalty for r in other.records] == ["notice", "notice"]


def test_a_caution_is_not_stored_against_the_player(station: Station) -> None:
    result = rec(station, FLOOR, "P1", "improper_notes", disruptive=False)
    [r] = result.records
    assert (r.id, r.player, r.penalty) == (None, None, "caution")
    state = station.load()
    assert state.history("P1") == []
    assert state.cautions == 1
    last = entries(station)[-1]
    assert last["kind"] == "caution_given"
    assert "P1" not in str(last["data"])


# --------------------------------------------------------------------------- reviews


def test_upgrade_supersedes_and_history_keeps_both(station: Station) -> None:
    notice = rec(station, FLOOR, "P1", "slow_play").records[0]
    assert (notice.penalty, notice.status) == ("notice", "issued")
    assert notice.id is not None
    assert [(i.id, i.kind) for i in station.queue()] == [(notice.id, "notice")]

    station.review(HEAD, notice.id, "upgrade", "single_warning", note="second time today")
    state = station.load()
    old, new = state.history("P1")
    assert (old.id, old.penalty, old.status) == (notice.id, "notice", "superseded")
    assert (new.penalty, new.status, new.supersedes) == ("single_warning", "issued", notice.id)
    assert (new.reviewed_by, new.review_note) == (HEAD, "second time today")
    assert new.incident == old.incident
    assert state.points("P1") == 1
    assert [p.warning for p in state.past("P1")] == ["single_warning"]
    assert station.queue() == []
    with refused(station, BadInput, match="superseded"):
        station.review(HEAD, notice.id, "confirm")


def test_upgrade_a_pending_request(station: Station) -> None:
    request = rec(station, FLOOR, "P1", "slow_play", penalty="double_warning", request=True)
    [r] = request.records
    assert (r.status, r.points_after) == ("pending", 0)
    assert r.id is not None
    station.review(HEAD, r.id, "upgrade", "triple_warning")
    state = station.load()
    assert [(x.penalty, x.status) for x in state.history("P1")] == [
        ("double_warning", "superseded"),
        ("triple_warning", "issued"),
    ]
    assert state.points("P1") == 3
    assert state.history("P1")[-1].investigation is True
    with refused(station, BadInput, match="not above"):
        station.review(HEAD, state.history("P1")[-1].id, "upgrade", "double_warning")


def test_points_never_count_pending_requests(station: Station) -> None:
    first = rec(station, FLOOR, "P1", "slow_play", intentional=True, disruptive=False)
    second = rec(station, FLOOR, "P1", "cards_off_table", penalty="triple_warning", request=True)
    third = rec(station, FLOOR, "P1", "improper_notes", penalty="single_warning")
    ids = [r.records[0].id for r in (first, second, third)]
    assert all(r.records[0].status == "pending" for r in (first, second, third))
    state = station.load()
    assert state.points("P1") == 0
    assert state.decision_owed("P1") is None  # 1 + 3 + 1 pending: nothing is owed yet
    assert [i.kind for i in station.queue()] == ["request"] * 3

    assert ids[0] is not None and ids[1] is not None and ids[2] is not None
    station.review(HEAD, ids[0], "confirm")
    assert station.load().points("P1") == 1
    station.review(HEAD, ids[1], "dismiss")
    assert station.load().points("P1") == 1
    station.review(HEAD, ids[2], "confirm")
    state = station.load()
    assert state.points("P1") == 2
    assert [r.status for r in state.history("P1")] == ["issued", "dismissed", "issued"]
    assert station.queue() == []


def test_draft_only_records_never_count(station: Station) -> None:
    for penalty in ("single_warning", "double_warning", "triple_warning"):
        result = rec(station, HEAD, "P1", "standard_draft", disruptive=False, penalty=penalty)
        assert result.records[0].status == "issued"
        assert result.records[0].points == 0
    state = station.load()
    assert [r.draft_only for r in state.history("P1")] == [True, True, True]
    assert state.points("P1") == 0
    assert state.decision_owed("P1") is None
    # An excessive draft infraction is an ordinary one: it counts.
    rec(station, HEAD, "P1", "excessive_draft", intentional=True)
    assert station.load().points("P1") == 2


def test_floor_judge_refused_writes_nothing(station: Station, db_path: Path) -> None:
    before = db_path.read_bytes()
    for penalty in ("double_warning", "triple_warning", "game_loss", "disqualification"):
        with refused(station, NotPermitted):
            rec(station, FLOOR, "P1", "slow_play", penalty=penalty)
    with refused(station, NotPermitted):  # a recommendation above the floor judge's reach
        rec(station, FLOOR, "P1", "cheating", intentional=True)
    with refused(station, NotPermitted):
        station.set_round(FLOOR, 2)
    with refused(station, BadInput):  # a value the log's models refuse is bad input, not a crash
        rec(station, HEAD, "P1", "tardiness", minutes_late=-5)
    assert db_path.read_bytes() == before


# --------------------------------------------------------------------------- three warnings


def test_three_minor_unintentional_singles_allow_a_game_loss(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        single(station, "P1", infraction)
    owed = station.load().decision_owed("P1")
    assert owed is not None
    assert owed.allowed == ["game_loss", "match_loss", "ejection"]
    assert (owed.default, owed.required) == ("ejection", None)
    with refused(station, BadInput, match="disqualification is not allowed"):
        station.decide(HEAD, "P1", "disqualification")
    station.decide(HEAD, "P1", "game_loss")
    state = station.load()
    assert state.players["P1"].status == "active"
    assert state.decision_owed("P1") is None
    [decision] = state.players["P1"].decisions
    assert (decision.penalty, decision.points, decision.applies) == ("game_loss", 3, "next")


def test_a_fourth_point_forces_ejection(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error", "improper_notes"):
        single(station, "P1", infraction)
    state = station.load()
    assert state.points("P1") == 4
    owed = state.decision_owed("P1")
    assert owed is not None
    assert owed.required == "ejection"
    assert owed.allowed == ["ejection"]
    for downgrade in ("game_loss", "match_loss"):
        with refused(station, BadInput, match="forced_ejection"):
            station.decide(HEAD, "P1", downgrade)
    with refused(station, NotPermitted):
        station.decide(FLOOR, "P1", "ejection")
    station.decide(HEAD, "P1", "ejection")
    state = station.load()
    assert state.players["P1"].status == "ejected"
    assert state.decision_owed("P1") is None
    with refused(station, BadInput, match="ejected"):
        rec(station, HEAD, "P1", "slow_play")


def test_a_fourth_point_after_a_game_loss_owes_a_new_decision(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        single(station, "P1", infraction)
    station.decide(HEAD, "P1", "game_loss")
    single(station, "P1", "improper_notes")
    owed = station.load().decision_owed("P1")
    assert owed is not None and owed.required == "ejection"
    assert [i.kind for i in station.queue()] == ["decision"]


def test_disqualification_allowed_with_a_triple_warning(station: Station) -> None:
    result = station.record(
        HEAD,
        RecordRequest(
            ["P1"], "cheating", intentional=True, disruptive=True,
            flags=frozenset({"strong_cheating"}),
        ),
    )  # fmt: skip
    assert result.records[0].penalty == "triple_warning"
    assert result.records[0].decision_owed
    owed = station.load().decision_owed("P1")
    assert owed is not None
    assert "disqualification" in owed.allowed
    assert "game_loss" not in owed.allowed
    station.decide(HEAD, "P1", "disqualification", note="statements taken")
    assert station.load().players["P1"].status == "disqualified"


def test_disqualification_needs_grounds(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        single(station, "P1", infraction)
    with refused(station, BadInput, match="no_grounds"):
        station.decide(HEAD, "P1", "disqualification")
    station.decide(HEAD, "P1", "disqualification", strong_cheating=True, note="marked cards")
    assert station.load().players["P1"].status == "disqualified"


def test_two_double_warnings_allow_disqualification(station: Station) -> None:
    rec(station, HEAD, "P1", "slow_play", penalty="double_warning")
    rec(station, HEAD, "P1", "cards_off_table", penalty="double_warning")
    owed = station.load().decision_owed("P1")
    assert owed is not None
    assert owed.allowed == ["ejection", "disqualification"]


# --------------------------------------------------------------------------- rounds and finals


def test_finals_reset_points_and_keep_history(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        single(station, "P1", infraction)
    assert station.load().decision_owed("P1") is not None
    station.set_round(HEAD, 7)
    station.enter_finals(HEAD)
    state = station.load()
    assert (state.phase, state.round) == ("finals", 7)
    assert state.points("P1") == 0
    assert len(state.history("P1")) == 3
    assert state.decision_owed("P1") is None
    with refused(station, BadInput, match="already"):
        station.enter_finals(HEAD)
    # A repeat of a main-round warning in the finals is recommended a Double Warning.
    result = rec(station, HEAD, "P1", "slow_play")
    assert result.records[0].penalty == "double_warning"
    assert result.records[0].points_after == 2


@pytest.mark.parametrize(
    ("flags", "penalty", "applies"),
    [
        (frozenset(), None, "next"),  # the recommended game loss, no advantage in this game
        (frozenset({"advantage_in_game"}), None, "current"),
        (frozenset(), "match_loss", "current"),  # the judge's own, harsher choice
        (frozenset({"between_matches"}), "match_loss", "next"),
    ],
)
def test_a_loss_applies_to_the_game_or_match_of_the_chosen_penalty(
    station: Station, flags: frozenset[str], penalty: str | None, applies: str
) -> None:
    result = station.record(
        HEAD,
        RecordRequest(["P1"], "previous_opponent_card", False, True, flags=flags, penalty=penalty),
    )
    stored = station.load().records[result.records[0].id or ""]
    assert stored.sanction == (penalty or "game_loss")
    assert stored.applies == applies


def test_confirm_keeps_the_head_judges_minor(station: Station) -> None:
    """RULINGS §3: "minor" defaults from the catalogue and the head judge may change it."""
    request = record(station, FLOOR, "P1", "slow_play", intentional=True, disruptive=False)
    item = request.records[0].id  # type: ignore[attr-defined]
    assert station.load().records[item].minor is True
    station.review(HEAD, item, "confirm", minor=False)
    confirmed = station.load().records[item]
    assert (confirmed.status, confirmed.minor) == ("issued", False)
