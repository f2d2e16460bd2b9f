"""Every door text and files come in by (issue 26 item 9; SECURITY.md promises 6 and 7).

Text is data: a rules file's strings, judge and player names and notes refuse control
characters and invisible format characters (bidi overrides, zero-width characters, the
byte-order mark) with one line, exit 2, the event file unchanged; Japanese text passes.
Every file read is a regular file, read without blocking and bounded in size; a roster is
UTF-8 unless the judge names its encoding, and has at most 10,000 players.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from pathlib import Path

import pytest

from judgetui import roster as roster_module
from judgetui.rules import shipped_rules_text
from judgetui.safe_text import CONTROL
from judgetui.service import Station
from tests.helpers.cli import refused, run
from tests.helpers.event import FLOOR, HEAD

#: Invisible characters that change how a name or a note reads, and one of each class.
FORMAT = {
    "RLO": "\u202e",
    "ZWSP": "\u200b",
    "BOM": "\ufeff",
    "LRI": "\u2066",
    "RLM": "\u200f",
    "ZWJ": "\u200d",
    "SHY": "\u00ad",
    "TAG": "\U000e0041",
    "LSEP": "\u2028",
}
JAPANESE = "山田\u3000太郎（ﾔﾏﾀﾞ）"


def _shown(line: str) -> bool:
    """Whether ``line`` holds none of the characters it refuses."""
    return CONTROL.search(line.strip()) is None


def _evil_rules(tmp_path: Path, old: str, new: str) -> Path:
    text = shipped_rules_text()
    assert old in text
    path = tmp_path / "evil.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# -- text is data ---------------------------------------------------------------------------


def test_the_refused_characters_are_every_control_and_format_character() -> None:
    """The written-out class is Unicode's Cc and Cf (and the two separators), no more."""
    refused_chars = {c for c in range(0x110000) if CONTROL.match(chr(c))}
    expected = {
        c for c in range(0x110000) if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp")
    }
    assert refused_chars == expected


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('en = "Notice"', 'en = "No\\u001b]2;owned\\u0007tice"'),
        ('en = "Notice"', 'en = "Not\\u202eice"'),
        ('ja = "注意"', 'ja = "注\u200b意"'),
        ('abbr = "通"', 'abbr = "通\\ufeff"'),
        ("[penalties.notice]", '[penalties."not\\u202eice"]'),
    ],
    ids=["esc-bel-in-en", "bidi-in-en", "zero-width-in-ja", "bom-in-abbr", "bidi-in-a-key"],
)
def test_a_rules_file_with_control_or_format_characters_is_refused_at_every_door(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, station: Station, old: str, new: str
) -> None:
    path = _evil_rules(tmp_path, old, new)
    code, out, err = run(capsys, "check-rules", path)
    assert code == 2 and "rules OK" not in out, (out, err)
    assert "penalties." in err and all(_shown(line) for line in err.splitlines())
    new_event = tmp_path / "new.json"
    argv = ["event", "init", "--name", "Open", "--head-judge", HEAD, "--rules", path]
    line = refused(capsys, new_event, 2, "--db", new_event, *argv)
    assert _shown(line) and not new_event.exists()
    db = station.file.path
    line = refused(capsys, db, 2, "--db", db, "event", "rules", path, "--judge", HEAD)
    assert "characters" in line and _shown(line)


def test_the_shipped_rules_and_japanese_names_pass_every_door(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "check-rules")
    assert code == 0 and "rules OK" in out, err
    db = tmp_path / "jp.json"
    argv = ["--db", db, "event", "init", "--name", "全国大会　予選", "--head-judge", JAPANESE]
    code, _out, err = run(capsys, *argv)
    assert code == 0, err
    csv = tmp_path / "players.csv"
    csv.write_text(f"id,name,reading\nJ1,{JAPANESE},やまだ　たろう\n", encoding="utf-8")
    code, _out, err = run(capsys, "--db", db, "players", "import", csv, "--judge", JAPANESE)
    assert code == 0, err


