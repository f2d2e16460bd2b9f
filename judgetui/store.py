"""The event file: the only code in judgetui that opens it.

Several judges run judgetui at once, each in their own process, all on ONE
TinyDB-format JSON file. TinyDB's own ``JSONStorage`` is not safe for that: it
truncates and rewrites the file in place (a crash leaves half a file) and
keeps per-process caches (document ids, open file handles). This module makes
the file safe and keeps it valid TinyDB JSON::

    {"meta": {"1": {"schema_version": 1, "event_id": "<uuid4>", "created_at": "<UTC>"}},
     "log":  {"1": {entry seq 1}, "2": {entry seq 2}, ...}}

* Every write goes to a temp file in the same folder, is fsynced, then
  ``os.replace``-d over the file and the folder is fsynced. Readers therefore
  always see a whole file and need no lock.
* Every read-modify-write holds an exclusive ``flock`` on ``<file>.lock`` and
  re-reads the file inside the lock.
* The log is append-only and hash-chained: each entry carries ``seq`` (its
  TinyDB doc id), ``prev`` (the previous entry's hash) and ``hash``.
* A file that cannot be read is never overwritten, moved or repaired.

The module is domain-agnostic: entries are plain JSON dicts.
"""

from __future__ import annotations

import errno
import fcntl
import gc
import hashlib
import os
import secrets
import stat
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from operator import itemgetter
from pathlib import Path
from typing import Any

import orjson
from tinydb.storages import Storage

from judgetui import diagnostics
from judgetui.i18n import _

__all__ = [
    "GENESIS_HASH",
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "EventFile",
    "EventFileError",
    "EventFileExists",
    "EventFileMissing",
    "FileStamp",
    "Snapshot",
    "StoreLockTimeout",
    "StoreWriteError",
    "VerifyResult",
    "entry_hash",
    "settle_young_objects",
    "verify_entries",
]

SCHEMA_VERSION = 1
GENESIS_HASH = "0" * 64
META_TABLE = "meta"
LOG_TABLE = "log"

#: Mode of files we create; never world-readable. Applied with fchmod, so the umask
#: does not matter.
FILE_MODE = 0o660
#: If this Unix group exists (and we may chown to it), new files belong to it.
JUDGES_GROUP = "judges"
#: Default seconds to wait for another station's write to finish.
DEFAULT_LOCK_TIMEOUT = 10.0

# Fields the store owns in every log entry; callers' values for them are replaced.
_SEALED_KEYS = frozenset({"seq", "prev", "hash"})


# --------------------------------------------------------------------------- errors


class EventFileError(Exception):
    """The event file cannot be read or used. ``str(e)`` is one line naming the file."""


class EventFileMissing(EventFileError):
    """There is no event file at the path."""


class EventFileExists(EventFileError):
    """``create`` was asked to make an event file where one already exists."""


class StoreWriteError(Exception):
    """A write failed. The previous file is intact; ``str(e)`` is one line."""


class StoreLockTimeout(StoreWriteError):
    """Another process held the lock for longer than the timeout; nothing was written."""


# --------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class FileStamp:
    """Identity of one version of the file: any atomic replace changes the inode."""

    inode: int
    mtime_ns: int
    size: int

    @classmethod
    def from_stat(cls, st: os.stat_result) -> FileStamp:
        return cls(inode=st.st_ino, mtime_ns=st.st_mtime_ns, size=st.st_size)


@dataclass(frozen=True)
class Snapshot:
    """One consistent read of the event file.

    ``entries`` are in seq order. They are the parsed dicts themselves (no copy,
    for speed): treat them as read-only.
    """

    meta: dict[str, Any]
    entries: list[dict[str, Any]]
    stamp: FileStamp

    @property
    def head(self) -> str:
        """Hash of the last entry; ``GENESIS_HASH`` when the log is empty."""
        if not self.entries:
            return GENESIS_HASH
        head: str = self.entries[-1]["hash"]
        return head


