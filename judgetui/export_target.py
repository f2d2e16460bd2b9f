"""Where `export -o FILE` may write: a new file, or a previous export, never anything else.

An export is written with the store's atomic writer (temp file in the same folder, fsync,
rename, folder fsync), so a full disk leaves the previous file as it was. What is at the
path is judged by its content, not its name: an event file under any name, the event's
lock, a folder, a link, a FIFO or any file that is not a judgetui export is refused.

(What is judged and what is replaced can differ if someone swaps the file in between;
that someone has a shell on the station's machine, which the threat model leaves to the
chain. Over `judgetui ssh`, `-o` is refused anyway.)
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import orjson

from judgetui.i18n import _
from judgetui.reports import CSV_HEADER, EXPORT_MARK, PREVIOUS_CSV_HEADERS
from judgetui.store import EventFile, StoreWriteError, write_file_atomically

#: Tables of an event file (store.META_TABLE, store.LOG_TABLE): a JSON object with
#: either is treated as an event file, whatever else it holds.
_EVENT_TABLES = ("meta", "log")


class ExportRefused(ValueError):
    """The export's target is not a place an export may go; ``str(e)`` is one line."""


def _same_file(a: Path, b: Path) -> bool:
    try:
        if a.resolve() == b.resolve():
            return True
        return os.path.samefile(a, b)
    except OSError:
        return False


def _read_regular(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file (not a link, FIFO, device, folder)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise ExportRefused(
            _("{path}: not replaced ({reason}); export to a new file").format(
                path=path, reason=exc.strerror or exc
            )
        ) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ExportRefused(
                _("{path}: not a regular file; export to a new file").format(path=path)
            )
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    finally:
        os.close(fd)


def kind_of(data: bytes) -> str:
    """ "event", "json-export", "csv-export" or "other", from a file's content."""
    stripped = data.lstrip()
    if stripped.startswith(b"{"):
        try:
            document = orjson.loads(data)
        except orjson.JSONDecodeError:
            return "other"
        if isinstance(document, dict):
            if any(table in document for table in _EVENT_TABLES):
                return "event"
            if document.get(EXPORT_MARK) is not None:
                return "json-export"
        return "other"
    first = data.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0].rstrip(b"\r")
    headers = {h.encode() for h in (CSV_HEADER, *PREVIOUS_CSV_HEADERS)}
    return "csv-export" if first in headers else "other"


def check_export_target(target: Path, event: EventFile) -> None:
    """Raise ExportRefused unless ``target`` is absent or a previous judgetui export."""
    if _same_file(target, event.path):
        raise ExportRefused(
            _("{path}: that is the event file itself; export elsewhere").format(path=target)
        )
    if _same_file(target, event.lock_path):
        raise ExportRefused(
            _("{path}: that is the event file's lock; export elsewhere").format(path=target)
        )
    folder = target.parent
    if not folder.is_dir():
        raise ExportRefused(_("{path}: no such folder").format(path=folder))
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise ExportRefused(
            _("{path}: cannot check it ({reason})").format(path=target, reason=exc.strerror)
        ) from None
    if not stat.S_ISREG(st.st_mode):
        raise ExportRefused(
            _("{path}: not a regular file; export to a new file").format(path=target)
        )
    kind = kind_of(_read_regular(target))
    if kind == "event":
        raise ExportRefused(
            _("{path}: that is an event file; export elsewhere").format(path=target)
        )
    if kind == "other":
        raise ExportRefused(
            _(
                "{path}: exists and is not a judgetui export; export to a new file "
                "(or remove it yourself)"
            ).format(path=target)
        )


def write_export(target: Path, data: bytes, event: EventFile) -> None:
    """Check the target, then replace it atomically. ExportRefused or StoreWriteError."""
    check_export_target(target, event)
    write_file_atomically(target, data)


__all__ = ["ExportRefused", "StoreWriteError", "check_export_target", "kind_of", "write_export"]
