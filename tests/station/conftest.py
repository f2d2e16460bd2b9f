"""The station tests' fixtures: an event made with rules that ask one more question."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui.rules import shipped_rules_text
from tests.helpers.event import HEAD
from tests.helpers.new_question import NEW_QUESTION, run


@pytest.fixture
def new_rules(tmp_path: Path) -> Path:
    path = tmp_path / "rules-with-a-question.toml"
    path.write_text(shipped_rules_text() + NEW_QUESTION, encoding="utf-8")
    return path


@pytest.fixture
def event(tmp_path: Path, new_rules: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "event.json"
    made = run(
        capsys,
        "--db",
        db,
        "--rules",
        new_rules,
        "event",
        "init",
        "--name",
        "T",
        "--head-judge",
        HEAD,
    )
    assert made[0] == 0, made
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP1,Ann Lee\nP2,Ben Ito\n", encoding="utf-8")
    imported = run(capsys, "--db", db, "--judge", HEAD, "players", "import", players)
    assert imported[0] == 0, imported
    return db
