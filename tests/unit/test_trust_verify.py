"""The chain, anchored (issue 10, item 8).

* `verify` fails (exit 1) on an emptied log or a file without one.
* `verify --head HASH` passes only when HASH is the hash of an entry of the verified
  chain: a check over the entries themselves, never a search of the file's text — so a
  head hidden in a note proves nothing, and a head cut off (or rewritten) is caught.
* `verify --json` is exactly CLI.md's shape.
* A write onto a chain that is already broken still happens (the head judge must be able
  to work) but says so on stderr in one line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judgetui.cli import main
from judgetui.service import Station
from judgetui.store import GENESIS_HASH, EventFile, verify_entries
from tests.helpers.chain import rechain
from tests.helpers.cli import UNBOUND_WARNING, without_unbound_warning
from tests.helpers.event import FLOOR, HEAD, record

JSON_KEYS = {"ok", "head", "count", "first_bad", "problem"}
RECORD = ["record", "--judge", HEAD, "--player", "P5", "--infraction", "slow_play",
          "--intentional", "yes", "--disruptive", "no"]  # fmt: skip


# -- helpers ------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def verify_json(
    capsys: pytest.CaptureFixture[str], db: Path, *extra: str
) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "--db", db, "verify", "--json", *extra)
    assert err == ""
    result: dict[str, Any] = json.loads(out)
    assert set(result) == JSON_KEYS  # exactly CLI.md's fields
    return code, result


def read_doc(db: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(db.read_bytes())
    return doc


def write_doc(db: Path, doc: dict[str, Any]) -> None:
    db.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def cut_to(db: Path, keep: int) -> None:
    """Entries after ``keep`` removed: what is left is a valid, shorter chain."""
    doc = read_doc(db)
    doc["log"] = {k: v for k, v in doc["log"].items() if int(k) <= keep}
    write_doc(db, doc)


@pytest.fixture
def event(station: Station, db_path: Path) -> Path:
    """Six entries: created, players imported, then four records by both judges."""
    record(station, HEAD, "P1", "slow_play", intentional=True, disruptive=False)
    record(station, FLOOR, "P2", "slow_play", intentional=False, disruptive=True)
    record(station, HEAD, "P3", "slow_play", intentional=True, disruptive=False)
    record(station, HEAD, "P4", "slow_play", intentional=True, disruptive=False)
    assert len(read_doc(db_path)["log"]) == 6
    return db_path


def head_of(db: Path) -> str:
    head: str = EventFile(db).load().head
    return head


# -- empty and missing logs -----------------------------------------------------------


def test_verify_fails_on_an_emptied_log(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It used to say "log intact: 0 entries", exit 0."""
    doc = read_doc(event)
    doc["log"] = {}
    write_doc(event, doc)
    code, out, err = run(capsys, "--db", event, "verify")
    assert (code, err) == (1, "")
    assert out.startswith("log broken: the log is empty")
    code, result = verify_json(capsys, event)
    assert code == 1
    assert result == {
        "ok": False,
        "head": GENESIS_HASH,
        "count": 0,
        "first_bad": 1,
        "problem": result["problem"],
    }


