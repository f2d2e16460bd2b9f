"""Reports and the CLI's lists fit 78 terminal cells (issue 28 item 6): ids printed as a
unique prefix of at least 8 characters (`EventState.short_id`), long text wrapped by cells
with a hanging indent (`report_texts.wrap`), the head hash whole on a line of its own; every
command that takes an id takes that prefix back; ``--json`` keeps whole ids."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from judgetui import report_texts
from judgetui.rules import shipped_rules
from judgetui.service import Station
from judgetui.state import EventState
from judgetui.store import EventFile
from judgetui.text import cell_width
from tests.helpers.cli import run, unwrapped
from tests.helpers.event import HEAD, record

UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A realistic event: `judgetui demo` with 64 players and 200 records (8 rounds)."""
    path = tmp_path_factory.mktemp("demo") / "event.json"
    from judgetui import cli

    argv = ["demo", "--no-open", "--db", str(path), "--players", "64", "--records", "200"]
    assert cli.main(argv) == 0
    return path


@pytest.fixture
def demo(demo_file: Path, tmp_path: Path) -> Path:
    """A copy of the demo event a test may write to."""
    path = tmp_path / "event.json"
    shutil.copyfile(demo_file, path)
    return path


def load(path: Path) -> EventState:
    return Station(EventFile(path), shipped_rules()).load()


