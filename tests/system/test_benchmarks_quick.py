"""The benchmark script keeps working: `benchmarks/run.py --quick` runs and writes its JSON.

No time is asserted (CI machines vary); only that every figure was measured or
skipped for a stated reason (the terminal figures need tmux) and none failed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIGURES = {
    "record_process": ("value_s", "baseline_s", "ratio"),
    "first_paint": ("value_s", "baseline_s", "ratio"),
    "keystroke": ("p95_s",),
    "record_saving": ("p50_s", "p95_s", "max_s"),
    "record_recorded": ("p50_s", "p95_s", "max_s"),
    "station_to_station": ("p50_s", "p95_s"),
    "worst_key": ("max_s",),
    "peak_memory": ("station_mb", "baseline_mb", "ratio"),
    "idle_cpu": ("cpu_percent", "baseline_cpu_percent"),
}
QUICKER = ["--quick", "--samples", "1", "--idle", "1"]
"""No time is asserted: one sample of each figure and a one-second idle window show the
script working as well as more would."""
NEEDS_TMUX = tuple(name for name in FIGURES if name != "record_process")


def test_quick_benchmark_run(tmp_path: Path) -> None:
    out = tmp_path / "latest.json"
    script = str(ROOT / "benchmarks" / "run.py")
    proc = subprocess.run(
        [sys.executable, script, *QUICKER, "--out", str(out), "--cache", str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert "| figure" in proc.stdout  # the table was printed

    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert result["quick"] is True
    assert result["sizes"] == [200]
    for key in ("command", "machine", "events", "figures", "targets", "samples"):
        assert key in result
    assert {"nproc", "python", "cpu"} <= set(result["machine"])
    assert set(result["figures"]) == set(FIGURES)
    for size in ("200",):
        assert result["events"][size]["entries"] >= 2
        for name, keys in FIGURES.items():
            figure = result["figures"][name][size]
            assert figure["status"] in ("ok", "skipped"), (name, size, figure)
            if figure["status"] == "ok":
                for key in keys:
                    assert isinstance(figure[key], (int, float)), (name, size, key, figure)
            else:
                assert figure["reason"], (name, size)
    # The CLI figure needs nothing but Python: always measured.
    assert result["figures"]["record_process"]["200"]["status"] == "ok"
    # Every figure is judged against its target (met or not), skipped, or has none.
    targets = result["targets"]["200"]
    assert set(targets) == set(FIGURES)
    for name, verdict in targets.items():
        assert "met" in verdict or verdict["status"] in ("skipped", "no target"), (name, verdict)
    assert "met" in targets["record_process"]
    if shutil.which("tmux") is not None:
        kinds = set(result["figures"]["keystroke"]["200"]["by_kind"])
        assert {"open classification", "answer", "record: Saving… shown", "back"} <= kinds
    if shutil.which("tmux") is None:
        for name in NEEDS_TMUX:
            assert result["figures"][name]["200"]["status"] == "skipped"
