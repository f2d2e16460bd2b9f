"""`judgetui players import FILE.csv`: a header row with `id` and `name` at least; all or
nothing — one bad row names its line and nothing at all is imported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.identity import Caller
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.cli import UNBOUND_WARNING

HEAD = "Kana Mori"
FLOOR = "Alex Reed"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """An event with no players yet."""
    path = tmp_path / "event.json"
    Station(EventFile(path), load_rules(), caller=Caller("tester", None)).create_event(
        "Import Open", HEAD, [FLOOR]
    )
    return path


def write(tmp_path: Path, content: str | bytes, name: str = "players.csv") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8", newline="")
    else:
        path.write_bytes(content)
    return path


def do_import(capsys: pytest.CaptureFixture[str], db: Path, csv: Path) -> tuple[int, str, str]:
    return run(capsys, "players", "import", csv, "--db", db, "--judge", HEAD)


def roster(db: Path) -> dict[str, str]:
    state = Station(EventFile(db), load_rules(), caller=Caller("tester", None)).load()
    return {p.id: p.name for p in state.players.values()}


def refused_import(capsys: pytest.CaptureFixture[str], db: Path, csv: Path) -> str:
    before = db.read_bytes()
    code, out, err = do_import(capsys, db, csv)
    assert code == 2, (code, out, err)
    assert "Traceback" not in err + out
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(csv) in lines[0]
    assert db.read_bytes() == before
    assert roster(db) == {}
    return lines[0]


# --------------------------------------------------------------------------- good files


def test_import_with_extra_columns_bom_and_japanese_names(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    csv = write(
        tmp_path,
        "\ufeffTable, ID ,Name,Country\r\n"
        "1,P1,Taro Yamada,JP\r\n"
        "2,P2,山田 花子,JP\r\n"
        '3,P3,"Rossi, Emma",IT\r\n'
        "\r\n"
        "4,P4,Ｍｉｏ　田中,JP\r\n",
    )
    code, out, err = do_import(capsys, db, csv)
    assert (code, err) == (0, UNBOUND_WARNING)
    assert "4 players imported" in out
    assert roster(db) == {
        "P1": "Taro Yamada",
        "P2": "山田 花子",
        "P3": "Rossi, Emma",
        "P4": "Ｍｉｏ　田中",
    }
    code, out, _ = run(capsys, "player", "P2", "--db", db, "--json")
    assert code == 0
    assert json.loads(out)["name"] == "山田 花子"


def test_import_again_renames_and_adds(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    assert do_import(capsys, db, write(tmp_path, "id,name\nP1,Taro\n", "a.csv"))[0] == 0
    assert (
        do_import(capsys, db, write(tmp_path, "name,id\nTaro Yamada,P1\nAnn,P2\n", "b.csv"))[0] == 0
    )
    assert roster(db) == {"P1": "Taro Yamada", "P2": "Ann"}


# --------------------------------------------------------------------------- bad rows


@pytest.mark.parametrize(
    ("content", "line", "why"),
    [
        ("id,name\nP1,Taro\nP2\nP3,Mio\n", 3, "1 fields, the header has 2"),
        ("id,name\nP1,Taro\nP2,Ann,extra\n", 3, "3 fields, the header has 2"),
        ("id,name\nP1,Taro\nP2,\n", 3, "name"),
        ("id,name\nP1,Taro\nP 2,Ann\n", 3, "id"),
        ("id,name\nP1,Taro\n!!,Ann\n", 3, "id"),
        ("id,name\nP1,Taro\nP2,Ann\n\nP1,Mio\n", 5, "'P1' already on line 2"),
        ("id,name\nP1,Taro\n" + "P2," + "x" * 81 + "\n", 3, "name"),
    ],
    ids=["missing-field", "extra-field", "empty-name", "space-in-id", "bad-id",
         "duplicate-id", "name-too-long"],
)  # fmt: skip
def test_a_bad_row_names_its_line_and_imports_nothing(
    capsys: pytest.CaptureFixture[str],
    db: Path,
    tmp_path: Path,
    content: str,
    line: int,
    why: str,
) -> None:
    message = refused_import(capsys, db, write(tmp_path, content))
    assert f"line {line}:" in message
    assert why in message


def test_a_bad_row_late_in_a_long_file_imports_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    rows = "".join(f"P{i},Player {i}\n" for i in range(1, 200))
    message = refused_import(capsys, db, write(tmp_path, "id,name\n" + rows + "P200\n"))
    assert "line 201:" in message


def test_empty_file(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    assert "empty" in refused_import(capsys, db, write(tmp_path, ""))


def test_header_only(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    assert "no players" in refused_import(capsys, db, write(tmp_path, "id,name\n"))


@pytest.mark.parametrize("header", ["player,full name", "id,player", "name", "P1,Taro"])
def test_header_without_the_id_and_name_columns(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path, header: str
) -> None:
    message = refused_import(capsys, db, write(tmp_path, f"{header}\nP1,Taro\n"))
    assert "line 1:" in message
    assert "id and name" in message


def test_not_utf8(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    # Shift_JIS is read now (tests/unit/test_roster.py); bytes that are no encoding are not
    csv = write(tmp_path, b"id,name\nP1,\x85\x20\n")
    assert "not UTF-8 text" in refused_import(capsys, db, csv)


def test_missing_csv(capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path) -> None:
    assert "cannot read" in refused_import(capsys, db, tmp_path / "nowhere.csv")


def test_floor_judge_may_not_import(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    before = db.read_bytes()
    code, _, err = run(
        capsys, "players", "import", write(tmp_path, "id,name\nP1,Taro\n"), "--db", db,
        "--judge", FLOOR,
    )  # fmt: skip
    assert code == 3
    assert "not permitted" in err
    assert db.read_bytes() == before
