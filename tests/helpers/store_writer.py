"""Writer process for the store stress tests.

Usage: ``python tests/helpers/store_writer.py PATH WRITER COUNT`` (COUNT 0 = until killed).

Prints ``ready`` once the store is imported, then, AFTER each append has
returned (i.e. was acknowledged as saved), one line ``<seq> <hash>``, flushed.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from judgetui.store import EventFile, Snapshot

PAD = "x" * 120


def entry(writer: str, n: int) -> dict[str, object]:
    """One ~400-byte entry, the shape the app writes."""
    return {
        "kind": "record",
        "at": "2026-11-30T11:00:00Z",
        "judge": writer,
        "os_user": writer,
        "client": None,
        "data": {"writer": writer, "n": n, "note": PAD},
    }


def main() -> int:
    path, writer, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    event_file = EventFile(path, lock_timeout=60.0)
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    n = 0
    while count == 0 or n < count:

        def build(_snapshot: Snapshot, n: int = n) -> list[dict[str, object]]:
            return [entry(writer, n)]

        (sealed,) = event_file.append(build)
        out.write(f"{sealed['seq']} {sealed['hash']}\n")
        out.flush()
        n += 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
