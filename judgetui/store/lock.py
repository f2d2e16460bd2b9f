"""The inter-process lock: an exclusive ``flock`` on ``<event file>.lock``."""

from __future__ import annotations

import errno
import fcntl
import functools
import os
import pwd
import stat
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from judgetui import diagnostics
from judgetui.i18n import _
from judgetui.store.errors import StoreLockTimeout, StoreWriteError, _kind_of, _one_line
from judgetui.store.listeners import LONG_WAIT, WAIT_LISTENERS, waited_long
from judgetui.store.permissions import FILE_MODE, _set_new_file_permissions

#: Default seconds to wait for another station's write to finish.
DEFAULT_LOCK_TIMEOUT = 10.0


def _same_inode(fd: int, path: Path) -> bool:
    """Is the inode open on ``fd`` still the one at ``path`` (not deleted, not replaced)?"""
    held = os.fstat(fd)
    try:
        current = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return (held.st_dev, held.st_ino) == (current.st_dev, current.st_ino)


#: What a holder writes into the lock file at most (`_say_who_holds`), and a waiter reads.
HOLDER_MAX = 200


@functools.cache
def _holder_line() -> bytes:
    """This process as the lock file names it while it holds the lock: its account and
    process id (the judge's name is the service's, not the store's)."""
    try:
        account = pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        account = str(os.getuid())
    return f"{account} (process {os.getpid()})".encode()[:HOLDER_MAX]


def _say_who_holds(fd: int) -> None:
    """Write `_holder_line` into the lock file just locked on ``fd``, for a writer that
    waits meanwhile to say who it waits for. A lock file opened read-only, or a write that
    fails, says nothing: the lock is the flock, never this text."""
    line = _holder_line()
    with suppress(OSError):
        os.pwrite(fd, line, 0)
        os.ftruncate(fd, len(line))


def _who_holds(fd: int) -> str | None:
    """What the holder wrote into the lock file open on ``fd`` (a bounded read; any
    character that could drive a terminal left out)."""
    try:
        raw = os.pread(fd, HOLDER_MAX, 0)
    except OSError:
        return None
    text = "".join(c for c in raw.decode("utf-8", "replace") if c.isprintable()).strip()
    return text or None


def _flock_until(
    fd: int,
    deadline: float,
    *,
    on_wait: Callable[[], None] | None,
    timed_out: Callable[[], StoreLockTimeout],
    name: Path,
    lock_file: bool = False,
) -> None:
    """Exclusive flock on ``fd``, polling until ``deadline`` (monotonic).

    ``on_wait`` is called once if the lock is busy at the first try; `WAIT_LISTENERS` once
    it has been busy for `LONG_WAIT` seconds, with who holds it when ``fd`` is the
    ``lock_file``, where the holder wrote it (`_say_who_holds`).
    """
    delay = 0.0005
    first = True
    long_after = time.monotonic() + LONG_WAIT
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
        now = time.monotonic()
        if now >= deadline:
            raise timed_out()
        if WAIT_LISTENERS and now >= long_after:
            long_after = deadline  # once
            waited_long(_who_holds(fd) if lock_file else None, deadline - now)
        time.sleep(delay)
        delay = min(delay * 2, 0.01)


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
                    lock_file=True,
                )
                if _same_inode(fd, self.lock_path):
                    _say_who_holds(fd)
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
