"""UI language: gettext catalogues under judgetui/locale, English as the source language.

Penalty, infraction and group names are not here: both languages live in rules.toml,
and `judgetui.text` picks one. Everything else a judge reads goes through `_()`:

- ``_("...")`` translates now; ``N_("...")`` only marks a string for extraction (class
  attributes, tables built at import time) and ``_()`` translates it where it is shown;
  ``ngettext(singular, plural, n)`` for counts.
- Placeholders are ``str.format`` names (``_("{player}: {penalty}").format(...)``), never
  f-strings inside ``_()``: the extractor cannot see them and the translation cannot
  reorder them.
- After adding or changing a string: ``python scripts/i18n.py update``, translate the new
  entries in ``judgetui/locale/ja/LC_MESSAGES/judgetui.po``, ``python scripts/i18n.py
  compile``; ``python scripts/i18n.py check`` (and tests/test_i18n.py) fail while a string
  exists in one language only.
"""

from __future__ import annotations

import argparse
import gettext
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, TypeGuard

Language = Literal["en", "ja"]
LANGUAGES: tuple[Language, ...] = ("en", "ja")
DOMAIN = "judgetui"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Each language's name in itself, for a language switch.
LANGUAGE_NAMES: dict[Language, str] = {"en": "English", "ja": "日本語"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: Language = "en"


def is_language(value: object) -> TypeGuard[Language]:
    return value in LANGUAGES


def default_language(environ: Mapping[str, str] | None = None) -> Language:
    """The language the environment asks for (LANGUAGE, then LC_ALL, LC_MESSAGES, LANG).

    ``LANGUAGE`` is GNU gettext's priority list (``fr:ja:en``): its first language the
    station has wins; one with none of them falls through. Then the first of LC_ALL,
    LC_MESSAGES and LANG that is set decides, as POSIX does: ``LC_ALL=C`` wins over
    ``LANG=ja_JP.UTF-8``, and (as in GNU gettext) a locale set to ``C``/``POSIX``
    also turns ``LANGUAGE`` off, so ``LC_ALL=C`` still means untranslated output.
    """
    return language_source(environ)[0]


def language_source(environ: Mapping[str, str] | None = None) -> tuple[Language, str | None]:
    """`default_language` and the variable that decided it (None: nothing set, English)."""
    env = os.environ if environ is None else environ
    locale_var = next((var for var in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(var)), None)
    locale = env[locale_var] if locale_var else ""
    if locale.split(".")[0] not in ("C", "POSIX"):
        for entry in env.get("LANGUAGE", "").split(":"):
            code = entry.strip().split(".")[0].split("@")[0].split("_")[0].lower()
            if is_language(code):
                return code, "LANGUAGE"
    if locale_var is not None:
        return ("ja" if locale.lower().startswith("ja") else "en"), locale_var
    return "en", None


def language_from_argv(argv: Sequence[str]) -> Language | None:
    """The ``--lang`` of a command line, read before argparse builds its (translated) help."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value: str | None = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if is_language(value):
            return value
    return None


def set_language(language: Language) -> None:
    """Switch every later `_()` to ``language`` (the catalogues are cached by gettext)."""
    global _translation, _language
    if not is_language(language):
        raise ValueError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    _language = language
    if (catalogue := _catalogue_file(language)).is_file():
        _translation = _catalogue(language, catalogue)
    else:  # English, the source language: what gettext falls back to, without `locale`
        _translation = gettext.NullTranslations()


def _catalogue_file(language: Language) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


_catalogues: dict[Path, gettext.NullTranslations] = {}


def _catalogue(language: Language, path: Path) -> gettext.NullTranslations:
    """The catalogue at ``path``, read once a process: what ``gettext.translation(DOMAIN,
    LOCALE_DIR, [language])`` gives, as the package holds no other file it would look for
    (``ja_JP.eucJP``, ``ja_JP``, ``ja.eucJP``: tests/unit/test_i18n_catalogue.py) without
    the ``locale`` module it imports to spell those variants (~1-2 ms of every command in
    Japanese)."""
    found = _catalogues.get(path)
    if found is None:
        with path.open("rb") as handle:
            found = _catalogues[path] = gettext.GNUTranslations(handle)
    return found


def language() -> Language:
    return _language


@contextmanager
def using(language: Language) -> Iterator[None]:
    """Translate into ``language`` inside the block, then go back to the language before."""
    before = _language
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


# -- argparse's own words ("usage:", "options", its error messages) -----------------


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


#: argparse's strings the command line shows, so the extractor keeps them in the catalogue.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("unexpected option string: %s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


@contextmanager
def argparse_language() -> Iterator[None]:
    """Let argparse's own messages go through this catalogue inside the block.

    argparse (3.11) translates with the module-level ``gettext`` functions it imported;
    the command line swaps them for this module's while it parses or prints help, and
    puts them back after, so nothing else in the process is affected.
    """
    module = argparse
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        module._,  # type: ignore[attr-defined]
        module.ngettext,  # type: ignore[attr-defined]
    )
    module._ = _  # type: ignore[attr-defined]
    module.ngettext = _argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        module._, module.ngettext = saved  # type: ignore[attr-defined]
