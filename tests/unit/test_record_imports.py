"""`judgetui record` loads what a write needs and nothing else (issue 14 item 2).

Run as its own process (imports are per process): the organiser's and the reading
commands' modules, TinyDB, Textual, pydantic and the settings' schema stay unloaded, and
so does shutil (argparse asks it for the terminal's width while the parser is built).
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.record_process import one_player_event, record_in_a_child

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


def test_record_loads_none_of_what_it_does_not_use(tmp_path: Path) -> None:
    code, modules, _made, stderr = record_in_a_child(tmp_path, one_player_event(tmp_path))
    assert code == 0, stderr
    loaded = [m for m in modules if m.split(".")[0] in {n.split(".")[0] for n in NOT_LOADED}]
    assert [m for m in loaded if m in NOT_LOADED or m.startswith(NOT_LOADED)] == []
    assert "judgetui.state.focus" in modules  # the record did fold only what it reads
