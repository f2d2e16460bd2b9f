"""Issue 29 item 6 on the station: the review card and the player screen show a player's
earlier events as information (never counted), say when an earlier file cannot be used,
and read the files in a worker so that a large one never freezes the screen."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from judgetui import earlier, i18n
from judgetui.models import Player
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.station.screens.player import PlayerScreen
from judgetui.station.screens.review import ReviewScreen
from tests.helpers.earlier import earlier_event
from tests.helpers.event import FLOOR, HEAD, record
from tests.helpers.snapshots import SIZES, Snap, push
from tests.helpers.station import fresh, make_app, open_screen, pilot_test, settle, shown

LINE = "earlier events: 2 × Single Warning (Slow play, Autumn Open)"


@pytest.fixture
def named(station: Station, rules: Rules, tmp_path: Path) -> Station:
    """P1 (DCI 1234567) has two Single Warnings for slow play at Autumn Open, as A7; the
    event names Autumn Open; a floor judge asks for a Single Warning for P1."""
    station.import_players(HEAD, [Player(id="P1", name="Taro Yamada", dci="1234567")])
    station.set_earlier_events(HEAD, [str(earlier_event(tmp_path / "autumn.json", rules))])
    record(station, FLOOR, "P1", "slow_play", penalty="single_warning", request=True)
    return station


@pilot_test
async def test_review_card_shows_the_players_earlier_events_never_counted(
    named: Station,
) -> None:
    app = make_app(named)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ReviewScreen()
        await open_screen(pilot, screen)
        await settle(pilot, lambda: LINE in shown(screen, "#review-card"))
        card = shown(screen, "#review-card")
    assert "Taro Yamada (P1)  0 points in the main rounds\n" + LINE in card
    assert "If confirmed: 0 → 1 point" in card  # the earlier warnings are not counted


@pilot_test
async def test_player_screen_names_an_earlier_file_that_fails_to_verify(
    named: Station, rules: Rules, tmp_path: Path
) -> None:
    """Both verified when the head judge named them; then one went, one was altered."""
    spring = earlier_event(tmp_path / "spring.json", rules, name="Spring Cup")
    gone = earlier_event(tmp_path / "gone.json", rules, name="Gone Cup")
    named.set_earlier_events(HEAD, [str(tmp_path / "autumn.json"), str(gone), str(spring)])
    gone.unlink()
    spring.write_text(spring.read_text().replace("Spring Cup", "Spring Cop"))
    app = make_app(named)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = PlayerScreen("P1")
        await open_screen(pilot, screen)
        await settle(pilot, lambda: LINE in shown(screen, "#player-summary"))
        summary = shown(screen, "#player-summary")
        assert screen.query_one("#player-history").display  # the screen goes on
    assert "; gone.json: no such file; spring.json: does not verify (" in summary


@pilot_test
async def test_a_slow_earlier_file_is_read_in_a_worker_not_on_the_screen(
    named: Station, monkeypatch: pytest.MonkeyPatch
) -> None:
    release, real = threading.Event(), earlier.read_all

    def slow(paths: object) -> tuple[earlier.Earlier, ...]:
        release.wait(10)
        return real(paths)  # type: ignore[arg-type]

    monkeypatch.setattr(earlier, "read_all", slow)
    app = make_app(named)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: type(app.screen).__name__ == "DashboardScreen")
        screen = PlayerScreen("P1")
        app.push_screen(screen)
        for _ in range(5):
            await pilot.pause()
        assert app.screen is screen
        assert "earlier events: reading…" in shown(screen, "#player-summary")
        assert "Player: Taro Yamada (P1)" in shown(screen, "#player-title")
        release.set()
        await settle(pilot, lambda: LINE in shown(screen, "#player-summary"))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_review_card_with_earlier_events(
    snap_compare: Snap, named: Station, size: tuple[int, int], lang: str
) -> None:
    item = fresh(named).queue()[0].id
    i18n.set_language(lang)
    assert snap_compare(
        make_app(named), terminal_size=size, run_before=push(lambda: ReviewScreen(item))
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES)
def test_player_screen_with_earlier_events(
    snap_compare: Snap, named: Station, size: tuple[int, int], lang: str
) -> None:
    i18n.set_language(lang)
    assert snap_compare(
        make_app(named), terminal_size=size, run_before=push(lambda: PlayerScreen("P1"))
    )
