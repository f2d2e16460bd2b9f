"""The one way the station's tests open and drive the real `JudgeStation`.

`make_app` opens the App as the command line does (`open_station`: the state loaded and
the judge checked first), on a service the test chose: the conftest's ``station`` (the
fixture's ticking clock and counting ids) or `service_on` (a second service on the same
file, as a station in another process holds one). The station's own clock is stopped
(``now``) so ages and times on screen never move.

Nothing here waits on the wall clock: `settle` waits for the App's workers and messages
(`Worker.wait`, `pilot.pause()`); a condition that only the file follower can make true
(another station wrote the file) is re-checked after each pause, and the only time in it
is a guard against a hang, far beyond any slow machine.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static

from judgetui.identity import Caller
from judgetui.rules import Rules
from judgetui.service import RecordRequest, RecordResult, Station
from judgetui.settings import LoadedSettings
from judgetui.state import EventState
from judgetui.station.app import JudgeStation, open_station
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.session import Session
from judgetui.station.widgets.header import StationHeader
from judgetui.store import EventFile
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD, counting_ids, record

SIZE = (100, 30)
"""The terminal most Pilot tests run in."""

SCREEN_NOW = FIXED_NOW + timedelta(hours=1)
"""The station's clock: an hour after the fixture's first entry, so ages read '58 min'."""

HANG_GUARD_SECONDS = 60.0
"""How long `settle` waits for a condition before it calls the station stuck. Not a timing:
the condition is re-checked after every worker and message, and a loaded machine only
makes the wait longer."""


def pilot_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot test with asyncio.run (the project has no async pytest plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def service_on(db: Path, rules: Rules, *, ids: int | None = 7) -> Station:
    """A service on ``db`` as a station process holds its own: the OS account "tester", the
    clock stopped at `FIXED_NOW`, ids counting under prefix ``ids`` (two services on one
    file need two prefixes; None: random ids, as the command line makes them)."""
    if ids is None:
        return Station(EventFile(db), rules, caller=Caller("tester", None), clock=lambda: FIXED_NOW)
    return Station(
        EventFile(db),
        rules,
        caller=Caller("tester", None),
        clock=lambda: FIXED_NOW,
        new_id=counting_ids(ids),
    )


def make_app(
    station: Station,
    judge: str | None = HEAD,
    *,
    now: datetime = SCREEN_NOW,
    poll: float = 0.05,
    settings: LoadedSettings | None = None,
) -> JudgeStation:
    """The real station App on ``station``'s file, signed in as ``judge`` (None: the sign-in
    screen), as the command line opens it; its clock stopped at ``now``, the file followed
    every ``poll`` seconds, no cursor blink."""
    return open_station(
        station,
        judge,
        clock=lambda: now,
        cursor_blink=False,
        poll_seconds=poll,
        settings=settings,
    )


async def settle(pilot: Pilot[Any], until: Callable[[], bool] | None = None) -> None:
    """Let the App's workers finish and its messages be handled; then, if ``until`` is
    given, go on doing so until it holds (see `HANG_GUARD_SECONDS`).

    Not ``workers.wait_for_complete()``: the file follower is a worker that never ends.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HANG_GUARD_SECONDS
    while True:
        await pilot.pause()
        busy = [w for w in pilot.app.workers if w.group != "watcher" and not w.is_finished]
        if busy:
            for worker in busy:
                await worker.wait()
            continue
        if until is None or until():
            break
        if loop.time() > deadline:
            raise AssertionError("the station did not reach the expected state")
        # Only the follower's thread can still make it true: give it the loop.
        await asyncio.sleep(0.02)
    await pilot.pause()


async def open_screen(pilot: Pilot[Any], screen: Screen[Any]) -> None:
    await settle(pilot, lambda: type(pilot.app.screen).__name__ == "DashboardScreen")
    pilot.app.push_screen(screen)
    await settle(pilot, lambda: pilot.app.screen is screen)


def session_of(app: JudgeStation) -> Session:
    assert app.session is not None
    return app.session


async def walk_to_result(
    pilot: Pilot[None], player: str, infraction: str, intentional: str, disruptive: str
) -> ClassifyScreen:
    """n → player → infraction → the two questions → 'no' to every upgrade question."""
    await pilot.press("n")
    screen = pilot.app.screen
    assert isinstance(screen, ClassifyScreen)
    await pilot.press(*player.lower(), "enter")
    assert screen.step == "infraction"
    await pilot.press(*infraction, "enter")
    assert screen.step == "intentional"
    await pilot.press(intentional, disruptive)
    while screen.step == "upgrades":
        await pilot.press("n")
    assert screen.step == "result"
    return screen


