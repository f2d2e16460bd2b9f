"""The declared dependencies are the ones the code uses (issue 12, item 8).

Every ``[project].dependencies`` entry is imported somewhere in ``judgetui``, and every
third-party module ``judgetui`` imports is declared there (not merely pulled in by another
package: ``rich`` comes with Textual, but judgetui imports it, so judgetui declares it).
The same for the ``[test]`` extra against ``tests/``, ``benchmarks/`` and ``scripts/``,
where a tool that is run rather than imported (ruff, mypy, a pytest plugin) must be shown
to be used where it is used. Imports are read with `ast`, at any level (a function's import
still needs the package installed); an import name is mapped to its distribution through
the installed metadata, as pip installed it.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def normalised(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(requirements: list[str]) -> set[str]:
    return {normalised(re.match(r"[A-Za-z0-9._-]+", r).group()) for r in requirements}  # type: ignore[union-attr]


def imported_distributions(*folders: str, root: Path = ROOT) -> dict[str, set[str]]:
    """``{distribution: {file, …}}`` for every third-party import under ``folders``."""
    local = {"judgetui", "tests", "benchmarks", "scripts"}
    local |= {p.stem for folder in folders for p in (root / folder).rglob("*.py")}
    owners = packages_distributions()
    found: dict[str, set[str]] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    tops = {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    tops = {node.module.split(".")[0]}
                else:
                    continue
                for top in tops - local - set(sys.stdlib_module_names):
                    assert top in owners, f"{path}: {top} is imported but not installed"
                    for distribution in owners[top]:
                        where = str(path.relative_to(root))
                        found.setdefault(normalised(distribution), set()).add(where)
    return found


def test_every_dependency_is_imported_by_judgetui_and_every_import_is_declared() -> None:
    wanted = declared(PYPROJECT["project"]["dependencies"])
    used = imported_distributions("judgetui")
    assert sorted(wanted - set(used)) == [], "declared in [project].dependencies, never imported"
    undeclared = {d: sorted(files) for d, files in used.items() if d not in wanted}
    assert undeclared == {}, "imported by judgetui, not in [project].dependencies"


# A [test] tool that is run, not imported, and where the project runs it.
RUN_NOT_IMPORTED = {
    "ruff": (".ci/run", re.compile(r"^ruff (check|format)", re.M)),
    "mypy": (".ci/run", re.compile(r"^mypy --strict judgetui", re.M)),
    "pytest-xdist": (".ci/run", re.compile(r"^python -m pytest -n \d", re.M)),
    "argparse-manpage": (
        "tests/unit/test_cli_help.py",
        re.compile(r'"argparse-manpage"', re.M),
    ),
    "hatchling": ("tests/unit/test_packaging.py", re.compile(r"--no-build-isolation", re.M)),
    "hatch-vcs": ("tests/unit/test_packaging.py", re.compile(r"--no-build-isolation", re.M)),
}


def test_every_test_dependency_is_used_and_every_test_import_is_declared() -> None:
    runtime = declared(PYPROJECT["project"]["dependencies"])
    extra = declared(PYPROJECT["project"]["optional-dependencies"]["test"])
    used = imported_distributions("tests", "benchmarks", "scripts")
    undeclared = {d: sorted(f) for d, f in used.items() if d not in runtime | extra}
    assert undeclared == {}, "imported by tests/benchmarks/scripts, declared nowhere"
    unused = []
    for distribution in sorted(extra - set(used)):
        if distribution == "pytest-textual-snapshot":
            # The plugin's fixture: a test that takes `snap_compare` uses it.
            uses = [p for p in (ROOT / "tests").rglob("*.py") if "snap_compare" in p.read_text()]
            if not uses:
                unused.append(distribution)
        elif distribution in RUN_NOT_IMPORTED:
            file, command = RUN_NOT_IMPORTED[distribution]
            if not command.search((ROOT / file).read_text(encoding="utf-8")):
                unused.append(distribution)
        else:
            unused.append(distribution)
    assert unused == [], "declared in [test], neither imported nor run"


def test_the_check_sees_imports_at_every_level_and_names_the_distribution(
    tmp_path: Path,
) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text(
        "import os\nfrom rich.text import Text\nfrom . import b\nimport b\n"
        "def f():\n    import pydantic_core\n"
        "if False:\n    from textual.app import App\n"
    )
    (tmp_path / "pkg" / "b.py").write_text("import tinydb.storages\n")
    found = imported_distributions("pkg", root=tmp_path)
    assert found == {
        "rich": {"pkg/a.py"},
        "pydantic-core": {"pkg/a.py"},
        "textual": {"pkg/a.py"},
        "tinydb": {"pkg/b.py"},
    }
    assert declared(["pytest-textual-snapshot==1.1.0", "tinydb>=4.8,<5", "Foo_Bar[x]"]) == {
        "pytest-textual-snapshot",
        "tinydb",
        "foo-bar",
    }
