"""The checkouts a run measures: this one, and with ``--against`` another one.

Each side runs its own code with its own Python: the other checkout's ``.venv`` when it has
one (its dependencies as it pins them), else this Python; its ``judgetui`` first on
``PYTHONPATH``, and every child started in the side's own folder (``python -m`` and ``-c``
put the working folder first on the path, which would otherwise be this checkout).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def env_for(root: Path) -> dict[str, str]:
    """The environment for every child of a side: its checkout first on the path, no locale.

    COLUMNS/LINES: a parent that used curses (pytest does) leaves COLUMNS=80 LINES=24 in the
    environment, and Textual would lay the station out for 80×24 in any pane.
    """
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(root), os.environ.get("PYTHONPATH", "")) if p
    )
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "JUDGETUI_DB", "COLUMNS", "LINES"):
        out.pop(var, None)
    out["TEXTUAL_ANIMATIONS"] = "none"
    out["TZ"] = "UTC"
    return out


@dataclass(frozen=True)
class Side:
    """One checkout as the figures run it."""

    name: str
    """``this`` or ``against``: the keys of every per-side result."""
    root: Path
    python: str
    judgetui: tuple[str, ...]
    """How a judge starts judgetui from this checkout (see `judgetui_command`)."""
    commit: str
    env: dict[str, str] = field(compare=False)

    @classmethod
    def of(cls, name: str, root: Path) -> Side:
        root = root.resolve()
        venv = root / ".venv" / "bin" / "python"
        python = str(venv) if root != ROOT and venv.is_file() else sys.executable
        env = env_for(root)
        return cls(name, root, python, judgetui_command(root, python, env), _commit(root), env)

    def label(self) -> str:
        return f"{self.name} ({self.commit})"


def judgetui_command(root: Path, python: str, env: dict[str, str]) -> tuple[str, ...]:
    """The installed ``judgetui`` script beside ``python`` (the README's
    ``.venv/bin/judgetui``) when the judgetui it imports is ``root``'s; else ``python -m
    judgetui`` run in ``root``. (The script starts without `runpy`, ~3 ms less than ``-m``;
    the floor and the minimal app are scripts too.)"""
    script = Path(python).with_name("judgetui")
    where = subprocess.run(
        [python, "-c", "import judgetui; print(judgetui.__file__)"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if script.is_file() and where and Path(where).resolve() == root / "judgetui" / "__init__.py":
        return (str(script),)
    return (python, "-m", "judgetui")


def _commit(root: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), "describe", "--always", "--dirty"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "no git"
