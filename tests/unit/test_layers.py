"""`python -m judgetui.tools.layers` on small fake packages: each rule caught when broken,
nothing reported when it holds, and the import kinds the docstring says do not count."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from judgetui.tools import layers

ROOT = Path(__file__).resolve().parents[2]


def package(tmp_path: Path, files: dict[str, str], name: str = "fakejudge") -> Path:
    """A package ``name`` in ``tmp_path``: ``{"engine/classify.py": source, …}``.

    Every folder gets an ``__init__.py`` (empty unless ``files`` gives one).
    """
    root = tmp_path / name
    root.mkdir(parents=True)
    (root / "__init__.py").write_text("")
    for relative, source in files.items():
        path = root / relative
        for folder in [p for p in path.relative_to(root).parents if p != Path(".")]:
            (root / folder).mkdir(parents=True, exist_ok=True)
            init = root / folder / "__init__.py"
            if not init.exists():
                init.write_text("")
        path.write_text(textwrap.dedent(source))
    return root


CLEAN = {
    "engine/classify.py": "from fakejudge.rules import Rules\n",
    "rules.py": "class Rules: ...\n",
    "i18n.py": "import gettext\n",
    "diagnostics.py": "import os\n",
    "store.py": "from fakejudge import diagnostics\nfrom fakejudge.i18n import _\n",
    "state.py": "from fakejudge.engine.classify import Rules\n",
    "service/__init__.py": (
        "from fakejudge.service.record import plan\nfrom fakejudge import store\n"
    ),
    "service/record.py": "def plan() -> None: ...\ndef _hidden() -> None: ...\n",
    "cli.py": textwrap.dedent(
        """\
        from fakejudge import service

        def open_station() -> None:
            from fakejudge.station.app import run_station
        """
    ),
    "station/app.py": "import textual.app\nfrom fakejudge.station.screens import dashboard\n",
    "station/screens/dashboard.py": (
        "from textual.screen import Screen\nfrom fakejudge import service\n"
    ),
    "station/dialogs/confirm.py": "from textual.screen import ModalScreen\n",
}


def lines(root: Path) -> list[str]:
    return layers.violations(root)


def test_a_package_that_keeps_the_layers_has_no_violation(tmp_path: Path) -> None:
    assert lines(package(tmp_path, CLEAN)) == []


@pytest.mark.parametrize(
    ("relative", "source", "expected"),
    [
        # rule 1: the engine imports no store/service/station/cli, directly or through others
        ("engine/classify.py", "from fakejudge.store import x\n", "the engine imports"),
        ("engine/classify.py", "import fakejudge.cli\n", "the engine imports"),
        ("engine/classify.py", "def f():\n    from fakejudge import service\n", "the engine"),
        (
            "rules.py",
            "from fakejudge.station.app import x\n",
            "the engine imports store/service/station/cli: "
            "fakejudge.engine.classify → fakejudge.rules → fakejudge.station",
        ),
        # rule 2: the store imports nothing of the domain
        ("store.py", "from fakejudge.rules import Rules\n", "the store imports the domain"),
        ("store.py", "def f():\n    from fakejudge.state import x\n", "the store imports"),
        (
            "diagnostics.py",
            "from fakejudge import state\n",
            "the store imports the domain: "
            "fakejudge.store → fakejudge.diagnostics → fakejudge.state",
        ),
        # rule 3: the command line loads no Textual, even through a function's import
        ("cli.py", "from textual.app import App\n", "the command line loads Textual"),
        ("cli.py", "def f():\n    from fakejudge.station import t\n", "loads Textual"),
        # rule 4: no screen imports the CLI or the service's internals
        (
            "station/dialogs/confirm.py",
            "def f():\n    from fakejudge.cli import x\n",
            "a screen imports the CLI",
        ),
        (
            "station/dialogs/confirm.py",
            "from fakejudge.service.record import plan\n",
            "the service's internals: fakejudge.service.record",
        ),
        (
            "station/screens/dashboard.py",
            "from fakejudge.service import _hidden\n",
            "the service's internals: fakejudge.service._hidden",
        ),
        (
            "station/dialogs/confirm.py",
            "from fakejudge.service import record\n",
            "the service's internals: fakejudge.service.record",
        ),
    ],
)
def test_each_rule_is_caught(tmp_path: Path, relative: str, source: str, expected: str) -> None:
    files = dict(CLEAN)
    files[relative] = files.get(relative, "") + source
    files["station/t.py"] = "from textual.widget import Widget\n"
    found = lines(package(tmp_path, files))
    assert len(found) == 1, found
    assert expected in found[0]
    reported_in = {"rules.py": "engine/classify.py", "diagnostics.py": "store.py"}
    assert found[0].startswith(f"fakejudge/{reported_in.get(relative, relative)}:")


def test_one_import_statement_is_one_line_and_the_plumbing_may_be_used(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["safe_text.py"] = "CONTROL = ''\n"
    files["perf.py"] = "import gc\n"
    files["store.py"] = (
        CLEAN["store.py"]
        + "from fakejudge import perf, safe_text\nfrom fakejudge.state import a, b\n"
    )
    [line] = lines(package(tmp_path, files))
    assert line.startswith("fakejudge/store.py:4: the store imports the domain")


def test_a_chain_is_named_module_by_module(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["text.py"] = "from fakejudge.station import themes\n"
    files["station/themes.py"] = "from textual.binding import Binding\n"
    files["cli.py"] = CLEAN["cli.py"] + "from fakejudge import text\n"
    [line] = lines(package(tmp_path, files))
    assert line.endswith(
        "the command line loads Textual: "
        "fakejudge.cli → fakejudge.text → fakejudge.station.themes → textual.binding"
    ), line


def test_a_circle_is_caught_also_through_a_functions_import(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["station/follow.py"] = "from fakejudge.station import language\n"
    files["station/language.py"] = "def f():\n    from fakejudge.station import app\n"
    files["station/app.py"] = CLEAN["station/app.py"] + "from fakejudge.station import follow\n"
    [line] = lines(package(tmp_path, files))
    assert "import circle" in line
    for module in ("app", "follow", "language"):
        assert f"fakejudge.station.{module}" in line
    assert line.startswith("fakejudge/station/app.py:")


def test_a_circle_of_two_and_a_tangle_are_each_one_line(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["a.py"] = "from fakejudge import b\n"
    files["b.py"] = "from fakejudge import a\n"
    files["c.py"] = "from fakejudge import d\nfrom fakejudge import e\n"
    files["d.py"] = "from fakejudge import c\n"
    files["e.py"] = "from fakejudge import c\n"
    found = lines(package(tmp_path, files))
    assert len(found) == 2, found
    assert found[0].endswith("import circle: fakejudge.a → fakejudge.b → fakejudge.a")
    assert found[1].endswith("(3 modules tangled)")


def test_type_checking_imports_count_for_nothing(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["engine/classify.py"] = textwrap.dedent(
        """\
        from typing import TYPE_CHECKING
        import typing

        if TYPE_CHECKING:
            from fakejudge.store import EventFile
            from fakejudge.state import EventState
        if typing.TYPE_CHECKING:
            from fakejudge.cli import main
        """
    )
    files["state.py"] = "from fakejudge.engine import classify\n"
    files["store.py"] = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import fakejudge.rules\n"
    )
    assert lines(package(tmp_path, files)) == []


def test_the_code_beside_type_checking_still_counts(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["engine/classify.py"] = textwrap.dedent(
        """\
        from typing import TYPE_CHECKING

        if TYPE_CHECKING:
            pass
        else:
            from fakejudge.store import EventFile
        """
    )
    [line] = lines(package(tmp_path, files))
    assert "the engine imports" in line


def test_relative_imports_are_resolved(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["engine/classify.py"] = "from ..store import EventFile\nfrom . import model\n"
    files["engine/model.py"] = ""
    [line] = lines(package(tmp_path, files))
    assert line.startswith("fakejudge/engine/classify.py:1: the engine imports")


def test_the_station_entry_may_load_textual_but_nothing_else_in_the_cli(tmp_path: Path) -> None:
    files = dict(CLEAN)
    files["cli.py"] = CLEAN["cli.py"] + "def config():\n    from fakejudge.station import t\n"
    files["station/t.py"] = "import textual\n"
    [line] = lines(package(tmp_path, files))
    assert line.startswith("fakejudge/cli.py:6: the command line loads Textual")


def test_the_command_exits_1_with_one_line_per_violation_and_0_when_clean(
    tmp_path: Path,
) -> None:
    clean = package(tmp_path / "ok", CLEAN)
    files = dict(CLEAN)
    files["engine/classify.py"] = "from fakejudge import store, cli\n"
    broken = package(tmp_path / "bad", files)

    def run(root: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "judgetui.tools.layers", "--root", str(root)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )

    ok = run(clean)
    assert (ok.returncode, ok.stdout) == (0, "")
    bad = run(broken)
    assert bad.returncode == 1
    assert len(bad.stdout.splitlines()) == 2
    assert all("the engine imports" in line for line in bad.stdout.splitlines())
    assert run(tmp_path).returncode == 2  # not a package
