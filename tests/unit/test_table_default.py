"""Issue 26 item 3: a record's table, when not given, is the player's own table.

CLI.md: "A record's table, when not given, is the player's table in the round's pairings if
there are any, else none; it is never carried over from another incident." Until pairings
exist, the player's table is the roster's ``table`` column (`EventState.player_table`, the
one look-up the pairings will plug into). A witness note carries the table of its own
incident only.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui.service import Station
from tests.helpers.cli import rec, run, run_json
from tests.helpers.event import FLOOR, HEAD


@pytest.fixture
def seated(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The station's players, the roster now giving P1 table 88 and P2 table 12 (P3 none)."""
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "id,name,table\nP1,Taro Yamada,88\nP2,Ann Lee,12\nP3,山田 花子,\n", encoding="utf-8"
    )
    code, _out, err = run(capsys, "players", "import", roster, "--db", db_path, "--judge", HEAD)
    assert code == 0, err
    return db_path


def table_of(capsys: pytest.CaptureFixture[str], db: Path, record: str) -> object:
    [found] = [r for r in run_json(capsys, "--db", db, "history") if r["id"] == record]
    return found["table"]


def recorded(capsys: pytest.CaptureFixture[str], argv: list[object]) -> str:
    made = run_json(capsys, *argv)["records"][0]
    return str(made["id"])


def test_a_record_without_a_table_takes_the_players_roster_table(
    seated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a game loss for P1, seated at T88: on the scorekeeper's list at T88
    loss = recorded(capsys, rec(seated, HEAD, "P1", "decklist_mismatch", "no", "no"))
    assert table_of(capsys, seated, loss) == 88
    listed = run_json(capsys, "--db", seated, "report", "round")["items"]
    assert [(i["id"], i["table"]) for i in listed] == [(loss, 88)]


def test_a_table_given_is_kept_and_never_carried_to_another_incident(
    seated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = recorded(capsys, rec(seated, FLOOR, "P3", "slow_play", "no", "yes", "--table", "5"))
    assert table_of(capsys, seated, first) == 5
    # the same judge, the same round: P1's own table, P3's none, never T5
    second = recorded(capsys, rec(seated, FLOOR, "P1", "slow_play"))
    assert table_of(capsys, seated, second) == 88
    third = recorded(capsys, rec(seated, FLOOR, "P3", "improper_notes", "no", "yes"))
    assert table_of(capsys, seated, third) is None


def test_players_at_different_tables_give_no_table(
    seated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = run_json(capsys, *rec(seated, HEAD, ["P1", "P2"], "slow_play"))["records"]
    assert {table_of(capsys, seated, str(r["id"])) for r in made} == {None}


def test_a_witness_note_carries_the_table_of_its_own_incident(
    seated: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = recorded(capsys, rec(seated, FLOOR, "P1", "slow_play", "no", "yes", "--table", "40"))
    run_json(capsys, *rec(seated, HEAD, "P2", "slow_play", "no", "yes", "--table", "7"))
    code, _out, err = run(
        capsys, *rec(seated, HEAD, "P1", "slow_play"), "--same-as", first, "--note", "saw it"
    )
    assert code == 0, err
    [found] = [r for r in run_json(capsys, "--db", seated, "history") if r["id"] == first]
    assert [w["table"] for w in found["witnesses"]] == [40]