@pytest.mark.parametrize("char", FORMAT.values(), ids=FORMAT.keys())
def test_format_characters_are_refused_in_judge_and_player_names_and_notes(
    capsys: pytest.CaptureFixture[str], station: Station, tmp_path: Path, char: str
) -> None:
    db = station.file.path
    code_point = f"U+{ord(char):04X}"
    new_event = tmp_path / "new.json"
    for name, head in ((f"Op{char}en", HEAD), ("Open", f"Ka{char}na")):
        argv = ["--db", new_event, "event", "init", "--name", name, "--head-judge", head]
        assert code_point in refused(capsys, new_event, 2, *argv)
        assert not new_event.exists()
    argv = ["--db", new_event, "event", "init", "--name", "Open", "--head-judge", HEAD]
    argv += ["--floor-judge", f"Al{char}ex"]
    assert code_point in refused(capsys, new_event, 2, *argv)
    line = refused(capsys, db, 2, "--db", db, "event", "judge", f"New{char}Judge", "--judge", HEAD)
    assert code_point in line and _shown(line)
    csv = tmp_path / "players.csv"
    csv.write_text(f"id,name\nP7,Emma Kim\nP8,Emma{char} Kim\n", encoding="utf-8")
    line = refused(capsys, db, 2, "--db", db, "players", "import", csv, "--judge", HEAD)
    assert "line 3" in line and code_point in line
    record = ["--db", db, "record", "--judge", FLOOR, "--player", "P1"]
    record += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    assert code_point in refused(capsys, db, 2, *record, "--note", f"at table{char} 5")


def test_a_note_keeps_its_line_breaks_and_japanese_text(
    capsys: pytest.CaptureFixture[str], station: Station
) -> None:
    db = station.file.path
    record = ["--db", db, "record", "--judge", FLOOR, "--player", "P1"]
    record += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    code, _out, err = run(capsys, *record, "--note", f"卓５　{JAPANESE}\n二行目")
    assert code == 0, err
    assert f"卓５　{JAPANESE}\n二行目" in [r.note for r in station.load().records.values()]


# -- every file read is bounded and never blocks ---------------------------------------------


