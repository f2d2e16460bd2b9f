"""Issue 29 item 4: a trainee records as anyone does, but never issues a penalty alone.

Every record of a trainee waits for the head judge (pending, in the queue), a Notice and a
Caution too: a Caution, which is not stored against a player, is kept as a pending record
so the head judge can confirm it (it then counts with the Cautions, carrying no point and
on no official record), upgrade it, or dismiss it. A confirmed record is the head judge's
call (``judge`` names them, ``trainee`` the trainee); ``review ... dismiss`` drops it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import rec, refused, run_json
from tests.helpers.trainees import FLOOR, HEAD, TRAINEE, trainee_event


def test_event_judge_trainee_adds_a_judge_whose_role_is_trainee(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    shown = run_json(capsys, "event", "show", "--db", db)
    roles = {j["name"]: j["role"] for j in shown["judges"]}
    assert roles == {HEAD: "head", FLOOR: "floor", TRAINEE: "trainee"}


def test_a_trainees_notice_waits_for_the_head_judge_in_the_queue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    floor = run_json(capsys, *rec(db, FLOOR, "p1", "slow_play", "no", "yes"))
    trainee = run_json(capsys, *rec(db, TRAINEE, "p2", "slow_play", "no", "yes"))
    assert floor["records"][0]["status"] == "issued"  # a floor judge's Notice: at once
    [record] = trainee["records"]
    assert (record["penalty"], record["status"]) == ("notice", "pending")
    queue = run_json(capsys, "queue", "--db", db)
    item = next(i for i in queue if i["id"] == record["id"])
    assert (item["kind"], item["judge"]) == ("request", TRAINEE)


def test_a_trainees_caution_is_a_pending_record_that_counts_as_a_caution_once_confirmed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    [record] = run_json(capsys, *rec(db, TRAINEE, "p1", "slow_play", "no", "no"))["records"]
    assert (record["player"], record["penalty"], record["status"]) == ("p1", "caution", "pending")
    assert run_json(capsys, "event", "show", "--db", db)["cautions"] == 0
    run_json(capsys, "review", record["id"], "confirm", "--judge", HEAD, "--db", db)
    assert run_json(capsys, "event", "show", "--db", db)["cautions"] == 1
    player = run_json(capsys, "player", "p1", "--db", db)
    assert player["points"] == 0
    [kept] = player["records"]
    assert (kept["status"], kept["judge"], kept["trainee"]) == ("issued", HEAD, TRAINEE)


def test_a_trainees_warning_counts_only_once_confirmed_and_is_then_the_head_judges(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    made = run_json(capsys, *rec(db, TRAINEE, "p1", "slow_play", "yes", "no"))
    [record] = made["records"]
    assert (record["penalty"], record["status"]) == ("single_warning", "pending")
    assert run_json(capsys, "player", "p1", "--db", db)["points"] == 0
    run_json(capsys, "review", record["id"], "confirm", "--judge", HEAD, "--db", db)
    player = run_json(capsys, "player", "p1", "--db", db)
    assert player["points"] == 1
    [kept] = player["records"]
    assert (kept["judge"], kept["trainee"]) == (HEAD, TRAINEE)


def test_a_trainees_record_upgraded_is_the_head_judges_and_the_trainees_call_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    [record] = run_json(capsys, *rec(db, TRAINEE, "p1", "slow_play", "no", "yes"))["records"]
    run_json(capsys, "review", record["id"], "upgrade", "single_warning", "--judge", HEAD,
             "--db", db)  # fmt: skip
    player = run_json(capsys, "player", "p1", "--db", db)
    calls = {r["penalty"]: (r["status"], r["judge"], r["trainee"]) for r in player["records"]}
    assert calls == {
        "notice": ("superseded", TRAINEE, None),
        "single_warning": ("issued", HEAD, TRAINEE),
    }
    assert player["points"] == 1


def test_review_dismiss_drops_a_trainees_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    [record] = run_json(capsys, *rec(db, TRAINEE, "p1", "slow_play", "yes", "no"))["records"]
    run_json(capsys, "review", record["id"], "dismiss", "--note", "no warning",
             "--judge", HEAD, "--db", db)  # fmt: skip
    player = run_json(capsys, "player", "p1", "--db", db)
    assert player["points"] == 0
    assert [(r["status"], r["judge"]) for r in player["records"]] == [("dismissed", TRAINEE)]
    assert run_json(capsys, "queue", "--db", db) == []


def test_a_trainee_issues_nothing_alone_and_does_no_head_judges_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = trainee_event(tmp_path, capsys)
    [record] = run_json(capsys, *rec(db, TRAINEE, "p1", "slow_play", "yes", "no"))["records"]
    line = refused(capsys, db, 3, "review", record["id"], "confirm", "--judge", TRAINEE,
                   "--db", db)  # fmt: skip
    assert f"{TRAINEE} is a trainee" in line
    line = refused(capsys, db, 3, *rec(db, TRAINEE, "p2", "slow_play", "yes", "no",
                                       "--penalty", "game_loss"))  # fmt: skip
    assert "trainee: send it to the head judge as a request" in line
    asked = run_json(capsys, *rec(db, TRAINEE, "p2", "slow_play", "yes", "no",
                                  "--penalty", "game_loss", "--request"))  # fmt: skip
    assert asked["records"][0]["status"] == "pending"
    refused(capsys, db, 3, "event", "round", "2", "--judge", TRAINEE, "--db", db)
