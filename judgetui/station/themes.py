"""The station's themes: Textual's own, plus a light and a high-contrast one for bright venues.

Which theme a station opens with: ``$TEXTUAL_THEME`` (Textual's own variable) when it
names a theme, then the settings' ``theme``, then ``textual-dark``. A judge who picks
another one in the palette keeps it: it is written back to the settings file.

The names are known here without importing Textual (the command line validates a
settings file's ``theme`` with them and must not pay for Textual's import);
``tests/test_themes.py`` checks them against Textual's ``BUILTIN_THEMES``.

What must stay readable in every theme is drawn in explicit colours, not theme
variables: the tamper banner is white on dark red (a filled bar under the header), an
owed decision is bold red text. On a 16-colour terminal they become white on red and
red (magenta in Textual's own dark themes, whose red is ``#f4005f``) — a bar and a
word apart; the station's two themes keep a true red (`apply_ansi_palette`). See
tests/test_themes.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.terminal_theme import TerminalTheme
    from textual.app import App
    from textual.theme import Theme

DEFAULT_THEME = "textual-dark"
LIGHT = "judgetui-light"
CONTRAST = "judgetui-contrast"
JUDGETUI_THEMES = (LIGHT, CONTRAST)
#: Textual 8.2.8's built-in themes (textual is pinned; a test compares).
TEXTUAL_THEMES = (
    "ansi-dark",
    "ansi-light",
    "atom-one-dark",
    "atom-one-light",
    "catppuccin-frappe",
    "catppuccin-latte",
    "catppuccin-macchiato",
    "catppuccin-mocha",
    "dracula",
    "flexoki",
    "gruvbox",
    "monokai",
    "nord",
    "rose-pine",
    "rose-pine-dawn",
    "rose-pine-moon",
    "solarized-dark",
    "solarized-light",
    "textual-dark",
    "textual-light",
    "tokyo-night",
)
THEME_NAMES = frozenset(TEXTUAL_THEMES + JUDGETUI_THEMES)


def judgetui_themes() -> list[Theme]:
    """The two themes judgetui ships (made on demand: importing Textual is the station's job)."""
    from textual.theme import Theme

    light = Theme(
        name=LIGHT,
        primary="#1F4E8C",
        secondary="#2E6DB4",
        accent="#8A4B00",
        warning="#8F5B00",
        error="#B00020",
        success="#1B7F3B",
        foreground="#1A1A1A",
        background="#F7F7F7",
        surface="#FFFFFF",
        panel="#E4E4E4",
        dark=False,
        variables={
            "footer-key-foreground": "#1F4E8C",
            "block-cursor-text-style": "bold",
        },
    )
    contrast = Theme(
        name=CONTRAST,
        primary="#FFD700",
        secondary="#00E5FF",
        accent="#00E5FF",
        warning="#FFD700",
        error="#FF5050",
        success="#00FF66",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#303030",
        boost="#1A1A1A",
        dark=True,
        luminosity_spread=0.1,
        text_alpha=1.0,
        variables={
            "footer-key-foreground": "#FFD700",
            "footer-description-foreground": "#FFFFFF",
            "block-cursor-text-style": "bold",
            "input-selection-background": "#00E5FF 60%",
        },
    )
    return [light, contrast]


def _with_red(base: TerminalTheme, red: str, bright_red: str) -> TerminalTheme:
    from rich.color import Color
    from rich.terminal_theme import TerminalTheme

    colours: list[tuple[int, int, int]] = [(r, g, b) for r, g, b in base.ansi_colors._colors]
    r, g, b = Color.parse(red).get_truecolor()
    colours[1] = (r, g, b)
    r, g, b = Color.parse(bright_red).get_truecolor()
    colours[9] = (r, g, b)
    bg, fg = base.background_color, base.foreground_color
    return TerminalTheme(
        (bg.red, bg.green, bg.blue), (fg.red, fg.green, fg.blue), colours[:8], colours[8:]
    )


def apply_ansi_palette(app: App[Any], theme: str) -> None:
    """The RGB that named colours (``red``, ``yellow``) take in ``theme``.

    Textual turns them into RGB from its own palettes, whose red (``#f4005f`` dark,
    ``#aa3731`` light) a 16-colour terminal shows as magenta or brown. The station's
    two themes use a red that stays red there; Textual's themes keep Textual's palettes.
    """
    from textual._ansi_theme import ALABASTER, MONOKAI

    if theme == LIGHT:
        app.ansi_theme_light = _with_red(ALABASTER, "#B00000", "#D00000")
    elif theme == CONTRAST:
        app.ansi_theme_dark = _with_red(MONOKAI, "#FF3030", "#FF5050")
    else:
        app.ansi_theme_light, app.ansi_theme_dark = ALABASTER, MONOKAI


def register_themes(app: App[Any]) -> None:
    """The station's themes registered, and ``app.theme`` naming the theme that is drawn.

    Textual reads ``$TEXTUAL_THEME`` as ``app.theme``'s default and builds its stylesheet
    in ``App.__init__``, before these themes exist: ``TEXTUAL_THEME=judgetui-light`` gave
    a textual-dark stylesheet under the name ``judgetui-light``, and setting that name
    on mount changed nothing, so no watcher ran and textual-dark stayed drawn. Once the
    theme named is the one drawn, setting a station theme draws it.
    """
    drawn = app.current_theme.name
    for theme in judgetui_themes():
        app.register_theme(theme)
    if app.theme != drawn:
        app.set_reactive(type(app).theme, drawn)


def initial_theme(
    app: App[Any], settings_theme: str | None, environ: Mapping[str, str]
) -> tuple[str, str]:
    """The theme to open with and where it came from ("$TEXTUAL_THEME", "settings", "default").

    ``$TEXTUAL_THEME`` may list several names (Textual's own rule: the first one known).
    Call after `register_themes`, so ``TEXTUAL_THEME=judgetui-light`` works too.
    """
    wanted = environ.get("TEXTUAL_THEME", "").strip()
    if wanted and (theme := app.get_theme(wanted)) is not None:
        return theme.name, "$TEXTUAL_THEME"
    if settings_theme and app.get_theme(settings_theme) is not None:
        return settings_theme, "settings"
    return DEFAULT_THEME, "default"


def theme_source(settings_theme: str | None, environ: Mapping[str, str]) -> tuple[str, str]:
    """`initial_theme` without an App (for `judgetui config`): names only, no Textual."""
    for name in environ.get("TEXTUAL_THEME", "").split(","):
        if name.strip() in THEME_NAMES:
            return name.strip(), "$TEXTUAL_THEME"
    if settings_theme:
        return settings_theme, "settings"
    return DEFAULT_THEME, "default"
