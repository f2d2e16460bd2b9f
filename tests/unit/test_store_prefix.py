"""Each entry seals the digest of the file before it; a write that finds its last entry's
digest equal to the file's bytes checks only that entry (`judgetui.store.prefix`).

What is held here: every way the store writes seals the true digest (created, appended
from the bytes read, appended from what a station holds); a digest is sealed only onto a
chain found intact, so a broken chain is warned of on every write, not once; the write
that trusts a digest makes exactly the state, entries and file of the one that checks
everything; and anything that makes the bytes differ (an edit, a rewrite by TinyDB, a
re-chained entry) takes the full checks again, with the same refusals and warnings.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judgetui.cli import main
from judgetui.models import Player
from judgetui.rules import load_rules
from judgetui.service import RecordRequest, Station
from judgetui.state import focus
from judgetui.store import EventFile, EventFileError
from judgetui.store import early as store_early
from judgetui.store import listeners as store_listeners
from judgetui.store import prefix as store_prefix
from judgetui.store.follow import LogReader
from tests.helpers.chain import rechain
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import FLOOR, HEAD, record, writer_on

pytestmark = pytest.mark.unit

RECORD = ["record", "--judge", HEAD, "--infraction", "slow_play", "--intentional", "no"]
RECORD += ["--disruptive", "yes", "--player"]


def digests_hold(path: Path) -> list[int]:
    """The seqs of the entries whose ``before`` is NOT the digest of the log's bytes before
    their member in the file as it is (an entry without one is not listed)."""
    raw = path.read_bytes()
    document = orjson.loads(raw)
    log_at = len(b'{"meta":' + orjson.dumps(document["meta"]) + b',"log":{')
    wrong = []
    for key, entry in document["log"].items():
        if "before" not in entry:
            continue
        member = (b"," if key != "1" else b"") + b'"%s":' % key.encode() + orjson.dumps(entry)
        at = raw.find(member)
        if at < 0 or hashlib.sha256(raw[log_at:at]).hexdigest()[:32] != entry["before"]:
            wrong.append(int(key))
    return wrong


def names(path: Path) -> list[str]:
    """What is in the event's folder: the file and its lock, and no temp file."""
    return sorted(p.name for p in path.parent.iterdir())


def sealed(path: Path) -> list[bool]:
    return ["before" in e for e in orjson.loads(path.read_bytes())["log"].values()]


