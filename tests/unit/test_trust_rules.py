"""The event owns its rules (issue 10, items 1 and 9's schema part).

What a judge may issue is decided by the rules kept in the event file's own log: a
`--rules` file, a cache folder, an environment variable or a file in $HOME changes
nothing. Only the head judge changes an event's rules, and the change is a log entry.
The rules schema refuses wrong types, unknown versions and a repeat raised to less than
an official warning.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import msgspec
import pytest

from judgetui import cli, rules
from judgetui.identity import Caller
from judgetui.rules import parse_rules, rules_sha256, shipped_rules_text
from judgetui.service import Planner, Station
from judgetui.state import EventState
from judgetui.station.session import Session, load_state
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import FIXED_NOW

HEAD = "Kana Mori"
FLOOR = "Alex Reed"
ROOT = Path(__file__).resolve().parents[2]
SHIPPED = shipped_rules_text()


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], db: Path | None, code: int, *argv: object) -> str:
    """A command that fails with ``code``: one line, no traceback, the file unchanged."""
    before = db.read_bytes() if db is not None and db.exists() else None
    got, out, err = run(capsys, *argv)
    assert got == code, (got, out, err)
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("judgetui: ")
    if db is not None:
        assert (db.read_bytes() if db.exists() else None) == before
    return lines[0]


def record(db: Path, judge: str, penalty: str, *extra: object) -> list[object]:
    return [
        "record",
        "--db",
        db,
        "--judge",
        judge,
        "--player",
        "P1",
        "--infraction",
        "slow_play",
        "--intentional",
        "no",
        "--disruptive",
        "yes",
        "--penalty",
        penalty,
        *extra,
    ]


def evil_text() -> str:
    """The shipped rules with every penalty given freely by any judge."""
    text = SHIPPED
    for issuer in ('issuer = "head"', 'issuer = "head_confirms"'):
        text = text.replace(issuer, 'issuer = "any_reported"')
    assert text != SHIPPED
    parse_rules(text, "evil.toml")  # a valid rules file: only its powers are wrong
    return text


def stricter_text() -> str:
    """The shipped rules with a floor judge's Notice needing the head judge too."""
    text = SHIPPED.replace(
        'abbr = "通"\npoints = 0\nrecorded = true\nissuer = "any_reported"',
        'abbr = "通"\npoints = 0\nrecorded = true\nissuer = "head"',
        1,
    )
    assert text != SHIPPED
    parse_rules(text, "stricter.toml")
    return text


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def log(db: Path) -> list[dict[str, Any]]:
    entries = json.loads(db.read_text(encoding="utf-8"))["log"]
    return [entries[k] for k in sorted(entries, key=int)]


def event_show(capsys: pytest.CaptureFixture[str], db: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "event", "show", "--db", db, "--json")
    assert code == 0, err
    shown: dict[str, Any] = json.loads(out)
    return shown


@pytest.fixture
def db(station: Station, db_path: Path) -> Path:
    """The conftest event (head Kana Mori, floor Alex Reed, players P1–P6), shipped rules."""
    return db_path


# --------------------------------------------------------------------- --rules on an event


def test_new_event_keeps_its_rules_text_and_hash_in_the_log(db: Path) -> None:
    created = log(db)[0]
    assert created["kind"] == "event_created"
    kept = created["data"]["rules"]
    assert kept["text"] == SHIPPED
    assert kept["sha256"] == hashlib.sha256(SHIPPED.encode()).hexdigest()


def test_floor_judge_cannot_gain_powers_with_rules_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    evil = write(tmp_path / "evil.toml", evil_text())
    for penalty in ("double_warning", "disqualification"):
        before_queue = run(capsys, "queue", "--db", db, "--json")[1]
        for argv in (
            ["--rules", evil, *record(db, FLOOR, penalty)],
            [*record(db, FLOOR, penalty), "--rules", evil],
        ):
            line = refused(capsys, db, 2, *argv)
            assert "judgetui event rules FILE --judge HEAD" in line
        assert run(capsys, "queue", "--db", db, "--json")[1] == before_queue
    # every other command on the event refuses it the same way
    for argv in (["queue"], ["player", "P1"], ["event", "show"], ["export"]):
        refused(capsys, db, 2, "--rules", evil, *argv, "--db", db)
    refused(capsys, db, 2, "--rules", evil, "event", "round", "2", "--judge", HEAD, "--db", db)
    # and without --rules the floor judge is where the event's rules put them
    refused(capsys, db, 3, *record(db, FLOOR, "double_warning"))
    assert all(entry["kind"] != "incident_recorded" for entry in log(db))


