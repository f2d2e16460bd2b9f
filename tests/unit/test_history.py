"""`judgetui history`, the station's filter line, and the judges' counts (issue 13, item 3).

Also the round trip of an incident's context through `history --json` and both exports.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.history import HistoryFilter, judge_counts, matching, parse_filter
from judgetui.reports import CSV_COLUMNS
from judgetui.service import RecordRequest, Station
from tests.helpers.event import FLOOR, HEAD


def _cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _record(station: Station, judge: str, player: str, infraction: str, **kw: Any) -> str:
    request = RecordRequest([player], infraction, intentional=False, disruptive=True, **kw)
    made = station.record(judge, request).records[0]
    assert made.id is not None
    return made.id


@pytest.fixture
def busy(station: Station) -> dict[str, str]:
    """Records over two rounds, tables and judges."""
    ids = {
        "a": _record(station, FLOOR, "P1", "slow_play", table=14, game=1, opponent="P2"),
        "b": _record(station, HEAD, "P2", "game_rules_violation", table=3),
    }
    station.set_round(HEAD, 2)
    ids["c"] = _record(station, FLOOR, "P1", "game_rules_violation", table=14, extension=5)
    ids["d"] = _record(station, HEAD, "P3", "slow_play", penalty="single_warning")
    return ids


def test_history_json_is_newest_first_and_filters(
    station: Station, busy: dict[str, str], db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _cli(capsys, "--db", db_path, "history", "--json")
    assert (code, err) == (0, "")
    assert [r["id"] for r in json.loads(out)] == [busy[k] for k in "dcba"]
    for argv, want in (
        (("--table", 14), "ca"),
        (("--player", "P1"), "ca"),
        (("--judge", "kana mori"), "db"),
        (("--infraction", "slow_play"), "da"),
        (("--round", 2), "dc"),
        (("--round", 2, "--table", 14), "c"),
        (("--table", 99), ""),
    ):
        code, out, err = _cli(capsys, "--db", db_path, "history", "--json", *argv)
        assert code == 0, err
        assert [r["id"] for r in json.loads(out)] == [busy[k] for k in want], argv


def test_history_round_trips_the_context(
    station: Station, busy: dict[str, str], db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _code, out, _err = _cli(capsys, "--db", db_path, "history", "--json", "--player", "P1")
    by_id = {r["id"]: r for r in json.loads(out)}
    a, c = by_id[busy["a"]], by_id[busy["c"]]
    assert (a["table"], a["game"], a["opponent"], a["extension"]) == (14, 1, "P2", None)
    assert (c["table"], c["game"], c["opponent"], c["extension"]) == (14, None, None, 5)
    # the player view carries the same record objects
    _code, out, _err = _cli(capsys, "--db", db_path, "player", "P1", "--json")
    assert {r["id"]: r for r in json.loads(out)["records"]} == by_id
    _code, out, _err = _cli(capsys, "--db", db_path, "history", "--table", "14")
    assert "table 14 · game 1 · opponent P2" in out
    assert "+5 min extension" in out


def test_exports_carry_the_context(
    station: Station, busy: dict[str, str], db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    station.set_round(HEAD, 1, back=True)  # a witness note is of its own round (issue 26)
    station.record(
        "Kana Mori",
        RecordRequest(["P1"], "slow_play", False, True, same_as=busy["a"], note="=seen it"),
    )
    _code, out, _err = _cli(capsys, "--db", db_path, "export", "--format", "json")
    records = {r["id"]: r for r in json.loads(out)["records"]}
    assert records[busy["a"]]["table"] == 14 and records[busy["a"]]["opponent"] == "P2"
    assert records[busy["c"]]["extension"] == 5
    assert records[busy["a"]]["witnesses"][0]["note"] == "=seen it"
    _code, out, _err = _cli(capsys, "--db", db_path, "export", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == CSV_COLUMNS
    row = next(r for r in rows if r["id"] == busy["a"])
    assert (row["table"], row["game"], row["opponent"], row["extension"]) == ("14", "1", "P2", "")
    assert row["witness_notes"].startswith("Kana Mori (")
    assert "=seen it" in row["witness_notes"]
    row_c = next(r for r in rows if r["id"] == busy["c"])
    assert (row_c["table"], row_c["extension"]) == ("14", "5")


def test_history_refuses_unknown_names(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blob = db_path.read_bytes()
    for argv in (("--player", "P99"), ("--infraction", "nap"), ("--table", "0"), ("--round", "x")):
        code, _out, err = _cli(capsys, "--db", db_path, "history", *argv)
        assert code == 2 and len(err.strip().splitlines()) == 1, argv
    assert db_path.read_bytes() == blob


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("--judge", "Nobody"), "unknown judge 'Nobody'"),
        (("--player", "Nobody"), "unknown player 'Nobody'"),
        (("--infraction", "nobody"), "unknown infraction 'nobody'"),
        (("--round", "7"), "round 7 is out of range"),
    ],
)
def test_history_refuses_a_judge_player_infraction_or_round_the_event_does_not_have(
    station: Station,
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, str],
    says: str,
) -> None:
    """CLI.md: an unknown judge is bad input (exit 2, one line), like an unknown player or
    infraction; so is a round the event has not reached. "no record matches" (exit 0) would
    tell a typo from an empty history by nothing."""
    _record(station, HEAD, "P1", "slow_play")
    station.set_round(HEAD, 3)
    blob = db_path.read_bytes()
    code, out, err = _cli(capsys, "history", "--db", db_path, *argv)
    assert code == 2 and out == "", (code, out, err)
    [line] = err.strip().splitlines()
    assert line.startswith("judgetui: ") and says in line and "Traceback" not in err
    assert db_path.read_bytes() == blob
    for fine in (("--judge", "alex reed"), ("--round", "3")):
        code, _out, err = _cli(capsys, "history", "--db", db_path, *fine)
        assert code == 0, err


def test_a_voided_record_says_so(
    station: Station, busy: dict[str, str], db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    station.void(HEAD, busy["b"], "wrong table")
    _code, out, _err = _cli(capsys, "--db", db_path, "history", "--json", "--table", "3")
    [record] = json.loads(out)
    assert record["voided"] is True and record["void_note"] == "wrong table"


def test_the_filter_line() -> None:
    assert parse_filter("t:14 r:3 kim") == HistoryFilter(table=14, round=3, words=("kim",))
    assert parse_filter("J:Alex i:slow p:P1") == HistoryFilter(
        judge="Alex", infraction="slow", player="P1"
    )
    # a malformed number is a word, never an error
    assert parse_filter("t:x r:") == HistoryFilter(words=("t:x", "r:"))
    assert parse_filter("t:１４").words == ("t:１４",)
    assert parse_filter("").empty


def test_the_station_filter_matches_as_one_types(station: Station, busy: dict[str, str]) -> None:
    state = station.load()
    assert [r.id for r in matching(state, parse_filter("t:14"))] == [busy["c"], busy["a"]]
    assert [r.id for r in matching(state, parse_filter("taro"))] == [busy["c"], busy["a"]]
    assert [r.id for r in matching(state, parse_filter("alex slow"))] == [busy["a"]]
    assert [r.id for r in matching(state, parse_filter("i:rules r:1"))] == [busy["b"]]
    assert matching(state, parse_filter("nobody")) == []


def test_judge_counts(station: Station) -> None:
    notice = _record(station, FLOOR, "P1", "slow_play")
    other = _record(station, FLOOR, "P2", "slow_play")
    third = _record(station, FLOOR, "P3", "slow_play")
    request = _record(station, FLOOR, "P4", "cheating", request=True)
    station.review(HEAD, notice, "upgrade", "single_warning")
    station.review(HEAD, other, "confirm")
    station.review(HEAD, third, "dismiss")
    station.set_round(HEAD, 2)
    _record(station, FLOOR, "P5", "slow_play")
    _record(station, HEAD, "P6", "slow_play", penalty="single_warning")
    state = station.load()
    assert request in state.records
    event = {c.judge: c for c in judge_counts(state)}
    floor = event[FLOOR]
    assert (floor.records, floor.requests, floor.upgraded, floor.confirmed, floor.dismissed) == (
        5,
        1,
        1,
        1,
        1,
    )
    assert event[HEAD].records == 1
    round_two = {c.judge: c for c in judge_counts(state, 2)}
    assert (round_two[FLOOR].records, round_two[FLOOR].upgraded) == (1, 0)


def test_player_says_one_point_not_one_points(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    station.record(HEAD, RecordRequest(["P1"], "slow_play", intentional=True, disruptive=False))
    code, out, err = _cli(capsys, "player", "P1", "--db", db_path)
    assert code == 0, err
    assert "  1 point (main rounds)" in out.splitlines()[0]
