"""One writer for the lock-race tests: appends one entry and reports each step.

Usage: ``python tests/helpers/trust_lock_writer.py PATH WRITER [--pause]``

Prints, one line each, flushed:

* ``ready`` once the store is imported;
* ``waiting`` whenever the write finds another write under way and waits for it;
* ``building`` when it holds the locks and has read the file (with ``--pause`` it then
  waits for a line on stdin before it writes: "mid-write");
* ``acked <seq> <hash>`` after the append returned, i.e. the entry was acknowledged.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from judgetui.store import EventFile, Snapshot


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main() -> int:
    path, writer = sys.argv[1], sys.argv[2]
    pause = "--pause" in sys.argv[3:]
    event_file = EventFile(path, lock_timeout=60.0, on_wait=lambda: say("waiting"))
    say("ready")

    def build(snapshot: Snapshot) -> list[dict[str, object]]:
        say("building")
        if pause:
            sys.stdin.readline()
        return [{"kind": "record", "judge": writer, "data": {"writer": writer}}]

    (sealed,) = event_file.append(build)
    say(f"acked {sealed['seq']} {sealed['hash']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
