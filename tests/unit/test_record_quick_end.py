"""A `judgetui record` process ends without the interpreter's teardown (`judgetui.ending`),
and loses nothing by it: its output, its exit code, its ``atexit`` work, the entry."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from judgetui import ending
from tests.helpers.cli import UNBOUND_WARNING
from tests.helpers.event import HEAD
from tests.helpers.processes import ROOT
from tests.helpers.record_process import one_player_event

RECORD = ["record", "--judge", HEAD, "--player", "P1", "--lang", "en"]
RECORD += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]

PROGRAM = """
import atexit, os, sys
mark = sys.argv[1] + ".atexit"
def said():
    with open(mark, "w") as out:
        out.write("ran")
    print("printed at exit")
atexit.register(said)
ended = []
os_exit = os._exit
def spy(code):
    ended.append(code)
    sys.stderr.write(f"os._exit({code})\\n")
    sys.stderr.flush()
    os_exit(code)
os._exit = spy
from judgetui.launch import main  # as the `judgetui` script does
sys.argv = ["judgetui", *sys.argv[2:]]
raise SystemExit(main())
"""


def _python(
    tmp_path: Path, args: list[str], path: str = str(ROOT)
) -> subprocess.CompletedProcess[str]:
    """This Python with ``args``, judgetui (and ``path``) importable, in ``tmp_path``."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": path}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=tmp_path, check=False
    )


def _run(tmp_path: Path, db: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return _python(tmp_path, ["-c", PROGRAM, str(db), *RECORD, "--db", str(db), *extra])


def test_a_record_ends_quickly_with_its_output_its_code_and_its_exit_functions(
    tmp_path: Path,
) -> None:
    db = one_player_event(tmp_path)
    done = _run(tmp_path, db, "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "os._exit(0)"  # the quick end, not the teardown
    out, tail = done.stdout.rsplit("}\n", 1)
    assert json.loads(out + "}")["records"][0]["player"] == "P1"
    assert tail == "printed at exit\n"  # an exit function ran, and what it printed is out
    assert Path(str(db) + ".atexit").read_text() == "ran"
    kinds = [e["kind"] for e in json.loads(db.read_text())["log"].values()]
    assert kinds[-1] == "incident_recorded"


def test_a_refused_record_ends_quickly_with_its_line_and_code_and_the_file_unchanged(
    tmp_path: Path,
) -> None:
    db = one_player_event(tmp_path)
    before = db.read_bytes()
    done = _run(tmp_path, db, "--player", "P404")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["judgetui: unknown player 'P404'", "os._exit(2)"]
    assert db.read_bytes() == before


class _Ended(Exception):
    pass


@pytest.fixture
def allowed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    ended: list[int] = []

    def spy(code: int) -> None:
        ended.append(code)
        raise _Ended

    monkeypatch.setattr(ending, "_allowed", True)
    monkeypatch.setattr(ending.os, "_exit", spy)
    return ended


def test_a_program_that_runs_judgetuis_main_itself_goes_on_after_it(tmp_path: Path) -> None:
    db = one_player_event(tmp_path)
    program = PROGRAM.replace("from judgetui.launch import main", "from judgetui import launch")
    program = program.replace("SystemExit(main())", "SystemExit(launch.main())")
    program = program.replace("raise SystemExit(", "code = (") + "print('went on', code)\n"
    done = _python(tmp_path, ["-c", program, str(db), *RECORD, "--db", str(db)])
    assert done.returncode == 0, done.stderr
    assert "os._exit" not in done.stderr
    assert done.stdout.splitlines()[-2:] == ["went on 0", "printed at exit"]


def test_no_quick_end_unless_a_command_allowed_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ending, "_allowed", False)
    monkeypatch.setattr(ending.os, "_exit", lambda code: pytest.fail("ended"))
    assert ending.end(0) == 0


def test_nothing_is_kept_nor_ended_quickly_in_a_process_judgetui_did_not_begin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A test (or any program) calling `judgetui.cli.main` itself: a record there neither
    holds what it parsed nor ends the process."""
    monkeypatch.setattr(ending, "_entry", False)
    monkeypatch.setattr(ending, "_allowed", False)
    monkeypatch.setattr(ending, "_kept", [])
    ending.quick_end_allowed()
    ending.keep(["parsed"])
    assert (ending._allowed, ending._kept) == (False, [])
    monkeypatch.setattr(ending, "_entry", True)
    ending.quick_end_allowed()
    ending.keep(["parsed"])
    assert (ending._allowed, ending._kept) == (True, [["parsed"]])


def test_the_quick_end_flushes_and_ends_with_the_code(allowed: list[int]) -> None:
    with pytest.raises(_Ended):
        ending.end(3)
    assert allowed == [3]


def test_no_quick_end_while_a_thread_the_interpreter_waits_for_runs(allowed: list[int]) -> None:
    release = threading.Event()
    worker = threading.Thread(target=release.wait, daemon=False)
    worker.start()
    try:
        assert ending.end(0) == 0
    finally:
        release.set()
        worker.join()
    assert allowed == []


def test_no_quick_end_when_the_output_cannot_be_flushed(
    allowed: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Full(io.StringIO):
        def flush(self) -> None:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    assert ending.end(0) == 0  # the interpreter's own exit says it, with its code
    assert allowed == []


def test_runpy_running_judgetui_in_a_program_goes_on_after_it(tmp_path: Path) -> None:
    """``runpy.run_module("judgetui", alter_sys=True)`` makes judgetui's ``__main__`` the
    process's for a while: the program that ran it still goes on (test_cli does this)."""
    db = one_player_event(tmp_path)
    program = (
        "import runpy, sys\n"
        "sys.argv = ['judgetui', *sys.argv[1:]]\n"
        "try:\n"
        "    runpy.run_module('judgetui', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as exc:\n"
        "    print('went on', exc.code)\n"
    )
    done = _python(tmp_path, ["-c", program, *RECORD, "--db", str(db)])
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "went on 0"


def test_python_m_judgetui_ends_quickly(tmp_path: Path) -> None:
    """``python -m judgetui record``: its entry is `judgetui.__main__`, below runpy's frames
    (seen through a sitecustomize that wraps ``os._exit``)."""
    db = one_player_event(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os, sys\n"
        "os_exit = os._exit\n"
        "def spy(code):\n"
        "    sys.stderr.write(f'os._exit({code})\\n'); sys.stderr.flush(); os_exit(code)\n"
        "os._exit = spy\n"
    )
    done = _python(tmp_path, ["-m", "judgetui", *RECORD, "--db", str(db)], f"{site}:{ROOT}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("P1: Notice recorded")
    assert done.stderr.splitlines() == [UNBOUND_WARNING.strip(), "os._exit(0)"]
