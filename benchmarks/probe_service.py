"""In-process probe: `Station.record` vs the floor of one atomic rewrite.

Usage: ``python benchmarks/probe_service.py PATH PLAYER SAMPLES``; prints JSON with
the per-sample seconds of ``record`` (the service's own record call on PATH),
``floor`` (an atomic rewrite of the file's own bytes, no parse: write them to a temp
file in the same folder, fsync, ``os.replace``, fsync the folder) and ``load`` (read + fold the
event, what a station does when the file changed). Samples alternate.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgetui.identity import Caller
from judgetui.rules import load_rules
from judgetui.service import RecordRequest, Station
from judgetui.store import EventFile
from judgetui.store.follow import LogReader


def atomic_rewrite(path: Path, data: bytes) -> None:
    """Write ``data`` to a temp file beside ``path``, fsync, rename, fsync the folder."""
    temp = path.with_name(path.name + ".floor-tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, path.with_name(path.name + ".floor"))
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _settle_disk() -> None:
    """Before each timed side (untimed): everything written so far on disk, so that
    neither side's fsync waits on the other's leftovers."""
    os.sync()


def main() -> int:
    path, player, samples = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    station = Station(EventFile(path), load_rules(), caller=Caller("bench", None))
    request = RecordRequest(
        players=[player], infraction="slow_play", intentional=False, disruptive=True
    )
    out: dict[str, list[float]] = {"record": [], "floor": [], "load": []}
    # As a station holds it: what its reader read and the state folded from it.
    reader = LogReader(station.file)
    state = station.fold(reader.load())
    held = [reader.snapshot.stamp if reader.snapshot else None]
    station.held = lambda: (held[0], state)
    station.holder = reader  # its write splices onto the bytes the reader holds
    for i in range(samples + 1):  # the first round warms up and is dropped
        data = path.read_bytes()
        _settle_disk()
        start = time.perf_counter()
        atomic_rewrite(path, data)
        floor = time.perf_counter() - start
        _settle_disk()
        start = time.perf_counter()
        # The station's own write: check for a duplicate, record, catch up with the file.
        station.possible_duplicate("Kana Mori", request)
        station.record("Kana Mori", request)
        read = reader.read()
        if read is not None:
            held[0] = None
            state.extend(read.entries)
            held[0] = read.stamp
        record = time.perf_counter() - start
        start = time.perf_counter()
        station.load()
        load = time.perf_counter() - start
        held[0] = reader.snapshot.stamp if reader.snapshot else None
        if i:
            out["floor"].append(floor)
            out["record"].append(record)
            out["load"].append(load)
    path.with_name(path.name + ".floor").unlink(missing_ok=True)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
