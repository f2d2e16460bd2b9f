"""The diagnostic log's lines for what an administrator asks about (issue 28, item 5):
every refusal and every write onto a broken chain, each with the reason's key — a stable
word at the end of the line — and never a judge's or player's name, a player id or a
note's text."""

from __future__ import annotations

import ast
import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from textual.widgets import Input

import judgetui
from judgetui import diagnostics, errors
from judgetui.cli import main
from judgetui.rules import Rules
from judgetui.service import NotPermitted, RecordRequest, Station
from judgetui.station.screens.event import EventScreen
from judgetui.store.follow import LogReader
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, open_screen, refuse_on, service_on, settle

PACKAGE = Path(judgetui.__file__).parent
REFUSALS = ("BadInput", "NotPermitted", "CliError")
SECRET = "the note nobody else may read"
PRIVATE = (SECRET, FLOOR, HEAD, "Nobody Known", "Taro Yamada", "Ann Lee", "山田", "P1", "P3")
"""What no line of the log may hold: the judges, the players (names and ids), the note."""


@pytest.fixture(autouse=True)
def _fresh_log() -> Iterator[None]:
    diagnostics.reset()
    yield
    diagnostics.reset()


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    path = tmp_path / "logs" / "judgetui.log"
    diagnostics.configure(path)
    return path


def log_lines(path: Path) -> list[str]:
    diagnostics.reset()  # flushed and closed
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def assert_private(lines: list[str]) -> None:
    for line in lines:
        for private in PRIVATE:
            assert private not in line, (private, line)


def break_entry_3(db: Path, *, as_the_store_lays_it_out: bool = False) -> None:
    """A hand edit that breaks the chain at entry 3 (a record's penalty made lighter),
    written back as a tool lays it out, or as compact as the store does (then the last
    entry's digest is what no longer vouches for the bytes before it)."""
    document = json.loads(db.read_bytes())
    document["log"]["3"]["data"]["records"][0]["penalty"] = "notice"
    if as_the_store_lays_it_out:
        db.write_bytes(orjson.dumps(document))
    else:
        db.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


# -- every refusal names its key --------------------------------------------------------


def test_every_refusal_raised_names_its_reason_key() -> None:
    """Each ``BadInput``, ``NotPermitted`` and ``CliError`` judgetui raises gives ``key=``, a
    word written in the code (or the engine's own closed set of reasons), never one made
    from what a judge typed."""
    missing: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id not in REFUSALS:
                continue
            where = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
            key = next((k.value for k in node.keywords if k.arg == "key"), None)
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                if not errors.KEY.fullmatch(key.value):
                    missing.append(f"{where}: {key.value!r} is no key")
            elif not (isinstance(key, ast.Attribute) and key.attr == "reason"):
                missing.append(f"{where}: {node.func.id} without a key")
    assert missing == []


RECORD_REFUSALS = {
    "not_permitted:head_only": (3, ["--judge", FLOOR, "--player", "P3",
                                    "--infraction", "cheating"]),
    "below_minimum": (2, ["--judge", HEAD, "--player", "P1", "--infraction", "slow_play",
                          "--penalty", "caution"]),
    "unknown_player": (2, ["--judge", HEAD, "--player", "P404", "--infraction", "slow_play"]),
    "unknown_judge": (2, ["--judge", "Nobody Known", "--player", "P1",
                          "--infraction", "slow_play"]),
}  # fmt: skip


@pytest.mark.parametrize("key", list(RECORD_REFUSALS))
def test_a_refused_record_logs_one_line_with_its_key_and_no_name_or_note(
    station: Station,
    db_path: Path,
    log_path: Path,
    capsys: pytest.CaptureFixture[str],
    key: str,
) -> None:
    code, argv = RECORD_REFUSALS[key]
    before = db_path.read_bytes()
    answers = ["--intentional", "yes", "--disruptive", "yes", "--note", SECRET]
    common = ["--db", str(db_path), "--log", str(log_path), "--lang", "en"]
    assert main([*common, "record", *argv, *answers]) == code
    capsys.readouterr()
    assert db_path.read_bytes() == before
    lines = log_lines(log_path)
    assert len(lines) == 1, lines
    said = re.escape(f" key={key}")
    assert re.search(rf" WARNING refused: record: (BadInput|NotPermitted){said}$", lines[0])
    assert_private(lines)


