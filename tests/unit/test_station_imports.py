"""The command line opens the station from inside the functions that do, never at the top
of ``judgetui.cli``: `lint-imports` (pyproject.toml) holds the rest of the station's shape,
but counts an import inside a function like one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "judgetui" / "cli" / "__init__.py"


def test_the_cli_reaches_no_station_module_at_import() -> None:
    tree = ast.parse(CLI.read_text(encoding="utf-8"))
    top = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
    ]
    assert [name for name in top if name.startswith(("judgetui.station", "textual"))] == []
