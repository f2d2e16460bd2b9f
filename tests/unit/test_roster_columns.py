"""`players import --id-column NAME --name-column NAME` (and ``--reading-column``,
``--dci-column``, ``--table-column``): rosters whose headers say otherwise, a Melee
standings export and an EventLink player list among them, driven as CLI.md writes it."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.identity import Caller
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.cli import refused, run
from tests.helpers.event import HEAD
from tests.helpers.rosters import (
    EVENTLINK,
    EVENTLINK_OPTIONS,
    EVENTLINK_PLAYERS,
    MELEE,
    MELEE_OPTIONS,
    MELEE_PLAYERS,
)

OPTIONS = ("--id-column", "--name-column", "--reading-column", "--dci-column", "--table-column")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "event.json"
    Station(EventFile(path), load_rules(), caller=Caller("tester", None)).create_event(
        "Columns Open", HEAD, ["Alex Reed"]
    )
    return path


def names(db: Path) -> dict[str, str]:
    state = Station(EventFile(db), load_rules(), caller=Caller("tester", None)).load()
    return {p.id: p.name for p in state.players.values()}


def do_import(
    capsys: pytest.CaptureFixture[str], db: Path, roster: Path, *extra: str
) -> tuple[int, str, str]:
    return run(capsys, "players", "import", roster, "--db", db, "--judge", HEAD, *extra)


def refused_import(capsys: pytest.CaptureFixture[str], db: Path, roster: Path, *extra: str) -> str:
    line = refused(capsys, db, 2, "players", "import", roster, "--db", db, "--judge", HEAD, *extra)
    assert names(db) == {}
    return line


def write(tmp_path: Path, text: str, name: str = "players.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", newline="")
    return path


# -- the peers' exports -------------------------------------------------------------------


def test_a_melee_standings_export_imports_with_the_user_id_and_player_columns(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    code, out, err = do_import(capsys, db, MELEE, *MELEE_OPTIONS)
    assert code == 0, err
    assert names(db) == MELEE_PLAYERS
    lines = out.splitlines()
    assert "read melee_standings.csv as UTF-8: 4 players" in lines
    assert "columns: id (User ID), name (Player)" in lines
    ignored = next(line for line in lines if line.startswith("ignored columns: "))
    assert ignored.startswith("ignored columns: User Event Status ID, Rank, Game Name")
    assert "4 players imported" in lines


def test_a_melee_export_without_the_options_says_which_columns_to_name(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    line = refused_import(capsys, db, MELEE)
    assert "line 1: the header needs the columns id and name" in line
    assert 'a Melee standings export: --id-column "User ID" --name-column Player' in line


def test_an_eventlink_list_joins_first_and_last_name_with_a_space(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    code, out, err = do_import(capsys, db, EVENTLINK, *EVENTLINK_OPTIONS)
    assert code == 0, err
    # An empty last name leaves no trailing space: "Lee", not "Lee ".
    assert names(db) == EVENTLINK_PLAYERS
    assert "columns: id (Wizards Account ID), name (First Name + Last Name)" in out.splitlines()
    assert "ignored columns: Display Name, Email, Check-In Status" in out.splitlines()


def test_ids_from_a_named_column_that_are_not_player_ids_are_refused_naming_the_column(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """EventLink's display names carry a ``#`` tag: no player id, so nothing imported."""
    line = refused_import(
        capsys, db, EVENTLINK, "--id-column", "Display Name", "--name-column", "First Name"
    )
    assert "line 2: id (Display Name): a player id is 1–40 letters" in line


