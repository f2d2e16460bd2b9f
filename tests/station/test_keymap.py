"""The judge's keymap: every binding has an id, ``[keys]`` moves them, bad entries refused."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from msgspec.structs import replace
from textual.widgets import Input
from textual.widgets._footer import FooterKey

from judgetui import settings
from judgetui.cli import main
from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import Station
from judgetui.settings import LoadedSettings, SettingsError
from judgetui.station import keymap
from judgetui.station.app import JudgeStation, open_station
from judgetui.station.dialogs.help import HelpScreen, key_sections
from judgetui.station.widgets.table import RowTable
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, HEAD
from tests.helpers.station import make_app, service_on

SIZE = (100, 30)


def with_keys(text: str) -> LoadedSettings:
    loaded = settings.defaults()
    values = settings.parse("[keys]\n" + text, "test").model_dump(exclude_unset=True)
    return replace(loaded, values=values)


def station_app(db: Path, rules: Rules, loaded: LoadedSettings | None) -> JudgeStation:
    return make_app(service_on(db, rules), HEAD, now=FIXED_NOW, settings=loaded)


def footer_keys(app: JudgeStation) -> dict[str, str]:
    """description → key shown, in the current screen's footer."""
    return {key.description: key.key_display for key in app.screen.query(FooterKey)}


# -- every binding has an id -------------------------------------------------------


def test_every_station_binding_has_a_unique_dotted_id() -> None:
    """Catches a screen or widget added (or merged) with a Binding the keymap cannot target."""
    owners: dict[str, str] = {}
    for scope in keymap.scopes():
        for binding in scope.own:
            assert binding.id, (
                f"{scope.name}: Binding({binding.key!r}, {binding.action!r}) has no id"
            )
            assert "." in binding.id and binding.id == binding.id.lower(), binding.id
            owner = owners.setdefault(binding.id, scope.name)
            assert owner == scope.name, f"{binding.id} is in {owner} and {scope.name}"
    assert {"app.help", "dashboard.filter", "classify.add_player", "table.open"} <= owners.keys()


def test_every_screen_module_is_searched() -> None:
    names = {cls.__name__ for cls in keymap.station_classes()}
    assert {"DashboardScreen", "ClassifyScreen", "HelpScreen", "RowTable", "_NoteModal"} <= names


# -- a remapped key works and shows ---------------------------------------------------


def test_remapped_keys_work_and_show_in_the_footer_and_the_help(
    station: Station, db_path: Path, rules: Rules
) -> None:
    loaded = with_keys('"app.help" = "f1"\n"dashboard.filter" = "ctrl+f"\n')

    async def go() -> None:
        app = station_app(db_path, rules, loaded)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            shown = footer_keys(app)
            assert shown["Filter"] == "^f" and shown["Help"] == "f1"
            players = app.screen.query_one("#players", RowTable)
            await pilot.press("slash")  # the old key no longer filters
            assert not app.screen.query_one("#player-filter", Input).has_focus
            await pilot.press("ctrl+f", *"lee")
            assert [row.key for row in players.rows] == ["P2"]
            await pilot.press("escape", "escape")
            await pilot.press("question_mark")  # nor does the old help key open help
            assert not isinstance(app.screen, HelpScreen)
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            lines = {
                (section.name, line.description): line.keys
                for section in key_sections(app)
                for line in section.keys
            }
            assert lines["DashboardScreen", "Filter"] == "^f"
            assert lines["app", "Help"] == "f1"
            assert lines["DashboardScreen", "New incident"] == "n"  # the others as declared

    asyncio.run(go())


def test_remapping_one_of_several_enter_bindings_keeps_the_others(
    station: Station, db_path: Path, rules: Rules
) -> None:
    """Textual drops every binding on a remapped binding's old key; the station keeps them."""
    loaded = with_keys('"classify.record" = "ctrl+r"\n')

    async def go() -> None:
        app = station_app(db_path, rules, loaded)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            chain = {
                binding.id: key
                for _node, bindings in app.screen._binding_chain
                for key, entries in bindings.key_to_bindings.items()
                for binding in entries
            }
            assert chain["classify.record"] == "ctrl+r"
            assert chain["classify.continue"] == "enter"
            assert chain["classify.finish"] == "enter"

    asyncio.run(go())


