"""A copy of the event file kept on another machine (a standby mirror): whether a copy
pulled from the station extends the one held (`judge_copy`), keeping it (`keep_copy`),
keeping a refused one apart (`keep_apart`), and the standby mark beside the copy
(`StandbyMark`: ``<file>.mirror``).

A copy is a witness: it is replaced only by a copy whose chain verifies and holds the
held copy's every entry unchanged, the held head included. Anything else (shorter,
rewritten, broken) leaves the held copy as it was. The chain makes the check cheap: a
verified chain whose entry ``n`` has the held head's hash holds the held entries
``1..n`` unchanged (each hash covers the entry and the hash before it). And when the new
copy's bytes begin with the held ones (the station splices new entries in before the
closing braces, `judgetui.store.atomic._splice`), only the new entries are parsed and
hashed.

The mark is a file of its own, so that the copy's bytes stay exactly the station's: the
copy's chain, head and every byte are those of the event of record until it is taken
over.
"""

from __future__ import annotations

import errno
import os
import stat
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import orjson
from msgspec import Struct
from msgspec.structs import replace

from judgetui.i18n import _
from judgetui.safe_text import first_control
from judgetui.store.atomic import _remove_leftover_temps, _write_atomically, write_file_atomically
from judgetui.store.chain import GENESIS_HASH, order_log, verify_items, walk
from judgetui.store.errors import EventFileError, StoreWriteError, _one_line
from judgetui.store.file import EventFile, FileStamp, _check_header, _parse, _read_fd, _read_raw

CopyKind = Literal["first", "same", "extends", "shorter", "rewritten", "broken"]
ACCEPTED: frozenset[CopyKind] = frozenset({"first", "same", "extends"})
MARK_SUFFIX = ".mirror"
MARK_MAX_BYTES = 64 * 1024
REJECTED_INFIX = ".rejected-"


class Held(Struct, frozen=True):
    """A verified copy: its bytes, meta and the hash of each entry (seq ``i + 1``)."""

    raw: bytes
    meta: dict[str, Any]
    hashes: list[str]
    stamp: FileStamp | None = None
    """The version of the file at the copy's path that holds ``raw`` (when known): a
    write finds it there unchanged without reading it whole (`keep_copy`)."""

    @property
    def count(self) -> int:
        return len(self.hashes)

    @property
    def head(self) -> str:
        return self.hashes[-1] if self.hashes else GENESIS_HASH


class Verdict(Struct, frozen=True):
    """What a pulled copy is to the held one.

    ``good_count``/``good_head``: the last entry the two share unchanged (for a broken
    copy, the last that verified); ``first_bad``: the first entry of the copy that is not
    the held one's, or does not verify, or is missing (a shorter copy); ``problem``: what
    was found, in words (a broken copy's reason).
    """

    kind: CopyKind
    count: int
    head: str
    held_count: int
    held_head: str
    good_count: int
    good_head: str
    first_bad: int | None = None
    problem: str | None = None

    @property
    def accepted(self) -> bool:
        return self.kind in ACCEPTED


class CopyConflict(StoreWriteError):
    """The held copy changed while a pulled one was checked (it was taken over): nothing
    was replaced."""


def read_held(
    path: Path, seen: Callable[[list[dict[str, Any]]], None] | None = None
) -> Held | None:
    """The copy at ``path``, verified whole; None when there is none. A copy that is not
    a readable event file, or whose chain does not verify, is EventFileError: a witness
    that cannot vouch for itself must not go on. ``seen`` is given its entries."""
    found = _read_raw(path)
    if found is None:
        return None
    raw, st = found
    held, problem = _whole_copy(path, raw, seen)
    if held is None:
        raise EventFileError(
            _("{path}: the copy held here does not verify ({problem})").format(
                path=path, problem=problem
            )
        )
    return replace(held, stamp=FileStamp.from_stat(st))


def _whole_copy(
    path: Path, raw: bytes, seen: Callable[[list[dict[str, Any]]], None] | None = None
) -> tuple[Held | None, str]:
    """``raw`` parsed and its whole chain verified: the Held, or None and why not (with
    the count and head of what verified, for `judge_copy`)."""
    try:
        meta, log = _check_header(path, _parse(path, raw))
    except EventFileError as exc:
        return None, str(exc)
    items, fault = order_log(log)
    if fault is not None:
        return None, fault.problem()
    result = verify_items(items)
    if not result.ok:
        return None, result.problem or ""
    entries = [entry for _seq, entry in items]
    if seen is not None:
        seen(entries)
    return Held(raw, meta, [entry["hash"] for entry in entries]), ""


