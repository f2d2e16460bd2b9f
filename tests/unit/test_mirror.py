"""A standby copy on a second machine (issue 30): `export --format event` hands out the
event file's very bytes, `mirror` keeps a copy that only ever extends what it has seen."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from judgetui import cli
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile, entry_hash
from judgetui.store.copy import CopyConflict, keep_copy, mark_path, read_held, read_mark
from tests.helpers.cli import rec, refused, run
from tests.helpers.event import FLOOR, HEAD
from tests.helpers.mirror import Lines, cut_and_rechain, edit_entry, read_doc


def _notice(station: Station, player: str = "P1") -> None:
    station.record(FLOOR, RecordRequest([player], "slow_play", False, True))


def test_export_format_event_is_the_event_file_byte_for_byte(
    station: Station, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    _notice(station)
    db = station.file.path
    assert cli.main(["export", "--db", str(db), "--format", "event"]) == 0
    out, err = capsysbinary.readouterr()
    assert (out, err) == (db.read_bytes(), b"")


def test_export_format_event_over_ssh_is_allowed_and_its_output_file_is_not(
    station: Station,
    capsysbinary: pytest.CaptureFixture[bytes],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    db = station.file.path
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "export --format event")
    assert cli.main(["--db", str(db), "ssh"]) == 0
    out, err = capsysbinary.readouterr()
    assert (out, err) == (db.read_bytes(), b"")
    target = tmp_path / "copy.json"
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"export --format event -o {target}")
    assert cli.main(["--db", str(db), "ssh"]) == 2
    assert b"-o is not allowed" in capsysbinary.readouterr().err
    assert not target.exists()


def test_export_format_event_refuses_the_event_file_as_its_output(
    station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    db = station.file.path
    refused(capsys, db, 2, "export", "--db", db, "--format", "event", "-o", db)
    refused(capsys, db, 2, "export", "--db", db, "--format", "event", "--bom")


# -- mirror: what it keeps, what it refuses ---------------------------------------------


@pytest.fixture
def primary(station: Station) -> Path:
    """The station's event file, with one record."""
    _notice(station)
    return station.file.path


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "backup"
    folder.mkdir()
    return folder / "event.json"


def _mirror(
    capsys: pytest.CaptureFixture[str], source: Path | str, copy: Path, *more: str
) -> tuple[int, str, str]:
    command = f"cat {source}" if isinstance(source, Path) else source
    return run(capsys, "mirror", "--from", command, "--to", copy, *more)


def _apart(copy: Path) -> list[Path]:
    return sorted(copy.parent.glob(copy.name + ".rejected-*"))


