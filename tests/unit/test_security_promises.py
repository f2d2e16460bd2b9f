"""docs/SECURITY.md names the tests that hold each promise: they must all exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "SECURITY.md"
NAMED = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`")


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    }


def test_every_promise_names_tests_that_exist() -> None:
    text = PAGE.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if re.match(r"\| [1-9] \|", line)]
    assert len(rows) == 9, "one row per promise of ../shared/SECURITY.md (1-9)"
    missing = []
    for row in rows:
        named = NAMED.findall(row)
        assert named, f"a promise without a test: {row[:60]}"
        for file, test in named:
            path = ROOT / file
            if not path.is_file() or (test and test not in _tests_in(path)):
                missing.append(f"{file}::{test}" if test else file)
    assert not missing, f"docs/SECURITY.md names tests that do not exist: {missing}"
