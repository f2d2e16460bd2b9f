"""The command line as a package (issue 12): small modules, none importing the package's
``__init__`` (that would be an import circle), none reaching Textual at module level, and
the layer check following a command's imports into every module of the package."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from judgetui import cli
from judgetui.tools import layers

PACKAGE = Path(cli.__file__).resolve().parent
MODULES = sorted(PACKAGE.glob("*.py"))


def test_the_cli_is_a_package_of_small_modules() -> None:
    sizes = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in MODULES}
    assert {"__init__.py", "parser.py", "common.py"} <= set(sizes)
    assert {name: n for name, n in sizes.items() if n > 500} == {}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_cli_module_imports_the_station_or_the_package_at_module_level(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module is not None
    ]
    assert [m for m in top if m.startswith(("judgetui.station", "textual"))] == []
    if path.name != "__init__.py":
        assert "judgetui.cli" not in top  # the package imports its modules, not back


def test_every_command_is_a_function_of_the_package() -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert set(cli.COMMANDS) == set(sub.choices or ())
    assert cli.COMMANDS["ssh"] is cli.cmd_ssh


def _fake(tmp_path: Path, command_module: str) -> Path:
    root = tmp_path / "fakejudge"
    (root / "cli").mkdir(parents=True)
    (root / "station").mkdir()
    (root / "__init__.py").write_text("")
    (root / "station" / "__init__.py").write_text("")
    (root / "station" / "app.py").write_text("import textual.app\n")
    (root / "station" / "themes.py").write_text("import textual.theme\n")
    (root / "cli" / "__init__.py").write_text("from fakejudge.cli.event import cmd_config\n")
    (root / "cli" / "event.py").write_text(textwrap.dedent(command_module))
    return root


def test_the_layer_check_follows_a_command_into_the_cli_packages_modules(
    tmp_path: Path,
) -> None:
    """A function-level import in a module of the package is what the command runs: a
    Textual import there is caught, and the station's hand-over is still allowed."""
    root = _fake(
        tmp_path,
        """\
        def cmd_config() -> None:
            from fakejudge.station import themes

        def open_station() -> None:
            from fakejudge.station.app import run_station
        """,
    )
    found = layers.violations(root)
    assert len(found) == 1, found
    assert found[0].startswith("fakejudge/cli/event.py:2: the command line loads Textual")

    clean = _fake(
        tmp_path / "clean",
        """\
        def open_station() -> None:
            from fakejudge.station.app import run_station
        """,
    )
    assert layers.violations(clean) == []
