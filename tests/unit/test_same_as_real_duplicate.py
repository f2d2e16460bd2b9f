"""Issue 26 item 4: no penalty vanishes (SECURITY.md promise 8).

`record --same-as ID` turns a report into a witness note only for a real duplicate: the
same players, the same infraction, the same round, inside the rules' duplicate window.
Anything else is one line and exit 2, the file byte-for-byte unchanged, on the command line
and over the ForceCommand alike. A possible duplicate recorded without `--same-as` is its
own incident and does not count the earlier record as an earlier offence unless the judge
says so (`--counts-earlier`). The command line runs on the real clock: records it makes
are seconds apart; a record made by the test's service (its fixed clock, days ago) is
outside the window.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile
from tests.helpers.cli import rec, refused, run, without_unbound_warning
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock

SECOND = "Kim Park"


@pytest.fixture
def event(db_path: Path, rules: Rules, caller: Caller) -> Path:
    """Head judge Kana Mori, floor judges Alex Reed and Kim Park, players P1–P3 (unbound)."""
    from judgetui.models import Player

    service = Station(
        EventFile(db_path), rules, caller=caller, clock=ticking_clock(), new_id=counting_ids()
    )
    service.create_event("Test Open", HEAD, [FLOOR, SECOND], rounds=6)
    service.import_players(
        HEAD, [Player(id=f"P{i}", name=n) for i, n in enumerate(["Ann", "Bo", "Cy"], 1)]
    )
    return db_path


def first_notice(capsys: pytest.CaptureFixture[str], db: Path, *players: str) -> str:
    """Alex Reed's slow-play Notice for ``players`` (P1 by default), now: its first id."""
    code, out, err = run(capsys, *rec(db, FLOOR, list(players or ["P1"])), "--json")
    assert code == 0, err
    made = json.loads(out)["records"][0]
    assert made["penalty"] == "notice"
    return str(made["id"])


def same_as(
    db: Path, record: str, *extra: object, players: tuple[str, ...] = ("P1",)
) -> list[object]:
    """Kim Park's report of ``players`` attached to ``record`` as a witness note."""
    return [*rec(db, SECOND, list(players)), *extra, "--same-as", record, "--note", "seen"]


