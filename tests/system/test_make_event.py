"""The benchmarks' event generator keeps working through the service's planner.

`benchmarks/run.py` makes its events again whenever the code that writes them changes (the
cache key), so a generator that fails only shows on the first run after a change: at 400
records of 100 players a floor judge already meets a penalty only the head judge may issue
and asks for it instead (a `RecordRequest` remade with ``request=True``), the branch that
broke when the service's shapes became msgspec Structs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from judgetui.store import EventFile

ROOT = Path(__file__).resolve().parents[2]


def test_a_benchmark_event_is_made_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "make_event.py"), str(path), "100", "400"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "400 records" in proc.stderr  # its summary line
    result = EventFile(path).verify()
    assert result.ok, result.problem
    requested = [
        entry
        for entry in EventFile(path).load().entries
        if entry["kind"] == "incident_recorded"
        and any(rec["status"] == "pending" for rec in entry["data"]["records"])
    ]
    assert requested  # the floor judges' requests were made, not skipped
