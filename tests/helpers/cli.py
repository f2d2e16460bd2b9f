"""Running the command line in process, as the CLI tests do: `run` (exit code, stdout,
stderr), `run_json`, `refused` (one line, no traceback, the file unchanged), `rec` (the
words of a ``record`` command) and `unwrapped` (a report's items one a line again);
`UNBOUND_WARNING`, the line every write to an event not bound to OS accounts prints on
stderr, and `without_unbound_warning`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli

UNBOUND_WARNING = (
    "judgetui: warning: this event is not bound to OS accounts: anyone at this machine can "
    "act as any judge\n"
)


def without_unbound_warning(err: str) -> str:
    """``err`` of a write to an unbound event, without its one `UNBOUND_WARNING` line."""
    assert err.count(UNBOUND_WARNING) == 1, err
    return err.replace(UNBOUND_WARNING, "")


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def unwrapped(out: str, width: int = 78) -> list[str]:
    """The lines of a report or a CLI list with each item's wrapped lines joined back onto
    it, so that a test can find an item and what it says on one line. A line continues the
    one before when it is indented deeper than the item and its first word would not have
    fit on that line (`judgetui.report_texts.wrap` fills a line greedily)."""
    from judgetui.text import cell_width

    lines: list[str] = []
    depth = 0
    last = ""
    for line in out.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        words = line.split()
        if (
            lines
            and words
            and last.strip()
            and indent > depth
            and cell_width(last) + 1 + cell_width(words[0]) > width
        ):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line)
            depth = indent
        last = line
    return lines


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def refused(capsys: pytest.CaptureFixture[str], db: Path | None, code: int, *argv: object) -> str:
    """Run a command that must fail with ``code``: one line on stderr, no traceback, and
    the event file (when given) byte-for-byte as it was."""
    before = db.read_bytes() if db is not None and db.exists() else None
    got, out, err = run(capsys, *argv)
    assert got == code, (got, out, err)
    assert "Traceback" not in err + out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("judgetui: ")
    if db is not None:
        assert (db.read_bytes() if db.exists() else None) == before
    return lines[0]


def rec(
    db: Path,
    judge: str,
    player: str | list[str],
    infraction: str = "slow_play",
    intentional: str = "no",
    disruptive: str = "yes",
    *extra: object,
) -> list[object]:
    players = [player] if isinstance(player, str) else player
    argv: list[object] = ["record", "--db", db, "--judge", judge]
    for p in players:
        argv += ["--player", p]
    argv += ["--infraction", infraction, "--intentional", intentional, "--disruptive", disruptive]
    return [*argv, *extra]


def ssh(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    db: Path,
    command: str | None,
    *admin: str,
) -> tuple[int, str, str]:
    """`ForceCommand judgetui --db DB [admin options] ssh` with the client's command (None:
    no ``SSH_ORIGINAL_COMMAND``, the station): exit code, stdout, stderr."""
    if command is None:
        monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    else:
        monkeypatch.setenv("SSH_ORIGINAL_COMMAND", command)
    capsys.readouterr()
    code = cli.main(["--db", str(db), *admin, "ssh"])
    out, err = capsys.readouterr()
    return code, out, err