def commands(state: EventState) -> list[list[str]]:
    """Every report and list a judge reads, on the players with the longest histories."""
    busiest = sorted(state.players, key=lambda p: -len(state.history(p)))[:4]
    rounds = [["report", "round", str(n)] for n in range(1, state.round + 1)]
    players = [c for p in busiest for c in (["report", "player", p], ["player", p])]
    return [*rounds, ["report", "event"], *players, ["history"], ["queue"], ["event", "show"]]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_of_every_report_fits_78_cells(
    demo_file: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    state = load(demo_file)
    wide: list[tuple[str, str]] = []
    for argv in commands(state):
        code, out, err = run(capsys, *argv, "--db", demo_file, "--lang", lang)
        assert code == 0, (argv, err)
        assert out.strip(), argv
        wide += [(" ".join(argv), line) for line in out.splitlines() if cell_width(line) > 78]
    assert wide == []


def test_reports_print_ids_shortened_and_the_head_whole(
    demo_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    state = load(demo_file)
    for argv in commands(state):
        _code, out, _err = run(capsys, *argv, "--db", demo_file)
        assert re.findall(UUID, out) == [], argv
    _code, out, _err = run(capsys, "report", "player", "P0001", "--db", demo_file)
    assert state.head in out.splitlines()  # alone on its line, to be copied
    _code, out, _err = run(capsys, "report", "event", "--db", demo_file)
    assert f"Log head: {state.head}" in out.splitlines()


def test_json_keeps_whole_ids(demo_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = load(demo_file)
    _code, out, _err = run(capsys, "report", "round", "8", "--db", demo_file, "--json")
    items = json.loads(out)["items"]
    assert items and all(i["id"] in state.records or i["id"] in state.decisions for i in items)
    _code, out, _err = run(capsys, "queue", "--db", demo_file, "--json")
    assert {i["id"] for i in json.loads(out) if i["kind"] != "decision"} <= set(state.records)


def test_a_short_id_is_the_shortest_unique_prefix_of_at_least_eight(demo_file: Path) -> None:
    state = load(demo_file)
    ids = [*state.records, *state.decisions]
    for item in ids:
        short = state.short_id(item)
        assert item.startswith(short)
        assert state.find(short) == [item]
        if short != item:
            assert len(short) >= 8
            assert len(short) == 8 or len(state.find(short[:-1])) > 1
    decision = next(iter(state.decisions))
    assert state.short_id(decision) == decision  # decision-36 would read as another one
    assert state.short_id("decide:P0001") == "decide:P0001"  # not an id: whole
    assert sum(len(state.short_id(i)) == 8 for i in state.records) > len(state.records) / 2


def test_a_shared_beginning_makes_the_prefix_longer(station: Station) -> None:
    """The conftest's ids count up (``00000000-…-000000000001``): they share all but their
    last characters, so each prints whole or nearly, never a prefix two of them share."""
    for infraction in ("slow_play", "mulligan_error", "improper_notes"):
        record(station, HEAD, "P1", infraction, penalty="single_warning")
    state = station.load()
    shorts = [state.short_id(i) for i in state.records]
    assert all(state.find(s) == [i] for s, i in zip(shorts, state.records, strict=True))


def _short_of(out: str, item: str) -> str:
    """The id as the report printed it: the prefix of ``item`` in ``out``."""
    for size in range(8, len(item) + 1):
        if item[:size] in out and item[: size + 1] not in out:
            return item[:size]
    raise AssertionError(f"{item} is not in the report")


def test_the_commands_that_take_an_id_take_the_printed_prefix(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = load(demo)
    # report round --enter: a loss of round 8, as the round list prints it
    code, listing, _err = run(capsys, "report", "round", "8", "--db", demo)
    loss = next(i for i in report_texts.round_items(state, 8) if i.source == "record")
    short = _short_of(listing, loss.id)
    assert len(short) < len(loss.id)
    code, _out, err = run(
        capsys, "report", "round", "8", "--enter", short, "--judge", HEAD, "--db", demo
    )
    assert code == 0, err
    assert loss.id in load(demo).entered
    # review: a notice of the queue, as `queue` prints it
    code, queue, _err = run(capsys, "queue", "--db", demo)
    notice = next(i for i in state.queue() if i.kind == "notice")
    code, _out, err = run(
        capsys, "review", _short_of(queue, notice.id), "--judge", HEAD, "confirm", "--db", demo
    )
    assert code == 0, err
    assert load(demo).records[notice.id].reviewed_by == HEAD
    # investigation close: the open one, as the event report prints it
    code, report, _err = run(capsys, "report", "event", "--db", demo)
    [opened] = state.open_investigations()
    code, _out, err = run(
        capsys,
        "investigation",
        "close",
        _short_of(report, opened.id),
        "--finding",
        "cleared",
        "--judge",
        HEAD,
        "--db",
        demo,
    )
    assert code == 0, err
    assert opened.id in load(demo).closed_investigations
    # void: a record of `history`
    code, history, _err = run(capsys, "history", "--db", demo)
    issued = next(r for r in state.records.values() if r.status == "issued" and r.sanction is None)
    code, _out, err = run(
        capsys,
        "void",
        _short_of(history, issued.id),
        "--note",
        "wrong player",
        "--judge",
        HEAD,
        "--db",
        demo,
    )
    assert code == 0, err
    assert load(demo).records[issued.id].status == "voided"
    # report player takes a player id, which it prints whole
    code, out, err = run(capsys, "report", "player", issued.player, "--db", demo)
    assert code == 0 and f"{issued.player} " in out
    # correct
    station = Station(EventFile(demo), shipped_rules())
    other = next(
        r
        for r in load(demo).records.values()
        if r.status == "issued" and r.sanction is None and r.supersedes is None
    )
    short = load(demo).short_id(other.id)
    station.correct(HEAD, short, "wrong infraction", player=other.player)
    assert load(demo).records[other.id].status == "voided"


def test_a_time_extension_is_entered_by_its_printed_prefix(
    demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    station = Station(EventFile(demo), shipped_rules())
    active = next(p.id for p in load(demo).players.values() if p.status == "active")
    record(station, HEAD, active, "slow_play", table=12, extension=3)
    state = load(demo)
    [item] = [i for i in report_texts.round_items(state, state.round) if i.source == "extension"]
    code, listing, _err = run(capsys, "report", "round", "--db", demo)
    short = state.short_id(item.id)
    assert f"[{short}]" in listing and len(short) < len(item.id)
    code, _out, err = run(
        capsys, "report", "round", "--enter", short, "--judge", HEAD, "--db", demo
    )
    assert code == 0, err
    assert item.id in load(demo).entered


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_long_note_wraps_under_its_indent(
    station: Station, capsys: pytest.CaptureFixture[str], db_path: Path, lang: str
) -> None:
    note = "相手のデッキの上から二枚を引いたと申告があり、" * 4 + " then a long English tail " * 4
    record(station, HEAD, "P3", "slow_play", penalty="single_warning", note=note)
    code, out, err = run(capsys, "report", "player", "P3", "--db", db_path, "--lang", lang)
    assert code == 0, err
    lines = out.splitlines()
    assert max(cell_width(line) for line in lines) <= 78
    start = next(n for n, line in enumerate(lines) if line.startswith("     相手"))
    body = [line for line in lines[start:] if line.startswith("     ")]
    assert len(body) > 2  # wrapped, every line under the note's indent
    assert "".join(line.strip() for line in body).replace(" ", "") == note.replace(" ", "")
    assert any(note[:10] in line for line in unwrapped(out))


def test_wrap_counts_cells_and_keeps_every_character() -> None:
    value = "P0001 山田 太郎：警告＋ゲームの敗北、手札の枚数を確認しなかった。" * 3 + "x" * 100
    lines = report_texts.wrap(value, "  - ", width=30)
    assert all(cell_width(line) <= 30 for line in lines)
    assert lines[0].startswith("  - P0001") and all(line.startswith("    ") for line in lines[1:])
    assert "".join(line[4:] for line in lines).replace(" ", "") == value.replace(" ", "")
    assert not any(line.lstrip().startswith(("、", "。")) for line in lines)


def test_wrap_keeps_an_opening_bracket_and_an_emoji_sequence_whole() -> None:
    lines = report_texts.wrap("Sato Yuki (フロアジャッジ)、Priya", width=12)
    assert not any(line.endswith(("(", "（")) for line in lines)
    family = "👨\u200d👩\u200d👧"
    lines = report_texts.wrap("xxx" + family * 5, width=8)
    assert all(cell_width(line) <= 8 for line in lines)
    assert all(line.replace(family, "").strip("x") == "" for line in lines)
