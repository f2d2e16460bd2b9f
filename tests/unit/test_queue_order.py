"""Issue 26 item 7: the queue shows what waits for the head judge's word first.

A floor judge's tardiness game-loss request sat 25th of 25 and Double Warning requests
39th–40th of 40, behind Notices, where an 80×24 dashboard shows 4 rows. The order is one
function of the state (`judgetui.state.queries.queue_rank`): decisions owed, cheating,
Triple Warnings, floor judges' requests, then Notices; oldest first within each. The
command line, the dashboard and the review all read it; each item says how long it has
waited (``queue --json``'s ``waiting_s``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from judgetui import text
from judgetui.rules import Rules
from judgetui.state.queue_index import QueueIndex
from tests.helpers.cli import run, run_json
from tests.helpers.event import FIXED_NOW
from tests.helpers.queue_event import ORDER, busy_night


def test_queue_puts_requests_before_notices_each_kind_oldest_first(
    tmp_path: Path, rules: Rules
) -> None:
    service = busy_night(tmp_path / "event.json", rules)
    state = service.load()
    queue = service.queue(state)
    assert [(item.group, item.player) for item in queue] == ORDER
    request = next(item for item in queue if item.player == "P06")
    assert (request.kind, request.penalty) == ("request", "game_loss")
    # The station's queue, kept up to date entry by entry, is the same list.
    assert QueueIndex(state).items() == queue


def test_waiting_seconds_count_from_the_item_and_never_go_below_zero(
    tmp_path: Path, rules: Rules
) -> None:
    service = busy_night(tmp_path / "event.json", rules)
    first = service.queue()[-6]  # the oldest Notice: the event's first record
    landed = datetime.fromisoformat(first.at)
    assert first.waiting_seconds(landed + timedelta(minutes=12, seconds=5)) == 725
    assert first.waiting_seconds(landed - timedelta(seconds=30)) == 0


def test_queue_json_items_carry_waiting_s_in_the_queues_order(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "event.json"
    busy_night(db, rules)
    before = datetime.now(UTC)
    items = run_json(capsys, "queue", "--json", "--db", db)
    after = datetime.now(UTC)
    assert [item["player"] for item in items] == [player for _group, player in ORDER]
    for item in items:
        landed = datetime.fromisoformat(item["at"])
        assert isinstance(item["waiting_s"], int)
        assert int((before - landed).total_seconds()) <= item["waiting_s"]
        assert item["waiting_s"] <= int((after - landed).total_seconds())
    # The records were made from FIXED_NOW on, a minute apart: days before now.
    assert items[-1]["waiting_s"] < items[-2]["waiting_s"]
    assert items[0]["waiting_s"] > (datetime.now(UTC) - FIXED_NOW).total_seconds() - 3600


def test_queue_text_says_how_long_each_item_has_waited(
    tmp_path: Path, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "event.json"
    service = busy_night(db, rules)
    queue = service.queue()
    before = datetime.now(UTC)
    code, out, err = run(capsys, "queue", "--db", db)
    after = datetime.now(UTC)
    assert code == 0, err
    lines: list[str] = []
    for line in out.splitlines():  # an item's wrapped lines are indented under it
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
    state = service.load()
    assert [line.split()[0] for line in lines] == [state.short_id(item.id) for item in queue]
    for line, item in zip(lines, queue, strict=True):
        said = {f"waiting {text.waited(item.waiting_seconds(t))}" for t in (before, after)}
        assert any(line.endswith(phrase) for phrase in said), (line, said)
    assert "P06" in lines[3] and "Game loss" in lines[3]
