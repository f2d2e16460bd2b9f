"""The station's language: translated App keys and switching language without restarting.

The App's own bindings (quit, help, the command palette) are declared with `N_`;
`localize_app_bindings` translates them, and again after every switch, from the
untranslated originals it keeps. `switch_language` sets the new language and makes the
dashboard again, so every word on it (titles, columns, footer) is in the new language.
The judge switches from the dashboard, where nothing is half-done; elsewhere the key
says so instead of throwing away a classification in progress.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider

from judgetui import i18n
from judgetui.i18n import N_, Language, _

SWITCH_KEY = "ctrl+l"
SWITCH_ACTION = "switch_language"
#: The switch is labelled with the language it switches to, in that language, so a judge
#: who cannot read the current one still finds it (English UI: "日本語"; Japanese: "English").
# TRANSLATORS: the name of the OTHER language: "English" in the Japanese catalogue.
SWITCH_LABEL = N_("日本語")
#: Textual's own words the station shows (the palette key, its system commands), so they
#: reach the catalogue; `judgetui.station.commands` and `open_command_palette` use them.
TEXTUAL_WORDS = (
    N_("palette"),
    N_("Open the command palette"),
    N_("Search for commands…"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)

_SOURCE = "_judgetui_source_bindings"


def switch_binding() -> Binding:
    """The key that switches the language; add it to the App's BINDINGS.

    Not in the footer (at 80 columns the dashboard's own keys fill it): the help screen
    lists it, and the command palette finds it as "Language", "言語", "日本語" or "English".
    """
    return Binding(
        SWITCH_KEY,
        SWITCH_ACTION,
        SWITCH_LABEL,
        show=False,
        tooltip=N_("Switch language"),
        id="app.switch_language",
    )


def other_language() -> Language:
    return "en" if i18n.language() == "ja" else "ja"


def localize_app_bindings(app: App[Any]) -> None:
    """Translate the App's key descriptions into the current language (again after a switch)."""
    source: dict[str, list[Binding]] | None = getattr(app, _SOURCE, None)
    if source is None:
        source = {key: list(entries) for key, entries in app._bindings.key_to_bindings.items()}
        setattr(app, _SOURCE, source)
    for key, entries in source.items():
        app._bindings.key_to_bindings[key] = [
            dataclasses.replace(
                binding,
                description=_(binding.description) if binding.description else "",
                tooltip=_(binding.tooltip) if binding.tooltip else "",
            )
            for binding in entries
        ]


def open_command_palette(app: App[Any]) -> None:
    """Textual's ``action_command_palette`` with the search prompt in the judge's language."""
    if app.use_command_palette and not CommandPalette.is_open(app):
        app.push_screen(
            CommandPalette(placeholder=_("Search for commands…"), id="--command-palette")
        )


def can_switch(app: App[Any]) -> bool:
    """Whether the switch is offered now: on the dashboard (the App's ``check_action``)."""
    from judgetui.station.screens.dashboard import DashboardScreen

    return isinstance(app.screen, DashboardScreen)


async def switch_language(app: App[Any], language: Language | None = None) -> bool:
    """Switch the station to ``language`` (default: the other one); False when refused.

    Only on the dashboard: it is made anew in the new language. On any other screen the
    judge is told to go back to the dashboard first, and nothing changes.
    """
    from judgetui.station.screens.dashboard import DashboardScreen

    if not can_switch(app):
        app.notify(_("Switch the language on the dashboard."), severity="warning")
        return False
    i18n.set_language(language or other_language())
    localize_app_bindings(app)
    await app.pop_screen()
    await app.push_screen(DashboardScreen())
    app.refresh_bindings()
    return True


class LanguageCommands(Provider):
    """The command palette's way to the switch: "Language: 日本語" (or "言語: English")."""

    def _command(self) -> tuple[str, str]:
        title = _("Language: {name}").format(name=i18n.LANGUAGE_NAMES[other_language()])
        # TRANSLATORS: {key} is the key that switches the language (ctrl+l).
        help_text = _("Switch the station's language ({key}); only on the dashboard").format(
            key=SWITCH_KEY
        )
        return title, help_text

    async def _run(self) -> None:
        await self.app.run_action(SWITCH_ACTION)

    async def discover(self) -> Hits:
        title, help_text = self._command()
        yield DiscoveryHit(title, self._run, help=help_text)

    async def search(self, query: str) -> Hits:
        title, help_text = self._command()
        matcher = self.matcher(query)
        words = f"{title} language 言語 English 日本語 Japanese"
        score = max(matcher.match(title), matcher.match(words))
        if score > 0:
            yield Hit(score, matcher.highlight(title), self._run, help=help_text)
