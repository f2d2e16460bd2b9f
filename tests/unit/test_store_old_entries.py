"""Event files written before issue 27 carry ``before`` in every entry (a digest of the log's
bytes before it, which the store no longer writes); they open, verify, fold and take new
entries as ever, the new ones without it. And the store's checks of a file it reads
before a write: an edited, re-chained, rewritten or truncated file is refused or warned
of on every write, leaving the file as it was.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import orjson
import pytest

from judgetui.cli import main
from judgetui.rules import load_rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile, EventFileError
from judgetui.store.follow import LogReader
from tests.helpers.chain import rechain
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import HEAD, record, writer_on

pytestmark = pytest.mark.unit

RECORD = ["record", "--judge", HEAD, "--infraction", "slow_play", "--intentional", "no"]
RECORD += ["--disruptive", "yes", "--player"]
OLD_FILE = Path(__file__).resolve().parents[1] / "data" / "event_before_27.json"
"""Written by judgetui at 6fea491 (event init, players import, two records)."""


def names(path: Path) -> list[str]:
    """What is in the event's folder: the file and its lock, and no temp file."""
    return sorted(p.name for p in path.parent.iterdir())


def sealed(path: Path) -> list[bool]:
    return ["before" in e for e in orjson.loads(path.read_bytes())["log"].values()]


def cli(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_no_write_seals_a_digest(station: Station, db_path: Path) -> None:
    record(station, HEAD, "P1", "slow_play")
    assert sealed(db_path) == [False] * len(sealed(db_path))
    assert station.file.verify().ok


def test_an_old_file_opens_verifies_and_takes_new_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.json"
    shutil.copyfile(OLD_FILE, path)
    assert all(sealed(path))
    assert EventFile(path).verify().ok
    code, _out, _err = cli(capsys, path, *RECORD, "P3")  # the command line reads it
    assert code == 0
    station = writer_on(path, load_rules(), 2)
    reader = LogReader(station.file)
    station.holder = reader
    reader.load()
    assert reader.verify().ok
    station.record(HEAD, RecordRequest(["P1"], "tardiness", False, True))  # a station's
    assert station.file.last_write == "held"
    assert sealed(path) == [True] * 4 + [False] * 2
    assert EventFile(path).verify().ok
    state = station.load()
    assert {r.player for r in state.records.values()} == {"P1", "P2", "P3"}
    read = reader.read()
    assert read is not None and read.entries == EventFile(path).load().entries


def test_an_edited_entry_is_checked_and_refused_again(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry made malformed and re-hashed (the chain holds): the write checks every
    entry and refuses the file, unchanged."""
    record(station, HEAD, "P1", "slow_play")
    record(station, HEAD, "P2", "slow_play")
    doc = json.loads(db_path.read_bytes())
    log = doc["log"]
    log["3"]["data"]["records"][0]["points"] = "two"
    rechain(log, 3)
    db_path.write_bytes(orjson.dumps(doc))  # the store's own layout: only the bytes differ
    before = db_path.read_bytes()
    code, _out, err = cli(capsys, db_path, *RECORD, "P3")
    assert code != 0 and "points" in err
    assert db_path.read_bytes() == before
    assert names(db_path) == [db_path.name, f"{db_path.name}.lock"]


def test_a_broken_chain_is_warned_of_on_every_write(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(station, HEAD, "P1", "slow_play")
    doc = json.loads(db_path.read_bytes())
    doc["log"]["3"]["data"]["note"] = "edited"
    db_path.write_bytes(orjson.dumps(doc))
    for player in ("P2", "P3"):
        code, _out, err = cli(capsys, db_path, *RECORD, player)
        assert code == 0 and "chain is broken at entry 3" in err


def test_a_file_rewritten_by_tinydb_is_checked_whole(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(station, HEAD, "P1", "slow_play")
    db_path.write_text(json.dumps(json.loads(db_path.read_bytes()), indent=4), encoding="utf-8")
    assert cli(capsys, db_path, *RECORD, "P2")[:1] == (0,)
    code, _out, err = cli(capsys, db_path, *RECORD, "P3")
    assert (code, err) == (0, UNBOUND_WARNING)
    assert EventFile(db_path).verify().ok


def test_a_refused_write_leaves_no_temp_file(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = db_path.read_bytes()
    code, _out, _err = cli(capsys, db_path, *RECORD, "P404")
    assert code == 2
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == [
        db_path.name,
        db_path.name + ".lock",
    ]


def test_truncated_file_is_refused_as_ever(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(station, HEAD, "P1", "slow_play")
    raw = db_path.read_bytes()
    db_path.write_bytes(raw[: len(raw) // 2])
    before = db_path.read_bytes()
    code, _out, err = cli(capsys, db_path, *RECORD, "P2")
    assert code != 0 and "truncated" in err
    assert db_path.read_bytes() == before
    with pytest.raises(EventFileError):
        EventFile(db_path).load()


def test_a_write_that_reads_nothing_leaves_a_malformed_entry_refused(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry made malformed, the chain re-hashed over it: a write whose ``build`` reads
    nothing appends, and the write after still refuses the file."""
    record(station, HEAD, "P1", "slow_play")
    doc = json.loads(db_path.read_bytes())
    log = doc["log"]
    log["3"]["data"]["records"][0]["points"] = "two"
    rechain(log, 3)
    db_path.write_bytes(orjson.dumps(doc))
    well_formed = {"kind": "round_set", "at": "2026-12-02T00:00:00Z", "data": {"round": 2}}
    EventFile(db_path).append(lambda _snapshot: [well_formed])
    before = db_path.read_bytes()
    code, _out, err = cli(capsys, db_path, *RECORD, "P2")
    assert code != 0 and "points" in err
    assert db_path.read_bytes() == before