# -- bad entries ----------------------------------------------------------------------

BAD = [
    pytest.param('"dashboard.nwe" = "f2"', 'keys."dashboard.nwe"', "unknown binding id", id="id"),
    pytest.param('"app.help" = "ctrl+"', 'keys."app.help"', "no key after", id="no-key"),
    pytest.param('"app.help" = "fn+f1"', 'keys."app.help"', "fn is not a modifier", id="mod"),
    pytest.param('"app.help" = "helpme"', 'keys."app.help"', "not a key name", id="name"),
    pytest.param('"app.help" = "f1,"', "keys.app.help = 'f1,'", "should match", id="empty"),
    pytest.param(
        '"dashboard.filter" = "q"', 'keys."dashboard.filter"', "dashboard.quit", id="clash"
    ),
    pytest.param(
        '"classify.note" = "enter"', 'keys."classify.note"', "classify.", id="clash-enter"
    ),
    pytest.param(
        '"dashboard.review" = "ctrl+p"', 'keys."dashboard.review"', "command_palette", id="palette"
    ),
    pytest.param('"dashboard.event" = "f1"\n"app.help" = "f1"', "f1", "same key", id="clash-app"),
]


@pytest.mark.parametrize(("entry", "named", "reason"), BAD)
def test_a_bad_keymap_entry_is_one_line_and_exit_2(
    entry: str,
    named: str,
    reason: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[keys]\n" + entry + "\n")
    db = tmp_path / "e.json"
    assert main(["--config", str(config), "--db", str(db), "config"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert str(config) in err and named in err and reason in err, err
    # the station refuses the same way, before anything is on screen
    assert main(["--config", str(config), "--db", str(db)]) == 2
    assert named in capsys.readouterr().err
    assert not db.exists()


def test_a_bad_entry_refuses_the_app_itself(db_path: Path, rules: Rules) -> None:
    with pytest.raises(SettingsError, match="unknown binding id"):
        station_app(db_path, rules, with_keys('"nope.nope" = "f2"\n'))


def test_keys_given_as_characters_are_normalized() -> None:
    assert keymap.check({"app.help": "?", "dashboard.filter": "ctrl+f,/"}) == {
        "app.help": "question_mark",
        "dashboard.filter": "ctrl+f,slash",
    }


def test_config_accepts_a_good_keymap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[keys]\n"app.help" = "f1"\n"dashboard.filter" = "ctrl+f"\n')
    assert main(["--config", str(config), "--db", str(tmp_path / "e.json"), "config"]) == 0
    out = capsys.readouterr().out
    assert "app.help = f1, dashboard.filter = ctrl+f" in out
    assert "applied when the station starts" in out


def test_a_one_shot_command_does_not_import_textual(tmp_path: Path) -> None:
    import subprocess
    import sys

    config = tmp_path / "config.toml"
    config.write_text('[keys]\n"app.help" = "f1"\n')
    code = (
        "import sys; from judgetui.cli import main;"
        f"main(['--config', {str(config)!r}, '--db', {str(tmp_path / 'e.json')!r}, 'queue']);"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    ).stdout
    assert out.strip().endswith("False"), out


def test_a_refused_key_says_why_on_its_remapped_key(
    station: Station, db_path: Path, rules: Rules
) -> None:
    loaded = with_keys('"dashboard.review" = "v"\n')

    async def go() -> list[str]:
        service = Station(
            EventFile(db_path), rules, caller=Caller("tester", None), clock=lambda: FIXED_NOW
        )
        app = open_station(
            service, "Alex Reed", clock=lambda: FIXED_NOW, cursor_blink=False, settings=loaded
        )
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("r")  # no longer Review: nothing to refuse
            await pilot.pause()
            before = [n.message for n in app._notifications]
            await pilot.press("v")  # Review, which a floor judge may not
            await pilot.pause()
            return before + ["--"] + [n.message for n in app._notifications]

    messages = asyncio.run(go())
    assert messages[0] == "--" and len(messages) == 2, messages
