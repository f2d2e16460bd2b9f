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
import hashlib
import logging
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
from judgetui.perf import collector_paused, settle_young_objects

__all__ = [
    "GENESIS_HASH",
    "HEAD_PREFIX_MIN",
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "EntryNotStorable",
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
    "normalise_head",
    "settle_young_objects",
    "verify_entries",
    "write_file_atomically",
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

#: Fewest hex digits of a head that `verify --head` accepts. 16 digits are 64 bits: no
#: forger can rewrite entries until one of their hashes happens to begin with them.
HEAD_PREFIX_MIN = 16

# Fields the store owns in every log entry; callers' values for them are replaced.
_SEALED_KEYS = frozenset({"seq", "prev", "hash"})

#: The store reports a write onto an already broken chain here (``warning``). The check
#: costs a re-hash of the whole log (~35 ms on a 10,000-record event), so it runs only
#: while a handler is attached to this very logger: the command line attaches one and
#: prints one line; a station, which checks the chain itself after every change, does not.
logger = logging.getLogger(__name__)
logger.addHandler(logging.NullHandler())


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


class EntryNotStorable(StoreWriteError):
    """An entry the caller built cannot be stored as JSON: bad input, not a failed disk."""


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
    whole log; otherwise the entries before ``first_bad_seq``. An empty log is never
    ``ok`` (every event starts with the entry that created it). When a head was given,
    ``ok`` also needs an entry of the verified chain with that hash: ``anchor_seq`` is
    its seq; without one the result is not ``ok`` and ``first_bad_seq`` is None (no
    entry is wrong, the log just no longer extends that head).
    """

    ok: bool
    head: str
    count: int
    first_bad_seq: int | None
    problem: str | None
    anchor_seq: int | None = None


def entry_hash(entry: Mapping[str, Any]) -> str:
    """SHA-256 hex of the entry's canonical JSON (sorted keys), without its ``hash`` key."""
    body = dict(entry)  # a C-level copy: a quarter faster than a comprehension
    body.pop("hash", None)
    return hashlib.sha256(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)).hexdigest()


def normalise_head(text: str) -> str:
    """A head as a judge copied it: the full hash, or at least its first 16 hex digits.

    Case and surrounding blanks do not matter, nor a trailing ``…`` (how screens shorten
    it). Raises ValueError with a one-line reason otherwise.
    """
    cleaned = text.strip().lower().removesuffix("…").removesuffix("...")
    if not cleaned or any(c not in "0123456789abcdef" for c in cleaned):
        raise ValueError(
            _("a head is a hash in hex digits (0-9, a-f), not {text!r}").format(text=text)
        )
    if not HEAD_PREFIX_MIN <= len(cleaned) <= 64:
        raise ValueError(
            _("a head has {low} to 64 hex digits, not {n}").format(
                low=HEAD_PREFIX_MIN, n=len(cleaned)
            )
        )
    return cleaned


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


def _publish_new(temp: Path, path: Path) -> None:
    """Give the finished temp file the event's name only if nothing has that name yet.

    A hard link fails when the name exists, atomically: even a second writer that got
    "the lock" because someone deleted the lock file cannot replace a new event.
    """
    try:
        os.link(temp, path)
    except FileExistsError:
        raise EventFileExists(f"{path}: an event file already exists here") from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # No hard links on this file system: the name was checked under the lock.
        os.replace(temp, path)
        return
    with suppress(OSError):  # a leftover temp is removed by the next writer
        os.unlink(temp)