def _in_time(target: object, *args: object, seconds: float = 20.0) -> object:
    """``target(*args)``'s result, failing (not hanging the suite) if it takes longer."""
    result: list[object] = []
    assert callable(target)
    worker = threading.Thread(target=lambda: result.append(target(*args)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "the command blocked"
    return result[0]


def test_a_fifo_device_or_folder_is_refused_at_once_never_waited_on(
    capsys: pytest.CaptureFixture[str], station: Station, tmp_path: Path
) -> None:
    db = station.file.path
    fifo = tmp_path / "input"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        line = _in_time(refused, capsys, None, 2, "check-rules", path)
        assert isinstance(line, str) and "not a regular file" in line
        argv = ["--db", db, "players", "import", path, "--judge", HEAD]
        line = _in_time(refused, capsys, db, 2, *argv)
        assert isinstance(line, str) and "not a regular file" in line
        new_event = tmp_path / "new.json"
        argv = ["--db", new_event, "event", "init", "--name", "O", "--head-judge", HEAD]
        line = _in_time(refused, capsys, new_event, 2, *argv, "--rules", path)
        assert isinstance(line, str) and "not a regular file" in line


def test_a_rules_file_or_a_roster_over_its_size_is_refused_unread(
    capsys: pytest.CaptureFixture[str], station: Station, tmp_path: Path
) -> None:
    db = station.file.path
    big_rules = tmp_path / "big.toml"
    big_rules.write_text(shipped_rules_text() + "#" * 1_000_000 + "\n", encoding="utf-8")
    assert "larger than" in refused(capsys, None, 2, "check-rules", big_rules)
    big_roster = tmp_path / "big.csv"
    with big_roster.open("w", encoding="utf-8") as handle:
        handle.write("id,name,comment\n")
        handle.write(f"P1,Emma Kim,{'x' * (16 * 1024 * 1024)}\n")
    argv = ["--db", db, "players", "import", big_roster, "--judge", HEAD]
    assert "larger than 16 MiB" in refused(capsys, db, 2, *argv)


def test_a_roster_of_more_than_ten_thousand_players_imports_none(
    capsys: pytest.CaptureFixture[str], station: Station, tmp_path: Path
) -> None:
    db = station.file.path
    csv = tmp_path / "huge.csv"
    rows = "".join(f"X{n},Player {n}\n" for n in range(roster_module.MAX_PLAYERS + 1))
    csv.write_text("id,name\n" + rows, encoding="utf-8")
    line = refused(capsys, db, 2, "--db", db, "players", "import", csv, "--judge", HEAD)
    assert re.search(r"more than 10,000 players", line)
    csv.write_text("id,name\n" + rows.split("\n", 1)[1], encoding="utf-8")  # 10,000: taken
    code, _out, err = run(capsys, "--db", db, "players", "import", csv, "--judge", HEAD)
    assert code == 0, err


def test_a_roster_not_in_utf8_is_refused_unless_its_encoding_is_named(
    capsys: pytest.CaptureFixture[str], station: Station, tmp_path: Path
) -> None:
    """Bytes that are not UTF-8 were read as CP932 and renamed the players already there."""
    db = station.file.path
    csv = tmp_path / "players.csv"
    csv.write_bytes("id,name\nP1,Zoë Müller\n".encode("latin-1"))
    argv = ["--db", db, "players", "import", csv, "--judge", HEAD]
    line = refused(capsys, db, 2, *argv)
    assert "not UTF-8" in line and "--encoding cp932" in line
    csv.write_bytes("id,name\nP1,山田 太郎\n".encode("cp932"))
    refused(capsys, db, 2, *argv)
    code, out, err = run(capsys, *argv, "--encoding", "cp932")
    assert code == 0 and "CP932" in out, err
    assert station.load().players["P1"].name == "山田 太郎"
    csv.write_bytes("\ufeffid,name\nP2,Zoë\n".encode())  # a UTF-8 BOM is UTF-8
    code, _out, err = run(capsys, *argv)
    assert code == 0, err


# -- the demo -------------------------------------------------------------------------------


def test_a_demo_with_more_records_than_its_players_can_take_ends_with_a_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "demo.json"
    argv = ["--db", db, "demo", "--players", "4", "--records", "400", "--no-open"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and "Traceback" not in err, err
    assert "demo event written" in out
    assert "every player was ejected or disqualified" in err


def test_rules_already_in_an_event_are_shown_spelled_out_never_raw(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An event made before the door closed (or by hand) keeps its rules; the command line
    shows their names with each control character spelled out, as it shows a name."""
    from judgetui.models import Player
    from judgetui.rules import rules_source
    from judgetui.store import EventFile

    evil = shipped_rules_text().replace('en = "Notice"', 'en = "No\\u001b]2;owned\\u0007tice"', 1)
    evil = evil.replace('ja = "通告"', 'ja = "通\\u202e告"', 1)
    db = tmp_path / "old.json"
    service = Station(EventFile(db), rules_source(evil).rules)
    service.create_event("Old Open", HEAD, [FLOOR])
    service.import_players(HEAD, [Player(id="P1", name="Emma Kim")])
    record = ["--db", db, "record", "--judge", FLOOR, "--player", "P1"]
    record += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    outputs = []
    for argv in (record, ["--db", db, "history"], ["--db", db, "player", "P1"]):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        outputs.append(out + err)
    code, out, err = run(capsys, "--db", db, "report", "player", "P1", "--judge", HEAD)
    assert code == 0, err
    outputs.append(out + err)
    code, out, err = run(capsys, "--lang", "ja", "--db", db, "player", "P1")
    assert code == 0, err
    outputs.append(out + err)
    for text in outputs:
        assert all(_shown(line) for line in text.splitlines()), text
    assert "No\\x1b]2;owned\\x07tice" in outputs[2]
    assert "通\\u202e告" in outputs[-1]
