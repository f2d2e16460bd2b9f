"""Every log entry kind is declared once (`judgetui.store.entries`, msgspec Structs): the
builders use it on write, and `msgspec.convert` into its tagged union holds the fold to it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest

from judgetui.service import Station
from judgetui.state import EventState, MalformedLog
from judgetui.store import build, entries, reading
from tests.helpers.event import HEAD, record

ROOT = Path(__file__).resolve().parents[2]
#: Runs judgetui's command line, then prints whether pydantic was imported.
PROBE = (
    "import sys, runpy; sys.argv = ['judgetui', *sys.argv[1:]];"
    "code = 0\n"
    "try: runpy.run_module('judgetui', run_name='__main__')\n"
    "except SystemExit as e: code = e.code\n"
    "print('pydantic' in sys.modules); sys.exit(code)"
)


def test_every_kind_is_one_arm_of_the_entry_union() -> None:
    arms = {arm.__struct_config__.tag: arm for arm in get_args(entries.Entry)}
    assert {kind: get_type_hints(arm)["data"] for kind, arm in arms.items()} == entries.KINDS


def _record(**change: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "id": "r1",
        "player": "P1",
        "warning": "single_warning",
        "penalty": "single_warning",
        "minimum": "single_warning",
        "recommended": "single_warning",
        "points": 1,
        "status": "issued",
        "minor": False,
    }
    return {**fields, **change}


def _incident(**change: Any) -> dict[str, Any]:
    data = build.incident_recorded(
        incident="i1",
        infraction="slow_play",
        intentional=False,
        disruptive=True,
        round=1,
        phase="main",
        records=[build.penalty_record(**_record())],
    )
    return {"kind": "incident_recorded", "at": "2026-12-01T10:00:00Z", "data": {**data, **change}}


def test_what_the_builders_make_the_read_check_accepts() -> None:
    entry = _incident()
    assert reading.check(entry) is entry["data"]
    assert entry["data"]["records"][0]["sanction"] is None  # the model's defaults, dumped


def test_the_builders_are_the_models() -> None:
    with pytest.raises(entries.Refused):
        build.penalty_record(**_record(points=-1))
    with pytest.raises(entries.Refused):
        build.incident_recorded(**{**_incident()["data"], "note": "a\x1bb"})
    note = build.record_reviewed(record="r1", action="confirm", note="  ok  ")["note"]
    assert note == "ok"  # stripped, by the model
    assert build.voided("decision_voided", target="d-7", note="x") == {
        "decision": "d-7",
        "note": "x",
    }
    assert build.build("round_set", round=3) == {"round": 3}


def test_recording_a_penalty_imports_no_pydantic(tmp_path: Path) -> None:
    """The record's entries are made by their msgspec declarations."""
    db = tmp_path / "event.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = [sys.executable, "-m", "judgetui", "--db", str(db)]
    csv = tmp_path / "players.csv"
    csv.write_text("id,name\nP1,Ann Lee\n", encoding="utf-8")
    for args in (
        ["event", "init", "--name", "Open", "--head-judge", HEAD],
        ["players", "import", str(csv), "--judge", HEAD],
    ):
        made = subprocess.run([*base, *args], env=env, capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
    record = ["record", "--judge", HEAD, "--player", "P1", "--infraction", "slow_play"]
    record += ["--intentional", "no", "--disruptive", "yes"]
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, "--db", str(db), *record],
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"phase": "semis"}, "unknown phase 'semis'"),
        ({"round": "1"}, "round is not int: '1'"),
        ({"intentional": 1}, "intentional is not bool: 1"),
        ({"records": []}, "records is empty"),
        ({"records": ["r1"]}, "records[0] is not dict: 'r1'"),
        ({"records": [_record(points="three")]}, "records[0].points is not int: 'three'"),
        ({"records": [_record(status="lost")]}, "unknown records[0].status 'lost'"),
        ({"records": [_record(status=[])]}, "records[0].status is not str: []"),
        ({"flags": ["a", 2]}, "flags[1] is not str: 2"),
        ({"table": True}, "table is not int or null: True"),
    ],
)
def test_a_shape_the_declaration_refuses_is_named(change: dict[str, Any], message: str) -> None:
    with pytest.raises(reading.MalformedEntry) as caught:
        reading.check(_incident(**change))
    assert str(caught.value) == message


def test_fields_older_files_lack_are_not_required() -> None:
    data = _incident()["data"]
    for key in ("table", "game", "opponent", "extension", "duplicate_of", "flags", "note"):
        del data[key]
    for key in ("sanction", "draft_only", "investigation", "supersedes", "applies"):
        del data["records"][0][key]
    assert reading.check({"kind": "incident_recorded", "at": "x", "data": data}) is data


def test_the_envelope_and_the_kind_are_checked() -> None:
    entry = _incident()
    for bad, message in [
        ({**entry, "kind": "penalty_forgotten"}, "unknown kind 'penalty_forgotten'"),
        ({**entry, "data": "x"}, "data is not dict: 'x'"),
        ({**entry, "at": None}, "at is not str: None"),
        ({**entry, "judge": 3}, "judge is not null or str: 3"),
    ]:
        with pytest.raises(reading.MalformedEntry) as caught:
            reading.check(bad)
        assert str(caught.value) == message


def test_the_fold_refuses_what_the_declaration_refuses(station: Station) -> None:
    record(station, HEAD, "P1", "slow_play")
    log = station.file.load().entries
    incident = next(e for e in log if e["kind"] == "incident_recorded")
    bad = {**incident, "data": {**incident["data"], "phase": "semis"}}
    with pytest.raises(MalformedLog, match="unknown phase 'semis'"):
        EventState.fold(station.rules, [bad if e is incident else e for e in log])


def test_reading_an_event_imports_no_pydantic(tmp_path: Path) -> None:
    """The read path (queue, verify, the station's fold) runs on msgspec."""
    db = tmp_path / "event.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = [sys.executable, "-m", "judgetui", "--db", str(db)]
    made = subprocess.run(
        [*base, "event", "init", "--name", "Open", "--head-judge", HEAD],
        env=env,
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    for command in (["queue"], ["verify"]):
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, "--db", str(db), *command],
            env=env,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip().splitlines()[-1] == "False", command