def _write_atomically(
    path: Path,
    data: bytes,
    like: os.stat_result | None,
    *,
    hold_new: bool = False,
    exclusive: bool = False,
) -> None:
    """Replace ``path`` with ``data`` durably, or raise StoreWriteError leaving it untouched.

    ``like`` is the stat of the file being replaced (its mode/group are kept);
    ``None`` means a new file (mode 0o660, group ``judges``). ``hold_new``: hold an
    exclusive flock on the new inode from before it takes the name until the write is
    durable, so that a writer that finds it at the path waits (see `EventFile.append`).
    ``exclusive``: only create, never replace (`EventFileExists` if the name is taken).
    """
    temp = path.parent / f"{_temp_prefix(path)}{os.getpid()}-{secrets.token_hex(6)}"
    fd = -1
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        if hold_new:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new inode: nobody else has it
        if like is None:
            _set_new_file_permissions(fd)
        else:
            _copy_permissions(fd, like)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
        if not hold_new:
            os.close(fd)
            fd = -1
        if exclusive:
            _publish_new(temp, path)
        else:
            os.replace(temp, path)
    except BaseException as exc:
        if fd >= 0:
            with suppress(OSError):
                os.close(fd)
        with suppress(OSError):
            os.unlink(temp)
        if not isinstance(exc, Exception) or isinstance(exc, EventFileError):
            raise  # KeyboardInterrupt and friends, EventFileExists: cleaned up, as is
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise StoreWriteError(
            _("{path}: could not save ({reason}); the previous file is unchanged").format(
                path=path, reason=_one_line(reason)
            )
        ) from exc
    try:
        _fsync_folder(path)
    finally:
        if fd >= 0:
            os.close(fd)


