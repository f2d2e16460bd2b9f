"""Where the station may save a report a judge names: inside the judge's own folder only.

The judge's folders are the current working directory and $HOME. A name is taken
relative to the working directory; an absolute name must lie inside one of the two. Refused:
an empty name, a ``..`` anywhere, a symbolic link on the way (a folder or the file itself),
a missing folder, the event file and its lock (under any name: compared by inode too),
anything at the path that is not a regular file. An existing regular file is replaced only
when the judge said so (`ReportTarget.exists` tells the screen to ask first). The file is
written with the store's atomic writer, so a full disk leaves what was there untouched.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from judgetui.i18n import _
from judgetui.store import EventFile, write_file_atomically

MAX_NAME = 255


class ReportRefused(ValueError):
    """The name is not a place a report may go; ``str(e)`` is one line for the judge."""


@dataclass(frozen=True)
class ReportTarget:
    path: Path
    exists: bool


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or os.path.samefile(a, b)
    except OSError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def judge_folders(cwd: Path | None = None, home: Path | None = None) -> list[Path]:
    """The folders a report may go in (as given, not resolved: a link is refused later)."""
    folders = [Path(os.path.abspath(cwd or os.getcwd()))]
    home_value = home if home is not None else os.environ.get("HOME")
    if home_value:
        folders.append(Path(os.path.abspath(home_value)))
    return folders


def check_report_target(
    name: str, event: EventFile, *, cwd: Path | None = None, home: Path | None = None
) -> ReportTarget:
    """The path ``name`` names, checked; ReportRefused says why not."""
    cleaned = name.strip()
    if not cleaned:
        raise ReportRefused(_("name the file to save the report in"))
    if len(cleaned) > MAX_NAME or any(not c.isprintable() for c in cleaned):
        raise ReportRefused(_("that file name is not allowed"))
    given = Path(cleaned).expanduser() if cleaned.startswith("~") else Path(cleaned)
    if ".." in given.parts:
        raise ReportRefused(
            _("{name}: '..' is not allowed; save in your own folder").format(name=cleaned)
        )
    folders = judge_folders(cwd, home)
    target = given if given.is_absolute() else folders[0] / given
    target = Path(os.path.normpath(target))
    base = next((f for f in folders if _inside(target, f)), None)
    if base is None:
        raise ReportRefused(
            _("{name}: outside your folders ({folders}); save inside one of them").format(
                name=cleaned, folders=", ".join(str(f) for f in folders)
            )
        )
    # No link below the folder on the way to the file, nor as the file itself.
    step = base
    for part in target.relative_to(base).parts:
        step = step / part
        try:
            st = os.lstat(step)
        except FileNotFoundError:
            if step != target:
                raise ReportRefused(_("{path}: no such folder").format(path=step)) from None
            break
        except OSError as exc:
            raise ReportRefused(
                _("{path}: cannot check it ({reason})").format(path=step, reason=exc.strerror)
            ) from None
        if stat.S_ISLNK(st.st_mode):
            raise ReportRefused(_("{path}: a symbolic link; save elsewhere").format(path=step))
    if _same(target, event.path) or _same(target, event.lock_path):
        raise ReportRefused(
            _("{path}: that is the event file or its lock; save elsewhere").format(path=target)
        )
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return ReportTarget(target, exists=False)
    if not stat.S_ISREG(st.st_mode):
        raise ReportRefused(_("{path}: not a regular file; save elsewhere").format(path=target))
    head = _first_bytes(target)
    if head.lstrip().startswith(b"{") and (b'"log"' in head or b'"meta"' in head):
        raise ReportRefused(_("{path}: that is an event file; save elsewhere").format(path=target))
    return ReportTarget(target, exists=True)


def _first_bytes(path: Path, size: int = 4096) -> bytes:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return b""
    try:
        return os.read(fd, size)
    finally:
        os.close(fd)


def save_report(
    name: str,
    body: str,
    event: EventFile,
    *,
    overwrite: bool = False,
    cwd: Path | None = None,
    home: Path | None = None,
) -> Path:
    """Check the name again and write ``body`` atomically (StoreWriteError if it fails)."""
    target = check_report_target(name, event, cwd=cwd, home=home)
    if target.exists and not overwrite:
        raise ReportRefused(_("{path}: exists; say yes to replace it").format(path=target.path))
    write_file_atomically(target.path, body.encode("utf-8"))
    return target.path
