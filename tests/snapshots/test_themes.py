"""Themes: which one a station opens with, the judge's choice kept, the shipped light and
high-contrast themes (snapshots at 80×24), and the red marks a judge must never miss."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from msgspec.structs import replace
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from textual.theme import BUILTIN_THEMES

from judgetui import settings
from judgetui.demo import write_demo
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.settings import LoadedSettings
from judgetui.state import EventState
from judgetui.station import themes
from judgetui.station.app import JudgeStation
from judgetui.station.commands import choose_theme
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW
from tests.helpers.station import make_app, service_on, settle

HEAD = "Kana Mori"
SHIPPED = [themes.LIGHT, themes.CONTRAST]
SnapCompare = Callable[..., bool]


def with_theme(theme: str | None, write_path: Path | None = None) -> LoadedSettings:
    loaded = settings.defaults()
    values = settings.parse(f'theme = "{theme}"\n' if theme else "", "test").model_dump(
        exclude_unset=True
    )
    return replace(loaded, values=values, write_path=write_path or loaded.write_path)


@pytest.fixture
def demo_db(tmp_path: Path, rules: Rules) -> Path:
    db = tmp_path / "demo.json"
    write_demo(str(db), rules, players=48, records=70, seed=2026)
    return db


def station_app(db: Path, rules: Rules, loaded: LoadedSettings | None = None) -> JudgeStation:
    return make_app(service_on(db, rules, ids=None), HEAD, now=FIXED_NOW, settings=loaded)


def one_short(db: Path, rules: Rules) -> str:
    state: EventState = Station(EventFile(db), rules).load()
    return next(
        pid
        for pid, player in state.players.items()
        if player.status == "active" and state.points(pid) == 2
    )


def result_keys(player: str) -> list[str]:
    """The keys that bring a slow-play classification to its result."""
    typed = ["space" if c == " " else c for c in player.lower()]
    return ["n", *typed, "enter", *"slow", "enter", "y", "y", "y", "n", "n", "n"]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


# -- which theme -------------------------------------------------------------------


def test_the_theme_names_known_without_textual_are_textuals() -> None:
    assert set(themes.TEXTUAL_THEMES) == set(BUILTIN_THEMES)


@pytest.mark.parametrize(
    ("env", "setting", "expected"),
    [
        (None, None, "textual-dark"),
        (None, themes.LIGHT, themes.LIGHT),
        ("nord", themes.LIGHT, "nord"),
        (themes.CONTRAST, None, themes.CONTRAST),
        ("no-such-theme", themes.LIGHT, themes.LIGHT),
        ("no-such-theme,gruvbox", None, "gruvbox"),
    ],
)
def test_textual_theme_then_settings_then_textual_dark(
    demo_db: Path,
    rules: Rules,
    monkeypatch: pytest.MonkeyPatch,
    env: str | None,
    setting: str | None,
    expected: str,
) -> None:
    if env is not None:
        monkeypatch.setenv("TEXTUAL_THEME", env)
    app = station_app(demo_db, rules, with_theme(setting))

    async def go() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return app.theme

    assert run(go()) == expected
    assert themes.theme_source(setting, {"TEXTUAL_THEME": env} if env else {})[0] == expected


def test_the_judges_choice_in_the_palette_is_kept(
    demo_db: Path, rules: Rules, tmp_path: Path
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('# mine\nrefresh_ms = 300\n[keys]\n"app.help" = "f2"\n')
    app = station_app(demo_db, rules, settings.load(str(path), {}))

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+p", *"theme")
            await settle(pilot)  # the palette's search is a worker
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press(*"contrast")
            await settle(pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert app.theme == themes.CONTRAST

    run(go())
    text = path.read_text()
    assert (
        text == '# mine\nrefresh_ms = 300\ntheme = "judgetui-contrast"\n[keys]\n"app.help" = "f2"\n'
    )
    assert settings.load(str(path), {}).theme == themes.CONTRAST


def test_a_choice_that_cannot_be_kept_is_said_and_the_station_carries_on(
    demo_db: Path, rules: Rules, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    app = station_app(demo_db, rules, with_theme(None, write_path=blocker / "config.toml"))

    async def go() -> list[str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            choose_theme(app, themes.LIGHT)
            await pilot.pause()
            assert app.theme == themes.LIGHT
            return [str(n.message) for n in app._notifications]

    messages = run(go())
    assert any("not kept for next time" in m and "cannot write" in m for m in messages)


def test_a_station_made_without_settings_keeps_nothing(demo_db: Path, rules: Rules) -> None:
    app = station_app(demo_db, rules, None)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            choose_theme(app, themes.LIGHT)
            await pilot.pause()
            assert app.theme == themes.LIGHT
            assert not list(app._notifications)

    run(go())
    assert not settings.user_config_file().exists()


# -- snapshots ---------------------------------------------------------------------


@pytest.mark.parametrize("theme", SHIPPED)
def test_dashboard_in_theme(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, theme: str
) -> None:
    app = station_app(demo_db, rules, with_theme(theme))
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("theme", SHIPPED)
def test_classification_result_in_theme(
    snap_compare: SnapCompare, demo_db: Path, rules: Rules, theme: str
) -> None:
    app = station_app(demo_db, rules, with_theme(theme))
    keys = result_keys(one_short(demo_db, rules))
    assert snap_compare(app, press=keys, terminal_size=(80, 24))


# -- the red marks, in every theme and in 16 colours -------------------------------


def tamper(db: Path) -> None:
    document = orjson.loads(db.read_bytes())
    last = max(document["log"], key=int)
    document["log"][last]["at"] = "2026-11-28T09:00:00Z"
    db.write_bytes(orjson.dumps(document))


def screen_segments(app: JudgeStation) -> list[list[Segment]]:
    """The screen as lines of segments, as a terminal would be sent them."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, force_terminal=True
    )
    console.print(app.screen._compositor.render_update(full=True))
    return list(Segment.split_lines(console._record_buffer))