def _kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("a FIFO (named pipe)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISDIR(mode):
        return _("a folder")
    return _("not a regular file")


def _open_event(path: Path) -> tuple[int, os.stat_result] | None:
    """A read-only descriptor on the event file and its stat; None if there is none.

    Never blocks and never reads what is not a file: ``O_NONBLOCK`` (opening a FIFO
    would otherwise wait for a writer forever, hanging every command and station),
    then ``fstat``: a FIFO, socket, device or folder is refused at once. ``O_NOFOLLOW``:
    a symbolic link is refused too, since every write replaces the path with a new
    regular file and so would silently split the event from the file the link named.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path):
            raise EventFileError(
                _("{path}: a symbolic link; give the event file itself").format(path=path)
            ) from None
        with suppress(OSError):  # a socket cannot even be opened: say what it is
            mode = os.lstat(path).st_mode
            if not stat.S_ISREG(mode):
                raise EventFileError(
                    _("{path}: {kind}, not an event file; refusing to read it").format(
                        path=path, kind=_kind_of(mode)
                    )
                ) from None
        raise EventFileError(
            _("{path}: cannot read ({reason})").format(
                path=path, reason=exc.strerror or _one_line(exc)
            )
        ) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise EventFileError(
                _("{path}: {kind}, not an event file; refusing to read it").format(
                    path=path, kind=_kind_of(st.st_mode)
                )
            )
    except BaseException:
        os.close(fd)
        raise
    return fd, st


def _read_fd(path: Path, fd: int) -> bytes:
    """All of the regular file open on ``fd`` (which stays open)."""
    try:
        with open(fd, "rb", closefd=False) as handle:
            return handle.read()
    except OSError as exc:
        raise EventFileError(
            _("{path}: cannot read ({reason})").format(
                path=path, reason=exc.strerror or _one_line(exc)
            )
        ) from exc


def write_file_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace (or create) any file with ``data`` the way the event file is written:
    a temp file in the same folder, fsync, rename over, fsync the folder.

    For files other than the event file (exports). An existing file keeps its group and
    mode (minus world bits); a new one gets the event file's (0o660, group ``judges``).
    Raises StoreWriteError, leaving what was at ``path`` untouched.
    """
    target = Path(path)
    try:
        like: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        like = None
    except OSError as exc:
        raise StoreWriteError(
            _("{path}: could not save ({reason}); the previous file is unchanged").format(
                path=target, reason=exc.strerror or _one_line(exc)
            )
        ) from exc
    _write_atomically(target, data, like)


def _read_raw(path: Path) -> tuple[bytes, os.stat_result] | None:
    """Bytes and stat of the file (stat of the very inode read); None if it does not exist."""
    found = _open_event(path)
    if found is None:
        return None
    fd, st = found
    try:
        return _read_fd(path, fd), st
    finally:
        os.close(fd)


def _same_inode(fd: int, path: Path) -> bool:
    """Is the inode open on ``fd`` still the one at ``path`` (not deleted, not replaced)?"""
    held = os.fstat(fd)
    try:
        current = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return (held.st_dev, held.st_ino) == (current.st_dev, current.st_ino)


def _flock_until(
    fd: int,
    deadline: float,
    *,
    on_wait: Callable[[], None] | None,
    timed_out: Callable[[], StoreLockTimeout],
    name: Path,
) -> None:
    """Exclusive flock on ``fd``, polling until ``deadline`` (monotonic).

    ``on_wait`` is called once if the lock is busy at the first try.
    """
    delay = 0.0005
    first = True
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        except OSError as exc:
            raise StoreWriteError(
                _("{path}: cannot lock ({reason}); nothing was saved").format(
                    path=name, reason=exc.strerror
                )
            ) from exc
        if first and on_wait is not None:
            on_wait()
        first = False
        if time.monotonic() >= deadline:
            raise timed_out()
        time.sleep(delay)
        delay = min(delay * 2, 0.01)


def _parse(path: Path, raw: bytes) -> Any:
    if not raw or raw.isspace():
        raise EventFileError(_("{path}: empty file ({n} bytes)").format(path=path, n=len(raw)))
    # Parsing creates one dict per entry; the cyclic GC would run several full
    # passes over them mid-parse for nothing (JSON has no cycles): ~20% of load time.
    try:
        with collector_paused():
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
            raise EntryNotStorable(
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

    The lock is the inode at the lock path *when it is granted*: after ``flock`` the
    descriptor's inode is compared with the path's, and if the lock file was deleted or
    replaced meanwhile, the new one is locked instead. The lock file is opened with
    ``O_NOFOLLOW`` (a symbolic link there is refused, never followed) and must be a
    regular file. Deleting the lock file while a writer holds it still lets a second
    writer in; `EventFile.append` therefore also locks the event file's own inode.
    """

    def __init__(
        self,
        lock_path: Path,
        data_path: Path,
        timeout: float,
        reentrant: bool,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self.lock_path = lock_path
        self._data_path = data_path
        self._timeout = timeout
        self._reentrant = reentrant
        self._on_wait = on_wait
        self._local = threading.local()

    def _refuse(self, reason: str) -> StoreWriteError:
        return StoreWriteError(
            _("{path}: cannot open the lock file ({reason}); nothing was saved").format(
                path=self.lock_path, reason=reason
            )
        )

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY
        try:
            try:
                fd = self._open_existing(flags)
            except FileNotFoundError:
                try:
                    fd = os.open(self.lock_path, flags | os.O_CREAT | os.O_EXCL, FILE_MODE)
                except FileExistsError:
                    fd = self._open_existing(flags)
                else:
                    with suppress(OSError):  # the lock still works with other permissions
                        _set_new_file_permissions(fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(self.lock_path):
                raise self._refuse(_("it is a symbolic link")) from None
            raise self._refuse(exc.strerror or _one_line(exc)) from exc
        try:
            mode = os.fstat(fd).st_mode
        except OSError as exc:
            os.close(fd)
            raise self._refuse(exc.strerror or _one_line(exc)) from exc
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise self._refuse(_kind_of(mode))
        return fd

    def _open_existing(self, flags: int) -> int:
        try:
            return os.open(self.lock_path, flags)
        except PermissionError:
            # flock works on a read-only descriptor too.
            return os.open(self.lock_path, flags & ~os.O_RDWR | os.O_RDONLY)

    def _timed_out(self) -> StoreLockTimeout:
        diagnostics.warning("lock timeout after %gs: %s", self._timeout, self.lock_path)
        return StoreLockTimeout(
            _(
                "{path}: another station held the lock {lock} for over {seconds}s; "
                "nothing was saved"
            ).format(path=self._data_path, lock=self.lock_path.name, seconds=f"{self._timeout:g}")
        )

    def _waiting(self) -> None:
        diagnostics.info("lock busy, waiting up to %gs: %s", self._timeout, self.lock_path)
        if self._on_wait is not None:
            self._on_wait()

    def _acquire(self) -> int:
        """A descriptor holding the flock on the inode that is at the lock path now."""
        deadline = time.monotonic() + self._timeout
        while True:
            fd = self._open()
            try:
                _flock_until(
                    fd,
                    deadline,
                    on_wait=self._waiting,
                    timed_out=self._timed_out,
                    name=self.lock_path,
                )
                if _same_inode(fd, self.lock_path):
                    return fd
            except BaseException:
                os.close(fd)
                raise
            # Deleted or replaced while we waited: whoever locks the new file would
            # not see us. Lock what is there now.
            os.close(fd)
            if time.monotonic() >= deadline:
                raise self._timed_out()

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
        fd = self._acquire()
        try:
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
    ``create`` and ``append`` hold ``<path>.lock``, and ``append`` also the event
    file's own inode (so that no acknowledged entry is lost even if someone deletes
    the lock file while a write is under way).

    ``on_wait`` is called (in the writing thread) each time a write finds another
    station's write under way and has to wait for it: a screen can say so.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + ".lock")
        self._lock_timeout = lock_timeout
        self._on_wait = on_wait
        self._lock = _InterProcessLock(
            self.lock_path, self.path, lock_timeout, reentrant=False, on_wait=on_wait
        )

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

    def _missing(self) -> EventFileMissing:
        return EventFileMissing(
            f"{self.path}: no event file here "
            "(create one with `judgetui event init` or `judgetui demo`)"
        )

    def _parse_event(self, raw: bytes, st: os.stat_result) -> tuple[dict[str, Any], Snapshot]:
        document = _parse(self.path, raw)
        meta, log = _check_header(self.path, document)
        entries = _ordered_entries(self.path, log)
        return document, Snapshot(meta=meta, entries=entries, stamp=FileStamp.from_stat(st))

    def _read(self) -> tuple[dict[str, Any], Snapshot, os.stat_result]:
        """Parsed document, its snapshot, and the stat of the inode that was read."""
        found = _read_raw(self.path)
        if found is None:
            raise self._missing()
        raw, st = found
        document, snapshot = self._parse_event(raw, st)
        return document, snapshot, st

    def _hold_current(self) -> tuple[int, os.stat_result]:
        """Open the event file and flock the very inode that is at the path now.

        Every writer holds this from before it reads until its replacement is durable,
        and holds the replacement's inode (locked before it takes the name) too. A
        writer that got in because the lock file was deleted or replaced under a
        running write therefore waits here for that write, then re-reads its result.
        """
        deadline = time.monotonic() + self._lock_timeout

        def timed_out() -> StoreLockTimeout:
            diagnostics.warning("event file lock timeout after %gs", self._lock_timeout)
            return StoreLockTimeout(
                _(
                    "{path}: another station kept the event file locked for over {seconds}s; "
                    "nothing was saved"
                ).format(path=self.path, seconds=f"{self._lock_timeout:g}")
            )

        while True:
            found = _open_event(self.path)
            if found is None:
                raise self._missing()
            fd, st = found
            try:
                _flock_until(
                    fd, deadline, on_wait=self._on_wait, timed_out=timed_out, name=self.path
                )
                if _same_inode(fd, self.path):
                    return fd, st
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)  # a write replaced it while we waited: lock its result
            if time.monotonic() >= deadline:
                raise timed_out()

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
            return self._write_new(entries, like=None)

    def recreate(
        self,
        entries: Sequence[Mapping[str, Any]],
        may_replace: Callable[[Snapshot], None],
    ) -> Snapshot:
        """Like `create`, but an event file already at the path is replaced when
        ``may_replace(its snapshot)`` returns (it raises to refuse).

        All under the lock: the file that is judged is the file that is replaced, and no
        other writer can slip an entry in between. A file that cannot be read as an event
        file is never replaced (EventFileError). The replace itself is atomic.
        """
        with self._lock.hold():
            _remove_leftover_temps(self.path)
            if not os.path.lexists(self.path):
                return self._write_new(entries, like=None)
            fd, like = self._hold_current()
            try:
                _document, snapshot = self._parse_event(_read_fd(self.path, fd), like)
                may_replace(snapshot)
                return self._write_new(entries, like=like)
            finally:
                os.close(fd)

    def _write_new(
        self, entries: Sequence[Mapping[str, Any]], like: os.stat_result | None
    ) -> Snapshot:
        """A new event's file: created where nothing is (``like`` None), else over the
        file whose stat is ``like`` (the caller holds the lock, and that file's)."""
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
        data = _encode(self.path, document)
        if like is None:
            _write_atomically(self.path, data, like=None, exclusive=True)
        else:
            _write_atomically(self.path, data, like=like, hold_new=True)
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

        When the chain the entries were added to was already broken, the write still
        happens (the head judge must be able to go on working) and ``logger`` gets a
        warning naming the first bad entry, its ``verify`` attribute the full result
        (checked only while a handler listens on ``logger``, after the lock is released).
        """
        with self._lock.hold():
            fd, st = self._hold_current()
            try:
                _remove_leftover_temps(self.path)
                document, snapshot = self._parse_event(_read_fd(self.path, fd), st)
                new = build(snapshot)
                if not new:
                    return []
                next_seq = snapshot.entries[-1]["seq"] + 1 if snapshot.entries else 1
                sealed = _seal(self.path, new, next_seq, snapshot.head)
                log = document.setdefault(LOG_TABLE, {})
                for entry in sealed:
                    log[str(entry["seq"])] = entry
                _write_atomically(self.path, _encode(self.path, document), like=st, hold_new=True)
            finally:
                os.close(fd)
        # Outside the lock: the entries are in memory, and other stations need not wait.
        _warn_if_broken(self.path, snapshot.entries)
        return sealed

    def verify(self, head: str | None = None) -> VerifyResult:
        """Recompute the whole chain and report the first entry that is wrong.

        With ``head`` (see `normalise_head`), the verified chain must also hold an
        entry whose hash is (or begins with) it: the file only grew since that head
        was taken. The check is over the entries' own ``hash`` fields as verified,
        never a search of the file's text.

        Raises EventFileMissing / EventFileError only when the file is not a
        readable event file at all; problems inside the log are reported.
        """
        found = _read_raw(self.path)
        if found is None:
            raise self._missing()
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
        return _verify_chain(items, head)


def _warn_if_broken(path: Path, entries: Sequence[Mapping[str, Any]]) -> None:
    """Log a warning when the chain that was just appended to is broken (see ``logger``)."""
    listening = any(not isinstance(h, logging.NullHandler) for h in logger.handlers)
    if not entries or not listening:
        return
    result = verify_entries(entries)
    if not result.ok:
        logger.warning(
            _(
                "{path}: the penalty log's chain is broken at entry {seq}; run `judgetui verify`"
            ).format(seq=result.first_bad_seq, path=path),
            extra={"verify": result},
        )


def verify_entries(entries: Sequence[Mapping[str, Any]], head: str | None = None) -> VerifyResult:
    """`EventFile.verify` over entries already read with `EventFile.load`.

    A station that just loaded the file after a change checks the chain from what it
    read instead of reading and parsing the file a second time.
    """
    return _verify_chain([(entry.get("seq"), entry) for entry in entries], head)


def _verify_chain(items: Sequence[tuple[Any, Any]], anchor: str | None = None) -> VerifyResult:
    """Walk (doc id, entry) pairs in doc-id order; the first entry that is wrong, if any.

    ``anchor``: a head (normalised) that one of the verified entries' hashes must be or
    begin with.
    """

    def bad(count: int, head: str, seq: int | None, problem: str) -> VerifyResult:
        return VerifyResult(False, head, count, seq, problem)

    head = GENESIS_HASH
    count = 0
    anchor_seq: int | None = None
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
        if anchor is not None and anchor_seq is None and stored.startswith(anchor):
            anchor_seq = doc_id
        head = stored
        count += 1
    if count == 0:
        return bad(0, head, 1, "the log is empty (not even the entry that created the event)")
    if anchor is not None and anchor_seq is None:
        return bad(
            count,
            head,
            None,
            f"no entry of the log has the hash {anchor}: entries were cut off its end, "
            "or it was rewritten, since that head was taken",
        )
    return VerifyResult(True, head, count, None, None, anchor_seq)


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
