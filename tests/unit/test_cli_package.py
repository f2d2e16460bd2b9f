"""The command line as a package (issue 12): small modules, none importing the package's
``__init__`` (that would be an import circle), none reaching Textual at module level
(`lint-imports` follows a command's imports into every module of the package)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.service import BadInput, RecordResult, Station, floor_judge
from tests.helpers.cli import UNBOUND_WARNING, unwrapped
from tests.helpers.event import HEAD, record

PACKAGE = Path(cli.__file__).resolve().parent
MODULES = sorted(PACKAGE.glob("*.py"))


def test_the_cli_is_a_package_of_small_modules() -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in MODULES}
    assert {"__init__.py", "parser.py", "common.py"} <= set(sizes)
    assert {name: n for name, n in sizes.items() if n > 500} == {}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_cli_module_imports_the_station_or_the_package_at_module_level(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
    ]
    assert [m for m in top if m.startswith(("judgetui.station", "textual"))] == []
    if path.name != "__init__.py":
        assert "judgetui.cli" not in top  # the package imports its modules, not back


def test_every_command_is_a_function_of_the_package() -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(cli.COMMANDS) == set(sub.choices or ())
    assert cli.COMMANDS["ssh"] is cli.cmd_ssh


# -- what moved out of the command line (issue 12: "no domain logic") -----------------


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_new_floor_judge_is_the_services_to_check(station: Station) -> None:
    judge = floor_judge("  Sam Hill ", "sam")
    assert (judge.name, judge.role, judge.os_user) == ("Sam Hill", "floor", "sam")
    for name, account in [("", None), ("x" * 61, None), ("New\x1bJudge", None), ("Sam", "x" * 33)]:
        with pytest.raises(BadInput, match=r"^judge (name|os_user): "):
            floor_judge(name, account)


def test_event_judge_refuses_a_bad_name_in_one_line(
    capsys: pytest.CaptureFixture[str], station: Station
) -> None:
    db = station.file.path
    before = db.read_bytes()
    code, out, err = _run(capsys, "event", "judge", "", "--judge", HEAD, "--db", db)
    assert (code, out) == (2, "")
    assert err == "judgetui: judge name: String should have at least 1 character\n"
    assert db.read_bytes() == before
    code, out, err = _run(capsys, "event", "judge", "Sam Hill", "--judge", HEAD, "--db", db)
    assert (code, err, out) == (0, UNBOUND_WARNING, "judge Sam Hill added\n")
    assert station.load().judges["Sam Hill"].role == "floor"


def test_player_shows_each_decisions_standing(
    capsys: pytest.CaptureFixture[str], station: Station
) -> None:
    """`player` words a decision's standing as `history` does (`text.decision_status`):
    decided, then reopened when a record it rested on is voided."""
    ids: list[str] = []
    for infraction in ("slow_play", "mulligan_error", "cards_off_table", "improper_notes"):
        result = record(station, HEAD, "P1", infraction, penalty="single_warning")
        assert isinstance(result, RecordResult)
        assert result.records[0].id is not None
        ids.append(result.records[0].id)
    station.decide(HEAD, "P1", "ejection")
    db = station.file.path

    def decision_line() -> str:
        code, out, err = _run(capsys, "player", "P1", "--db", db)
        assert code == 0, err
        [line] = [line for line in unwrapped(out) if "three-warning decision" in line]
        return " ".join(line.split())

    assert decision_line().startswith(
        "R1 main rounds Ejection decided three-warning decision at 4 points"
    )
    station.void(HEAD, ids[0], "The slow play was the opponent's.")
    assert " reopened three-warning decision at 4 points " in decision_line()
