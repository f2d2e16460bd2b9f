"""Who hears the store's warnings: a write onto an already broken chain (`EventFile.append`).

Each such write is a line in the diagnostic log (`judgetui.diagnostics`: the file, the
entry numbers, ``key=broken_chain``), and each function in `WARNING_LISTENERS` is called
with the warning's line. Where the chain's verdict is known anyway (a station's own check
of the bytes it holds; a chain checked because its last digest no longer vouches for it)
that costs nothing. Otherwise the check is a re-hash of the whole log (~35 ms on a
10,000-record event), so it runs only while someone listens (`someone_listens`): the
command line adds a function that prints the line; a station, which checks the chain
itself after every change, does not.

A handler on the ``LOGGER`` logger hears it too, with the chain's `VerifyResult` as the
record's ``verify``. ``logging`` is not imported for that (a `judgetui record` has no
other use for it, ~4 ms with ``traceback``): while it is not loaded, no handler can be
listening, and once it is, the logger is looked up by name. (The diagnostic log does
load it, for its line, once a chain is found broken.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from judgetui import diagnostics
from judgetui.i18n import _
from judgetui.store.chain import VerifyAside, VerifyResult

WARNING_LISTENERS: list[Callable[[str], None]] = []
LOGGER = "judgetui.store"


class LockWait(NamedTuple):
    """A write that has waited `LONG_WAIT` seconds for another's (`WAIT_LISTENERS`)."""

    holder: str | None
    """Who holds the lock, as its holder wrote it into the lock file ("alex (process 812)"),
    control characters left out; None when the lock file says nothing readable."""
    remaining: float
    """Seconds the write still waits before it gives up (exit 4 on the command line)."""


#: Each is called once per write that has waited `LONG_WAIT` seconds for the lock, in the
#: writing thread: the command line says so on stderr, a station in a notification.
WAIT_LISTENERS: list[Callable[[LockWait], None]] = []
LONG_WAIT = 1.0


def waited_long(holder: str | None, remaining: float) -> None:
    for listener in list(WAIT_LISTENERS):
        listener(LockWait(holder, remaining))


def someone_listens() -> bool:
    """A listener function, or a handler (not a `logging.NullHandler`) on ``LOGGER``."""
    if WARNING_LISTENERS:
        return True
    logging = sys.modules.get("logging")
    if logging is None:
        return False
    handlers = logging.getLogger(LOGGER).handlers
    return any(not isinstance(h, logging.NullHandler) for h in handlers)


def warn(line: str, verify: object) -> None:
    """Tell every listener ``line`` (and the logger, when ``logging`` is loaded)."""
    for listener in list(WARNING_LISTENERS):
        listener(line)
    logging = sys.modules.get("logging")
    if logging is not None:  # a handler may listen, on the logger or above it
        logger = logging.getLogger(LOGGER)
        if not logger.handlers:  # no "last resort" line on stderr when none listens
            logger.addHandler(logging.NullHandler())
        logger.warning(line, extra={"verify": verify})


def chain_check(entries: Sequence[Mapping[str, Any]]) -> Callable[[], VerifyResult] | None:
    """The check that warns of a write onto a broken chain (`EventFile.append`), begun in
    a thread just before the write; only while someone listens (a station has its banner)."""
    return VerifyAside(entries).result if entries and someone_listens() else None


def warn_if_broken(path: Path, result: VerifyResult, written: Sequence[Mapping[str, Any]]) -> None:
    """A write of ``written`` onto ``result``'s chain: when broken, a line in the
    diagnostic log (entry numbers and the file only) and the listeners' warning."""
    if not result.ok:
        seqs = [entry["seq"] for entry in written if isinstance(entry.get("seq"), int)]
        span = f"{seqs[0]}-{seqs[-1]}" if seqs else "?"
        diagnostics.warning(
            "write onto a broken chain: %s: entries %s written, "
            "the chain broken at entry %s key=broken_chain",
            path,
            span,
            result.first_bad_seq,
        )
        line = _(
            "{path}: the penalty log's chain is broken at entry {seq}; run `judgetui verify`"
        ).format(seq=result.first_bad_seq, path=path)
        warn(line, result)