def test_verify_fails_on_a_file_without_a_log(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = read_doc(event)
    del doc["log"]
    write_doc(event, doc)
    code, result = verify_json(capsys, event)
    assert (code, result["ok"], result["count"]) == (1, False, 0)
    assert "empty" in result["problem"]


# -- --head: the chain anchored ---------------------------------------------------------


def test_verify_head_passes_after_growth(
    event: Path, station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    head = head_of(event)
    record(station, HEAD, "P5", "slow_play", intentional=True, disruptive=False)
    record(station, HEAD, "P6", "slow_play", intentional=True, disruptive=False)

    code, out, err = run(capsys, "--db", event, "verify", "--head", head)
    assert (code, err) == (0, "")
    assert f"it still holds {head} (entry 6)" in out
    code, result = verify_json(capsys, event, "--head", head)
    assert code == 0
    assert result == {
        "ok": True,
        "head": head_of(event),
        "count": 8,
        "first_bad": None,
        "problem": None,
    }


def test_verify_head_of_the_current_head_passes(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head = head_of(event)
    assert verify_json(capsys, event, "--head", head) == (
        0,
        {"ok": True, "head": head, "count": 6, "first_bad": None, "problem": None},
    )


def test_verify_head_refuses_after_truncation_of_the_real_entry(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The last two entries cut off: a valid chain, but not the one the head was taken of."""
    head = head_of(event)
    cut_to(event, 4)
    assert verify_json(capsys, event)[0] == 0  # verify alone cannot tell

    code, out, err = run(capsys, "--db", event, "verify", "--head", head)
    assert (code, err) == (1, "")
    assert out.startswith(f"log broken: no entry of the log has the hash {head}")
    code, result = verify_json(capsys, event, "--head", head)
    assert code == 1
    assert (result["ok"], result["count"], result["first_bad"]) == (False, 4, None)
    assert result["head"] == read_doc(event)["log"]["4"]["hash"]
    assert "cut off" in result["problem"]


@pytest.mark.parametrize("hidden_by", ["forger-in-the-data", "judge-in-a-note"])
def test_verify_head_hidden_in_note_is_not_an_entry(
    event: Path, capsys: pytest.CaptureFixture[str], hidden_by: str
) -> None:
    """The old advice was to grep the file for the exported head. After cutting off the
    entry that had it, a ``{"hash": "<head>"}`` hidden in what is left — by a forger who
    re-chains the log, or by a judge's note appended afterwards — fooled that search.
    `verify --head` looks at the entries' own hashes, so it is not fooled."""
    head = head_of(event)
    cut_to(event, 4)
    if hidden_by == "forger-in-the-data":
        doc = read_doc(event)
        doc["log"]["3"]["data"]["note"] = {"hash": head}
        rechain(doc["log"], 3)
        write_doc(event, doc)
        assert re.search(rf'"hash": ?"{head}"', event.read_text(encoding="utf-8"))
    else:
        note = json.dumps({"hash": head})
        code, _, err = run(capsys, "--db", event, *RECORD, "--note", note)
        assert (code, err) == (0, UNBOUND_WARNING)
    assert head in event.read_text(encoding="utf-8")  # a text search finds it...
    assert verify_json(capsys, event)[0] == 0  # ...and the chain is consistent

    code, result = verify_json(capsys, event, "--head", head)
    assert code == 1  # ...but no entry has it
    assert (result["ok"], result["first_bad"]) == (False, None)
    assert head not in {e["hash"] for e in read_doc(event)["log"].values()}


def test_verify_head_refuses_a_consistent_rewrite(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Entry 3 edited and every hash after it recomputed: the same number of entries,
    a valid chain, and the written-down head is gone from it."""
    head = head_of(event)
    doc = read_doc(event)
    doc["log"]["3"]["data"]["records"][0]["penalty"] = "notice"
    rechain(doc["log"], 3)
    write_doc(event, doc)
    assert verify_json(capsys, event)[1]["ok"] is True
    code, result = verify_json(capsys, event, "--head", head)
    assert (code, result["count"], result["first_bad"]) == (1, 6, None)


def test_verify_head_does_not_count_entries_past_a_break(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The head is entry 6's, still in the file, but entry 3 was edited: the chain the
    head must be in stops at entry 2, so the break is what is reported."""
    head = head_of(event)
    doc = read_doc(event)
    doc["log"]["3"]["data"]["records"][0]["penalty"] = "notice"
    write_doc(event, doc)
    code, result = verify_json(capsys, event, "--head", head)
    assert code == 1
    assert (result["first_bad"], result["count"]) == (3, 2)
    assert result["problem"] == "entry 3 was edited (hash mismatch)"


def test_verify_head_takes_a_16_digit_prefix_in_any_case(
    event: Path, station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a head judge copies onto a round's slip: the first 16 digits are enough."""
    head = head_of(event)
    record(station, HEAD, "P5", "slow_play", intentional=True, disruptive=False)
    for given in (head[:16], head[:16].upper(), f" {head[:20]}… "):
        assert verify_json(capsys, event, "--head", given)[0] == 0, given
    cut_to(event, 5)
    assert verify_json(capsys, event, "--head", head[:16])[0] == 1


@pytest.mark.parametrize(
    "given", ["abc", "0123456789abcde", "z" * 64, "0" * 65, "", "3f2a 9c00 1111 2222"]
)
def test_verify_head_that_is_not_a_hash_is_bad_input(
    event: Path, capsys: pytest.CaptureFixture[str], given: str
) -> None:
    code, out, err = run(capsys, "--db", event, "verify", "--head", given)
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert "head" in err


def test_verify_entries_with_a_head_matches_verify(event: Path) -> None:
    """The station checks loaded entries the same way the command does."""
    file = EventFile(event)
    head = head_of(event)
    entries = file.load().entries
    assert verify_entries(entries, head) == file.verify(head)
    assert verify_entries(entries, head).anchor_seq == 6
    cut_to(event, 4)
    assert verify_entries(file.load().entries, head) == file.verify(head)
    assert not file.verify(head).ok


# -- writes onto a broken chain ---------------------------------------------------------


def break_entry_3(db: Path) -> None:
    doc = read_doc(db)
    doc["log"]["3"]["data"]["records"][0]["penalty"] = "notice"
    write_doc(db, doc)


def test_record_on_a_broken_chain_warns_and_still_writes(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to append to an already broken chain without a word."""
    break_entry_3(event)
    code, out, err = run(capsys, "--db", event, *RECORD)
    assert code == 0
    assert "recorded" in out
    lines = without_unbound_warning(err).strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("judgetui: warning: ")
    assert "chain is broken at entry 3" in lines[0] and "judgetui verify" in lines[0]
    assert len(read_doc(event)["log"]) == 7  # the record is in
    code, result = verify_json(capsys, event)
    assert (code, result["first_bad"]) == (1, 3)  # and the break still shows

    code, out, err = run(capsys, "--db", event, *RECORD, "--json")
    assert code == 0
    assert json.loads(out)["records"]  # stdout stays clean JSON
    assert "broken at entry 3" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["event", "round", "2", "--judge", HEAD],
        ["event", "judge", "Sam Hill", "--judge", HEAD],
        ["event", "finals", "--judge", HEAD],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_other_writes_on_a_broken_chain_warn(
    event: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    break_entry_3(event)
    code, _, err = run(capsys, "--db", event, *argv)
    assert code == 0
    assert len(without_unbound_warning(err).strip().splitlines()) == 1
    assert "chain is broken at entry 3" in err


def test_write_on_an_intact_chain_says_nothing_on_stderr(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "--db", event, *RECORD)
    assert (code, err) == (0, UNBOUND_WARNING)


def test_refused_write_on_a_broken_chain_gives_only_its_reason(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A refusal is one line (CLI.md): no warning added, the file unchanged."""
    break_entry_3(event)
    before = event.read_bytes()
    code, _, err = run(capsys, "--db", event, "event", "round", "2", "--judge", FLOOR)
    assert code == 3
    assert len(err.strip().splitlines()) == 1
    assert "warning" not in err
    assert event.read_bytes() == before


def test_chain_is_checked_on_write_only_while_someone_listens(
    event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A station (no handler on the store's logger) does not pay for a re-hash of the
    whole log on every write: it checks the chain itself after every change."""
    import logging

    from judgetui import store
    from judgetui.store import chain as store_chain

    calls: list[int] = []
    real = store_chain.verify_entries

    def counting(entries: Any, head: str | None = None) -> Any:
        calls.append(len(entries))
        return real(entries, head)

    monkeypatch.setattr(store_chain, "verify_entries", counting)
    file = EventFile(event)
    file.append(lambda _: [{"kind": "note", "data": {}}])
    assert calls == []
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    handler = Keep()
    logging.getLogger(store.LOGGER).addHandler(handler)
    try:
        file.append(lambda _: [{"kind": "note", "data": {}}])
        assert calls == [7]
        assert seen == []  # intact: nothing said
        break_entry_3(event)
        file.append(lambda _: [{"kind": "note", "data": {}}])
    finally:
        logging.getLogger(store.LOGGER).removeHandler(handler)
    assert [r.verify.first_bad_seq for r in seen] == [3]  # type: ignore[attr-defined]


def test_the_broken_chain_check_runs_beside_the_write(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check that warns is begun before the write and read after it (it hashes
    while the write waits on the disk); its verdict is the one an inline check gives."""
    import threading

    from judgetui.store import chain as store_chain

    threads: list[str] = []

    def spied(entries: Any, head: Any = None) -> Any:
        threads.append(threading.current_thread().name)
        return verify_entries(entries, head)

    monkeypatch.setattr(store_chain, "verify_entries", spied)
    break_entry_3(event)
    code, _out, err = run(capsys, "--db", event, *RECORD)
    assert code == 0
    assert threads == ["chain-check"]
    assert "chain is broken at entry 3" in err
