"""A damaged event file: every command exits 2 with one line naming the file, no
traceback, and the file byte-for-byte as it was; a missing file says how to make one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from judgetui import cli
from judgetui.service import Station
from judgetui.store import GENESIS_HASH, entry_hash

HEAD = "Kana Mori"
FLOOR = "Alex Reed"

COMMANDS: list[list[str]] = [
    ["queue"],
    ["queue", "--json"],
    ["record", "--judge", HEAD, "--player", "P1", "--infraction", "slow_play",
     "--intentional", "no", "--disruptive", "yes"],
    ["record", "--judge", FLOOR, "--player", "P1", "--infraction", "slow_play",
     "--intentional", "no", "--disruptive", "no"],
    ["player", "P1"],
    ["player", "P1", "--json"],
    ["export"],
    ["export", "--format", "csv"],
    ["review", "00000000-0000-0000-0000-000000000001", "confirm", "--judge", HEAD],
    ["decide", "P1", "ejection", "--judge", HEAD],
    ["event", "round", "2", "--judge", HEAD],
    ["event", "finals", "--judge", HEAD],
    ["event", "judge", "Sam Hill", "--judge", HEAD],
    ["event", "show"],
    ["players", "import", "{csv}", "--judge", HEAD],
]  # fmt: skip

#: Damage the store itself refuses (so `verify`, which checks the hash chain, exits 2
#: too); the rest is hash-chained correctly and only the event's meaning is wrong.
UNREADABLE = {
    "truncated",
    "truncated-to-one-byte",
    "empty",
    "garbage",
    "text",
    "json-list",
    "json-object-not-an-event",
    "meta-not-a-table",
    "log-not-a-table",
    "newer-schema",
}


def _chain(entries: list[dict[str, Any]]) -> bytes:
    """A structurally valid, correctly hash-chained event file around ``entries``."""
    log: dict[str, Any] = {}
    prev = GENESIS_HASH
    for seq, entry in enumerate(entries, 1):
        sealed = {**entry, "seq": seq, "prev": prev}
        sealed["hash"] = prev = entry_hash(sealed)
        log[str(seq)] = sealed
    return orjson.dumps({"meta": {"1": {"schema_version": 1, "event_id": "x"}}, "log": log})


def _entries(good: bytes) -> list[dict[str, Any]]:
    log = orjson.loads(good)["log"]
    return [log[key] for key in sorted(log, key=int)]


def _replace_data(entries: list[dict[str, Any]], index: int, **data: Any) -> list[dict[str, Any]]:
    changed = [dict(e) for e in entries]
    changed[index] = {**changed[index], "data": {**changed[index]["data"], **data}}
    return changed


def _bad_record(entries: list[dict[str, Any]], **fields: Any) -> list[dict[str, Any]]:
    """The last entry is an incident: give its first record other fields."""
    incident = entries[-1]
    assert incident["kind"] == "incident_recorded"
    records = [{**incident["data"]["records"][0], **fields}]
    return _replace_data(entries, len(entries) - 1, records=records)


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "truncated": lambda good: good[: len(good) // 2],
    "truncated-to-one-byte": lambda good: good[:1],
    "empty": lambda good: b"",
    "garbage": lambda good: b"\x00\x17garbage \xff\xfe not json at all",
    "text": lambda good: b"id,name\nP1,Taro\n",
    "json-list": lambda good: b"[1, 2, 3]",
    "json-object-not-an-event": lambda good: b'{"players": {"1": {"id": "P1"}}}',
    "meta-not-a-table": lambda good: b'{"meta": [], "log": {}}',
    "log-not-a-table": lambda good: b'{"meta": {"1": {"schema_version": 1}}, "log": [1]}',
    "entry-without-kind": lambda good: (
        b'{"meta": {"1": {"schema_version": 1}}, "log": {"1": {"seq": 1, "hash": "x"}}}'
    ),
    "newer-schema": lambda good: good.replace(b'"schema_version":1', b'"schema_version":99'),
    "empty-log": lambda good: _chain([]),
    "no-event-created": lambda good: _chain(_entries(good)[1:]),
    "data-not-an-object": lambda good: _chain(
        [{**_entries(good)[0], "data": "Test Open"}, *_entries(good)[1:]]
    ),
    "judges-not-objects": lambda good: _chain(
        _replace_data(_entries(good), 0, judges=[HEAD, FLOOR])
    ),
    "unknown-kind": lambda good: _chain(
        [*_entries(good), {**_entries(good)[-1], "kind": "penalty_forgotten"}]
    ),
    "unknown-warning": lambda good: _chain(_bad_record(_entries(good), warning="bogus")),
    "unknown-status": lambda good: _chain(_bad_record(_entries(good), status="lost")),
    "unknown-player": lambda good: _chain(_bad_record(_entries(good), player="P404")),
    "points-not-a-number": lambda good: _chain(_bad_record(_entries(good), points="three")),
    "unknown-phase": lambda good: _chain(
        _replace_data(_entries(good), len(_entries(good)) - 1, phase="semis")
    ),
}


@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a small, valid event: roster, players, one issued Single Warning."""
    from judgetui.identity import Caller
    from judgetui.models import Player
    from judgetui.rules import load_rules
    from judgetui.service import RecordRequest
    from judgetui.store import EventFile

    path = tmp_path_factory.mktemp("good") / "event.json"
    service = Station(EventFile(path), load_rules(), caller=Caller("tester", None))
    service.create_event("Test Open", HEAD, [FLOOR])
    service.import_players(HEAD, [Player(id="P1", name="Taro"), Player(id="P2", name="Ann")])
    service.record(HEAD, RecordRequest(["P2"], "slow_play", True, False))
    return path.read_bytes()


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_every_command_refuses_a_damaged_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, good_file: bytes, damage: str
) -> None:
    db = tmp_path / "event.json"
    bad = DAMAGE[damage](good_file)
    assert bad != good_file
    db.write_bytes(bad)
    csv = tmp_path / "players.csv"
    csv.write_text("id,name\nP9,Nine\n", encoding="utf-8")
    commands = [*COMMANDS, ["verify"]] if damage in UNREADABLE else COMMANDS
    for command in commands:
        argv = [a.format(csv=csv) for a in command]
        code, out, err = run(capsys, "--db", db, *argv)
        assert code == 2, (argv, code, out, err)
        assert "Traceback" not in out + err
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        assert str(db) in lines[0], (argv, lines[0])
        assert db.read_bytes() == bad, argv
    # no temp file or anything else left beside it (the lock file may exist)
    assert sorted(p.name for p in tmp_path.iterdir()) in (
        ["event.json", "players.csv"],
        ["event.json", "event.json.lock", "players.csv"],
    )


def test_the_undamaged_file_works(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, good_file: bytes
) -> None:
    """The damage above is the only reason those commands fail."""
    db = tmp_path / "event.json"
    db.write_bytes(good_file)
    for command in (["queue"], ["player", "P2"], ["export"], ["verify"], ["event", "show"]):
        code, _, err = run(capsys, "--db", db, *command)
        assert code == 0, (command, err)


def test_a_missing_file_says_how_to_create_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "nowhere.json"
    for command in [*COMMANDS, ["verify"]]:
        argv = [a.format(csv=tmp_path / "players.csv") for a in command]
        if argv[0] == "players":
            (tmp_path / "players.csv").write_text("id,name\nP9,Nine\n", encoding="utf-8")
        code, out, err = run(capsys, "--db", db, *argv)
        assert code == 2, (argv, code, out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1, (argv, err)
        assert str(db) in lines[0]
        assert "judgetui event init" in lines[0]
        assert not db.exists()


def test_the_default_file_comes_from_judgetui_db(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "from-env.json"
    monkeypatch.setenv("JUDGETUI_DB", str(db))
    code, _, err = run(capsys, "queue")
    assert code == 2
    assert str(db) in err
