"""`judgetui ssh`, in process: what a judge may send as $SSH_ORIGINAL_COMMAND.

SECURITY.md promise 2: a judge reaches nothing but the station and a fixed list of
commands — no shell, no `--db`, no `--rules`, no output files, no `demo`, no `event init`.
Every refused form here exits 2 with one line on stderr, runs nothing, and leaves the
event file (and any file it names) byte-for-byte as it was. tests/system/test_ssh_station.py
shows the same through a real sshd.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judgetui import cli, ssh_entry
from judgetui.service import Station
from tests.helpers.cli import UNBOUND_WARNING, ssh
from tests.helpers.event import FLOOR, HEAD


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in the folder, by name, with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def event(station: Station) -> Path:
    """The administrator's event (unbound, so the test's account may act as any judge),
    with one Notice in the queue, alone in its folder."""
    from judgetui.service import RecordRequest

    station.record(FLOOR, RecordRequest(["P1"], "slow_play", False, True))
    return station.file.path


@pytest.fixture
def other(tmp_path: Path) -> Path:
    """A folder the judge would like judgetui to write into instead."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "mine.json").write_bytes(b'{"meta": {"1": {"schema_version": 1}}, "log": {}}')
    return folder


REFUSED = [
    # a settings file or a diagnostic log of the judge's choosing
    "--config {other}/evil.toml queue",
    "queue --log {other}/written.log",
    "queue --conf={other}/evil.toml",
    # another event file
    "--db {other}/mine.json queue",
    "queue --db {other}/mine.json",
    "queue --db={other}/mine.json",
    "--db={other}/mine.json queue",
    "queue --d {other}/mine.json",
    "queue --d={other}/mine.json",
    "record --db {other}/mine.json --judge '" + HEAD + "' --player P1 --infraction slow_play"
    " --intentional no --disruptive yes",
    # another rules file (one in which floor judges may issue everything)
    "--rules {other}/evil.toml queue",
    "queue --rules {other}/evil.toml",
    "queue --rules={other}/evil.toml",
    "queue --ru {other}/evil.toml",
    "queue --r={other}/evil.toml",
    # an output file
    "export -o {other}/out.json",
    "export -o{other}/out.json",
    "export --output {other}/out.json",
    "export --output={other}/out.json",
    "export --out {other}/out.json",
    "export --outp={other}/out.json",
    "export --format csv -o {other}/out.csv",
    # commands that make or replace files
    "demo",
    "demo --no-open --force",
    "event init --name Mine --head-judge Me",
    "event round 2 --judge '" + HEAD + "'",
    "event finals --judge '" + HEAD + "'",
    "event judge Me --judge '" + HEAD + "'",
    "players import {other}/mine.json --judge '" + HEAD + "'",
    "check-rules {other}/evil.toml",
    "check-rules",
    "ssh",
    # a shell, sftp, scp, or shell syntax
    "sh -c 'touch {other}/pwned'",
    "/bin/sh",
    "internal-sftp",
    "/usr/lib/openssh/sftp-server",
    "scp -t {other}",
    "queue; touch {other}/pwned",
    "queue && touch {other}/pwned",
    "queue | tee {other}/pwned",
    "queue > {other}/pwned",
    "$(touch {other}/pwned)",
    "`touch {other}/pwned`",
    # malformed, or no command at all
    "queue 'unclosed",
    'queue "unclosed',
    "--json",
    "--lang ja",
    "frobnicate",
]