@dataclass(frozen=True)
class VerifyResult:
    """Outcome of recomputing the whole hash chain.

    ``count`` and ``head`` cover the entries that verified: when ``ok`` that is the
    whole log; otherwise the entries before ``first_bad_seq``.
    """

    ok: bool
    head: str
    count: int
    first_bad_seq: int | None
    problem: str | None


def entry_hash(entry: Mapping[str, Any]) -> str:
    """SHA-256 hex of the entry's canonical JSON (sorted keys), without its ``hash`` key."""
    body = {key: value for key, value in entry.items() if key != "hash"}
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


# --------------------------------------------------------------------------- helpers


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _judges_gid() -> int | None:
    try:
        import grp
    except ImportError:  # pragma: no cover - not Unix
        return None
    try:
        return grp.getgrnam(JUDGES_GROUP).gr_gid
    except KeyError:
        return None


def _set_new_file_permissions(fd: int) -> None:
    """0o660 whatever the umask, group ``judges`` when it exists and we may use it."""
    gid = _judges_gid()
    if gid is not None:
        with suppress(OSError):  # not a member of the group: keep our own group
            os.fchown(fd, -1, gid)
    os.fchmod(fd, FILE_MODE)


def _copy_permissions(fd: int, like: os.stat_result) -> None:
    """Give the temp file the owner/group/mode of the file it replaces (minus world bits)."""
    try:
        os.fchown(fd, like.st_uid, like.st_gid)
    except OSError:
        with suppress(OSError):
            os.fchown(fd, -1, like.st_gid)
    os.fchmod(fd, stat.S_IMODE(like.st_mode) & 0o770)


def _temp_prefix(path: Path) -> str:
    return f".{path.name}.tmp-"


def _remove_leftover_temps(path: Path) -> None:
    """Delete temp files left by killed writers. Call ONLY while holding the lock.

    A live writer holds the lock for as long as its temp file exists, so under the
    lock every temp file for this event file is a leftover.
    """
    prefix = _temp_prefix(path)
    folder = path.parent
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix):
            with suppress(OSError):
                os.unlink(folder / name)


def _encode(path: Path, document: Mapping[str, Any]) -> bytes:
    """Serialise the whole file (compact JSON)."""
    try:
        return orjson.dumps(document)
    except (TypeError, ValueError) as exc:
        raise StoreWriteError(
            _("{path}: could not serialise the data ({reason}); nothing was saved").format(
                path=path, reason=_one_line(exc)
            )
        ) from exc


def _fsync_folder(path: Path) -> None:
    """Make the rename itself durable."""
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_CLOEXEC)
    except OSError as exc:
        raise StoreWriteError(
            _(
                "{path}: saved, but its folder could not be opened to sync it "
                "({reason}); the change may not survive a power loss"
            ).format(path=path, reason=exc.strerror)
        ) from exc
    try:
        os.fsync(dir_fd)
    except OSError as exc:
        if exc.errno in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
            return  # the file system cannot sync folders; the replace is as durable as it gets
        raise StoreWriteError(
            _(
                "{path}: saved, but its folder could not be synced ({reason}); "
                "the change may not survive a power loss"
            ).format(path=path, reason=exc.strerror)
        ) from exc
    finally:
        os.close(dir_fd)


def _write_atomically(path: Path, data: bytes, like: os.stat_result | None) -> None:
    """Replace ``path`` with ``data`` durably, or raise StoreWriteError leaving it untouched.

    ``like`` is the stat of the file being replaced (its mode/group are kept);
    ``None`` means a new file (mode 0o660, group ``judges``).
    """
    temp = path.parent / f"{_temp_prefix(path)}{os.getpid()}-{secrets.token_hex(6)}"
    fd = -1
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        if like is None:
            _set_new_file_permissions(fd)
        else:
            _copy_permissions(fd, like)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temp, path)
    except BaseException as exc:
        if fd >= 0:
            with suppress(OSError):
                os.close(fd)
        with suppress(OSError):
            os.unlink(temp)
        if not isinstance(exc, Exception):
            raise  # KeyboardInterrupt and friends: cleaned up, propagate as is
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise StoreWriteError(
            _("{path}: could not save ({reason}); the previous file is unchanged").format(
                path=path, reason=_one_line(reason)
            )
        ) from exc
    _fsync_folder(path)


