"""`judgetui record` loads what a write needs and nothing else (issue 14 item 2).

Run as its own process (imports are per process): the organiser's and the reading
commands' modules, TinyDB, Textual, pydantic and the settings' schema stay unloaded, and
so does shutil (argparse asks it for the terminal's width while the parser is built).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import HEAD, counting_ids, ticking_clock

ROOT = Path(__file__).resolve().parents[2]
NOT_LOADED = (
    "judgetui.cli.event",
    "judgetui.cli.reading",
    "judgetui.station",
    "judgetui.store.storage",
    "judgetui.tty",
    "judgetui.settings_schema",
    "tinydb",
    "textual",
    "pydantic",
    "shutil",
)

PROGRAM = """
import json, sys
from judgetui.cli import main
code = main(sys.argv[1:])
print(json.dumps([code, sorted(sys.modules)]))
"""


def test_record_loads_none_of_what_it_does_not_use(tmp_path: Path) -> None:
    db = tmp_path / "event.json"
    station = Station(
        EventFile(db),
        load_rules(),
        caller=Caller("t", None),
        clock=ticking_clock(),
        new_id=counting_ids(1),
    )
    station.create_event("Import Open", HEAD)
    station.import_players(HEAD, [Player(id="P1", name="Player One")])
    argv = ["record", "--db", str(db), "--judge", HEAD, "--player", "P1"]
    argv += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    )
    code, modules = json.loads(done.stdout.splitlines()[-1])
    assert code == 0, done.stderr
    loaded = [m for m in modules if m.split(".")[0] in {n.split(".")[0] for n in NOT_LOADED}]
    assert [m for m in loaded if m in NOT_LOADED or m.startswith(NOT_LOADED)] == []
    assert "judgetui.state.focus" in modules  # the record did fold only what it reads
