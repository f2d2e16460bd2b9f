"""A disqualification needs the head judge's note on both faces (issue 26 item 11): the
station asks for it before it gives one (`ConfirmSanction`); the service refuses one
without it, so `judgetui decide … disqualification` without ``--note`` is refused too."""

from __future__ import annotations

import pytest

from judgetui.service import BadInput, Station
from tests.helpers.cli import refused, run
from tests.helpers.event import HEAD, record


def _owed(station: Station) -> None:
    for infraction in ("slow_play", "cards_off_table", "mulligan_error"):
        record(station, HEAD, "P1", infraction, penalty="single_warning")


def test_decide_disqualification_without_a_note_is_refused_on_the_command_line(
    capsys: pytest.CaptureFixture[str], station: Station
) -> None:
    _owed(station)
    db = station.file.path
    argv = ["decide", "P1", "disqualification", "--strong-cheating", "--db", db, "--judge", HEAD]
    for note in ([], ["--note", "   "]):
        line = refused(capsys, db, 2, *argv, *note)
        assert "Disqualification needs a note" in line and "--note" in line
    code, _out, err = run(capsys, *argv, "--note", "marked sleeves, statements taken")
    assert code == 0, err
    [decided] = station.load().players["P1"].decisions
    assert (decided.penalty, decided.note) == (
        "disqualification",
        "marked sleeves, statements taken",
    )


def test_the_service_keeps_the_rule_for_every_face(station: Station) -> None:
    _owed(station)
    before = station.file.path.read_bytes()
    with pytest.raises(BadInput, match="needs a note"):
        station.decide(HEAD, "P1", "disqualification", strong_cheating=True)
    assert station.file.path.read_bytes() == before
