"""Reading the event file again and again, paying only for what was appended.

A station reads the file every time another station writes it. Every write rewrites
the whole file (atomically), but the bytes of a normal append are the old file without
its last two characters (the log's and the document's closing braces), then the new
log members, then those two braces again. `LogReader` keeps the bytes it read and
checked (and what this process appended to them, in pieces: `Held`); when the file
changed it checks that the known prefix is byte-identical (one memcmp a piece), parses
only the new members and hashes only the new links of the chain from the head it
verified. Anything else (a hand edit, a truncated or re-chained log, a
file rewritten by TinyDB with its own formatting, a log whose keys are out of order)
takes the full path: parse everything, walk everything, verify everything, exactly as
`EventFile.load` and `EventFile.verify` do.

The result is always what the full path would give: the same entries (the parsed
dicts), the same `VerifyResult`, or the same `EventFileError`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, overload

import orjson
from msgspec import Struct

from judgetui.store.atomic import Buffer
from judgetui.store.chain import GENESIS_HASH, VerifyResult, read_log, verify_log, walk
from judgetui.store.errors import EventFileError
from judgetui.store.file import (
    LOG_TABLE,
    EventFile,
    FileStamp,
    Snapshot,
    _check_header,
    _open_event,
    _parse,
    _read_fd,
    _read_raw,
)

_CLOSE = b"}}"
"""How a file this reader can extend ends: the log's and the document's closing braces."""

TAIL_CHECKED = 4096
"""How many of the file's last bytes `Held.is_file` compares with the held ones."""


class Held(Struct, frozen=True):
    """The version a `LogReader` holds, for an append onto it that neither reads nor parses
    the file (a station's write at 50,000 records: 230-290 ms so, 530 ms otherwise).

    ``body``: the file's bytes but its two closing braces, in pieces one after the other
    (a view of the bytes read, then what this process appended), written without a copy.
    ``verdict``: the holder's check of their chain (None: none made yet).
    """

    body: tuple[Buffer, ...]
    snapshot: Snapshot
    verdict: VerifyResult | None = None

    @property
    def size(self) -> int:
        return sum(len(piece) for piece in self.body) + 2

    def is_file(self, fd: int, st: os.stat_result) -> bool:
        """Whether the file open on ``fd`` (stat ``st``, under the write lock) is this
        version, unread: the same stamp and the same last bytes (which hold the head's
        hash, whatever inode number a new file reuses). Every judgetui write is a new
        inode; a write in place changes the ctime, which nobody can set back, unless it
        falls within the stat's clock tick: only someone who may rewrite the file anyway
        can do that (SECURITY.md), and what is written is still the held bytes plus the
        new entries, never anything unchecked."""
        if FileStamp.from_stat(st) != self.snapshot.stamp or st.st_size != self.size:
            return False
        last = self.body[-1]
        n = min(len(last), TAIL_CHECKED)
        want = bytes(last[len(last) - n :]) + b"}}"
        try:
            return os.pread(fd, n + 2, st.st_size - n - 2) == want
        except OSError:
            return False

    def same_bytes(self, raw: bytes) -> bool:
        """Whether ``raw`` is exactly these bytes (one memcmp a piece, no copy)."""
        if len(raw) != self.size or not raw.endswith(b"}}"):
            return False
        at = 0
        for piece in self.body:
            if not raw.startswith(piece, at):
                return False
            at += len(piece)
        return True


class Read(Struct, frozen=True):
    """One version of the file as `LogReader` read it.

    ``entries`` is the whole log in seq order (the parsed dicts: read-only);
    ``new`` how many of them were appended since the previous read when the known
    prefix was unchanged (``incremental``), else all of them. ``verdict`` is the
    chain's check, None until `LogReader.verify` ran once after a full read.
    """

    snapshot: Snapshot
    new: int
    incremental: bool
    verdict: VerifyResult | None

    @property
    def entries(self) -> Sequence[dict[str, Any]]:
        return self.snapshot.entries

    @property
    def stamp(self) -> FileStamp:
        return self.snapshot.stamp


class _Known(Struct):
    body: tuple[Buffer, ...] | None
    """The file's bytes without its closing ``}}``, in pieces (see `Held`), when an append
    can be recognised after them (see `_appendable`)."""
    snapshot: Snapshot
    log: dict[str, Any] | None
    """The log table as parsed, until the chain's verdict is known (see `_release`)."""
    verdict: VerifyResult | None


