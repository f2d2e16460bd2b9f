"""LANGUAGE, GNU gettext's priority list, before LC_ALL / LC_MESSAGES / LANG; and the
settings' language between --lang and the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui import i18n
from judgetui.cli import main


@pytest.mark.parametrize(
    ("env", "expected", "source"),
    [
        ({"LANGUAGE": "ja:en"}, "ja", "LANGUAGE"),
        ({"LANGUAGE": "ja_JP:en_US", "LANG": "en_US.UTF-8"}, "ja", "LANGUAGE"),
        ({"LANGUAGE": "fr:ja"}, "ja", "LANGUAGE"),
        ({"LANGUAGE": "en:ja", "LANG": "ja_JP.UTF-8"}, "en", "LANGUAGE"),
        ({"LANGUAGE": "fr", "LANG": "ja_JP.UTF-8"}, "ja", "LANG"),
        ({"LANGUAGE": "fr", "LC_ALL": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja", "LC_ALL"),
        ({"LANGUAGE": "fr"}, "en", None),
        ({"LANGUAGE": "", "LANG": "ja_JP.UTF-8"}, "ja", "LANG"),
        ({"LANGUAGE": "jam:ja"}, "ja", "LANGUAGE"),  # a language code, not a prefix
        # as in GNU gettext, a C locale turns LANGUAGE off (scripts ask for plain output)
        ({"LANGUAGE": "ja", "LC_ALL": "C"}, "en", "LC_ALL"),
        ({"LANGUAGE": "ja", "LANG": "C.UTF-8"}, "en", "LANG"),
        ({"LANGUAGE": "ja", "LANG": "POSIX"}, "en", "LANG"),
    ],
)
def test_language_list_then_locale(env: dict[str, str], expected: str, source: str | None) -> None:
    assert i18n.default_language(env) == expected
    assert i18n.language_source(env) == (expected, source)


def classify_out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "classify", "--intentional", "no", "--disruptive", "yes"]) == 0
    return capsys.readouterr().out


def test_language_ja_en_gives_japanese_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    english = classify_out(capsys)
    monkeypatch.setenv("LANGUAGE", "ja:en")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    japanese = classify_out(capsys)
    assert japanese != english
    assert "最低" in japanese or "推奨" in japanese
    assert classify_out(capsys, "--lang", "en") == english


def test_settings_language_sits_between_lang_and_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    english = classify_out(capsys, "--lang", "en")
    japanese = classify_out(capsys, "--lang", "ja")
    config = tmp_path / "config.toml"
    config.write_text('language = "ja"\n')
    monkeypatch.setenv("LANGUAGE", "en")
    assert classify_out(capsys, "--config", str(config)) == japanese
    assert classify_out(capsys, "--config", str(config), "--lang", "en") == english
