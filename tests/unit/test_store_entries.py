"""Every log entry kind is declared once (`judgetui.store.entries`): the builders use it on
write, and the read check generated from it (`judgetui.store.shapes`) holds the fold to it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from judgetui.service import Station
from judgetui.state import EventState, MalformedLog
from judgetui.store import entries, reading
from tests.helpers.event import HEAD, record

ROOT = Path(__file__).resolve().parent.parent


def test_the_read_check_is_what_the_declarations_generate() -> None:
    """Formatting aside (ruff may reformat it), the file is the generator's output."""
    on_disk = entries.SHAPES_PATH.read_text(encoding="utf-8")
    assert ast.dump(ast.parse(on_disk)) == ast.dump(ast.parse(entries.shapes_source())), (
        "run `python -m judgetui.store.entries` after changing a declaration"
    )


def test_every_kind_has_a_generated_check() -> None:
    from judgetui.store import shapes

    assert set(shapes.KINDS) == set(entries.KINDS)
    for kind, model in entries.KINDS.items():
        assert shapes.KINDS[kind] == model.__name__
        assert [f.name for f in shapes.FIELDS[model.__name__]] == list(model.model_fields)


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
    data = entries.incident_recorded(
        incident="i1",
        infraction="slow_play",
        intentional=False,
        disruptive=True,
        round=1,
        phase="main",
        records=[entries.penalty_record(**_record())],
    )
    return {"kind": "incident_recorded", "at": "2026-12-01T10:00:00Z", "data": {**data, **change}}


def test_what_the_builders_make_the_read_check_accepts() -> None:
    entry = _incident()
    assert reading.check(entry) is entry["data"]
    assert entry["data"]["records"][0]["sanction"] is None  # the model's defaults, dumped


def test_the_builders_are_the_models() -> None:
    with pytest.raises(ValidationError):
        entries.penalty_record(**_record(points=-1))
    with pytest.raises(ValidationError):
        entries.incident_recorded(**{**_incident()["data"], "note": "a\x1bb"})
    note = entries.record_reviewed(record="r1", action="confirm", note="  ok  ")["note"]
    assert note == "ok"  # stripped at the door
    assert entries.voided("decision_voided", target="d-7", note="x") == {
        "decision": "d-7",
        "note": "x",
    }
    assert entries.build("round_set", round=3) == {"round": 3}


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
    """The read path (queue, verify, the station's fold) runs on the generated check."""
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
    probe = (
        "import sys, runpy; sys.argv = ['judgetui', *sys.argv[1:]];"
        "code = 0\n"
        "try: runpy.run_module('judgetui', run_name='__main__')\n"
        "except SystemExit as e: code = e.code\n"
        "print('pydantic' in sys.modules); sys.exit(code)"
    )
    for command in (["queue"], ["verify"]):
        proc = subprocess.run(
            [sys.executable, "-c", probe, "--db", str(db), *command],
            env=env,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip().splitlines()[-1] == "False", command
