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

GC_THRESHOLD = (10_000, 20, 100)
"""The collector's thresholds while the station runs (Python's default: 700, 10, 10)."""


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector off for the block, then as it was (paused, not switched off).

    Used while parsing the event file (~20% of load time), folding it (~40% of the
    fold: ~30,000 acyclic objects for 10,000 records) and loading the station's state.
    """
    resume = pause_collector()  # nests with the other pauses (`pause_collector`)
    try:
        yield
    finally:
        resume()


def pause_from_start() -> None:
    """The collector paused for the whole of a process (`judgetui.launch`), imports included.

    `one_shot` pauses it from the command's start; the imports before it (the command
    line's own modules, orjson) made ~15 young collections and a middle one for
    nothing. A station turns it on again (`settle_interface`, `long_lived`); a command
    ends with it off.
    """
    gc.disable()


def one_shot(main: Callable[_P, _T]) -> Callable[_P, _T]:
    """Run a command with the cyclic garbage collector paused; the station turns it on.

    A command is one short process whose garbage has no cycles worth collecting, while
    the collector would walk the whole parsed event file a few times over (~25 ms of a
    `judgetui record` on a 10,000-record event). The caller's setting is restored after.
    Not a `pause_collector` pause: a station runs inside it, and turns the collector on.
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
"""Whether `freeze_all` or `settle_interface` froze objects (`restore_collector` thaws)."""


def settle_young_objects() -> None:
    """Move every object the cyclic GC tracks into its oldest generation, without a pass.

    Call right after making a large acyclic structure (a parsed file, a folded state).
    Otherwise the GC walks all of it in its next young collection, again when it is
    promoted to the middle generation, and once more in a full collection, each time
    for nothing: ~150 ms of a station's start-up on a 10,000-record event. Objects in
    the oldest generation are still freed as usual when no longer referenced, and still
    collected by full collections. ``gc.freeze()`` + ``gc.unfreeze()`` is exactly that
    move (two O(1) list splices); skipped while `freeze_all` or `settle_interface` keeps
    objects frozen (a flag: ``gc.get_freeze_count()`` walks every frozen object, ~20 ms a
    call once a station has frozen its event).
    """
    if not _frozen:
        gc.freeze()
        gc.unfreeze()


def freeze_all() -> None:
    """Keep the collector off everything alive now (a freshly loaded event).

    A 7,500-player event is millions of objects that live as long as the station.
    Python's collector would rescan them all every few thousand allocations, which
    made every redraw of the dashboard 20x slower; frozen, they are left alone (they
    are still freed normally once nothing refers to them).
    """
    global _frozen
    gc.freeze()
    _frozen = True


def settle_interface(saved: tuple[int, int, int] | None) -> tuple[int, int, int]:
    """Once the dashboard is up, keep the collector off what lives as long as the app.

    The stylesheet, the dashboard's widgets and the caches behind them are tens of
    thousands of objects; every full collection rescanned them all, which showed as
    100-300 ms stalls on random keystrokes. Collected once first, so no garbage is
    frozen with them; they are still freed normally when nothing refers to them. Fewer,
    larger young collections too: a classification makes and drops thousands of widgets
    and strips, and each collection pass was a stall of its own. Returns the thresholds
    to restore (``saved`` if already settled).

    When (issue 14): it costs one full collection, measured in a station signed in
    under Pilot (2-core VM, shared and loaded): 45-92 ms at 10,000 records, ~80 ms at
    50,000 (7,500 players). It used to run on a fixed 0.5 s timer after sign-in, which
    at 50k fired while the dashboard was still being built, before the first paint.
    It now runs right after the dashboard's first frame (``call_after_refresh``): off
    the first paint's path, and done before a judge's first key can arrive; there it
    costs 13 ms at 10k and 63 ms at 50k (one run each: less garbage has piled up). Not
    measured yet: the first keys' latency with and without it (benchmarks/run.py
    ``--only first_paint,walk`` at both sizes).

    It also turns the collector on: a station opened from the command line runs with
    it paused (`one_shot`) from the start to here, not only while the file is parsed
    and folded. Turned on before the imports, it made ~200 young collections before
    the first frame (~25-40 ms at 10,000 records, tmux with a `gc.callbacks` probe),
    for garbage that no more than a start-up's worth of objects; the full collection
    above takes whatever cycles that left.
    """
    global _frozen
    gc.collect()
    gc.freeze()
    _frozen = True
    _enable()
    if saved is not None:
        return saved
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLD)
    return before