def _read_raw(path: Path) -> tuple[bytes, os.stat_result] | None:
    """Bytes and stat of the file (stat of the very inode read); None if it does not exist."""
    try:
        with open(path, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise EventFileError(_("{path}: not a regular file").format(path=path))
            return handle.read(), st
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise EventFileError(
            _("{path}: cannot read ({reason})").format(
                path=path, reason=exc.strerror or _one_line(exc)
            )
        ) from exc


def settle_young_objects() -> None:
    """Move every object the cyclic GC tracks into its oldest generation, without a pass.

    Call right after making a large acyclic structure (a parsed file, a folded state).
    Otherwise the GC walks all of it in its next young collection, again when it is
    promoted to the middle generation, and once more in a full collection, each time
    for nothing: ~150 ms of a station's start-up on a 10,000-record event. Objects in
    the oldest generation are still freed as usual when no longer referenced, and still
    collected by full collections. ``gc.freeze()`` + ``gc.unfreeze()`` is exactly that
    move (two O(1) list splices); skipped if something else keeps objects frozen.
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def _parse(path: Path, raw: bytes) -> Any:
    if not raw or raw.isspace():
        raise EventFileError(_("{path}: empty file ({n} bytes)").format(path=path, n=len(raw)))
    # Parsing creates one dict per entry; the cyclic GC would run several full
    # passes over them mid-parse for nothing (JSON has no cycles): ~20% of load time.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        document = orjson.loads(raw)
        settle_young_objects()
        return document
    except orjson.JSONDecodeError as exc:
        where = _("line {line}, column {column}").format(line=exc.lineno, column=exc.colno)
        if exc.pos >= len(raw.rstrip()):
            raise EventFileError(
                _("{path}: truncated (the JSON stops at {where})").format(path=path, where=where)
            ) from None
        raise EventFileError(
            _("{path}: not valid JSON ({where})").format(path=path, where=where)
        ) from None
    finally:
        if gc_was_enabled:
            gc.enable()


def _doc_id(key: str) -> int | None:
    """TinyDB doc id of a canonical decimal key ("1", "2", ...), else None."""
    if key.isascii() and key.isdigit() and key[0] != "0":
        return int(key)
    return None


def _check_header(path: Path, document: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """The meta document and the log table of a parsed event file."""
    if not isinstance(document, dict):
        raise EventFileError(
            _("{path}: not an event file (the top level is not a JSON object)").format(path=path)
        )
    meta_table = document.get(META_TABLE)
    meta = meta_table.get("1") if isinstance(meta_table, dict) else None
    if not isinstance(meta, dict):
        raise EventFileError(
            _('{path}: not an event file (no "{table}" table)').format(path=path, table=META_TABLE)
        )
    version = meta.get("schema_version")
    if type(version) is not int or version < 1:
        raise EventFileError(
            _("{path}: unsupported schema_version {version}").format(
                path=path, version=_one_line(repr(version))
            )
        )
    if version > SCHEMA_VERSION:
        raise EventFileError(
            _("{path}: schema_version {version} is newer than this judgetui ({known})").format(
                path=path, version=version, known=SCHEMA_VERSION
            )
        )
    log = document.get(LOG_TABLE, {})
    if not isinstance(log, dict):
        raise EventFileError(
            _('{path}: the "{table}" table is not a JSON object').format(path=path, table=LOG_TABLE)
        )
    return meta, log


def _contiguous_entries(log: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Fast path of :func:`_ordered_entries` for the normal file, using C-level loops.

    Returns the entries if the keys are exactly "1".."n" in order, each entry is a
    dict whose ``seq`` is the int matching its key and whose ``hash`` is a str;
    otherwise None (the caller then finds and names the problem).
    """
    count = len(log)
    values = list(log.values())
    try:
        seqs = list(map(itemgetter("seq"), values))
        hash_types = set(map(type, map(itemgetter("hash"), values)))
    except (TypeError, KeyError):  # an entry is not a dict, or lacks seq/hash
        return None
    if (
        set(map(type, values)) <= {dict}
        and set(map(type, seqs)) <= {int}
        and hash_types <= {str}
        and seqs == list(range(1, count + 1))
        and list(log) == list(map(str, range(1, count + 1)))
    ):
        return values
    return None


def _ordered_entries(path: Path, log: dict[str, Any]) -> list[dict[str, Any]]:
    """Structure check of the log (no hashing) and its entries in seq order."""
    fast = _contiguous_entries(log)
    if fast is not None:
        return fast
    entries: list[dict[str, Any]] = []
    last = 0
    in_order = True
    for key, entry in log.items():
        doc_id = _doc_id(key)
        if doc_id is None:
            raise EventFileError(f"{path}: the log has an entry with a bad id {key!r}")
        if not isinstance(entry, dict):
            raise EventFileError(f"{path}: log entry {doc_id} is not a JSON object")
        seq = entry.get("seq")
        if type(seq) is not int or seq != doc_id:
            raise EventFileError(
                f"{path}: log entry {doc_id} is stored with seq {_one_line(repr(seq))}"
            )
        if type(entry.get("hash")) is not str:
            raise EventFileError(f"{path}: log entry {doc_id} has no hash")
        if doc_id < last:
            in_order = False
        last = doc_id
        entries.append(entry)
    if not in_order:
        entries.sort(key=itemgetter("seq"))
    return entries


def _seal(
    path: Path, entries: Sequence[Mapping[str, Any]], next_seq: int, prev: str
) -> list[dict[str, Any]]:
    """Give each entry seq/prev/hash, chained onto ``prev``."""
    sealed: list[dict[str, Any]] = []
    for offset, entry in enumerate(entries):
        seq = next_seq + offset
        body = {key: value for key, value in entry.items() if key not in _SEALED_KEYS}
        body["seq"] = seq
        body["prev"] = prev
        try:
            # Round-trip so the entry (and the hash) is exactly what a later load sees:
            # tuples become lists, datetimes strings, NaN null; also a private copy.
            clean: dict[str, Any] = orjson.loads(orjson.dumps(body))
        except (TypeError, ValueError) as exc:
            raise StoreWriteError(
                f"{path}: entry {seq} cannot be stored as JSON ({_one_line(exc)}); "
                "nothing was saved"
            ) from exc
        clean["hash"] = prev = entry_hash(clean)
        sealed.append(clean)
    return sealed


def _utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class _InterProcessLock:
    """Exclusive ``flock`` on a separate lock file.

    Each acquisition opens its own descriptor, so the lock also excludes other
    threads and other objects on the same file within this process.
    """

    def __init__(self, lock_path: Path, data_path: Path, timeout: float, reentrant: bool) -> None:
        self.lock_path = lock_path
        self._data_path = data_path
        self._timeout = timeout
        self._reentrant = reentrant
        self._local = threading.local()

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CLOEXEC
        try:
            try:
                return os.open(self.lock_path, flags)
            except FileNotFoundError:
                pass
            except PermissionError:
                # flock works on a read-only descriptor too.
                return os.open(self.lock_path, os.O_RDONLY | os.O_CLOEXEC)
            try:
                fd = os.open(self.lock_path, flags | os.O_CREAT | os.O_EXCL, FILE_MODE)
            except FileExistsError:
                return os.open(self.lock_path, flags)
            with suppress(OSError):  # the lock still works with other permissions
                _set_new_file_permissions(fd)
            return fd
        except OSError as exc:
            raise StoreWriteError(
                _("{path}: cannot open the lock file ({reason}); nothing was saved").format(
                    path=self.lock_path, reason=exc.strerror or _one_line(exc)
                )
            ) from exc

    def _acquire(self, fd: int) -> None:
        deadline = time.monotonic() + self._timeout
        delay = 0.0005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                pass
            except OSError as exc:
                raise StoreWriteError(
                    _("{path}: cannot lock ({reason}); nothing was saved").format(
                        path=self.lock_path, reason=exc.strerror
                    )
                ) from exc
            if time.monotonic() >= deadline:
                diagnostics.warning("lock timeout after %gs: %s", self._timeout, self.lock_path)
                raise StoreLockTimeout(
                    _(
                        "{path}: another station held the lock {lock} for over {seconds}s; "
                        "nothing was saved"
                    ).format(
                        path=self._data_path, lock=self.lock_path.name, seconds=f"{self._timeout:g}"
                    )
                )
            if delay == 0.0005:  # the first time it is found held
                diagnostics.info("lock busy, waiting up to %gs: %s", self._timeout, self.lock_path)
            time.sleep(delay)
            delay = min(delay * 2, 0.01)

    @contextmanager
    def hold(self) -> Iterator[None]:
        depth: int = getattr(self._local, "depth", 0)
        if depth:
            if not self._reentrant:
                raise RuntimeError(
                    f"{self._data_path}: write called while this EventFile already holds "
                    "the lock (from inside build?)"
                )
            self._local.depth = depth + 1
            try:
                yield
            finally:
                self._local.depth = depth
            return
        fd = self._open()
        try:
            self._acquire(fd)
            self._local.depth = 1
            try:
                yield
            finally:
                self._local.depth = 0
        finally:
            os.close(fd)  # closing the descriptor releases the flock


# --------------------------------------------------------------------------- EventFile


class EventFile:
    """The hash-chained, append-only event log in one TinyDB JSON file.

    Safe to use from many processes (and threads) at once. Reads take no lock;
    ``create`` and ``append`` hold ``<path>.lock``.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT
    ) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._lock = _InterProcessLock(self.lock_path, self.path, lock_timeout, reentrant=False)

    def __repr__(self) -> str:
        return f"EventFile({str(self.path)!r})"

    def exists(self) -> bool:
        return self.path.exists()

    def stamp(self) -> FileStamp | None:
        """Cheap change detection for watchers: compare with ``Snapshot.stamp``."""
        try:
            return FileStamp.from_stat(os.stat(self.path))
        except FileNotFoundError:
            return None

    def _read(self) -> tuple[dict[str, Any], Snapshot, os.stat_result]:
        """Parsed document, its snapshot, and the stat of the inode that was read."""
        found = _read_raw(self.path)
        if found is None:
            raise EventFileMissing(
                f"{self.path}: no event file here "
                "(create one with `judgetui event init` or `judgetui demo`)"
            )
        raw, st = found
        document = _parse(self.path, raw)
        meta, log = _check_header(self.path, document)
        entries = _ordered_entries(self.path, log)
        return document, Snapshot(meta=meta, entries=entries, stamp=FileStamp.from_stat(st)), st

    def load(self) -> Snapshot:
        """Read and structurally check the file, without the lock and without hashing.

        Writers replace the file atomically, so a read always sees one whole version.
        """
        return self._read()[1]

    def create(self, entries: Sequence[Mapping[str, Any]]) -> Snapshot:
        """Create the event file with a fresh meta document and ``entries`` sealed."""
        with self._lock.hold():
            _remove_leftover_temps(self.path)
            if os.path.lexists(self.path):
                raise EventFileExists(f"{self.path}: an event file already exists here")
            meta: dict[str, Any] = {
                "schema_version": SCHEMA_VERSION,
                "event_id": str(uuid.uuid4()),
                "created_at": _utc_now(),
            }
            sealed = _seal(self.path, entries, 1, GENESIS_HASH)
            document = {
                META_TABLE: {"1": meta},
                LOG_TABLE: {str(entry["seq"]): entry for entry in sealed},
            }
            _write_atomically(self.path, _encode(self.path, document), like=None)
            stamp = FileStamp.from_stat(os.stat(self.path))
        return Snapshot(meta=meta, entries=sealed, stamp=stamp)

    def append(
        self, build: Callable[[Snapshot], Sequence[Mapping[str, Any]]]
    ) -> list[dict[str, Any]]:
        """Append the entries ``build`` returns for the CURRENT file; return them sealed.

        Under the lock: re-read the file, call ``build(snapshot)`` (it validates
        against that state and may raise anything, in which case nothing is written
        and the exception propagates), seal the entries, write atomically. ``build``
        must not modify the snapshot nor write to this file. Returning no entries
        writes nothing.
        """
        with self._lock.hold():
            _remove_leftover_temps(self.path)
            document, snapshot, st = self._read()
            new = build(snapshot)
            if not new:
                return []
            next_seq = snapshot.entries[-1]["seq"] + 1 if snapshot.entries else 1
            sealed = _seal(self.path, new, next_seq, snapshot.head)
            log = document.setdefault(LOG_TABLE, {})
            for entry in sealed:
                log[str(entry["seq"])] = entry
            _write_atomically(self.path, _encode(self.path, document), like=st)
        return sealed

    def verify(self) -> VerifyResult:
        """Recompute the whole chain and report the first entry that is wrong.

        Raises EventFileMissing / EventFileError only when the file is not a
        readable event file at all; problems inside the log are reported.
        """
        found = _read_raw(self.path)
        if found is None:
            raise EventFileMissing(
                f"{self.path}: no event file here "
                "(create one with `judgetui event init` or `judgetui demo`)"
            )
        _meta, log = _check_header(self.path, _parse(self.path, found[0]))

        items: list[tuple[int, Any]] = []
        for key, entry in log.items():
            doc_id = _doc_id(key)
            if doc_id is None:
                return VerifyResult(
                    False, GENESIS_HASH, 0, None, f"the log has an entry with a bad id {key!r}"
                )
            items.append((doc_id, entry))
        items.sort(key=itemgetter(0))
        return _verify_chain(items)


def verify_entries(entries: Sequence[Mapping[str, Any]]) -> VerifyResult:
    """`EventFile.verify` over entries already read with `EventFile.load`.

    A station that just loaded the file after a change checks the chain from what it
    read instead of reading and parsing the file a second time.
    """
    return _verify_chain([(entry.get("seq"), entry) for entry in entries])


def _verify_chain(items: Sequence[tuple[Any, Any]]) -> VerifyResult:
    """Walk (doc id, entry) pairs in doc-id order; the first entry that is wrong, if any."""

    def bad(count: int, head: str, seq: int | None, problem: str) -> VerifyResult:
        return VerifyResult(False, head, count, seq, problem)

    head = GENESIS_HASH
    count = 0
    for doc_id, entry in items:
        expected = count + 1
        if doc_id != expected:
            if expected == 1:
                problem = f"entry 1 is missing (log starts at {doc_id})"
            else:
                problem = f"entry {expected} is missing (log jumps from {expected - 1} to {doc_id})"
            return bad(count, head, expected, problem)
        if not isinstance(entry, dict):
            return bad(count, head, doc_id, f"entry {doc_id} is not a JSON object")
        seq = entry.get("seq")
        if type(seq) is not int or seq != doc_id:
            return bad(
                count,
                head,
                doc_id,
                f"entries out of order at {doc_id} "
                f"(found seq {_one_line(repr(seq))} in place {doc_id})",
            )
        stored = entry.get("hash")
        if stored != entry_hash(entry):
            return bad(count, head, doc_id, f"entry {doc_id} was edited (hash mismatch)")
        if entry.get("prev") != head:
            before = "the start of the log" if doc_id == 1 else f"entry {doc_id - 1}"
            return bad(
                count, head, doc_id, f"entry {doc_id} does not link to {before} (chain broken)"
            )
        head = stored
        count += 1
    return VerifyResult(True, head, count, None, None)


# --------------------------------------------------------------------------- TinyDB storage


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
            raise EventFileError(f"{self.path}: not a TinyDB file (tables must be JSON objects)")
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
