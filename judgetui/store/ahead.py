"""The next write made ahead: the new file's bytes up to its new entries, written and
synced while the judge is still answering, so that the Enter that records writes only
the entries.

An append onto the version a station holds (`Held`) writes the held bytes, then the new
log members, then the closing braces, to a temp file; fsyncs it; renames it over the
event file; fsyncs the folder. At 10,000 records the held bytes are 11 MB, at 50,000
records 55 MB: writing and syncing them was most of the record key's time (20-150 ms).
None of it depends on the entries, so `WriteAhead.prepare` writes them early, into an
unnamed file in the event's folder (``O_TMPFILE``: nothing else can see it, and it
vanishes with the process if it dies), and fsyncs it. `publish` then writes the new
members and the braces after them, fsyncs, gives the file a temp name (a link), renames
it over the event file and fsyncs the folder: the same steps in the same order as
`_write_atomically`, so a record reported saved is in the file whatever follows
(SECURITY.md, promise 3). The file published is byte for byte what the plain path
writes.

A file written ahead is used only for the very version it was made from, or one that
extends it: when another station appended meanwhile, the held bytes begin with the
ones written ahead (compared), and only what was appended is written after them. For
anything else, and wherever the system has no ``O_TMPFILE`` or refuses the link (no
``/proc``), the write takes the plain path, as before. Nothing is written ahead where
the disk lacks the room for it and for the writes that record (`_room_for`).
"""

from __future__ import annotations

import errno
import fcntl
import functools
import os
import sys
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from msgspec import Struct

from judgetui.store.atomic import (
    Buffer,
    _named_durably,
    _temp_name,
    _views,
    _write_all,
    _write_atomically,
)
from judgetui.store.permissions import _copy_permissions

if TYPE_CHECKING:
    from judgetui.store.held import Held

_COMPARED_AT_ONCE = 1 << 20
"""Bytes compared per step when checking that a newer version extends the one written
ahead: the interpreter can switch threads between steps (the App's thread draws)."""
_NICER = 10
"""How much nicer than the station the thread that writes ahead runs (Linux: ~a tenth of
a core's share beside the App's thread). At 50,000 records the copy of 55 MB into the
page cache took a core for 60-240 ms on the loaded 2-core VM, under the keys typed
just after the classification opened (which it slowed by up to ~100 ms)."""
_WAIT_FOR_AHEAD = 2.0
"""Seconds a write waits for a file being written ahead before it writes its own."""
_ROOM_LEFT_FOR_WRITES = 2
"""How many whole files' worth of free disk a file written ahead must leave in its folder
(besides `_ROOM_SPARE`): every station's classification holds one such file while it is
open (55 MB at 50,000 records; ~100 judges at the largest events), and the writes that
record (this station's plain path, every other station's and command's) each need a
temp file the size of the event to be written at all. Where that room is not there,
nothing is written ahead: the record key then writes it all, as before."""
_ROOM_SPARE = 64 << 20


class _Ahead(Struct):
    """An unnamed file holding ``size`` bytes: those of ``body``, synced."""

    fd: int
    body: tuple[Buffer, ...]
    size: int


_closes_held: Callable[[int], bool] | None = None
"""Where a station keeps the descriptors to close until it is at rest (`hold_closes`)."""


def hold_closes(keep: Callable[[int], bool] | None) -> None:
    """``keep(fd)`` is asked first by every `close_later`: True when it took the
    descriptor to close later itself (with `close_now`); None: no one keeps them."""
    global _closes_held
    _closes_held = keep


def close_later(fd: int) -> None:
    """Close ``fd`` in a thread of its own, `_NICER` than the station: the last descriptor
    of a file that lost its name (the event file just replaced, a file written ahead)
    frees the file's blocks, ~3 ms at 10,000 records and ~11 ms at 50,000 on a quiet
    machine (18-26 ms traced on a loaded one; 10-80 ms at 50,000 in tmux under load),
    which no judge needs to wait for, and which on two cores took one from the frame
    that shows the record. (Closed half a second later instead, it can fall on the next
    classification's opening key.) A station in a terminal keeps them until it is at
    rest (`hold_closes`, `judgetui.station.rest`)."""
    keep = _closes_held
    if keep is not None and keep(fd):
        return
    close_now([fd])


def close_now(fds: Sequence[int]) -> None:
    """Close ``fds`` in a thread of their own, `_NICER` than this one (`close_later`)."""
    threading.Thread(target=_close, args=(tuple(fds),), name="judgetui-close", daemon=True).start()


def _close(fds: tuple[int, ...]) -> None:
    _be_nicer()
    for fd in fds:
        with suppress(OSError):
            os.close(fd)


