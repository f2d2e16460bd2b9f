"""An event file whose log was changed by hand, sealed again so that its chain holds."""

from __future__ import annotations

from typing import Any

from judgetui.store import GENESIS_HASH, entry_hash


def rechain(log: dict[str, dict[str, Any]], start: int) -> None:
    """A careful forger's rewrite: every hash from ``start`` on recomputed."""
    prev = log[str(start - 1)]["hash"] if start > 1 else GENESIS_HASH
    for seq in range(start, len(log) + 1):
        entry = log[str(seq)]
        entry["prev"] = prev
        entry["hash"] = prev = entry_hash(entry)
