"""The figures that need the station running in a real terminal: a private tmux server.

Every figure takes the sides (`checkouts.Side`) to measure and returns its result by side
name; the baseline (the minimal data app) is run in the same rounds, and the sides take
turns sample by sample. A figure raises :class:`Skip` (``"skipped"`` in the JSON) when tmux
or the station is not there, so the quick run in CI keeps working without them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from checkouts import ROOT, Side
from tmux_control import Control, wait_output_any

BENCH = ROOT / "benchmarks"
PY = sys.executable
HEAD = "Kana Mori"
FLOOR = "Alex Reed"
EVENT_NAME = "Autumn Championship 2026"
COLS, ROWS = 160, 48
PAINT_TIMEOUT = 60.0
KEY_TIMEOUT = 10.0
"""Seconds a key's frame is awaited before the station is taken to have frozen."""
POLL = 0.01
KEY_POLL = 0.002
"""Seconds between reads of a pane while a key's frame is awaited, when tmux reports no
output from it sooner (a read is made as soon as it does: `Control.wait_output`)."""
#: "Painted with data": the event's name (its start: a narrow header may cut it short),
#: and a row that shows a player's id and name.
PAINTED = (re.compile(re.escape(EVENT_NAME[:11])), re.compile(r"\bP\d{4,}\s+\w"))
SAVING = re.compile(r"Saving(…|\.\.\.)|enter: back to the dashboard")
"""The record key taken: *Saving…*, or already the done step (a checkout that draws it
before the disk has the records), or a new *Recorded* (one that shows nothing between)."""
RECORDED = re.compile(r"\bRecorded\b")
"""The records on disk: the word *Recorded* (the toast's title at 6fea491)."""
DONE = re.compile(r"enter: back to the dashboard")


Shown = Callable[[str], bool]
"""A test of a pane's text: the frame awaited has reached the terminal."""


def shows(needle: re.Pattern[str]) -> Shown:
    return lambda screen: needle.search(screen) is not None


class Skip(Exception):
    """This figure cannot be measured here; the reason goes into the JSON."""


class Frozen(Exception):
    """A key's frame did not reach the terminal within `KEY_TIMEOUT`."""


def _prefixes(text: str) -> list[str]:
    """What a search shows after each key of ``text``: "P", "P7", "P74", ..."""
    return [text[: i + 1] for i in range(len(text))]


def _next_question(screen: str) -> str | None:
    """The pane after an answer to the question marked ``▶`` on ``screen``: the mark on
    another question, or the result step (its key ``⏎ Record``). None (any change of the
    pane) where no question is marked."""
    asked = re.search(r"(?m)^ ▶ (.*?) *$", screen)
    if asked is None:
        return None
    return rf"(?m)^ ▶ (?!{re.escape(asked.group(1))} *$)|⏎ Record"


def _search_shows(prompt: str, typed: str) -> str:
    """The pane's search, under the step's ``prompt``, shows exactly ``typed``: the typed
    key's own frame, not the rest of the previous key's."""
    return rf"(?m)^ ?{re.escape(prompt)}\? .*\n {{0,4}}{re.escape(typed)} *$"


