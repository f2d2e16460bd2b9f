"""The rules file: the shipped one loads; every bad one is refused with one line per problem."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judgetui.rules import Rules, RulesError, load_rules, parse_rules, shipped_rules_text, summary

SHIPPED = shipped_rules_text()
REPO_RULES = Path(__file__).resolve().parents[2] / "rules.toml"
SLOW_PLAY_JA = 'ja = "ひどく遅いプレイ（時間稼ぎでないとき）"\n'
SLOW_PLAY_GROUP = f'{SLOW_PLAY_JA}group = "in_duel"\n'


def edited(*pairs: tuple[str, str]) -> str:
    """The shipped text with exact pieces replaced (each must be there)."""
    text = SHIPPED
    for old, new in pairs:
        assert old in text, f"anchor {old!r} vanished from rules.toml"
        text = text.replace(old, new, 1)
    return text


def in_table(table: str, line: str) -> tuple[str, str]:
    """Add one line at the top of a table."""
    header = f"[{table}]\n"
    return header, f"{header}{line}\n"


def problems_of(text: str, path: str = "bad.toml") -> list[str]:
    with pytest.raises(RulesError) as info:
        parse_rules(text, path)
    err = info.value
    assert err.path == path
    assert err.problems, "a RulesError names at least one problem"
    # one line per problem, each naming the file
    lines = str(err).splitlines()
    assert lines == [f"{path}: {p}" for p in err.problems]
    for problem in err.problems:
        assert "\n" not in problem
        assert "Traceback" not in problem
    return err.problems


# ------------------------------------------------------------------------ the shipped file


def test_shipped_rules_load() -> None:
    rules = load_rules()
    assert isinstance(rules, Rules)
    assert rules is load_rules()  # loaded once per process
    assert rules == parse_rules(SHIPPED)
    assert rules.version == 1
    assert len(rules.penalties) == 9
    assert len(rules.categories) == 4
    assert rules.three_warnings.threshold == 3
    assert rules.three_warnings.forced_ejection_at == 4
    assert rules.three_warnings.default == "ejection"


def test_shipped_rules_are_the_repository_file() -> None:
    assert REPO_RULES.read_text(encoding="utf-8") == SHIPPED


def test_load_rules_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "copy.toml"
    path.write_text(SHIPPED, encoding="utf-8")
    assert load_rules(str(path)) == load_rules()


def test_summary() -> None:
    rules = load_rules()
    text = summary(rules)
    assert text == (
        f"9 penalties, 4 categories, 6 upgrade questions, {len(rules.infractions)} infractions "
        "in 8 groups; three warnings at 3 points, ejection forced at 4"
    )
    assert "\n" not in text


def test_summary_follows_the_file() -> None:
    rules = parse_rules(edited(("forced_ejection_at = 4", "forced_ejection_at = 5")))
    assert summary(rules).endswith("ejection forced at 5")


# ------------------------------------------------------------------------ bad files


def test_toml_syntax_error_names_line_and_column() -> None:
    (problem,) = problems_of("version = 1\nfoo = = 2\nbar = 3\n")
    assert problem.startswith("line 2, column 7: TOML syntax error")


def test_toml_syntax_error_in_the_shipped_text_names_its_line() -> None:
    lines = SHIPPED.splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("threshold = 3"))
    lines[number - 1] = "threshold = = 3\n"
    (problem,) = problems_of("".join(lines))
    assert problem.startswith(f"line {number}, column ")
    assert "TOML syntax error" in problem


def test_toml_syntax_error_at_end_of_document() -> None:
    (problem,) = problems_of("version = 1\nfoo = [\n")
    assert "TOML syntax error" in problem


def test_bad_penalty_key_names_key_path_and_value() -> None:
    (problem,) = problems_of(
        edited(in_table("infractions.slow_play", 'minimum = "dubble_warning"'))
    )
    assert "infractions.slow_play.minimum" in problem
    assert "'dubble_warning'" in problem
    assert "known:" in problem
    assert "double_warning" in problem  # the known levels are listed


@pytest.mark.parametrize(
    ("pairs", "where", "value"),
    [
        (
            [in_table("infractions.slow_play", 'sanction = "game_los"')],
            "infractions.slow_play.sanction",
            "'game_los'",
        ),
        (
            [('intentional_sanction = "disqualification"', 'intentional_sanction = "dq"')],
            "infractions.illegal_deck.intentional_sanction",
            "'dq'",
        ),
        (
            [('minimum = "notice"', 'minimum = "notise"')],
            "categories.unintentional_disruptive.minimum",
            "'notise'",
        ),
        (
            [('repeat_raises_to = "double_warning"', 'repeat_raises_to = "double"')],
            "history.repeat_raises_to",
            "'double'",
        ),
        (
            [('raises_to = "triple_warning"', 'raises_to = "tripple_warning"')],
            "upgrades.strong_cheating.raises_to",
            "'tripple_warning'",
        ),
        (
            [('default = "ejection"', 'default = "ejected"')],
            "three_warnings.default",
            "'ejected'",
        ),
        (
            [in_table("infractions.slow_play", 'steps = ["notice", "singel_warning"]')],
            "infractions.slow_play.steps[1]",
            "'singel_warning'",
        ),
        (
            [('penalty = "game_loss"', 'penalty = "gameloss"')],
            "infractions.tardiness.tardiness_steps[1].penalty",
            "'gameloss'",
        ),
        (
            [('applies_to = ["unsporting_conduct"]', 'applies_to = ["unsporting"]')],
            "upgrades.egregious_unsporting.applies_to[0]",
            "'unsporting'",
        ),
    ],
)
def test_bad_reference_names_key_path_and_value(
    pairs: list[tuple[str, str]], where: str, value: str
) -> None:
    (problem,) = problems_of(edited(*pairs))
    assert problem.startswith(f"{where}: ")
    assert value in problem
    assert "known:" in problem


def test_unknown_setting() -> None:
    (problem,) = problems_of(edited(in_table("infractions.slow_play", "colour = 1")))
    assert problem == "infractions.slow_play.colour: unknown setting"


def test_unknown_top_level_setting() -> None:
    (problem,) = problems_of(edited(("version = 1\n", "version = 1\nverison = 2\n")))
    assert problem == "verison: unknown setting"


def test_missing_setting() -> None:
    (problem,) = problems_of(edited((SLOW_PLAY_GROUP, SLOW_PLAY_JA)))
    assert problem == "infractions.slow_play.group: missing"


def test_wrong_type_names_the_value() -> None:
    (problem,) = problems_of(edited(("points = 2\n", 'points = "two"\n')))
    assert problem.startswith("penalties.double_warning.points: 'two'")


def test_warning_points_that_fall() -> None:
    (problem,) = problems_of(edited(("points = 3\n", "points = 1\n")))
    assert problem.startswith("penalties: warning points must not fall")
    assert "[0, 0, 1, 2, 1]" in problem


def test_forced_ejection_at_below_threshold() -> None:
    (problem,) = problems_of(edited(("forced_ejection_at = 4", "forced_ejection_at = 2")))
    assert problem == "three_warnings.forced_ejection_at: 2 is below the threshold 3"


def test_unknown_group() -> None:
    text = edited((SLOW_PLAY_GROUP, f'{SLOW_PLAY_JA}group = "during_duel"\n'))
    (problem,) = problems_of(text)
    assert problem.startswith("infractions.slow_play.group: 'during_duel' is not a group")
    assert "known:" in problem


def test_several_problems_one_line_each() -> None:
    text = edited(
        ("forced_ejection_at = 4", "forced_ejection_at = 2"),
        ("points = 3\n", "points = 1\n"),
        in_table("infractions.slow_play", 'minimum = "dubble_warning"'),
        in_table("infractions.cheating", 'sanction = "ban"'),
    )
    problems = problems_of(text, "four.toml")
    assert len(problems) == 4
    joined = "\n".join(problems)
    for piece in (
        "warning points must not fall",
        "three_warnings.forced_ejection_at",
        "infractions.slow_play.minimum: 'dubble_warning'",
        "infractions.cheating.sanction: 'ban'",
    ):
        assert piece in joined


def test_several_schema_problems_one_line_each() -> None:
    text = edited(
        in_table("infractions.slow_play", "colour = 1"),
        ("points = 2\n", 'points = "two"\n'),
    )
    problems = problems_of(text)
    assert len(problems) == 2


def test_tardiness_minutes_must_rise() -> None:
    (problem,) = problems_of(edited(("after_minutes = 10", "after_minutes = 5")))
    assert problem.startswith("infractions.tardiness.tardiness_steps: minutes must rise")


def test_ejection_must_be_an_option() -> None:
    text = edited(
        (
            "[three_warnings.options.ejection]\nalways = true\n",
            "[three_warnings.options.ejection_removed]\nalways = true\n",
        )
    )
    problems = problems_of(text)
    assert any(p.startswith("three_warnings.options: ejection must be an option") for p in problems)


def test_toml_document_parses_but_is_empty() -> None:
    problems = problems_of("")
    assert "version: missing" in problems
    assert "infractions: missing" in problems


def test_unreadable_and_non_utf8_files(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(RulesError) as info:
        load_rules(str(missing))
    assert info.value.problems[0].startswith("cannot read")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"version = 1\n\xff\xfe\n")
    with pytest.raises(RulesError) as info:
        load_rules(str(binary))
    assert info.value.problems == ["not UTF-8 text"]
    assert str(info.value) == f"{binary}: not UTF-8 text"


def test_anchors_used_here_are_unique_enough() -> None:
    # the edits above replace the first match; make sure it is the intended one
    assert (
        tomllib.loads(edited(("points = 3\n", "points = 1\n")))["penalties"]["triple_warning"][
            "points"
        ]
        == 1
    )
    assert (
        tomllib.loads(edited(("points = 2\n", "points = 9\n")))["penalties"]["double_warning"][
            "points"
        ]
        == 9
    )
    data = tomllib.loads(edited(('raises_to = "triple_warning"', 'raises_to = "notice"')))
    assert data["upgrades"]["strong_cheating"]["raises_to"] == "notice"
    data = tomllib.loads(edited(('penalty = "game_loss"', 'penalty = "notice"')))
    assert data["infractions"]["tardiness"]["tardiness_steps"][1]["penalty"] == "notice"
