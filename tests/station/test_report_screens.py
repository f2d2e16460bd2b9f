"""The report screens in the station: the round list (`l`), a player's report (`R` on the
player screen), the open investigations (`i`); Pilot tests of their keys and snapshots at
80×24 and 120×40 (the player report in English and Japanese). Update with
``pytest tests/station/test_report_screens.py --snapshot-update`` and read the SVGs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from judgetui import i18n
from judgetui.service import Station
from judgetui.station.dialogs.report import FindingModal, SaveReportModal
from judgetui.station.screens.investigations import InvestigationsScreen
from judgetui.station.screens.player_report import PlayerReportScreen
from judgetui.station.screens.round_list import RoundListScreen
from judgetui.station.widgets.table import RowTable
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.station import build_scene, make_app, pilot_test, settle

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
Snap = Callable[..., bool]


@pytest.fixture
def scene(station: Station) -> Station:
    """`build_scene` (round 3; P5 a Triple Warning), a next-game loss at table 14, an
    ejection at table 7, a time extension at table 31."""
    build_scene(station)
    record(
        station, HEAD, "P6", "decklist_mismatch", False, False, note="59 cards", table=14, game=2
    )
    record(station, HEAD, "P2", "illegal_deck", False, True, table=7)
    record(station, HEAD, "P4", "slow_play", False, True, table=31, extension=5, opponent="P1")
    return station


def name(pilot: Pilot[Any]) -> str:
    return type(pilot.app.screen).__name__


async def dashboard(pilot: Pilot[Any]) -> None:
    await settle(pilot, lambda: name(pilot) == "DashboardScreen")


async def to_round_list(pilot: Pilot[Any]) -> None:
    await dashboard(pilot)
    await pilot.press("l")
    await settle(pilot, lambda: name(pilot) == "RoundListScreen")


async def to_report(pilot: Pilot[Any]) -> None:
    await dashboard(pilot)
    pilot.app.push_screen(PlayerReportScreen("P5"))
    await settle(pilot, lambda: name(pilot) == "PlayerReportScreen")


async def to_investigations(pilot: Pilot[Any]) -> None:
    await dashboard(pilot)
    await pilot.press("i")
    await settle(pilot, lambda: name(pilot) == "InvestigationsScreen")


@pytest.mark.parametrize("size", SIZES)
def test_round_list_snapshot(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(scene), run_before=to_round_list, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_player_report_snapshot(
    snap_compare: Snap, scene: Station, size: tuple[int, int], lang: str
) -> None:
    i18n.set_language(lang)  # type: ignore[arg-type]
    assert snap_compare(make_app(scene), run_before=to_report, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_investigations_snapshot(snap_compare: Snap, scene: Station, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(scene), run_before=to_investigations, terminal_size=size)


@pilot_test
async def test_x_marks_a_line_entered_once(scene: Station) -> None:
    app = make_app(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_round_list(pilot)
        screen = app.screen
        assert isinstance(screen, RoundListScreen)
        before = scene.load().count
        await pilot.press("x", "x", "y")  # a tired judge: twice in one burst, then yes
        await settle(pilot, lambda: bool(app.session and app.session.state.entered))
        state = scene.load()
        assert state.count == before + 1
        assert len(state.entered) == 1
        await pilot.press("right")
        await settle(pilot)
        assert screen.shown_round == 4
        table = app.screen.query_one("#round-items", RowTable)
        assert [str(row.cells[1]) for row in table.rows] == ["P6 Emma Rossi"]


@pilot_test
async def test_a_floor_judge_cannot_mark(scene: Station) -> None:
    app = make_app(scene, FLOOR)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_round_list(pilot)
        before = scene.load().count
        await pilot.press("x")
        await settle(pilot)
        assert scene.load().count == before


@pilot_test
async def test_close_an_investigation_with_a_finding(scene: Station) -> None:
    app = make_app(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_investigations(pilot)
        assert isinstance(app.screen, InvestigationsScreen)
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, FindingModal))
        await pilot.press(*"cleared")
        await pilot.press("enter")
        await settle(pilot, lambda: not scene.load().open_investigations())
        [mark] = scene.load().closed_investigations.values()
        assert (mark.judge, mark.text) == (HEAD, "cleared")


@pilot_test
async def test_a_triple_warning_request_is_no_open_investigation_on_the_i_screen(
    station: Station,
) -> None:
    """RULINGS.md §1: a floor judge's Triple Warning request opens no investigation until
    the head judge confirms it; the `i` screen lists it only then."""
    record(
        station,
        FLOOR,
        "P3",
        "unsporting_conduct",
        True,
        True,
        penalty="triple_warning",
        request=True,
    )
    [request] = station.load().history("P3")
    assert request.status == "pending"
    app = make_app(station)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_investigations(pilot)
        table = app.screen.query_one("#inv-items", RowTable)
        assert [row.key for row in table.rows] == []
        station.review(HEAD, request.id, "confirm")
        await settle(pilot, lambda: [row.key for row in table.rows] == [request.id])


@pilot_test
async def test_r_on_the_player_screen_opens_the_report_and_s_saves_it(
    scene: Station, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "judge"
    folder.mkdir()
    monkeypatch.chdir(folder)
    monkeypatch.setenv("HOME", str(folder))
    app = make_app(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await dashboard(pilot)
        from judgetui.station.navigation import navigator

        navigator(app).open_player("P5")
        await settle(pilot, lambda: name(pilot) == "PlayerScreen")
        await pilot.press("R")
        await settle(pilot, lambda: name(pilot) == "PlayerReportScreen")
        report = app.screen
        assert isinstance(report, PlayerReportScreen)
        assert scene.load().head in report.body
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, SaveReportModal))
        await pilot.press("enter")  # the suggested name
        saved = folder / "judgetui-reports" / "report-P5.md"  # the reports folder (issue 26)
        await settle(pilot, lambda: saved.exists())
        assert saved.read_text() == report.body
        # again: it exists, so the station asks, and no (the default) keeps it
        saved.write_text("mine")
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, SaveReportModal))
        await pilot.press("enter")
        await settle(pilot, lambda: name(pilot) == "ConfirmModal")
        await pilot.press("n")
        await settle(pilot, lambda: name(pilot) == "PlayerReportScreen")
        assert saved.read_text() == "mine"


@pilot_test
async def test_s_never_saves_over_the_judges_dotfiles_even_after_replace(
    scene: Station, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A judge over ssh who names ``~/.ssh/authorized_keys`` or the settings file (and
    would answer "replace") gets one line, and neither file changes (issue 26)."""
    folder = tmp_path / "judge"
    for dotfile in (".ssh/authorized_keys", ".config/judgetui/config.toml"):
        (folder / dotfile).parent.mkdir(parents=True)
        (folder / dotfile).write_text("mine\n")
    monkeypatch.chdir(folder)
    monkeypatch.setenv("HOME", str(folder))
    app = make_app(scene)
    async with app.run_test(size=(120, 40)) as pilot:
        await dashboard(pilot)
        from judgetui.station.navigation import navigator

        navigator(app).open_player("P5")
        await settle(pilot, lambda: name(pilot) == "PlayerScreen")
        await pilot.press("R")
        await settle(pilot, lambda: name(pilot) == "PlayerReportScreen")
        for typed in ("~/.ssh/authorized_keys", ".config/judgetui/config.toml"):
            await pilot.press("s")
            await settle(pilot, lambda: isinstance(app.screen, SaveReportModal))
            app.screen.query_one("#note-field", Input).value = ""
            await pilot.press(*typed)
            await pilot.press("enter")
            await settle(pilot, lambda: name(pilot) == "PlayerReportScreen")
            await pilot.press("y")  # a stray "yes" answers nothing
            await pilot.pause()
            assert name(pilot) == "PlayerReportScreen"
        assert (folder / ".ssh/authorized_keys").read_text() == "mine\n"
        assert (folder / ".config/judgetui/config.toml").read_text() == "mine\n"
        assert not (folder / "judgetui-reports").exists()
