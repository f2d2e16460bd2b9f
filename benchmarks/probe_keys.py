"""In-process probe: keystroke → next step rendered, in the classification, with Pilot.

Usage: ``python benchmarks/probe_keys.py PATH PLAYER SAMPLES``; prints JSON:
``{"latencies": {key label: [seconds, ...]}, "all": [seconds, ...]}``.

The station is started headless (Pilot, 160×48) on PATH as the head judge, exactly
as `run_station` builds it. Each sample walks one classification: ``n`` opens it,
the player's id is typed into the search one key at a time, ``enter`` continues,
``slow`` is typed into the infraction search, ``enter`` chooses, ``n`` / ``y``
answer intentional? / disruptive?, ``n`` answers any upgrade question until the
result shows, and ``escape`` walks all the way back to the dashboard.

One keystroke is timed from the moment its key event is sent (as ``Pilot.press``
sends it, but without ``press``'s waits for the whole process to go idle, which
would add tens of milliseconds of the harness's own) until the app has handled every
message it caused, the step it leads to is in place (checked on the screen's own
state: the step, the highlighted option, the screen stack) and the frame has been
laid out and composited (``Screen._on_timer_update``, what Textual runs to paint).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual import events

from judgetui import i18n
from judgetui.rules import load_rules
from judgetui.service import Station
from judgetui.station.app import JudgeStation
from judgetui.store import EventFile

HEAD = "Kana Mori"
TIMEOUT = 10.0
SIZE = (160, 48)


def build_app(path: str) -> JudgeStation:
    """The app as `judgetui.station.app.run_station` makes it."""
    i18n.set_language("en")
    station = Station(EventFile(path), load_rules())
    snapshot = station.file.load()
    state = station.fold(snapshot)
    judge = station.planner.identify(state, HEAD)
    return JudgeStation(
        station,
        state=state,
        stamp=snapshot.stamp,
        judge=judge,
        clock=lambda: datetime.now(UTC),
    )


async def walk(path: str, player: str, samples: int) -> dict[str, Any]:
    app = build_app(path)
    latencies: dict[str, list[float]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def send_key(key: str) -> None:
            """What Pilot.press sends, without its waits for the whole process to idle."""
            char = key if len(key) == 1 else None
            event = events.Key(key, char)
            event.set_sender(app)
            assert app._driver is not None
            app._driver.send_message(event)

        def screen_name() -> str:
            return type(app.screen).__name__

        def step() -> str:
            return str(getattr(app.screen, "step", ""))

        def signature() -> tuple[str, str, object]:
            return screen_name(), step(), getattr(app.screen, "question_index", None)

        def highlighted(list_id: str) -> str | None:
            try:
                option = app.screen.query_one(list_id).highlighted_option  # type: ignore[attr-defined]
            except Exception:
                return None
            return None if option is None else option.id

        async def press(label: str, key: str, ready: Callable[[], bool]) -> None:
            start = time.perf_counter()
            send_key(key)
            deadline = start + TIMEOUT
            while True:
                await pilot._wait_for_screen()  # every message the key caused, handled
                if ready():
                    break
                if time.perf_counter() > deadline:
                    raise RuntimeError(
                        f"{label}: the next step did not show within {TIMEOUT:.0f}s "
                        f"(screen {screen_name()}, step {step()!r}, focus {app.focused!r})"
                    )
                await asyncio.sleep(0.001)
            await pilot._wait_for_screen()  # the new step's own mount and refresh
            app.screen._on_timer_update()  # lay out and composite the frame
            latencies.setdefault(label, []).append(time.perf_counter() - start)

        dashboard = screen_name()
        for i in range(samples + 1):  # the first walk warms caches and is dropped
            await press("open classification", "n", lambda: screen_name() == "ClassifyScreen")
            typed = ""
            for char in player:
                typed += char
                done = typed == player
                await press(
                    "type in player search",
                    char,
                    (lambda: highlighted("#player-list") == player) if done else (lambda: True),
                )
            await press("enter: players chosen", "enter", lambda: step() == "infraction")
            for char in "slow":
                await press(
                    "type in infraction search",
                    char,
                    (lambda: highlighted("#infraction-list") == "slow_play")
                    if char == "w"
                    else (lambda: True),
                )
            await press("enter: infraction chosen", "enter", lambda: step() == "intentional")
            await press("answer intentional?", "n", lambda: step() == "disruptive")
            await press("answer disruptive?", "y", lambda: step() in ("upgrades", "result"))
            while step() == "upgrades":
                before = signature()
                await press("answer a question", "n", lambda before=before: signature() != before)
            while screen_name() != dashboard:
                before = signature()
                await press("escape: back", "escape", lambda before=before: signature() != before)
            if i == 0:
                latencies.clear()
    every = [value for values in latencies.values() for value in values]
    return {"latencies": latencies, "all": every}


def main() -> int:
    path, player, samples = sys.argv[1], sys.argv[2], int(sys.argv[3])
    result = asyncio.run(walk(path, player, samples))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
