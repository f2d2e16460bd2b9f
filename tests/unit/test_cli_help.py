"""The command line says what it takes (issue 28 item 1): help for every option and
command in English and Japanese, `judgetui rules` for the keys, completion scripts and a
man page made from the parser, and the keys' error line pointing at `judgetui rules`."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgetui import i18n, text
from judgetui.cli.parser import build_parser
from judgetui.rules import load_rules
from tests.helpers.cli import rec, refused, run

ROOT = Path(__file__).resolve().parents[2]


def _helps(parser: argparse.ArgumentParser, path: str = "judgetui") -> Iterator[tuple[str, str]]:
    """(where, help) for every option, argument and sub-command of ``parser``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield f"{path} {choice.dest}", choice.help or ""
            for name, sub in action.choices.items():
                yield from _helps(sub, f"{path} {name}")
        elif action.help != argparse.SUPPRESS:
            yield f"{path} {'/'.join(action.option_strings) or action.dest}", action.help or ""


def _parser_helps(language: i18n.Language) -> dict[str, str]:
    was = i18n.language()
    i18n.set_language(language)
    try:
        with i18n.argparse_language():
            return dict(_helps(build_parser()))
    finally:
        i18n.set_language(was)


def test_every_option_and_command_has_help_in_english_and_japanese() -> None:
    english, japanese = _parser_helps("en"), _parser_helps("ja")
    assert english.keys() == japanese.keys()
    assert [where for where, words in english.items() if not words.strip()] == []
    untranslated = [
        where
        for where, words in english.items()
        if japanese[where] == words and not where.endswith(("-h/--help", "--version"))
    ]
    assert untranslated == []
    for where in ("judgetui record --player", "judgetui record --infraction",
                  "judgetui record --intentional", "judgetui record --disruptive",
                  "judgetui record --penalty"):  # fmt: skip
        assert english[where], where


def test_rules_lists_every_key_within_78_columns(capsys: pytest.CaptureFixture[str]) -> None:
    rules = load_rules()
    for language in ("en", "ja"):
        code, out, err = run(capsys, "rules", "--lang", language)
        assert code == 0, err
        lines = out.splitlines()
        assert max(text.cell_width(line) for line in lines) <= 78
        words = set(out.split())
        assert set(rules.infractions) <= words
        assert set(rules.penalties) <= words
        assert "--minutes" in words


def test_rules_json_gives_each_key_with_both_names_and_every_question(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rules = load_rules()
    code, out, err = run(capsys, "rules", "--json")
    assert code == 0, err
    data = json.loads(out)
    infractions = {i["key"]: i for i in data["infractions"]}
    assert infractions.keys() == rules.infractions.keys()
    assert infractions["slow_play"]["ja"] == rules.infractions["slow_play"].ja
    assert {p["key"] for p in data["penalties"]} == set(rules.penalties)
    options = {q["option"] for q in data["questions"]}
    assert {"--minutes", "--advantage", "--in-game-advantage"} <= options
    with pytest.raises(SystemExit):
        run(capsys, "record", "--help")
    record_help = capsys.readouterr().out
    assert all(option in record_help for option in options)


def test_rules_of_an_event_are_its_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edited = tmp_path / "rules.toml"
    source = (ROOT / "rules.toml").read_text(encoding="utf-8")
    edited.write_text(source.replace('en = "Slow play"', 'en = "Slow play (house)"', 1))
    db = tmp_path / "event.json"
    code, _out, err = run(capsys, "event", "init", "--db", db, "--name", "Open",
                          "--head-judge", "Kana Mori", "--rules", edited)  # fmt: skip
    assert code == 0, err
    code, out, err = run(capsys, "rules", "--db", db, "--json")
    assert code == 0, err
    names = {i["key"]: i["en"] for i in json.loads(out)["infractions"]}
    assert names["slow_play"] == "Slow play (house)"


def test_an_unknown_infraction_points_at_judgetui_rules(
    station: object, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, db_path, 2, *rec(db_path, "Alex Reed", "P1", "slowplay"))
    assert "`judgetui rules`" in line


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_name_every_command(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "completion", shell)
    assert code == 0, err
    for command in ("record", "review", "decide", "void", "report", "rules", "completion"):
        assert command in out, command
    spelt = ("-l infraction", "-l same-as") if shell == "fish" else ("--infraction", "--same-as")
    assert all(option in out for option in spelt)
    checker = shutil.which(shell) if shell != "fish" else None
    if checker is not None:  # the shell itself reads it without an error
        checked = subprocess.run([checker, "-n"], input=out, text=True, capture_output=True)
        assert checked.returncode == 0, checked.stderr


def test_the_man_page_is_made_from_the_parser(tmp_path: Path) -> None:
    """The README's one command for it (Development): every command is in the page."""
    page = tmp_path / "judgetui.1"
    made = subprocess.run(
        [str(Path(sys.executable).parent / "argparse-manpage"), "--module", "judgetui.cli.parser",
         "--function", "build_parser", "--prog", "judgetui", "--project-name", "judgetui",
         "--output", str(page)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    troff = page.read_text(encoding="utf-8")
    assert troff.startswith(".TH")
    for command in ("record", "review", "void", "rules", "completion", "history"):
        assert f"judgetui {command}" in troff, command