class LogReader:
    """What a follower has read of one event file: its bytes, entries and verdict."""

    def __init__(self, file: EventFile) -> None:
        self.file = file
        self._known: _Known | None = None
        self._lock = threading.Lock()
        self._pending: Read | None = None
        """What this process wrote itself (`wrote`), not yet handed out by `read`."""
        self.full_reads = 0
        """How many reads took the full path (for tests and benchmarks)."""
        self._chunk = bytearray(_CHUNK)
        """The buffer `_follow` reads the file's known bytes into, to compare them."""

    @property
    def snapshot(self) -> Snapshot | None:
        return None if self._known is None else self._known.snapshot

    def load(self) -> Snapshot:
        """Read the whole file (no hashing yet: see `verify`); the store's errors."""
        with self._lock:
            return self._full(verify=False).snapshot

    def verify(self) -> VerifyResult:
        """The chain's verdict for what was read last (the whole chain, once)."""
        with self._lock:
            known = self._known
            if known is None:
                self._full(verify=True)
                known = self._known
            assert known is not None
            if known.verdict is None:
                assert known.log is not None
                known.verdict = verify_log(known.log)
                self._release(known)
            return known.verdict

    def read(self) -> Read | None:
        """The file's new version, or None when its stamp did not move.

        A version this process wrote itself (`wrote`) is handed out here once, without
        reading the file, while the file is still that version.
        """
        with self._lock:
            known = self._known
            pending, self._pending = self._pending, None
            stamp = self.file.stamp()
            if known is not None and stamp == known.snapshot.stamp:
                return pending
            if known is not None and known.body is not None:
                extended = self._follow(known)
                if extended is not None:
                    if pending is None:
                        return extended
                    new = pending.new + extended.new
                    return Read(extended.snapshot, new, pending.incremental, extended.verdict)
            return self._full(verify=True)

    # -- the writer's side (see `judgetui.store.file.Holder`) -----------------------

    def held(self) -> Held | None:
        """The version last read, when an append can be spliced onto its bytes."""
        with self._lock:
            known = self._known
            if known is None or known.body is None:
                return None
            return Held(known.body, known.snapshot, known.verdict)

    def wrote(self, pieces: tuple[Buffer, ...], stamp: FileStamp) -> None:
        """This process just wrote ``pieces`` (now at the path, with ``stamp``): take it as
        read when it extends what is held (only the new members are parsed and their
        links checked, as for any append); the next `read` hands it out.

        A write spliced onto the held body (`Held`) hands its very pieces back: then the
        new bytes are known without comparing them, and held without copying them."""
        with self._lock:
            known = self._known
            if known is None or known.body is None:
                return
            body = known.body
            if (
                len(pieces) == len(body) + 2
                and all(ours is theirs for ours, theirs in zip(pieces, body, strict=False))
                and pieces[-1] == _CLOSE
            ):
                added = bytes(pieces[-2])
                extended = self._take(known, added, _grown(body, added), stamp)
            else:
                raw = pieces[0] if len(pieces) == 1 else b"".join(pieces)
                extended = self._extend(known, bytes(raw), stamp)
            if extended is None:
                return  # the next read takes the file as it finds it
            pending = self._pending
            if pending is not None:
                new = pending.new + extended.new
                extended = Read(extended.snapshot, new, pending.incremental, extended.verdict)
            self._pending = extended

    # -- the two paths -----------------------------------------------------------

    def _full(self, *, verify: bool) -> Read:
        self.full_reads += 1
        found = _read_raw(self.file.path)
        if found is None:
            raise self.file._missing()
        raw, st = found
        document = _parse(self.file.path, raw)
        meta, log = _check_header(self.file.path, document)
        walked = read_log(log)
        if walked.fault is not None:
            raise EventFileError(walked.fault.unreadable(self.file.path))
        snapshot = Snapshot(meta=meta, entries=walked.entries, stamp=FileStamp.from_stat(st))
        verdict = verify_log(log) if verify else None
        appendable = _appendable(raw, document, log, walked.in_order)
        body = (memoryview(raw)[: -len(_CLOSE)],) if appendable else None
        self._known = _Known(body, snapshot, log, verdict)
        if verdict is not None:
            self._release(self._known)
        return Read(snapshot, len(snapshot.entries), False, verdict)

    def _release(self, known: _Known) -> None:
        """Let the parsed log go once the chain's verdict is known, keeping its last
        entries (`_Log`): ~200 MB at 50,000 records, which the folded state does not
        share (`judgetui.state.kept`). Whoever was handed the whole list keeps it for as
        long as they need it. Nothing is let go when there are no bytes to read the
        earlier entries back from (a file not laid out as the store writes it)."""
        if known.body is None or isinstance(known.snapshot.entries, _Log):
            return
        old = known.snapshot
        known.snapshot = Snapshot(old.meta, _Log.after(old.entries, known.body), old.stamp)
        entries, log = old.entries, known.log
        known.log = None
        del old
        _let_go(entries, log)

    def _follow(self, known: _Known) -> Read | None:
        """The file's new version if it is the known one with log members appended, else
        None. Its bytes are compared with the held ones a chunk at a time in one buffer
        kept for it (`_same_prefix`) and only what follows them is kept; reading the
        whole file into a fresh buffer cost 28-30 ms at 50,000 records, its pages
        faulted in one by one, against 3-5 ms for the compare (issue 14)."""
        assert known.body is not None
        found = _open_event(self.file.path)
        if found is None:
            raise self.file._missing()
        fd, st = found
        try:
            held = sum(len(memoryview(piece)) for piece in known.body)
            if st.st_size < held + len(_CLOSE) or not _same_prefix(fd, known.body, self._chunk):
                return None
            rest = _read_fd(self.file.path, fd)
            if FileStamp.from_stat(os.fstat(fd)) != FileStamp.from_stat(st):
                return None  # changed in place while read: the full path reads it again
        except OSError:
            return None  # the full path reads it again, and says why if it cannot
        finally:
            os.close(fd)
        if not rest.endswith(_CLOSE):
            return None
        tail = rest[: -len(_CLOSE)]
        return self._take(known, tail, _grown(known.body, tail), FileStamp.from_stat(st))

    def _extend(self, known: _Known, raw: bytes, stamp: FileStamp) -> Read | None:
        """The new version if it is the known one with log members appended, else None."""
        assert known.body is not None
        if not raw.endswith(_CLOSE):
            return None
        cut = 0
        for piece in known.body:  # one memcmp a piece, no copy
            if not raw.startswith(piece, cut):
                return None
            cut += len(piece)
        if len(raw) < cut + len(_CLOSE):
            return None
        tail = raw[cut : -len(_CLOSE)]
        return self._take(known, tail, (memoryview(raw)[: -len(_CLOSE)],), stamp)

    def _take(
        self, known: _Known, tail: bytes, body: tuple[Buffer, ...], stamp: FileStamp
    ) -> Read | None:
        """The known version with the log members ``tail`` appended (the file is ``body``
        and the closing braces, with ``stamp``), else None (the full path decides)."""
        old = known.snapshot.entries
        count = len(old)
        if not tail:
            members: dict[str, Any] = {}
        elif tail[:1] != b",":
            return None
        else:
            try:
                members = orjson.loads(b"{" + tail[1:] + b"}")
            except orjson.JSONDecodeError:
                return None
            if not isinstance(members, dict) or not members:
                return None
        if list(members) != [str(n) for n in range(count + 1, count + 1 + len(members))]:
            return None  # a key the log already has, or out of order: the full path
        items = [(count + 1 + n, entry) for n, entry in enumerate(members.values())]
        head = old[-1]["hash"] if old else GENESIS_HASH
        verdict = known.verdict
        if verdict is not None and verdict.ok:
            done = walk(items, hashing=True, count=count, head=head)
            if done.fault is not None:
                return None  # the full path names the problem, exactly as verify does
            verdict = VerifyResult(True, done.head, done.count, None, None)
        else:
            # A chain already broken stays broken at the same entry: the verdict of the
            # whole log is the prefix's. The new entries get the structure walk only.
            done = walk(items, hashing=False, count=count, head=head)
            if done.fault is not None:
                return None
        grown = old.grown if isinstance(old, _Log) else None
        entries = grown(done.entries, body) if grown else [*old, *done.entries]
        log = known.log
        if log is not None:
            log.update(members)
        snapshot = Snapshot(meta=known.snapshot.meta, entries=entries, stamp=stamp)
        self._known = _Known(body, snapshot, log, verdict)
        return Read(snapshot, len(done.entries), True, verdict)


