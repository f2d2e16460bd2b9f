"""Issue 26 item 5: a time extension given with a Caution reaches the round list.

A Caution is not stored against the player (RULINGS §1): no record holds the incident. The
table was still given its minutes, and the scorekeeper must give them: the ``caution_given``
entry of an incident with no record keeps the table, game and extension, and `report round`
lists them (text and ``--json`` ``extensions_by_table``), to be marked entered like any line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui.service import Station
from tests.helpers.cli import rec, run, run_json
from tests.helpers.event import FLOOR, HEAD


def caution(db: Path, *extra: object) -> list[object]:
    """Alex Reed cautions P1 for improper notes (unintentional, not disruptive)."""
    return [*rec(db, FLOOR, "P1", "improper_notes", "no", "no"), *extra]


def test_an_extension_given_with_a_caution_reaches_the_round_list(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *caution(db_path, "--table", "12", "--extension", "7", "--json"))
    assert code == 0, err
    [given] = json.loads(out)["records"]
    assert (given["player"], given["penalty"]) == (None, "caution")
    shown = run_json(capsys, "--db", db_path, "report", "round")
    assert shown["extensions_by_table"] == [{"table": 12, "minutes": 7}]
    [item] = shown["items"]
    assert (item["kind"], item["table"], item["minutes"], item["players"]) == (
        "extension",
        12,
        7,
        [],
    )
    assert shown["not_entered"] == [item["id"]]
    code, out, err = run(capsys, "--db", db_path, "report", "round")
    assert code == 0, err
    assert "T12" in out and "+7 min" in out and "with a Caution" in out
    assert "Extensions by table" in out and "Nothing to enter" not in out
    # the scorekeeper enters it like any other line
    code, _out, err = run(
        capsys, "--db", db_path, "report", "round", "--enter", item["id"], "--judge", HEAD
    )
    assert code == 0, err
    assert run_json(capsys, "--db", db_path, "report", "round")["not_entered"] == []
    # still not stored against the player
    assert run_json(capsys, "--db", db_path, "player", "P1")["records"] == []
    assert station.load().cautions == 1


def test_a_caution_without_an_extension_adds_no_line(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(capsys, *caution(db_path, "--table", "12"))
    assert code == 0, err
    shown = run_json(capsys, "--db", db_path, "report", "round")
    assert (shown["items"], shown["extensions_by_table"]) == ([], [])
