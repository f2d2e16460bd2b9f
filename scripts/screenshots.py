"""Make `screenshots/*.svg`: one picture of each screen, from the real station.

    python scripts/screenshots.py [--out screenshots] [--size 120x36]

A demo event (fixed seed) is written to a temporary folder, the station is opened on
it with a fixed clock, and Textual's Pilot walks to each screen and saves what a
judge would see. The README shows these files.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from textual.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgetui import i18n  # noqa: E402
from judgetui.demo import HEAD_JUDGE, write_demo  # noqa: E402
from judgetui.identity import Caller  # noqa: E402
from judgetui.rules import load_rules  # noqa: E402
from judgetui.service import Station  # noqa: E402
from judgetui.station.app import JudgeStation, open_station  # noqa: E402
from judgetui.store import EventFile  # noqa: E402

NOW = datetime(2026, 11, 28, 18, 0, tzinfo=UTC)
Steps = Callable[[Pilot[None]], Awaitable[None]]


def station_for(db: Path) -> Station:
    return Station(EventFile(db), load_rules(), caller=Caller("judgetui-demo", None))


async def settle(pilot: Pilot[None], screen_name: str, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if type(pilot.app.screen).__name__ == screen_name:
            break
        await pilot.pause(0.05)
    await pilot.pause(0.3)
    if type(pilot.app.screen).__name__ != screen_name:
        raise SystemExit(f"screenshots: expected {screen_name}, got {pilot.app.screen}")


async def shoot(app: JudgeStation, size: tuple[int, int], out: Path, steps: Steps) -> None:
    async with app.run_test(size=size) as pilot:
        await steps(pilot)
        app.save_screenshot(filename=out.name, path=str(out.parent))
    print(f"wrote {out}")


def dashboard_then(*keys: str, screen: str) -> Steps:
    async def steps(pilot: Pilot[None]) -> None:
        await settle(pilot, "DashboardScreen")
        for key in keys:
            await pilot.press(key)
            await pilot.pause(0.05)
        await settle(pilot, screen)

    return steps


async def main_async(out: Path, size: tuple[int, int]) -> None:
    rules = load_rules()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "event.json"
        write_demo(str(db), rules, players=48, records=70, seed=2026)

        def app(judge: str | None = HEAD_JUDGE) -> JudgeStation:
            return open_station(station_for(db), judge, clock=lambda: NOW, cursor_blink=False)

        shots: list[tuple[str, str | None, Steps]] = [
            ("dashboard", HEAD_JUDGE, dashboard_then(screen="DashboardScreen")),
            ("dashboard-floor-judge", "Alex Reed", dashboard_then(screen="DashboardScreen")),
            ("classify-players", "Alex Reed", dashboard_then("n", screen="ClassifyScreen")),
            (
                "classify-infraction",
                "Alex Reed",
                dashboard_then("n", "s", "o", "f", "i", "a", "enter", screen="ClassifyScreen"),
            ),
            (
                "classify-result",
                "Alex Reed",
                dashboard_then(
                    "n",
                    "s",
                    "o",
                    "f",
                    "i",
                    "a",
                    "enter",
                    "d",
                    "r",
                    "a",
                    "w",
                    "enter",
                    "n",
                    "y",
                    "n",
                    "n",
                    "n",
                    "n",
                    screen="ClassifyScreen",
                ),
            ),
            ("review", HEAD_JUDGE, dashboard_then("r", screen="ReviewScreen")),
            ("player", HEAD_JUDGE, dashboard_then("enter", screen="PlayerScreen")),
            ("decision", HEAD_JUDGE, dashboard_then("d", screen="DecisionModal")),
            ("event", HEAD_JUDGE, dashboard_then("e", screen="EventScreen")),
            ("help", HEAD_JUDGE, dashboard_then("question_mark", screen="HelpScreen")),
            ("sign-in", None, lambda pilot: settle(pilot, "SignInScreen")),
        ]
        for name, judge, steps in shots:
            await shoot(app(judge), size, out / f"{name}.svg", steps)

        i18n.set_language("ja")
        await shoot(app(), size, out / "dashboard-ja.svg", dashboard_then(screen="DashboardScreen"))
        i18n.set_language("en")

        os.chdir(folder)  # the first-run screen names the file: show it as a judge would
        missing = Path("judgetui.json")
        first_run = open_station(station_for(missing), None, clock=lambda: NOW, cursor_blink=False)
        await shoot(
            first_run, size, out / "first-run.svg", lambda pilot: settle(pilot, "FirstRunScreen")
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    parser.add_argument("--size", default="120x36")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    asyncio.run(main_async(out, (width, height)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