_CHUNK = 1 << 20
"""Bytes of the file compared at a time with the held ones (`LogReader._follow`)."""


def _same_prefix(fd: int, body: tuple[Buffer, ...], chunk: bytearray) -> bool:
    """Whether the file at ``fd`` begins with the pieces of ``body``, read from where it
    is into ``chunk`` (its pages in memory already) and compared there with ``memcmp``."""
    view = memoryview(chunk)
    for piece in body:
        held = memoryview(piece)
        at = 0
        while at < len(held):
            want = min(len(chunk), len(held) - at)
            got = 0
            while got < want:
                n = os.readv(fd, [view[got:want]])
                if n == 0:
                    return False  # shorter than what was held
                got += n
            if not chunk.startswith(held[at : at + want], 0, want):
                return False
            at += want
    return True


def _grown(body: tuple[Buffer, ...], added: bytes) -> tuple[Buffer, ...]:
    """``body`` with ``added`` after it, in at most two pieces: the bytes read (never
    copied) and what this process appended since, joined (small)."""
    if len(body) < 2:
        return (*body, added)
    return (body[0], bytes(body[1]) + added)


_FREED_AT_ONCE = 8192
"""Entries freed between two chances for the App's thread to run (see `_let_go`):
~20 ms of freeing at 50k records."""


