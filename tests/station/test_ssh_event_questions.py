"""Over ssh, `record` takes the questions of the event's own rules as options, as the
command line does (`judgetui.cli.parser.parse_args`): the ssh parser used to know only
the shipped rules' questions, so a judge could not answer a question the event added."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tests.helpers.cli import UNBOUND_WARNING, ssh
from tests.helpers.event import HEAD
from tests.helpers.new_question import SLOW_PLAY


def test_record_over_ssh_takes_the_events_own_question(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, event: Path
) -> None:
    line = f"--json record --judge '{HEAD}' --player P2 {' '.join(SLOW_PLAY)} --phone"
    code, out, err = ssh(capsys, monkeypatch, event, line)
    assert (code, err) == (0, UNBOUND_WARNING), err
    assert orjson.loads(out)["records"][0]["penalty"] == "single_warning"


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ("--fone", "unrecognized arguments: --fone"),
        ("--phone --rules x.toml", "--rules is not allowed"),
    ],
)
def test_what_the_events_rules_do_not_allow_is_refused_over_ssh(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    event: Path,
    extra: str,
    problem: str,
) -> None:
    before = event.read_bytes()
    line = f"record --judge '{HEAD}' --player P2 {' '.join(SLOW_PLAY)} {extra}"
    code, _out, err = ssh(capsys, monkeypatch, event, line)
    assert code == 2 and problem in err
    assert err.count("\n") == 1
    assert event.read_bytes() == before
