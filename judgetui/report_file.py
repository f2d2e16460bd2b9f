"""Where the station may save a report a judge names: in the judge's reports folder only.

The reports folder is ``~/judgetui-reports/`` (`REPORTS_FOLDER` in ``$HOME``), made 0700
when the first report is saved. A name is taken inside it; an absolute name must lie
inside it. Refused, whatever the judge types: an empty name, a ``..`` anywhere, a name
(or a folder on its way) that begins with ``.`` (no dotfile: not ``.ssh/authorized_keys``
nor ``.config/judgetui/config.toml``), anything outside the folder, a symbolic link on
the way (the reports folder itself, a folder in it, or the file), a folder in it that
is missing, the event file and its lock (under any name: compared by inode too),
anything at the path that is not a regular file, and an event file under another name.
An existing regular file is replaced only when the judge said so (`ReportTarget.exists`
tells the screen to ask first). The file is written with the store's atomic writer, so
a full disk leaves what was there untouched.

Over `judgetui ssh` the judge has no shell: the folder keeps every report away from
the files that decide what their account may do (issue 26).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from judgetui.i18n import _
from judgetui.store import EventFile, write_file_atomically

MAX_NAME = 255
REPORTS_FOLDER = "judgetui-reports"


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


def reports_folder(home: Path | None = None) -> Path:
    """``$HOME/judgetui-reports`` (as given, not resolved: a link is refused later)."""
    base = home if home is not None else os.environ.get("HOME") or Path.home()
    return Path(os.path.abspath(base)) / REPORTS_FOLDER


def check_report_target(name: str, event: EventFile, *, home: Path | None = None) -> ReportTarget:
    """The path ``name`` names, checked; ReportRefused says why not."""
    cleaned = name.strip()
    if not cleaned:
        raise ReportRefused(_("name the file to save the report in"))
    if len(cleaned) > MAX_NAME or any(not c.isprintable() for c in cleaned):
        raise ReportRefused(_("that file name is not allowed"))
    given = Path(cleaned).expanduser() if cleaned.startswith("~") else Path(cleaned)
    folder = reports_folder(home)
    if ".." in given.parts:
        raise ReportRefused(
            _("{name}: '..' is not allowed; reports are saved in {folder}").format(
                name=cleaned, folder=folder
            )
        )
    target = Path(os.path.normpath(given if given.is_absolute() else folder / given))
    if not _inside(target, folder) or target == folder:
        raise ReportRefused(
            _("{name}: reports are saved only in {folder}; name a file there").format(
                name=cleaned, folder=folder
            )
        )
    inside = target.relative_to(folder).parts
    if any(part.startswith(".") for part in inside):
        raise ReportRefused(
            _("{name}: a name beginning with '.' is not allowed; name a file in {folder}").format(
                name=cleaned, folder=folder
            )
        )
    # No link from the reports folder on to the file, nor as the file itself.
    steps = [folder]
    for part in inside:
        steps.append(steps[-1] / part)
    for step in steps:
        try:
            st = os.lstat(step)
        except FileNotFoundError:
            if step not in (folder, target):
                raise ReportRefused(_("{path}: no such folder").format(path=step)) from None
            if step == folder:  # made when the report is saved: nothing is in it yet
                return ReportTarget(target, exists=False)
            break
        except OSError as exc:
            raise ReportRefused(
                _("{path}: cannot check it ({reason})").format(path=step, reason=exc.strerror)
            ) from None
        if stat.S_ISLNK(st.st_mode):
            raise ReportRefused(_("{path}: a symbolic link; save elsewhere").format(path=step))
        if step != target and not stat.S_ISDIR(st.st_mode):
            raise ReportRefused(_("{path}: not a folder").format(path=step))
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
    home: Path | None = None,
) -> Path:
    """Check the name again, make the reports folder (0700) when missing, and write
    ``body`` atomically (StoreWriteError if it fails)."""
    target = check_report_target(name, event, home=home)
    if target.exists and not overwrite:
        raise ReportRefused(_("{path}: exists; say yes to replace it").format(path=target.path))
    folder = reports_folder(home)
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise ReportRefused(
            _("{path}: cannot make the folder ({reason})").format(
                path=folder, reason=exc.strerror or exc
            )
        ) from None
    target = check_report_target(name, event, home=home)  # the folder made is no link
    if target.exists and not overwrite:
        raise ReportRefused(_("{path}: exists; say yes to replace it").format(path=target.path))
    write_file_atomically(target.path, body.encode("utf-8"))
    return target.path
