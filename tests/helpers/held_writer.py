"""Writer process for the spliced-write stress test: writes as a station does.

Usage: ``python tests/helpers/held_writer.py PATH WRITER COUNT``.

Holds the file through a `LogReader` (the store writes from its bytes while the file is
still those bytes), reads the others' writes between its own, and prints ``ready``,
then, AFTER each append has returned, one line ``<seq> <hash> <way>``, flushed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from judgetui.store import EventFile, Snapshot
from judgetui.store.follow import LogReader

PAD = "x" * 120


def main() -> int:
    path, writer, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    event_file = EventFile(path, lock_timeout=60.0)
    reader = LogReader(event_file)
    reader.load()
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    for n in range(count):

        def build(_snapshot: Snapshot, n: int = n) -> list[dict[str, object]]:
            return [{"kind": "record", "judge": writer, "data": {"writer": writer, "n": n}}]

        (sealed,) = event_file.append(build, holder=reader)
        out.write(f"{sealed['seq']} {sealed['hash']} {event_file.last_write}\n")
        out.flush()
        if n % 3 == 0:
            reader.read()  # catch up with the others now and then, as a follower does
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
