"""The store's exceptions, and the words for what a path is when it is not a file."""

from __future__ import annotations

import stat

from judgetui.i18n import _


class EventFileError(Exception):
    """The event file cannot be read or used. ``str(e)`` is one line naming the file.

    Each of the store's errors has a ``key``: why, as a stable machine word for the
    diagnostic log (as the service's refusals have, `judgetui.service.BadInput`).
    """

    key = "event_file_unusable"


class EventFileMissing(EventFileError):
    """There is no event file at the path."""

    key = "event_file_missing"


class EventFileExists(EventFileError):
    """``create`` was asked to make an event file where one already exists."""

    key = "event_file_exists"


class StoreWriteError(Exception):
    """A write failed. The previous file is intact; ``str(e)`` is one line."""

    key = "write_failed"


class StoreLockTimeout(StoreWriteError):
    """Another process held the lock for longer than the timeout; nothing was written."""

    key = "lock_timeout"


class EntryNotStorable(StoreWriteError):
    """An entry the caller built cannot be stored as JSON: bad input, not a failed disk."""

    key = "not_storable"


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


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
