"""One error table (`judgetui.errors`): the command line and the station say the same words."""

from __future__ import annotations

import pytest

from judgetui import errors, i18n
from judgetui.rules import RulesError
from judgetui.service import BadInput, NotPermitted
from judgetui.station.messages import error_text
from judgetui.store import EntryNotStorable, EventFileError, StoreLockTimeout, StoreWriteError


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("error", "line", "code"),
    [
        (BadInput("no player 'p9'"), "no player 'p9'", errors.EXIT_BAD_INPUT),
        (EventFileError("e.json: empty file (0 bytes)"), "e.json: empty file (0 bytes)", 2),
        (NotPermitted("only the head judge"), "not permitted: only the head judge", 3),
        (StoreWriteError("disk full"), "not saved: disk full", errors.EXIT_NOT_SAVED),
        (StoreLockTimeout("locked; nothing was saved"), "not saved: locked; nothing was saved", 4),
        (EntryNotStorable("a NaN"), "not saved: a NaN", errors.EXIT_BAD_INPUT),
        (errors.CliError("bad --round", 3), "bad --round", 3),
        (RulesError("r.toml", ["one"]), "r.toml: one", 2),
    ],
)
def test_each_error_has_one_line_and_the_cli_exit_code(
    error: Exception, line: str, code: int
) -> None:
    found = errors.problem(error)
    assert found is not None
    assert (found.line, found.code) == (line, code)
    # the station: the same words; the table's own words begin with a capital there
    own = line.startswith(("not permitted", "not saved"))
    assert error_text(error) == (line[:1].upper() + line[1:] if own else line)


def test_rules_with_many_problems_are_one_line() -> None:
    found = errors.problem(RulesError("r.toml", ["one", "two", "three"]))
    assert found is not None
    assert found.line == "r.toml: one (and 2 more: see `judgetui check-rules r.toml`)"


def test_a_validation_error_names_its_field() -> None:
    from pydantic import BaseModel, ValidationError

    class Shape(BaseModel):
        round: int

    with pytest.raises(ValidationError) as caught:
        Shape.model_validate({"round": "x"})
    found = errors.problem(caught.value)
    assert found is not None
    assert found.code == errors.EXIT_BAD_INPUT
    assert found.line.startswith("round: ")


def test_an_unexpected_error_is_not_in_the_table() -> None:
    assert errors.problem(ZeroDivisionError("x")) is None
    assert error_text(ZeroDivisionError("x")) == "Something went wrong (ZeroDivisionError): x"


def test_japanese_station_and_cli_agree() -> None:
    i18n.set_language("ja")
    error = NotPermitted("x")
    found = errors.problem(error)
    assert found is not None
    assert found.line == error_text(error) == "許可されていません: x"


def test_the_cli_imports_no_textual() -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "judgetui", "record", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "textual" not in out.stderr
    assert "judgetui.errors" in out.stderr
