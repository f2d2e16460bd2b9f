"""The station in Japanese at 80×24: snapshots, full-width alignment, the live switch.

Snapshots of the dashboard, the classification's result step and the three-warning
decision, with a Japanese player (P3 山田 花子 owes a decision in `build_scene`) and a
Japanese note. Deterministic like tests/snapshots/test_snapshots_screens.py: the conftest clock and
ids, the station's clock an hour after `FIXED_NOW`, animations off, no cursor blink, the
"textual-dark" theme. Update with ``pytest tests/snapshots/test_snapshots_ja.py --snapshot-update``
and read the SVGs in ``tests/snapshots/__snapshots__/test_snapshots_ja/`` before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from judgetui import i18n
from judgetui.service import Station
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import build_scene, make_app, pilot_test, settle

SIZE = (80, 24)
JAPANESE_NOTE = "カードを机から落とした。山田さんの申告。"

Snap = Callable[..., bool]


@pytest.fixture
def scene(station: Station) -> Station:
    """`build_scene`, and a Notice with a Japanese note on the floor judge's record."""
    build_scene(station)
    record(station, FLOOR, "P6", "cards_off_table", note=JAPANESE_NOTE)
    return station


@pytest.fixture
def japanese() -> None:
    """The station starts in Japanese (conftest puts English back after the test)."""
    i18n.set_language("ja")


async def on_dashboard(pilot: Pilot[Any]) -> None:
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")


def screen_lines(pilot: Pilot[Any]) -> list[str]:
    """The text of every line on the terminal, as the judge reads it."""
    return [strip.text for strip in pilot.app.screen._compositor.render_strips()]


async def to_result(pilot: Pilot[Any]) -> None:
    """n on the dashboard, P3, 余計なカードを引いた, not intentional, disruptive, no upgrades."""
    await on_dashboard(pilot)
    await pilot.press("n")
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "ClassifyScreen")
    await pilot.press("down", "down", "enter")
    await pilot.pause()
    await pilot.press("余", "計", "enter")
    await pilot.pause()
    await pilot.press("n", "y")
    await pilot.pause()
    screen: Any = pilot.app.screen
    for _question in range(10):
        if screen.step == "result":
            break
        await pilot.press("n")
        await pilot.pause()
    assert screen.step == "result"
    await settle(pilot)


async def to_decision(pilot: Pilot[Any]) -> None:
    """d on the dashboard on P3, the second player owing a decision (after P4's four points)."""
    await on_dashboard(pilot)
    await pilot.press("down", "d")
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DecisionModal")


async def to_player_note(pilot: Pilot[Any]) -> None:
    """P6's detail (sixth on the dashboard), the floor judge's Notice with a Japanese note."""
    await on_dashboard(pilot)
    await pilot.press(*["down"] * 5, "enter")
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "PlayerScreen")
    await pilot.press("down", "down")
    await settle(pilot)


# -- snapshots -----------------------------------------------------------------------------


def test_dashboard_ja(snap_compare: Snap, scene: Station, japanese: None) -> None:
    assert snap_compare(make_app(scene), terminal_size=SIZE, run_before=on_dashboard)


def test_classification_result_ja(snap_compare: Snap, scene: Station, japanese: None) -> None:
    assert snap_compare(make_app(scene), terminal_size=SIZE, run_before=to_result)


def test_three_warning_decision_ja(snap_compare: Snap, scene: Station, japanese: None) -> None:
    assert snap_compare(make_app(scene), terminal_size=SIZE, run_before=to_decision)


def test_player_note_ja(snap_compare: Snap, scene: Station, japanese: None) -> None:
    assert snap_compare(make_app(scene), terminal_size=SIZE, run_before=to_player_note)


def test_switched_from_english_to_japanese(snap_compare: Snap, scene: Station) -> None:
    """ctrl+l on the English dashboard: the same dashboard, in Japanese, no restart."""

    async def switch(pilot: Pilot[Any]) -> None:
        await on_dashboard(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot, lambda: i18n.language() == "ja")
        await on_dashboard(pilot)

    assert snap_compare(make_app(scene), terminal_size=SIZE, run_before=switch)


# -- what the snapshots promise, checked in words ------------------------------------------


