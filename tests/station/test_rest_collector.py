"""The collector paused from a key until the station is at rest (`judgetui.station.rest`),
and the pauses of `perf.pause_collector` nesting (issue 14: a young collection of the
middle generation fell on the answer that opens the result, 20-42 ms at 50,000 records).

No time passes here: the rest is decided on a clock the tests move, and the loop's
callbacks are run by hand.
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Iterator

import pytest
from textual import events
from textual.app import App
from textual.geometry import Size

from judgetui import perf
from judgetui.station.rest import HOLD_AT_MOST, REST_SECONDS, RestCollector
from judgetui.station.terminal import StationDriver


@pytest.fixture(autouse=True)
def collector_on() -> Iterator[None]:
    """The collector on, as a settled station runs it; as it was after the test."""
    was = gc.isenabled()
    gc.enable()
    gc.collect()  # every generation's count from zero: the oldest is not due
    try:
        yield
    finally:
        assert perf._holds == 0, "a pause was left under way"
        (gc.enable if was else gc.disable)()


class Loop:
    """The two calls `RestCollector` makes of the App's loop, run by `run`."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.soon: list[Callable[[], object]] = []
        self.later: list[tuple[float, Callable[[], object]]] = []

    def call_soon_threadsafe(self, callback: Callable[[], object], /) -> None:
        self.soon.append(callback)

    def call_later(self, delay: float, callback: Callable[[], object], /) -> None:
        self.later.append((self.clock.now + delay, callback))

    def run(self) -> None:
        """Everything due by the clock's time now, in order."""
        while True:
            if self.soon:
                self.soon.pop(0)()
                continue
            due = sorted((at, i) for i, (at, _cb) in enumerate(self.later) if at <= self.clock.now)
            if not due:
                return
            _at, i = due[0]
            self.later.pop(i)[1]()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def loop(clock: Clock) -> Loop:
    return Loop(clock)


@pytest.fixture
def rest(loop: Loop, clock: Clock) -> Iterator[RestCollector]:
    collector = RestCollector(loop, clock=clock)
    try:
        yield collector
    finally:
        collector.close()


