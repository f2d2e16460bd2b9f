"""What a standby mirror costs (issue 30): the pull, and the station beside it.

Usage: ``python benchmarks/mirror_pull.py EVENT [EVENT ...] [--samples N]`` (events made
by ``benchmarks/make_event.py``). For each, on a copy in a temporary folder, medians of
``N`` samples (default 7), in seconds:

- ``once_first`` / ``once_same`` / ``once_extends``: one ``judgetui mirror --once --from
  "cat EVENT"`` process making the copy, finding it unchanged, taking one new entry (it
  reads and verifies its own copy whole each time: a cron line's pull);
- ``every_same`` / ``every_extends``: one pull of a running ``mirror --every`` (the copy
  held in memory), in process: unchanged, one new entry;
- ``export_event``: one ``judgetui export --format event`` process, what the backup
  account's ForceCommand runs on the station for each pull;
- ``record_alone`` / ``record_beside``: one ``judgetui record`` process on the station's
  file, alone and with what ``mirror --every 1`` costs the station running beside it (an
  ``export --format event`` a second; the mirror's own work is on its own machine), in
  alternating samples.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgetui.cli.mirror import Mirror
from judgetui.rules import load_rules
from judgetui.state import EventState
from judgetui.store import EventFile

PY = sys.executable
JUDGETUI = [PY, "-m", "judgetui"]
HEAD = "Kana Mori"
EXPORTS = """
import subprocess, sys, time
while True:
    start = time.monotonic()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=False)
    time.sleep(max(0.0, 1.0 - (time.monotonic() - start)))
"""


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv[:6]} exited {done.returncode}: {done.stderr[-300:]!r}")
    return wall


def add_entry(db: Path, n: int) -> None:
    """One new entry on the station (a judge added: any player may be ejected here)."""
    timed([*JUDGETUI, "--db", str(db), "event", "judge", f"Bench Judge {n}", "--judge", HEAD])


def active_players(db: Path) -> list[str]:
    """Active players without records, last first: each sample records on one of them."""
    state = EventState.fold(load_rules(), EventFile(db).load().entries)
    quiet = [p.id for p in state.players.values() if p.status == "active" and not p.records]
    return quiet[::-1] or [p.id for p in state.players.values() if p.status == "active"]


def median(values: list[float]) -> float:
    return round(statistics.median(values), 4)


def measure(event: Path, samples: int) -> dict[str, object]:
    out: dict[str, object] = {"event": event.name, "bytes": event.stat().st_size}
    with tempfile.TemporaryDirectory(prefix="mirror-bench-") as folder:
        work = Path(folder)
        station = work / "station.json"
        shutil.copyfile(event, station)
        out["entries"] = len(EventFile(station).load().entries)
        copy = work / "standby.json"
        pull = [*JUDGETUI, "mirror", "--once", "--from", f"cat {station}", "--to", str(copy)]
        first, same, extends = [], [], []
        for n in range(samples):
            for path in copy.parent.glob("standby.json*"):
                path.unlink()
            first.append(timed(pull))
            same.append(timed(pull))
            add_entry(station, n)
            extends.append(timed(pull))
        out.update(once_first=median(first), once_same=median(same), once_extends=median(extends))

        args = argparse.Namespace(json=False, every=1, timeout=120)
        mirror = Mirror(args, copy, ["cat", str(station)])
        stop = threading.Event()
        same, extends = [], []
        quiet = contextlib.redirect_stdout(io.StringIO())  # its "copied: ..." lines
        for n in range(samples):
            with quiet:
                start = time.perf_counter()
                mirror.once(stop)
                same.append(time.perf_counter() - start)
            add_entry(station, 100 + n)
            with quiet:
                start = time.perf_counter()
                mirror.once(stop)
                extends.append(time.perf_counter() - start)
        out.update(every_same=median(same), every_extends=median(extends))

        export = [*JUDGETUI, "--db", str(station), "export", "--format", "event"]
        out["export_event"] = median([timed(export) for _ in range(samples)])

        players = iter(active_players(station) * 2)

        def record() -> list[str]:
            return [*JUDGETUI, "--db", str(station), "record", "--judge", HEAD, "--player",
                    next(players), "--infraction", "slow_play", "--intentional", "no",
                    "--disruptive", "yes"]  # fmt: skip

        # The station's side of `mirror --every 1` over ssh: an export a second (the pull's
        # parsing and checking run on the mirror's own machine, not here).
        beside = [PY, "-c", EXPORTS, *export]
        alone: list[float] = []
        near: list[float] = []
        for n in range(samples):
            for with_mirror in (n % 2 == 0, n % 2 != 0):
                if not with_mirror:
                    alone.append(timed(record()))
                    continue
                proc = subprocess.Popen(
                    beside, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
                try:
                    time.sleep(2.5)  # its first pull made, the next ones under way
                    near.append(timed(record()))
                finally:
                    proc.terminate()
                    proc.wait(10)
        out.update(record_alone=median(alone), record_beside=median(near))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events", nargs="+", type=Path)
    parser.add_argument("--samples", type=int, default=7)
    args = parser.parse_args()
    for event in args.events:
        print(json.dumps(measure(event, args.samples)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
