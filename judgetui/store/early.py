"""What a write that read the event file itself runs beside its parse and its plan.

The command line reads the file under the lock on every write (a station only when the
bytes it holds are not the file's). Two things need nothing of the parse: the new file's
bytes up to its new members are the file's own bytes but the closing braces, and their
digest (`judgetui.store.prefix`). `EarlyWrite` writes and syncs the first to an unnamed
file while the parse runs, which `WriteAhead.publish` then finishes as for a station;
`ReadForWrite` begins it, the `PrefixCheck`, and the chain's check when no digest
vouches for the file, and lets go of what the write did not use.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from msgspec.structs import replace

from judgetui.store.ahead import _WAIT_FOR_AHEAD, _room_for
from judgetui.store.atomic import (
    Buffer,
    _named_durably,
    _splice,
    _splice_onto,
    _temp_name,
    _write_all,
)
from judgetui.store.chain import VerifyAside, VerifyResult
from judgetui.store.permissions import _copy_permissions
from judgetui.store.prefix import PrefixCheck, begin_check
from judgetui.store.reading import declared_data

if TYPE_CHECKING:
    from hashlib import _Hash

    from judgetui.store.file import Snapshot
    from judgetui.store.held import Held

    _Snapshot = TypeVar("_Snapshot", bound=Snapshot)


class EarlyWrite:
    """The new file begun early: the bytes of the file just read but its closing braces,
    written and synced to a temp file beside it by a thread begun now, while the writer
    parses, folds and plans. `finish` writes the new members and the braces after them
    and gives the temp file the event's name, the steps of `_write_atomically` (the same
    temp name, held by its flock from before it takes the name until the folder is
    synced); `drop` removes it.

    The parse that follows is one call that holds the interpreter throughout (~55 ms at
    10,000 records), so the thread must be inside its system call before it begins, and
    stay there: the constructor waits until the thread is about to write, and the file
    is opened ``O_DSYNC``, so that one ``writev`` writes and syncs it (a ``fsync`` after
    it would wait for the interpreter until the parse ended). Traced at 10,000 records:
    the write (9 ms) and the sync (13 ms) had come after the parse, not beside it."""

    def __init__(self, path: Path, body: tuple[Buffer, ...], like: os.stat_result) -> None:
        self._path, self.body, self._like = path, body, like
        self._temp = _temp_name(path)
        self._fd = -1
        self._dropped = False
        self._state = threading.Lock()
        writing = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(writing,), name="judgetui-early", daemon=True
        )
        self._thread.start()
        writing.wait(_WAIT_FOR_AHEAD)

    def _run(self, writing: threading.Event) -> None:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_DSYNC
        try:
            fd = os.open(self._temp, flags, 0o600)
        except OSError:
            writing.set()
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new inode: nobody else has it
            _copy_permissions(fd, self._like)
            writing.set()
            _write_all(fd, self.body)
        except OSError:
            writing.set()
            self._remove(fd)
            return
        with self._state:
            if not self._dropped:
                self._fd = fd
                return
        self._remove(fd)

    def _remove(self, fd: int) -> None:
        with suppress(OSError):
            os.unlink(self._temp)
        with suppress(OSError):
            os.close(fd)

    def _taken(self) -> int:
        self._thread.join()
        with self._state:
            fd, self._fd, self._dropped = self._fd, -1, True
        return fd

    def finish(self, rest: Sequence[Buffer]) -> os.stat_result | None:
        """Write ``rest`` after the bytes written early and replace the event file with the
        result, durably; its stat as the path shows it. None, leaving the event file as it
        was, when the early file could not be made or finished: the caller writes it all."""
        fd = self._taken()
        if fd < 0:
            return None
        try:
            _write_all(fd, rest)
            os.fsync(fd)
            os.replace(self._temp, self._path)
        except OSError:
            self._remove(fd)
            return None
        return _named_durably(fd, self._path)

    def drop(self) -> None:
        """Remove the early file (the write was refused, or went another way), once its
        thread is done with it: a command that ends at once leaves no temp file behind."""
        fd = self._taken()
        if fd >= 0:
            self._remove(fd)


class ReadForWrite:
    """What a write that read the file itself (the command line; a station whose bytes
    were not the file's) runs beside its parse and its plan: the bytes written early
    (`EarlyWrite`), the `PrefixCheck`, and the chain check that lets it seal a digest
    when the file's last entry vouches for none. Made under the write's lock, dropped
    when it ends (`drop`: whatever it did not use)."""

    def __init__(self, early: EarlyWrite | None = None) -> None:
        self._early = early
        self._prefix: PrefixCheck | None = None
        self._chain: VerifyAside | None = None

    @classmethod
    def begin(cls, path: Path, raw: bytes, like: os.stat_result) -> ReadForWrite:
        """Begun just after the read (``like``: the file's stat): a file the store wrote is
        written early, from all of its bytes but the closing braces (where the disk has
        room for it: `_room_for`)."""
        if not raw.endswith(b"}}") or not _room_for(path.parent, len(raw)):
            return cls()
        return cls(EarlyWrite(path, (memoryview(raw)[: len(raw) - 2],), like))

    def check(self, raw: bytes, snapshot: _Snapshot) -> _Snapshot:
        """``snapshot`` of the parsed ``raw``, with `Snapshot.vouched` when its last entry
        can vouch for the rest; else the chain's check begun beside the fold, so that the
        new entries may seal a digest (and the command line warns of a broken chain)."""
        if not raw.endswith(b"}}") or not snapshot.entries:
            return snapshot
        self._prefix = begin_check(raw, snapshot.entries, snapshot.meta)
        if self._prefix is None:
            return snapshot
        if self._prefix.can_vouch:
            return replace(snapshot, vouched=self._prefix.vouches)
        self._chain = VerifyAside(snapshot.entries)
        return snapshot

    def sealing(
        self, entries: Sequence[Mapping[str, Any]], held: Held | None
    ) -> tuple[_Hash | None, Callable[[], VerifyResult] | None]:
        """What the new entries seal their digests from (None: they seal none), and the
        chain's verdict on ``entries`` when this read knows it already, or checks it beside
        the write when the last entry's digest no longer vouches for the bytes before it
        (they changed since their writer checked them: a broken chain, most likely) or
        the file is not laid out as the store writes it; None:
        the caller checks it beside the write while someone listens, as ever. A write onto
        what a station holds seals the digest the station keeps of those bytes once it
        verified their chain, and is warned of by the station's own verdict (`Held`),
        checked beside the write when the station has made none yet."""
        if held is not None:
            digest = held.digest if held.verified else None
            known = held.verdict
            # (None: a station's write before its follower's first check of the chain,
            # the moment after it opened: checked beside the write, this once)
            check = VerifyAside(held.snapshot.entries).result if known is None else lambda: known
            return (digest.copy() if digest is not None else None), check
        prefix = self._prefix
        if prefix is None:
            # A file not laid out as the store writes it was written by someone else (a
            # hand edit, another tool): its chain is checked beside the write.
            return None, (VerifyAside(entries).result if entries else None)
        if prefix.can_vouch:
            if not prefix.vouches():
                return None, VerifyAside(entries).result
            intact = VerifyResult(True, entries[-1]["hash"], len(entries), None, None)
            return prefix.hasher(), lambda: intact
        if self._chain is None:
            return None, None
        result = self._chain.result()
        # Sealed only onto what the store itself found good: the chain, and every entry's
        # shape (whatever ``build`` read of them).
        good = result.ok and None not in map(declared_data, entries)
        return (prefix.hasher() if good else None), lambda: result

    def splice(
        self, path: Path, raw: bytes, last: Any, sealed: Sequence[Mapping[str, Any]]
    ) -> tuple[Buffer, ...] | None:
        """`_splice`, onto the very piece written early when there is one."""
        if self._early is None:
            return _splice(path, raw, last, sealed)
        return _splice_onto(path, self._early.body, last, sealed)

    def publish(self, pieces: tuple[Buffer, ...]) -> os.stat_result | None:
        """The event file replaced with ``pieces`` from the file written early, when they
        begin with its bytes (`splice`); None: the caller writes them all."""
        early, self._early = self._early, None
        if early is None:
            return None
        body = early.body
        if len(pieces) <= len(body) or any(a is not b for a, b in zip(pieces, body, strict=False)):
            early.drop()
            return None
        return early.finish(pieces[len(body) :])

    def drop(self) -> None:
        """Let go of the early file when the write did not use it."""
        if self._early is not None:
            self._early.drop()
            self._early = None