def _be_nicer() -> None:
    """This thread `_NICER` than it is (Linux: niceness is a thread's; elsewhere nothing)."""
    with suppress(OSError, AttributeError):
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + _NICER)


def _size(pieces: Sequence[Buffer]) -> int:
    return sum(len(piece) for piece in pieces)


def _begins_with(body: Sequence[Buffer], ahead: _Ahead) -> bool:
    """Whether ``body``'s bytes begin with the ``ahead`` file's (compared a step at a time)."""
    if _size(body) < ahead.size:
        return False
    for lo in range(0, ahead.size, _COMPARED_AT_ONCE):
        hi = min(lo + _COMPARED_AT_ONCE, ahead.size)
        theirs = b"".join(_views(body, lo, hi))
        if not theirs.startswith(b"".join(_views(ahead.body, lo, hi))):
            return False
    return True


def _write_synced(fd: int, at: int, pieces: Sequence[Buffer]) -> None:
    """Write ``pieces`` at offset ``at`` of ``fd`` and sync them."""
    os.lseek(fd, at, os.SEEK_SET)
    _write_all(fd, pieces)
    os.fsync(fd)


def _room_for(folder: Path, size: int) -> bool:
    """Whether ``folder``'s file system can take a file of ``size`` bytes written ahead
    and still `_ROOM_LEFT_FOR_WRITES` writes of that size (False if it cannot tell)."""
    try:
        disk = os.statvfs(folder)
    except OSError:
        return False
    free = disk.f_bavail * disk.f_frsize
    return free >= (1 + _ROOM_LEFT_FOR_WRITES) * size + _ROOM_SPARE


def _unnamed_file(folder: Path) -> int | None:
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None:
        return None
    try:
        return os.open(folder, flag | os.O_RDWR | os.O_CLOEXEC, 0o600)
    except OSError:  # not supported here (another system, a network file system)
        return None


_AT_FDCWD = -100
_AT_EMPTY_PATH = 0x1000