def cli(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_write_seals_the_true_digest(station: Station, db_path: Path) -> None:
    """Created, then appended by a writer that reads the file (the command line)."""
    record(station, HEAD, "P1", "slow_play")
    record(station, FLOOR, "P2", "tardiness")
    assert all(sealed(db_path))
    assert digests_hold(db_path) == []
    assert station.file.verify().ok


def test_a_station_seals_the_digest_it_keeps_of_what_it_read(
    station: Station, db_path: Path
) -> None:
    """Hashed once beside the chain's check, then fed each append: its own, another's."""
    reader = LogReader(station.file)
    station.holder = reader
    reader.load()
    assert reader.verify().ok
    assert station.prepare_write()
    record(station, HEAD, "P1", "slow_play")
    assert station.file.last_write == "held" and station.file.ahead.used == 1
    record(writer_on(db_path, load_rules(), 3), HEAD, "P2", "slow_play")  # another writer
    assert reader.read() is not None
    record(station, HEAD, "P3", "slow_play")  # not written ahead this time
    assert station.file.last_write == "held"
    assert all(sealed(db_path)) and digests_hold(db_path) == []


def test_a_station_seals_none_before_it_verified_the_chain(station: Station, db_path: Path) -> None:
    reader = LogReader(station.file)
    station.holder = reader
    reader.load()  # read, not yet verified: the station's start-up before its check
    assert station.prepare_write()
    record(station, HEAD, "P1", "slow_play")
    assert station.file.last_write == "held"
    assert not sealed(db_path)[-1]
    record(writer_on(db_path, load_rules(), 3), HEAD, "P2", "slow_play")
    assert sealed(db_path)[-1] and digests_hold(db_path) == []  # the next write checked it all


def test_the_trusted_write_skips_the_checks_of_the_rest(
    station: Station, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record(station, HEAD, "P1", "slow_play")
    checked: list[str] = []
    real = focus.declared_data
    monkeypatch.setattr(
        focus, "declared_data", lambda entry: checked.append(entry["kind"]) or real(entry)
    )
    record(writer_on(db_path, load_rules(), 2), HEAD, "P2", "slow_play")
    assert checked == ["event_created", "incident_recorded"]  # the first and the last
    assert digests_hold(db_path) == []


def test_an_edited_entry_is_checked_and_refused_again(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry made malformed and re-hashed (the chain holds) but its digest not
    recomputed: the write checks every entry and refuses the file, unchanged."""
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
    """No digest is sealed onto a broken chain, so the next write cannot trust one."""
    record(station, HEAD, "P1", "slow_play")
    doc = json.loads(db_path.read_bytes())
    doc["log"]["3"]["data"]["note"] = "edited"
    db_path.write_bytes(orjson.dumps(doc))
    for player in ("P2", "P3"):
        code, _out, err = cli(capsys, db_path, *RECORD, player)
        assert code == 0 and "chain is broken at entry 3" in err
        assert not sealed(db_path)[-1]


def test_a_file_rewritten_by_tinydb_is_checked_whole(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(station, HEAD, "P1", "slow_play")
    db_path.write_text(json.dumps(json.loads(db_path.read_bytes()), indent=4), encoding="utf-8")
    assert cli(capsys, db_path, *RECORD, "P2")[:1] == (0,)
    assert not sealed(db_path)[-1]  # written whole: its bytes are not those it read
    code, _out, err = cli(capsys, db_path, *RECORD, "P3")
    assert (code, err) == (0, UNBOUND_WARNING)
    assert sealed(db_path)[-1] and digests_hold(db_path) == []
    assert EventFile(db_path).verify().ok


def test_a_last_entry_that_does_not_hold_vouches_for_nothing(
    station: Station, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its own hash, shape and link are checked; a wrong one and every entry is checked."""
    record(station, HEAD, "P1", "slow_play")
    doc = json.loads(db_path.read_bytes())
    last = doc["log"][str(len(doc["log"]))]
    last["before"] = hashlib.sha256(b"anything").hexdigest()[:32]  # its hash no longer holds
    db_path.write_bytes(orjson.dumps(doc))
    checked: list[str] = []
    real = focus.declared_data
    monkeypatch.setattr(
        focus, "declared_data", lambda entry: checked.append(entry["kind"]) or real(entry)
    )
    record(writer_on(db_path, load_rules(), 2), HEAD, "P2", "slow_play")
    assert len(checked) == len(doc["log"])  # every entry, the fold's first included


def test_a_refused_write_leaves_no_file_written_early(
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


def test_the_early_file_is_used_and_a_failed_one_is_written_the_plain_way(
    station: Station, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished: list[os.stat_result | None] = []
    real = store_early.EarlyWrite.finish

    def spied(self: store_early.EarlyWrite, rest: Any) -> os.stat_result | None:
        finished.append(real(self, rest))
        return finished[-1]

    monkeypatch.setattr(store_early.EarlyWrite, "finish", spied)
    record(station, HEAD, "P1", "slow_play")
    assert len(finished) == 1 and finished[0] is not None

    def refused(_fd: int, _like: os.stat_result) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(store_early, "_copy_permissions", refused)  # no early file
    record(station, HEAD, "P2", "slow_play")
    assert finished[-1] is None
    assert digests_hold(db_path) == [] and station.file.verify().ok
    assert sorted(p.name for p in db_path.parent.iterdir()) == [
        db_path.name,
        db_path.name + ".lock",
    ]


ACT = st.tuples(st.sampled_from(["cli", "station", "review"]), st.integers(0, 5))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(ACT, min_size=1, max_size=8))
def test_trusted_and_checked_writes_make_the_same_file(
    tmp_path_factory: pytest.TempPathFactory, acts: list[tuple[str, int]]
) -> None:
    """The same acts on two copies, one with the digests ignored (every entry checked):
    the same state after each act, and the same bytes at the end."""
    rules = load_rules()
    folder = tmp_path_factory.mktemp("prefix")
    trusted, checked = folder / "trusted.json", folder / "checked.json"
    first = writer_on(trusted, rules, 9)
    first.create_event("Test Open", HEAD, [FLOOR], rounds=8)
    first.import_players(HEAD, [Player(id=f"P{i}", name=f"Player {i}") for i in range(1, 7)])
    shutil.copyfile(trusted, checked)
    writers = {}
    for path in (trusted, checked):
        station = writer_on(path, rules, 1)
        reader = LogReader(station.file)
        station.holder = reader
        reader.load()
        reader.verify()
        writers[path] = (station, writer_on(path, rules, 2), reader)
    listening = pytest.MonkeyPatch()  # as the command line: a chain check to seal after
    listening.setattr(store_listeners, "WARNING_LISTENERS", [lambda _line: None])
    trusting: dict[Path, int] = {trusted: 0, checked: 0}
    real_fold = focus.fold_for

    def counted(*args: Any, vouched: int | None = None) -> Any:
        trusting[path] += vouched is not None  # a fold the digest spares its checks
        return real_fold(*args, vouched=vouched or 0)

    listening.setattr(focus, "fold_for", counted)
    for kind, pick in acts:
        for path in (trusted, checked):
            station, command, reader = writers[path]
            ignoring = pytest.MonkeyPatch()
            if path == checked:
                ignoring.setattr(store_prefix, "last_entry_holds", lambda _entries: False)
            try:  # a refusal (the rules say no) writes nothing, in both copies alike
                player = f"P{pick + 1}"
                if kind == "cli":
                    command.record(FLOOR, RecordRequest([player], "slow_play", False, True))
                elif kind == "station":
                    reader.read()
                    station.prepare_write()
                    station.record(HEAD, RecordRequest([player], "tardiness", False, True))
                else:
                    state = command.load()
                    pending = [r for r in state.records.values() if r.status == "pending"]
                    if pending:
                        command.review(HEAD, pending[0].id, "confirm")
            except Exception:
                pass
            finally:
                ignoring.undo()
        assert trusted.read_bytes() == checked.read_bytes()
    listening.undo()
    assert trusting[checked] == 0
    assert trusting[trusted] >= sum(kind == "cli" for kind, _pick in acts)
    assert digests_hold(trusted) == [] and EventFile(trusted).verify().ok


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


def test_a_write_that_reads_nothing_seals_no_digest_onto_a_malformed_entry(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The store checks every entry's shape itself before it seals (whatever the write's
    ``build`` read): an entry made malformed, the chain re-hashed over it, is not vouched
    for by the next entry, so the write after still refuses the file."""
    record(station, HEAD, "P1", "slow_play")
    doc = json.loads(db_path.read_bytes())
    log = doc["log"]
    log["3"]["data"]["records"][0]["points"] = "two"
    for seq in range(3, len(log) + 1):
        log[str(seq)].pop("before", None)  # an old file's entries: the write checks it all
    rechain(log, 3)
    db_path.write_bytes(orjson.dumps(doc))
    well_formed = {"kind": "round_set", "at": "2026-12-02T00:00:00Z", "data": {"round": 2}}
    EventFile(db_path).append(lambda _snapshot: [well_formed])
    assert not sealed(db_path)[-1]
    before = db_path.read_bytes()
    code, _out, err = cli(capsys, db_path, *RECORD, "P2")
    assert code != 0 and "points" in err
    assert db_path.read_bytes() == before
