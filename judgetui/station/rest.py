"""The young collections of a station, made while it is at rest rather than under a key.

A classification key makes and drops thousands of Textual objects (each line drawn is a
`Strip` with seven caches of its own); the cyclic collector's young collection comes
every 10,000 of them (`perf.GC_THRESHOLD`), so it fell inside a key's frame at random:
2-8 ms most keys, and every 20th time the middle generation's, 20-42 ms. In tmux at
50,000 records (issue 14) that middle collection fell on the frame of the answer that
opens the result in one walk of three, and made that key 60-100 ms where it was 30 ms.

`RestCollector` pauses the collector from a key (`key`, as the terminal's input thread
reads it) until the station is at rest: nothing typed and no frame written
(`written`) for `REST_SECONDS`, and nothing waiting to be done (``idle``: no key or
message queued, no frame due or being written; on a loaded machine a key's frame can
take longer than that to draw; and no other pause under way: a record's write, which
can take longer than that too, pauses it until its outcome is written); then it
resumes it and collects the young generations at once (`perf.collect_at_rest`), while
the judge reads. A judge typing keeps it
paused for `HOLD_AT_MOST` at the longest, then the collector runs as it used to.
Other pauses (the record's write: `WritesAhead.run_service`) nest with this one: the
collector is on again only when all of them are over (`perf.pause_collector`).
Before the station settles (`perf.settle_interface` turns the collector on), a key
pauses nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

from judgetui import perf

REST_SECONDS = 0.04
"""Seconds with no key and no frame written after which the station is at rest. A judge
types a name at 80-200 ms a key; a key's frames follow each other within a few ms."""
HOLD_AT_MOST = 1.0
"""Seconds a pause lasts at most, however fast the keys come (a paste, a key held down):
then the collector runs as usual, and what was made meanwhile is collected."""


class Scheduler(Protocol):
    """The App's event loop, as far as `RestCollector` uses it."""

    def call_soon_threadsafe(self, callback: Callable[[], object], /) -> object: ...

    def call_later(self, delay: float, callback: Callable[[], object], /) -> object: ...


class RestCollector:
    """Pause the collector from a key until rest (see the module's docstring).

    `key` and `written` may be called from any thread; the rest is seen on ``loop``.
    """

    def __init__(
        self,
        loop: Scheduler,
        *,
        rest: float = REST_SECONDS,
        longest: float = HOLD_AT_MOST,
        clock: Callable[[], float] = time.monotonic,
        idle: Callable[[], bool] = lambda: True,
    ) -> None:
        self._loop = loop
        self._idle = idle
        self._rest = rest
        self._longest = longest
        self._clock = clock
        self._lock = threading.Lock()
        self._resume: Callable[[], None] | None = None
        self._since = 0.0
        """When the pause under way began."""
        self._last = 0.0
        """When the last key came or the last frame was written."""
        self._watching = False
        """A look at the rest is due on the loop (one at a time)."""
        self.collections = 0
        """Young collections made at rest (for tests and traces)."""

    @property
    def holding(self) -> bool:
        """Whether this pauses the collector now."""
        return self._resume is not None

    def key(self) -> None:
        """A key came in: the collector paused (if it runs) until rest."""
        now = self._clock()
        with self._lock:
            self._last = now
            if self._resume is None:
                if not perf.collector_on():
                    return  # not settled yet, or paused by another: nothing to hold
                self._resume = perf.pause_collector()
                self._since = now
            self._watch()

    def written(self) -> None:
        """A frame reached the terminal: rest is that much later."""
        now = self._clock()
        with self._lock:
            if self._resume is None:
                return
            self._last = now
            self._watch()

    def _watch(self) -> None:
        """(Under the lock) a look at the rest on the loop, unless one is due."""
        if self._watching:
            return
        self._watching = True
        try:
            self._loop.call_soon_threadsafe(self._schedule)
        except RuntimeError:  # the loop is closed: the station is ending
            self._watching = False
            self._let_go()

    def _schedule(self) -> None:
        """(On the loop) look again when rest is due at the soonest."""
        with self._lock:
            due = min(self._last + self._rest, self._since + self._longest)
        self._loop.call_later(max(0.0, due - self._clock()), self.look)

    def look(self) -> None:
        """(On the loop) at rest: resume and collect; held too long: resume; else later."""
        now = self._clock()
        with self._lock:
            if self._resume is None:
                self._watching = False
                return
            rested = now - self._last >= self._rest
            if rested and (perf.pauses_under_way() > 1 or not self._idle()):
                rested, self._last = False, now  # busy still: rest is after it
            if not rested and now - self._since < self._longest:
                self._watching = True
            else:
                self._watching = False
                self._let_go()
        if self._watching:
            self._schedule()
        elif rested and perf.collect_at_rest():
            self.collections += 1

    def close(self) -> None:
        """The station is ending: never leave the collector paused."""
        with self._lock:
            self._let_go()

    def _let_go(self) -> None:
        resume, self._resume = self._resume, None
        if resume is not None:
            resume()
