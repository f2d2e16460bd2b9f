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
from conftest import HEAD, record
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from judgetui.service import Station
from judgetui.state import EventState, MalformedLog
from judgetui.store import build, entries, reading, shapes

ROOT = Path(__file__).resolve().parent.parent
#: Runs judgetui's command line, then prints whether pydantic was imported.
PROBE = (
    "import sys, runpy; sys.argv = ['judgetui', *sys.argv[1:]];"
    "code = 0\n"
    "try: runpy.run_module('judgetui', run_name='__main__')\n"
    "except SystemExit as e: code = e.code\n"
    "print('pydantic' in sys.modules); sys.exit(code)"
)


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
    with pytest.raises(ValidationError):
        build.penalty_record(**_record(points=-1))
    with pytest.raises(ValidationError):
        build.incident_recorded(**{**_incident()["data"], "note": "a\x1bb"})
    note = build.record_reviewed(record="r1", action="confirm", note="  ok  ")["note"]
    assert note == "ok"  # stripped, by the model
    assert build.voided("decision_voided", target="d-7", note="x") == {
        "decision": "d-7",
        "note": "x",
    }
    assert build.build("round_set", round=3) == {"round": 3}


# The door (generated from the declarations) must give the model's dump or step aside.
texts = st.text(
    alphabet=st.sampled_from(["a", "Z", "0", "_", " ", "\t", "\n", "\u3000", "\x1c", "é", "\x1b"]),
    max_size=6,
)
keys = st.sampled_from(["slow_play", "notice", "P1", "x", ""]) | texts
maybe_keys = st.none() | keys
odd = st.sampled_from([1, "1", 1.0, True, None, "yes", [], -1, 3000, {}, 10_001, " P2", "P2"])


def _the_door_agrees(model: str, args: dict[str, Any]) -> None:
    made = shapes.DOORS[model](args)
    try:
        slow: Any = entries.MODELS[model].model_validate(args).model_dump()
    except ValidationError:
        assert made is None, (args, made)
        return
    if made is not None:
        assert made == slow and list(made) == list(slow)
        for key, value in made.items():
            assert type(value) is type(slow[key])


def _record_args(draw: Any) -> dict[str, Any]:
    return {
        "id": draw(keys),
        "player": draw(keys),
        "warning": draw(keys),
        "sanction": draw(maybe_keys),
        "penalty": draw(keys),
        "minimum": draw(keys),
        "recommended": draw(keys),
        "points": draw(st.integers(-1, 5) | odd),
        "status": draw(st.sampled_from(["pending", "issued", "dismissed"]) | odd),
        "applies": draw(st.sampled_from([None, "current", "next", "later"])),
        "minor": draw(st.booleans() | odd),
        "draft_only": draw(st.booleans()),
        "investigation": draw(st.booleans() | odd),
        "supersedes": draw(maybe_keys),
    }


record_args = st.composite(_record_args)()


@settings(max_examples=300, deadline=None)
@given(record_args)
def test_the_penalty_record_door_agrees(args: dict[str, Any]) -> None:
    _the_door_agrees("PenaltyRecord", args)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(record_args, min_size=0, max_size=2),
    st.fixed_dictionaries(
        {
            "incident": keys,
            "infraction": keys,
            "intentional": st.booleans() | odd,
            "disruptive": st.booleans(),
            "flags": st.lists(keys, max_size=2),
            "minutes_late": st.none() | st.integers(-1, 1441) | odd,
            "note": texts | st.sampled_from([" x " * 700, "y" * 2000, "y" * 2001, " " * 2100]),
            "round": st.integers(1, 9) | odd,
            "phase": st.sampled_from(["main", "finals", "semis"]),
            "table": st.none() | st.integers(0, 10_001) | odd,
            "game": st.none() | st.integers(0, 10) | odd,
            "opponent": st.none() | st.sampled_from(["P2", "-P2", "P2\n"]) | odd,
            "extension": st.none() | st.integers(0, 61) | odd,
            "duplicate_of": st.none() | st.sampled_from(["abc", "", " abc", "x" * 65]),
        }
    ),
)
def test_the_incident_door_agrees(records: list[dict[str, Any]], fields: dict[str, Any]) -> None:
    made = [shapes.DOORS["PenaltyRecord"](r) or r for r in records]
    _the_door_agrees("IncidentRecorded", {**fields, "records": made})


@settings(max_examples=200, deadline=None)
@given(
    keys,
    st.sampled_from(["confirm", "upgrade", "dismiss", "redo"]),
    texts | st.sampled_from(["z" * 2001, " z " * 600]),
    st.none() | record_args,
    st.none() | st.booleans() | odd,
)
def test_the_review_door_agrees(
    record: str, action: str, note: str, replacement: dict[str, Any] | None, minor: Any
) -> None:
    args = {"record": record, "action": action, "note": note, "replacement": replacement}
    _the_door_agrees("RecordReviewed", {**args, "minor": minor})


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(shapes.DOORS)), st.dictionaries(keys, odd | keys, max_size=4))
def test_every_door_steps_aside_for_what_it_does_not_know(model: str, args: dict[str, Any]) -> None:
    _the_door_agrees(model, args)


def test_recording_a_penalty_imports_no_pydantic(tmp_path: Path) -> None:
    """The service's values are exact: the generated door makes the record's entries."""
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
    for command in (["queue"], ["verify"]):
        proc = subprocess.run(
            [sys.executable, "-c", PROBE, "--db", str(db), *command],
            env=env,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip().splitlines()[-1] == "False", command
