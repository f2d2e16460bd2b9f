"""What a forger does to a station's event file, for the mirror's tests: cut it short and
re-chain what follows (`cut_and_rechain`), edit an entry with or without re-chaining
(`edit_entry`); and `Lines`, what a running `judgetui mirror --every` says."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from pathlib import Path
from typing import IO, Any

from tests.helpers.chain import rechain


def read_doc(db: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(db.read_bytes())
    return doc


def write_doc(db: Path, doc: dict[str, Any]) -> None:
    """The document written back compactly (as the store lays it out)."""
    db.write_bytes(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode())


def edit_entry(db: Path, seq: int, *, note: str, chained: bool) -> None:
    """Entry ``seq``'s note (or its first record's) changed; with ``chained`` every hash
    from it on recomputed, so the file verifies on its own."""
    doc = read_doc(db)
    data = doc["log"][str(seq)]["data"]
    data["note"] = note
    if chained:
        rechain(doc["log"], seq)
    write_doc(db, doc)


def cut_and_rechain(db: Path, keep: int, extra: int) -> None:
    """The log cut after entry ``keep``, then ``extra`` of its later entries put back
    with a changed note and re-chained: a consistent log, as long or longer, that no
    longer holds what came after ``keep``."""
    doc = read_doc(db)
    log = doc["log"]
    later = [log[str(seq)] for seq in range(keep + 1, len(log) + 1)][:extra]
    doc["log"] = {k: v for k, v in log.items() if int(k) <= keep}
    for offset, entry in enumerate(later, start=1):
        entry = dict(entry, seq=keep + offset, data={**entry["data"], "note": "rewritten"})
        doc["log"][str(keep + offset)] = entry
    rechain(doc["log"], keep + 1)
    write_doc(db, doc)


class Lines:
    """The lines a running process prints, read as they come (stdout and stderr apart)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None and proc.stderr is not None
        self._out: queue.Queue[str | None] = queue.Queue()
        self._err: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        for stream, into in ((proc.stdout, self._out), (proc.stderr, self._err)):
            threading.Thread(target=self._read, args=(stream, into), daemon=True).start()

    @staticmethod
    def _read(stream: IO[str], into: queue.Queue[str | None]) -> None:
        for line in stream:
            into.put(line.rstrip("\n"))
        into.put(None)

    def next(self, timeout: float, *, err: bool = False) -> str:
        """The next line of stdout (of stderr, with ``err``) within ``timeout`` seconds."""
        line = (self._err if err else self._out).get(timeout=timeout)
        assert line is not None, "the process ended"
        if err:
            self.errors.append(line)
        return line

    def rest(self, timeout: float = 5) -> str:
        """What is left on stdout once the process ended, and stderr's lines kept."""
        lines = []
        while (line := self._out.get(timeout=timeout)) is not None:
            lines.append(line)
        while (line := self._err.get(timeout=timeout)) is not None:
            self.errors.append(line)
        return "\n".join(lines)
