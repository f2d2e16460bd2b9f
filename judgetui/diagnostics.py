"""The diagnostic log: what the administrator reads after a judge says "it wouldn't save".

One line per event, in the account's own state folder (platformdirs
``user_log_path("judgetui")/judgetui.log``, e.g. ``~/.local/state/judgetui/log/``) or the
``--log FILE`` given; rotated at 1 MB, three old files kept. It holds when a station
started and stopped, lock waits and timeouts, watcher errors and refused acts — ids,
exit codes and kinds of error only, never a name, a note or a penalty's details.

The log never costs a command anything it did not need: nothing (not even ``logging``)
is imported or opened until the first line is written, and a one-shot command writes
only when something worth a line happened. A log that cannot be opened is skipped
silently: the log never breaks a command.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


def configure(path: str | os.PathLike[str] | None) -> None:
    """Log to ``path`` (``--log``) instead of the default; nothing is opened yet."""
    global _path
    with _lock:
        _close()
        _path = Path(path).expanduser() if path is not None else None


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
        """Creates each file (the first, and every one after a rotation) mode 0600."""

        def _open(self) -> Any:
            fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            return os.fdopen(fd, "a", encoding="utf-8")

        def handleError(self, record: logging.LogRecord) -> None:
            """A full disk or a removed folder: no traceback on the judge's terminal."""

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handler = PrivateRotatingHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS)
    except (OSError, ValueError):
        return None
    formatter = logging.Formatter(
        "%(asctime)s pid=%(process)d %(levelname)s %(message)s", "%Y-%m-%dT%H:%M:%SZ"
    )
    formatter.converter = time.gmtime
    handler.setFormatter(formatter)
    logger = logging.getLogger(LOGGER)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    for old in list(logger.handlers):
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    return logger
