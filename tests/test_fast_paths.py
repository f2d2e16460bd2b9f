"""The fast paths behave exactly like the slow ones they stand in for.

* `judgetui.payloads` builds the record and review payloads as plain dicts, equal to
  what the pydantic models in `judgetui.models` dump;
* the command line records a penalty without importing pydantic.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from judgetui import models, payloads

ROOT = Path(__file__).resolve().parent.parent
YES_NO = ("--intentional", "no", "--disruptive", "yes")
# ----------------------------------------------------------------------- payloads

texts = st.text(
    alphabet=st.sampled_from(["a", "Z", "0", "_", " ", "\t", "\n", "\u3000", "\x1c", "é"]),
    max_size=6,
)
keys = st.sampled_from(["slow_play", "notice", "P1", "x"]) | texts
maybe_keys = st.none() | keys
odd = st.sampled_from([1, "1", 1.0, True, None, "yes", [], -1, 3000])


def _same(fast: Any, slow: Any) -> None:
    """Both raised a ValidationError, or both returned equal dicts with equal key order."""
    if isinstance(slow, ValidationError):
        assert isinstance(fast, ValidationError)
        assert fast.errors() == slow.errors()
    else:
        assert not isinstance(fast, Exception), fast
        assert fast == slow
        assert list(fast) == list(slow)


def _call(fn: Any, **kwargs: Any) -> Any:
    try:
        return fn(**kwargs)
    except ValidationError as exc:
        return exc


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
def test_penalty_record_matches_the_model(args: dict[str, Any]) -> None:
    slow = _call(lambda **kw: models.PenaltyRecord(**kw).model_dump(), **args)
    _same(_call(payloads.penalty_record, **args), slow)


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
        }
    ),
)
def test_incident_matches_the_model(
    record_list: list[dict[str, Any]], fields: dict[str, Any]
) -> None:
    records = []
    for args in record_list:
        made = _call(payloads.penalty_record, **args)
        records.append(made if isinstance(made, dict) else args)
    args = {**fields, "records": records}
    slow = _call(lambda **kw: models.IncidentRecorded(**kw).model_dump(), **args)
    _same(_call(payloads.incident_recorded, **args), slow)


@settings(max_examples=200, deadline=None)
@given(
    keys,
    st.sampled_from(["confirm", "upgrade", "dismiss", "redo"]),
    texts | st.sampled_from(["z" * 2001, " z " * 600]),
    st.none() | record_args,
)
def test_review_matches_the_model(
    record: str, action: str, note: str, replacement: dict[str, Any] | None
) -> None:
    if replacement is not None:
        made = _call(payloads.penalty_record, **replacement)
        replacement = made if isinstance(made, dict) else replacement
    args = {"record": record, "action": action, "note": note, "replacement": replacement}
    slow = _call(lambda **kw: models.RecordReviewed(**kw).model_dump(), **args)
    _same(_call(payloads.record_reviewed, **args), slow)


@given(keys, keys, st.integers(0, 9) | odd)
def test_caution_matches_the_model(incident: str, infraction: str, round_: Any) -> None:
    args = {"incident": incident, "infraction": infraction, "round": round_}
    slow = _call(lambda **kw: models.CautionGiven(**kw).model_dump(), **args)
    _same(_call(payloads.caution_given, **args), slow)


# ----------------------------------------------------------------------- no pydantic


def test_record_command_does_not_import_pydantic(tmp_path: Path) -> None:
    db = tmp_path / "event.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = [sys.executable, "-m", "judgetui", "--db", str(db)]

    def run(*args: str) -> None:
        proc = subprocess.run([*base, *args], env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr

    csv = tmp_path / "players.csv"
    csv.write_text("id,name\nP1,Ann Lee\n", encoding="utf-8")
    run("event", "init", "--name", "Open", "--head-judge", "Kana Mori")
    run("players", "import", str(csv), "--judge", "Kana Mori")
    probe = (
        "import sys, runpy; sys.argv = ['judgetui', *sys.argv[1:]];"
        "code = 0\n"
        "try: runpy.run_module('judgetui', run_name='__main__')\n"
        "except SystemExit as e: code = e.code\n"
        "print('pydantic' in sys.modules); sys.exit(code)"
    )
    record = ("record", "--judge", "Kana Mori", "--player", "P1", "--infraction", "slow_play")
    proc = subprocess.run(
        [sys.executable, "-c", probe, "--db", str(db), *record, *YES_NO],
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "False"
