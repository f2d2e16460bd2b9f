"""What each entry seals of the log before it: the SHA-256 of those very bytes.

An entry the store appends carries ``before``: the SHA-256 (its first 128 bits in hex,
`BEFORE_DIGITS`) of the event file's bytes of the log members that come before its own
(from just after ``"log":{`` up to its own ``,"<seq>":{...}``; the first entry's is that
of no bytes). The meta table is not in it, as it is not in the chain: an event's heads
do not depend on its random id. The store seals it only when it knew those bytes to be a
good log: every entry of its declared shape and the hash chain intact (it folded them
with their checks and verified the chain, or they were themselves vouched for so).

A later write then reads the file and, instead of checking the shape of every entry and
recomputing every hash (~55 ms of CPU at 10,000 records, ~250 ms at 50,000), hashes the
bytes before the last member in one pass (`PrefixCheck`: in a thread, with the
interpreter free, beside the fold) and checks the last entry alone: its shape, its own
hash, its link to the entry before. Equal digests mean those bytes are the ones their
writer checked; anything else (a hand edit, a truncation, TinyDB's own indented rewrite, a
file from before ``before`` existed) and the write checks everything, as before.

It is no weaker against a forger than the chain: whoever edits an entry and wants no
warning must recompute ``before`` and the last entry's hash, as they would recompute the
hashes after the edit; `verify` always walks the whole chain, and `verify --head` is what
catches a re-chained log (SECURITY.md, promise 5).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import orjson

from judgetui.store.atomic import Buffer, _member_head, _views
from judgetui.store.chain import BEFORE_DIGITS, GENESIS_HASH, entry_hash
from judgetui.store.reading import declared_data

if TYPE_CHECKING:
    from hashlib import _Hash

BEFORE = "before"
"""The store-owned field of an entry that holds the digest (besides seq, prev and hash)."""


def member(entry: Mapping[str, Any]) -> bytes:
    """The entry's log member as the store writes it: ``,"<seq>":<entry>`` (the first
    without the comma)."""
    return _member_head(entry["seq"]) + orjson.dumps(entry)


def log_start(first: Buffer, meta: Mapping[str, Any]) -> int | None:
    """Where the log's first member begins in a file whose bytes begin with ``first``, when
    it begins as the store writes it (the meta table of one document ``meta``, then the
    log); else None."""
    try:
        head = b'{"meta":{"1":' + orjson.dumps(meta) + b'},"log":{'
    except (TypeError, ValueError):
        return None
    return len(head) if bytes(memoryview(first)[: len(head)]) == head else None


def digest_of(pieces: Sequence[Buffer], log_at: int) -> _Hash:
    """The SHA-256 of the bytes of ``pieces`` (one after the other) from ``log_at`` on."""
    digest = hashlib.sha256()
    for piece in _views(pieces, log_at):
        digest.update(piece)
    return digest


def last_member_at(raw: bytes, last: Mapping[str, Any]) -> int | None:
    """Where the last log member begins in ``raw``, when the file ends with it and the
    two closing braces exactly as the store writes them; else None."""
    seq = last.get("seq")
    if type(seq) is not int or seq < 1:
        return None
    try:
        end = member(last) + b"}}"
    except (TypeError, ValueError):  # not what a parse gives: the write says why
        return None
    if not raw.endswith(end):
        return None
    return len(raw) - len(end)


def last_entry_holds(entries: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the last entry is one a vouched prefix may end with: it seals a digest, has
    its kind's shape, its own hash, and links to the entry before it."""
    if not entries:
        return False
    last = entries[-1]
    digest = last.get(BEFORE)
    if type(digest) is not str or len(digest) != BEFORE_DIGITS:
        return False
    prev = entries[-2].get("hash") if len(entries) > 1 else GENESIS_HASH
    if declared_data(last) is None or last.get("prev") != prev:
        return False
    return bool(last.get("hash") == entry_hash(last))


class PrefixCheck:
    """The digests of one file read, computed in a thread begun now (`hashlib` lets the
    interpreter go while it hashes a large buffer): of its log's bytes before the last
    member (compared with what the last entry sealed) and of all of its log (what the
    entries appended to it seal, `hasher`)."""

    def __init__(self, raw: bytes, log_at: int, start: int | None, sealed: str | None) -> None:
        self._raw, self._log_at, self._start, self._sealed = raw, log_at, start, sealed
        self.can_vouch = start is not None and sealed is not None
        """Whether the last entry seals a digest to compare (else only `hasher` serves)."""
        self._matches = False
        self._hasher: _Hash | None = None
        self._thread = threading.Thread(target=self._run, name="prefix-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        view = memoryview(self._raw)
        hasher = hashlib.sha256()
        at = self._log_at
        if self._start is not None and self._sealed is not None:
            hasher.update(view[at : self._start])
            self._matches = hasher.hexdigest()[:BEFORE_DIGITS] == self._sealed
            at = self._start
        hasher.update(view[at : len(view) - 2])
        self._hasher = hasher

    def vouches(self) -> bool:
        """Whether the log's bytes before the last member are those its writer sealed."""
        self._thread.join()
        return self._matches

    def hasher(self) -> _Hash:
        """A SHA-256 of the whole log, to seal the first new entry with."""
        self._thread.join()
        if self._hasher is None:  # the thread failed: hash here
            self._hasher = digest_of((memoryview(self._raw)[: len(self._raw) - 2],), self._log_at)
        return self._hasher


def begin_check(
    raw: bytes, entries: Sequence[Mapping[str, Any]], meta: Mapping[str, Any]
) -> PrefixCheck | None:
    """A `PrefixCheck` of a file read whole (``raw`` ends with ``}}``; ``meta`` its meta
    document): one that can vouch when its last entry seals a digest where the file ends
    as the store writes it, and holds (`last_entry_holds`); else one that only hashes,
    for the write to seal with once it checked the chain itself. None when the file does
    not begin as the store writes it (nothing to seal from)."""
    log_at = log_start(raw, meta)
    if log_at is None:
        return None
    last = entries[-1] if entries else None
    start = last_member_at(raw, last) if last is not None else None
    if start is not None and last_entry_holds(entries):
        assert last is not None
        return PrefixCheck(raw, log_at, start, last[BEFORE])
    return PrefixCheck(raw, log_at, None, None)