def colours(segment: Segment, system: ColorSystem) -> tuple[str, str]:
    """(foreground, background) of ``segment`` as a terminal of ``system`` shows them."""
    style = segment.style
    assert style is not None and style.color is not None and style.bgcolor is not None
    fg, bg = style.color, style.bgcolor
    if style.reverse:
        fg, bg = bg, fg
    if system is ColorSystem.TRUECOLOR:
        return str(fg.get_truecolor()), str(bg.get_truecolor())
    # what the terminal is sent: a palette number (the colour's name is kept by downgrade)
    return str(fg.downgrade(system).number), str(bg.downgrade(system).number)


def find(lines: list[list[Segment]], word: str, *, last: bool = False) -> Segment:
    found = [segment for line in lines for segment in line if word in segment.text]
    assert found, f"{word!r} is not on the screen"
    return found[-1] if last else found[0]


@pytest.mark.parametrize("system", [ColorSystem.TRUECOLOR, ColorSystem.STANDARD])
@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", *SHIPPED])
def test_tamper_banner_and_owed_decisions_stay_distinct(
    demo_db: Path,
    rules: Rules,
    monkeypatch: pytest.MonkeyPatch,
    theme: str,
    system: ColorSystem,
) -> None:
    """As TEXTUAL_COLOR_SYSTEM=standard (read by Textual at import, so set where it landed)."""
    import textual.constants

    name = "standard" if system is ColorSystem.STANDARD else "truecolor"
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", name)
    tamper(demo_db)
    app = station_app(demo_db, rules, with_theme(theme))
    assert app.console.color_system == name

    async def go() -> list[list[Segment]]:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, lambda: app.session is not None and bool(app.session.log_problem))
            return screen_segments(app)

    lines = run(go())
    banner_fg, banner_bg = colours(find(lines, "altered"), system)
    # the second owed row: the first is under the players' cursor, drawn in cursor colours
    owed_fg, owed_bg = colours(find(lines, "decision owed", last=True), system)
    # the queue's kind column; decisions come first in the queue, so the first is under
    # the queue's cursor: the last one
    queue_fg, _queue_bg = colours(find(lines, "Decision", last=True), system)
    title_fg, title_bg = colours(find(lines, "Recent"), system)  # a pane title
    # the banner is a filled bar: its own background, unlike the screen's
    assert banner_fg != banner_bg
    assert banner_bg != title_bg
    # an owed decision is coloured text, readable on its row, and not a title's colour
    assert owed_fg != owed_bg
    assert owed_fg != title_fg
    assert queue_fg == owed_fg
    # ...and the two never look alike
    assert (banner_fg, banner_bg) != (owed_fg, owed_bg)
    if system is ColorSystem.STANDARD:
        assert (banner_fg, banner_bg) in {("7", "1"), ("15", "1")}  # white on red
        if theme in SHIPPED:
            assert owed_fg in {"1", "9"}  # red, in the station's own themes