def test_mirror_keeps_a_first_copy_byte_for_byte_with_its_standby_mark(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _mirror(capsys, primary, copy)
    assert (code, err) == (0, "")
    assert out.startswith("copied: 3 entries (+3), head ")
    assert copy.read_bytes() == primary.read_bytes()
    mark = read_mark(copy)
    assert mark is not None
    assert (mark.source, mark.count) == (f"cat {primary}", 3)
    assert mark.head == EventFile(primary).load().head
    code, out, err = _mirror(capsys, primary, copy)
    assert (code, out.split(",")[0], err) == (0, "unchanged: 3 entries", "")


def test_mirror_replaces_the_copy_when_the_station_only_added_to_it(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    copy_id = read_mark(copy).copy  # type: ignore[union-attr]
    _notice(station, "P2")
    _notice(station, "P3")
    code, out, err = _mirror(capsys, primary, copy)
    assert (code, err) == (0, "")
    assert out.startswith("copied: 5 entries (+2), head ")
    assert copy.read_bytes() == primary.read_bytes()
    assert read_mark(copy).copy == copy_id  # type: ignore[union-attr]
    assert _apart(copy) == []


def test_a_shorter_copy_is_kept_apart_and_the_copy_left_as_it_was(
    station: Station, primary: Path, copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier = tmp_path / "earlier.json"
    earlier.write_bytes(primary.read_bytes())
    _notice(station, "P2")
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {earlier}", "--to", copy)
    head = EventFile(earlier).load().head
    assert "shorter than the copy held" in line
    assert f"last good head {head[:16]}… (entry 3), first bad entry 4" in line
    (apart,) = _apart(copy)
    assert apart.read_bytes() == earlier.read_bytes()
    assert apart.name in line
    assert copy.read_bytes() == held


def test_a_cut_and_rechained_copy_is_refused_even_when_it_is_longer(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forger cuts the log after entry 2 and writes a longer, consistent one: it
    verifies on its own, and is still not what the mirror has seen."""
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    good = EventFile(primary).load().entries[1]["hash"]
    cut_and_rechain(primary, keep=2, extra=1)
    _notice(station, "P4")
    assert EventFile(primary).verify().ok
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {primary}", "--to", copy)
    assert "a rewrite of what the copy holds" in line
    assert f"last good head {good[:16]}… (entry 2), first bad entry 3" in line
    assert copy.read_bytes() == held
    assert [p.read_bytes() for p in _apart(copy)] == [primary.read_bytes()]


@pytest.mark.parametrize("chained", [False, True])
def test_an_edited_entry_is_refused_chained_or_not(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str], chained: bool
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    edit_entry(primary, 2, note="edited", chained=chained)
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {primary}", "--to", copy)
    assert ("a rewrite of what the copy holds" if chained else "broken") in line
    assert "(entry 1), first bad entry 2" in line
    assert copy.read_bytes() == held


def test_a_copy_whose_new_entry_is_forged_is_broken_though_its_bytes_extend(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The quick path (the held bytes, then new members) hashes what it adds."""
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    _notice(station, "P2")
    raw = primary.read_bytes()
    body, tail = raw[: len(held) - 2], raw[len(held) - 2 :]
    assert body == held[:-2] and b'"P2"' in tail
    primary.write_bytes(body + tail.replace(b'"P2"', b'"P5"'))
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {primary}", "--to", copy)
    assert "broken (entry 4 was edited (hash mismatch))" in line
    head = read_doc(copy)["log"]["3"]["hash"]
    assert f"last good head {head[:16]}… (entry 3), first bad entry 4" in line
    assert copy.read_bytes() == held


def test_an_entry_given_twice_is_never_taken_for_an_addition(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The held bytes with a second member "1" after them: JSON keeps the last one, so
    that is a rewrite of entry 1, never new entries."""
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    first = read_doc(primary)["log"]["1"]
    forged = dict(first, at="2026-01-01T00:00:00Z")
    forged["hash"] = entry_hash(forged)
    primary.write_bytes(held[:-2] + b',"1":' + orjson.dumps(forged) + b"}}")
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {primary}", "--to", copy)
    assert "first bad entry 1" in line
    assert copy.read_bytes() == held


def test_a_truncated_or_empty_copy_is_broken(
    primary: Path, copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    half = tmp_path / "half.json"
    half.write_bytes(held[: len(held) // 2])
    line = refused(capsys, copy, 1, "mirror", "--from", f"cat {half}", "--to", copy)
    assert "broken (the pulled copy: " in line
    assert "last good head 0000000000000000… (entry 0), first bad entry 1" in line
    line = refused(capsys, copy, 1, "mirror", "--from", "true", "--to", copy)
    assert "broken (the pulled copy: empty file (0 bytes))" in line
    assert copy.read_bytes() == held
    assert len(_apart(copy)) == 2


def test_a_failed_pull_leaves_the_copy_and_says_so(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    held = copy.read_bytes()
    for command, said in (
        ("false", "it exited 1"),
        ("no-such-command-here", "no-such-command-here cannot be run"),
        ("sh -c 'echo down >&2; exit 255'", "it exited 255: down"),
        ("sleep 30", "no copy within 1s"),
    ):
        line = refused(capsys, copy, 4, "mirror", "--from", command, "--to", copy, "--timeout", "1")
        assert f"could not pull from the station ({said}" in line, line
        assert "the copy is unchanged (last pull 20" in line
    assert copy.read_bytes() == held
    assert _apart(copy) == []


def test_the_command_is_never_run_by_a_shell(
    copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    flag = tmp_path / "ran"
    line = refused(capsys, None, 1, "mirror", "--from", f"echo x; touch {flag}", "--to", copy)
    assert "broken" in line
    assert not flag.exists()
    assert not copy.exists()


def test_mirror_never_writes_over_an_event_of_record(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, primary, 2, "mirror", "--from", f"cat {copy}", "--to", primary)
    assert "an event of record, not a standby copy" in line
    link = copy.with_name("link.json")
    link.symlink_to(primary)
    refused(capsys, primary, 2, "mirror", "--from", f"cat {primary}", "--to", link)
    refused(capsys, None, 2, "mirror", "--from", "", "--to", copy)
    refused(capsys, None, 2, "mirror", "--from", f"cat {primary}", "--to", copy, "--every", "0")


def test_a_copy_changed_meanwhile_is_never_replaced(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Between the check and the write, the copy is held under its lock and compared."""
    assert _mirror(capsys, primary, copy)[0] == 0
    held = read_held(copy)
    assert held is not None
    mark = read_mark(copy)
    assert mark is not None
    copy.write_bytes(copy.read_bytes() + b" ")
    changed = copy.read_bytes()
    with pytest.raises(CopyConflict):
        keep_copy(copy, primary.read_bytes(), held, mark)
    assert copy.read_bytes() == changed


# -- the standby copy: refused writes, the takeover -----------------------------------


def test_a_standby_copy_refuses_every_write_until_the_head_judge_takes_it_over(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    old_head = EventFile(primary).load().head
    line = refused(capsys, copy, 3, *rec(copy, FLOOR, "P2"))
    assert line == (
        "judgetui: not permitted: a standby copy: take it over first with `judgetui event takeover`"
    )
    refused(capsys, copy, 3, "event", "round", "2", "--db", copy, "--judge", HEAD)
    refused(capsys, copy, 3, "event", "takeover", "--db", copy, "--judge", FLOOR)
    assert run(capsys, "verify", "--db", copy)[0] == 0  # reading is fine
    code, out, err = run(capsys, "event", "takeover", "--db", copy, "--judge", HEAD)
    assert code == 0, err
    assert f"the old station's last head was {old_head}" in out
    assert read_mark(copy) is None
    last = EventFile(copy).load().entries[-1]
    assert (last["kind"], last["judge"], last["data"]["previous_head"]) == (
        "event_taken_over",
        HEAD,
        old_head,
    )
    code, _out, err = run(capsys, *rec(copy, FLOOR, "P2"))
    assert code == 0, err
    assert run(capsys, "verify", "--db", copy)[0] == 0
    refused(capsys, copy, 2, "event", "takeover", "--db", copy, "--judge", HEAD)
    line = refused(capsys, copy, 2, "mirror", "--from", f"cat {primary}", "--to", copy)
    assert "an event of record" in line


def test_a_mark_left_behind_by_a_takeover_makes_no_standby(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The takeover's log entry makes the copy the event of record: its mark, should
    it still be there (a crash before it was removed), changes nothing."""
    assert _mirror(capsys, primary, copy)[0] == 0
    kept = mark_path(copy).read_bytes()
    assert run(capsys, "event", "takeover", "--db", copy, "--judge", HEAD)[0] == 0
    mark_path(copy).write_bytes(kept)
    code, _out, err = run(capsys, *rec(copy, FLOOR, "P2"))
    assert code == 0, err


def test_an_unreadable_standby_mark_is_never_taken_for_the_event_of_record(
    primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _mirror(capsys, primary, copy)[0] == 0
    mark_path(copy).write_bytes(b"not json")
    line = refused(capsys, copy, 2, *rec(copy, FLOOR, "P2"))
    assert "the standby mark cannot be read" in line


# -- mirror --every ------------------------------------------------------------------


def test_mirror_every_keeps_pulling_says_each_change_survives_an_outage_and_stops_on_sigterm(
    station: Station, primary: Path, copy: Path
) -> None:
    away = primary.with_name("away.json")
    proc = subprocess.Popen(
        [sys.executable, "-m", "judgetui", "mirror", "--from", f"cat {primary}", "--to",
         str(copy), "--every", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    lines = Lines(proc)
    try:
        assert lines.next(10).startswith("copied: 3 entries (+3)")
        _notice(station, "P2")
        assert lines.next(5).startswith("copied: 4 entries (+1)")
        primary.rename(away)
        assert "could not pull from the station (it exited 1" in lines.next(5, err=True)
        time.sleep(2.5)  # said once, not once a pull
        away.rename(primary)
        assert lines.next(5) == "the station answers again"
        _notice(station, "P3")
        assert lines.next(5).startswith("copied: 5 entries (+1)")
        assert copy.read_bytes() == primary.read_bytes()
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(10)
    assert code == 0
    assert lines.rest().startswith("stopped: the copy holds 5 entries")
    assert lines.errors == [lines.errors[0]]


def test_a_takeover_while_a_mirror_runs_is_never_written_over(
    station: Station, primary: Path, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A running mirror holds the copy's version (its stamp): a takeover replaces the
    file, and the mirror's next write finds it changed and stops (exit 4)."""
    assert _mirror(capsys, primary, copy)[0] == 0
    held, mark = read_held(copy), read_mark(copy)
    assert held is not None and mark is not None and held.stamp is not None
    assert run(capsys, "event", "takeover", "--db", copy, "--judge", HEAD)[0] == 0
    taken = copy.read_bytes()
    _notice(station, "P2")
    with pytest.raises(CopyConflict, match="taken over"):
        keep_copy(copy, primary.read_bytes(), held, mark)
    assert copy.read_bytes() == taken
    assert read_mark(copy) is None
