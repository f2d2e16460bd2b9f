"""The event file: the only code in judgetui that opens it.

Several judges run judgetui at once, each in their own process, all on ONE
TinyDB-format JSON file::

    {"meta": {"1": {"schema_version": 1, "event_id": "<uuid4>", "created_at": "<UTC>"}},
     "log":  {"1": {entry seq 1}, "2": {entry seq 2}, ...}}

The package is domain-agnostic: entries are plain JSON dicts.

* `file` reads, creates and appends (atomic writes, permissions, the safe open);
* `lock` is the inter-process lock;
* `chain` seals new entries and holds the ONE walk over the log (load and verify);
* `storage` is the TinyDB storage with the same atomic, locked writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judgetui.store.atomic import write_file_atomically
from judgetui.store.chain import (
    GENESIS_HASH,
    HEAD_PREFIX_MIN,
    VerifyResult,
    entry_hash,
    normalise_head,
    verify_entries,
)
from judgetui.store.errors import (
    EntryNotStorable,
    EventFileError,
    EventFileExists,
    EventFileMissing,
    StoreLockTimeout,
    StoreWriteError,
)
from judgetui.store.file import (
    LOG_TABLE,
    META_TABLE,
    SCHEMA_VERSION,
    EventFile,
    FileStamp,
    Snapshot,
)
from judgetui.store.listeners import LOGGER, WAIT_LISTENERS, WARNING_LISTENERS, LockWait
from judgetui.store.lock import DEFAULT_LOCK_TIMEOUT, _InterProcessLock
from judgetui.store.permissions import FILE_MODE, JUDGES_GROUP

if TYPE_CHECKING:
    from judgetui.store.storage import AtomicJSONStorage

__all__ = [
    "DEFAULT_LOCK_TIMEOUT",
    "FILE_MODE",
    "GENESIS_HASH",
    "HEAD_PREFIX_MIN",
    "JUDGES_GROUP",
    "LOGGER",
    "LOG_TABLE",
    "META_TABLE",
    "SCHEMA_VERSION",
    "WAIT_LISTENERS",
    "WARNING_LISTENERS",
    "AtomicJSONStorage",
    "EntryNotStorable",
    "EventFile",
    "EventFileError",
    "EventFileExists",
    "EventFileMissing",
    "FileStamp",
    "LockWait",
    "Snapshot",
    "StoreLockTimeout",
    "StoreWriteError",
    "VerifyResult",
    "_InterProcessLock",
    "entry_hash",
    "normalise_head",
    "verify_entries",
    "write_file_atomically",
]


def __getattr__(name: str) -> Any:
    """`AtomicJSONStorage` on first use: it imports TinyDB, which no command needs."""
    if name == "AtomicJSONStorage":
        from judgetui.store.storage import AtomicJSONStorage

        return AtomicJSONStorage
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
