"""Baseline: one bare stock-TinyDB insert process (stock ``JSONStorage``).

Usage: ``python benchmarks/stock_insert.py PATH``. Reads the whole file, inserts one
document shaped like a penalty entry into the ``log`` table, rewrites the file in
place (no temp file, no fsync, no lock) and exits: the cost any TinyDB app pays.
"""

from __future__ import annotations

import sys

from tinydb import TinyDB

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
                "minimum": "notice",
                "recommended": "notice",
                "points": 0,
                "status": "issued",
                "minor": True,
            }
        ],
    },
}


def main() -> int:
    db = TinyDB(sys.argv[1])
    db.table("log").insert(ENTRY)
    db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
