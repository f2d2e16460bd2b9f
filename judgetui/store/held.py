"""What a writer holds of the event file, and how a write tells it is still that file.

A station's `LogReader` holds the bytes it read and checked; `EventFile.append` writes
from them (`Held`) when the file under the lock is still that version, which it tells
from the file's stamp and its last bytes without reading the rest (`Held.is_file`).
Split from `judgetui.store.file` (the append itself) so each stays one subject.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Protocol

from msgspec import Struct

from judgetui.store.atomic import Buffer
from judgetui.store.chain import VerifyResult
from judgetui.store.file import FileStamp, Snapshot

if TYPE_CHECKING:
    from hashlib import _Hash

TAIL_CHECKED = 4096
"""How many of the file's last bytes a write compares with the held ones when the stamp
alone says the file is the version held (see `Held.is_file`)."""


class Held(Struct, frozen=True):
    """One version of the file as a writer holds it: its bytes and its snapshot.

    ``body`` is the file's bytes without its last two (the log's and the document's
    closing braces), in pieces one after the other (a view of the bytes read, then what
    this process appended since), so that an append writes them without copying them.
    The snapshot's stamp is the stat of the version these bytes are.
    """

    body: tuple[Buffer, ...]
    snapshot: Snapshot
    verified: bool = False
    """Whether the holder verified the chain of these bytes and found it intact (and its
    state folded them with their checks): then the entries appended to them seal their
    digest (`judgetui.store.prefix`)."""
    digest: _Hash | None = None
    """The SHA-256 of these bytes' log, when verified (the holder keeps it up to date)."""
    verdict: VerifyResult | None = None
    """The holder's check of these bytes' chain, intact or not; None while it has made
    none (a write onto a chain it knows to be broken is warned of, `EventFile.append`)."""

    @property
    def size(self) -> int:
        return sum(len(piece) for piece in self.body) + 2

    def is_file(self, fd: int, st: os.stat_result) -> bool:
        """Whether the file open on ``fd`` (stat ``st``, taken under the write lock) is
        this version, without reading it: the same inode, size, mtime and ctime, and the
        same last bytes (which hold the head's hash: an inode number reused for another
        file of the same size within one tick of the clock would still differ there).

        Every judgetui write replaces the file (a new inode); a write in place (``>>``,
        an editor, TinyDB's own storage) changes the ctime, which nobody can set back.
        The one thing a stamp cannot see is a write in place within the same tick of the
        file system's clock as the stat held, which only someone who may rewrite the
        file anyway can do (SECURITY.md); even then what is written is the verified bytes
        held plus the new entries, never anything unchecked.
        """
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


class Holder(Protocol):
    """What a writer already holds of the file (a station's `LogReader`): `EventFile.append`
    writes from it, without reading or parsing the file again, when the file is still
    that version."""

    def held(self) -> Held | None:
        """The version last read (None: nothing a write can splice onto)."""

    def wrote(self, pieces: tuple[Buffer, ...], stamp: FileStamp) -> None:
        """The file as this process just wrote it: the pieces, one after the other, are
        at the path, with ``stamp``; those of a `Held` body are the very objects."""