def test_same_as_another_infraction_is_refused_and_the_cheating_report_stays_a_penalty(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    cheating = rec(event, SECOND, "P1", "cheating", "yes", "yes", "--request")
    line = refused(capsys, event, 2, *cheating, "--same-as", notice, "--note", "hid a card")
    assert "not a duplicate" in line and "Cheating" in line and "Slow play" in line
    # recorded as what it is, the report is a request in the queue
    code, out, err = run(capsys, *cheating, "--note", "hid a card", "--json")
    assert code == 0, err
    [made] = json.loads(out)["records"]
    code, out, _err = run(capsys, "--db", event, "queue", "--json")
    assert made["id"] in [item["id"] for item in json.loads(out)]


def test_same_as_never_drops_a_second_players_penalty(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    line = refused(capsys, event, 2, *same_as(event, notice, players=("P1", "P2")))
    assert "not a duplicate" in line and "P1" in line and "P1, P2" in line


def test_same_as_takes_the_same_set_of_players_of_a_two_player_incident(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event, "P1", "P2")
    line = refused(capsys, event, 2, *same_as(event, notice))
    assert "P1, P2" in line
    code, out, err = run(capsys, *same_as(event, notice, "--json", players=("P2", "P1")))
    assert code == 0, err
    assert json.loads(out)["witness_of"] == notice


def test_same_as_a_record_of_another_round_is_refused(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    code, _out, err = run(capsys, "--db", event, "event", "round", "2", "--judge", HEAD)
    assert code == 0, err
    line = refused(capsys, event, 2, *same_as(event, notice))
    assert "not a duplicate" in line and "round 1" in line and "round 2" in line


def test_same_as_outside_the_duplicate_window_is_refused(
    event: Path, rules: Rules, caller: Caller, capsys: pytest.CaptureFixture[str]
) -> None:
    # written by a service whose clock is days behind the command line's
    earlier = Station(EventFile(event), rules, caller=caller, clock=ticking_clock())
    made = earlier.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True)).records[0]
    assert made.id is not None
    line = refused(capsys, event, 2, *same_as(event, made.id))
    assert "not a duplicate" in line and "15-minute duplicate window" in line


def test_same_as_over_the_force_command_is_held_to_the_same_rule(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    notice = first_notice(capsys, event)
    monkeypatch.setenv(
        "SSH_ORIGINAL_COMMAND",
        f"record --judge '{SECOND}' --player P1 --player P2 --infraction slow_play "
        f"--intentional no --disruptive yes --same-as {notice} --note seen",
    )
    line = refused(capsys, event, 2, "--db", event, "ssh")
    assert "not a duplicate" in line


def test_a_real_duplicate_is_still_a_witness_note(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    code, out, err = run(capsys, *same_as(event, notice, "--json"))
    assert code == 0, err
    assert json.loads(out)["witness_of"] == notice


def test_same_as_with_counts_earlier_is_refused(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    line = refused(capsys, event, 2, *same_as(event, notice, "--counts-earlier"))
    assert "--counts-earlier" in line and "--same-as" in line


def test_a_possible_duplicate_is_not_counted_as_a_repeat(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    code, out, err = run(capsys, *rec(event, SECOND, "P1"), "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert shown["possible_duplicate_of"] == notice
    assert shown["counted_as_repeat"] is False
    [second] = shown["records"]
    assert (second["penalty"], second["status"]) == ("notice", "issued")
    [line] = without_unbound_warning(err).splitlines()
    assert notice in line and "not counted as an earlier offence" in line
    assert "--counts-earlier" in line
    code, out, err = run(capsys, *rec(event, SECOND, "P2"))  # no duplicate: nothing said
    assert code == 0 and without_unbound_warning(err) == ""


def test_counts_earlier_counts_the_possible_duplicate_as_an_earlier_offence(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event)
    again = [*rec(event, SECOND, "P1"), "--counts-earlier", "--request"]
    code, out, err = run(capsys, *again, "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert (shown["possible_duplicate_of"], shown["counted_as_repeat"]) == (notice, True)
    [second] = shown["records"]
    assert (second["penalty"], second["status"]) == ("single_warning", "pending")
    [line] = without_unbound_warning(err).splitlines()
    assert "counted as an earlier offence" in line and "not counted" not in line


def test_the_cli_help_names_counts_earlier_in_english_and_japanese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from judgetui import i18n

    with pytest.raises(SystemExit):
        cli.main(["record", "--help"])
    assert "--counts-earlier" in capsys.readouterr().out
    try:
        with pytest.raises(SystemExit):
            cli.main(["--lang", "ja", "record", "--help"])
        out = capsys.readouterr().out
    finally:
        i18n.set_language("en")
    assert "--counts-earlier" in out and "以前の違反として数える" in out


def test_a_refusal_in_japanese_says_what_differs(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from judgetui import i18n

    notice = first_notice(capsys, event)
    try:
        line = refused(capsys, event, 2, *same_as(event, notice, players=("P2",)), "--lang", "ja")
    finally:
        i18n.set_language("en")
    assert "重複ではありません" in line and "P1" in line and "P2" in line


def test_a_possible_duplicate_of_two_players_counts_for_neither(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notice = first_notice(capsys, event, "P1", "P2")
    code, out, err = run(capsys, *rec(event, SECOND, ["P1", "P2"]), "--json")
    assert code == 0, err
    shown = json.loads(out)
    assert (shown["possible_duplicate_of"], shown["counted_as_repeat"]) == (notice, False)
    assert [(r["player"], r["penalty"]) for r in shown["records"]] == [
        ("P1", "notice"),
        ("P2", "notice"),
    ]