def restore_collector(saved: tuple[int, int, int] | None) -> None:
    """Undo `settle_interface` (tests run many apps in one process)."""
    global _frozen
    if saved is not None:
        gc.set_threshold(*saved)
    gc.unfreeze()
    _frozen = False


def long_lived() -> None:
    """The collector on for a long-lived process (the station), even inside `one_shot`:
    when its first screen asks the judge something (`settle_interface` does it once
    the dashboard is up)."""
    _enable()


def release_freed_memory() -> None:
    """Give the memory freed since back to the system now (glibc's ``malloc_trim``).

    After a station lets a parsed event file go (the store's `LogReader`), the larger
    blocks it was made of stay in the C allocator's heap, counted in the station's
    resident size: ~55 MB at 50,000 records, which ``malloc_trim`` returns in ~5 ms.
    Nothing where the C library has no ``malloc_trim`` (it is glibc's).
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def collect_young() -> None:
    """Collect the young generations now, at a pause (a classification just closed).

    A walk-through and its record leave tens of thousands of young objects behind (the
    widgets' strips, the write's entries); the collection that finds them came on the
    judge's next key, the `n` of the next incident: 60 ms and more at 10,000 records
    (issue 14, measured in tmux with a collector callback). Run after the dashboard's
    frame is out, it costs the same where no key waits for it. Not while a pause is
    under way (`pause_collector`): in a terminal, the keys' pause lasts until the
    station is at rest, and the collection is made then (`judgetui.station.rest`), not
    under the next key's frames (the dashboard's catching up, or the next `n`).
    """
    if not _holds:
        gc.collect(1)


_holds = 0
"""Pauses of `pause_collector` not resumed yet (any thread)."""
_on_after_holds = False
"""Whether the collector goes on again when the last pause is resumed."""
_holds_lock = threading.Lock()


def _enable() -> None:
    """The collector on, or on once the pauses under way are all resumed."""
    global _on_after_holds
    with _holds_lock:
        if _holds:
            _on_after_holds = True
        else:
            gc.enable()


def pause_collector() -> Callable[[], None]:
    """Pause the cyclic collector until the function returned is called (the first call
    resumes it, if it was on; later calls do nothing). Pauses nest, from any thread: the
    collector goes on again when the last one under way is resumed, not the first.

    Used from the key that records to the frame that shows the record (the
    classification's `WritesAhead`): a young collection (up to 10,000 objects, see
    `GC_THRESHOLD`) fell in that window in most walks traced in tmux at 10,000 records,
    4-14 ms each on the loaded 2-core VM, once between the frame and the terminal.
    What it would have found is collected by the next collection after. Also from any
    key until the station is at rest (`judgetui.station.rest`).
    """
    global _holds, _on_after_holds
    with _holds_lock:
        if not _holds:
            _on_after_holds = gc.isenabled()
        _holds += 1
        gc.disable()
    resumed = False

    def resume() -> None:
        global _holds
        nonlocal resumed
        with _holds_lock:
            if resumed:
                return
            resumed = True
            _holds -= 1
            if not _holds and _on_after_holds:
                gc.enable()

    return resume


def pauses_under_way() -> int:
    """How many `pause_collector` pauses are not resumed yet."""
    return _holds


def collector_on() -> bool:
    """Whether the collector runs now: on, and no pause under way."""
    return gc.isenabled() and not _holds


def collect_at_rest() -> bool:
    """Collect the young generations now, the station at rest (`judgetui.station.rest`),
    unless the collector is off or paused; True if it collected.

    Both young generations (``gc.collect(1)``): one collected at every rest holds only
    what was made since the last, so it costs what a young collection costs, and the
    middle-generation collection that came every 20th young one (20-40 ms at 50,000
    records, traced in tmux) no longer falls on a key. Every `GC_THRESHOLD`'s third
    figure of those, the whole heap (what is not frozen), as the collector itself would:
    with the keys' collections all made here, it would otherwise never run, and what
    became garbage in the oldest generation would stay.
    """
    if not collector_on():
        return False
    oldest = gc.get_count()[2] >= gc.get_threshold()[2]
    gc.collect(2 if oldest else 1)
    return True
