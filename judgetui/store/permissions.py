"""Owner, group and mode of the files the store creates."""

from __future__ import annotations

import os
import stat
from contextlib import suppress

#: Mode of files we create; never world-readable. Applied with fchmod, so the umask
#: does not matter.
FILE_MODE = 0o660
#: If this Unix group exists (and we may chown to it), new files belong to it.
JUDGES_GROUP = "judges"


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
