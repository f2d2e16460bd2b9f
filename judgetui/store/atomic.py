"""Writing a file so that a reader only ever sees a whole one: a temp file in the same
folder, fsynced, renamed over the file, the folder fsynced (`write_file_atomically`);
and the event file's bytes as the store lays them out (`_encode`), with the new log
members spliced in where the file is exactly that layout (`_splice`).

Split from `judgetui.store.file` (which reads, creates and appends under the lock) so
each stays one subject; both are the store's, and nothing outside it opens a file.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import orjson

from judgetui.i18n import _
from judgetui.store.errors import EventFileError, EventFileExists, StoreWriteError, _one_line
from judgetui.store.permissions import _copy_permissions, _set_new_file_permissions


def _temp_prefix(path: Path) -> str:
    return f".{path.name}.tmp-"


def _temp_name(path: Path) -> Path:
    """A new temp file's name beside ``path``: this process's, not yet taken by another."""
    return path.parent / f"{_temp_prefix(path)}{os.getpid()}-{os.urandom(6).hex()}"


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


Buffer = bytes | memoryview
"""A piece of a file being written: the bytes read or held (a view, no copy) or new ones."""


def _member_head(seq: int) -> bytes:
    """How the log member of entry ``seq`` begins: ``,"<seq>":`` (the first without the
    comma), its entry's compact dump after it."""
    return (b',"%d":' if seq > 1 else b'"%d":') % seq


def _members(path: Path, sealed: Sequence[Mapping[str, Any]]) -> bytes:
    """The log members for ``sealed``, each as ``,"<seq>":<entry>`` (compact, as `_encode`)."""
    parts = []
    for entry in sealed:
        parts.append(_member_head(entry["seq"]))
        parts.append(_encode(path, entry))
    return b"".join(parts)


def _splice(
    path: Path, raw: Buffer, last: Any, sealed: Sequence[Mapping[str, Any]]
) -> tuple[Buffer, ...] | None:
    """``raw`` with ``sealed`` added to its log, without dumping the rest; None if it cannot.

    ``raw`` must parse to a document whose last table is the log and whose log's last
    member is ``last``. The store writes compact JSON (`_encode`): such a file ends with
    that member's own dump and the log's and the document's closing braces, and the new
    members go just before those braces, each as ``,"<seq>":<entry>`` - exactly the bytes
    `_encode` gives for the whole document with the entries added. Any other layout (a
    hand edit, TinyDB's own indented rewrite) does not end so, and the caller dumps the
    whole document instead.

    The result is the new file in pieces (``raw`` without its closing braces as a view,
    the new members, the braces), for `_write_atomically` to write one after the other:
    the file's bytes are never copied into a second object of their size.
    """
    return _splice_onto(path, (memoryview(raw),), last, sealed, closed=True)


def _splice_onto(
    path: Path,
    body: tuple[Buffer, ...],
    last: Any,
    sealed: Sequence[Mapping[str, Any]],
    *,
    closed: bool = False,
) -> tuple[Buffer, ...] | None:
    """Like `_splice` for a file held in pieces: ``body`` is the file without its closing
    braces (or with them, ``closed``); None unless it ends with ``last``'s own dump."""
    if not body:
        return None
    end = _encode(path, last) + (b"}}" if closed else b"")
    tail = body[-1]
    if len(tail) < len(end) or bytes(tail[len(tail) - len(end) :]) != end:
        return None
    if closed:
        body = (*body[:-1], memoryview(tail)[:-2])
    return (*body, _members(path, sealed), b"}}")


_IOV_MAX = 512
"""Pieces per `os.writev` (the system's limit is 1024 on Linux; a write has a handful)."""


def _write_all(fd: int, data: bytes | Sequence[Buffer]) -> None:
    """Write ``data`` (bytes, or pieces one after the other: `os.writev`) to ``fd``, all of it."""
    if isinstance(data, bytes):
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        return
    pieces = [memoryview(piece) for piece in data]
    pieces = [piece for piece in pieces if piece.nbytes]
    while pieces:
        written = os.writev(fd, pieces[:_IOV_MAX])
        while pieces and written >= pieces[0].nbytes:  # drop what was written
            written -= pieces.pop(0).nbytes
        if written:
            pieces[0] = pieces[0][written:]


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
        raise EventFileExists(
            _("{path}: an event file already exists here").format(path=path)
        ) from None
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
    data: bytes | Sequence[Buffer],
    like: os.stat_result | None,
    *,
    hold_new: bool = False,
    exclusive: bool = False,
    new_mode: int | None = None,
) -> os.stat_result:
    """Replace ``path`` with ``data`` durably, or raise StoreWriteError leaving it untouched.

    ``data`` may be pieces, written one after the other (`_splice`).

    Returns the stat of the file written, taken from its own descriptor: with
    ``hold_new``, after it took the name (a rename changes the inode's ctime), while it
    is still held, so that it is the stat a reader of the path sees until the next write.

    ``like`` is the stat of the file being replaced (its mode/group are kept);
    ``None`` means a new file (mode 0o660, group ``judges``). ``hold_new``: hold an
    exclusive flock on the new inode from before it takes the name until the write is
    durable, so that a writer that finds it at the path waits (see `EventFile.append`).
    ``exclusive``: only create, never replace (`EventFileExists` if the name is taken).
    ``new_mode``: a new file's mode instead (and its process's own group).
    """
    temp = _temp_name(path)
    fd = -1
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        if hold_new:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new inode: nobody else has it
        if like is None and new_mode is not None:
            os.fchmod(fd, new_mode)
        elif like is None:
            _set_new_file_permissions(fd)
        else:
            _copy_permissions(fd, like)
        _write_all(fd, data)
        os.fsync(fd)
        written_stat = os.fstat(fd)
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
        if fd >= 0:
            written_stat = os.fstat(fd)  # as the path shows it now (see above)
        _fsync_folder(path)
    finally:
        if fd >= 0:
            os.close(fd)
    return written_stat


def write_file_atomically(
    path: str | os.PathLike[str], data: bytes, *, new_mode: int | None = None
) -> None:
    """Replace (or create) any file with ``data`` the way the event file is written:
    a temp file in the same folder, fsync, rename over, fsync the folder.

    For files other than the event file (exports, reports, the judge's settings). An
    existing file keeps its owner, group and mode (minus world bits); a new one gets the
    event file's (0o660, group ``judges``), or ``new_mode`` in the process's own group (a
    judge's own settings: 0o600). Raises StoreWriteError, leaving what was at ``path``
    untouched.
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
    _write_atomically(target, data, like, new_mode=new_mode)