def _appended(path: Path, raw: bytes, held: Held) -> Held | Verdict | None:
    """The copy as the held bytes with new members spliced in, only those parsed and
    hashed: a Held, a broken Verdict (a new entry that does not verify), or None when
    ``raw`` is not laid out so (the whole copy is then read)."""
    body = held.raw[:-2]
    if not (held.raw.endswith(b"}}") and raw.endswith(b"}}") and raw.startswith(body)):
        return None
    tail = raw[len(body) : -2]
    if not tail.startswith(b","):
        return None
    try:
        members = orjson.loads(b"{" + tail[1:] + b"}")
    except orjson.JSONDecodeError:
        return None
    if not isinstance(members, dict) or not members:
        return None
    wanted = [str(seq) for seq in range(held.count + 1, held.count + len(members) + 1)]
    if list(members) != wanted:  # (a key given twice would hide an entry: read it whole)
        return None
    items = [(int(key), entry) for key, entry in members.items()]
    done = walk(items, hashing=True, count=held.count, head=held.head)
    if done.fault is not None:
        problem = done.fault.problem()
        return _verdict("broken", held, done.count, done.head, done.count, done.head,
                        done.fault.seq, problem)  # fmt: skip
    return Held(raw, held.meta, [*held.hashes, *(entry["hash"] for entry in done.entries)])


def _verdict(
    kind: CopyKind,
    held: Held | None,
    count: int,
    head: str,
    good: int,
    good_head: str,
    first_bad: int | None = None,
    problem: str | None = None,
) -> Verdict:
    held_count, held_head = (held.count, held.head) if held else (0, GENESIS_HASH)
    return Verdict(kind, count, head, held_count, held_head, good, good_head, first_bad, problem)


def judge_copy(path: Path, raw: bytes, held: Held | None) -> tuple[Verdict, Held | None]:
    """What the pulled ``raw`` is to ``held`` (None: nothing held yet), and the copy to
    hold from now on (None unless it is accepted). ``path`` names the copy in reasons."""
    if held is not None:
        if raw == held.raw:
            return _verdict("same", held, held.count, held.head, held.count, held.head), held
        appended = _appended(path, raw, held)
        if isinstance(appended, Verdict):
            return appended, None
        if appended is not None:
            verdict = _verdict("extends", held, appended.count, appended.head, held.count,
                               held.head)  # fmt: skip
            return verdict, appended
    new, problem = _whole_copy(path, raw)
    if new is None:
        return _broken(path, raw, held, problem), None
    if held is None:
        return _verdict("first", None, new.count, new.head, new.count, new.head), new
    for index in range(min(new.count, held.count)):
        if new.hashes[index] != held.hashes[index]:
            last_good = held.hashes[index - 1] if index else GENESIS_HASH
            verdict = _verdict("rewritten", held, new.count, new.head, index, last_good,
                               index + 1)  # fmt: skip
            return verdict, None
    if new.meta != held.meta:
        problem = _("the event's meta (its id, its creation) differs from the copy held")
        verdict = _verdict("rewritten", held, new.count, new.head, 0, GENESIS_HASH, 1, problem)
        return verdict, None
    if new.count < held.count:
        verdict = _verdict("shorter", held, new.count, new.head, new.count, new.head,
                           new.count + 1)  # fmt: skip
        return verdict, None
    kind: CopyKind = "same" if new.count == held.count else "extends"
    return _verdict(kind, held, new.count, new.head, held.count, held.head), new


def _broken(path: Path, raw: bytes, held: Held | None, problem: str) -> Verdict:
    """A copy that is not a whole event file or whose chain breaks: how far it agrees
    with what is held (its entries before the first bad one that are the held ones)."""
    hashes: list[str] = []
    first_bad: int | None = 1
    try:
        _meta, log = _check_header(path, _parse(path, raw))
        items, fault = order_log(log)
        if fault is None:
            done = walk(items, hashing=True)
            hashes = [entry["hash"] for entry in done.entries]
            first_bad = done.fault.seq if done.fault is not None else done.count + 1
        else:
            first_bad = None
    except EventFileError:
        pass
    agree = len(hashes)  # every entry that verified, unless one is not the held one's
    shared = min(len(hashes), held.count) if held is not None else 0
    for index in range(shared):
        if held is not None and hashes[index] != held.hashes[index]:
            agree, first_bad = index, index + 1
            break
    good_head = hashes[agree - 1] if agree else GENESIS_HASH
    head = hashes[-1] if hashes else GENESIS_HASH
    return _verdict("broken", held, len(hashes), head, agree, good_head, first_bad,
                    _one_line(problem))  # fmt: skip


def keep_copy(path: Path, raw: bytes, held: Held | None, mark: StandbyMark) -> FileStamp:
    """Make ``raw`` the copy at ``path`` and ``mark`` its standby mark, under the event
    file's lock and only while the file there is still ``held``'s bytes (no file at all
    for the first copy): a takeover or any write made meanwhile is never replaced
    (CopyConflict). Each file is written the store's way (temp file, fsync, rename,
    folder fsync): the first copy gets its mark before its bytes (never a copy without a
    mark), a later one after (a mark never names a head the copy does not hold); ``raw``
    equal to the held bytes only renews the mark. StoreWriteError leaves both as they
    were. Returns the version of the file that now holds ``raw``."""
    event = EventFile(path)
    with event._lock.hold():
        _remove_leftover_temps(path)
        if held is None:
            if os.path.lexists(path):
                raise CopyConflict(
                    _(
                        "{path}: a file appeared here while the copy was checked; "
                        "nothing was replaced"
                    ).format(path=path)
                )
            write_mark(path, mark)
            _write_atomically(path, raw, like=None, exclusive=True)
            return FileStamp.from_stat(os.stat(path))
        fd, like = event._hold_current()
        try:
            if not _still(fd, like, held) and _read_fd(path, fd) != held.raw:
                raise CopyConflict(
                    _(
                        "{path}: the copy changed while the new one was checked (it was "
                        "taken over, or written to); nothing was replaced"
                    ).format(path=path)
                )
            written = like
            if raw != held.raw:
                written = _write_atomically(path, raw, like=like, hold_new=True)
            write_mark(path, mark)
            return FileStamp.from_stat(written)
        finally:
            os.close(fd)