def test_a_refusal_of_the_command_lines_own_is_logged_with_its_key(
    station: Station, db_path: Path, log_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["--db", str(db_path), "--log", str(log_path), "--lang", "en"]
    assert main([*common, "player", "P404"]) == 2
    assert "unknown player 'P404'" in capsys.readouterr().err  # the judge is told the id
    lines = log_lines(log_path)
    assert [line.split(" ", 2)[2] for line in lines] == [
        "WARNING refused: player: CliError key=unknown_player"
    ]


def test_the_stations_refusal_is_logged_with_its_key(
    station: Station, db_path: Path, rules: Rules, log_path: Path
) -> None:
    with pytest.raises(NotPermitted) as refused:
        station.set_round(FLOOR, 2)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await refuse_on(app, refused.value)
            await pilot.pause()

    asyncio.run(go())
    lines = [line for line in log_lines(log_path) if "refused" in line]
    assert len(lines) == 1
    assert lines[0].endswith(" WARNING station refused: NotPermitted key=not_permitted:head_only")
    assert_private(lines)


# -- every write onto a broken chain -----------------------------------------------------

BROKEN_LINE = re.compile(
    r" WARNING write onto a broken chain: (?P<file>\S+): entries (?P<first>\d+)-(?P<last>\d+)"
    r" written, the chain broken at entry 3 key=broken_chain$"
)


def broken_chain_lines(path: Path) -> list[re.Match[str]]:
    lines = log_lines(path)
    assert_private(lines)
    found = [BROKEN_LINE.search(line) for line in lines if "broken chain" in line]
    assert None not in found, lines
    return [m for m in found if m is not None]


def test_a_write_onto_a_broken_chain_from_the_command_line_logs_one_line(
    station: Station, db_path: Path, log_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    station.record(HEAD, RecordRequest(["P1"], "slow_play", True, False))
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    break_entry_3(db_path)
    count = len(json.loads(db_path.read_bytes())["log"])
    argv = ["--db", str(db_path), "--log", str(log_path), "--lang", "en", "record"]
    argv += ["--judge", HEAD, "--player", "P3", "--infraction", "slow_play"]
    assert main([*argv, "--intentional", "yes", "--disruptive", "no", "--note", SECRET]) == 0
    assert "broken at entry 3" in capsys.readouterr().err  # the judge is told too
    found = broken_chain_lines(log_path)
    assert len(found) == 1
    assert found[0]["file"] == str(db_path)
    assert int(found[0]["first"]) == int(found[0]["last"]) == count + 1


def _record_p3(station: Station) -> None:
    station.record(HEAD, RecordRequest(["P3"], "slow_play", True, False, note=SECRET))


@pytest.mark.parametrize(
    "when",
    ["checked broken", "broken since checked", "edited in place since checked", "not yet checked"],
)
def test_a_write_onto_a_broken_chain_from_the_station_logs_one_line(
    station: Station, db_path: Path, rules: Rules, log_path: Path, when: str
) -> None:
    """A station's service, following the file as a station does (its reader holds what
    it read), with no listener on the store's warnings: the chain it already found broken,
    one a hand edit broke after it checked it (laid out by a tool, or as the store lays
    it out), and one broken before its first check."""
    station.record(HEAD, RecordRequest(["P1"], "slow_play", True, False))
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    since = when.endswith("since checked")
    if not since:
        break_entry_3(db_path)
    own = service_on(db_path, rules)
    reader = LogReader(own.file)
    own.holder = reader
    reader.load()
    if when != "not yet checked":
        assert reader.verify().ok is since
    if since:
        break_entry_3(db_path, as_the_store_lays_it_out=when.startswith("edited in place"))
    _record_p3(own)
    found = broken_chain_lines(log_path)
    assert len(found) == 1
    assert found[0]["file"] == str(db_path)


def test_a_write_onto_a_broken_chain_through_the_station_app_logs_one_line(
    station: Station, db_path: Path, rules: Rules, log_path: Path
) -> None:
    """The App itself: its banner says the chain is broken, and the judge's next write is
    one line of the log (the station listens to none of the store's warnings)."""
    station.record(HEAD, RecordRequest(["P1"], "slow_play", True, False))
    station.record(FLOOR, RecordRequest(["P2"], "slow_play", False, True))
    break_entry_3(db_path)
    app = make_app(service_on(db_path, rules), HEAD, now=FIXED_NOW)

    async def go() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, lambda: app.session is not None and bool(app.session.log_problem))
            session: Any = app.session
            await asyncio.to_thread(
                session.record, RecordRequest(["P3"], "slow_play", True, False, note=SECRET)
            )
            await settle(pilot)

    asyncio.run(go())
    assert len(broken_chain_lines(log_path)) == 1


def test_a_judge_name_the_station_refuses_is_logged_with_its_key_not_the_name(
    station: Station, log_path: Path
) -> None:
    name = "Sato Yuki " + "x" * 60  # over 60 characters: the model refuses it
    app = make_app(station)

    async def go() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await open_screen(pilot, EventScreen())
            await pilot.press("a")
            app.screen.query_one("#event-judge", Input).value = name
            await pilot.press("enter")
            await settle(pilot)

    asyncio.run(go())
    lines = [line for line in log_lines(log_path) if "refused" in line]
    assert len(lines) == 1
    assert lines[0].endswith(" WARNING station refused: add judge: BadInput key=bad_judge")
    assert "Sato" not in lines[0]
