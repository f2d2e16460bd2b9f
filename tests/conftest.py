"""Shared fixtures: fixed clock, fixed ids, a known OS account, English by default."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from judgetui import i18n
from judgetui.identity import Caller
from judgetui.rules import Rules, load_rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import FLOOR, HEAD, counting_ids, ticking_clock

LAYERS = {"unit": "unit", "station": "station", "snapshots": "snapshot", "system": "system"}
"""Test folder → the marker each of its tests gets (README, "Tests")."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        if folder in LAYERS:
            item.add_marker(LAYERS[folder])


# CI must be repeatable: the same examples every run (a local run still explores).
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


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
