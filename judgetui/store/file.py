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
import os
import stat
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

import orjson
from msgspec import Struct

from judgetui import diagnostics
from judgetui.i18n import _
from judgetui.store.atomic import (
    Buffer,
    _encode,
    _remove_leftover_temps,
    _splice,
    _splice_onto,
    _write_atomically,
)
from judgetui.store.chain import (
    GENESIS_HASH,
    VerifyAside,
    VerifyResult,
    read_log,
    seal,
    verify_log,
)
from judgetui.store.errors import (
    EventFileError,
    EventFileExists,
    EventFileMissing,
    StoreLockTimeout,
    _kind_of,
    _one_line,
)
from judgetui.store.listeners import chain_check, warn_if_broken
from judgetui.store.lock import DEFAULT_LOCK_TIMEOUT, _flock_until, _InterProcessLock, _same_inode

SCHEMA_VERSION = 1
META_TABLE = "meta"
LOG_TABLE = "log"


class FileStamp(Struct, frozen=True):
    """Identity of one version of the file: any atomic replace changes the inode, and
    any write in place its ctime (which no user can set back, unlike the mtime)."""

    inode: int
    mtime_ns: int
    size: int
    ctime_ns: int = 0

    @classmethod
    def from_stat(cls, st: os.stat_result) -> FileStamp:
        return cls(
            inode=st.st_ino, mtime_ns=st.st_mtime_ns, size=st.st_size, ctime_ns=st.st_ctime_ns
        )


class Snapshot(Struct, frozen=True):
    """One consistent read of the event file.

    ``entries`` are in seq order. They are the parsed dicts themselves (no copy,
    for speed): treat them as read-only.
    """

    meta: dict[str, Any]
    entries: Sequence[dict[str, Any]]
    stamp: FileStamp

    @property
    def head(self) -> str:
        """Hash of the last entry; ``GENESIS_HASH`` when the log is empty."""
        if not self.entries:
            return GENESIS_HASH
        head: str = self.entries[-1]["hash"]
        return head


class HeldVersion(Protocol):
    """One version of the file as a writer holds it (`judgetui.store.follow.Held`)."""

    @property
    def body(self) -> tuple[Buffer, ...]: ...
    @property
    def snapshot(self) -> Snapshot: ...
    @property
    def verdict(self) -> VerifyResult | None: ...
    def is_file(self, fd: int, st: os.stat_result) -> bool: ...
    def same_bytes(self, raw: bytes) -> bool: ...


class Holder(Protocol):
    """What a writer holds of the file (a station's `LogReader`)."""

    def held(self) -> HeldVersion | None:
        """The version last read (None: nothing a write can splice onto)."""

    def wrote(self, pieces: tuple[Buffer, ...], stamp: FileStamp) -> None:
        """This process just wrote ``pieces`` (one after the other) with ``stamp``; those
        of a held body are the very objects."""


WriteWay = Literal["held", "spliced", "full"]
"""How `EventFile.append` made the new file: from the holder's bytes, from the bytes it
read and parsed with the new entries spliced in, or by dumping the whole document."""


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


def _parse(path: Path, raw: bytes) -> Any:
    if not raw or raw.isspace():
        raise EventFileError(_("{path}: empty file ({n} bytes)").format(path=path, n=len(raw)))
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        where = _("line {line}, column {column}").format(line=exc.lineno, column=exc.colno)
        if exc.pos >= len(raw.rstrip()):
            raise EventFileError(
                _("{path}: truncated (the JSON stops at {where})").format(path=path, where=where)
            ) from None
        raise EventFileError(
            _("{path}: not valid JSON ({where})").format(path=path, where=where)
        ) from None


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


