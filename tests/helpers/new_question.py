"""A yes/no upgrade question added to a copy of the shipped rules, and an event made with
them (the fixtures `new_rules` and `event`: tests/station/conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from judgetui.cli import main

NEW_QUESTION = """
[upgrades.phone_at_table]
raises_to = "single_warning"
option = "phone"
en = "Did the player use a phone at the table?"
ja = "プレイヤーはテーブルで電話を使いましたか？"
rule = "test rules: a phone at the table is at least a Single Warning"
"""

SLOW_PLAY = ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, Any, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, orjson.loads(out) if code == 0 and "--json" in argv else out, err
