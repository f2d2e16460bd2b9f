"""Information beside the floor: a durable write of one entry that does no more than the
floor (`floor_record.py`) but writes as `judgetui record` does.

Usage: ``python benchmarks/floor_pipelined.py PATH``. Imports orjson, reads the file,
begins writing its bytes but the closing braces to a temp file (``O_DSYNC``, in a thread
that is inside its ``writev`` before the parse begins), parses it, splices one entry shaped
like a penalty record in before the braces (no dump of the rest), finishes and fsyncs the
temp file, renames it over the file and fsyncs the folder. No check, no fold, no lock,
no chain. The issue's targets are against `floor_record.py`; this one shows what a
`record` costs beyond the least work done the way it does it.
"""

from __future__ import annotations

import gc
import os
import sys
import threading

import orjson
from floor_record import ENTRY, replace_durably


def write_all(fd: int, data: memoryview) -> None:
    while data:
        data = data[os.write(fd, data) :]


def main() -> int:
    gc.disable()
    path = sys.argv[1]
    with open(path, "rb") as handle:
        raw = handle.read()
    temp = path + ".floor-tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_DSYNC
    fd = os.open(temp, flags, 0o600)
    writing = threading.Event()

    def write_early() -> None:
        writing.set()
        write_all(fd, memoryview(raw)[:-2])

    early = threading.Thread(target=write_early)
    early.start()
    writing.wait()
    log = orjson.loads(raw)["log"]
    seq = len(log) + 1
    entry = {**ENTRY, "seq": seq, "prev": "0" * 64, "hash": "0" * 64}
    member = b',"%d":' % seq + orjson.dumps(entry)
    early.join()
    try:
        write_all(fd, memoryview(member + b"}}"))
        os.fsync(fd)
    finally:
        os.close(fd)
    replace_durably(temp, path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
