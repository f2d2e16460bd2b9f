"""Tamper evidence through the command line: `judgetui verify` and the export's head hash.

The event is made with the service (as the station would), then the JSON on disk is
edited the way someone with write access to the file might: a penalty changed, a
record removed, two records swapped, the tail cut off. `verify` must name the first
entry that no longer fits (exit 1), or print the head hash (exit 0) — and the head
printed in an earlier export must expose a later truncation that `verify` alone
cannot see.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from judgetui.cli import main
from judgetui.service import Station
from judgetui.store import GENESIS_HASH, EventFile, entry_hash
from tests.helpers.event import FLOOR, HEAD, record

Log = dict[str, dict[str, Any]]


# -- helpers ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def verify_json(capsys: pytest.CaptureFixture[str], db: Path) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, "--db", str(db), "verify", "--json")
    return code, json.loads(out)


def read_doc(db: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(db.read_bytes())
    return doc


def write_doc(db: Path, doc: dict[str, Any]) -> None:
    """Save the way a hand edit would: plain json, in place."""
    db.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def rechain(log: Log, start: int) -> None:
    """What a careful forger does after an edit: renumber nothing, rehash every entry
    from ``start`` on, re-linking each to the one before. (Undetectable without an
    external copy of the head — that is what the export's head is for.)"""
    prev = log[str(start - 1)]["hash"] if start > 1 else GENESIS_HASH
    for seq in range(start, len(log) + 1):
        entry = log[str(seq)]
        entry["prev"] = prev
        entry["hash"] = prev = entry_hash(entry)


def incident_records(entry: dict[str, Any]) -> list[dict[str, Any]]:
    assert entry["kind"] == "incident_recorded", entry["kind"]
    records: list[dict[str, Any]] = entry["data"]["records"]
    return records


@pytest.fixture
def event(station: Station, db_path: Path) -> Path:
    """Seven entries: 1 event created, 2 players imported, then

    3  head judge: P1 Single Warning (intentional, not disruptive)
    4  floor judge: P2 Notice (lands in the head judge's queue)
    5  head judge: P3 Single Warning
    6  head judge upgrades entry 4's notice to a Single Warning
    7  head judge: P4 Single Warning
    """
    record(station, HEAD, "P1", "slow_play", intentional=True, disruptive=False)
    notice = record(station, FLOOR, "P2", "slow_play", intentional=False, disruptive=True)
    record(station, HEAD, "P3", "slow_play", intentional=True, disruptive=False)
    notice_id = notice.records[0].id  # type: ignore[attr-defined]
    station.review(HEAD, notice_id, "upgrade", "single_warning")
    record(station, HEAD, "P4", "slow_play", intentional=True, disruptive=False)
    log = read_doc(db_path)["log"]
    assert len(log) == 7
    assert [log[str(i)]["kind"] for i in range(3, 8)] == [
        "incident_recorded",
        "incident_recorded",
        "incident_recorded",
        "record_reviewed",
        "incident_recorded",
    ]
    assert incident_records(log["3"])[0]["penalty"] == "single_warning"
    assert incident_records(log["4"])[0]["penalty"] == "notice"
    return db_path


# -- the untouched file -------------------------------------------------------------


def test_untouched_file_passes_and_prints_the_head(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = EventFile(event).load().head
    assert head == read_doc(event)["log"]["7"]["hash"]

    code, out, err = run(capsys, "--db", str(event), "verify")
    assert (code, err) == (0, "")
    assert out.strip() == f"log intact: 7 entries, head {head}"

    code, result = verify_json(capsys, event)
    assert code == 0
    assert result == {"ok": True, "head": head, "count": 7, "first_bad": None, "problem": None}


def test_verify_reads_without_writing(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = event.read_bytes(), event.stat().st_mtime_ns
    assert run(capsys, "--db", str(event), "verify")[0] == 0
    assert (event.read_bytes(), event.stat().st_mtime_ns) == before


def test_exports_carry_the_same_head(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = verify_json(capsys, event)[1]["head"]

    code, out, _ = run(capsys, "--db", str(event), "export", "--format", "json")
    assert code == 0
    assert json.loads(out)["head"] == head

    target = tmp_path / "export.json"
    assert run(capsys, "--db", str(event), "export", "-o", str(target))[0] == 0
    assert json.loads(target.read_bytes())["head"] == head

    code, out, _ = run(capsys, "--db", str(event), "export", "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows  # the event has records: every row carries the head in its own column
    assert {row["head"] for row in rows} == {head}


# -- edits --------------------------------------------------------------------------


def test_an_edited_penalty_is_named(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Entry 3's Single Warning quietly turned into a Notice (no points)."""
    doc = read_doc(event)
    rec = incident_records(doc["log"]["3"])[0]
    rec["penalty"] = rec["warning"] = "notice"
    rec["points"] = 0
    write_doc(event, doc)

    code, out, err = run(capsys, "--db", str(event), "verify")
    assert (code, err) == (1, "")
    assert out.strip() == "log broken: entry 3 was edited (hash mismatch)"

    code, result = verify_json(capsys, event)
    assert code == 1
    assert result["ok"] is False
    assert result["first_bad"] == 3
    assert result["count"] == 2  # entries 1–2 still verify...
    assert result["head"] == read_doc(event)["log"]["2"]["hash"]  # ...up to this head


def test_an_edited_note_anywhere_in_the_entry_is_caught(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = read_doc(event)
    doc["log"]["5"]["judge"] = FLOOR  # who gave it
    write_doc(event, doc)
    code, result = verify_json(capsys, event)
    assert (code, result["first_bad"]) == (1, 5)
    assert "entry 5 was edited" in result["problem"]


def test_an_edit_with_its_hash_recomputed_breaks_the_next_link(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The forger rehashes the edited entry itself: the NEXT entry no longer links."""
    doc = read_doc(event)
    entry = doc["log"]["3"]
    incident_records(entry)[0]["penalty"] = "notice"
    entry["hash"] = entry_hash(entry)
    write_doc(event, doc)

    code, out, _ = run(capsys, "--db", str(event), "verify")
    assert code == 1
    assert out.strip() == "log broken: entry 4 does not link to entry 3 (chain broken)"


# -- removals -----------------------------------------------------------------------


def test_a_deleted_record_is_named(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The floor judge's notice (entry 4) is removed from the log table."""
    doc = read_doc(event)
    del doc["log"]["4"]
    write_doc(event, doc)

    code, out, err = run(capsys, "--db", str(event), "verify")
    assert (code, err) == (1, "")
    assert out.strip() == "log broken: entry 4 is missing (log jumps from 3 to 5)"
    assert verify_json(capsys, event)[1]["first_bad"] == 4


def test_a_deleted_record_with_the_rest_renumbered_is_named(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Entry 4 removed, 5–7 moved down to 4–6 with seq fixed and each entry rehashed."""
    doc = read_doc(event)
    log: Log = doc["log"]
    for seq in range(4, 7):
        moved = log[str(seq + 1)]
        moved["seq"] = seq
        moved["hash"] = entry_hash(moved)
        log[str(seq)] = moved
    del log["7"]
    write_doc(event, doc)

    code, out, _ = run(capsys, "--db", str(event), "verify")
    assert code == 1
    assert out.strip() == "log broken: entry 4 does not link to entry 3 (chain broken)"


def test_the_first_entry_deleted(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = read_doc(event)
    del doc["log"]["1"]
    write_doc(event, doc)
    code, out, _ = run(capsys, "--db", str(event), "verify")
    assert code == 1
    assert out.strip() == "log broken: entry 1 is missing (log starts at 2)"


# -- reordering ---------------------------------------------------------------------


def test_two_swapped_records_are_named(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Entries 3 and 4 trade places in the log table."""
    doc = read_doc(event)
    log: Log = doc["log"]
    log["3"], log["4"] = log["4"], log["3"]
    write_doc(event, doc)

    code, out, err = run(capsys, "--db", str(event), "verify")
    assert (code, err) == (1, "")
    assert out.strip() == "log broken: entries out of order at 3 (found seq 4 in place 3)"
    assert verify_json(capsys, event)[1]["first_bad"] == 3


def test_two_swapped_records_renumbered_and_rehashed_are_named(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The forger also fixes seq and each entry's own hash: the chain still breaks at 3."""
    doc = read_doc(event)
    log: Log = doc["log"]
    log["3"], log["5"] = log["5"], log["3"]
    for seq in (3, 5):
        log[str(seq)]["seq"] = seq
        log[str(seq)]["hash"] = entry_hash(log[str(seq)])
    write_doc(event, doc)

    code, out, _ = run(capsys, "--db", str(event), "verify")
    assert code == 1
    assert out.strip() == "log broken: entry 3 does not link to entry 2 (chain broken)"


def test_key_order_alone_is_not_tampering(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A JSON tool that rewrites the log table in another key order changes nothing."""
    doc = read_doc(event)
    doc["log"] = dict(reversed(list(doc["log"].items())))
    write_doc(event, doc)
    assert run(capsys, "--db", str(event), "verify")[0] == 0


# -- what only the export's head can show ---------------------------------------------


def test_truncation_after_an_export_is_exposed_by_the_exported_head(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The last two entries are cut off after an export was printed.

    What is left is a valid chain, so `verify` passes — but its head no longer matches
    the head on the printed export, and the exported head is nowhere in the log.
    """
    code, out, _ = run(capsys, "--db", str(event), "export", "--format", "json")
    assert code == 0
    exported_head = json.loads(out)["head"]

    doc = read_doc(event)
    del doc["log"]["7"], doc["log"]["6"]
    write_doc(event, doc)

    code, result = verify_json(capsys, event)
    assert code == 0 and result["count"] == 5
    assert result["head"] != exported_head
    assert exported_head not in {e["hash"] for e in read_doc(event)["log"].values()}
    # The new export tells the same story.
    assert json.loads(run(capsys, "--db", str(event), "export")[1])["head"] == result["head"]


def test_a_rewritten_tail_is_exposed_by_the_exported_head(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The strongest forger edits entry 3 and rehashes everything after it: `verify`
    cannot tell, the exported head can."""
    exported_head = json.loads(run(capsys, "--db", str(event), "export")[1])["head"]
    doc = read_doc(event)
    incident_records(doc["log"]["3"])[0]["penalty"] = "notice"
    rechain(doc["log"], 3)
    write_doc(event, doc)

    code, result = verify_json(capsys, event)
    assert code == 0
    assert result["head"] != exported_head


def test_later_entries_keep_the_exported_head_in_the_chain(
    event: Path, station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    """Honest growth after an export: the head moves on, but the exported head is still
    the hash of an entry in the log (the one that was last at export time)."""
    exported_head = json.loads(run(capsys, "--db", str(event), "export")[1])["head"]
    record(station, HEAD, "P5", "slow_play", intentional=True, disruptive=False)
    code, result = verify_json(capsys, event)
    assert code == 0 and result["count"] == 8
    assert result["head"] != exported_head
    assert read_doc(event)["log"]["7"]["hash"] == exported_head


@pytest.mark.parametrize("damage", ["edit", "delete"])
def test_verifying_loaded_entries_matches_verifying_the_file(
    station: Station, db_path: Path, damage: str
) -> None:
    """The station checks the chain from the entries it just read: same verdict as verify."""
    from judgetui.store import EventFile, verify_entries

    for player in ("P1", "P2", "P3"):
        record(station, HEAD, player, "slow_play")
    event = EventFile(db_path)
    assert verify_entries(event.load().entries) == event.verify()
    document = orjson.loads(db_path.read_bytes())
    if damage == "edit":
        document["log"]["4"]["data"]["note"] = "changed by hand"
    else:
        del document["log"]["4"]
    db_path.write_bytes(orjson.dumps(document))
    on_file = event.verify()
    assert not on_file.ok
    assert verify_entries(event.load().entries) == on_file
