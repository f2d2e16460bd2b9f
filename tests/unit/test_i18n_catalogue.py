"""A language's catalogue is read straight from its file (`judgetui.i18n._catalogue`): the
very translations ``gettext.translation`` gives, without the ``locale`` module it imports
to spell the variants of a language's name it would look for (issue 14: ~2 ms of every
command in Japanese)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from judgetui import i18n
from tests.helpers.event import HEAD
from tests.helpers.processes import RECORD_ARGS, python_c
from tests.helpers.record_process import one_player_event

TRANSLATED = [language for language in i18n.LANGUAGES if i18n._catalogue_file(language).is_file()]


def test_japanese_has_a_catalogue() -> None:
    assert TRANSLATED == ["ja"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_its_file_is_the_one_file_gettext_would_take(language: i18n.Language) -> None:
    """gettext looks for ``ja_JP.eucJP``, ``ja_JP``, ``ja.eucJP`` and ``ja`` (and chains
    all it finds); the package holds only the language's own folder."""
    found = gettext.find(i18n.DOMAIN, i18n.LOCALE_DIR, [language], all=True)
    assert found == [str(i18n._catalogue_file(language))]


@pytest.mark.parametrize("language", TRANSLATED)
def test_it_translates_as_gettext_does(language: i18n.Language) -> None:
    path = i18n._catalogue_file(language)
    ours = i18n._catalogue(language, path)
    theirs = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, [language])
    assert type(ours) is type(theirs)
    assert ours._catalog == theirs._catalog  # type: ignore[attr-defined]
    assert ours.info() == theirs.info()
    assert ours.charset() == theirs.charset()
    plurals = sorted({key[0] for key in ours._catalog if isinstance(key, tuple)})  # type: ignore[attr-defined]
    for message in plurals:
        for n in (0, 1, 2, 5, 21):
            assert ours.ngettext(message, message, n) == theirs.ngettext(message, message, n)
    assert ours.gettext("no such message, untranslated") == "no such message, untranslated"


def test_it_is_read_once_a_process() -> None:
    path = i18n._catalogue_file("ja")
    assert i18n._catalogue("ja", path) is i18n._catalogue("ja", path)


def test_switching_languages_back_and_forth() -> None:
    before = i18n.language()
    try:
        i18n.set_language("ja")
        assert i18n._("the event file") == "大会ファイル"
        with i18n.using("en"):
            assert i18n._("the event file") == "the event file"
        assert i18n._("the event file") == "大会ファイル"
        i18n.set_language("en")
        assert i18n._("the event file") == "the event file"
    finally:
        i18n.set_language(before)


PROGRAM = """
import sys
from judgetui.cli import main
code = main(sys.argv[1:])
print(code, "locale" in sys.modules)
"""


@pytest.mark.parametrize(
    ("lang", "environ"),
    [(["--lang", "ja"], {}), ([], {"LANG": "ja_JP.UTF-8"})],
    ids=["--lang ja", "LANG=ja_JP.UTF-8"],
)
def test_a_record_in_japanese_loads_no_locale_module(
    tmp_path: Path, lang: list[str], environ: dict[str, str]
) -> None:
    db = one_player_event(tmp_path)
    argv = ["record", "--db", str(db), "--judge", HEAD, "--player", "P1", *lang]
    done = python_c(PROGRAM, [*argv, *RECORD_ARGS], tmp_path, environ)
    assert "通告を記録しました" in done.stdout
    assert done.stdout.splitlines()[-1] == "0 False"
