"""TinyDB storage with the event file's atomic, locked writes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from judgetui import diagnostics
from judgetui.i18n import _
from judgetui.store.atomic import _encode, _remove_leftover_temps, _write_atomically
from judgetui.store.errors import EventFileError
from judgetui.store.file import (
    META_TABLE,
    FileStamp,
    _check_header,
    _parse,
    _read_raw,
)
from judgetui.store.lock import DEFAULT_LOCK_TIMEOUT, _InterProcessLock


class AtomicJSONStorage(Storage):
    """TinyDB storage with the same atomic, locked writes as :class:`EventFile`.

    ``TinyDB(path, storage=AtomicJSONStorage)``. Reads take no lock and never
    see half a file; each ``write`` holds the lock. To make a TinyDB
    read-modify-write (update/remove/upsert) exclusive across processes, wrap it
    in ``with db.storage.locked(): ...``. Do not ``insert`` into one table from
    several processes: TinyDB caches the next document id per process. Appends to
    the event log go through :meth:`EventFile.append`.

    Plain ``JSONStorage`` can read the file too, but keeps a handle on the old
    inode after a replace and rewrites in place: use it only for one-off reads.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    ) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        diagnostics.keep_clear(self.path, self.lock_path)
        self._lock = _InterProcessLock(self.lock_path, self.path, lock_timeout, reentrant=True)
        # Stamp of the last version we parsed and found safe to replace.
        self._writable_stamp: FileStamp | None = None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the file's exclusive lock (re-entrant within one thread)."""
        with self._lock.hold():
            yield

    def _parse_tables(self, raw: bytes) -> dict[str, dict[str, Any]]:
        document = _parse(self.path, raw)
        if not isinstance(document, dict) or not all(
            isinstance(table, dict) for table in document.values()
        ):
            raise EventFileError(
                _("{path}: not a TinyDB file (tables must be JSON objects)").format(path=self.path)
            )
        return document

    def _check_writable(self, document: dict[str, dict[str, Any]]) -> None:
        """An event file (one with a meta table) must have a supported header to be replaced."""
        if META_TABLE in document:
            _check_header(self.path, document)

    def read(self) -> dict[str, dict[str, Any]] | None:
        found = _read_raw(self.path)
        if found is None:
            return None
        document = self._parse_tables(found[0])
        try:
            self._check_writable(document)
        except EventFileError:
            self._writable_stamp = None  # readable, but write() will refuse
        else:
            self._writable_stamp = FileStamp.from_stat(found[1])
        return document

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file atomically, unless what is there now cannot be read.

        TinyDB usually reads right before writing; when it did not (``drop_tables``),
        or the file changed since, the current file is parsed first so that an
        unreadable file is never overwritten.
        """
        payload = _encode(self.path, data)
        with self._lock.hold():
            _remove_leftover_temps(self.path)
            found = _read_raw(self.path) if self._stale() else None
            if found is not None:
                self._check_writable(self._parse_tables(found[0]))
            try:
                like: os.stat_result | None = os.stat(self.path)
            except FileNotFoundError:
                like = None
            _write_atomically(self.path, payload, like=like)
            self._writable_stamp = self.stamp()

    def _stale(self) -> bool:
        current = self.stamp()
        return current is not None and current != self._writable_stamp

    def stamp(self) -> FileStamp | None:
        try:
            return FileStamp.from_stat(os.stat(self.path))
        except FileNotFoundError:
            return None
