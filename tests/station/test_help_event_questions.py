"""`record --help` lists the questions of the rules the record would run on: the event's
own, on the command line and over ssh (it listed only the shipped rules' questions, so a
judge could not learn from help an option the event's rules add)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgetui import cli

PHONE = "Did the player use a phone at the table?"


def helped(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    assert done.value.code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    "words",
    [
        ["--db", "{db}", "record", "--help"],
        ["record", "--player", "P1", "-h", "--db", "{db}"],
        ["--db={db}", "record", "--help"],
    ],
)
def test_record_help_lists_the_events_own_question(
    capsys: pytest.CaptureFixture[str], event: Path, words: list[str]
) -> None:
    out = helped(capsys, [w.format(db=event) for w in words])
    assert "--phone" in out and PHONE in out


def test_help_without_the_event_lists_the_shipped_questions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, event: Path
) -> None:
    out = helped(capsys, ["--db", str(tmp_path / "none.json"), "record", "--help"])
    assert "--phone" not in out and "--player" in out


def test_classify_help_lists_the_questions_of_its_rules(
    capsys: pytest.CaptureFixture[str], new_rules: Path
) -> None:
    assert "--phone" in helped(capsys, ["classify", "--rules", str(new_rules), "--help"])
    assert "--phone" not in helped(capsys, ["classify", "--help"])


def test_record_help_over_ssh_lists_the_events_own_question(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, event: Path
) -> None:
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "record --help")
    out = helped(capsys, ["--db", str(event), "ssh"])
    assert "--phone" in out and PHONE in out
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "record --help --db elsewhere.json")
    capsys.readouterr()
    assert cli.main(["--db", str(event), "ssh"]) == 2
    assert "--db is not allowed" in capsys.readouterr().err
