"""Possible duplicates and witness notes (issue 13, item 2).

Two judges reporting the same incident must not count it twice: the second report is shown
the first one and can attach to it as a witness note. The service's clock is injected, so
"within the window" is exact here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli
from judgetui.identity import Caller
from judgetui.models import Judge
from judgetui.rules import Rules
from judgetui.service import BadInput, RecordRequest, Station
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING, without_unbound_warning
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, counting_ids

SECOND = "Kim Park"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = FIXED_NOW

    def __call__(self) -> datetime:
        return self.now

    def later(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def event(db_path: Path, rules: Rules, caller: Caller, clock: Clock) -> Station:
    """Head judge Kana Mori, floor judges Alex Reed and Kim Park, players P1–P3."""
    from judgetui.models import Player

    service = Station(EventFile(db_path), rules, caller=caller, clock=clock, new_id=counting_ids())
    service.create_event("Test Open", HEAD, [FLOOR, SECOND], rounds=6)
    service.import_players(
        HEAD, [Player(id=f"P{i}", name=n) for i, n in enumerate(["Ann", "Bo", "Cy"], 1)]
    )
    return service


def slow_play(player: str = "P1", **kwargs: Any) -> RecordRequest:
    return RecordRequest([player], "slow_play", intentional=False, disruptive=True, **kwargs)


def first_record(event: Station, judge: str = FLOOR, **kwargs: Any) -> str:
    made = event.record(judge, slow_play(**kwargs)).records[0]
    assert made.id is not None
    return made.id


def test_another_judge_within_the_window_is_a_possible_duplicate(
    event: Station, clock: Clock
) -> None:
    first = first_record(event)
    clock.later(14.5)
    assert event.possible_duplicate(SECOND, slow_play()) is not None
    result = event.record(SECOND, slow_play(note="I saw a second turn too"))
    assert result.possible_duplicate_of == first
    second = result.records[0].id
    assert second is not None
    assert event.load().records[second].duplicate_of == first


def test_outside_the_window_is_no_duplicate(event: Station, clock: Clock) -> None:
    first_record(event)
    clock.later(15)
    assert event.possible_duplicate(SECOND, slow_play()) is None
    assert event.record(SECOND, slow_play()).possible_duplicate_of is None


def test_the_same_judge_twice_is_no_duplicate(event: Station, clock: Clock) -> None:
    first_record(event)
    clock.later(1)
    assert event.possible_duplicate(FLOOR, slow_play()) is None
    assert event.record(FLOOR, slow_play()).possible_duplicate_of is None


@pytest.mark.parametrize(
    "change",
    [
        lambda e: e.record(SECOND, slow_play("P2")),  # another player
        lambda e: e.record(  # another infraction
            SECOND, RecordRequest(["P1"], "game_rules_violation", False, True)
        ),
        lambda e: (e.set_round(HEAD, 2), e.record(SECOND, slow_play())),  # another round
    ],
)
def test_another_player_infraction_or_round_is_no_duplicate(
    event: Station, clock: Clock, change: Callable[[Station], Any]
) -> None:
    first_record(event)
    clock.later(1)
    result = change(event)
    result = result[-1] if isinstance(result, tuple) else result
    assert result.possible_duplicate_of is None


def test_a_voided_record_is_no_duplicate(event: Station, clock: Clock) -> None:
    first = first_record(event)
    event.void(HEAD, first, "wrong player")
    clock.later(1)
    assert event.possible_duplicate(SECOND, slow_play()) is None


def test_window_zero_turns_the_check_off(db_path: Path, caller: Caller, clock: Clock) -> None:
    from judgetui.models import Player
    from judgetui.rules import rules_source, shipped_rules_text

    text = shipped_rules_text().replace("window_minutes = 15", "window_minutes = 0")
    never = rules_source(text, "rules.toml").rules
    service = Station(EventFile(db_path), never, caller=caller, clock=clock)
    service.create_event("Open", HEAD, [FLOOR, SECOND])
    service.import_players(HEAD, [Player(id="P1", name="Ann")])
    assert service.load().rules.duplicate_window() == 0  # the event keeps its rules
    service.record(FLOOR, slow_play())
    clock.later(1)
    assert service.record(SECOND, slow_play()).possible_duplicate_of is None


def test_same_as_attaches_a_witness_note_and_counts_nothing(event: Station, clock: Clock) -> None:
    first = first_record(event, table=14)
    before = event.load()
    points, records = before.points("P1"), list(before.players["P1"].records)
    clock.later(2)
    result = event.record(
        SECOND, slow_play(same_as=first[:8], note="saw it from table 15", table=14, game=2)
    )
    assert (result.witness_of, result.records) == (first, [])
    after = event.load()
    assert after.points("P1") == points
    assert after.players["P1"].records == records
    [witness] = after.records[first].witnesses
    assert (witness.judge, witness.note, witness.table, witness.game) == (
        SECOND,
        "saw it from table 15",
        14,
        2,
    )
    assert event.file.load().entries[-1]["kind"] == "witness_noted"


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"same_as": "nope-nope", "note": "x"}, "no record"),
        ({"same_as": "FIRST", "note": "  "}, "witness note needs"),
        ({"same_as": "FIRST", "note": "x", "table": 0}, "table"),
    ],
)
def test_same_as_refusals_leave_the_file_unchanged(
    event: Station, kwargs: dict[str, Any], match: str
) -> None:
    first = first_record(event)
    if kwargs.get("same_as") == "FIRST":
        kwargs = {**kwargs, "same_as": first}
    before = event.file.path.read_bytes()
    with pytest.raises(BadInput, match=match):
        event.record(SECOND, slow_play(**kwargs))
    assert event.file.path.read_bytes() == before


def test_same_as_names_the_records_player(event: Station) -> None:
    first = first_record(event)
    with pytest.raises(BadInput, match="about player P1"):
        event.record(SECOND, slow_play("P2", same_as=first, note="x"))


def test_a_witness_note_on_an_upgraded_record_goes_to_its_replacement(event: Station) -> None:
    first = first_record(event)  # a floor judge's Notice, unreviewed
    event.review(HEAD, first, "upgrade", "single_warning")
    newer = next(r for r in event.load().records.values() if r.supersedes == first)
    event.record(SECOND, slow_play(same_as=first, note="me too"))
    assert [w.note for w in event.load().records[newer.id].witnesses] == ["me too"]


def test_recording_a_seen_duplicate_anyway_needs_a_note(event: Station) -> None:
    first = first_record(event)
    before = event.file.path.read_bytes()
    with pytest.raises(BadInput, match="note saying why"):
        event.record(SECOND, slow_play(duplicate_of=first))
    assert event.file.path.read_bytes() == before
    result = event.record(SECOND, slow_play(duplicate_of=first, note="a second stall"))
    assert result.possible_duplicate_of == first


# ----------------------------------------------------------------------- the command line


def _cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_warns_once_on_stderr_and_in_json(
    event: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The command line runs on the real clock: both records are seconds apart.
    base = ["--db", db_path, "record", "--player", "P3", "--infraction", "slow_play"]
    base += ["--intentional", "no", "--disruptive", "yes", "--json"]
    code, out, err = _cli(capsys, *base, "--judge", FLOOR)
    assert code == 0 and err == UNBOUND_WARNING
    first = json.loads(out)["records"][0]["id"]
    assert json.loads(out)["possible_duplicate_of"] is None
    code, out, err = _cli(capsys, *base, "--judge", SECOND)
    assert code == 0
    assert json.loads(out)["possible_duplicate_of"] == first
    assert len(without_unbound_warning(err).splitlines()) == 1
    assert first in err and "duplicate" in err


def test_cli_same_as_keeps_counted_records_and_points(
    event: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    head_rec = ["--db", db_path, "record", "--player", "P3", "--infraction", "slow_play"]
    head_rec += ["--intentional", "no", "--disruptive", "yes", "--penalty", "single_warning"]
    code, out, _err = _cli(capsys, *head_rec, "--judge", HEAD, "--json")
    first = json.loads(out)["records"][0]["id"]
    code, out, _err = _cli(capsys, "--db", db_path, "player", "P3", "--json")
    before = json.loads(out)
    base = ["--db", db_path, "record", "--player", "P3", "--infraction", "slow_play"]
    base += ["--intentional", "no", "--disruptive", "yes", "--judge", SECOND]
    code, out, err = _cli(capsys, *base, "--same-as", first, "--note", "seen too", "--json")
    assert code == 0, err
    assert json.loads(out) == {
        "incident": before["records"][0]["incident"],
        "records": [],
        "witness_of": first,
    }
    code, out, _err = _cli(capsys, "--db", db_path, "player", "P3", "--json")
    after = json.loads(out)
    assert after["points"] == before["points"] == 1
    assert [r["id"] for r in after["records"]] == [r["id"] for r in before["records"]]
    [witness] = after["records"][0]["witnesses"]
    assert (witness["judge"], witness["note"]) == (SECOND, "seen too")
    code, out, _err = _cli(capsys, "--db", db_path, "player", "P3")
    assert f"witness {SECOND}" in out and "seen too" in out
    # no note: refused, the file unchanged
    blob = db_path.read_bytes()
    code, out, err = _cli(capsys, *base, "--same-as", first)
    assert code == 2 and len(err.splitlines()) == 1 and db_path.read_bytes() == blob


def test_judge_added_later_is_another_judge(event: Station, clock: Clock) -> None:
    event.add_judge(HEAD, Judge(name="Lee Ono", role="floor"))
    first = first_record(event)
    clock.later(3)
    assert event.record("Lee Ono", slow_play()).possible_duplicate_of == first