def _utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


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
        diagnostics.keep_clear(self.path, self.lock_path)  # LogRefused: --log is one of them
        self._lock_timeout = lock_timeout
        self._on_wait = on_wait
        self._lock = _InterProcessLock(
            self.lock_path, self.path, lock_timeout, reentrant=False, on_wait=on_wait
        )
        self.last_write: WriteWay | None = None
        """How the last `append` that wrote made the file (for tests and benchmarks)."""
        self.last_read: bool | None = None
        """Whether the last `append` read the file under the lock (False: the holder's
        stamp and last bytes showed it was the version held; for tests and benchmarks)."""

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
            _(
                "{path}: no event file here "
                "(create one with `judgetui event init` or `judgetui demo`)"
            ).format(path=self.path)
        )

    def _parse_event(self, raw: bytes, st: os.stat_result) -> tuple[dict[str, Any], Snapshot]:
        document = _parse(self.path, raw)
        meta, log = _check_header(self.path, document)
        walked = read_log(log)
        if walked.fault is not None:
            raise EventFileError(walked.fault.unreadable(self.path))
        entries = walked.entries
        return document, Snapshot(meta=meta, entries=entries, stamp=FileStamp.from_stat(st))

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

    def read_bytes(self) -> bytes:
        """The file's bytes as on disk (one whole version: writers rename) by `load`'s safe
        open, unparsed: `export --format event` gives them to a mirror to check (`store.copy`)."""
        found = _read_raw(self.path)
        if found is None:
            raise self._missing()
        return found[0]

    def load(self) -> Snapshot:
        """Read and structurally check the file, without the lock and without hashing.

        Writers replace the file atomically, so a read always sees one whole version.
        """
        found = _read_raw(self.path)
        if found is None:
            raise self._missing()
        return self._parse_event(*found)[1]

    def create(self, entries: Sequence[Mapping[str, Any]]) -> Snapshot:
        """Create the event file with a fresh meta document and ``entries`` sealed."""
        with self._lock.hold():
            _remove_leftover_temps(self.path)
            if os.path.lexists(self.path):
                raise EventFileExists(
                    _("{path}: an event file already exists here").format(path=self.path)
                )
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
        sealed = seal(self.path, entries, 1, GENESIS_HASH)
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
        self,
        build: Callable[[Snapshot], Sequence[Mapping[str, Any]]],
        *,
        holder: Holder | None = None,
    ) -> list[dict[str, Any]]:
        """Append the entries ``build`` returns for the CURRENT file; return them sealed.

        Under the lock: re-read the file, call ``build(snapshot)`` (it validates
        against that state and may raise anything, in which case nothing is written
        and the exception propagates), seal the entries, write atomically. ``build``
        must not modify the snapshot nor write to this file. Returning no entries
        writes nothing.

        The file under the lock is not parsed again when it is the version ``holder``
        holds. The new file is its bytes with the new members spliced in (`_splice`),
        byte-identical to a dump of the whole document, which is made only when the file
        is not laid out as the store writes it; ``holder`` is told (`Holder.wrote`).

        A write onto a broken chain still happens (the head judge must go on working);
        the diagnostic log and `store.listeners` are told: known from ``holder``'s check,
        checked beside the write for a holder whose version is not the file, else only
        while someone listens (`store.listeners`).
        """
        with self._lock.hold():
            fd, st = self._hold_current()
            try:
                _remove_leftover_temps(self.path)
                st = os.fstat(fd)  # under both locks: the version this write extends
                held = holder.held() if holder is not None else None
                if held is not None and not held.snapshot.entries:
                    held = None
                raw: bytes | None = None
                self.last_read = held is None or not held.is_file(fd, st)
                if self.last_read:
                    raw = _read_fd(self.path, fd)
                    if held is not None and not held.same_bytes(raw):
                        held = None
                document: dict[str, Any] | None = None
                last: Any = None
                if held is not None:
                    # The very version the holder read: its snapshot is this file's.
                    known = held.snapshot
                    snapshot = Snapshot(known.meta, known.entries, FileStamp.from_stat(st))
                    last = known.entries[-1]
                else:
                    assert raw is not None
                    document, snapshot = self._parse_event(raw, st)
                    log = document.get(LOG_TABLE)
                    if log and next(reversed(document)) == LOG_TABLE:
                        last = next(reversed(log.values()))
                new = build(snapshot)
                if not new:
                    return []
                next_seq = snapshot.entries[-1]["seq"] + 1 if snapshot.entries else 1
                sealed = seal(self.path, new, next_seq, snapshot.head)
                pieces: tuple[Buffer, ...] | None = None
                if held is not None:
                    pieces = _splice_onto(self.path, held.body, last, sealed)
                elif last is not None and not any(
                    str(e["seq"]) in document[LOG_TABLE]  # type: ignore[index]
                    for e in sealed
                ):
                    assert raw is not None
                    pieces = _splice(self.path, raw, last, sealed)
                way: WriteWay = "held" if held is not None else "spliced"
                if pieces is None:
                    way = "full"
                    if document is None:
                        if raw is None:
                            raw = _read_fd(self.path, fd)
                        document, _snapshot = self._parse_event(raw, st)
                    log = document.setdefault(LOG_TABLE, {})
                    for entry in sealed:
                        log[str(entry["seq"])] = entry
                    pieces = (_encode(self.path, document),)
                # The holder's own check of the chain; beside the write when it has made none
                # or the file is no longer what it holds (another writer, a hand edit).
                if held is None and holder is None:
                    check = chain_check(snapshot.entries)
                elif held is None or (verdict := held.verdict) is None:
                    check = VerifyAside(snapshot.entries).result
                else:
                    check = lambda: verdict  # noqa: E731
                written = _write_atomically(self.path, pieces, like=st, hold_new=True)
                self.last_write = way
            finally:
                os.close(fd)
        # Outside the lock: the entries are in memory, and other stations need not wait.
        if holder is not None:
            holder.wrote(pieces, FileStamp.from_stat(written))
        if check is not None:
            warn_if_broken(self.path, check(), sealed)
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
        return verify_log(log, head)
