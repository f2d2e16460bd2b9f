"""The player report (`judgetui report player`): the timeline in order, the judges and
times in UTC and local time, the rules cited, empty statement sections, the full head hash,
in English and in Japanese."""

from __future__ import annotations

import json
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
    numbers = [line.split(".")[0] for line in out.splitlines() if line[:1].isdigit()]
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


# -- saving the report from the station: only inside the judge's own folder ----------------


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    cwd = tmp_path / "work"
    home = tmp_path / "home"
    cwd.mkdir()
    home.mkdir()
    return cwd, home


def test_saves_inside_the_folder_atomically_and_asks_before_replacing(
    station: Station, folders: tuple[Path, Path]
) -> None:
    cwd, home = folders
    path = save_report("p2.md", "text\n", station.file, cwd=cwd, home=home)
    assert path == cwd / "p2.md" and path.read_text() == "text\n"
    assert check_report_target("p2.md", station.file, cwd=cwd, home=home).exists
    with pytest.raises(ReportRefused):
        save_report("p2.md", "other\n", station.file, cwd=cwd, home=home)
    assert path.read_text() == "text\n"
    save_report("p2.md", "other\n", station.file, overwrite=True, cwd=cwd, home=home)
    assert path.read_text() == "other\n"
    (home / "reports").mkdir()
    assert save_report(str(home / "reports" / "a.md"), "x", station.file, cwd=cwd, home=home)


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
    cwd, home = folders
    with pytest.raises(ReportRefused):
        check_report_target(name, station.file, cwd=cwd, home=home)


def test_refuses_the_event_file_its_lock_links_and_folders(
    station: Station, folders: tuple[Path, Path], db_path: Path
) -> None:
    cwd, home = folders
    event = station.file
    before = db_path.read_bytes()
    for name in (str(db_path), str(event.lock_path)):
        with pytest.raises(ReportRefused):  # outside the folders, and the event file
            check_report_target(name, event, cwd=db_path.parent, home=home)
    with pytest.raises(ReportRefused):
        check_report_target(db_path.name, event, cwd=db_path.parent, home=home)
    (cwd / "copy.json").write_bytes(before)  # an event file under another name
    with pytest.raises(ReportRefused):
        check_report_target("copy.json", event, cwd=cwd, home=home)
    (cwd / "link.md").symlink_to(cwd / "target.md")
    with pytest.raises(ReportRefused):
        check_report_target("link.md", event, cwd=cwd, home=home)
    (cwd / "linked").symlink_to(home)
    with pytest.raises(ReportRefused):
        check_report_target("linked/x.md", event, cwd=cwd, home=home)
    (cwd / "folder").mkdir()
    with pytest.raises(ReportRefused):
        check_report_target("folder", event, cwd=cwd, home=home)
    assert db_path.read_bytes() == before


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
