"""Over a real ssh connection, `record` takes the questions of the event's own rules.

The in-process test (`tests/station/test_ssh_event_questions.py`) holds the parser; this
one holds the whole way a floor judge goes: sshd on 127.0.0.1, the ForceCommand, the
floor judge's own account, the event's rules changed by the head judge before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from judgetui.rules import shipped_rules_text
from tests.helpers.new_question import NEW_QUESTION, SLOW_PLAY
from tests.helpers.ssh_harness import SshStation, missing_requirements

MISSING = missing_requirements()
pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(MISSING is not None, reason=f"ssh station: {MISSING}"),
]


@pytest.fixture
def site() -> Iterator[SshStation]:
    with SshStation() as station:
        rules = station.work / "rules-with-a-question.toml"
        rules.write_text(shipped_rules_text() + NEW_QUESTION, encoding="utf-8")
        rules.chmod(0o644)
        changed = station.judgetui_as(station.head, "event", "rules", str(rules))
        assert changed.returncode == 0, changed.stderr
        yield station


def test_a_floor_judge_answers_the_events_own_question_over_ssh(site: SshStation) -> None:
    line = f"record --player P2 {' '.join(SLOW_PLAY)} --phone --json"
    done = site.ssh(site.floor, line)
    assert done.returncode == 0, done.stderr
    (made,) = json.loads(done.stdout)["records"]
    assert (made["player"], made["penalty"]) == ("P2", "single_warning")


def test_a_question_the_events_rules_do_not_ask_is_refused_over_ssh(site: SshStation) -> None:
    before = site.db.read_bytes()
    done = site.ssh(site.floor, f"record --player P2 {' '.join(SLOW_PLAY)} --fone")
    assert done.returncode == 2
    assert "unrecognized arguments: --fone" in done.stderr
    assert site.db.read_bytes() == before
