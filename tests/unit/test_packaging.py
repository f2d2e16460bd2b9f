"""How judgetui is packaged and says which it is: the version from git (so a tool upgrade
sees a new one), `--version`, linters bounded above, the wheel without the catalogues'
sources."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.helpers.cli import run

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_version_prints_the_installed_version_and_exits_0(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as ended:
        run(capsys, "--version")
    assert ended.value.code == 0
    out = capsys.readouterr().out
    assert out == f"judgetui {version('judgetui')}\n"


def test_the_version_comes_from_git_and_is_newer_than_the_old_static_one() -> None:
    assert "version" not in PYPROJECT["project"]
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["source"] == "vcs"
    major = int(version("judgetui").split(".")[0])
    assert major >= 1, "above 0.1.0, the last static version, or upgrades see an older one"


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_each_linter_has_an_upper_bound(tool: str) -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]["test"]
    wanted = [r for r in extras if r.startswith(tool)]
    assert len(wanted) == 1
    assert re.search(r"<\s*\d", wanted[0]), wanted[0]


def test_the_wheel_ships_the_compiled_catalogue_and_not_its_sources(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = tmp_path.glob("judgetui-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "judgetui/locale/ja/LC_MESSAGES/judgetui.mo" in names
    assert [n for n in names if n.endswith((".po", ".pot"))] == []
