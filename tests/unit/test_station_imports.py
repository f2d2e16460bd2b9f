"""The station's shape, checked on the source: no import circle, screens that import
neither the App nor the CLI nor one another's openers, and gc touched in perf.py only.

Every import counts, function-level ones included (only ``if TYPE_CHECKING:`` blocks are
left out): a lazy import still ties two modules together.
"""

from __future__ import annotations

import ast
from pathlib import Path

from judgetui.tools.layers import read_tree

PACKAGE = Path(__file__).resolve().parents[2] / "judgetui"


TREE = read_tree(PACKAGE)
"""Every module and its imports, read by the layer check itself (`judgetui.tools.layers`)."""
MODULES = TREE.paths


def _imports(module: str) -> set[str]:
    """The judgetui modules ``module`` imports (and gc, as ``gc``)."""
    out: set[str] = set()
    for imported in TREE.imports[module]:
        if imported.where == "type_checking":
            continue
        name = imported.target
        if name == "gc":
            out.add("gc")
        while name.startswith("judgetui") and name not in MODULES:
            name = name.rpartition(".")[0]
        if name in MODULES and name != module:
            out.add(name)
    return out


GRAPH = {module: _imports(module) for module in MODULES}


def _reaches(start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        for nxt in GRAPH.get(todo.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def test_no_station_module_is_in_an_import_circle() -> None:
    circles = [
        module
        for module in MODULES
        if module.startswith("judgetui.station") and _reaches(module, module)
    ]
    assert circles == []


def test_screens_and_dialogs_import_neither_the_app_nor_the_cli() -> None:
    banned = {"judgetui.cli", "judgetui.station.app", "judgetui.station.routes"}
    offenders = {
        module: sorted(GRAPH[module] & banned)
        for module in MODULES
        if module.startswith(("judgetui.station.screens", "judgetui.station.dialogs"))
        and GRAPH[module] & banned
    }
    assert offenders == {}


def test_a_screen_opens_another_through_the_navigator() -> None:
    screens = {m for m in MODULES if m.startswith("judgetui.station.screens.")}
    screens.discard("judgetui.station.screens.base")
    offenders = {m: sorted(GRAPH[m] & screens) for m in screens if GRAPH[m] & screens}
    assert offenders == {}


def test_only_perf_touches_the_garbage_collector() -> None:
    assert sorted(m for m, imported in GRAPH.items() if "gc" in imported) == ["judgetui.perf"]


def test_the_cli_reaches_no_station_module_at_import() -> None:
    """The CLI imports the station inside the functions that open it, never at the top."""
    tree = ast.parse(MODULES["judgetui.cli"].read_text(encoding="utf-8"))
    top = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
    ]
    assert [name for name in top if name.startswith(("judgetui.station", "textual"))] == []
