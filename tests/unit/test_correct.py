"""`judgetui correct` (issue 26 item 2): the head judge puts a record right in one act, and
the new record keeps what the judge at the table saw: the round, the time, the judge who
recorded it, the table, game, opponent, extension and witness notes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.models import Player
from judgetui.service import BadInput, Station
from judgetui.state import RecordState
from tests.helpers.cli import refused, run, run_json
from tests.helpers.event import FLOOR, HEAD, record

OTHER_FLOOR = "Sam Hill"
#: Two players of the same name, as a 200-player night has them (10-digit ids).
TARO, OTHER_TARO, OPPONENT = "1000000001", "1000000002", "1000000003"


@pytest.fixture
def night(station: Station) -> tuple[Path, str]:
    """Round 1: a floor judge's Notice for slow play at table 12, game 2, with a +2 min
    extension and another judge's witness note; the event is in round 3 now. The Notice
    names the wrong 山田 太郎."""
    from judgetui.models import Judge

    station.add_judge(HEAD, Judge(name=OTHER_FLOOR, role="floor"))
    station.import_players(
        HEAD,
        [
            Player(id=TARO, name="山田 太郎"),
            Player(id=OTHER_TARO, name="山田 太郎"),
            Player(id=OPPONENT, name="Ann Lee"),
        ],
    )
    result = record(
        station,
        FLOOR,
        TARO,
        "slow_play",
        note="took 3 minutes over one attack",
        table=12,
        game=2,
        opponent=OPPONENT,
        extension=2,
    )
    record_id: str = result.records[0].id  # type: ignore[attr-defined]
    record(station, OTHER_FLOOR, TARO, "slow_play", note="saw it from T13", same_as=record_id)
    station.set_round(HEAD, 3)
    return station.file.path, record_id


def _correct(capsys: pytest.CaptureFixture[str], db: Path, *argv: object) -> Any:
    return run_json(capsys, "correct", *argv, "--db", db, "--judge", HEAD)


def _kept(record: RecordState) -> tuple[object, ...]:
    return (
        record.round,
        record.at,
        record.judge,
        record.table,
        record.game,
        record.opponent,
        record.extension,
        record.note,
        record.witnesses,
    )


def test_correct_keeps_round_time_judge_table_game_opponent_extension_and_witness_notes(
    capsys: pytest.CaptureFixture[str], station: Station, night: tuple[Path, str]
) -> None:
    db, wrong = night
    old = station.load().records[wrong]
    out = _correct(capsys, db, wrong[:8], "--player", OTHER_TARO, "--note", "the other 山田 太郎")
    assert out["voided"] == wrong
    [new] = out["records"]
    assert (new["player"], new["penalty"], new["status"]) == (OTHER_TARO, "notice", "issued")
    state = station.load()
    assert state.records[wrong].status == "voided"
    fixed = state.records[new["id"]]
    assert _kept(fixed) == _kept(old)
    assert (fixed.round, fixed.judge, fixed.table, fixed.extension) == (1, FLOOR, 12, 2)
    assert [w.note for w in fixed.witnesses] == ["saw it from T13"]
    assert (fixed.incident, fixed.corrects, fixed.reviewed_by) == (old.incident, wrong, HEAD)
    assert state.queue() == []  # the head judge put it right: nothing waits


def test_the_round_list_keeps_the_extension_after_a_correction(
    capsys: pytest.CaptureFixture[str], station: Station, night: tuple[Path, str]
) -> None:
    db, wrong = night
    before = run_json(capsys, "report", "round", "1", "--db", db)
    assert before["extensions_by_table"] == [{"table": 12, "minutes": 2}]
    _correct(capsys, db, wrong, "--player", OTHER_TARO, "--note", "the other 山田 太郎")
    after = run_json(capsys, "report", "round", "1", "--db", db)
    assert after["extensions_by_table"] == [{"table": 12, "minutes": 2}]
    [item] = [i for i in after["items"] if i["kind"] == "extension"]
    assert item["id"] == f"ext:{station.load().records[wrong].incident}"  # its mark kept
    assert item["players"] == [OTHER_TARO]  # not the 山田 太郎 it named in error


def test_correct_changes_only_what_is_named(
    capsys: pytest.CaptureFixture[str], station: Station, night: tuple[Path, str]
) -> None:
    db, wrong = night
    out = _correct(capsys, db, wrong, "--penalty", "single_warning", "--note", "a warning")
    fixed = station.load().records[out["records"][0]["id"]]
    assert (fixed.player, fixed.penalty, fixed.infraction) == (TARO, "single_warning", "slow_play")
    out = _correct(capsys, db, fixed.id, "--infraction", "cards_off_table", "--note", "misread")
    again = station.load().records[out["records"][0]["id"]]
    assert (again.player, again.penalty, again.infraction) == (
        TARO,
        "single_warning",
        "cards_off_table",
    )
    assert _kept(again) == _kept(fixed)


def test_correct_to_the_opponent_makes_the_penalised_player_the_opponent(
    capsys: pytest.CaptureFixture[str], station: Station, night: tuple[Path, str]
) -> None:
    db, wrong = night
    out = _correct(capsys, db, wrong, "--player", OPPONENT, "--note", "it was the other player")
    fixed = station.load().records[out["records"][0]["id"]]
    assert (fixed.player, fixed.opponent) == (OPPONENT, TARO)


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--player", "nobody"], "unknown player 'nobody'"),
        (["--penalty", "no_such"], "unknown penalty 'no_such'"),
        (["--infraction", "no_such"], "unknown infraction 'no_such'"),
        (["--penalty", "caution"], "not recorded against a player"),
    ],
)
def test_a_refused_correction_leaves_the_file_byte_for_byte_unchanged(
    capsys: pytest.CaptureFixture[str], night: tuple[Path, str], argv: list[str], why: str
) -> None:
    db, wrong = night
    line = refused(
        capsys, db, 2, "correct", wrong, *argv, "--note", "x", "--db", db, "--judge", HEAD
    )
    assert why in line


def test_correct_refuses_an_unknown_record_and_a_missing_reason(
    capsys: pytest.CaptureFixture[str], night: tuple[Path, str]
) -> None:
    db, wrong = night
    line = refused(capsys, db, 2, "correct", "ffffffff", "--note", "x", "--db", db, "--judge", HEAD)
    assert "no record or decision 'ffffffff'" in line
    line = refused(
        capsys, db, 2, "correct", wrong, "--player", OTHER_TARO, "--db", db, "--judge", HEAD
    )
    assert "--note" in line


def test_correct_below_the_minimum_says_why(
    capsys: pytest.CaptureFixture[str], night: tuple[Path, str]
) -> None:
    db, wrong = night
    line = refused(
        capsys, db, 2, "correct", wrong, "--infraction", "collusion", "--penalty", "game_loss",
        "--note", "x", "--db", db, "--judge", HEAD,
    )  # fmt: skip
    assert "game_loss is below the minimum disqualification" in line


def test_a_floor_judge_may_not_correct_exit_3(
    capsys: pytest.CaptureFixture[str], night: tuple[Path, str]
) -> None:
    db, wrong = night
    line = refused(
        capsys, db, 3, "correct", wrong, "--player", OTHER_TARO, "--note", "x", "--db", db,
        "--judge", FLOOR,
    )  # fmt: skip
    assert "not permitted" in line


def test_correct_in_words_names_the_voided_record_and_the_new_one(
    capsys: pytest.CaptureFixture[str], night: tuple[Path, str]
) -> None:
    db, wrong = night
    code, out, err = run(
        capsys, "correct", wrong, "--player", OTHER_TARO, "--note", "x", "--db", db, "--judge", HEAD
    )
    assert code == 0, err
    first, second = out.splitlines()
    assert first == f"{wrong}: voided"
    assert second.startswith(f"{OTHER_TARO}: Notice recorded")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "the player it should have named"), ("ja", "本来のプレイヤー")],
)
def test_correct_has_help_in_english_and_japanese(
    capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", lang, "correct", "--help"])
    assert words in capsys.readouterr().out


def test_correct_runs_over_the_force_command_and_the_service_still_decides(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    station: Station,
    night: tuple[Path, str],
) -> None:
    db, wrong = night

    def ssh(command: str) -> tuple[int, str, str]:
        monkeypatch.setenv("SSH_ORIGINAL_COMMAND", command)
        return run(capsys, "--db", db, "ssh")

    before = db.read_bytes()
    code, _out, err = ssh(f"correct {wrong} --judge '{FLOOR}' --player {OTHER_TARO} --note x")
    assert code == 3, err
    assert db.read_bytes() == before
    code, _out, err = ssh(f"correct {wrong} --judge '{HEAD}' --player {OTHER_TARO} --db /tmp/x")
    assert code == 2, err
    assert db.read_bytes() == before
    code, out, err = ssh(f"correct {wrong} --judge '{HEAD}' --player {OTHER_TARO} --note x --json")
    assert code == 0, err
    assert json.loads(out)["voided"] == wrong


def test_a_three_warning_decision_is_voided_not_corrected(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        record(station, HEAD, "P1", infraction, penalty="single_warning")
    [entry] = station.decide(HEAD, "P1", "game_loss")
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match="three-warning decision: void it instead"):
        station.correct(HEAD, f"decision-{entry['seq']}", "wrong one", player="P2")
    assert station.file.path.read_bytes() == before
