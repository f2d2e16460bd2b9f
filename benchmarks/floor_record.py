"""Baseline: the physical floor of a durable write of one entry, as a process.

Usage: ``python benchmarks/floor_record.py PATH``. Imports orjson, reads and parses
the event file, adds one log entry shaped like a penalty record, serialises the
whole document, writes it to a temp file in the same folder, fsyncs it, renames it
over the file and fsyncs the folder: the least any program that keeps the event as
one JSON document must do to record one penalty safely. No check, no fold, no lock.
The cyclic collector is off for the whole process, as in `judgetui record`
(`judgetui.perf.one_shot`): a one-shot process has no cycles worth collecting, and with
it on the parse walked its young objects again and again (~10-20 ms at 10,000 records).
"""

from __future__ import annotations

import gc
import os
import sys

import orjson

ENTRY = {
    "kind": "incident_recorded",
    "at": "2026-11-29T15:00:00Z",
    "judge": "Kana Mori",
    "os_user": "bench",
    "data": {
        "incident": "00000000-0000-4000-8000-000000000001",
        "infraction": "slow_play",
        "intentional": False,
        "disruptive": True,
        "round": 3,
        "phase": "main",
        "records": [
            {
                "id": "00000000-0000-4000-8000-000000000002",
                "player": "P0001",
                "warning": "notice",
                "penalty": "notice",
                "points": 0,
                "status": "issued",
            }
        ],
    },
}


def main() -> int:
    gc.disable()
    path = sys.argv[1]
    with open(path, "rb") as handle:
        document = orjson.loads(handle.read())
    log = document.setdefault("log", {})
    seq = len(log) + 1
    log[str(seq)] = {**ENTRY, "seq": seq, "prev": "0" * 64, "hash": "0" * 64}
    data = orjson.dumps(document)
    temp = path + ".floor-tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    replace_durably(temp, path)
    return 0


def replace_durably(temp: str, path: str) -> None:
    """Rename the synced ``temp`` over ``path`` and fsync the folder: the rename durable."""
    os.replace(temp, path)
    folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


if __name__ == "__main__":
    raise SystemExit(main())
