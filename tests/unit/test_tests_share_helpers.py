"""Test modules share what they share through `tests/helpers/` and the conftests: no test
module imports another (a test module is read, run and deleted on its own)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_imports_another() -> None:
    offenders = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            imported = [n for n in names if n.startswith("tests.") and ".test_" in f".{n}"]
            if imported:
                offenders[str(path.relative_to(TESTS))] = imported
    assert offenders == {}
