"""A large event, made by the benchmarks' generator (`benchmarks/make_event.py`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVENT_NAME = "Autumn Championship 2026"
"""The name the generator gives its events."""


def make_big_event(path: Path, players: int, records: int) -> Path:
    """``records`` records on ``players`` players at ``path`` (10,000 on 2,000: 18,099
    entries, ~13 MB, ~4 s)."""
    maker = ROOT / "benchmarks" / "make_event.py"
    proc = subprocess.run(
        [sys.executable, str(maker), str(path), str(players), str(records)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return path