def quantile(values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile (p95 of 20 samples is the 19th)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def spread(values: Sequence[float]) -> dict[str, Any]:
    """p50, p95 and max of ``values``, and the values themselves in the order taken."""
    return {
        "p50_s": round(quantile(values, 0.5), 4),
        "p95_s": round(quantile(values, 0.95), 4),
        "max_s": round(max(values), 4),
        "n": len(values),
        "samples_s": [round(v, 4) for v in values],
    }


def turns(sides: Sequence[Any], i: int) -> list[Any]:
    """The order of round ``i``: ``sides`` turned by ``i``, so that over as many rounds as
    there are sides each one has run in every place (two sides: A B, B A, A B, ...)."""
    k = i % len(sides)
    return [*sides[k:], *sides[:k]]


def _cpu_ticks(pid: int) -> int:
    """utime + stime of a process (and its waited-for children), in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _status_mb(pid: int, field: str) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Walker:
    """One side's two stations in the walk, floor judge's and head judge's, and their
    control-mode clients."""

    def __init__(self, side: Side, floor: str, head: str, controls: dict[str, Control]) -> None:
        self.side, self.floor, self.head, self.controls = side, floor, head, controls
        self.kinds: dict[str, list[float]] = {}
        self.other: list[float] = []
        self.frozen: str | None = None

    def capture(self, pane: str) -> str:
        return self.controls[pane].capture(pane)

    def watch(self, key: str, watches: Sequence[tuple[str, Shown]]) -> list[float]:
        """Send ``key`` to the floor judge's pane; the seconds from it until each watched
        pane shows what its test looks for, the panes read whenever tmux reports output
        from one of them, else every `KEY_POLL`."""
        start = time.perf_counter()
        self.controls[self.floor].send_keys(self.floor, key)
        seen: dict[int, float] = {}
        while True:
            printed = {pane: self.controls[pane].outputs for pane, _ in watches}
            screens: dict[str, str] = {}
            for n, (pane, test) in enumerate(watches):
                if n not in seen:
                    if pane not in screens:
                        screens[pane] = self.capture(pane)
                    if test(screens[pane]):
                        seen[n] = time.perf_counter() - start
            if len(seen) == len(watches):
                return [seen[n] for n in range(len(watches))]
            if time.perf_counter() - start > KEY_TIMEOUT:
                raise Frozen(f"after {key!r}, its frame not shown in {KEY_TIMEOUT:.0f}s")
            waiting = sorted({pane for n, (pane, _) in enumerate(watches) if n not in seen})
            counts = [printed[pane] for pane in waiting]
            wait_output_any([self.controls[p] for p in waiting], counts, KEY_POLL)

    def timed(self, kind: str, key: str, ready: str | None) -> None:
        test = shows(re.compile(ready)) if ready is not None else self.changed(self.floor)
        (took,) = self.watch(key, [(self.floor, test)])
        self.kinds.setdefault(kind, []).append(took)

    def changed(self, pane: str) -> Shown:
        """Any change of ``pane`` from what it shows now."""
        before = self.capture(pane)
        return lambda screen: screen != before

    def until(self, pane: str, test: Shown, seconds: float = KEY_TIMEOUT) -> str | None:
        """Untimed: until ``pane`` passes ``test``; its screen, or None after ``seconds``."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            screen = self.capture(pane)
            if test(screen):
                return screen
            time.sleep(POLL)
        return None

    def walk_once(self, player: str) -> None:
        """One whole classification by the floor judge, key by key."""
        time.sleep(0.3)  # untimed: the dashboard settles between walks
        self.timed("open classification", "n", r"Who\? Type a name or id")
        for typed in _prefixes(player):
            self.timed("type in a search", typed[-1], _search_shows("Who", typed))
        self.timed("continue", "Enter", r"Which infraction\?")
        for typed in _prefixes("slow"):
            self.timed("type in a search", typed[-1], _search_shows("Which infraction", typed))
        self.timed("continue", "Enter", r"Was it intentional\?")
        self.timed("answer", "n", r"Was it disruptive\?")
        self.timed("answer", "y", r"So far:|⏎ Record")
        for _ in range(8):
            time.sleep(0.15)  # untimed: the step is settled before the next key is read
            screen = self.capture(self.floor)
            if "⏎ Record" in screen.splitlines()[-1]:
                break
            self.timed("answer", "n", _next_question(screen))
        # The last record's toast gone (untimed; its default timeout is 5 s); a *Recorded*
        # that stays on screen is not taken for this record's, which adds one more.
        gone = self.until(self.floor, lambda s: not RECORDED.search(s), 6.0)
        already = len(RECORDED.findall(gone or self.capture(self.floor)))

        def recorded(screen: str) -> bool:
            return len(RECORDED.findall(screen)) > already

        def saving(screen: str) -> bool:
            return bool(SAVING.search(screen)) or recorded(screen)

        entries = re.search(r"log: (\d+) entries", self.capture(self.head))
        count = entries.group(1) if entries else ""
        changed = re.compile(r"log: (?!" + count + r"\b)\d+ entries")
        times = self.watch(
            "Enter", [(self.floor, saving), (self.floor, recorded), (self.head, shows(changed))]
        )
        self.kinds.setdefault("record: Saving… shown", []).append(times[0])
        self.kinds.setdefault("record: Recorded shown", []).append(times[1])
        self.other.append(times[2])
        if self.until(self.floor, shows(DONE)) is None:
            raise Frozen("the done step not shown after the record")
        self.timed("back", "Enter", r"Recent penalties")

    def figures(self, samples: int) -> dict[str, Any]:
        """keystroke, record_saving, record_recorded, station_to_station, worst_key."""
        recorded = self.kinds.pop("record: Recorded shown", [])
        by_kind = {kind: spread(values) for kind, values in self.kinds.items()}
        if not by_kind or not recorded:
            reason = f"froze: {self.frozen}" if self.frozen else "no walk finished"
            return {name: {"status": "error", "reason": reason} for name in WALK_FIGURES}
        worst = max(by_kind, key=lambda k: by_kind[k]["p95_s"])
        keys = [v for values in self.kinds.values() for v in values]
        froze = {"froze": self.frozen} if self.frozen else {}
        return {
            "keystroke": {
                "status": "ok",
                "p95_s": by_kind[worst]["p95_s"],
                "worst_kind": worst,
                "by_kind": by_kind,
                "first_walk_included": True,
                "samples": samples,
            },
            "record_saving": {"status": "ok", **by_kind["record: Saving… shown"]},
            "record_recorded": {"status": "ok", **spread(recorded)},
            "station_to_station": {"status": "ok", **spread(self.other)},
            "worst_key": {
                "status": "ok",
                "max_s": KEY_TIMEOUT if self.frozen else round(max(keys), 4),
                "kind": max(by_kind, key=lambda k: by_kind[k]["max_s"]),
                "keys": len(keys),
                **froze,
            },
        }


WALK_FIGURES = ("keystroke", "record_saving", "record_recorded", "station_to_station", "worst_key")


class Tui:
    def __init__(self, work: Path, *, quick: bool) -> None:
        self.work = work
        self.quick = quick
        self.timeout = 20.0 if quick else PAINT_TIMEOUT
        self.socket = f"judgetui-bench-{os.getpid()}"
        self.tmux = shutil.which("tmux")
        self._server = False
        self._socket_path = ""

    # -- availability --------------------------------------------------------------

    def _need(self, sides: Sequence[Side]) -> None:
        if self.tmux is None:
            raise Skip("tmux is not installed")
        for side in sides:
            probe = subprocess.run(
                [side.python, "-c", "import judgetui.station.app"],
                capture_output=True,
                text=True,
                env=side.env,
                cwd=side.root,
            )
            if probe.returncode != 0:
                why = probe.stderr.strip()[-200:]
                raise Skip(f"{side.name}: judgetui.station.app does not import: {why}")

    # -- tmux plumbing -------------------------------------------------------------

    def _tmux(self, *args: str, check: bool = True) -> str:
        assert self.tmux is not None
        proc = subprocess.run([self.tmux, "-L", self.socket, *args], capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"tmux {args[0]} failed: {proc.stderr.strip()}")
        return proc.stdout

    def _ensure_server(self) -> None:
        """A private tmux server, no user config, panes that stay after their process exits."""
        if self._server:
            return
        self._server = True
        size = ("-x", str(COLS), "-y", str(ROWS))
        self._tmux("-f", "/dev/null", "new-session", "-d", "-s", "keeper", *size, "sleep 86400")
        self._socket_path = self._tmux("display-message", "-p", "#{socket_path}").strip()
        self._tmux("set-option", "-g", "default-size", f"{COLS}x{ROWS}")
        self._tmux("set-option", "-g", "remain-on-exit", "on")

    def _start(self, name: str, cmd: Sequence[str], side: Side | None) -> int:
        """Start ``cmd`` as the only process of a new tmux session, in ``side``'s checkout
        with its path (None: this checkout, for the minimal app); return its pid."""
        self._ensure_server()
        root = side.root if side is not None else ROOT
        shell_env = " ".join(
            f"{k}={_quote(v)}"
            for k, v in (
                ("PYTHONPATH", side.env["PYTHONPATH"] if side is not None else ""),
                ("TEXTUAL_ANIMATIONS", "none"),
                ("TZ", "UTC"),
                ("TERM", "xterm-256color"),
                ("COLORTERM", "truecolor"),
            )
        )
        unset = "-u LANG -u LC_ALL -u COLUMNS -u LINES"
        command = f"exec env {unset} {shell_env} " + " ".join(_quote(c) for c in cmd)
        size = ("-x", str(COLS), "-y", str(ROWS))
        self._tmux("new-session", "-d", "-s", name, *size, "-c", str(root), command)
        shown = self._tmux("display-message", "-p", "-t", name, "#{window_width}x#{window_height}")
        if shown.strip() != f"{COLS}x{ROWS}":
            self._kill(name)
            raise RuntimeError(f"tmux made a {shown.strip()} pane, not {COLS}x{ROWS}")
        return int(self._tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip())

    def _wait_for(self, name: str, needles: Sequence[re.Pattern[str]]) -> float:
        """Poll the pane until every needle shows; return the time it happened."""
        deadline = time.perf_counter() + self.timeout
        while True:
            screen = self._tmux("capture-pane", "-p", "-t", name, check=False)
            now = time.perf_counter()
            if all(n.search(screen) for n in needles):
                return now
            if now > deadline:
                wanted = ", ".join(n.pattern for n in needles)
                print(f"{name}:\n{screen}", file=sys.stderr)
                raise RuntimeError(f"{name}: {wanted} not on screen after {self.timeout:.0f}s")
            dead = self._tmux("display-message", "-p", "-t", name, "#{pane_dead}", check=False)
            if dead.strip() == "1":
                raise RuntimeError(f"{name}: the process exited; screen:\n{screen}")
            time.sleep(POLL)

    def _kill(self, name: str) -> None:
        self._tmux("kill-session", "-t", name, check=False)

    def close(self) -> None:
        if self._server and self.tmux is not None:
            self._tmux("kill-server", check=False)
            if self._socket_path:
                Path(self._socket_path).unlink(missing_ok=True)

    def _copy(self, src: Path, name: str) -> Path:
        db = self.work / f"{name}.json"
        shutil.copyfile(src, db)
        db.with_name(db.name + ".lock").unlink(missing_ok=True)
        return db

    def _open(self, side: Side | None, src: Path, name: str, judge: str = HEAD) -> tuple[str, int]:
        """A station of ``side`` (None: the minimal app) on its own copy of ``src``."""
        db = self._copy(src, name)
        cmd = [PY, str(BENCH / "minimal_app.py"), str(db)]
        if side is not None:
            cmd = [*side.judgetui, "--db", str(db), "--judge", judge]
        session = f"{name}-{uuid.uuid4().hex[:6]}"
        return session, self._start(session, cmd, side)

    # -- figures -------------------------------------------------------------------

    def first_paint(self, src: Path, samples: int, sides: Sequence[Side]) -> dict[str, Any]:
        """Process start → event name and a player painted, each side and the minimal app
        in turn; the first round warms the caches and is dropped."""
        self._need(sides)
        taken: dict[str, list[float]] = {side.name: [] for side in sides}
        base: list[float] = []
        for i in range(samples + 1):
            for side in turns([None, *sides], i):
                start = time.perf_counter()
                session, _pid = self._open(side, src, f"paint-{side.name if side else 'base'}")
                try:
                    seen = self._wait_for(session, PAINTED)
                finally:
                    self._kill(session)
                if i:
                    (taken[side.name] if side is not None else base).append(seen - start)
        baseline = median(base)
        return {
            side.name: {
                "status": "ok",
                "value_s": round(median(taken[side.name]), 4),
                "baseline_s": round(baseline, 4),
                "ratio": round(median(taken[side.name]) / baseline, 3),
                "samples": samples,
            }
            for side in sides
        }

    def walk(
        self, src: Path, facts: dict[str, Any], samples: int, sides: Sequence[Side]
    ) -> dict[str, dict[str, Any]]:
        """Two stations per side in tmux on the side's own copy of the event: the floor
        judge types whole classifications, the head judge's pane is read; the sides walk
        in turn, walk by walk, the same players in the same order.

        Each key is timed from ``send-keys`` until the floor judge's pane shows what that
        key leads to (the frame has reached the terminal: tmux has it); the record key
        twice, until the pane shows *Saving…* (or the done step) and until it shows
        *Recorded*; and from it until the head judge's pane shows the new log length.
        Every walk counts, the first, cold one too. A key whose frame does not come within
        `KEY_TIMEOUT` is a freeze: that side walks no more.
        """
        self._need(sides)
        assert self.tmux is not None
        walkers: list[Walker] = []
        sessions: list[str] = []
        try:
            for side in sides:
                head, _ = self._open(side, src, f"walk-{side.name}", HEAD)
                sessions.append(head)
                self._wait_for(head, PAINTED)
                # The floor judge's station on the same file as the head judge's.
                db = self.work / f"walk-{side.name}.json"
                floor = f"floor-{side.name}-{uuid.uuid4().hex[:6]}"
                self._start(floor, [*side.judgetui, "--db", str(db), "--judge", FLOOR], side)
                sessions.append(floor)
                self._wait_for(floor, PAINTED)
                controls = {p: Control(self.tmux, self.socket, p, side.env) for p in (floor, head)}
                walkers.append(Walker(side, floor, head, controls))
            time.sleep(1.0)
            players = list(facts["walk_players"])
            for i in range(samples):
                for walker in turns(walkers, i):
                    if walker.frozen is None:
                        try:
                            walker.walk_once(players[i % len(players)])
                        except Frozen as exc:
                            walker.frozen = str(exc)
            return {walker.side.name: walker.figures(samples) for walker in walkers}
        finally:
            for walker in walkers:
                for control in walker.controls.values():
                    control.close()
            for session in sessions:
                self._kill(session)

    def idle(self, src: Path, seconds: float, sides: Sequence[Side]) -> dict[str, dict[str, Any]]:
        """CPU of an open, untouched station over a window and its resident size at the
        end, every side and the minimal app open at the same time."""
        self._need(sides)
        pids: dict[str, int] = {}
        sessions: list[str] = []
        try:
            for side in [None, *sides]:
                name = side.name if side is not None else "base"
                session, pids[name] = self._open(side, src, f"idle-{name}")
                sessions.append(session)
                self._wait_for(session, PAINTED)
            time.sleep(1.0)  # let start-up work (workers, first refresh) settle
            tick = os.sysconf("SC_CLK_TCK")
            before = {name: _cpu_ticks(pid) for name, pid in pids.items()}
            start = time.perf_counter()
            time.sleep(seconds)
            elapsed = time.perf_counter() - start
            cpu = {
                name: round(100.0 * (_cpu_ticks(pid) - before[name]) / tick / elapsed, 3)
                for name, pid in pids.items()
            }
            rss = {name: _status_mb(pid, "VmRSS:") for name, pid in pids.items()}
            hwm = {name: _status_mb(pid, "VmHWM:") for name, pid in pids.items()}
        finally:
            for session in sessions:
                self._kill(session)
        out: dict[str, dict[str, Any]] = {}
        for side in sides:
            mb, base = rss[side.name], rss["base"]
            out[side.name] = {
                "idle_cpu": {
                    "status": "ok",
                    "window_s": seconds,
                    "cpu_percent": cpu[side.name],
                    "baseline_cpu_percent": cpu["base"],
                },
                "peak_memory": {
                    "status": "ok",
                    "station_mb": mb,
                    "baseline_mb": base,
                    "ratio": round(mb / base, 3) if mb and base else None,
                    "station_peak_mb": hwm[side.name],
                    "baseline_peak_mb": hwm["base"],
                },
            }
        return out


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