def young_collections() -> Callable[[], list[int]]:
    """The generations of the collections made from now on (a `gc.callbacks` probe)."""
    seen: list[int] = []

    def probe(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(probe)
    return lambda: (gc.callbacks.remove(probe), seen)[1]


# -- the pauses nest ---------------------------------------------------------------


def test_the_collector_is_on_again_only_when_the_last_pause_is_resumed() -> None:
    first = perf.pause_collector()
    second = perf.pause_collector()
    assert not gc.isenabled()
    first()
    first()  # a second call does nothing: the other pause still holds
    assert not gc.isenabled()
    second()
    assert gc.isenabled()


def test_a_pause_begun_with_the_collector_off_leaves_it_off() -> None:
    gc.disable()
    resume = perf.pause_collector()
    resume()
    assert not gc.isenabled()


def test_turning_the_collector_on_during_a_pause_waits_for_its_end() -> None:
    """The station settling (`perf.settle_interface`, `perf.long_lived`) under a key's pause."""
    gc.disable()
    resume = perf.pause_collector()
    perf.long_lived()
    assert not gc.isenabled()
    resume()
    assert gc.isenabled()


def test_a_station_run_as_a_command_turns_the_collector_on() -> None:
    """`judgetui` runs the station inside `perf.one_shot`: that is no pause that would
    keep the collector off when the station settles (`perf.settle_interface`)."""
    seen: list[bool] = []

    @perf.one_shot
    def station() -> None:
        seen.append(gc.isenabled())
        perf.long_lived()
        seen.append(gc.isenabled())
        seen.append(perf.collector_on())

    station()
    assert seen == [False, True, True]


def test_a_block_paused_inside_a_pause_does_not_end_it() -> None:
    resume = perf.pause_collector()
    with perf.collector_paused():
        pass
    assert not gc.isenabled()
    resume()
    assert gc.isenabled()


def test_a_classification_closed_under_a_pause_leaves_its_collection_to_rest() -> None:
    """`perf.collect_young` (after the dashboard's frame): at once when nothing pauses
    the collector, else at rest."""
    collections = young_collections()
    resume = perf.pause_collector()
    perf.collect_young()
    resume()
    perf.collect_young()
    assert collections() == [1]


# -- from a key to rest --------------------------------------------------------------


def test_a_key_pauses_the_collector_until_rest_then_collects(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    rest.key()
    assert not gc.isenabled() and rest.holding
    loop.run()
    clock.now += REST_SECONDS / 2
    loop.run()
    assert not gc.isenabled()  # not at rest yet
    collections = young_collections()
    clock.now += REST_SECONDS
    loop.run()
    assert gc.isenabled() and not rest.holding
    assert collections() == [1]  # both young generations, once
    assert rest.collections == 1


def test_every_so_many_rests_the_whole_heap_is_collected(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    """As the collector would: the oldest generation once the middle one was collected
    its threshold's number of times (here once)."""
    saved = gc.get_threshold()
    gc.set_threshold(saved[0], saved[1], 1)
    try:
        gc.collect()  # the counts from zero
        collections = young_collections()
        for _ in range(2):
            rest.key()
            clock.now += REST_SECONDS
            loop.run()
        assert collections() == [1, 2]
    finally:
        gc.set_threshold(*saved)


def test_each_key_and_each_frame_written_puts_rest_off(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    rest.key()
    loop.run()
    for _ in range(3):
        clock.now += REST_SECONDS * 0.75
        rest.written()
        loop.run()
        clock.now += REST_SECONDS * 0.75
        rest.key()
        loop.run()
        assert not gc.isenabled()
    clock.now += REST_SECONDS
    loop.run()
    assert gc.isenabled()


def test_no_rest_while_something_waits_to_be_done(loop: Loop, clock: Clock) -> None:
    """A key's frame still being drawn (or a key queued behind it) on a loaded machine:
    rest is counted from when nothing waits any more."""
    busy = [True]
    rest = RestCollector(loop, clock=clock, idle=lambda: not busy[0])
    try:
        rest.key()
        clock.now += REST_SECONDS * 2
        loop.run()
        assert rest.holding
        busy[0] = False
        clock.now += REST_SECONDS / 2
        loop.run()
        assert rest.holding  # rest is counted from the last look that found it busy
        clock.now += REST_SECONDS
        loop.run()
        assert not rest.holding and gc.isenabled()
    finally:
        rest.close()


def test_keys_that_never_rest_pause_it_no_longer_than_the_longest_hold(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    start = clock.now
    collections = young_collections()
    rest.key()
    while clock.now - start < HOLD_AT_MOST:
        assert not gc.isenabled()
        clock.now += REST_SECONDS / 2
        rest.key()
        loop.run()
    loop.run()
    assert gc.isenabled() and not rest.holding
    assert collections() == []  # not at rest: the collector goes on as it used to
    rest.key()  # and the next key pauses it again
    assert not gc.isenabled()


def test_a_key_before_the_station_settled_pauses_nothing(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    gc.disable()  # as from the start of `judgetui` until the dashboard's first frame
    rest.key()
    assert not rest.holding
    clock.now += REST_SECONDS * 2
    loop.run()
    assert not gc.isenabled()


def test_no_rest_while_a_write_is_under_way(
    rest: RestCollector, loop: Loop, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record's own pause (`WritesAhead.run_service`) lasts until its outcome's frame
    is written; rest is counted from then (a write can take longer than `REST_SECONDS`)."""
    rest.key()
    write = perf.pause_collector()
    collections = young_collections()
    clock.now += REST_SECONDS * 2
    loop.run()
    assert rest.holding and not gc.isenabled()
    write()
    assert not gc.isenabled()  # still the keys' pause
    clock.now += REST_SECONDS
    loop.run()
    assert not rest.holding and gc.isenabled()
    assert collections() == [1]


def test_a_write_longer_than_the_longest_hold_keeps_the_collector_paused(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    rest.key()
    write = perf.pause_collector()
    clock.now += HOLD_AT_MOST + REST_SECONDS
    loop.run()
    assert not rest.holding  # the keys' pause let go ...
    assert not gc.isenabled()  # ... the write's holds until its outcome is out
    write()
    assert gc.isenabled()


def test_a_key_during_a_write_waits_for_nothing_more(
    rest: RestCollector, loop: Loop, clock: Clock
) -> None:
    write = perf.pause_collector()
    rest.key()
    assert not rest.holding
    write()
    assert gc.isenabled()


def test_closing_resumes_the_collector(rest: RestCollector, loop: Loop) -> None:
    rest.key()
    rest.close()
    assert gc.isenabled()
    loop.run()  # the look due finds nothing to do
    assert gc.isenabled()


# -- the station's terminal feeds it ----------------------------------------------------


def test_the_terminal_reports_keys_and_frames_written(clock: Clock) -> None:
    asyncio.run(_keys_and_frames(clock))


async def _keys_and_frames(clock: Clock) -> None:
    driver = StationDriver(App(), debug=False, mouse=False, size=(80, 24))
    loop = Loop(clock)
    driver._rest = rest = RestCollector(loop, clock=clock)
    try:
        driver.process_message(events.Key("n", "n"))
        assert rest.holding
        clock.now += REST_SECONDS * 0.75
        driver._flushed()  # a frame written: rest is later
        loop.run()
        clock.now += REST_SECONDS * 0.75
        loop.run()
        assert rest.holding
        clock.now += REST_SECONDS
        loop.run()
        assert not rest.holding and gc.isenabled()
        driver.process_message(events.Resize(Size(80, 24), Size(80, 24)))
        assert not rest.holding  # only what a judge does pauses it
    finally:
        rest.close()
        await asyncio.sleep(0)
