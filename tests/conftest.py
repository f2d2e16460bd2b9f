"""Shared fixtures: fixed clock, fixed ids, a known OS account, English by default."""

from __future__ import annotations

import itertools
import os
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import settings

from judgetui import i18n
from judgetui.identity import Caller
from judgetui.rules import Rules, load_rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile

# CI must be repeatable: the same examples every run (a local run still explores).
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

FIXED_NOW = datetime(2026, 11, 28, 14, 30, tzinfo=UTC)
HEAD = "Kana Mori"
FLOOR = "Alex Reed"


@pytest.fixture(autouse=True)
def _determinism(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "JUDGETUI_DB", "SSH_CONNECTION", "SSH_CLIENT"):
        monkeypatch.delenv(var, raising=False)
    # The developer's own settings, theme and diagnostic log stay out of every test.
    for var in ("LANGUAGE", "TEXTUAL_THEME", "JUDGETUI_CONFIG"):
        monkeypatch.delenv(var, raising=False)
    home = tmp_path_factory.mktemp("xdg")
    for var in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_PICTURES_DIR"):
        monkeypatch.setenv(var, str(home / var.lower()))
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def ticking_clock(start: datetime = FIXED_NOW, step: float = 60.0) -> Callable[[], datetime]:
    """A clock that moves a fixed step on every call, for deterministic 'at' times."""
    counter = itertools.count()
    return lambda: start + timedelta(seconds=step * next(counter))


def counting_ids(prefix: int = 0) -> Callable[[], str]:
    counter = itertools.count(1)
    return lambda: str(uuid.UUID(int=(prefix << 64) + next(counter)))


@pytest.fixture
def rules() -> Rules:
    return load_rules()


@pytest.fixture
def caller() -> Caller:
    return Caller("tester", None)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "event.json"


@pytest.fixture
def station(db_path: Path, rules: Rules, caller: Caller) -> Station:
    """A fresh event: head judge Kana Mori, floor judge Alex Reed, players P1–P6."""
    from judgetui.models import Player

    service = Station(
        EventFile(db_path), rules, caller=caller, clock=ticking_clock(), new_id=counting_ids()
    )
    service.create_event("Test Open", HEAD, [FLOOR], rounds=6)
    names = ["Taro Yamada", "Ann Lee", "山田 花子", "Lucas Silva", "Mio Tanaka", "Emma Rossi"]
    service.import_players(HEAD, [Player(id=f"P{i}", name=n) for i, n in enumerate(names, 1)])
    return service


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
