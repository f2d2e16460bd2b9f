"""Another event's file, read only: an earlier event a judge looks back at (issue 29).

Opened as every event file is (`judgetui.store.file._open_event`: no FIFO, no link, no
device, never blocking), bounded in size, read once, and its hash chain verified from
that very read. Never written, never locked: nothing here can change the file.
"""

from __future__ import annotations

import os
from pathlib import Path

from msgspec import Struct

from judgetui.i18n import _
from judgetui.store.chain import VerifyResult, read_log, verify_log
from judgetui.store.errors import EventFileError, EventFileMissing, _one_line
from judgetui.store.file import FileStamp, Snapshot, _check_header, _open_event, _parse

EARLIER_MAX_BYTES = 128 * 1024 * 1024
"""The largest earlier event read (a 10,000-record event is about 10 MB)."""


class EarlierRead(Struct, frozen=True):
    """One read of an earlier event: its entries when the chain verified, else None."""

    verified: VerifyResult
    snapshot: Snapshot | None


def earlier_stamp(path: Path) -> FileStamp | None:
    """The version of the file at ``path`` now (None: no file there), without opening it."""
    try:
        return FileStamp.from_stat(os.stat(path))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise EventFileError(
            _("{path}: cannot read ({reason})").format(
                path=path, reason=exc.strerror or _one_line(exc)
            )
        ) from None


def read_earlier(path: Path, max_bytes: int = EARLIER_MAX_BYTES) -> EarlierRead:
    """Read and verify the event file at ``path``; EventFileError when it is not one."""
    found = _open_event(path)
    if found is None:
        raise EventFileMissing(_("{path}: no such file").format(path=path))
    fd, st = found
    try:
        with open(fd, "rb", closefd=False) as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise EventFileError(
            _("{path}: cannot read ({reason})").format(
                path=path, reason=exc.strerror or _one_line(exc)
            )
        ) from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise EventFileError(
            _("{path}: larger than {mb} MB, too large to read as an earlier event").format(
                path=path, mb=max_bytes // (1024 * 1024)
            )
        )
    meta, log = _check_header(path, _parse(path, raw))
    verified = verify_log(log)
    if not verified.ok:
        return EarlierRead(verified, None)
    walked = read_log(log)
    if walked.fault is not None:
        raise EventFileError(walked.fault.unreadable(path))
    return EarlierRead(verified, Snapshot(meta, walked.entries, FileStamp.from_stat(st)))
