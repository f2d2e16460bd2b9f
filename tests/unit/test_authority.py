"""Judges and roles: who may do what, from the command line, on unbound and bound events.

Every head-judge act is refused for a floor judge with exit 3 and the event file
byte-for-byte unchanged; on a bound event the acting judge must be the one bound to the
process's real OS account. Every log entry says who, when (UTC), from which OS account
and which client.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.identity import Caller, current_caller
from judgetui.models import Player
from judgetui.rules import load_rules
from judgetui.service import BadInput, NotPermitted, RecordRequest, Station
from judgetui.store import EventFile

HEAD = "Kana Mori"
FLOOR = "Alex Reed"
ME = current_caller().os_user  # the real OS account this test runs as
OTHER = "nobody-head"  # an account name that is not ours
ROOT = Path(__file__).resolve().parents[2]
UTC_STAMP = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], db: Path, code: int, *argv: object) -> str:
    before = db.read_bytes()
    got, out, err = run(capsys, *argv)
    assert got == code, (got, out, err)
    assert "Traceback" not in err + out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert db.read_bytes() == before
    return lines[0]


def make_event(path: Path, *, bound: bool) -> str:
    """Head Kana Mori, floor Alex Reed, P1–P4; a pending request for P1 (returned) and
    P2 at three points (a Triple Warning), so every head-judge act has something to act on.

    Bound: Alex Reed is bound to our own OS account, Kana Mori to another one.
    """
    rules = load_rules()
    head = Station(EventFile(path), rules, caller=Caller(OTHER if bound else ME, None))
    floor = Station(EventFile(path), rules, caller=Caller(ME, None))
    accounts = {HEAD: OTHER, FLOOR: ME} if bound else None
    head.create_event("Authority Open", HEAD, [FLOOR], rounds=6, accounts=accounts)
    head.import_players(HEAD, [Player(id=f"P{i}", name=f"Player {i}") for i in range(1, 5)])
    request = floor.record(FLOOR, RecordRequest(["P1"], "slow_play", True, False))
    assert request.records[0].status == "pending"
    head.record(
        HEAD, RecordRequest(["P2"], "cheating", True, True, flags=frozenset({"strong_cheating"}))
    )
    assert head.load().decision_owed("P2") is not None
    item = request.records[0].id
    assert item is not None
    return item


@pytest.fixture(params=[False, True], ids=["unbound", "bound"])
def bound(request: pytest.FixtureRequest) -> bool:
    value: bool = request.param
    return value


@pytest.fixture
def event(tmp_path: Path, bound: bool) -> tuple[Path, str]:
    path = tmp_path / "event.json"
    return path, make_event(path, bound=bound)


@pytest.fixture
def players_csv(tmp_path: Path) -> Path:
    path = tmp_path / "players.csv"
    path.write_text("id,name\nP9,New Player\n", encoding="utf-8")
    return path


RECORD = ["record", "--player", "P3", "--infraction", "slow_play",
          "--intentional", "no", "--disruptive", "yes", "--penalty"]  # fmt: skip

HEAD_ACTS: list[list[str]] = [
    ["review", "{item}", "confirm"],
    ["review", "{item}", "upgrade", "double_warning"],
    ["review", "{item}", "dismiss"],
    ["decide", "P2", "ejection"],
    ["decide", "P2", "disqualification"],
    ["event", "round", "2"],
    ["event", "finals"],
    ["players", "import", "{csv}"],
    ["event", "judge", "Sam Hill"],
    *[
        [*RECORD, penalty]
        for penalty in (
            "double_warning",
            "triple_warning",
            "game_loss",
            "match_loss",
            "ejection",
            "disqualification",
        )
    ],
]


def _argv(act: list[str], item: str, csv: Path) -> list[str]:
    return [a.format(item=item, csv=csv) for a in act]


@pytest.mark.parametrize("act", HEAD_ACTS, ids=lambda act: " ".join(act[-3:]))
def test_floor_judge_is_refused_every_head_judge_act(
    capsys: pytest.CaptureFixture[str],
    event: tuple[Path, str],
    players_csv: Path,
    act: list[str],
) -> None:
    db, item = event
    line = refused(capsys, db, 3, *_argv(act, item, players_csv), "--db", db, "--judge", FLOOR)
    assert line.startswith("judgetui: not permitted")


@pytest.mark.parametrize("act", HEAD_ACTS, ids=lambda act: " ".join(act[-3:]))
def test_bound_floor_judge_without_judge_option_is_still_a_floor_judge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players_csv: Path, act: list[str]
) -> None:
    """On a bound event the account says who is acting: no --judge, still Alex Reed."""
    db = tmp_path / "event.json"
    item = make_event(db, bound=True)
    line = refused(capsys, db, 3, *_argv(act, item, players_csv), "--db", db)
    assert FLOOR in line


def test_floor_judge_may_send_a_request_and_issue_a_notice(
    capsys: pytest.CaptureFixture[str], event: tuple[Path, str]
) -> None:
    db, _ = event
    code, _, err = run(capsys, *RECORD, "double_warning", "--request", "--db", db, "--judge", FLOOR)
    assert code == 0, err
    code, _, err = run(capsys, *RECORD[:-1], "--db", db, "--judge", FLOOR)  # a Notice
    assert code == 0, err
    state = Station(EventFile(db), load_rules()).load()
    assert [(r.penalty, r.status) for r in state.history("P3")] == [
        ("double_warning", "pending"),
        ("notice", "issued"),
    ]


@pytest.mark.parametrize(
    "act",
    [
        ["event", "round", "2"],
        ["review", "{item}", "confirm"],
        ["decide", "P2", "ejection"],
        [*RECORD, "single_warning"],
        [*RECORD[:-1]],  # even a Notice: the account belongs to Alex Reed
    ],
    ids=lambda act: " ".join(act[-3:]),
)
def test_bound_event_refuses_acting_as_another_judge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players_csv: Path, act: list[str]
) -> None:
    db = tmp_path / "event.json"
    item = make_event(db, bound=True)
    line = refused(capsys, db, 3, *_argv(act, item, players_csv), "--db", db, "--judge", HEAD)
    assert OTHER in line or FLOOR in line


def test_bound_event_head_judge_acts_from_their_own_account(tmp_path: Path) -> None:
    db = tmp_path / "event.json"
    make_event(db, bound=True)
    rules = load_rules()
    Station(EventFile(db), rules, caller=Caller(OTHER, None)).set_round(HEAD, 2)
    assert Station(EventFile(db), rules).load().round == 2
    before = db.read_bytes()
    with pytest.raises(NotPermitted):  # an account bound to nobody may not act as Kana Mori
        Station(EventFile(db), rules, caller=Caller("stranger", None)).set_round(HEAD, 3)
    with pytest.raises(BadInput):  # nor name no judge at all
        Station(EventFile(db), rules, caller=Caller("stranger", None)).set_round(None, 3)
    assert db.read_bytes() == before


def test_unbound_event_lets_any_process_act_as_any_rostered_judge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "event.json"
    make_event(db, bound=False)
    assert run(capsys, "event", "round", "3", "--db", db, "--judge", HEAD)[0] == 0
    assert run(capsys, "event", "round", "4", "--db", db, "--judge", "kana mori")[0] == 0
    line = refused(capsys, db, 2, "event", "round", "5", "--db", db, "--judge", "Somebody")
    assert "unknown judge" in line
    refused(capsys, db, 2, "event", "round", "5", "--db", db)  # who is acting?


# --------------------------------------------------------------------------- the audit trail


def test_every_log_entry_records_judge_time_account_and_client(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players_csv: Path
) -> None:
    db = tmp_path / "event.json"
    run(capsys, "event", "init", "--db", db, "--name", "Audit", "--head-judge", HEAD,
        "--floor-judge", FLOOR)  # fmt: skip
    for argv in (
        ["players", "import", players_csv, "--judge", HEAD],
        ["record", "--player", "P9", "--infraction", "slow_play", "--intentional", "yes",
         "--disruptive", "no", "--judge", FLOOR],
        ["record", "--player", "P9", "--infraction", "improper_notes", "--intentional", "no",
         "--disruptive", "no", "--judge", FLOOR],
        ["event", "round", "2", "--judge", HEAD],
        ["event", "judge", "Sam Hill", "--judge", HEAD],
        ["event", "finals", "--judge", HEAD],
    ):  # fmt: skip
        code, _, err = run(capsys, *argv, "--db", db)
        assert code == 0, err
    entries = EventFile(db).load().entries
    assert [e["kind"] for e in entries] == [
        "event_created",
        "players_imported",
        "incident_recorded",
        "caution_given",
        "round_set",
        "judge_added",
        "finals_entered",
    ]
    for entry in entries:
        assert {"judge", "at", "os_user", "client"} <= set(entry)
        assert UTC_STAMP.match(entry["at"]), entry["at"]
        assert entry["os_user"] == ME
        assert entry["client"] is None  # not over SSH
    assert [e["judge"] for e in entries[1:]] == [HEAD, FLOOR, FLOOR, HEAD, HEAD, HEAD]


def test_log_entry_records_the_ssh_client(tmp_path: Path) -> None:
    db = tmp_path / "event.json"
    make_event(db, bound=False)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SSH_CONNECTION": "203.0.113.9 5555 127.0.0.1 22",
    }
    env.pop("SSH_CLIENT", None)
    done = subprocess.run(
        [sys.executable, "-m", "judgetui", "--db", str(db), "record", "--judge", FLOOR,
         "--player", "P4", "--infraction", "slow_play", "--intentional", "no",
         "--disruptive", "yes"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    last = EventFile(db).load().entries[-1]
    assert last["kind"] == "incident_recorded"
    assert last["client"] == "203.0.113.9"
    assert last["os_user"] == ME
    assert last["judge"] == FLOOR
    assert UTC_STAMP.match(last["at"])
