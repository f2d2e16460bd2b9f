"""A command's line is read with only that command's options built
(`judgetui.cli.parser.build_parser(only=...)`), and reads exactly as the whole parser does."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from judgetui.cli import parser as cli_parser
from judgetui.cli.parser import build_parser, parse_args
from judgetui.cli.tokens import COMMAND_NAMES, command_named
from judgetui.errors import CliError

RECORD = ["--player", "P1", "--infraction", "slow_play", "--intentional", "no"]

LINES = [
    ["record", "--judge", "Kana Mori", *RECORD, "--disruptive", "yes"],
    ["--db", "e.json", "record", *RECORD, "--disruptive", "y", "--table", "12", "--json"],
    ["--db", "record", "record", *RECORD, "--disruptive", "no"],
    ["--judge=Kana Mori", "--lang", "ja", "queue"],
    ["--json", "verify", "--head", "0123456789abcdef"],
    ["event", "init", "--name", "Cup", "--head-judge", "Kana Mori", "--floor-judge", "Alex"],
    ["event", "round", "3", "--back"],
    ["players", "import", "roster.csv", "--encoding", "cp932"],
    ["review", "abc123", "upgrade", "double_warning", "--not-minor"],
    ["decide", "P1", "match_loss", "--advantage"],
    ["void", "abc123", "--note", "wrong player"],
    ["history", "--player", "P1", "--round", "2"],
    ["export", "--format", "csv", "-o", "out.csv"],
    ["report", "round", "2", "--enter", "abc"],
    ["report", "event"],
    ["investigation", "close", "abc123", "--finding", "no intent"],
    ["classify", "--intentional", "yes", "--disruptive", "no", "--infraction", "slow_play"],
    ["demo", "--players", "10", "--no-open"],
    ["check-rules", "rules.toml"],
    ["player", "P1"],
    ["config"],
    ["ssh"],
]

BAD_LINES = [
    ["record", "--judge", "Kana Mori", *RECORD],
    ["record", *RECORD, "--disruptive", "maybe"],
    ["record", *RECORD, "--disruptive", "no", "--table", "0"],
    ["review", "abc123", "maybe"],
    ["event", "nothing"],
    ["history", "--round", "x"],
    ["queue", "--no-such-option"],
    ["recordx", "--judge", "Kana Mori"],
]


def _whole(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def test_every_command_is_known_by_name() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == COMMAND_NAMES


@pytest.mark.parametrize("argv", LINES)
def test_a_command_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    assert command_named(argv) == next(t for t in argv if t in COMMAND_NAMES)
    assert vars(parse_args(argv)) == vars(_whole(argv))


@pytest.mark.parametrize("argv", BAD_LINES)
def test_a_bad_line_is_the_whole_parsers_error(argv: list[str]) -> None:
    with pytest.raises(CliError) as fast:
        parse_args(argv)
    with pytest.raises(CliError) as whole:
        _whole(argv)
    assert str(fast.value) == str(whole.value)


def test_only_the_named_command_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str | None] = []
    real = cli_parser.build_parser

    def spy(rules: object = None, only: str | None = None) -> argparse.ArgumentParser:
        built.append(only)
        return real(only=only)

    monkeypatch.setattr(cli_parser, "build_parser", spy)
    parse_args(["record", "--judge", "Kana Mori", *RECORD, "--disruptive", "no"])
    assert built == ["record"]


def test_a_value_that_names_a_command_is_not_taken_for_it() -> None:
    argv = ["--judge", "queue", "record", *RECORD, "--disruptive", "no"]
    assert command_named(argv) == "record"
    assert parse_args(argv).command == "record"


@pytest.mark.parametrize("argv", [["-h"], ["record", "--help"], ["--help", "queue"]])
def test_help_reads_as_the_whole_parsers(argv: list[str]) -> None:
    assert command_named(argv) is None

    def printed(parse: object) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            parse(argv)  # type: ignore[operator]
        return out.getvalue()

    assert printed(parse_args) == printed(_whole)
