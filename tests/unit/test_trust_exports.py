"""Files judgetui writes besides the log: `demo --force` and `export -o`, and what an
export holds (SECURITY.md promises 4 and 6; issue 10 items 3 and 7).

`demo --force` replaces only a demo event judgetui made, judged under the event file's
lock; `export -o` replaces only a previous export, atomically. The CSV export is data
only — no formula cell, no comment row — and both exports say who really acted.
"""

from __future__ import annotations

import csv
import errno
import fcntl
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.demo import write_demo
from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.reports import CSV_COLUMNS, csv_cell
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile, EventFileExists, Snapshot
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused_once(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("judgetui: ")
    assert "Traceback" not in err
    return lines[0]


def folder_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# -- demo --force ---------------------------------------------------------------------


def test_demo_force_does_not_replace_a_real_event(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's attack: `demo --no-open --force --db EVENT` unlinked the real event."""
    before = folder_bytes(db_path.parent)
    code, out, err = run(capsys, "demo", "--no-open", "--force", "--db", db_path)
    assert code == 2, (out, err)
    assert "not a demo" in refused_once(err)
    assert folder_bytes(db_path.parent) == before
    assert station.load().name == "Test Open"


@pytest.mark.parametrize(
    "content",
    [b"my notes\n", b"", b'{"meta": {"1": {"schema_version": 1}}, "log": {}}', b"\x00" * 10],
    ids=["text", "empty", "an-empty-event", "binary"],
)
def test_demo_force_does_not_replace_a_file_that_is_no_event(
    tmp_path: Path, content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "precious.json"
    target.write_bytes(content)
    code, _out, err = run(capsys, "demo", "--no-open", "--force", "--db", target)
    assert code == 2
    refused_once(err)
    assert target.read_bytes() == content


def test_demo_force_replaces_its_own_demo(tmp_path: Path, rules: Rules) -> None:
    target = tmp_path / "demo.json"
    write_demo(str(target), rules, players=6, records=4, seed=1)
    first = target.read_bytes()
    write_demo(str(target), rules, players=8, records=6, seed=2, force=True)
    assert target.read_bytes() != first
    snapshot = EventFile(target).load()
    assert snapshot.entries[0]["demo"] is True
    assert EventFile(target).verify().ok


def test_demo_force_judges_the_file_under_the_event_files_lock(
    tmp_path: Path, rules: Rules
) -> None:
    """What is judged is what is replaced: the check runs while the lock is held, so no
    writer can turn the file into something else in between."""
    target = tmp_path / "demo.json"
    write_demo(str(target), rules, players=6, records=4, seed=1)
    held: list[bool] = []

    def may_replace(snapshot: Snapshot) -> None:
        fd = os.open(EventFile(target).lock_path, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held.append(False)
        except BlockingIOError:
            held.append(True)
        finally:
            os.close(fd)
        raise EventFileExists("refused for the test")

    before = target.read_bytes()
    with pytest.raises(EventFileExists):
        EventFile(target).recreate([{"kind": "event_created"}], may_replace)
    assert held == [True]
    assert target.read_bytes() == before


# -- export -o: where it may write ------------------------------------------------------


@pytest.fixture
def event(station: Station) -> Path:
    station.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True))
    return station.file.path


def _refused_export(
    capsys: pytest.CaptureFixture[str], event: Path, target: Path, *extra: str
) -> str:
    folder = target.parent
    before = folder_bytes(folder), folder_bytes(event.parent)
    code, out, err = run(capsys, "export", "--db", event, "-o", target, *extra)
    assert code == 2, (out, err)
    assert (folder_bytes(folder), folder_bytes(event.parent)) == before
    return refused_once(err)


@pytest.mark.parametrize("form", ["json", "csv"])
def test_export_refuses_to_overwrite_the_event_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    """By its path, another spelling of it, a link, a copy under another name (the
    issue's `--db mine.json export -o EVENT`), or a stray temp file of a writer."""
    assert "event file" in _refused_export(capsys, event, event, "--format", form)
    dotted = event.parent / "." / event.name
    assert "event file" in _refused_export(capsys, event, dotted, "--format", form)
    link = tmp_path / "link.json"
    link.symlink_to(event)
    _refused_export(capsys, event, link, "--format", form)
    hard = tmp_path / "hard.json"
    os.link(event, hard)
    _refused_export(capsys, event, hard, "--format", form)
    # Another event, named like an export: refused by what it holds.
    mine = tmp_path / "mine"
    mine.mkdir()
    copy = mine / "penalties.csv"
    copy.write_bytes(event.read_bytes())
    assert "event file" in _refused_export(capsys, event, copy, "--format", form)
    temp = event.parent / f".{event.name}.tmp-1-abc"
    temp.write_bytes(event.read_bytes())
    _refused_export(capsys, event, temp, "--format", form)


def test_export_refuses_to_overwrite_the_event_files_lock(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lock = EventFile(event).lock_path
    assert lock.exists()
    assert "lock" in _refused_export(capsys, event, lock)
    assert "lock" in _refused_export(capsys, event, lock, "--format", "csv")


@pytest.mark.parametrize(
    "content",
    [
        b"Dear organiser,\n",
        b"",
        b'{"name": "not an export"}',
        b"[1, 2, 3]",
        b"id,name\nP1,Taro\n",
        b"row,id,something,else\n",
    ],
    ids=["text", "empty", "other-json", "json-list", "players-csv", "other-csv"],
)
def test_export_refuses_to_overwrite_an_unrelated_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    target = tmp_path / "out" / "file"
    target.parent.mkdir()
    target.write_bytes(content)
    assert "not a judgetui export" in _refused_export(capsys, event, target)
    assert target.read_bytes() == content


def test_export_refuses_what_is_not_a_regular_file(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _refused_export(capsys, event, fifo)  # at once: nothing opens the FIFO for reading
    folder = tmp_path / "folder"
    folder.mkdir()
    _refused_export(capsys, event, folder)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    _refused_export(capsys, event, dangling)
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("form", ["json", "csv"])
def test_export_replaces_a_previous_export(
    station: Station, event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str
) -> None:
    target = tmp_path / f"export.{form}"
    assert run(capsys, "export", "--db", event, "--format", form, "-o", target)[0] == 0
    first = target.read_bytes()
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    code, _out, err = run(capsys, "export", "--db", event, "--format", form, "-o", target)
    assert (code, err) == (0, "")
    assert target.read_bytes() != first
    assert target.read_bytes() == run(capsys, "export", "--db", event, "--format", form)[1].encode()


def test_export_is_atomic(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Temp file in the same folder, fsync, rename over, fsync of the folder: the old
    export is never written in place, and a full disk leaves it whole."""
    target = tmp_path / "export.json"
    assert run(capsys, "export", "--db", event, "-o", target)[0] == 0
    old = target.read_bytes()
    keep = tmp_path / "old-inode"
    os.link(target, keep)  # a second name for the old inode

    calls: list[tuple[str, Any]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append(("fsync-folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "fsync", fd))
        real_fsync(fd)

    def replace(src: Any, dst: Any) -> None:
        calls.append(("replace", (Path(src).parent, Path(dst))))
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    code, _out, err = run(capsys, "export", "--db", event, "--format", "json", "-o", target)
    assert (code, err) == (0, "")
    kinds = [kind for kind, _ in calls]
    assert kinds == ["fsync", "replace", "fsync-folder"]
    assert calls[1][1] == (tmp_path, target)  # the temp file was in the target's folder
    assert keep.read_bytes() == old  # the old inode was not rewritten in place
    monkeypatch.undo()

    # The disk fills up half-way through the write: exit 4, the export as it was.
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        if len(data) > 64:
            return real_write(fd, bytes(data[:64]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    before = folder_bytes(tmp_path)
    monkeypatch.setattr(os, "write", full)
    code, out, err = run(capsys, "export", "--db", event, "--format", "csv", "-o", target)
    monkeypatch.undo()
    assert code == 4, (out, err)
    assert "No space left" in refused_once(err)
    assert folder_bytes(tmp_path) == before  # no temp file left behind either


# -- what the exports hold --------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "-1", "@SUM(A1:A9)"]


@pytest.fixture
def hostile(tmp_path: Path, rules: Rules) -> Station:
    """An event whose names and notes are formulas."""
    service = Station(
        EventFile(tmp_path / "hostile.json"),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(),
    )
    service.create_event("=1+1 Open", HEAD, ["=cmd Judge"], rounds=4)
    players = [Player(id=f"P{i}", name=name) for i, name in enumerate(FORMULAS, 1)]
    service.import_players(HEAD, players)
    for player in players:
        service.record(
            "=cmd Judge",
            RecordRequest([player.id], "slow_play", False, True, note="=2+2 said -the judge"),
        )
    return service


def _csv_rows(capsys: pytest.CaptureFixture[str], db: Path) -> list[list[str]]:
    code, out, err = run(capsys, "export", "--db", db, "--format", "csv")
    assert (code, err) == (0, "")
    return list(csv.reader(io.StringIO(out)))


def test_csv_export_neutralises_formula_cells(
    hostile: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    header, *rows = _csv_rows(capsys, hostile.file.path)
    assert rows
    for row in rows:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (cell, row)
    names = [dict(zip(header, row, strict=True))["player_name"] for row in rows]
    assert names == ["'" + name for name in FORMULAS]
    cells = {cell for row in rows for cell in row}
    assert {"'=cmd Judge", "'=2+2 said -the judge"} <= cells


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@A1", "'@A1"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("＝1+1", "'＝1+1"),
        ("a=1", "a=1"),
        ("1-2", "1-2"),
        ("", ""),
        (None, ""),
        (3, "3"),
        (["a", "b"], "a b"),
    ],
)
def test_csv_cell(value: object, cell: str) -> None:
    assert csv_cell(value) == cell


def _with_a_decision(station: Station) -> None:
    """Three Single Warnings for P3 and the head judge's three-warning decision."""
    for _ in range(6):
        state = station.load()
        owed = state.decision_owed("P3")
        if owed is not None:
            station.decide(HEAD, "P3", owed.required or owed.default)
            return
        station.record(
            HEAD,
            RecordRequest(["P3"], "slow_play", False, True, penalty="single_warning"),
        )
    raise AssertionError("no decision became owed")


def test_csv_export_has_only_data_rows(
    station: Station, event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _with_a_decision(station)
    state = station.load()
    decisions = [d for p in state.players.values() for d in p.decisions]
    assert decisions
    head = EventFile(event).verify().head
    header, *rows = _csv_rows(capsys, event)
    assert tuple(header) == CSV_COLUMNS
    assert len(rows) == len(state.records) + len(decisions)
    for row in rows:
        assert len(row) == len(header)
        data = dict(zip(header, row, strict=True))
        assert data["row"] in ("record", "decision")
        assert data["head"] == head
        assert not data["row"].startswith("#")
    kinds = [dict(zip(header, row, strict=True))["row"] for row in rows]
    assert kinds.count("decision") == len(decisions)
    (decided,) = (dict(zip(header, r, strict=True)) for r in rows if r[0] == "decision")
    assert (decided["player"], decided["penalty"]) == ("P3", decisions[0].penalty)
    # Rows follow the log.
    seqs = [int(dict(zip(header, row, strict=True))["seq"]) for row in rows]
    assert seqs == sorted(seqs)


def test_exports_carry_judge_os_user_client(
    db_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    """Who really acted, from each entry's account and SSH client address."""
    clock, ids = ticking_clock(), counting_ids()

    def as_account(user: str, client: str | None) -> Station:
        return Station(
            EventFile(db_path), rules, caller=Caller(user, client), clock=clock, new_id=ids
        )

    organiser = as_account("root", None)
    organiser.create_event("Who Open", HEAD, [FLOOR], rounds=4)
    kana, alex = as_account("kana", "198.51.100.2"), as_account("alex", "203.0.113.7")
    kana.import_players(HEAD, [Player(id=f"P{i}", name=f"Player {i}") for i in range(1, 4)])
    notice = alex.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True)).records[0]
    assert notice.id is not None
    kana.review(HEAD, notice.id, "upgrade", "single_warning")
    _with_a_decision(kana)

    code, out, _ = run(capsys, "export", "--db", db_path)
    assert code == 0
    document = json.loads(out)
    records = {(r["player"], r["penalty"], r["status"]): r for r in document["records"]}
    floor_notice = records[("P1", "notice", "superseded")]
    assert (floor_notice["judge"], floor_notice["os_user"], floor_notice["client"]) == (
        FLOOR,
        "alex",
        "203.0.113.7",
    )
    upgraded = records[("P1", "single_warning", "issued")]
    assert (upgraded["judge"], upgraded["os_user"], upgraded["client"]) == (
        FLOOR,
        "alex",
        "203.0.113.7",
    )
    assert (
        upgraded["reviewed_by"],
        upgraded["reviewed_os_user"],
        upgraded["reviewed_client"],
    ) == (HEAD, "kana", "198.51.100.2")
    for record in document["records"]:
        assert {"judge", "os_user", "client"} <= set(record)
        if record["player"] == "P3":
            assert (record["os_user"], record["client"]) == ("kana", "198.51.100.2")
    (decision,) = document["decisions"]
    assert (decision["player"], decision["judge"], decision["os_user"], decision["client"]) == (
        "P3",
        HEAD,
        "kana",
        "198.51.100.2",
    )
    assert document["judgetui_export"] == 1

    header, *rows = _csv_rows(capsys, db_path)
    table = [dict(zip(header, row, strict=True)) for row in rows]
    assert len(table) == len(document["records"]) + 1
    for row in table:
        assert row["judge"] in (HEAD, FLOOR)
        assert (row["os_user"], row["client"]) == (
            ("alex", "203.0.113.7") if row["judge"] == FLOOR else ("kana", "198.51.100.2")
        )
    (csv_decision,) = (row for row in table if row["row"] == "decision")
    assert (csv_decision["judge"], csv_decision["os_user"]) == (HEAD, "kana")