def test_station_refuses_a_rules_option_that_is_not_the_events(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = types.ModuleType("judgetui.station.app")

    def run_station(**kwargs: object) -> int:
        raise AssertionError("the station was opened with rules the event does not keep")

    app.run_station = run_station  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "judgetui.station.app", app)
    evil = write(tmp_path / "evil.toml", evil_text())
    line = refused(capsys, db, 2, "--rules", evil, "--db", db, "--judge", FLOOR)
    assert "judgetui event rules" in line


def test_the_events_own_rules_file_is_accepted_silently(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    same = write(tmp_path / "copy.toml", SHIPPED)
    code, out, err = run(capsys, "--rules", same, *record(db, HEAD, "single_warning"))
    assert (code, err) == (0, UNBOUND_WARNING)
    assert "Single Warning" in out


def test_rules_cache_in_home_gives_no_powers(tmp_path: Path, db: Path) -> None:
    """Crafted 'validated rules' in every cache folder the old code read change nothing."""
    evil = parse_rules(evil_text(), "evil.toml")
    crafted = msgspec.to_builtins(evil)
    home, xdg, env_dir = tmp_path / "home", tmp_path / "xdg", tmp_path / "cache-env"
    folders = [home / ".cache" / "judgetui", xdg / "judgetui", env_dir]
    here = ROOT / "judgetui"
    old_key = hashlib.sha256()
    # the old cache's key hashed rules.py and rules_schema.py (gone: one declaration now)
    old_key.update((here / "rules.py").read_bytes())
    old_key.update(b"\0" + SHIPPED.encode())
    for folder in folders:
        folder.mkdir(parents=True)
        for key in (old_key.hexdigest(), rules_sha256(SHIPPED), "0" * 64):
            payload = json.dumps({"key": key, "rules": crafted})
            (folder / f"rules-{key[:32]}.json").write_text(payload)
            (folder / f"rules-{key}.json").write_text(payload)
    listing = {f: sorted(p.name for p in f.iterdir()) for f in folders}
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(xdg),
        "JUDGETUI_CACHE_DIR": str(env_dir),
        "PYTHONPATH": str(ROOT),
    }
    before = db.read_bytes()
    for penalty in ("double_warning", "disqualification"):
        argv = [str(a) for a in record(db, FLOOR, penalty)]
        done = subprocess.run(
            [sys.executable, "-m", "judgetui", *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 3, done.stderr
        assert "only the head judge may issue" in done.stderr
    assert db.read_bytes() == before
    assert {f: sorted(p.name for p in f.iterdir()) for f in folders} == listing


def test_no_cache_or_environment_variable_is_left_in_the_code() -> None:
    source = (ROOT / "judgetui" / "rules.py").read_text(encoding="utf-8")
    for gone in ("JUDGETUI_CACHE_DIR", "XDG_CACHE_HOME", "expanduser", ".cache"):
        assert gone not in source


# --------------------------------------------------------------- the event keeps its rules


def test_event_keeps_its_rules_after_rules_file_changes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "event.json"
    path = write(tmp_path / "event-rules.toml", stricter_text())
    kept = rules_sha256(stricter_text())
    init = ["event", "init", "--name", "Open", "--head-judge", HEAD, "--floor-judge", FLOOR]
    assert run(capsys, "--rules", path, *init, "--db", db)[0] == 0
    csv = write(tmp_path / "players.csv", "id,name\nP1,Ann\nP2,Bob\n")
    assert run(capsys, "players", "import", csv, "--judge", HEAD, "--db", db)[0] == 0
    assert event_show(capsys, db)["rules_sha256"] == kept

    # the file on disk becomes the evil one: the event does not follow it
    write(path, evil_text())
    refused(capsys, db, 2, "--rules", path, *record(db, FLOOR, "double_warning"))
    refused(capsys, db, 3, *record(db, FLOOR, "double_warning"))
    # the stricter rules the event was made with are the ones in force: a Notice too
    # is the head judge's, which the shipped rules would let a floor judge give
    refused(capsys, db, 3, *record(db, FLOOR, "notice"))
    assert event_show(capsys, db)["rules_sha256"] == kept


def test_head_judge_changes_rules_with_a_log_entry(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    evil = write(tmp_path / "evil.toml", evil_text())
    before = log(db)
    code, out, err = run(capsys, "event", "rules", evil, "--judge", HEAD, "--db", db)
    assert (code, err) == (0, UNBOUND_WARNING), err
    assert rules_sha256(evil_text())[:12] in out
    after = log(db)
    assert after[: len(before)] == before  # appended, nothing rewritten
    (change,) = after[len(before) :]
    assert change["kind"] == "rules_changed"
    assert change["judge"] == HEAD
    assert change["data"] == {"text": evil_text(), "sha256": rules_sha256(evil_text())}
    assert run(capsys, "verify", "--db", db)[0] == 0
    assert event_show(capsys, db)["rules_sha256"] == rules_sha256(evil_text())
    # the head judge's rules now decide: a floor judge's Double Warning goes to the queue
    code, out, err = run(capsys, *record(db, FLOOR, "double_warning"), "--json")
    assert code == 0, err
    assert json.loads(out)["records"][0]["penalty"] == "double_warning"
    # the same rules again change nothing
    line = refused(capsys, db, 2, "event", "rules", evil, "--judge", HEAD, "--db", db)
    assert "already uses these rules" in line


def test_station_follows_a_rules_change_at_its_entry(tmp_path: Path, db: Path) -> None:
    """An open station applies the new entry and reads the new rules from then on."""
    station = Station(EventFile(db), rules.load_rules(), caller=Caller("tester", None))
    state, stamp = load_state(station)
    session = Session(station, state.judges[HEAD], state, lambda: FIXED_NOW, stamp)
    shipped = session.rules
    assert state.rules_source().sha256 == rules_sha256(SHIPPED)

    other = Station(EventFile(db), rules.load_rules(), caller=Caller("tester", None))
    other.change_rules(HEAD, rules.rules_source(evil_text(), "evil.toml"))
    assert session.refresh()
    assert session.state is state  # applied entry by entry, not refolded
    assert session.rules is not shipped
    assert session.rules.penalties["double_warning"].issuer == "any_reported"
    assert session.state.rules_source().sha256 == rules_sha256(evil_text())
    assert session.state.rules_stored
    # and this station's own writes are planned with the file's rules
    station.load()
    assert station.rules is session.rules
    assert station.planner.rules is session.rules


def test_floor_judge_cannot_change_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    evil = write(tmp_path / "evil.toml", evil_text())
    line = refused(capsys, db, 3, "event", "rules", evil, "--judge", FLOOR, "--db", db)
    assert "only the head judge may change the event's rules" in line


def test_a_bad_rules_file_is_not_put_in_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    bad = write(tmp_path / "bad.toml", SHIPPED.replace("points = 1", "points = true", 1))
    line = refused(capsys, db, 2, "event", "rules", bad, "--judge", HEAD, "--db", db)
    first = refused(capsys, None, 2, "check-rules", bad)
    assert line == first
    assert "penalties.single_warning.points: True" in line


def test_new_rules_must_know_what_the_log_already_uses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    assert run(capsys, *record(db, HEAD, "single_warning"))[0] == 0
    text = SHIPPED.replace("[infractions.slow_play]", "[infractions.slow_playing]")
    parse_rules(text, "renamed.toml")
    renamed = write(tmp_path / "renamed.toml", text)
    line = refused(capsys, db, 2, "event", "rules", renamed, "--judge", HEAD, "--db", db)
    assert "'slow_play'" in line


# ------------------------------------------------------------------ reading the log's rules


def _append(db: Path, entry: dict[str, Any]) -> None:
    EventFile(db).append(lambda snapshot: [entry])


def _entry(kind: str, judge: str | None, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": kind,
        "at": "2026-11-28T15:00:00Z",
        "judge": judge,
        "os_user": "tester",
        "client": None,
        "data": data,
    }


@pytest.mark.parametrize(
    ("judge", "data", "why"),
    [
        (FLOOR, {"text": evil_text(), "sha256": rules_sha256(evil_text())}, "not the head"),
        (HEAD, {"text": SHIPPED + "\n", "sha256": "0" * 64}, "does not match its sha256"),
        (HEAD, {"text": "version = 1\n", "sha256": rules_sha256("version = 1\n")}, "missing"),
    ],
)
def test_forged_rules_entries_are_refused_on_read(
    capsys: pytest.CaptureFixture[str], db: Path, judge: str, data: dict[str, Any], why: str
) -> None:
    """A well-chained entry that nobody could have written through judgetui."""
    _append(db, _entry("rules_changed", judge, data))
    line = refused(capsys, db, 2, "queue", "--db", db)
    assert why in line
    refused(capsys, db, 2, *record(db, FLOOR, "double_warning"))


def test_old_event_without_stored_rules_uses_the_shipped_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An event file from before events kept their rules: loads, says nothing."""
    from judgetui.models import EventCreated, Judge, Player, dumped

    db = tmp_path / "old.json"
    planner = Planner(rules.load_rules(), Caller("tester", None))
    judges = [Judge(name=HEAD, role="head"), Judge(name=FLOOR, role="floor")]
    created = dumped(EventCreated(name="Old Open", judges=judges))
    del created["rules"]
    EventFile(db).create([planner.entry("event_created", None, created)])
    station = Station(EventFile(db), rules.load_rules(), caller=Caller("tester", None))
    station.import_players(HEAD, [Player(id="P1", name="Ann")])
    assert "rules" not in log(db)[0]["data"]

    code, out, err = run(capsys, *record(db, HEAD, "single_warning"))
    assert (code, err) == (0, UNBOUND_WARNING)
    assert "Single Warning" in out
    assert event_show(capsys, db)["rules_sha256"] == rules_sha256(SHIPPED)
    assert not station.load().rules_stored
    refused(capsys, db, 3, *record(db, FLOOR, "double_warning"))
    evil = write(tmp_path / "evil.toml", evil_text())
    refused(capsys, db, 2, "--rules", evil, *record(db, FLOOR, "double_warning"))
    # the head judge gives it rules of its own with a log entry
    assert run(capsys, "event", "rules", evil, "--judge", HEAD, "--db", db)[0] == 0
    assert station.load().rules_stored


def test_the_shipped_rules_built_without_pydantic_equal_the_validated_ones() -> None:
    """The one text built straight from its TOML: the schema agrees with every value."""
    assert rules._validate(SHIPPED, "rules.toml") == rules.load_rules()
    assert rules.load_rules() is parse_rules(SHIPPED)
    changed = SHIPPED + "\n# one comment more\n"
    assert rules.rules_source(changed).rules == rules.load_rules()  # validated, not built


def test_event_state_folded_without_a_station_switches_rules_too() -> None:
    from judgetui.models import EventCreated, Judge

    evil = rules.rules_source(evil_text(), "evil.toml")
    planner = Planner(rules.load_rules(), Caller("tester", None))
    created = EventCreated(name="Fold", judges=[Judge(name=HEAD, role="head")])
    entries = [{**planner.event_entries(created)[0], "seq": 1}]
    head = EventState.fold(rules.load_rules(), entries).judges[HEAD]
    change = planner.entry("rules_changed", head, {"text": evil.text, "sha256": evil.sha256})
    entries.append({**change, "seq": 2})
    state = EventState.fold(rules.load_rules(), entries[:1])
    assert state.rules is rules.load_rules()
    state.apply(entries[1])
    assert state.rules is evil.rules


# --------------------------------------------------------------------------- the schema


def _check(capsys: pytest.CaptureFixture[str], tmp_path: Path, old: str, new: str) -> str:
    assert old in SHIPPED, old
    path = write(tmp_path / "edited.toml", SHIPPED.replace(old, new, 1))
    return refused(capsys, None, 2, "check-rules", path)


def test_rules_schema_refuses_bool_for_int(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = _check(capsys, tmp_path, "points = 1", "points = true")
    assert "penalties.single_warning.points: True" in line
    line = _check(capsys, tmp_path, "threshold = 3", "threshold = true")
    assert "three_warnings.threshold: True" in line
    line = _check(capsys, tmp_path, "rank = 2", 'rank = "2"')
    assert "penalties.single_warning.rank: '2'" in line


def test_rules_schema_refuses_unknown_version(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = _check(capsys, tmp_path, "version = 1", "version = 2")
    assert "version: 2" in line
    assert "known: 1" in line
    assert "version: True" in _check(capsys, tmp_path, "version = 1", "version = true")


@pytest.mark.parametrize("level", ["caution", "notice"])
def test_rules_schema_refuses_repeat_raises_to_below_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, level: str
) -> None:
    line = _check(
        capsys, tmp_path, 'repeat_raises_to = "double_warning"', f'repeat_raises_to = "{level}"'
    )
    assert f"history.repeat_raises_to: '{level}' is below an official warning" in line
    line = _check(
        capsys,
        tmp_path,
        'repeat_from_main_raises_to = "double_warning"',
        f'repeat_from_main_raises_to = "{level}"',
    )
    assert f"finals.repeat_from_main_raises_to: '{level}'" in line
