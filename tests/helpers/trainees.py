"""An event with a head judge, a floor judge and a trainee (issue 29 item 4), made through
the command line as CLI.md writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import run

HEAD = "Hana Sato"
FLOOR = "Finn Berg"
TRAINEE = "Tomo Ito"


def trainee_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``event init``, three players, ``event judge TRAINEE --trainee``: the event file."""
    db = tmp_path / "event.json"
    roster = tmp_path / "players.csv"
    roster.write_text("id,name\np1,Ann Lee\np2,Bob Kim\np3,Cy Dahl\n", encoding="utf-8")
    for argv in (
        ("event", "init", "--name", "Trainee Open", "--head-judge", HEAD, "--floor-judge", FLOOR),
        ("players", "import", roster, "--judge", HEAD),
        ("event", "judge", TRAINEE, "--trainee", "--judge", HEAD),
    ):
        code, _out, err = run(capsys, *argv, "--db", db)
        assert code == 0, err
    return db
