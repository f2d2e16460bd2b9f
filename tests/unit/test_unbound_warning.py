"""An event not bound to OS accounts lets anyone at the machine act as any judge: every
write the command line makes to one says so, in one line on stderr (SECURITY.md, "the
command line warns"), never on stdout, so ``--json`` stays JSON (issue 26)."""

from __future__ import annotations

import json
import pwd
from os import getuid
from pathlib import Path

import pytest

from judgetui.service import RecordRequest, Station
from tests.helpers.cli import UNBOUND_WARNING, run
from tests.helpers.event import FLOOR, HEAD

RECORD = ["record", "--player", "P2", "--infraction", "slow_play"]
RECORD += ["--intentional", "no", "--disruptive", "yes"]


def test_every_write_on_an_unbound_event_warns_once_on_stderr_never_in_json(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "--db", db_path, *RECORD, "--judge", FLOOR, "--json")
    assert (code, err) == (0, UNBOUND_WARNING)
    record = json.loads(out)["records"][0]["id"]
    other = station.record(FLOOR, RecordRequest(["P3"], "slow_play", False, True)).records[0]
    assert other.id is not None
    roster = tmp_path / "players.csv"
    roster.write_text("id,name\nP9,Mio Tanaka\n", encoding="utf-8")
    writes = [
        ["review", record, "upgrade", "single_warning", "--judge", HEAD],
        ["void", other.id, "--note", "wrong player", "--judge", HEAD],
        ["event", "round", "2", "--judge", HEAD],
        ["players", "import", str(roster), "--judge", HEAD],
    ]
    for argv in writes:
        code, _out, err = run(capsys, "--db", db_path, *argv)
        assert (code, err) == (0, UNBOUND_WARNING), argv


def test_reads_and_refused_writes_on_an_unbound_event_print_no_warning(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["queue", "--json"], ["player", "P2"], ["verify"]):
        code, _out, err = run(capsys, "--db", db_path, *argv)
        assert (code, err) == (0, ""), argv
    before = db_path.read_bytes()
    code, _out, err = run(capsys, "--db", db_path, *RECORD, "--judge", "Nobody")
    assert code == 2 and UNBOUND_WARNING not in err
    assert db_path.read_bytes() == before


def test_a_bound_event_writes_without_the_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    me = pwd.getpwuid(getuid()).pw_name
    db = tmp_path / "bound.json"
    init = ["event", "init", "--name", "Open", "--head-judge", HEAD]
    code, _out, err = run(capsys, "--db", db, *init, "--judge-account", f"{HEAD}={me}")
    assert (code, err) == (0, "")
    code, _out, err = run(capsys, "--db", db, "event", "round", "2")  # as the account's judge
    assert (code, err) == (0, "")


def test_an_event_made_unbound_says_so_as_it_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.json"
    code, out, err = run(
        capsys, "--db", db, "event", "init", "--name", "Open", "--head-judge", HEAD
    )
    assert (code, err) == (0, UNBOUND_WARNING)
    assert out.startswith("created ")
