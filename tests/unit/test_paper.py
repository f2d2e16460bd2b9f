"""Issue 29 item 7: paper. ``report slip ID`` and ``report slips --round N`` (CLI.md): the
penalty slip judges hand a player and the scorekeeper (event, round, table, player,
infraction, penalty, the rule, the judge, the time, the record's id), en and ja, plain
text on one page (at most 66 lines of at most 78 columns), the round's slips in one file
with a form feed between two. ``record --at TIME --entered-late --note …``: the head
judge enters a record written on paper during an outage, with the time it happened; it
says "entered later" everywhere, is ordered by when it happened, and its log entry keeps
the real time it was written."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from judgetui.identity import Caller
from judgetui.models import Pairing, Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.store import EventFile
from judgetui.text import cell_width
from tests.helpers.cli import rec, refused, run, run_json
from tests.helpers.event import FLOOR, HEAD, record, ticking_clock

#: The event's clock: created at 14:30 UTC on 2026-11-28, a minute a write.
HAPPENED = "2026-11-28T14:33:30Z"


def _paper_event(tmp_path: Path, rules: Rules) -> tuple[Path, list[str]]:
    """Round 1, its pairings (p1-p2 at table 7, p3-p4 at table 2): a floor judge's Notice
    for p1, the head judge's Warning for p3 with a note; the records' ids."""
    db = tmp_path / "event.json"
    service = Station(EventFile(db), rules, caller=Caller("tester", None), clock=ticking_clock())
    service.create_event("Paper Open", HEAD, [FLOOR], rounds=5)
    names = {"p1": "Ann Lee", "p2": "Bob Kim", "p3": "Cy Dahl", "p4": "Dee Roe"}
    service.import_players(HEAD, [Player(id=k, name=v) for k, v in names.items()])
    service.import_pairings(
        HEAD,
        1,
        [
            Pairing(table=7, player="p1", opponent="p2"),
            Pairing(table=2, player="p3", opponent="p4"),
        ],
    )
    ids = [
        record(service, FLOOR, "p1", "slow_play", note="Took three minutes over one block."),
        record(service, HEAD, "p3", "slow_play", penalty="single_warning", note="Asked twice."),
    ]
    return db, [made.records[0].id for made in ids]  # type: ignore[attr-defined]


def _fits_a_page(slip: str) -> None:
    lines = slip.splitlines()
    assert len(lines) <= 66
    assert max(cell_width(line) for line in lines) <= 78


def test_a_slip_names_everything_a_judge_hands_out_on_one_page(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, (notice, _warning) = _paper_event(tmp_path, rules)
    code, out, err = run(capsys, "report", "slip", notice[:8], "--db", db)
    assert code == 0, err
    _fits_a_page(out)
    fields = {
        line.split(":", 1)[0]: line.split(":", 1)[1].strip()
        for line in out.splitlines()
        if ": " in line
    }
    assert out.startswith("PENALTY SLIP\n")
    assert fields["Event"] == "Paper Open"
    assert (fields["Round"], fields["Table"]) == ("1", "7")
    assert fields["Player"] == "p1  Ann Lee"
    assert (fields["Infraction"], fields["Penalty"]) == ("Slow play", "Notice")
    assert fields["Rule"].startswith("The infraction is unintentional") and "[seed" in out
    assert fields["Judge"] == FLOOR
    assert fields["Record"] == notice
    assert fields["Status"] == "issued"
    assert "Took three minutes over one block." in out
    assert "Player's signature" in out and "Judge's signature" in out


def test_a_slip_in_japanese_fits_the_page_too(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, (_notice, warning) = _paper_event(tmp_path, rules)
    code, out, err = run(capsys, "report", "slip", warning, "--lang", "ja", "--db", db)
    assert code == 0, err
    _fits_a_page(out)
    assert out.startswith("ペナルティ票\n")
    assert "プレイヤー: p3  Cy Dahl" in out and "規定:" in out and "警告" in out


def test_a_long_note_is_cut_at_the_page_and_says_where_the_rest_is(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ids = _paper_event(tmp_path, rules)
    long = "\n".join(f"line {n}: slow" for n in range(180))[:2000]
    made = run_json(capsys, *rec(db, HEAD, "p2", "slow_play", "no", "yes", "--note", long))
    code, out, _err = run(capsys, "report", "slip", made["records"][0]["id"], "--db", db)
    assert code == 0
    _fits_a_page(out)
    assert "judgetui report player p2" in out
    assert out.rstrip().endswith("_" * 30)  # the signatures stay on the page


def test_the_rounds_slips_are_one_file_a_form_feed_between_two(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, (notice, warning) = _paper_event(tmp_path, rules)
    code, out, err = run(capsys, "report", "slips", "--round", 1, "--db", db)
    assert code == 0, err
    pages = out.split("\f")
    assert len(pages) == 2
    for page in pages:
        _fits_a_page(page)
    # by table: table 2 (the Warning) first, then table 7
    assert warning in pages[0] and notice in pages[1]
    data = run_json(capsys, "report", "slips", "--round", 1, "--db", db)
    assert data["records"] == [warning, notice] and data["text"] == out
    assert (
        "no penalty issued in round 2"
        in run(capsys, "report", "slips", "--round", 2, "--db", db)[1]
    )


def test_a_slip_of_no_record_is_refused(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ids = _paper_event(tmp_path, rules)
    assert "no record" in refused(capsys, db, 2, "report", "slip", "nothing-like-it", "--db", db)
    refused(capsys, db, 2, "report", "slips", "--db", db)  # --round is required


def _late(db: Path, judge: str, *extra: object) -> list[object]:
    return rec(db, judge, "p4", "slow_play", "no", "yes", "--penalty", "single_warning", *extra)


def test_only_the_head_judge_enters_a_record_later(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ids = _paper_event(tmp_path, rules)
    late = ("--at", HAPPENED, "--entered-late", "--note", "paper slip 4")
    assert "only the head judge" in refused(capsys, db, 3, *_late(db, FLOOR, *late))
    assert "go together" in refused(
        capsys, db, 2, *_late(db, HEAD, "--at", HAPPENED, "--note", "x")
    )
    assert "go together" in refused(
        capsys, db, 2, *_late(db, HEAD, "--entered-late", "--note", "x")
    )
    assert "needs a note" in refused(
        capsys, db, 2, *_late(db, HEAD, "--at", HAPPENED, "--entered-late")
    )
    future = ("--at", "2999-01-01T10:00", "--entered-late", "--note", "x")
    assert "later than now" in refused(capsys, db, 2, *_late(db, HEAD, *future))
    before = ("--at", "2026-11-28T09:00:00Z", "--entered-late", "--note", "x")
    assert "before the event began" in refused(capsys, db, 2, *_late(db, HEAD, *before))
    assert "no time" in refused(capsys, db, 2, *_late(db, HEAD, "--at", "soon", "--entered-late"))


def test_a_record_entered_later_keeps_both_times_and_is_ordered_by_when_it_happened(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, (notice, warning) = _paper_event(tmp_path, rules)
    times = {r["id"]: r["at"] for r in run_json(capsys, "history", "--db", db)}
    assert times[notice] < HAPPENED < times[warning]
    late = ("--at", HAPPENED, "--entered-late", "--note", "paper slip 4: slow at table 2")
    made = run_json(capsys, *_late(db, HEAD, *late))
    [paper] = made["records"]
    log = json.loads(db.read_text(encoding="utf-8"))["log"]
    entry = log[max(log, key=int)]
    assert entry["data"]["happened_at"] == HAPPENED
    assert entry["at"] > "2026-12"  # the real time it was written, not the paper's
    # Notice at 14:33 (the floor judge's), Warning at 14:34: the paper record happened between.
    history = run_json(capsys, "history", "--db", db)
    assert [r["id"] for r in history] == [warning, paper["id"], notice]
    shown = {r["id"]: r for r in history}[paper["id"]]
    assert (shown["happened_at"], shown["entered_late"], shown["at"]) == (
        HAPPENED,
        True,
        entry["at"],
    )
    assert shown["table"] == 2 and shown["opponent"] == "p3"
    _code, out, _err = run(capsys, "history", "--db", db)
    assert out.count("entered later, from paper") == 1
    assert "entered later, from paper" in run(capsys, "player", "p4", "--db", db)[1]
    assert "entered later, from paper" in run(capsys, "report", "player", "p4", "--db", db)[1]
    event = run_json(capsys, "report", "event", "--db", db)
    [p4] = [p for p in event["players"] if p["id"] == "p4"]
    assert p4["records"][0]["entered_late"] is True
    said = " ".join(run(capsys, "report", "event", "--db", db)[1].split())  # lines wrapped at 78
    assert "entered later, from paper" in said
    slip = run(capsys, "report", "slip", paper["id"], "--db", db)[1]
    assert "entered later, from paper" in slip
    exported = run_json(capsys, "export", "--db", db)
    assert {r["id"]: r["entered_late"] for r in exported["records"]}[paper["id"]] is True
    rows = list(
        csv.DictReader(io.StringIO(run(capsys, "export", "--format", "csv", "--db", db)[1]))
    )
    marks = {r["id"]: (r["happened_at"], r["entered_late"]) for r in rows}
    assert marks[paper["id"]] == (HAPPENED, "True") and marks[notice] == ("", "False")
    assert list(rows[0])[-1] == "head"


def test_a_correction_of_a_record_entered_later_keeps_when_it_happened(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ids = _paper_event(tmp_path, rules)
    late = ("--at", HAPPENED, "--entered-late", "--note", "paper slip 4")
    [paper] = run_json(capsys, *_late(db, HEAD, *late))["records"]
    fixed = ("correct", paper["id"], "--judge", HEAD, "--penalty", "notice", "--note", "a Notice")
    run_json(capsys, *fixed, "--db", db)
    [now] = [
        r
        for r in run_json(capsys, "history", "--player", "p4", "--db", db)
        if r["status"] == "issued"
    ]
    assert (now["penalty"], now["happened_at"], now["entered_late"]) == ("notice", HAPPENED, True)
