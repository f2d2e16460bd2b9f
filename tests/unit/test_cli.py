"""The command line against shared CLI.md: classification, --json shapes, exit codes, the
review flow, and the promise that a refused command leaves the event file byte-for-byte
unchanged.

Commands run in-process through ``judgetui.cli.main`` (fast, and capsys sees the output);
only the start-up test needs a real ``python -m judgetui`` process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from judgetui.rules import shipped_rules_text
from judgetui.service import Station
from tests.helpers.cli import rec, refused, run, run_json

HEAD = "Kana Mori"
FLOOR = "Alex Reed"
ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- helpers


def queue(capsys: pytest.CaptureFixture[str], db: Path) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = run_json(capsys, "queue", "--db", db)
    return items


def player(capsys: pytest.CaptureFixture[str], db: Path, pid: str) -> dict[str, Any]:
    data: dict[str, Any] = run_json(capsys, "player", pid, "--db", db)
    return data


@pytest.fixture
def db(station: Station, db_path: Path) -> Path:
    """The conftest event (head Kana Mori, floor Alex Reed, players P1–P6), unbound."""
    return db_path


# --------------------------------------------------------------------------- classify


@pytest.mark.parametrize(
    ("intentional", "disruptive", "minimum"),
    [
        ("no", "no", "caution"),
        ("no", "yes", "notice"),
        ("yes", "no", "single_warning"),
        ("yes", "yes", "double_warning"),
    ],
)
def test_classify_table_rulings_2(
    capsys: pytest.CaptureFixture[str], intentional: str, disruptive: str, minimum: str
) -> None:
    data = run_json(capsys, "classify", "--intentional", intentional, "--disruptive", disruptive)
    assert data["minimum"] == minimum
    assert data["recommended"] == minimum  # nothing raised it


def test_classify_unintentional_disruptive_is_notice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "classify", "--intentional", "no", "--disruptive", "yes", "--json")
    assert code == 0
    assert '"minimum": "notice"' in out


def test_classify_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "classify", "--intentional", "no", "--disruptive", "yes", "--advantage")
    assert data["minimum"] == "notice"
    assert data["recommended"] == "double_warning"
    assert isinstance(data["reasons"], list) and len(data["reasons"]) >= 2
    assert all(isinstance(r, str) and r for r in data["reasons"])

    data = run_json(
        capsys,
        "classify",
        "--intentional",
        "no",
        "--disruptive",
        "yes",
        "--infraction",
        "previous_opponent_card",
    )
    assert data["minimum"] == "game_loss"  # the catalogue's own minimum: keys, not names
    data = run_json(
        capsys, "classify", "--intentional", "yes", "--disruptive", "yes", "--strong-cheating"
    )
    assert data["recommended"] == "triple_warning"


def test_classify_unknown_infraction_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(
        capsys,
        None,
        2,
        "classify",
        "--intentional",
        "no",
        "--disruptive",
        "no",
        "--infraction",
        "no_such",
    )
    assert "no_such" in line


# --------------------------------------------------------------------------- --json shapes


def test_record_json_shape(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    data = run_json(
        capsys, *rec(db, HEAD, "P1", "slow_play", "no", "yes", "--penalty", "single_warning")
    )
    assert isinstance(data["incident"], str) and data["incident"]
    [r] = data["records"]
    assert isinstance(r["id"], str) and r["id"]
    assert (r["player"], r["penalty"], r["status"], r["points"]) == (
        "P1",
        "single_warning",
        "issued",
        1,
    )

    data = run_json(
        capsys, *rec(db, FLOOR, "P2", "slow_play", "no", "yes", "--penalty", "single_warning")
    )
    [r] = data["records"]
    assert (r["player"], r["penalty"], r["status"]) == ("P2", "single_warning", "pending")


def test_record_json_caution_has_player_null_and_is_not_stored(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    data = run_json(capsys, *rec(db, FLOOR, "P1", "improper_notes", "no", "no"))
    [r] = data["records"]
    assert r["player"] is None
    assert r["penalty"] == "caution"
    assert r["status"] == "issued"
    assert r["points"] == 0
    assert player(capsys, db, "P1")["records"] == []
    exported = json.loads(run(capsys, "export", "--db", db)[1])
    assert exported["records"] == []
    assert run_json(capsys, "event", "show", "--db", db)["cautions"] == 1
    assert queue(capsys, db) == []


def test_record_json_several_players_is_one_incident(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    data = run_json(capsys, *rec(db, HEAD, ["P1", "P2"], "outside_assistance", "yes", "yes"))
    assert [r["player"] for r in data["records"]] == ["P1", "P2"]
    assert {r["penalty"] for r in data["records"]} == {"double_warning"}
    records = json.loads(run(capsys, "export", "--db", db)[1])["records"]
    assert {r["incident"] for r in records} == {data["incident"]}


def test_queue_json_shape(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    notice = run_json(capsys, *rec(db, FLOOR, "P1"))["records"][0]
    request = run_json(capsys, *rec(db, FLOOR, "P2", "slow_play", "yes", "no"))["records"][0]
    assert (notice["penalty"], request["penalty"]) == ("notice", "single_warning")
    items = queue(capsys, db)
    assert [{k: i[k] for k in ("id", "kind", "player", "penalty")} for i in items] == [
        {"id": request["id"], "kind": "request", "player": "P2", "penalty": "single_warning"},
        {"id": notice["id"], "kind": "notice", "player": "P1", "penalty": "notice"},
    ]


def test_player_json_shape(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    run_json(capsys, *rec(db, HEAD, "P3", "slow_play", "no", "yes", "--penalty", "single_warning"))
    data = player(capsys, db, "P3")
    assert data["id"] == "P3"
    assert data["name"] == "山田 花子"
    assert data["status"] == "active"
    assert data["phase"] == "main"
    assert data["points"] == 1
    assert data["decision"] is None
    [r] = data["records"]
    assert (r["penalty"], r["status"], r["infraction"]) == ("single_warning", "issued", "slow_play")


def test_export_json_shape_and_head_matches_verify(
    capsys: pytest.CaptureFixture[str], db: Path, tmp_path: Path
) -> None:
    run_json(capsys, *rec(db, HEAD, "P1", "slow_play", "no", "yes", "--penalty", "single_warning"))
    code, out, _ = run(capsys, "export", "--db", db)
    assert code == 0
    data = json.loads(out)
    assert {"event", "players", "records", "head"} <= set(data)
    assert data["event"]["name"] == "Test Open"
    assert {p["id"] for p in data["players"]} == {f"P{i}" for i in range(1, 7)}
    assert [r["penalty"] for r in data["records"]] == ["single_warning"]
    verified = run_json(capsys, "verify", "--db", db)
    assert verified["ok"] is True
    assert data["head"] == verified["head"]
    assert len(data["head"]) == 64

    target = tmp_path / "out.json"
    assert run(capsys, "export", "--db", db, "--format", "json", "-o", target)[0] == 0
    assert json.loads(target.read_bytes()) == data
    code, out, _ = run(capsys, "export", "--db", db, "--format", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("row,id,")
    assert lines[-1].startswith("record,") and lines[-1].endswith(f",{verified['head']}")


# --------------------------------------------------------------------------- check-rules


def test_check_rules_ok_on_the_shipped_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check-rules")
    assert (code, err) == (0, "")
    assert out.startswith("rules OK")
    assert run(capsys, "check-rules", ROOT / "rules.toml")[0] == 0


def _broken_rules(tmp_path: Path, old: str, new: str, name: str) -> Path:
    text = shipped_rules_text()
    assert text.count(old) == 1
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_check_rules_names_the_place_of_a_toml_syntax_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = _broken_rules(tmp_path, 'abbr = "警２"', 'abbr = = "警２"', "syntax.toml")
    line_no = next(i for i, text in enumerate(bad.read_text().splitlines(), 1) if "= =" in text)
    line = refused(capsys, None, 2, "check-rules", bad)
    assert str(bad) in line
    assert f"line {line_no}" in line
    assert "TOML" in line


def test_check_rules_names_a_bad_key(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = _broken_rules(
        tmp_path,
        'disruptive = true\nminimum = "notice"',
        'disruptive = true\nminimum = "notic"',
        "badkey.toml",
    )
    line = refused(capsys, None, 2, "check-rules", bad)
    assert "categories.unintentional_disruptive.minimum" in line
    assert "'notic'" in line

    unknown = _broken_rules(tmp_path, "reset_count = true", "reset_counts = true", "unknown.toml")
    line = refused(capsys, None, 2, "check-rules", unknown)
    assert "finals.reset_counts" in line


def test_several_rules_problems_are_one_line_except_for_check_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: Path
) -> None:
    bad = _broken_rules(tmp_path, "\npoints = 2\n", "\npointz = 2\n", "two.toml")
    code, _, err = run(capsys, "check-rules", bad)
    assert code == 2
    assert len(err.splitlines()) == 2  # check-rules lists every problem, one line each
    assert "penalties.double_warning.points: missing" in err
    assert "penalties.double_warning.pointz: unknown setting" in err
    line = refused(capsys, db, 2, "--rules", bad, "queue", "--db", db)
    assert "penalties.double_warning.points: missing" in line
    assert "1 more" in line
    refused(capsys, db, 2, *rec(db, HEAD, "P1"), "--rules", bad)


def test_station_with_broken_rules_exits_2_before_opening_anything(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = _broken_rules(tmp_path, "threshold = 3 ", "threshold = 0 ", "threshold.toml")
    app = types.ModuleType("judgetui.station.app")

    def run_station(**kwargs: object) -> int:
        raise AssertionError("the station was opened with a broken rules file")

    app.run_station = run_station  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "judgetui.station.app", app)
    path = tmp_path / "never.json"
    line = refused(capsys, path, 2, "--rules", bad, "--db", path)
    assert "three_warnings.threshold" in line
    assert not path.exists()
    assert not (tmp_path / "never.json.lock").exists()


# --------------------------------------------------------------------------- bad input: exit 2


def test_record_below_the_minimum_exits_2_saying_why(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    line = refused(
        capsys, db, 2, *rec(db, HEAD, "P1", "slow_play", "no", "yes", "--penalty", "caution")
    )
    assert "caution is below the minimum notice" in line
    line = refused(
        capsys,
        db,
        2,
        *rec(db, HEAD, "P1", "outside_assistance", "yes", "yes", "--penalty", "single_warning"),
    )
    assert "below the minimum double_warning" in line


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (("--player", "P99"), "P99"),
        (("--infraction", "no_such_infraction"), "no_such_infraction"),
        (("--penalty", "no_such_penalty"), "no_such_penalty"),
        (("--judge", "Nobody Here"), "Nobody Here"),
    ],
)
def test_record_unknown_names_exit_2(
    capsys: pytest.CaptureFixture[str], db: Path, change: tuple[str, str], named: str
) -> None:
    argv = rec(db, HEAD, "P1")
    if change[0] == "--penalty":
        argv += list(change)
    else:
        argv[argv.index(change[0]) + 1] = change[1]
    line = refused(capsys, db, 2, *argv)
    assert named in line


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["player", "P99"], "unknown player 'P99'"),
        (["decide", "P99", "ejection", "--judge", HEAD], "unknown player 'P99'"),
        (["decide", "P1", "ejection", "--judge", HEAD], "no three-warning decision is owed"),
        (["decide", "P1", "no_such_penalty", "--judge", HEAD], "unknown penalty"),
        (["review", "no-such-item", "confirm", "--judge", HEAD], "no queue item"),
        (["review", "decide:P1", "confirm", "--judge", HEAD], "judgetui decide P1"),
        (["review", "no-such-item", "confirm", "--judge", "Nobody Here"], "unknown judge"),
        (["event", "round", "0", "--judge", HEAD], "out of range"),
        (["event", "round", "2", "--judge", "Nobody Here"], "unknown judge"),
        (["event", "judge", "", "--judge", HEAD], "judge name"),
        (["event", "judge", FLOOR, "--judge", HEAD], "already on the roster"),
        (["event", "init", "--name", "Again", "--head-judge", HEAD], "already exists"),
        (["record", "--judge", HEAD, "--player", "P1", "--infraction", "tardiness",
          "--intentional", "no", "--disruptive", "yes", "--minutes", "-5"], "--minutes"),
        (["record", "--judge", HEAD, "--player", "P1", "--infraction", "slow_play",
          "--intentional", "no", "--disruptive", "yes", "--note", "x" * 2001], "note"),
        (["players", "import", "no-such-file.csv", "--judge", HEAD], "no-such-file.csv"),
    ],
    ids=lambda value: " ".join(value)[:40] if isinstance(value, list) else "",
)  # fmt: skip
def test_bad_input_exits_2_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str], says: str
) -> None:
    assert says in refused(capsys, db, 2, "--db", db, *argv)


def test_review_confirm_with_a_penalty_exits_2(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    item = run_json(capsys, *rec(db, FLOOR, "P1"))["records"][0]["id"]
    refused(capsys, db, 2, "review", item, "confirm", "single_warning", "--db", db, "--judge", HEAD)
    refused(capsys, db, 2, "review", item, "upgrade", "--db", db, "--judge", HEAD)  # no KEY
    refused(capsys, db, 2, "review", item, "upgrade", "caution", "--db", db, "--judge", HEAD)


def test_export_onto_the_event_file_itself_is_refused(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    refused(capsys, db, 2, "export", "--db", db, "-o", db)
    refused(capsys, db, 2, "export", "--db", db, "-o", db.parent / "no" / "such" / "dir.json")


@pytest.mark.parametrize(
    "argv",
    [
        ["record", "--judge", HEAD, "--player", "P1", "--infraction", "slow_play",
         "--intentional", "maybe", "--disruptive", "yes"],
        ["record", "--judge", HEAD],
        ["--lang", "fr", "queue"],
        ["frobnicate"],
        ["queue", "--no-such-option"],
        ["event"],
        ["event", "round", "two", "--judge", HEAD],
        ["export", "--format", "xml"],
        ["review", "X", "frobnicate", "--judge", HEAD],
        ["classify", "--intentional", "yes"],
        ["decide", "P1", "--judge", HEAD],
    ],
    ids=lambda argv: " ".join(argv)[:40],
)  # fmt: skip
def test_bad_option_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], db: Path, argv: list[str]
) -> None:
    line = refused(capsys, db, 2, "--db", db, *argv)
    assert "usage:" not in line


# --------------------------------------------------------------------------- start-up


def test_commands_other_than_the_station_do_not_import_textual(db: Path) -> None:
    """`python -m judgetui classify`, `record` and `queue` start without Textual (nor Rich):
    each runs as `python -m judgetui` would, in one process that then lists its modules."""
    wrapper = """
