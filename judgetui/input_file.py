"""A file a judge names for judgetui to read (a rules file, a roster): read so that it
never blocks the command and never fills the memory (SECURITY.md promise 7).

The one way the command line and the station read such a file (`read_input_file`):

- opened with ``O_NONBLOCK``, so a FIFO with no writer does not hang the open;
- then held to be a regular file by ``fstat`` on what was opened (not a name looked up
  twice): a FIFO, a device (``/dev/zero``, a terminal) or a folder is refused at once;
- then read up to its limit and one byte more: a file larger than its limit, or one that
  grows past it while it is read, is refused without reading the rest.

Every refusal is one `InputFileError` line naming the file.
"""

from __future__ import annotations

import os
import stat

from judgetui.i18n import _

RULES_MAX_BYTES = 1_000_000
"""A rules file: the shipped one is ~20 KB; an event keeps at most 1,000,000 characters."""
ROSTER_MAX_BYTES = 16 * 1024 * 1024
"""A roster: 10,000 players with long names and readings are about 2 MB."""


class InputFileError(ValueError):
    """A file that is not read: ``reason`` is one line, ``str()`` names the file too."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def _size(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    return f"{limit:,} bytes"


def read_input_file(path: str, limit: int, what: str) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``what`` names the file for the judge ("a rules file", "a roster"), translated.

    `InputFileError` when it cannot be opened, is not a regular file or holds more.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputFileError(path, _("cannot read ({reason})").format(reason=reason)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(
                path, _("not a regular file (a folder, a FIFO or a device); name a file")
            )
        too_big = InputFileError(
            path,
            # TRANSLATORS: {what} is "a rules file" or "a roster"; {limit} e.g. "16 MiB"
            _("larger than {limit}, the most {what} may be").format(limit=_size(limit), what=what),
        )
        if info.st_size > limit:
            raise too_big
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise too_big
        return b"".join(chunks)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputFileError(path, _("cannot read ({reason})").format(reason=reason)) from None
    finally:
        os.close(fd)
