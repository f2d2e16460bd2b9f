"""The test event's fixed clock and names, ids that count, and `record` through the service."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile

FIXED_NOW = datetime(2026, 11, 28, 14, 30, tzinfo=UTC)
HEAD = "Kana Mori"
FLOOR = "Alex Reed"


def ticking_clock(start: datetime = FIXED_NOW, step: float = 60.0) -> Callable[[], datetime]:
    """A clock that moves a fixed step on every call, for deterministic 'at' times."""
    counter = itertools.count()
    return lambda: start + timedelta(seconds=step * next(counter))


def counting_ids(prefix: int = 0) -> Callable[[], str]:
    counter = itertools.count(1)
    return lambda: str(uuid.UUID(int=(prefix << 64) + next(counter)))


def record(
    service: Station,
    judge: str,
    player: str,
    infraction: str,
    intentional: bool = False,
    disruptive: bool = True,
    **kwargs: object,
) -> object:
    request = RecordRequest(
        players=[player],
        infraction=infraction,
        intentional=intentional,
        disruptive=disruptive,
        **kwargs,  # type: ignore[arg-type]
    )
    return service.record(judge, request)


def writer_on(path: Path, rules: Rules, n: int = 0) -> Station:
    """A writer of its own on ``path`` (its own EventFile and lock handle, a ticking clock,
    ids counting under prefix ``n + 1``): deterministic entries, one prefix per writer."""
    return Station(
        EventFile(path),
        rules,
        caller=Caller("tester", None),
        clock=ticking_clock(),
        new_id=counting_ids(n + 1),
    )
