"""An event with a head judge, a floor judge and a trainee (issue 29 item 4), made through
the command line as CLI.md writes it (`trainee_event`), and one whose calls were
answered at known minutes (`mentored_event`, for ``report judges``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station, floor_judge
from judgetui.store import EventFile
from tests.helpers.cli import run
from tests.helpers.event import FIXED_NOW, counting_ids, record

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


class Clock:
    """A clock the test moves: ``clock.at(minutes)`` sets it that many minutes after
    `FIXED_NOW`; the station reads it as its clock."""

    def __init__(self) -> None:
        self.now = FIXED_NOW

    def at(self, minutes: int) -> None:
        self.now = FIXED_NOW + timedelta(minutes=minutes)

    def __call__(self) -> datetime:
        return self.now


def mentored_event(db: Path, rules: Rules) -> Station:
    """Round 1: a floor judge's Notice confirmed after 4 min, request upgraded after 10,
    Notice dismissed after 2; the trainee's Notice confirmed (agreed) after 3 min, Notice
    upgraded after 5, Single Warning put right as a Notice (downgraded) after 6, Single
    Warning dismissed after 1. Round 2: a trainee's Notice still waiting, and the head
    judge's own Single Warning."""
    clock = Clock()
    service = Station(
        EventFile(db), rules, caller=Caller("tester", None), clock=clock, new_id=counting_ids(9)
    )
    service.create_event("Mentor Open", HEAD, [FLOOR], rounds=4)
    service.add_judge(HEAD, floor_judge(TRAINEE, trainee=True))
    service.import_players(HEAD, [Player(id=f"p{n}", name=f"Player {n}") for n in range(1, 9)])

    def call(minute: int, judge: str, player: str, **more: object) -> str:
        clock.at(minute)
        made = record(service, judge, player, "slow_play", **more)
        return made.records[0].id  # type: ignore[attr-defined]

    def answer(minute: int, item: str, action: str, *more: str) -> None:
        clock.at(minute)
        service.review(HEAD, item, action, *more, note="seen" if action == "dismiss" else "")

    answer(4, call(0, FLOOR, "p1"), "confirm")
    answer(11, call(1, FLOOR, "p2", penalty="single_warning", request=True), "upgrade",
           "double_warning")  # fmt: skip
    answer(4, call(2, FLOOR, "p3"), "dismiss")
    answer(13, call(10, TRAINEE, "p4", table=12, note="Took long over blocks."), "confirm")
    answer(16, call(11, TRAINEE, "p5"), "upgrade", "single_warning")
    wrong = call(12, TRAINEE, "p6", penalty="single_warning")
    clock.at(18)
    service.correct(HEAD, wrong, "a Notice was enough", penalty="notice")
    answer(14, call(13, TRAINEE, "p7", penalty="single_warning"), "dismiss")
    clock.at(30)
    service.set_round(HEAD, 2)
    call(31, TRAINEE, "p8")
    call(32, HEAD, "p1", penalty="single_warning")
    return service
