"""Being told at once that the event file was replaced, instead of finding out at the next poll.

The follower looks at the file's stamp every ``refresh_ms`` (250 ms by default): on
average half of that passes between another station's write and this one noticing it.
On Linux, `FileWatch` asks the kernel (inotify, through ctypes) to report what happens
to the event file's name in its folder: every write gives the file a new inode by a
rename (``IN_MOVED_TO``), and an edit in place ends with ``IN_CLOSE_WRITE``. The watcher
then looks at once. The event is only a hint: what changed is still decided by the
stamp and the bytes (`LogReader`), and the poll goes on at ``refresh_ms``, so a write
the kernel does not report (another machine's, on a network folder) is still seen.

Anywhere inotify is missing or refused (another system, the per-user limit reached),
`FileWatch.open` returns None and the follower polls as before.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import struct
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ctypes

_IN_CLOSE_WRITE = 0x00000008
_IN_MOVED_FROM = 0x00000040
_IN_MOVED_TO = 0x00000080
_IN_CREATE = 0x00000100
_IN_DELETE = 0x00000200
_IN_Q_OVERFLOW = 0x00004000
_IN_IGNORED = 0x00008000
_IN_ONLYDIR = 0x01000000
_IN_NONBLOCK = os.O_NONBLOCK
_IN_CLOEXEC = os.O_CLOEXEC
#: What happens to a name in the folder that can mean the event file changed.
_WATCHED = _IN_CLOSE_WRITE | _IN_MOVED_FROM | _IN_MOVED_TO | _IN_CREATE | _IN_DELETE
_HEADER = struct.Struct("iIII")  # struct inotify_event: wd, mask, cookie, len; then the name
_READ_SIZE = 64 * 1024


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    # Imported here, in the watcher's thread: not on the way to the first frame.
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


class FileWatch:
    """A wait that ends when the file at ``path`` may have changed, or on `wake`."""

    def __init__(self, inotify: int, name: bytes) -> None:
        self._fd = inotify
        self._name = name
        self._wake_r, self._wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
        self._closed = False
        self._lock = threading.Lock()
        """`wake` (any thread) never writes to a descriptor `close` has given back."""

    @classmethod
    def open(cls, path: Path) -> FileWatch | None:
        """A watch on ``path``'s name in its folder; None where the kernel will not give one."""
        libc = _libc()
        if libc is None:
            return None
        fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
        if fd < 0:
            return None
        folder = os.fsencode(path.parent)
        if libc.inotify_add_watch(fd, folder, _WATCHED | _IN_ONLYDIR) < 0:
            os.close(fd)
            return None
        return cls(fd, os.fsencode(path.name))

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds; True when the file's name was touched (or the
        kernel lost count), False at the timeout or on `wake`."""
        deadline = time.monotonic() + timeout
        while not self._closed:
            left = max(0.0, deadline - time.monotonic())
            try:
                ready, _w, _x = select.select([self._fd, self._wake_r], [], [], left)
            except (OSError, ValueError):  # closed under us: the follower is stopping
                return False
            if self._wake_r in ready:
                self._drain(self._wake_r)
                return False
            if self._fd in ready and self._touched():
                return True
            if not ready and left == 0.0:
                return False
        return False

    def wake(self) -> None:
        """End the current (or the next) `wait` now."""
        with self._lock, contextlib.suppress(OSError):
            if not self._closed:
                os.write(self._wake_w, b"w")

    def close(self) -> None:
        """Release the descriptors; from the thread that waits (see `wake` for the others)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for fd in (self._fd, self._wake_r, self._wake_w):
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _touched(self) -> bool:
        """Read the pending events; whether one names the event file (or events were lost)."""
        touched = False
        while True:
            try:
                data = os.read(self._fd, _READ_SIZE)
            except BlockingIOError:
                return touched
            except OSError as error:
                return touched or error.errno != errno.EINTR
            if not data:
                return touched
            at = 0
            while at + _HEADER.size <= len(data):
                _wd, mask, _cookie, size = _HEADER.unpack_from(data, at)
                name = data[at + _HEADER.size : at + _HEADER.size + size].rstrip(b"\0")
                at += _HEADER.size + size
                if mask & (_IN_Q_OVERFLOW | _IN_IGNORED) or name == self._name:
                    touched = True

    @staticmethod
    def _drain(fd: int) -> None:
        with contextlib.suppress(OSError):
            while os.read(fd, 4096):
                pass
