"""What `judgetui record`'s own imports cost (issue 14 item 2): nothing a write does not use.

Run as its own process (imports are per process). Beside `test_record_imports` (no
Textual, TinyDB, pydantic, nor the other commands' modules): no stdlib module that only
the station, a diagnostic line or another language needs, and not one judgetui class
made by the ``dataclasses`` decorator (Python 3.11 compiles source for each of its
methods: ~0.5 ms a class, ~23 ms for the 49 the record path made; the shapes are
`msgspec.Struct` classes).
"""

from __future__ import annotations

import json
from pathlib import Path

from judgetui.store import WARNING_LISTENERS, EventFile
from tests.helpers.processes import python_c
from tests.helpers.record_process import one_player_event, record_in_a_child

NOT_LOADED = {
    "logging": "the store's warning reaches the command line through WARNING_LISTENERS",
    "traceback": "(imported by logging)",
    "ctypes": "linkat is the write-ahead's, and a command line never writes ahead",
    "secrets": "a temp file's name is os.urandom's",
    "locale": "English has no catalogue to look up",
    "judgetui.settings_schema": "no settings file",
}


def test_record_loads_no_module_it_does_not_use_and_makes_no_dataclass(tmp_path: Path) -> None:
    code, modules, made, stderr = record_in_a_child(tmp_path, one_player_event(tmp_path))
    assert code == 0, stderr
    assert {m: why for m, why in NOT_LOADED.items() if m in modules} == {}
    assert made == []
    assert "judgetui.state.shapes" in modules  # it did fold: the shapes were made


def test_a_broken_chain_is_said_on_stderr_and_in_the_diagnostic_log(tmp_path: Path) -> None:
    """(Issue 28 item 5: the write onto a broken chain is a line in the diagnostic log, so
    ``logging`` is loaded for it now, on this path only; an intact record still loads none.)"""
    db = one_player_event(tmp_path)
    document = json.loads(db.read_text(encoding="utf-8"))
    document["log"]["2"]["judge"] = "Someone Else"  # the chain breaks at entry 2
    db.write_text(json.dumps(document), encoding="utf-8")
    code, _modules, _made, stderr = record_in_a_child(tmp_path, db)
    assert code == 0, stderr
    log = tmp_path / ".local" / "state" / "judgetui" / "log" / "judgetui.log"
    assert "key=broken_chain" in log.read_text(encoding="utf-8")
    assert "the penalty log's chain is broken at entry 2" in stderr
    assert stderr.startswith("judgetui: warning: ")


def test_a_listener_function_hears_the_broken_chain_and_makes_the_check(tmp_path: Path) -> None:
    db = one_player_event(tmp_path)
    file = EventFile(db)
    heard: list[str] = []
    WARNING_LISTENERS.append(heard.append)
    try:
        file.append(lambda _: [{"kind": "note", "data": {}}])
        assert heard == []  # intact
        document = json.loads(db.read_text(encoding="utf-8"))
        document["log"]["2"]["judge"] = "Someone Else"
        db.write_text(json.dumps(document), encoding="utf-8")
        file.append(lambda _: [{"kind": "note", "data": {}}])
    finally:
        WARNING_LISTENERS.remove(heard.append)
    assert len(heard) == 1
    assert "broken at entry 2" in heard[0]


LOGGING_LOADED = """
import logging, sys
from judgetui.store import WARNING_LISTENERS, EventFile
heard = []
WARNING_LISTENERS.append(heard.append)
EventFile(sys.argv[1]).append(lambda _: [{"kind": "note", "data": {}}])
print(len(heard))
"""


def test_with_logging_loaded_and_no_handler_the_warning_prints_nothing_more(
    tmp_path: Path,
) -> None:
    """The logger gets the warning too once ``logging`` is loaded; with no handler
    anywhere (a process of its own: pytest's are on the root logger), a NullHandler keeps
    logging's "last resort" from printing it on stderr a second time."""
    db = one_player_event(tmp_path)
    document = json.loads(db.read_text(encoding="utf-8"))
    document["log"]["2"]["judge"] = "Someone Else"
    db.write_text(json.dumps(document), encoding="utf-8")
    done = python_c(LOGGING_LOADED, [str(db)], tmp_path)
    assert (done.stdout.strip(), done.stderr) == ("1", "")
