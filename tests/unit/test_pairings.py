"""Issue 29 item 1: a round's pairings (`judgetui pairings import FILE --round N`), as CLI.md
writes it: the round's tables and opponents, refused whole when a player is unknown or
listed twice, a re-import that replaces the round and says what changed, and the table and
opponent of a record taken from them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.service import Station
from tests.helpers.cli import rec, refused, run, run_json
from tests.helpers.event import FLOOR, HEAD


def pairings_file(tmp_path: Path, body: str, name: str = "pairings.csv") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


def imported(
    capsys: pytest.CaptureFixture[str], db: Path, path: Path, round_: int = 1, *extra: object
) -> str:
    code, out, err = run(
        capsys, "pairings", "import", path, "--round", round_, "--db", db, "--judge", HEAD, *extra
    )
    assert code == 0, err
    return out


ROUND_1 = "table,player,opponent\n5,P1,P2\n6,P3,P4\n7,P5,P6\n"


@pytest.fixture
def paired(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Path:
    imported(capsys, db_path, pairings_file(tmp_path, ROUND_1))
    return db_path


def test_pairings_import_gives_each_player_the_round_s_table_and_opponent(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_json(capsys, "--db", paired, "player", "P2")["pairing"] == {
        "round": 1,
        "table": 5,
        "opponent": "P1",
    }
    code, out, _err = run(capsys, "--db", paired, "player", "P1")
    assert code == 0
    assert "round 1: table 5, opponent P2 Ann Lee" in out


def test_player_json_has_no_pairing_without_the_current_round_s(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(capsys, "event", "round", "2", "--db", paired, "--judge", HEAD)
    assert code == 0, err
    assert run_json(capsys, "--db", paired, "player", "P1")["pairing"] is None


def test_a_record_takes_its_table_and_opponent_from_the_round_s_pairings(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = run_json(capsys, *rec(paired, FLOOR, "P3", "slow_play", "no", "yes"))
    assert (made["table"], made["opponent"]) == (6, "P4")
    assert made["from_pairings"] == ["table", "opponent"]
    [record] = run_json(capsys, "--db", paired, "history", "--player", "P3")
    assert (record["table"], record["opponent"]) == (6, "P4")
    code, out, _err = run(capsys, *rec(paired, FLOOR, "P5", "slow_play", "no", "yes"))
    assert code == 0
    assert "from the round's pairings: table 7, opponent P6" in out


def test_a_record_s_own_table_and_opponent_win_over_the_pairings(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = run_json(
        capsys,
        *rec(paired, FLOOR, "P3", "slow_play", "no", "yes", "--table", "40", "--opponent", "P6"),
    )
    assert (made["table"], made["opponent"], made["from_pairings"]) == (40, "P6", [])


def test_two_players_of_one_match_penalised_together_have_no_opponent_guessed(
    paired: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = run_json(capsys, *rec(paired, FLOOR, ["P1", "P2"], "slow_play", "no", "yes"))
    assert (made["table"], made["opponent"], made["from_pairings"]) == (5, None, ["table"])


def test_the_opponent_is_never_taken_from_another_incident(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_json(
        capsys, *rec(db_path, FLOOR, "P1", "slow_play", "no", "yes", "--opponent", "P2")
    )
    assert first["opponent"] == "P2"
    again = run_json(capsys, *rec(db_path, FLOOR, "P1", "slow_play", "no", "yes"))
    assert (again["table"], again["opponent"], again["from_pairings"]) == (None, None, [])


def test_pairings_of_a_round_are_only_that_round_s(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(capsys, "event", "round", "2", "--db", paired, "--judge", HEAD)
    assert code == 0, err
    made = run_json(capsys, *rec(paired, FLOOR, "P3", "slow_play", "no", "yes"))
    assert (made["table"], made["opponent"]) == (None, None)
    imported(capsys, paired, pairings_file(tmp_path, "table,player,opponent\n2,P3,P1\n"), 2)
    made = run_json(capsys, *rec(paired, FLOOR, "P3", "slow_play", "no", "yes"))
    assert (made["table"], made["opponent"]) == (2, "P1")


def test_a_re_import_replaces_the_round_and_says_what_changed(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # P1–P2 stay together but move to table 9; P3 and P5 swap opponents; P6 has a bye
    again = pairings_file(
        tmp_path, "table,player,opponent\n9,P1,P2\n6,P3,P5\n7,P4,\n,P6,\n", "again.csv"
    )
    out = imported(capsys, paired, again)
    assert "round 1: the earlier pairings are replaced" in out
    assert "P1 moved: table 5 → table 9" in out
    assert "P2 moved: table 5 → table 9" in out
    assert "new pairing: table 6: P3 – P5" in out
    assert "new pairing: table 7: P4 (bye)" in out
    assert "dropped pairing: table 6: P3 – P4" in out
    assert "dropped pairing: table 7: P5 – P6" in out
    assert "P3 moved" not in out
    assert run_json(capsys, "--db", paired, "player", "P6")["pairing"] == {
        "round": 1,
        "table": None,
        "opponent": None,
    }
    assert run_json(capsys, "--db", paired, "player", "P5")["pairing"]["opponent"] == "P3"
    # the same file once more: replaced, nothing changed
    code, out, err = run(
        capsys, "pairings", "import", again, "--round", 1, "--db", paired, "--judge", HEAD, "--json"
    )
    assert code == 0, err
    change = json.loads(out)
    assert change == {
        "round": 1,
        "pairings": 4,
        "replaced": True,
        "moved": [],
        "new": [],
        "dropped": [],
    }


def test_pairings_listed_from_both_sides_are_one_match_each(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    both = pairings_file(tmp_path, "Table;Player;Opponent\n5;P1;P2\n5;P2;P1\n")
    out = imported(capsys, db_path, both)
    assert "1 pairing for round 1" in out
    assert run_json(capsys, "--db", db_path, "player", "P2")["pairing"]["opponent"] == "P1"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("table,player,opponent\n5,P1,P9\n", "unknown player 'P9' in the pairings"),
        ("table,player,opponent\n5,P1,P2\n6,P1,P3\n", "line 3: player P1 is already paired"),
        ("table,player,opponent\n5,P1,P2\n6,P3,P2\n", "line 3: player P2 is already paired"),
        ("table,player,opponent\n5,P1,P2\n5,P1,P2\n", "line 3: player P1 is already paired"),
        ("table,player,opponent\n5,P1,P2\n5,P3,P4\n", "line 3: table 5 already has a match"),
        ("table,player,opponent\n5,P1,P1\n", "paired against themselves"),
        ("table,player,opponent\nfive,P1,P2\n", "line 2: table: a number"),
        ("table,player,opponent\n,P1,P2\n", "line 2: table: a number"),
        ("table,player\n5,P1\n", "the header needs the column opponent once"),
        ("table,player,opponent,name\n5,P1,P2,Ta\u202ero\n", "line 2: a control or format"),
        ("table,player,opponent\n5,P1,P2\x1b[2J\n", "line 2: a control or format"),
        ("table,player,opponent\n5,P1,P 2\n", "opponent: not a player id"),
        ("table,player,opponent\n", "no pairings"),
    ],
)
def test_pairings_that_cannot_be_right_are_refused_whole(
    station: Station,
    db_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    body: str,
    said: str,
) -> None:
    path = pairings_file(tmp_path, body)
    line = refused(
        capsys, db_path, 2, "pairings", "import", path, "--round", 1, "--db", db_path,
        "--judge", HEAD,
    )  # fmt: skip
    assert said in line


def test_pairings_import_is_the_head_judge_s(
    paired: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = pairings_file(tmp_path, ROUND_1, "again.csv")
    line = refused(
        capsys, paired, 3, "pairings", "import", path, "--round", 1, "--db", paired,
        "--judge", FLOOR,
    )  # fmt: skip
    assert "only the head judge may import pairings" in line


def test_pairings_import_needs_its_round(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = pairings_file(tmp_path, ROUND_1)
    code, _out, err = run(capsys, "pairings", "import", path, "--db", db_path, "--judge", HEAD)
    assert code == 2
    assert "--round" in err
    refused(
        capsys, db_path, 2, "pairings", "import", path, "--round", 0, "--db", db_path,
        "--judge", HEAD,
    )  # fmt: skip


def test_pairings_import_never_blocks_on_a_fifo(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pairings.csv"
    os.mkfifo(fifo)
    line = refused(
        capsys, db_path, 2, "pairings", "import", fifo, "--round", 1, "--db", db_path,
        "--judge", HEAD,
    )  # fmt: skip
    assert "not a regular file" in line


def test_pairings_import_takes_other_column_names(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = pairings_file(tmp_path, "Table #,Player ID,Opponent ID,Points\n12,P4,P5,3\n")
    out = imported(
        capsys, db_path, path, 1,
        "--table-column", "Table #", "--player-column", "player id",
        "--opponent-column", "Opponent ID",
    )  # fmt: skip
    assert "ignored columns: Points" in out
    assert run_json(capsys, "--db", db_path, "player", "P5")["pairing"] == {
        "round": 1,
        "table": 12,
        "opponent": "P4",
    }


def test_the_round_list_and_the_export_use_the_pairings(
    station: Station, db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a game loss recorded before the round's pairings were imported: no table then
    loss = run_json(
        capsys,
        *rec(db_path, HEAD, "P3", "decklist_mismatch", "no", "no"),
    )["records"][0]["id"]
    listed = run_json(capsys, "--db", db_path, "report", "round")["items"]
    assert [(i["id"], i["table"]) for i in listed] == [(loss, None)]
    imported(capsys, db_path, pairings_file(tmp_path, ROUND_1))
    # the scorekeeper's list now finds P3 at the round's table
    listed = run_json(capsys, "--db", db_path, "report", "round")["items"]
    assert [(i["id"], i["table"]) for i in listed] == [(loss, 6)]
    exported = run_json(capsys, "--db", db_path, "export")
    assert {"round": 1, "table": 6, "player": "P3", "opponent": "P4"} in exported["pairings"]
    code, out, err = run(capsys, "--db", db_path, "export", "--format", "csv")
    assert code == 0, err
    header, row = out.splitlines()[:2]
    assert dict(zip(header.split(","), row.split(","), strict=True))["player_table"] == "6"


def test_pairings_import_is_refused_over_ssh(
    station: Station,
    db_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An organiser's act that reads a file: never from a judge's ssh command."""
    path = pairings_file(tmp_path, ROUND_1)
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", f"pairings import {path} --round 1 --judge '{HEAD}'")
    before = db_path.read_bytes()
    capsys.readouterr()
    code = cli.main(["--db", str(db_path), "ssh"])
    _out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("judgetui: over ssh") and len(err.strip().splitlines()) == 1, err
    assert db_path.read_bytes() == before


@pytest.mark.parametrize(
    ("pairings", "said"),
    [
        ([{"table": 5, "player": "P1", "opponent": "P99"}], "unknown player 'P99'"),
        (
            [{"table": 5, "player": "P1", "opponent": "P2"}, {"table": 6, "player": "P2"}],
            "player 'P2' paired twice in round 1",
        ),
        ([{"table": 5, "player": "P1", "opponent": "P1"}], "paired against themselves"),
    ],
)
def test_a_log_s_pairings_that_the_service_would_refuse_do_not_fold(
    station: Station, pairings: list[dict[str, object]], said: str
) -> None:
    """Written past the service (a hand edit that re-chained the log): the fold refuses."""
    from judgetui.store import EventFileError

    head = station.load().judges[HEAD]
    data = {"round": 1, "pairings": pairings}
    station.file.append(lambda _snapshot: [station.planner.entry("pairings_imported", head, data)])
    with pytest.raises(EventFileError, match="log entry 3 is malformed") as refused:
        station.load()
    assert said in str(refused.value)
