"""The player report (`judgetui report player`): the timeline in order, the judges and
times in UTC and local time, the rules cited, empty statement sections, the full head hash,
in English and in Japanese."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from judgetui import cli, i18n, report_texts
from judgetui.report_file import ReportRefused, check_report_target, save_report
from judgetui.service import RecordRequest, Station
from tests.helpers.event import FLOOR, HEAD, record


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def history(station: Station) -> Station:
    """P2: a floor judge's request upgraded, a single warning voided, a decision."""
    station.record(
        FLOOR,
        RecordRequest(
            players=["P2"],
            infraction="game_rules_violation",
            intentional=True,
            disruptive=False,
            note="looked at\nthe top card",
        ),
    )
    [first] = [r for r in station.load().records.values() if r.player == "P2"]
    station.review(HEAD, first.id, "upgrade", "double_warning", note="asked both players")
    record(station, HEAD, "P2", "slow_play", True, False)
    state = station.load()
    last = [r for r in state.history("P2") if r.infraction == "slow_play"][-1]
    station.void(HEAD, last.id, "wrong player")
    return station


def test_the_timeline_is_in_order_with_judges_and_the_head(
    history: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, err = run(capsys, "report", "player", "P2", "--db", db_path)
    assert code == 0, err
    state = history.load()
    assert state.head in out and len(state.head) == 64
    recorded = out.index(f"Recorded by {FLOOR} (floor judge)")
    reviewed = out.index(f"Reviewed by {HEAD}: upgraded it to Double Warning")
    voided = out.index(f"Voided by {HEAD}")
    assert recorded < reviewed < voided
    assert "asked both players" in out and "wrong player" in out
    assert "     looked at\n     the top card" in out  # a note's lines stay indented
    assert "Rules cited:" in out and "[seed" in out
    for section in (
        "## Statement of the player",
        "## Statement of the opponent",
        "## Statements of witnesses",
        "## Findings of the head judge",
        "## Reasoning of the head judge",
    ):
        assert section in out
    assert "P2 Ann Lee" in out and "Test Open" in out
    numbers = [line.split(".")[0] for line in out.splitlines() if re.match(r"\d+\. ", line)]
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)]
    assert "\x1b" not in out


def test_times_are_utc_and_local(
    history: Station,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    db_path: Path,
) -> None:
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        code, out, _err = run(capsys, "report", "player", "P2", "--db", db_path)
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()
    assert code == 0
    assert "2026-11-28 14:3" in out and "UTC (2026-11-28 23:3" in out and "JST)" in out


