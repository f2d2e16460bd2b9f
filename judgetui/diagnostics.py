"""The diagnostic log: what the administrator reads after a judge says "it wouldn't save".

One line per event, in the account's own state folder (platformdirs
``user_log_path("judgetui")/judgetui.log``, e.g. ``~/.local/state/judgetui/log/``) or the
``--log FILE`` given; rotated at 1 MB, three old files kept. It holds when a station
started and stopped, lock waits and timeouts, watcher errors, every write onto a broken
chain and every refused act, each of these two with the reason's key, a stable word
at the end of the line (``refused: record: NotPermitted key=not_permitted:head_only``,
``write onto a broken chain: FILE: entries 8-8 written, the chain broken at entry 3
key=broken_chain``) — file paths, entry numbers, exit codes, kinds of error
and keys only, never a name, a note or a penalty's details. Player and record ids are
not written either: what happened to whom is the event file's to say, to those it
trusts. Only this module's own lines are written: a record another logger passes up
(the store's warning, in the judge's language) is not.

The log never costs a command anything it did not need: nothing (not even ``logging``)
is imported or opened until the first line is written, and a one-shot command writes
only when something worth a line happened. A log that cannot be opened is skipped
silently: the log never breaks a command.

The log never writes into the event file or its lock (SECURITY.md, promise 6). The
store names them (`keep_clear`) when it opens an event; a ``--log`` path that is one of
them (by path or by inode: a hard link too), a symbolic link or not a regular file is
refused with one line (`LogRefused`, exit 2) before anything is written. Every file is
opened without following a link and checked again once open, and another account's
file is never written (skipped, like a log that cannot be opened: a file someone else
made at a judge's log path must not stop that judge's commands). Rotation renames only
the file this process has open and old logs of its own, never a link, never the event
file or its lock, and never onto one of them; a log it cannot move aside stops growing.
The default log is checked the same way, but a refusal there only skips it.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgetui.i18n import _

if TYPE_CHECKING:
    import logging

LOGGER = "judgetui"
FILE_NAME = "judgetui.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 3

_lock = threading.Lock()
_path: Path | None = None
_logger: logging.Logger | None = None
_failed = False
_kept_clear: set[Path] = set()
"""The event files and their locks this process opened (`keep_clear`), absolute."""
_kept_lock = threading.Lock()  # (not `_lock`: the log checks them while opening under it)


class LogRefused(ValueError):
    """A log path the log will not write into; ``str(e)`` is one line (exit 2)."""

    key = "log_refused"


def configure(path: str | os.PathLike[str] | None) -> None:
    """Log to ``path`` (``--log``) instead of the default; nothing is opened yet.

    Raises `LogRefused` when ``path`` is a place the log never writes (see the module).
    """
    global _path
    chosen = Path(path).expanduser() if path is not None else None
    if chosen is not None:
        _refuse(chosen)
    with _lock:
        _close()
        _path = chosen


def keep_clear(*paths: Path) -> None:
    """The store's own files (an event file, its lock): the log never opens or renames
    them. Raises `LogRefused` when the ``--log`` given is one of them."""
    with _kept_lock:
        _kept_clear.update(Path(os.path.abspath(p)) for p in paths)
    chosen = _path
    if chosen is not None:
        _refuse(chosen)


def _refuse(path: Path) -> None:
    """`LogRefused` when the log may not write at ``path``; a path that cannot be looked
    at (a missing folder) passes: opening it fails later, and the log is skipped."""
    if _is_kept_clear(path):
        raise LogRefused(
            _("{path}: that is the event file or its lock; choose another log file").format(
                path=path
            )
        )
    try:
        st = os.lstat(path)
    except OSError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise LogRefused(_("{path}: a symbolic link; choose another log file").format(path=path))
    if not stat.S_ISREG(st.st_mode):
        raise LogRefused(_("{path}: not a regular file; choose another log file").format(path=path))
    if _is_kept_clear(path, st):
        raise LogRefused(
            _("{path}: that is the event file or its lock; choose another log file").format(
                path=path
            )
        )


def _is_kept_clear(path: Path, st: os.stat_result | None = None) -> bool:
    """Whether ``path`` (or the file ``st`` describes) is an event file or lock: by the
    path, the path with its links resolved, or the inode (a hard link)."""
    with _kept_lock:
        kept = list(_kept_clear)
    if not kept:
        return False
    given = Path(os.path.abspath(path))
    try:
        resolved = given.resolve()
    except (OSError, RuntimeError):
        resolved = given
    for other in kept:
        if given == other:
            return True
        try:
            if resolved == other.resolve():
                return True
        except (OSError, RuntimeError):
            pass
        if st is not None:
            try:
                theirs = os.stat(other)
            except OSError:
                continue
            if (theirs.st_dev, theirs.st_ino) == (st.st_dev, st.st_ino):
                return True
    return False


def _may_write(path: Path, st: os.stat_result) -> bool:
    """A regular file of this account's that is no event file or lock."""
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid() and not _is_kept_clear(path, st)


