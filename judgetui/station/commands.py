"""The command palette's order and the few Textual system commands a judge needs.

`StationPalette` is the App's one command provider: the judges' actions and players
first (`StationCommands`), then the language switch, then the system commands, in that
order (Textual runs providers side by side, so separate providers would interleave).

Of Textual's system commands the station keeps Theme (a venue may be bright), Quit and
Screenshot — saved to the settings' screenshot folder, never the working folder (a
judge over SSH may not even be allowed to write there, and an SVG left beside the event
file is litter). Keys and Maximize are dropped: the station's own help (``?``) lists
every key, and nothing a judge reads needs a maximised widget.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider

from judgetui import diagnostics
from judgetui.i18n import N_, _
from judgetui.station import themes
from judgetui.station.language import LanguageCommands
from judgetui.station.widgets.palette import StationCommands

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings

#: The words of the station's own system commands, for the catalogue.
WORDS = (
    N_("Search for themes…"),
    N_("Save an SVG picture of this screen in the screenshot folder"),
)


class StationPalette(Provider):
    """The station's actions, then the language switch, then the system commands."""

    def __init__(self, screen: Screen[Any], match_style: Any = None) -> None:
        super().__init__(screen, match_style)
        self._parts: list[Provider] = [
            StationCommands(screen, match_style),
            LanguageCommands(screen, match_style),
            SystemCommandsProvider(screen, match_style),
        ]

    async def discover(self) -> Hits:
        for part in self._parts:
            async for hit in part.discover():
                yield hit

    async def search(self, query: str) -> Hits:
        for part in self._parts:
            async for hit in part.search(query):
                yield hit


def station_system_commands(
    app: App[Any], settings: LoadedSettings | None
) -> Iterator[SystemCommand]:
    """Theme, Screenshot and Quit, in the judge's language (for ``get_system_commands``)."""
    yield SystemCommand(_("Theme"), _("Change the current theme"), app.action_change_theme)
    yield SystemCommand(
        _("Screenshot"),
        _("Save an SVG picture of this screen in the screenshot folder"),
        lambda: app.set_timer(0.1, partial(save_screenshot, app, settings)),
    )
    yield SystemCommand(_("Quit"), _("Quit the station (asks first)"), app.action_quit)


def open_theme_palette(app: App[Any]) -> None:
    """The theme list (the station's own themes first); the choice is kept in the settings."""
    app.push_screen(CommandPalette(providers=[ThemeCommands], placeholder=_("Search for themes…")))


class ThemeCommands(Provider):
    """Every registered theme; choosing one sets it and writes it to the settings file."""

    def _themes(self) -> list[str]:
        names = sorted(self.app.available_themes)
        ours = [n for n in themes.JUDGETUI_THEMES if n in names]
        return ours + [n for n in names if n not in ours]

    async def discover(self) -> Hits:
        for name in self._themes():
            yield DiscoveryHit(name, partial(choose_theme, self.app, name))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name in self._themes():
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), partial(choose_theme, self.app, name))


def choose_theme(app: App[Any], name: str) -> None:
    """Set ``name`` and keep it for next time; a file that can't be written is only said."""
    from judgetui import settings as settings_module

    app.theme = name
    loaded: LoadedSettings | None = getattr(app, "settings", None)
    if loaded is None:  # a station made without settings (tests, code): nothing to keep
        return
    try:
        path = settings_module.write_theme(loaded, name)
    except settings_module.SettingsError as exc:
        diagnostics.warning("theme not kept: %s", exc)
        app.notify(
            _("Theme {name} not kept for next time: {reason}").format(name=name, reason=exc),
            severity="warning",
            timeout=8,
        )
        return
    app.notify(_("Theme {name} kept in {path}").format(name=name, path=path))


def save_screenshot(app: App[Any], settings: LoadedSettings | None) -> Path | None:
    """An SVG of the screen in the screenshot folder (made 0700 if missing); None if refused."""
    from judgetui import settings as settings_module

    folder = (settings or settings_module.defaults()).screenshot_dir
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        saved = Path(app.save_screenshot(path=str(folder)))
    except OSError as exc:
        app.notify(
            _("Screenshot not saved: {reason}").format(reason=f"{folder}: {exc.strerror or exc}"),
            severity="error",
        )
        return None
    app.notify(_("Screenshot saved: {path}").format(path=saved))
    return saved