def test_in_japanese(history: Station, capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    code, out, _err = run(capsys, "report", "player", "P2", "--db", db_path, "--lang", "ja")
    assert code == 0
    state = history.load()
    assert "調査報告書（下書き）" in out
    assert "プレイヤーの陳述" in out and "ヘッドジャッジの判断理由" in out
    assert state.head in out
    assert out.index("記録") < out.index("審査") < out.index("無効")
    assert "Recorded by" not in out


def test_json_carries_the_text_and_the_head(
    history: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, out, _err = run(capsys, "report", "player", "P2", "--db", db_path, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["head"] == history.load().head
    assert data["text"].startswith("# Investigation report (draft)")


def test_unknown_player_exit_2(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    code, _out, err = run(capsys, "report", "player", "NOBODY", "--db", db_path)
    assert code == 2 and err.startswith("judgetui: ")


def test_a_decision_is_in_the_timeline(station: Station) -> None:
    for _ in range(3):
        record(station, HEAD, "P5", "slow_play", True, False)
    state = station.load()
    owed = state.decision_owed("P5")
    assert owed is not None
    station.decide(HEAD, "P5", owed.default, note="third time")
    with i18n.using("en"):
        out = report_texts.player_report(station.load(), "P5")
    assert f"Decided by {HEAD}" in out and "third time" in out
    assert out.index("Recorded by") < out.index("Decided by")


# -- saving the report from the station: only inside the judge's reports folder -----------


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """The judge's reports folder (made) and home."""
    home = tmp_path / "home"
    reports = home / "judgetui-reports"
    reports.mkdir(parents=True)
    return reports, home


def test_saves_inside_the_folder_atomically_and_asks_before_replacing(
    station: Station, folders: tuple[Path, Path]
) -> None:
    reports, home = folders
    path = save_report("p2.md", "text\n", station.file, home=home)
    assert path == reports / "p2.md" and path.read_text() == "text\n"
    assert check_report_target("p2.md", station.file, home=home).exists
    with pytest.raises(ReportRefused):
        save_report("p2.md", "other\n", station.file, home=home)
    assert path.read_text() == "text\n"
    save_report("p2.md", "other\n", station.file, overwrite=True, home=home)
    assert path.read_text() == "other\n"
    (reports / "reports").mkdir()
    assert save_report(str(reports / "reports" / "a.md"), "x", station.file, home=home)


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "../escape.md",
        "sub/../../escape.md",
        "/etc/passwd",
        "/tmp/x.md",
        "a\x1bb.md",
        "missing/x.md",
    ],
)
def test_refused_names(station: Station, folders: tuple[Path, Path], name: str) -> None:
    _reports, home = folders
    with pytest.raises(ReportRefused):
        check_report_target(name, station.file, home=home)


def test_refuses_the_event_file_its_lock_links_and_folders(
    station: Station, folders: tuple[Path, Path], db_path: Path
) -> None:
    reports, home = folders
    event = station.file
    before = db_path.read_bytes()
    for name in (str(db_path), str(event.lock_path)):
        with pytest.raises(ReportRefused):  # outside the folders, and the event file
            check_report_target(name, event, home=home)
    os.link(db_path, reports / "event.md")  # the event file under another name
    with pytest.raises(ReportRefused):
        check_report_target("event.md", event, home=home)
    (reports / "copy.json").write_bytes(before)  # an event file under another name
    with pytest.raises(ReportRefused):
        check_report_target("copy.json", event, home=home)
    (reports / "link.md").symlink_to(reports / "target.md")
    with pytest.raises(ReportRefused):
        check_report_target("link.md", event, home=home)
    (reports / "linked").symlink_to(home)
    with pytest.raises(ReportRefused):
        check_report_target("linked/x.md", event, home=home)
    (reports / "folder").mkdir()
    with pytest.raises(ReportRefused):
        check_report_target("folder", event, home=home)
    assert db_path.read_bytes() == before


@pytest.mark.parametrize(
    "name",
    [
        "~/.ssh/authorized_keys",
        "~/.config/judgetui/config.toml",
        "~/.profile",
        "~/notes.md",
        "{home}/.ssh/authorized_keys",
        "{home}/.config/judgetui/config.toml",
        "{home}/judgetui-reports/../.bashrc",
        "{home}/judgetui-reports",
        ".bashrc",
        ".hidden/x.md",
        "sub/.x.md",
        "./.x.md",
    ],
)
def test_a_report_is_never_saved_over_a_dotfile_or_outside_the_reports_folder(
    station: Station,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
) -> None:
    """A judge over ssh has no shell: a report named after the file that lets them log
    in, or the settings the station reads, would lock them out (issue 26)."""
    home = tmp_path / "home"
    for dotfile in (".ssh/authorized_keys", ".config/judgetui/config.toml", ".profile"):
        (home / dotfile).parent.mkdir(parents=True, exist_ok=True)
        (home / dotfile).write_text("mine\n")
    (home / "judgetui-reports" / "sub").mkdir(parents=True)
    (home / "judgetui-reports" / ".hidden").mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(home)
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    with pytest.raises(ReportRefused):
        check_report_target(name.format(home=home), station.file)
    with pytest.raises(ReportRefused):
        save_report(name.format(home=home), "a report\n", station.file, overwrite=True)
    assert {p: p.read_bytes() for p in home.rglob("*") if p.is_file()} == before


def test_the_reports_folder_is_made_private_and_never_followed_as_a_link(
    station: Station, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    path = save_report("report-P2.md", "a report\n", station.file)
    assert path == home / "judgetui-reports" / "report-P2.md"
    assert (home / "judgetui-reports").stat().st_mode & 0o777 == 0o700
    assert path.read_text() == "a report\n"
    other = tmp_path / "other"
    other.mkdir()
    monkeypatch.setenv("HOME", str(other))
    (other / "judgetui-reports").symlink_to(home / ".ssh")
    with pytest.raises(ReportRefused, match="symbolic link"):
        save_report("authorized_keys", "a report\n", station.file)
    assert list((home / ".ssh").iterdir()) == []


def test_context_and_witness_notes_are_in_the_timeline(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    base = [
        "record",
        "--db",
        db_path,
        "--player",
        "P2",
        "--infraction",
        "slow_play",
        "--intentional",
        "yes",
        "--disruptive",
        "no",
    ]
    code, out, err = run(
        capsys,
        *base,
        "--judge",
        FLOOR,
        "--table",
        "12",
        "--game",
        "1",
        "--opponent",
        "P4",
        "--json",
    )
    assert code == 0, err
    first = json.loads(out)["records"][0]["id"]
    code, _out, err = run(
        capsys,
        *base,
        "--judge",
        HEAD,
        "--same-as",
        first,
        "--note",
        "saw it too",
    )
    assert code == 0, err
    code, out, _err = run(capsys, "report", "player", "P2", "--db", db_path)
    assert "table 12, game 1, opponent P4 Lucas Silva" in out
    assert (
        out.index("Recorded by") < out.index(f"Witness note by {HEAD}") < out.index("## Statement")
    )
    assert "saw it too" in out
