"""The garbage collector's tuning: the only module of judgetui that touches `gc`.

judgetui's big structures (a parsed event file, a folded state, the station's widgets)
are acyclic and live long; Python's cyclic collector would rescan them for nothing.
Each function here says where it is used and what it saved when it was measured.
"""

from __future__ import annotations

import functools
import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_T = TypeVar("_T")


_pauses = 0
"""Blocks of `collector_paused` under way (any thread)."""
_on_after_pauses = False
"""Whether the collector goes on again when the last of them ends."""
_pauses_lock = threading.Lock()


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector off for the block, then as it was (paused, not switched off).
    Blocks nest, from any thread (a station's follower and its service worker both fold):
    the collector goes on again when the last one under way ends, not the first.

    Used while folding the event (~40% of the fold: ~30,000 acyclic objects for 10,000
    records) and loading the station's state.
    """
    global _pauses, _on_after_pauses
    with _pauses_lock:
        if not _pauses:
            _on_after_pauses = gc.isenabled()
        _pauses += 1
        gc.disable()
    try:
        yield
    finally:
        with _pauses_lock:
            _pauses -= 1
            if not _pauses and _on_after_pauses:
                gc.enable()


def one_shot(main: Callable[_P, _T]) -> Callable[_P, _T]:
    """Run a command with the cyclic garbage collector paused; the station turns it on.

    A command is one short process whose garbage has no cycles worth collecting, while
    the collector would walk the whole parsed event file and its fold again and again:
    a `judgetui record` took 1.6x the CPU with it on at 10,000 records (issue 27). The
    caller's setting is restored after.
    Not a `collector_paused` block: a station runs inside it, and turns the collector on.
    """

    @functools.wraps(main)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return main(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return run


_frozen = False
"""Whether `live_long` froze objects."""


def live_long() -> None:
    """A station from here on (`judgetui.station.app.run_station`): what is alive now, the
    event just read and folded, millions of long-lived objects, frozen, so the collector
    leaves it alone (without, its full collections scanned them under the judge's keys);
    and the collector on again after `one_shot`."""
    global _frozen
    gc.freeze()
    _frozen = True
    gc.enable()


def settle_young_objects() -> None:
    """Move every object the cyclic GC tracks into its oldest generation, without a pass.

    Call right after making a large acyclic structure (a parsed file, a folded state).
    Otherwise the GC walks all of it in its next young collection, again when it is
    promoted to the middle generation, and once more in a full collection, each time
    for nothing: ~150 ms of a station's start-up on a 10,000-record event. Objects in
    the oldest generation are still freed as usual when no longer referenced, and still
    collected by full collections. ``gc.freeze()`` + ``gc.unfreeze()`` is exactly that
    move (two O(1) list splices); skipped while `live_long` keeps
    objects frozen (a flag: ``gc.get_freeze_count()`` walks every frozen object, ~20 ms a
    call once a station has frozen its event).
    """
    if not _frozen:
        gc.freeze()
        gc.unfreeze()
