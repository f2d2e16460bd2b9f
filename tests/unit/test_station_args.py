"""The station's command line is read without building every command's options
(`judgetui.cli.parser._station_args`), and reads exactly as the whole parser does."""

from __future__ import annotations

import argparse

import pytest

from judgetui.cli.parser import _station_args, build_parser, parse_args
from judgetui.errors import CliError

STATION_LINES = [
    [],
    ["--db", "event.json"],
    ["--db", "event.json", "--judge", "Kana Mori"],
    ["--judge", "Kana Mori", "--db", "event.json"],
    ["--db=event.json", "--judge=Kana Mori", "--lang", "ja"],
    ["--db", "e.json", "--rules", "r.toml", "--config", "c.toml", "--log", "l.log"],
    ["--json", "--db", "e.json"],
    ["--db", "one.json", "--db", "two.json"],
    ["--judge=-x"],
    ["--db", ""],
]

OTHER_LINES = [
    ["record", "--judge", "Kana Mori"],
    ["--db", "e.json", "queue"],
    ["-h"],
    ["--help"],
    ["--jud", "Kana Mori"],
    ["--db", "-x"],
    ["--", "--db"],
    ["--json=yes"],
    ["--dbx", "e.json"],
    ["verify", "--json"],
]

BAD_LINES = [
    ["--lang", "xx"],
    ["--lang=de"],
    ["--db"],
    ["--judge", "A", "--log"],
]


def _whole(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


@pytest.mark.parametrize("argv", STATION_LINES)
def test_a_station_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    fast = _station_args(argv)
    assert fast is not None
    assert vars(fast) == vars(_whole(argv))
    assert vars(parse_args(argv)) == vars(_whole(argv))


@pytest.mark.parametrize("argv", OTHER_LINES)
def test_any_other_line_is_left_to_the_whole_parser(argv: list[str]) -> None:
    assert _station_args(argv) is None


@pytest.mark.parametrize("argv", BAD_LINES)
def test_a_bad_value_is_the_whole_parsers_error(argv: list[str]) -> None:
    with pytest.raises(CliError) as fast:
        _station_args(argv)
    with pytest.raises(CliError) as whole:
        _whole(argv)
    assert str(fast.value) == str(whole.value)


def test_without_argv_it_reads_the_process_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["judgetui", "--db", "e.json", "--judge", "Kana Mori"])
    fast = _station_args(None)
    assert fast is not None
    assert fast.db == "e.json"
    assert fast.judge == "Kana Mori"
    assert fast.command is None
    assert _station_args(None) is not None
    monkeypatch.setattr("sys.argv", ["judgetui", "players", "--db", "e.json"])
    assert _station_args(None) is None
