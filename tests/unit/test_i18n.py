"""The bilingual UI: complete catalogues, the language switch and language-neutral --json.

The first tests are the catalogue's contract: every string the source marks with `_()`,
`N_()` or `ngettext()` has a Japanese translation, the Japanese catalogue holds nothing the
source no longer uses, placeholders agree, and the committed .mo is the .po compiled. When
one fails after a change: ``python scripts/i18n.py update``, translate, ``... compile``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from judgetui import cli, i18n, text
from judgetui.engine import Reason
from judgetui.i18n import _
from judgetui.rules import Rules
from judgetui.service import Station
from tests.helpers.cli import unwrapped
from tests.helpers.event import FLOOR, HEAD, record

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("judgetui_i18n_script", ROOT / "scripts/i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tools = _load_script()


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    """The msgids extracted from judgetui/**/*.py now, by singular msgid."""
    ids: dict[str, Any] = tools._ids(tools.extract())
    return ids


@pytest.fixture(scope="module")
def ja() -> Any:
    return tools.read_catalog(tools.po_path("ja"), "ja")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- (a) both languages have every string ----------------------------------------------


def test_the_source_has_ui_strings(source: dict[str, Any]) -> None:
    assert len(source) > 100
    assert "Why:" in source


def test_every_source_string_has_a_japanese_translation(source: dict[str, Any], ja: Any) -> None:
    ids = tools._ids(ja)
    missing = sorted(k for k in source if k not in ids)
    assert not missing, f"not in ja.po (run scripts/i18n.py update, translate): {missing}"
    untranslated = sorted(k for k in tools.untranslated(ja) if k in source)
    assert not untranslated, f"empty or fuzzy in ja.po: {untranslated}"


def test_japanese_catalogue_has_no_string_the_source_dropped(
    source: dict[str, Any], ja: Any
) -> None:
    stale = sorted(k for k in tools._ids(ja) if k not in source)
    assert not stale, f"in ja.po but no longer in the source (run update): {stale}"


def test_plural_entries_agree(source: dict[str, Any], ja: Any) -> None:
    ids = tools._ids(ja)
    for key, message in source.items():
        if key in ids:
            assert isinstance(message.id, tuple) == isinstance(ids[key].id, tuple), key


def test_template_is_current(source: dict[str, Any]) -> None:
    with tools.POT.open("rb") as f:
        pot = tools._ids(tools.read_po(f, domain=tools.DOMAIN))
    assert set(pot) == set(source), "judgetui.pot is stale: run scripts/i18n.py update"


def test_no_string_is_computed_before_translation() -> None:
    problems = tools.unextractable_calls()
    assert not problems, "\n".join(map(str, problems))


def test_japanese_translations_read_as_japanese(ja: Any) -> None:
    """A translation left in English is a string in one language only."""
    english_only = []
    for key, message in tools._ids(ja).items():
        string = message.string[0] if isinstance(message.string, tuple) else message.string
        has_words = re.search(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}|%\(\w+\)\w", "", key))
        if has_words and string == key and not JAPANESE.search(string):
            english_only.append(key)
    allowed = {"ID"}
    assert not [k for k in english_only if k not in allowed], english_only


# -- (b) the committed .mo is the .po compiled ------------------------------------------


def test_committed_mo_matches_the_po(ja: Any) -> None:
    committed = tools.mo_table(tools.mo_path("ja").read_bytes())
    assert committed == tools.mo_table(tools.compile_mo(ja)), "run scripts/i18n.py compile"


# -- (c) placeholders -------------------------------------------------------------------


def test_placeholders_match(ja: Any) -> None:
    problems = tools.placeholder_problems(ja, "ja.po")
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize(
    ("text_", "fields"),
    [
        ("{player}: {penalty}", ["{penalty}", "{player}"]),
        ("expected {value!r}", ["{value!r}"]),
        ("%(prog)s: %s 100%%", ["%(prog)s", "%s"]),
        ("plain", []),
    ],
)
def test_placeholder_parser(text_: str, fields: list[str]) -> None:
    assert tools.placeholders(text_) == sorted(fields)


def test_check_command_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert tools.cmd_check() == 0, capsys.readouterr().err


# -- (d) the command line in Japanese, --json in keys ----------------------------------

CLASSIFY = ("classify", "--intentional", "no", "--disruptive", "yes")


def test_classify_in_japanese_says_notice_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *CLASSIFY, "--lang", "ja")
    assert code == 0, err
    assert "通告" in out
    assert "Notice" not in out
    assert "理由" in out
    reasons = [line for line in out.splitlines() if line.lstrip().startswith("- ")]
    assert reasons
    for line in reasons:
        sentence = re.sub(r"\[[^\]]*\]$", "", line.strip()).strip()
        assert JAPANESE.search(sentence), line
        assert not re.search(r"\b(The|is|at least)\b", sentence), line
    assert "故意ではないが" in out


def test_classify_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, *CLASSIFY, "--lang", "en")
    assert code == 0
    assert "Notice" in out
    assert not JAPANESE.search(out)


def test_classify_names_and_reasons_in_japanese_for_every_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(
        capsys,
        "classify",
        "--intentional",
        "yes",
        "--disruptive",
        "yes",
        "--infraction",
        "tardiness",
        "--minutes",
        "12",
        "--advantage",
        "--strong-cheating",
        "--lang",
        "ja",
    )
    assert code == 0
    assert "三重警告" in out and "マッチの敗北" in out
    assert "調査" in out  # the Triple Warning's investigation line


@pytest.mark.parametrize(
    "extra",
    [
        (),
        ("--infraction", "tardiness", "--minutes", "7"),
        ("--infraction", "illegal_deck"),
        ("--advantage", "--in-game-advantage", "--infraction", "previous_opponent_card"),
    ],
)
def test_json_is_the_same_in_every_language(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...]
) -> None:
    outputs = {}
    for lang in i18n.LANGUAGES:
        code, out, err = run(capsys, *CLASSIFY, *extra, "--json", "--lang", lang)
        assert code == 0, err
        outputs[lang] = out
    assert outputs["ja"] == outputs["en"]
    data = json.loads(outputs["ja"])
    rules = Rules_keys()
    assert data["minimum"] in rules and data["recommended"] in rules
    assert not JAPANESE.search(outputs["ja"])


def Rules_keys() -> set[str]:
    from judgetui.rules import load_rules

    return set(load_rules().penalties)


def test_json_minimum_is_a_key(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, *CLASSIFY, "--json", "--lang", "ja")
    assert code == 0
    data = json.loads(out)
    assert data["minimum"] == "notice"
    assert data["recommended"] == "notice"
    assert data["minimum_parts"] == {"warning": "notice", "sanction": None}


def test_json_of_the_event_is_the_same_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "event.json")
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP1,山田 太郎\nP2,Ann Lee\n", encoding="utf-8")
    steps = [
        ("event", "init", "--name", "秋季オープン", "--head-judge", "Kana Mori"),
        ("players", "import", str(players), "--judge", "Kana Mori"),
    ]
    for infraction in ("slow_play", "mulligan_error", "looking_at_extra_cards"):
        steps.append(
            ("record", "--player", "P1", "--infraction", infraction, "--intentional", "no",
             "--disruptive", "yes", "--penalty", "single_warning", "--judge", "Kana Mori",
             "--note", "手札を1枚多く見た")
        )  # fmt: skip
    for step in steps:
        code, _out, err = run(capsys, *step, "--db", db, "--lang", "ja")
        assert code == 0, err
    for command in (("player", "P1"), ("queue",), ("event", "show")):
        outputs = {}
        for lang in i18n.LANGUAGES:
            code, out, err = run(capsys, *command, "--db", db, "--json", "--lang", lang)
            assert code == 0, err
            outputs[lang] = out
        assert outputs["ja"] == outputs["en"], command
    code, out, _err = run(capsys, "player", "P1", "--db", db, "--json", "--lang", "ja")
    data = json.loads(out)
    assert data["decision"]["default"] == "ejection"
    assert {r["penalty"] for r in data["records"]} == {"single_warning"}
    code, out, _err = run(capsys, "player", "P1", "--db", db, "--lang", "ja")
    assert "山田 太郎" in out and "単一警告" in out and "予選" in out and "退場" in out


def test_argparse_errors_and_help_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    before = argparse._  # type: ignore[attr-defined]
    code, out, err = run(
        capsys, "classify", "--intentional", "maybe", "--disruptive", "yes", "--lang", "ja"
    )
    assert code == 2
    assert err.startswith("judgetui: ")
    assert "引数 --intentional" in err and "yes か no" in err
    assert argparse._ is before  # type: ignore[attr-defined]
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ja", "classify", "--help"])
    out = capsys.readouterr().out
    assert "使い方:" in out and "オプション" in out and "ガイド付きの判定" in out


def test_service_errors_in_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "event.json")
    code, _out, err = run(
        capsys, "event", "init", "--db", db, "--name", "Open", "--head-judge", "森 佳奈"
    )
    assert code == 0, err
    code, _out, err = run(capsys, "player", "P9", "--db", db, "--lang", "ja")
    assert code == 2
    assert "不明なプレイヤー" in err
    code, _out, err = run(capsys, "event", "round", "3", "--db", db, "--lang", "ja")
    assert code == 2
    assert "操作するジャッジ" in err


def test_every_command_takes_lang() -> None:
    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    seen: list[str] = []

    def visit(p: argparse.ArgumentParser, name: str) -> None:
        assert "--lang" in p._option_string_actions, name
        seen.append(name)
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    visit(sub, f"{name} {sub_name}")

    visit(parser, "judgetui")
    assert len(subparsers.choices) >= 10
    assert len(seen) > len(subparsers.choices)


# -- (e) the locale decides the default ------------------------------------------------


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja_JP.eucJP"}, "ja"),
        ({"LANG": "ja"}, "ja"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_GB.UTF-8"}, "ja"),
        ({"LC_ALL": "", "LANG": "ja_JP.UTF-8"}, "ja"),
    ],
)
def test_default_language(env: dict[str, str], expected: str) -> None:
    assert i18n.default_language(env) == expected


def test_lang_environment_makes_japanese_the_default(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, _err = run(capsys, *CLASSIFY)
    assert code == 0
    assert "通告" in out and "理由" in out
    monkeypatch.setenv("LANG", "C")
    code, out, _err = run(capsys, *CLASSIFY)
    assert code == 0
    assert "Notice" in out and not JAPANESE.search(out)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, _err = run(capsys, *CLASSIFY, "--lang", "en")
    assert "Notice" in out and not JAPANESE.search(out)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "ja", "classify"], "ja"),
        (["classify", "--lang=ja"], "ja"),
        (["classify", "--lang", "en"], "en"),
        (["classify", "--lang", "xx"], None),
        (["classify"], None),
        (["record", "--note", "x", "--", "--lang", "ja"], None),
    ],
)
def test_language_from_argv(argv: list[str], expected: str | None) -> None:
    assert i18n.language_from_argv(argv) == expected


def test_switching_language_at_run_time() -> None:
    i18n.set_language("ja")
    assert _("Why:") == "理由："
    i18n.set_language("en")
    assert _("Why:") == "Why:"
    with i18n.using("ja"):
        assert i18n.language() == "ja"
        assert i18n.ngettext("{n} point", "{n} points", 2).format(n=2) == "2ポイント"
    assert i18n.language() == "en"
    assert i18n.ngettext("{n} point", "{n} points", 1).format(n=1) == "1 point"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_language("fr")  # type: ignore[arg-type]


# -- (f) rules.toml names in both languages -------------------------------------------


def test_rules_names_in_both_languages(rules: Rules) -> None:
    named: list[tuple[str, str, str]] = []
    named += [(f"penalties.{k}", p.en, p.ja) for k, p in rules.penalties.items()]
    named += [(f"infractions.{k}", i.en, i.ja) for k, i in rules.infractions.items()]
    named += [(f"groups.{k}", g.en, g.ja) for k, g in rules.groups.items()]
    named += [(f"upgrades.{k}", u.en, u.ja) for k, u in rules.upgrades.items()]
    assert len(named) > 40
    for where, en, ja in named:
        assert en.strip(), f"{where}: no English name"
        assert ja.strip(), f"{where}: no Japanese name"
        assert JAPANESE.search(ja), f"{where}: the Japanese name is not Japanese: {ja!r}"
    for key, penalty in rules.penalties.items():
        assert penalty.abbr.strip(), key
        assert text.cell_width(penalty.abbr) <= 4, key
    assert len(rules.finals.names_en) == len(rules.finals.names_ja)


def test_chart_vocabulary(rules: Rules) -> None:
    """The names a Japanese judge knows from the chart (seed JA)."""
    expected = {
        "caution": ("注意", "注"),
        "notice": ("通告", "通"),
        "single_warning": ("単一警告", "警１"),
        "double_warning": ("二重警告", "警２"),
        "triple_warning": ("三重警告", "警３"),
        "game_loss": ("デュエルの敗北", "デ敗"),
        "match_loss": ("マッチの敗北", "マ敗"),
        "ejection": ("退場", "退"),
        "disqualification": ("失格", "失"),
    }
    with i18n.using("ja"):
        for key, (name, abbr) in expected.items():
            assert text.penalty_name(rules, key) == name
            assert text.penalty_name(rules, key, short=True) == abbr
        assert _("head judge") == "ヘッドジャッジ"
        assert _("floor judge") == "フロアジャッジ"


def test_every_reason_rule_reads_in_japanese(rules: Rules) -> None:
    cases = [
        Reason(
            "category", "notice", "seed EN §iv", detail="unintentional_disruptive", binding=True
        ),
        Reason("catalogue.minimum", "double_warning", "s", detail="cheating", binding=True),
        Reason(
            "catalogue.sanction", "game_loss", "s", detail="previous_opponent_card", binding=True
        ),
        Reason(
            "catalogue.intentional_sanction",
            "disqualification",
            "s",
            detail="illegal_deck",
            binding=True,
        ),
        Reason("catalogue.tardiness", "game_loss", "s", detail="7", binding=True),
        Reason("catalogue.steps", "single_warning", "s", detail="2", binding=True),
        Reason("history.repeat", "double_warning", "s", detail="slow_play", binding=True),
        Reason("history.notice_grounds", "single_warning", "s", detail="slow_play", binding=False),
        Reason("finals.repeat_from_main", "double_warning", "s", detail="slow_play", binding=True),
        *(Reason(f"upgrade.{flag}", "triple_warning", "s") for flag in rules.upgrades),
    ]
    with i18n.using("ja"):
        for reason in cases:
            sentence = text.reason_text(rules, reason)
            body = sentence.rsplit(" [", 1)[0]
            assert JAPANESE.search(body), sentence
            assert not re.search(r"[A-Za-z]{4,}", body), sentence
    assert text.neutral_reasons(rules, cases[:1])[0].startswith("The infraction is")


# -- full-width text in columns ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "cells"),
    [
        ("山田 太郎", 9),
        ("Taro", 4),
        ("警１", 4),
        ("ｱｲｳ", 3),
        ("Müller", 6),
        ("", 0),
        ("👨\u200d👩\u200d👧", 2),
        ("🇯🇵 Open", 7),
        ("e\u0301", 1),
    ],
)
def test_cell_width(value: str, cells: int) -> None:
    assert text.cell_width(value) == cells
    assert text.cell_width(text.pad(value, 12)) == max(12, cells)


def test_cell_width_agrees_with_rich() -> None:
    from rich.cells import cell_len

    for value in [
        "山田 太郎",
        "佐藤 花子",
        "デュエルの敗北",
        "警１ + デ敗",
        "Kana Mori",
        "（名前）",
    ]:
        assert text.cell_width(value) == cell_len(value), value


def test_queue_columns_line_up_with_japanese_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "event.json")
    players = tmp_path / "players.csv"
    players.write_text("id,name\nP1,山田 太郎\nP2,Ann Lee\n", encoding="utf-8")
    steps = [
        ("event", "init", "--name", "Open", "--head-judge", "Kana Mori", "--floor-judge", "Al"),
        ("players", "import", str(players), "--judge", "Kana Mori"),
        ("record", "--player", "P1", "--infraction", "slow_play", "--intentional", "no",
         "--disruptive", "yes", "--judge", "Al"),
        ("record", "--player", "P2", "--infraction", "slow_play", "--intentional", "no",
         "--disruptive", "yes", "--judge", "Al"),
    ]  # fmt: skip
    for step in steps:
        code, _out, err = run(capsys, *step, "--db", db)
        assert code == 0, err
    code, out, err = run(capsys, "queue", "--db", db, "--lang", "ja")
    assert code == 0, err
    lines = unwrapped(out)
    assert len(lines) == 2
    columns = [text.cell_width(line.split("Al")[0]) for line in lines]
    assert columns[0] == columns[1], lines


# -- dismiss and void are two acts, in two words ----------------------------------------

DISMISS_JA = "却下"
VOID_JA = "無効"


def test_dismiss_and_void_have_distinct_japanese_words(ja: Any) -> None:
    """A dismissed request never stood; a voided penalty stood and was made in error. The
    head judge reads which in Japanese too: every string about dismissing says 却下, every
    string about voiding says 無効, and neither borrows the other's word (or 取り消し,
    which both once shared)."""
    with i18n.using("ja"):
        assert _("Dismiss") != _("Void")
        assert text.record_status_name("dismissed") != text.record_status_name("voided")
    wrong = []
    for key, message in tools._ids(ja).items():
        string = message.string[0] if isinstance(message.string, tuple) else message.string
        words = re.sub(r"`[^`]*`|\([^)]*dismiss\)|upgrade KEY, dismiss", "", key).lower()
        if "dismiss" in words and (VOID_JA in string or "取り消" in string):
            wrong.append(key)
        if "void" in words and (DISMISS_JA in string or "取り消" in string):
            wrong.append(key)
        if "dismiss" in words and DISMISS_JA not in string:
            wrong.append(key)
        if "void" in words and VOID_JA not in string:
            wrong.append(key)
    assert not wrong, wrong


def test_history_in_japanese_tells_a_dismissed_record_from_a_voided_one(
    station: Station, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(station, FLOOR, "P1", "slow_play", False, True)  # a Notice, waiting in the queue
    record(station, HEAD, "P2", "slow_play", True, False)  # a Single Warning
    [notice] = station.load().history("P1")
    [warning] = station.load().history("P2")
    code, _out, err = run(
        capsys,
        "review",
        notice.id,
        "dismiss",
        "--note",
        "no",
        "--judge",
        HEAD,
        "--db",
        str(db_path),
    )
    assert code == 0, err
    code, _out, err = run(
        capsys, "void", warning.id, "--note", "wrong", "--judge", HEAD, "--db", str(db_path)
    )
    assert code == 0, err
    code, out, err = run(capsys, "history", "--lang", "ja", "--db", str(db_path))
    assert code == 0, err
    [dismissed] = [line for line in unwrapped(out) if notice.id in line]
    [voided] = [line for line in unwrapped(out) if warning.id in line]
    assert DISMISS_JA in dismissed and VOID_JA not in dismissed
    assert VOID_JA in voided and DISMISS_JA not in voided