@pytest.mark.parametrize("form", REFUSED)
def test_refused_forms_of_ssh_original_command(
    form: str,
    event: Path,
    other: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (other / "evil.toml").write_text("# floor judges may issue everything\n")
    before, elsewhere = snapshot(event.parent), snapshot(other)
    monkeypatch.chdir(other)  # where a demo or a relative file would land
    code, out, err = ssh(capsys, monkeypatch, event, form.format(other=other))
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(("judgetui: over ssh", "judgetui: ssh 経由")), lines[0]
    assert "Traceback" not in out + err
    assert out == ""
    assert snapshot(event.parent) == before
    assert snapshot(other) == elsewhere


def test_parsed_namespace_alone_refuses_files(
    event: Path,
    other: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The second guard by itself: with the scan of the raw words switched off, what the
    real parser makes of the words still may not name a file."""
    monkeypatch.setattr(ssh_entry, "_refused_token", lambda token: None)
    before = snapshot(other)
    for form in ("queue --d {o}/mine.json", "--rules={o}/x.toml queue", "export --out {o}/x"):
        code, _out, err = ssh(capsys, monkeypatch, event, form.format(o=other))
        assert code == 2, err
        assert "is not allowed" in err
    assert snapshot(other) == before


@pytest.mark.parametrize(
    ("token", "option"),
    [
        ("--db", "--db"),
        ("--d", "--db"),
        ("--db=x", "--db"),
        ("--rules", "--rules"),
        ("--r", "--rules"),
        ("--rul=x", "--rules"),
        ("--o", "--output"),
        ("--out", "--output"),
        ("--output=x", "--output"),
        ("-o", "-o"),
        ("-ox", "-o"),
        ("-o=x", "-o"),
        ("-ho", "-o"),
        ("--config", "--config"),
        ("--conf=x", "--config"),
        ("--log", "--log"),
        ("--lo=x", "--log"),
        ("--lang", None),
        ("--disruptive", None),
        ("--opponent", None),
        ("--judge", None),
        ("--note=--db", None),
        ("--", None),
        ("-1", None),
        ("queue", None),
    ],
)
def test_raw_words_that_argparse_would_take_for_a_file_option(
    token: str, option: str | None
) -> None:
    assert ssh_entry._refused_token(token) == option


def test_without_a_command_the_station_opens_on_the_administrators_file(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Any] = []

    def open_station(args: Any, judge: str | None = None) -> int:
        opened.append((args.db, args.rules, judge))
        return 0

    monkeypatch.setattr(cli, "_open_station", open_station)
    for command in (None, "", "   "):
        assert ssh(capsys, monkeypatch, event, command)[0] == 0
    assert opened == [(str(event), None, None)] * 3


def test_allowed_commands_run_on_the_administrators_file(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = ssh(capsys, monkeypatch, event, "queue --json")
    assert (code, err) == (0, "")
    (item,) = json.loads(out)
    assert (item["kind"], item["player"]) == ("notice", "P1")

    recorded = (
        f"record --judge '{FLOOR}' --player P2 --infraction slow_play "
        "--intentional no --disruptive yes --note 'said \"-o\" twice' --json"
    )
    code, out, err = ssh(capsys, monkeypatch, event, recorded)
    assert (code, err) == (0, UNBOUND_WARNING)
    assert json.loads(out)["records"][0]["player"] == "P2"

    for command in ("player P2 --json", "verify --json", "event show --json", "export"):
        code, out, err = ssh(capsys, monkeypatch, event, command)
        assert (code, err) == (0, ""), command
        json.loads(out)
    code, out, err = ssh(capsys, monkeypatch, event, "export --format csv")
    assert (code, err) == (0, "")
    assert out.startswith("row,id,")
    code, out, err = ssh(capsys, monkeypatch, event, "classify --intentional no --disruptive yes")
    assert (code, err) == (0, "")


def test_the_judges_acts_are_still_checked(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over ssh the service decides as ever: a floor judge may not review."""
    item = json.loads(ssh(capsys, monkeypatch, event, "queue --json")[1])[0]["id"]
    before = event.read_bytes()
    code, _out, err = ssh(capsys, monkeypatch, event, f"review {item} dismiss --judge '{FLOOR}'")
    assert code == 3, err
    assert event.read_bytes() == before


def test_languages_the_administrators_and_the_judges(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = ssh(capsys, monkeypatch, event, "verify", "--lang", "ja")
    assert code == 0
    assert "log intact" not in out and out.strip()
    code, out, _ = ssh(capsys, monkeypatch, event, "verify --lang en", "--lang", "ja")
    assert code == 0
    assert out.startswith("log intact")
    code, _out, err = ssh(capsys, monkeypatch, event, "demo", "--lang", "ja")
    assert code == 2
    assert err.startswith("judgetui: ")


def test_ssh_needs_the_administrators_db(
    event: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No `--db` in the ForceCommand: refused, even when $JUDGETUI_DB names a file (the
    environment is the client's to shape, via AcceptEnv or ~/.ssh/environment)."""
    monkeypatch.setenv("JUDGETUI_DB", str(event))
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "queue")
    before = event.read_bytes()
    capsys.readouterr()
    assert cli.main(["ssh"]) == 2
    _out, err = capsys.readouterr()
    assert "--db EVENT ssh" in err
    assert len(err.strip().splitlines()) == 1
    assert event.read_bytes() == before


def test_the_list_is_the_contracts() -> None:
    """CLI.md's list for `judgetui ssh`, and nothing that writes files other than the
    event's own log."""
    allowed, allowed_event = set(ssh_entry.ALLOWED), set(ssh_entry.ALLOWED_EVENT)
    assert allowed == {
        "queue", "player", "history", "classify", "record", "review", "decide", "void",
        "correct", "investigation", "note", "report", "rules", "export", "verify", "event",
    }  # fmt: skip
    assert allowed_event == {"show"}
    parser = ssh_entry.restricted_parser(cli.build_parser)
    offered = set(ssh_entry._subcommands(parser).choices)
    assert offered <= ssh_entry.ALLOWED
    assert {"demo", "check-rules", "players", "ssh"}.isdisjoint(offered)