def test_ids_with_a_space_from_a_named_column_are_refused(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(tmp_path, "Member No,Player\nA 1,Ken Ito\n")
    line = refused_import(capsys, db, roster, "--id-column", "Member No", "--name-column", "Player")
    assert "line 2: id (Member No): a player id is 1–40 letters" in line


def test_a_re_imported_melee_export_keeps_the_ids_and_lists_the_renames(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    assert do_import(capsys, db, MELEE, *MELEE_OPTIONS)[0] == 0
    again = tmp_path / "standings.csv"
    again.write_text(MELEE.read_text(encoding="utf-8").replace("Mia Kato", "Mia Kato-Ito"))
    code, _out, err = do_import(capsys, db, again, *MELEE_OPTIONS)
    assert code == 0, err
    assert "judgetui: 23017 renamed: Mia Kato → Mia Kato-Ito" in err.splitlines()
    assert names(db) == {**MELEE_PLAYERS, "23017": "Mia Kato-Ito"}


def test_a_cp932_export_imports_with_its_encoding_and_columns(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = tmp_path / "standings.csv"
    roster.write_bytes(
        MELEE.read_text(encoding="utf-8").replace("Rubén Durán", "Ruben Duran").encode("cp932")
    )
    assert "--encoding cp932" in refused_import(capsys, db, roster, *MELEE_OPTIONS)
    code, out, err = do_import(capsys, db, roster, "--encoding", "cp932", *MELEE_OPTIONS)
    assert code == 0, err
    assert "as CP932 (Shift_JIS): 4 players" in out
    assert names(db)["10422"] == "山田 太郎"


# -- how columns are named and matched ------------------------------------------------------


def test_the_column_options_override_the_default_columns(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(tmp_path, "id,name,Member,Full Name\nrow1,Taro,M1,Taro Yamada\n")
    code, out, err = do_import(
        capsys, db, roster, "--id-column", "Member", "--name-column", "Full Name"
    )
    assert code == 0, err
    assert names(db) == {"M1": "Taro Yamada"}
    assert "ignored columns: id, name" in out.splitlines()


def test_column_names_match_after_trimming_spaces_and_a_bom_in_any_case(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(tmp_path, "\ufeff  User ID ,\ufeffPLAYER NAME\n7,Ken Ito\n")
    code, _out, err = do_import(
        capsys, db, roster, "--id-column", "user id", "--name-column", " Player Name\ufeff"
    )
    assert code == 0, err
    assert names(db) == {"7": "Ken Ito"}


def test_a_column_name_is_matched_whole_not_as_a_prefix(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    line = refused_import(capsys, db, MELEE, "--id-column", "User", "--name-column", "Player")
    assert 'no column "User" (--id-column)' in line


def test_a_named_column_not_in_the_header_is_refused_with_the_headers_columns(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    line = refused_import(
        capsys, db, EVENTLINK, "--id-column", "Wizards Account ID", "--name-column", "Name"
    )
    assert str(EVENTLINK) in line
    assert 'line 1: no column "Name" (--name-column); the header has: ' in line
    assert line.endswith(
        "Wizards Account ID, First Name, Last Name, Display Name, Email, Check-In Status"
    )


def test_reading_dci_and_table_come_from_the_columns_named(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(
        tmp_path,
        "Member,Player,Furigana,DCI Number,Seat,reading\n"
        "J1,山田 太郎,やまだ たろう,1234567890,12,wrong\n",
    )
    code, out, err = do_import(
        capsys, db, roster, "--id-column", "Member", "--name-column", "Player",
        "--reading-column", "Furigana", "--dci-column", "DCI Number", "--table-column", "Seat",
    )  # fmt: skip
    assert code == 0, err
    state = Station(EventFile(db), load_rules(), caller=Caller("tester", None)).load()
    player = state.players["J1"]
    assert (player.reading, player.dci, player.table) == ("やまだ たろう", "1234567890", 12)
    assert "ignored columns: reading" in out.splitlines()


def test_a_named_column_twice_in_the_header_is_refused(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(tmp_path, "Member,Player,member\nM1,Ken Ito,M2\n")
    line = refused_import(capsys, db, roster, "--id-column", "Member", "--name-column", "Player")
    assert "line 1: the column Member twice" in line


def test_an_empty_column_name_is_refused_not_matched_to_an_unnamed_column(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    roster = write(tmp_path, "id,name,\nP1,Ken Ito,x\n")
    assert "--id-column names no column" in refused_import(capsys, db, roster, "--id-column", "")


def test_a_hostile_header_is_listed_spelled_out_and_cut_short(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    cells = ["\x1b]0;owned\x07", *(f"c{i}" for i in range(5000))]
    roster = write(tmp_path, ",".join(cells) + "\n" + ",".join("x" * len(cells)) + "\n")
    line = refused_import(capsys, db, roster, "--id-column", "nope")
    assert "\x1b" not in line and "\\x1b]0;owned\\x07" in line
    assert line.endswith("… (4961 more)")
    assert len(line) < 1000


# -- help --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            (
                "column of player ids",
                "column of names",
                "column of name readings",
                "column of Wizards/DCI numbers",
                "column of table or seat numbers",
            ),
        ),
        (
            "ja",
            ("プレイヤー ID の列", "名前の列", "名前の読み", "Wizards/DCI 番号の列", "席番号の列"),
        ),
    ],
)
def test_every_column_option_has_help_in_english_and_japanese(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    capsys.readouterr()
    with pytest.raises(SystemExit) as ended:
        cli.main(["--lang", lang, "players", "import", "--help"])
    assert ended.value.code == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    for option, word in zip(OPTIONS, words, strict=True):
        assert f"{option} NAME" in flat
        assert word in flat, (option, word)


# -- the README's lines ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "options"),
    [("standings.csv", MELEE_OPTIONS), ("players.csv", EVENTLINK_OPTIONS)],
    ids=["melee", "eventlink"],
)
def test_the_readmes_melee_and_eventlink_lines_are_the_words_tried_here(
    file: str, options: tuple[str, ...]
) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    start = f"`judgetui players import {file} --judge "
    lines = [
        line
        for line in map(str.strip, readme.splitlines())
        if line.startswith(start) and line.endswith("`") and line.count("`") == 2
    ]
    words = [shlex.split(line.strip("`")) for line in lines]
    assert [w[w.index("--judge") + 2 :] for w in words] == [list(options)]