def _let_go(entries: Sequence[dict[str, Any]], log: dict[str, Any] | None) -> None:
    """Free the parsed log a slice at a time, oldest first, when nothing else holds it.

    Freeing ~90,000 parsed entries at once (50k records) held the interpreter for
    80-160 ms, in the follower's thread, right after the first paint: a judge's first
    key waited for it. A slice at a time, with a pause between (``sleep(0)`` lets the
    App's thread in), the longest wait measured ~20 ms. Slices of `_FREED_AT_ONCE`: what
    other threads allocate in a pause lands in arenas half freed and keeps them (with
    a pause every 2,048 entries a thread allocating once a millisecond kept 38 MB;
    every 8,192, ~10 MB). A list or table someone else holds (a `Read` handed out) is
    only let go, to be freed when they are done with it.
    """
    if not isinstance(entries, list) or sys.getrefcount(entries) > 3:  # ours, the call's
        return
    if log is not None:
        if sys.getrefcount(log) > 3:
            return
        log.clear()  # its keys only: the entries are still in the list
    while entries:
        del entries[:_FREED_AT_ONCE]
        time.sleep(0)


KEPT = 1024
"""How many of the last entries a reader keeps parsed once it let the parse go: more
than any follower asks for between two of its reads."""


class _Log(Sequence[dict[str, Any]]):
    """The log as a reader holds it once it let the parse go: the last `KEPT` entries as
    parsed, the earlier ones parsed again from the held bytes when asked for (the same
    bytes, so entries equal to those read, walked and verified before).

    Followers read the end of the log (its length, the last entries, the new ones);
    anything else (a fold of it all, a comparison) costs a parse of the held bytes.
    """

    __slots__ = ("_body", "_count", "_tail")

    def __init__(self, count: int, tail: list[dict[str, Any]], body: tuple[Buffer, ...]) -> None:
        self._count = count
        self._tail = tail
        self._body = body

    @classmethod
    def after(cls, entries: Sequence[dict[str, Any]], body: tuple[Buffer, ...]) -> _Log:
        return cls(len(entries), list(entries[-KEPT:]), body)

    def grown(self, new: Sequence[dict[str, Any]], body: tuple[Buffer, ...]) -> _Log:
        """This log with ``new`` appended; ``body`` is the new version's bytes."""
        return _Log(self._count + len(new), [*self._tail, *new][-KEPT:], body)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        first = self._count - len(self._tail)
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            if start >= first and step == 1:
                return self._tail[start - first : max(start, stop) - first]
            return self._whole()[index]
        at = index + self._count if index < 0 else index
        if not 0 <= at < self._count:
            raise IndexError("log index out of range")
        if at >= first:
            return self._tail[at - first]
        return self._whole()[at]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        if len(self._tail) == self._count:
            return iter(self._tail)
        return iter(self._whole())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(other) == self._count and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def _whole(self) -> list[dict[str, Any]]:
        """Every entry, parsed again from the held bytes (as `LogReader._full` parsed them)."""
        raw = b"".join(self._body) + _CLOSE
        document = _parse(Path("<held>"), raw)
        _meta, log = _check_header(Path("<held>"), document)
        walked = read_log(log)
        assert walked.fault is None and len(walked.entries) == self._count
        return walked.entries


def _appendable(raw: bytes, document: dict[str, Any], log: dict[str, Any], in_order: bool) -> bool:
    """Whether an append to ``raw`` can be recognised as the same bytes plus new members.

    That needs the log to be the document's last table and not empty, its keys "1".."n"
    in order (``in_order``, as `read_log` found them), and the file to end with the last
    entry's, the log's and the document's closing braces with nothing between them
    (compact JSON, as the store writes it).
    """
    return in_order and bool(log) and next(reversed(document)) == LOG_TABLE and raw.endswith(b"}}}")