import runpy, sys
commands = [c.split("|") for c in sys.argv[1:]]
results = []
for argv in commands:
    sys.argv = ["judgetui", *argv]
    try:
        runpy.run_module("judgetui", run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        results.append(exc.code)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print("RESULT", results, loaded)
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUDGETUI_DB": str(db)}
    commands = [
        "classify|--intentional|no|--disruptive|yes|--json",
        f"record|--judge|{HEAD}|--player|P1|--infraction|slow_play"
        "|--intentional|no|--disruptive|yes",
        "queue",
    ]
    done = subprocess.run(
        [sys.executable, "-c", wrapper, *commands],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "RESULT [0, 0, 0] []" in done.stdout, done.stdout + done.stderr
    assert "P1: Notice recorded" in done.stdout


# --------------------------------------------------------------------------- the review flow


def test_review_flow_notice_upgrade_request_confirm_dismiss(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    # A floor judge's Notice is issued at once and lands in the queue as "notice".
    notice = run_json(capsys, *rec(db, FLOOR, "P1"))["records"][0]
    assert (notice["penalty"], notice["status"]) == ("notice", "issued")
    [item] = queue(capsys, db)
    assert (item["id"], item["kind"], item["player"]) == (notice["id"], "notice", "P1")
    assert player(capsys, db, "P1")["points"] == 0

    # The head judge upgrades it to a Single Warning: P1 goes from 0 to 1 point.
    upgrade = ["review", item["id"], "upgrade", "single_warning", "--db", db, "--judge", HEAD]
    assert run(capsys, *upgrade)[0] == 0
    p1 = player(capsys, db, "P1")
    assert p1["points"] == 1
    assert [(r["penalty"], r["status"]) for r in p1["records"]] == [
        ("notice", "superseded"),
        ("single_warning", "issued"),
    ]
    assert queue(capsys, db) == []

    # A floor judge may not issue a Double Warning: refused, nothing written.
    double = rec(db, FLOOR, "P1", "slow_play", "no", "yes", "--penalty", "double_warning")
    line = refused(capsys, db, 3, *double)
    assert "not permitted" in line and "double_warning" in line

    # ... but may send it as a request; it counts only once the head judge confirms.
    request = run_json(capsys, *double, "--request")["records"][0]
    assert (request["penalty"], request["status"]) == ("double_warning", "pending")
    [item] = queue(capsys, db)
    assert (item["id"], item["kind"], item["penalty"]) == (
        request["id"],
        "request",
        "double_warning",
    )
    assert player(capsys, db, "P1")["points"] == 1
    assert run(capsys, "review", request["id"], "confirm", "--db", db, "--judge", HEAD)[0] == 0
    assert player(capsys, db, "P1")["points"] == 3

    # Dismiss: a request for P2 leaves the queue and never counts.
    other = run_json(capsys, *rec(db, FLOOR, "P2", "slow_play", "yes", "no"))["records"][0]
    assert other["status"] == "pending"
    dismiss = ["review", other["id"], "dismiss", "--db", db, "--judge", HEAD, "--note", "oops"]
    assert run(capsys, *dismiss)[0] == 0
    p2 = player(capsys, db, "P2")
    assert p2["points"] == 0
    assert [r["status"] for r in p2["records"]] == ["dismissed"]
    assert all(i["player"] != "P2" for i in queue(capsys, db))
    refused(capsys, db, 2, "review", other["id"], "confirm", "--db", db, "--judge", HEAD)


def test_three_warning_decision_through_the_cli(
    capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    # P1: a Single Warning and a Double Warning = 3 points.
    for penalty in ("single_warning", "double_warning"):
        run_json(capsys, *rec(db, HEAD, "P1", "slow_play", "no", "yes", "--penalty", penalty))
    items = queue(capsys, db)
    assert [(i["id"], i["kind"], i["player"], i["penalty"]) for i in items] == [
        ("decide:P1", "decision", "P1", "ejection")
    ]
    decision = player(capsys, db, "P1")["decision"]
    assert decision is not None
    assert decision["options"] == ["ejection"]
    assert decision["default"] == "ejection"
    assert decision["required"] is None

    # A Double Warning among them: no game loss (nor match loss); a floor judge may not decide.
    line = refused(capsys, db, 2, "decide", "P1", "game_loss", "--db", db, "--judge", HEAD)
    assert "game_loss is not allowed" in line
    refused(capsys, db, 2, "decide", "P1", "match_loss", "--db", db, "--judge", HEAD)
    refused(capsys, db, 3, "decide", "P1", "ejection", "--db", db, "--judge", FLOOR)

    code, out, _ = run(capsys, "decide", "P1", "ejection", "--db", db, "--judge", HEAD, "--json")
    assert code == 0
    assert json.loads(out) == {"player": "P1", "penalty": "ejection"}
    p1 = player(capsys, db, "P1")
    assert p1["status"] == "ejected"
    assert p1["decision"] is None
    assert queue(capsys, db) == []
    # The ejected player's tournament is over: no new record, no second decision.
    refused(capsys, db, 2, *rec(db, HEAD, "P1"))
    refused(capsys, db, 2, "decide", "P1", "ejection", "--db", db, "--judge", HEAD)


def test_event_round_and_finals(capsys: pytest.CaptureFixture[str], db: Path) -> None:
    run_json(capsys, *rec(db, HEAD, "P2", "slow_play", "no", "yes", "--penalty", "single_warning"))
    assert player(capsys, db, "P2")["points"] == 1

    assert run(capsys, "event", "round", "5", "--db", db, "--judge", HEAD)[0] == 0
    assert run_json(capsys, "event", "show", "--db", db)["round"] == 5
    assert run(capsys, "event", "finals", "--db", db, "--judge", HEAD)[0] == 0
    p2 = player(capsys, db, "P2")
    assert (p2["phase"], p2["points"]) == ("finals", 0)
    assert [(r["penalty"], r["phase"]) for r in p2["records"]] == [("single_warning", "main")]
    refused(capsys, db, 2, "event", "finals", "--db", db, "--judge", HEAD)  # already there

    # Repeating in the finals what drew a warning in the main rounds: a Double Warning.
    data = run_json(capsys, *rec(db, HEAD, "P2"))
    assert data["records"][0]["penalty"] == "double_warning"
    assert player(capsys, db, "P2")["points"] == 2


def test_demo_without_db_has_a_file_of_its_own_made_afresh(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        code, out, _err = run(capsys, "demo", "--no-open", "--players", "12", "--records", "20")
        assert code == 0
        assert "judgetui-demo.json" in out
    assert not (tmp_path / "judgetui.json").exists()


def test_demo_never_overwrites_a_named_event_file(
    capsys: pytest.CaptureFixture[str], station: Station, db_path: Path
) -> None:
    before = db_path.read_bytes()
    code, _out, err = run(capsys, "demo", "--no-open", "--db", db_path)
    assert code == 2
    assert "already exists" in err
    assert db_path.read_bytes() == before
