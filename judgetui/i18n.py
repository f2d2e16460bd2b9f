"""UI language: gettext catalogues under judgetui/locale, English as the source language.

Penalty, infraction and group names are not here: both languages live in rules.toml,
and `name()` picks one. Everything else a judge reads goes through `_()`.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path
from typing import Literal

Language = Literal["en", "ja"]
LANGUAGES: tuple[Language, ...] = ("en", "ja")
DOMAIN = "judgetui"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: Language = "en"


def default_language(environ: dict[str, str] | None = None) -> Language:
    """The language the locale asks for (LC_ALL, LC_MESSAGES, LANG); English otherwise."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def set_language(language: Language) -> None:
    global _translation, _language
    _language = language
    _translation = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True
    )


def language() -> Language:
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message