def text_of(screen: ClassifyScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def shown(screen: Screen[Any], selector: str) -> str:
    """The plain text a Static shows."""
    content = screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


def options_of(screen: Screen[Any], selector: str) -> list[tuple[str, bool, str]]:
    """(id, disabled, prompt) of every option in an OptionList."""
    options = screen.query_one(selector, OptionList)
    result = []
    for index in range(options.option_count):
        option = options.get_option_at_index(index)
        prompt = option.prompt
        plain = prompt.plain if isinstance(prompt, Text) else str(prompt)
        result.append((option.id or "", option.disabled, plain))
    return result


def table_rows(screen: Screen[Any], selector: str) -> list[str]:
    """Every row of a DataTable as ``cell | cell | …`` plain text."""
    table: DataTable[Any] = screen.query_one(selector, DataTable)
    return [
        " | ".join(c.plain if isinstance(c, Text) else str(c) for c in table.get_row_at(i))
        for i in range(table.row_count)
    ]


def highlighted(screen: Screen[Any], selector: str) -> str | None:
    option = screen.query_one(selector, OptionList).highlighted_option
    return option.id if option else None


def fresh(station: Station) -> EventState:
    return station.load()


def build_scene(station: Station) -> None:
    """A round-3 event with every kind of queue item and a varied history for P1.

    P1: an issued Single Warning, a dismissed notice and a floor judge's pending request;
    P2: a notice to check; P3 (a Japanese name): three minor Single Warnings, a decision;
    P4: four points (ejection forced); P5: a Triple Warning for cheating.
    """
    record(
        station,
        HEAD,
        "P1",
        "slow_play",
        penalty="single_warning",
        note="Took four minutes over one attack.",
    )
    record(station, FLOOR, "P1", "cards_off_table")
    notice = fresh(station).history("P1")[-1]
    station.review(HEAD, notice.id, "dismiss", note="The cards were on the table after all.")
    station.set_round(HEAD, 2)
    for infraction in ("slow_play", "mulligan_error", "looking_at_extra_cards"):
        record(station, HEAD, "P3", infraction, penalty="single_warning")
    record(station, HEAD, "P4", "slow_play", penalty="single_warning")
    record(station, HEAD, "P4", "mulligan_error", penalty="single_warning")
    record(station, HEAD, "P4", "drawing_extra_cards", penalty="double_warning")
    station.set_round(HEAD, 3)
    record(
        station,
        HEAD,
        "P5",
        "cheating",
        True,
        True,
        penalty="triple_warning",
        flags=frozenset({"strong_cheating"}),
        note="Marked sleeves; investigation opened.",
    )
    record(
        station,
        FLOOR,
        "P1",
        "drawing_extra_cards",
        penalty="single_warning",
        note="Drew two cards off the top, opponent called a judge.",
    )
    record(station, FLOOR, "P2", "game_rules_violation")


def key_names(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def burst(pilot: Pilot[None], *keys: str) -> None:
    """Every key handed to the App at once, then wait until it has handled them all."""
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        char = " " if key == "space" else key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
    await settle(pilot)


def header_text(app: JudgeStation) -> str:
    """The header's two top lines as the judge sees them."""
    header = app.screen.query_one(StationHeader)
    lines = [header.render_line(y).text for y in range(header.size.height)]
    return "\n".join(lines)


def hold_saves(session: Session, release: threading.Event) -> None:
    """Make ``session``'s records wait for ``release`` before they write: a save under
    way, for as long as a test needs one."""
    write = session.record

    def held(request: RecordRequest) -> RecordResult:
        release.wait()
        return write(request)

    session.record = held  # type: ignore[method-assign]


async def refuse_on(app: JudgeStation, error: Exception) -> None:
    """A service call of the screen shown that the service refuses with ``error``."""
    from judgetui.station.messages import EventSet
    from judgetui.station.screens.base import StationScreen

    def refuse() -> None:
        raise error

    screen = app.screen
    assert isinstance(screen, StationScreen)
    await screen.serve(refuse, EventSet).wait()