def _still(fd: int, st: os.stat_result, held: Held) -> bool:
    """Whether the file open on ``fd`` (its stat ``st``) is the version ``held`` knows:
    the same stamp (a replace is another inode, a write in place another ctime) and the
    same last bytes, as the store's holder tells its own version (`Held.is_file`)."""
    if held.stamp is None or FileStamp.from_stat(st) != held.stamp:
        return False
    end = held.raw[-4096:]
    return os.pread(fd, len(end), len(held.raw) - len(end)) == end


def keep_apart(path: Path, raw: bytes, when: datetime) -> Path:
    """Keep a refused copy beside ``path`` as ``<name>.rejected-<UTC time>`` (a new file,
    never one that exists: ``-2``, ``-3``… on the same second); its path."""
    stamp = when.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    base = path.with_name(f"{path.name}{REJECTED_INFIX}{stamp}")
    for n in range(1, 1000):
        target = base if n == 1 else base.with_name(f"{base.name}-{n}")
        if os.path.lexists(target):
            continue
        try:
            _write_atomically(target, raw, like=None, exclusive=True)
        except EventFileError:  # taken meanwhile
            continue
        return target
    raise StoreWriteError(_("{path}: no free name to keep the refused copy").format(path=base))


# -------------------------------------------------------------------------- the mark


class StandbyMark(Struct, frozen=True):
    """Beside a mirror's copy (``<file>.mirror``): it is a standby copy of ``source``, as
    last pulled and checked at ``pulled_at`` (UTC, ISO 8601), then at ``head`` (``count``
    entries). ``copy`` names this copy: the takeover's log entry carries it, so a copy
    of a taken-over event, mirrored again elsewhere, is a standby there."""

    copy: str
    source: str
    pulled_at: str
    head: str
    count: int


def mark_path(path: Path) -> Path:
    return path.with_name(path.name + MARK_SUFFIX)


def new_copy_id() -> str:
    return str(uuid.uuid4())


def read_mark(path: Path) -> StandbyMark | None:
    """The standby mark beside the event file ``path``; None when there is none. One
    that exists but cannot be read (not a regular file, too big, not a mark) is
    EventFileError: a copy that may be a standby is never taken for the event of record."""
    where = mark_path(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC
    try:
        fd = os.open(where, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        reason = _("a symbolic link") if exc.errno == errno.ELOOP else exc.strerror
        raise EventFileError(
            _("{path}: the standby mark cannot be read ({reason})").format(
                path=where, reason=reason
            )
        ) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise EventFileError(
                _("{path}: the standby mark is not a regular file").format(path=where)
            )
        with open(fd, "rb", closefd=False) as handle:
            raw = handle.read(MARK_MAX_BYTES + 1)
    finally:
        os.close(fd)
    try:
        if len(raw) > MARK_MAX_BYTES:
            raise ValueError("too big")
        data = orjson.loads(raw)
        return StandbyMark(
            copy=_text(data["copy"]),
            source=_text(data["source"]),
            pulled_at=_text(data["pulled_at"]),
            head=_text(data["head"]),
            count=int(data["count"]),
        )
    except (ValueError, TypeError, KeyError) as exc:
        raise EventFileError(
            _("{path}: the standby mark cannot be read ({reason})").format(
                path=where, reason=_one_line(exc)
            )
        ) from None


def _text(value: Any) -> str:
    """A mark's text: shown on the station's banner, so never a control character."""
    if type(value) is not str:
        raise TypeError("not text")
    if first_control(value) is not None:
        raise ValueError("a control character")
    return value


def write_mark(path: Path, mark: StandbyMark) -> None:
    """Write the standby mark beside ``path`` atomically (StoreWriteError)."""
    data = {
        "copy": mark.copy,
        "source": mark.source,
        "pulled_at": mark.pulled_at,
        "head": mark.head,
        "count": mark.count,
    }
    write_file_atomically(mark_path(path), orjson.dumps(data, option=orjson.OPT_INDENT_2))


def remove_mark(path: Path) -> None:
    """Remove the standby mark (after a takeover); a missing one is fine."""
    try:
        os.unlink(mark_path(path))
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise StoreWriteError(
            _("{path}: could not remove the standby mark ({reason})").format(
                path=mark_path(path), reason=exc.strerror
            )
        ) from exc