def default_log_file() -> Path:
    from platformdirs import user_log_path

    return user_log_path("judgetui") / FILE_NAME


def log_file() -> Path:
    """Where the log goes (``--log``, else the default)."""
    return _path if _path is not None else default_log_file()


def info(message: str, *args: object) -> None:
    _emit(20, message, args)


def warning(message: str, *args: object) -> None:
    _emit(30, message, args)


def error(message: str, *args: object) -> None:
    _emit(40, message, args)


def reset() -> None:
    """Close the log and forget ``--log`` (tests; a long-lived process at exit)."""
    global _path
    with _lock:
        _close()
        _path = None


def _emit(level: int, message: str, args: tuple[object, ...]) -> None:
    logger = _get()
    if logger is not None:
        logger.log(level, message, *args)


def _get() -> logging.Logger | None:
    global _logger, _failed
    if _logger is not None or _failed:
        return _logger
    with _lock:
        if _logger is None and not _failed:
            _logger = _open(log_file())
            _failed = _logger is None
    return _logger


def _close() -> None:
    global _logger, _failed
    if _logger is not None:
        for handler in list(_logger.handlers):
            _logger.removeHandler(handler)
            handler.close()
    _logger = None
    _failed = False


def _open(path: Path) -> logging.Logger | None:
    import logging
    import logging.handlers
    import time

    class PrivateRotatingHandler(logging.handlers.RotatingFileHandler):
        """Creates each file (the first, and every one after a rotation) mode 0600, and
        writes and renames only what `_may_write` allows (see the module)."""

        opened: tuple[int, int] | None = None
        full = False

        def _open(self) -> Any:
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
            fd = os.open(self.baseFilename, flags | os.O_CLOEXEC, 0o600)
            st = os.fstat(fd)
            if not _may_write(Path(self.baseFilename), st):
                os.close(fd)
                raise OSError(f"{self.baseFilename}: not a log file")
            os.set_blocking(fd, True)
            self.opened = (st.st_dev, st.st_ino)
            return os.fdopen(fd, "a", encoding="utf-8")

        def doRollover(self) -> None:
            if self.stream:
                self.stream.close()
                self.stream = None
            base = Path(self.baseFilename)
            names = [base, *(Path(f"{base}.{i}") for i in range(1, self.backupCount + 1))]
            if _still_opened(base, self.opened):
                for i in range(len(names) - 1, 0, -1):
                    _rename_log(names[i - 1], names[i])
                if _still_opened(base, self.opened):
                    self.full = True  # it could not be moved aside: no file past the limit
                    return
            if not self.delay:
                self.stream = self._open()

        def emit(self, record: logging.LogRecord) -> None:
            if not self.full:
                super().emit(record)

        def handleError(self, record: logging.LogRecord) -> None:
            """A full disk or a removed folder: no traceback on the judge's terminal."""

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _refuse(path)
        handler = PrivateRotatingHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS)
    except (OSError, ValueError):
        return None
    formatter = logging.Formatter(
        "%(asctime)s pid=%(process)d %(levelname)s %(message)s", "%Y-%m-%dT%H:%M:%SZ"
    )
    formatter.converter = time.gmtime
    handler.setFormatter(formatter)
    handler.addFilter(lambda record: record.name == LOGGER)  # (see the module)
    logger = logging.getLogger(LOGGER)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    for old in list(logger.handlers):
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    return logger


def _still_opened(path: Path, opened: tuple[int, int] | None) -> bool:
    """Whether the file at ``path`` is still the very one the handler had open."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return opened == (st.st_dev, st.st_ino) and _may_write(path, st)


def _rename_log(source: Path, target: Path) -> None:
    """``source`` renamed to ``target`` when both are this account's old logs (``target``
    may be missing); anything else is left where it is."""
    try:
        st = os.lstat(source)
    except OSError:
        return
    if not _may_write(source, st):
        return
    if _is_kept_clear(target):
        return
    try:
        there = os.lstat(target)
    except FileNotFoundError:
        there = None
    except OSError:
        return
    if there is not None and not _may_write(target, there):
        return
    try:
        os.replace(source, target)
    except OSError:
        return
