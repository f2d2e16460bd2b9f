"""`judgetui record` in a child process on a one-player event: its exit code, the modules
it loaded and the judgetui classes the dataclasses decorator made."""

from __future__ import annotations

import json
from pathlib import Path

from judgetui.identity import Caller
from judgetui.models import Player
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.store import EventFile
from tests.helpers.event import HEAD, counting_ids, ticking_clock
from tests.helpers.processes import RECORD_ARGS, python_c

RECORD_PROGRAM = """
import json, sys
from judgetui.cli import main
code = main(sys.argv[1:])
made = sorted(
    f"{name}.{key}"
    for name, module in list(sys.modules.items())
    if name.startswith("judgetui")
    for key, value in vars(module).items()
    if isinstance(value, type)
    and "__dataclass_fields__" in vars(value)
    and value.__module__ == name
)
print(json.dumps([code, sorted(sys.modules), made]))
"""


def one_player_event(tmp_path: Path) -> Path:
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
    return db


def record_in_a_child(tmp_path: Path, db: Path) -> tuple[int, set[str], list[str], str]:
    argv = ["record", "--db", str(db), "--judge", HEAD, "--player", "P1", "--lang", "en"]
    done = python_c(RECORD_PROGRAM, [*argv, *RECORD_ARGS], tmp_path)
    code, modules, made = json.loads(done.stdout.splitlines()[-1])
    return code, set(modules), made, done.stderr
