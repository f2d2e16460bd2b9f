"""Investigations: a Triple Warning opens one (derived in the fold), the head judge closes
it with a finding (`investigation_closed`), `report event` lists the open ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.service import BadInput, NotPermitted, Station
from judgetui.state import MalformedLog
from tests.helpers.event import FLOOR, HEAD, record


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def triple(station: Station) -> str:
    record(station, HEAD, "P3", "unsporting_conduct", True, True, penalty="triple_warning")
    [rec] = station.load().history("P3")
    assert rec.investigation
    return rec.id


def test_a_triple_warning_opens_one(station: Station, triple: str) -> None:
    state = station.load()
    assert [r.id for r in state.open_investigations()] == [triple]
    record(station, HEAD, "P1", "slow_play", True, False)
    assert [r.id for r in station.load().open_investigations()] == [triple]


def test_the_head_judge_closes_it_with_a_finding(
    station: Station, triple: str, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = run(
        capsys,
        "investigation",
        "close",
        triple[:8],
        "--finding",
        "no intent\nfound",
        "--judge",
        HEAD,
        "--db",
        db_path,
    )
    assert code == 0, err
    state = station.load()
    assert state.open_investigations() == []
    mark = state.closed_investigations[triple]
    assert (mark.judge, mark.text) == (HEAD, "no intent\nfound")
    code, out, _err = run(capsys, "report", "event", "--db", db_path, "--json")
    data = json.loads(out)
    assert data["open_investigations"] == []
    assert data["closed_investigations"][0]["finding"] == "no intent\nfound"
    code, out, _err = run(capsys, "report", "player", "P3", "--db", db_path)
    assert f"Investigation closed by {HEAD}" in out and "     no intent\n     found" in out


@pytest.mark.parametrize(
    ("judge", "finding", "code"),
    [
        (FLOOR, "fine", 3),
        (HEAD, "", 2),
        (HEAD, "   ", 2),
        (HEAD, "bell\x07", 2),
        (HEAD, "escape \x1b[31m", 2),
    ],
)
def test_refused_closes_change_nothing(
    station: Station,
    triple: str,
    capsys: pytest.CaptureFixture[str],
    db_path: Path,
    judge: str,
    finding: str,
    code: int,
) -> None:
    before = db_path.read_bytes()
    got, _out, err = run(
        capsys,
        "investigation",
        "close",
        triple,
        "--finding",
        finding,
        "--judge",
        judge,
        "--db",
        db_path,
    )
    assert got == code, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert db_path.read_bytes() == before


def test_twice_and_not_an_investigation_are_bad_input(station: Station, triple: str) -> None:
    station.close_investigation(HEAD, triple, "done")
    with pytest.raises(BadInput):
        station.close_investigation(HEAD, triple, "again")
    record(station, HEAD, "P1", "slow_play", True, False)
    [plain] = station.load().history("P1")
    with pytest.raises(BadInput):
        station.close_investigation(HEAD, plain.id, "nothing")
    with pytest.raises(NotPermitted):
        station.close_investigation(FLOOR, triple, "x")


def test_a_voided_triple_warning_opens_none(station: Station, triple: str) -> None:
    station.void(HEAD, triple, "wrong player")
    assert station.load().open_investigations() == []
    with pytest.raises(BadInput):
        station.close_investigation(HEAD, triple, "done")


def test_a_forged_close_by_a_floor_judge_breaks_the_fold(station: Station, triple: str) -> None:
    state = station.load()
    entry = {
        "kind": "investigation_closed",
        "at": "2026-11-28T15:00:00Z",
        "judge": FLOOR,
        "seq": state.count,
        "data": {"record": triple, "finding": "x"},
    }
    with pytest.raises(MalformedLog):
        state.apply(entry)


def test_a_triple_warning_request_opens_an_investigation_only_once_confirmed(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    """RULINGS.md §1: a Triple Warning opens an investigation when the head judge issues it,
    not while it is a floor judge's request waiting in the queue."""
    code, out, err = run(
        capsys,
        "record",
        "--db",
        db_path,
        "--judge",
        FLOOR,
        "--player",
        "P3",
        "--infraction",
        "unsporting_conduct",
        "--intentional",
        "yes",
        "--disruptive",
        "yes",
        "--strong-cheating",
        "--request",
        "--json",
    )
    assert code == 0, err
    [request] = json.loads(out)["records"]
    assert (request["penalty"], request["status"]) == ("triple_warning", "pending")
    assert station.load().open_investigations() == []
    code, out, _err = run(capsys, "report", "event", "--db", db_path, "--json")
    assert json.loads(out)["open_investigations"] == []
    code, out, _err = run(capsys, "report", "event", "--db", db_path)
    opened = out.split("## Open investigations")[1].split("\n\n")[1]
    assert opened == "None."
    refused = run(
        capsys,
        "investigation",
        "close",
        request["id"],
        "--finding",
        "x",
        "--judge",
        HEAD,
        "--db",
        db_path,
    )
    assert refused[0] == 2

    code, _out, err = run(
        capsys, "review", request["id"], "--judge", HEAD, "confirm", "--db", db_path
    )
    assert code == 0, err
    assert [r.id for r in station.load().open_investigations()] == [request["id"]]
    code, out, _err = run(capsys, "report", "event", "--db", db_path, "--json")
    assert [i["record"] for i in json.loads(out)["open_investigations"]] == [request["id"]]
    code, out, _err = run(capsys, "report", "event", "--db", db_path)
    assert (
        f"(record {station.load().short_id(request['id'])})"
        in out.split("## Open investigations")[1]
    )