@functools.cache
def _linkat() -> Any:
    """libc's ``linkat`` (Linux), or None; looked up once (`prepare` does it first)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # here: a command line, which never writes ahead, does not load it

    try:
        linkat = ctypes.CDLL(None, use_errno=True).linkat
    except (OSError, AttributeError):
        return None
    linkat.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    return linkat


def _link(fd: int, name: Path) -> None:
    """Give the unnamed file open on ``fd`` the name ``name`` (which must not exist).

    ``linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH)``: Linux allows it to the process that
    made the file (since 6.10; before, only with CAP_DAC_READ_SEARCH); else the
    documented way through ``/proc/self/fd`` (which some sandboxes refuse, EXDEV).
    """
    linkat = _linkat()
    if linkat is not None:
        if linkat(fd, b"", _AT_FDCWD, os.fsencode(name), _AT_EMPTY_PATH) == 0:
            return
        import ctypes

        error = ctypes.get_errno()
        if error == errno.EEXIST:
            raise FileExistsError(error, os.strerror(error), str(name))
    os.link(f"/proc/self/fd/{fd}", name)


_T = TypeVar("_T")


def _behind_the_judge(work: Callable[[], _T]) -> _T:
    """``work()`` in a thread of its own, `_NICER` than this one (its niceness dies with
    it: a thread may raise its own but not lower it back), waited for here."""
    out: list[_T] = []
    failed: list[BaseException] = []

    def run() -> None:
        _be_nicer()
        try:
            out.append(work())
        except BaseException as exc:
            failed.append(exc)

    thread = threading.Thread(target=run, name="judgetui-ahead", daemon=True)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return out[0]


class WriteAhead:
    """The next append of one `EventFile`, made ahead (see the module's docstring).

    `prepare` runs in any thread (a station's worker) and never takes the event file's
    lock; `take` runs in the writer, under the lock. At most one file is written ahead
    at a time; `discard` lets it go (the judge left the classification).
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._state = threading.Condition()
        self._ready: _Ahead | None = None
        self._writing = False
        self._discards = 0
        self.usable = True
        """False once the system refused an unnamed file or its link: no more tries."""
        self.used = 0
        """Appends published from a file written ahead (for tests and benchmarks)."""

    @property
    def discards(self) -> int:
        """How many times `discard` was called: a `prepare` asked for before the last one
        (its ``mark``) writes nothing."""
        return self._discards

    def prepare(self, held: Held, mark: int | None = None) -> bool:
        """Write ahead what an append onto ``held`` writes before its new members; True
        when that is on disk (already, or now). False when another `prepare` is under way,
        when `discard` was called since ``mark`` (`discards` when it was asked for), or
        when this system cannot (the plain path then does it all at the write)."""
        with self._state:
            if self._writing or not self.usable:
                return False
            if mark is not None and mark != self._discards:
                return False
            ready, self._ready = self._ready, None
            self._writing = True
            discards = self._discards
        try:
            ready = self._bring_up(ready, held.body)
        finally:
            with self._state:
                if ready is not None and discards != self._discards:
                    close_later(ready.fd)  # let go while it was being written
                    ready = None
                self._ready = ready
                self._writing = False
                self._state.notify_all()
        return ready is not None

    def _bring_up(self, ready: _Ahead | None, body: tuple[Buffer, ...]) -> _Ahead | None:
        """``ready`` extended to ``body`` if that begins with it, else a new file of it.

        Only the system calls run in the nicer thread (`_behind_the_judge`): the compare
        holds the interpreter a step at a time, and a thread that holds it must not be
        one the system lets wait (the App's thread would wait behind it)."""
        if ready is not None and ready.body is body:
            return ready
        if ready is not None:
            if _begins_with(body, ready):
                rest = _views(body, ready.size)
                try:
                    _behind_the_judge(lambda: _write_synced(ready.fd, ready.size, rest))
                except OSError:
                    pass
                else:
                    ready.body, ready.size = body, _size(body)
                    return ready
            close_later(ready.fd)
        if not _room_for(self._path.parent, _size(body)):
            return None
        _linkat()
        fd = _unnamed_file(self._path.parent)
        if fd is None:
            self.usable = False
            return None
        try:
            _behind_the_judge(lambda: _write_synced(fd, 0, body))
        except OSError:
            close_later(fd)
            return None
        return _Ahead(fd, body, _size(body))

    def take(self, held: Held | None) -> _Ahead | None:
        """The file written ahead, brought up to ``held``'s version, for `publish` to
        finish (the caller owns it now); None: write it all. Waits for one being
        written. With ``held`` None, what was written ahead is let go."""
        with self._state:
            self._state.wait_for(lambda: not self._writing, _WAIT_FOR_AHEAD)
            if self._writing:
                return None
            ready, self._ready = self._ready, None
        if ready is None or held is None:
            if ready is not None:
                close_later(ready.fd)
            return None
        if ready.body is held.body:
            return ready
        if _begins_with(held.body, ready):
            try:
                os.lseek(ready.fd, ready.size, os.SEEK_SET)
                _write_all(ready.fd, _views(held.body, ready.size))
            except OSError:
                close_later(ready.fd)
                return None
            ready.body, ready.size = held.body, _size(held.body)
            return ready
        close_later(ready.fd)
        return None

    def discard(self) -> None:
        """Let the file written ahead go (closed in a thread: see `close_later`)."""
        with self._state:
            ready, self._ready = self._ready, None
            self._discards += 1
        if ready is not None:
            close_later(ready.fd)

    def publish(
        self, pieces: tuple[Buffer, ...], like: os.stat_result, ahead: _Ahead | None
    ) -> os.stat_result:
        """Replace the event file with ``pieces`` durably (as `_write_atomically` with
        ``hold_new``): from ``ahead`` when its bytes are the first pieces, else all of it."""
        if ahead is not None:
            n = len(ahead.body)
            if len(pieces) > n and all(a is b for a, b in zip(pieces, ahead.body, strict=False)):
                written = self._finish(pieces[n:], like, ahead)
                if written is not None:
                    self.used += 1
                    return written
            else:
                close_later(ahead.fd)
        return _write_atomically(self._path, pieces, like=like, hold_new=True)

    def _finish(
        self, rest: tuple[Buffer, ...], like: os.stat_result, ahead: _Ahead
    ) -> os.stat_result | None:
        """Write ``rest`` after the bytes written ahead and give the file the event's
        name; None if that failed before the rename (the plain path then writes it)."""
        path, fd = self._path, ahead.fd
        temp = _temp_name(path)
        named = False
        try:
            # Held from before it takes a name until the write is durable (`_hold_current`).
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            _copy_permissions(fd, like)
            os.lseek(fd, ahead.size, os.SEEK_SET)
            _write_all(fd, rest)
            os.fsync(fd)
            try:
                _link(fd, temp)
            except OSError:
                self.usable = False  # this system gives no name to such a file: plain path
                raise
            named = True
            os.replace(temp, path)
        except BaseException as exc:
            if named:
                with suppress(OSError):
                    os.unlink(temp)
            close_later(fd)
            if isinstance(exc, OSError):
                return None
            raise
        return _named_durably(fd, path)


def let_go(fd: int) -> None:
    """Unlock the event file a write just replaced and close it later (`close_later`)."""
    with suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
    close_later(fd)