@pilot_test
async def test_dashboard_columns_line_up_with_full_width_names(
    scene: Station, japanese: None
) -> None:
    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await on_dashboard(pilot)
        lines = screen_lines(pilot)
        players = [line for line in lines if line.startswith("P") and ("●" in line or "○" in line)]
        assert any("山田 花子" in line for line in players), lines
        assert any("Lucas Silva" in line for line in players), lines
        # the points column starts at the same cell in every row, full-width name or not
        starts = {cell_len(line[: min(i for i in (line.find("●"), line.find("○")) if i >= 0)])
                  for line in players}  # fmt: skip
        assert len(starts) == 1, players
        assert all(cell_len(line) == SIZE[0] for line in lines)
        assert "ヘッドジャッジ" in lines[0]
        assert any("裁定待ち" in line for line in lines)


@pilot_test
async def test_player_note_in_japanese(scene: Station, japanese: None) -> None:
    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await to_player_note(pilot)
        lines = screen_lines(pilot)
        assert any(JAPANESE_NOTE in line for line in lines), lines
        assert "プレイヤー: Emma Rossi（P6）" in "\n".join(lines)
        assert all(cell_len(line) == SIZE[0] for line in lines)


@pilot_test
async def test_result_reads_in_japanese(scene: Station, japanese: None) -> None:
    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await to_result(pilot)
        shown = "\n".join(screen_lines(pilot))
        assert "山田 花子" in shown
        assert "最低限" in shown and "推奨" in shown and "理由" in shown
        assert "二重警告" in shown
        assert "Recommended" not in shown and "Why" not in shown


@pilot_test
async def test_decision_reads_in_japanese(scene: Station, japanese: None) -> None:
    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await to_decision(pilot)
        shown = "\n".join(screen_lines(pilot))
        assert "警告3回の裁定: 山田 花子（P3）" in shown
        for name in ("デュエルの敗北", "マッチの敗北", "退場", "失格"):
            assert name in shown
        assert "seed EN §iii" in shown  # the citation stays as it is
        assert "baseline" not in shown and "three warnings" not in shown


@pilot_test
async def test_language_switch_without_restarting(scene: Station) -> None:
    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await on_dashboard(pilot)
        assert "Pending for the head judge" in "\n".join(screen_lines(pilot))
        await pilot.press("ctrl+l")
        await settle(pilot, lambda: i18n.language() == "ja")
        await on_dashboard(pilot)
        shown = "\n".join(screen_lines(pilot))
        assert "ヘッドジャッジの確認待ち" in shown and "Pending" not in shown
        assert "終了" in shown.splitlines()[-1]  # the App's own keys too
        # elsewhere the key refuses instead of dropping what the judge was doing
        await pilot.press("n")
        await settle(pilot, lambda: type(pilot.app.screen).__name__ == "ClassifyScreen")
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert i18n.language() == "ja"
        assert type(pilot.app.screen).__name__ == "ClassifyScreen"
        await pilot.press("escape")
        await on_dashboard(pilot)
        await pilot.press("ctrl+l")
        await settle(pilot, lambda: i18n.language() == "en")
        await on_dashboard(pilot)
        shown = "\n".join(screen_lines(pilot))
        assert "Pending for the head judge" in shown and "確認待ち" not in shown


@pilot_test
async def test_palette_finds_the_language_switch(scene: Station) -> None:
    from judgetui.station.language import LanguageCommands

    app = make_app(scene)
    async with app.run_test(size=SIZE) as pilot:
        await on_dashboard(pilot)
        provider = LanguageCommands(app.screen)
        hits = [hit async for hit in provider.search("日本語")]
        assert hits and "日本語" in str(hits[0].text)
        await hits[0].command()
        await settle(pilot, lambda: i18n.language() == "ja")


def test_run_station_takes_the_language(monkeypatch: pytest.MonkeyPatch, scene: Station) -> None:
    """`judgetui --lang ja` opens the station in Japanese (the App itself is not run)."""
    from judgetui.station import app as app_module

    seen: dict[str, Any] = {}

    def fake_run(self: Any, *args: Any, **kwargs: Any) -> None:
        seen["language"] = i18n.language()

    monkeypatch.setattr(app_module.JudgeStation, "run", fake_run)
    code = app_module.run_station(str(scene.file.path), None, HEAD, "ja")
    assert code == 0
    assert seen == {"language": "ja"}
