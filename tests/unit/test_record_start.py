"""What a `judgetui record` does before it reads the event file (issue 14 item 2): the
shipped rules file read once, and no module loaded that only another command's output needs.

Run as its own process (imports are per process), beside `test_record_imports` and
`test_record_lazy_imports`.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.event import HEAD
from tests.helpers.processes import RECORD_ARGS, python_c
from tests.helpers.record_process import one_player_event

ROOT = Path(__file__).resolve().parents[2]
NOT_LOADED = {
    "unicodedata": "the width of a table's cells: a record prints no table",
}

PROGRAM = """
import json, os, sys
opened = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, os.PathLike)):
        opened.append(os.fspath(args[0]))
sys.addaudithook(hook)
from judgetui.cli import main
code = main(sys.argv[1:])
print(json.dumps([code, sorted(sys.modules), opened]))
"""


def _run(tmp_path: Path, *argv: str) -> tuple[int, set[str], list[str], str]:
    done = python_c(PROGRAM, argv, tmp_path)
    code, modules, opened = json.loads(done.stdout.splitlines()[-1])
    return code, set(modules), opened, done.stderr


def _record(tmp_path: Path, *extra: str) -> tuple[int, set[str], list[str], str]:
    db = one_player_event(tmp_path)
    argv = ["record", "--db", str(db), "--judge", HEAD, "--player", "P1", *RECORD_ARGS]
    return _run(tmp_path, *argv, *extra)


def test_a_record_loads_no_table_module(tmp_path: Path) -> None:
    code, modules, _opened, stderr = _record(tmp_path)
    assert code == 0, stderr
    assert {m: why for m, why in NOT_LOADED.items() if m in modules} == {}


def test_a_record_reads_the_shipped_rules_file_once(tmp_path: Path) -> None:
    code, _modules, opened, stderr = _record(tmp_path)
    assert code == 0, stderr
    assert [p for p in opened if Path(p).name == "rules.toml"] == [str(ROOT / "rules.toml")]


def test_a_record_in_japanese_loads_the_same(tmp_path: Path) -> None:
    code, modules, _opened, stderr = _record(tmp_path, "--lang", "ja")
    assert code == 0, stderr
    assert {m: why for m, why in NOT_LOADED.items() if m in modules} == {}


def test_an_event_with_edited_rules_still_parses_them(tmp_path: Path) -> None:
    """Only the shipped text is made without TOML: an event's own, other rules are read
    from the event file and parsed (and validated) as ever."""
    from judgetui.rules import shipped_rules_text

    rules = tmp_path / "edited.toml"
    rules.write_text(shipped_rules_text() + "\n# edited for this event\n", encoding="utf-8")
    db = tmp_path / "edited.json"
    init = ["event", "init", "--db", str(db), "--name", "Edited Open"]
    init += ["--head-judge", HEAD, "--rules", str(rules)]
    assert _run(tmp_path, *init)[0] == 0
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nP1,Player One\n", encoding="utf-8")
    players = ["players", "import", str(roster), "--db", str(db), "--judge", HEAD]
    assert _run(tmp_path, *players)[0] == 0
    rules.unlink()  # the event keeps its own text: the file is not read again
    argv = ["record", "--db", str(db), "--judge", HEAD, "--player", "P1", *RECORD_ARGS]
    code, modules, _opened, stderr = _run(tmp_path, *argv)
    assert code == 0, stderr
    assert "tomllib" in modules
