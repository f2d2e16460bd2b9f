"""Void and correct (issue 11, item 3): the head judge takes back a record or a decision
made in error, with a reason; it stays in the log, marked voided, and what rested on it is
recomputed (points, the queue, the three-warning state, the player's status)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.service import BadInput, NotPermitted, RecordResult, Station
from tests.helpers.event import FLOOR, HEAD, record

# --------------------------------------------------------------------------- helpers


def single(station: Station, player: str, infraction: str, judge: str = HEAD) -> str:
    result = record(station, judge, player, infraction, penalty="single_warning")
    assert isinstance(result, RecordResult)
    [r] = result.records
    assert r.id is not None
    return r.id


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], db: Path, code: int, *argv: object) -> str:
    before = db.read_bytes()
    got, out, err = run(capsys, *argv)
    assert got == code, (got, out, err)
    assert "Traceback" not in out + err
    [line] = err.strip().splitlines()
    assert db.read_bytes() == before
    return line


def cli_record(capsys: pytest.CaptureFixture[str], db: Path, *argv: object) -> dict[str, Any]:
    code, out, err = run(capsys, "record", "--db", db, *argv, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def cli_player(capsys: pytest.CaptureFixture[str], db: Path, pid: str) -> dict[str, Any]:
    code, out, err = run(capsys, "player", pid, "--db", db, "--json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def cli_single(capsys: pytest.CaptureFixture[str], db: Path, pid: str, infraction: str) -> str:
    data = cli_record(
        capsys,
        db,
        "--judge",
        HEAD,
        "--player",
        pid,
        "--infraction",
        infraction,
        "--intentional",
        "no",
        "--disruptive",
        "yes",
        "--penalty",
        "single_warning",
    )
    record_id: str = data["records"][0]["id"]
    return record_id


# --------------------------------------------------------------------------- the service


def test_a_voided_record_stays_in_the_log_and_stops_counting(station: Station) -> None:
    first = single(station, "P1", "slow_play")
    single(station, "P1", "mulligan_error")
    assert station.load().points("P1") == 2
    [entry] = station.void(HEAD, first, "Wrong player: it was P2.")
    assert entry["kind"] == "record_voided"
    assert entry["data"] == {"record": first, "note": "Wrong player: it was P2."}
    state = station.load()
    assert state.points("P1") == 1
    voided = state.records[first]
    assert (voided.status, voided.voided_status, voided.voided_by) == ("voided", "issued", HEAD)
    assert voided.void_note == "Wrong player: it was P2."
    assert state.history("P1")[0].id == first  # still in the history


def test_void_needs_a_reason(station: Station) -> None:
    first = single(station, "P1", "slow_play")
    before = station.file.path.read_bytes()
    for note in (None, "", "   "):
        with pytest.raises(BadInput, match="reason"):
            station.void(HEAD, first, note)
    assert station.file.path.read_bytes() == before


def test_only_the_head_judge_may_void(station: Station) -> None:
    first = single(station, "P1", "slow_play")
    before = station.file.path.read_bytes()
    with pytest.raises(NotPermitted):
        station.void(FLOOR, first, "mine")
    assert station.file.path.read_bytes() == before


def test_voiding_a_record_a_decision_rested_on_reopens_it(station: Station) -> None:
    ids = [single(station, "P1", i) for i in ("slow_play", "mulligan_error", "cards_off_table")]
    single(station, "P1", "improper_notes")
    station.decide(HEAD, "P1", "ejection")
    state = station.load()
    assert state.players["P1"].status == "ejected"
    assert state.decision_owed("P1") is None
    station.void(HEAD, ids[0], "The slow play was the opponent's.")
    state = station.load()
    [decided] = state.players["P1"].decisions
    assert decided.reopened_by == ids[0] and not decided.standing
    assert state.players["P1"].status == "active"
    assert state.points("P1") == 3
    owed = state.decision_owed("P1")
    assert owed is not None and owed.required is None  # 3 points: no longer forced
    assert [i.id for i in state.queue()] == ["decide:P1"]


def test_voiding_a_record_after_the_decision_leaves_the_decision_standing(
    station: Station,
) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        single(station, "P1", infraction)
    station.decide(HEAD, "P1", "game_loss")
    later = single(station, "P1", "improper_notes")  # 4 points: a decision is owed again
    assert station.load().decision_owed("P1") is not None
    station.void(HEAD, later, "Recorded twice.")
    state = station.load()
    [decided] = state.players["P1"].decisions
    assert decided.standing
    assert state.decision_owed("P1") is None


def test_voiding_a_recorded_ejection_makes_the_player_active_again(station: Station) -> None:
    result = record(station, HEAD, "P2", "slow_play", penalty="ejection")
    assert isinstance(result, RecordResult)
    record_id = result.records[0].id
    assert record_id is not None
    assert station.load().players["P2"].status == "ejected"
    station.void(HEAD, record_id, "Wrong table.")
    assert station.load().players["P2"].status == "active"


def test_voiding_a_decided_disqualification_makes_the_player_active_and_owed_again(
    station: Station,
) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        single(station, "P3", infraction)
    [entry] = station.decide(HEAD, "P3", "disqualification", strong_cheating=True, note="seen")
    decision_id = f"decision-{entry['seq']}"
    assert station.load().players["P3"].status == "disqualified"
    [void] = station.void(HEAD, decision_id, "Meant an ejection.")
    assert void["kind"] == "decision_voided"
    state = station.load()
    assert state.players["P3"].status == "active"
    assert state.decisions[decision_id].voided_by == HEAD
    assert state.decision_owed("P3") is not None
    with pytest.raises(BadInput, match="already voided"):
        station.void(HEAD, decision_id, "again")


def test_a_superseded_record_points_to_its_replacement(station: Station) -> None:
    result = record(station, FLOOR, "P1", "slow_play")
    assert isinstance(result, RecordResult)
    notice = result.records[0].id
    assert notice is not None
    station.review(HEAD, notice, "upgrade", "single_warning")
    newer = next(r.id for r in station.load().records.values() if r.supersedes == notice)
    with pytest.raises(BadInput, match=f"void its replacement {newer}"):
        station.void(HEAD, notice, "no")
    station.void(HEAD, newer, "It was not slow play.")
    assert station.load().points("P1") == 0


def test_dismiss_takes_back_only_what_waits_in_the_queue(station: Station) -> None:
    issued = single(station, "P1", "slow_play")
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match=f"judgetui void {issued}"):
        station.review(HEAD, issued, "dismiss", note="oops")
    assert station.file.path.read_bytes() == before
    request = single(station, "P2", "slow_play", judge=FLOOR)
    station.review(HEAD, request, "dismiss", note="not slow")
    assert station.load().records[request].status == "dismissed"


def test_correct_is_a_void_and_a_new_record_in_one_write(station: Station) -> None:
    wrong = single(station, "P1", "slow_play")
    count = station.load().count
    result = station.correct(
        HEAD, wrong, "Wrong player: it was P2.", player="P2", penalty="single_warning"
    ).recorded
    state = station.load()
    assert state.count == count + 2
    kinds = [e["kind"] for e in station.file.load().entries[-2:]]
    assert kinds == ["record_voided", "incident_recorded"]
    assert state.records[wrong].status == "voided"
    assert (state.points("P1"), state.points("P2")) == (0, 1)
    assert result.records[0].player == "P2"


def test_a_correction_that_fails_writes_neither_half(station: Station) -> None:
    wrong = single(station, "P1", "slow_play")
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput):
        station.correct(HEAD, wrong, "Wrong player.", player="nobody")
    assert station.file.path.read_bytes() == before


def test_a_correction_classifies_without_the_voided_record(station: Station) -> None:
    wrong = single(station, "P1", "slow_play")
    result = station.correct(
        HEAD, wrong, "Wrong penalty: it was a Notice.", penalty="notice"
    ).recorded
    # with the voided Single Warning still counting, a repeat would recommend a Double
    assert result.records[0].penalty == "notice"
    # the penalty is named now (correct keeps the old one otherwise): what shows the void
    # was applied first is the count, which the voided Single Warning would make 1
    assert result.records[0].points_after == 0


def test_a_decision_is_named_by_its_log_entry(station: Station) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        single(station, "P4", infraction)
    [entry] = station.decide(HEAD, "P4", "ejection")
    state = station.load()
    assert list(state.decisions) == [f"decision-{entry['seq']}"]
    assert state.find(f"decision-{entry['seq']}") == [f"decision-{entry['seq']}"]


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def db(station: Station, db_path: Path) -> Path:
    return db_path


def test_cli_void_a_record(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    first = cli_single(capsys, db, "P1", "slow_play")
    code, out, err = run(capsys, "void", first, "--db", db, "--judge", HEAD, "--note", "Wrong one")
    assert code == 0, err
    assert out.strip() == f"{first}: voided"
    data = cli_player(capsys, db, "P1")
    assert data["points"] == 0
    [voided] = data["records"]
    assert (voided["status"], voided["void_note"], voided["voided_by"]) == (
        "voided",
        "Wrong one",
        HEAD,
    )


def test_cli_void_without_a_note_is_bad_input(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    first = cli_single(capsys, db, "P1", "slow_play")
    line = refused(capsys, db, 2, "void", first, "--db", db, "--judge", HEAD)
    assert "reason" in line
    refused(capsys, db, 2, "void", first, "--db", db, "--judge", HEAD, "--note", "  ")


def test_cli_void_by_a_floor_judge_is_not_permitted(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    first = cli_single(capsys, db, "P1", "slow_play")
    line = refused(capsys, db, 3, "void", first, "--db", db, "--judge", FLOOR, "--note", "x")
    assert "not permitted" in line


def test_cli_void_and_review_accept_a_unique_prefix(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    first = cli_single(capsys, db, "P1", "slow_play")
    code, _out, err = run(capsys, "void", first[:8], "--db", db, "--judge", HEAD, "--note", "x")
    assert code == 0, err
    assert cli_player(capsys, db, "P1")["records"][0]["status"] == "voided"
    request = cli_record(
        capsys,
        db,
        "--judge",
        FLOOR,
        "--player",
        "P2",
        "--infraction",
        "slow_play",
        "--intentional",
        "yes",
        "--disruptive",
        "no",
    )["records"][0]["id"]
    code, _out, err = run(capsys, "review", request[:6], "confirm", "--db", db, "--judge", HEAD)
    assert code == 0, err
    assert cli_player(capsys, db, "P2")["points"] == 1


def test_cli_a_short_or_ambiguous_prefix_is_refused(
    capsys: pytest.CaptureFixture[str], db: Path, station: Station
) -> None:
    # the conftest station makes ids 00000000-0000-0000-0000-00000000000N
    single(station, "P1", "slow_play")
    single(station, "P1", "mulligan_error")
    line = refused(capsys, db, 2, "void", "00000000-", "--db", db, "--judge", HEAD, "--note", "x")
    assert "2 ids" in line
    line = refused(capsys, db, 2, "void", "00000", "--db", db, "--judge", HEAD, "--note", "x")
    assert "no record or decision" in line
    line = refused(capsys, db, 2, "review", "00000000-", "confirm", "--db", db, "--judge", HEAD)
    assert "2 ids" in line


def test_cli_dismiss_of_a_confirmed_record_points_to_void(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    first = cli_single(capsys, db, "P1", "slow_play")
    argv = ["review", first, "dismiss", "--db", db, "--judge", HEAD, "--note", "oops"]
    line = refused(capsys, db, 2, *argv)
    assert "judgetui void" in line
    assert cli_player(capsys, db, "P1")["points"] == 1


def test_cli_help_lists_void(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "void" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["void", "--help"])
    out = capsys.readouterr().out
    assert "--note" in out and "reason" in out


def test_cli_void_a_decision(
    capsys: pytest.CaptureFixture[str], db: Path, station: Station
) -> None:
    for infraction in ("slow_play", "mulligan_error", "cards_off_table"):
        single(station, "P5", infraction)
    [entry] = station.decide(HEAD, "P5", "ejection")
    decision = f"decision-{entry['seq']}"
    assert cli_player(capsys, db, "P5")["decisions"][0]["id"] == decision
    argv = ["void", decision, "--db", db, "--judge", HEAD, "--note", "Meant a game loss"]
    code, _out, err = run(capsys, *argv)
    assert code == 0, err
    data = cli_player(capsys, db, "P5")
    assert data["status"] == "active"
    assert data["decision"] is not None
