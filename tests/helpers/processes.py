"""A program run in a Python of its own, as a judge's process starts: ``python -c``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RECORD_ARGS = ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
"""The rest of a `record` of a Notice-worthy slow play (after ``--db`` and ``--player``)."""


def python_c(
    program: str,
    argv: Sequence[str],
    folder: Path,
    environ: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -c program *argv`` in ``folder`` (its working folder and ``HOME``), this
    checkout first on the path, nothing else of this process's environment but ``PATH``
    (and ``environ``); raises when it fails."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder)}
    env.update(PYTHONPATH=str(ROOT), **(environ or {}))
    return subprocess.run(
        [sys.executable, "-c", program, *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        check=True,
    )
