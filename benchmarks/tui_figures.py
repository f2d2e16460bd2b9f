"""The figures that need the station running in a real terminal (tmux) or under Pilot.

Each one raises :class:`Skip` (recorded as ``"skipped"`` in the JSON) when tmux or the
station is not available, so the quick run in CI keeps working without them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tmux_control import Control, wait_output_any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
PY = sys.executable


def judgetui_command() -> list[str]:
    """How a judge runs judgetui: the installed ``judgetui`` script beside this Python
    (the README's `.venv/bin/judgetui`), when the judgetui it imports is this checkout's;
    else ``python -m judgetui`` from the checkout. (The script starts without `runpy`,
    ~3 ms less than ``-m``; the floor and the minimal app are scripts too.)"""
    script = Path(PY).with_name("judgetui")
    where = subprocess.run(
        [PY, "-c", "import judgetui; print(judgetui.__file__)"],
        cwd="/",
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if script.is_file() and where and Path(where).resolve() == ROOT / "judgetui" / "__init__.py":
        return [str(script)]
    return [PY, "-m", "judgetui"]


JUDGETUI = judgetui_command()
HEAD = "Kana Mori"
FLOOR = "Alex Reed"
EVENT_NAME = "Autumn Championship 2026"
COLS, ROWS = 160, 48
PAINT_TIMEOUT = 60.0
POLL = 0.01
KEY_POLL = 0.002
"""Seconds between reads of a pane while a key's frame is awaited, when tmux reports no
output from it sooner (a read is made as soon as it does: `Control.wait_output`)."""
#: "Painted with data": the event's name (its start: a narrow header may cut it short),
#: and a row that shows a player's id and name.
PAINTED = (re.compile(re.escape(EVENT_NAME[:11])), re.compile(r"\bP\d{4,}\s+\w"))


RECORD_ARGS = ("--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes")


class Skip(Exception):
    """This figure cannot be measured here; the reason goes into the JSON."""


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
    key's own frame. (Any change of the pane was taken for it before: the rest of the
    previous key's frame reaching tmux counted as the next key's, 0.3 ms, and the key
    after it was sent at once, before the station had drawn the first.)"""
    return rf"(?m)^ ?{re.escape(prompt)}\? .*\n {{0,4}}{re.escape(typed)} *$"


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def _cpu_ticks(pid: int) -> int:
    """utime + stime of a process (and its waited-for children), in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _rss_mb(pid: int) -> float | None:
    """Resident size now (VmRSS): what an open station keeps, after start-up's peak."""
    return _status_mb(pid, "VmRSS:")


def _hwm_mb(pid: int) -> float | None:
    return _status_mb(pid, "VmHWM:")


def _status_mb(pid: int, field: str) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


class Tui:
    def __init__(self, work: Path, environ: dict[str, str], *, quick: bool) -> None:
        self.work = work
        self.env = environ
        self.quick = quick
        self.timeout = 20.0 if quick else PAINT_TIMEOUT
        self.socket = f"judgetui-bench-{os.getpid()}"
        self.tmux = shutil.which("tmux")
        self._memory: dict[str, Any] = {}
        self._server = False
        self._socket_path = ""
        self._control: dict[str, Control] = {}
        """The walk's control-mode clients, by the session (pane) each is attached to."""

    # -- availability --------------------------------------------------------------

    def _need_tmux(self) -> None:
        if self.tmux is None:
            raise Skip("tmux is not installed")

    def _need_station(self) -> None:
        if not (ROOT / "judgetui" / "station" / "app.py").exists():
            raise Skip("judgetui.station.app does not exist yet")
        probe = subprocess.run(
            [PY, "-c", "from judgetui.station.app import run_station"],
            capture_output=True,
            text=True,
            env=self.env,
            cwd=ROOT,
        )
        if probe.returncode != 0:
            raise Skip(f"judgetui.station.app does not import: {probe.stderr.strip()[-200:]}")

    # -- tmux plumbing -------------------------------------------------------------

    def _tmux(self, *args: str, check: bool = True) -> str:
        assert self.tmux is not None
        proc = subprocess.run(
            [self.tmux, "-L", self.socket, *args], capture_output=True, text=True, env=self.env
        )
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

    def _start(self, name: str, cmd: Sequence[str]) -> int:
        """Start ``cmd`` as the only process of a new tmux session; return its pid."""
        self._ensure_server()
        shell_env = " ".join(
            f"{k}={_quote(v)}"
            for k, v in (
                ("PYTHONPATH", self.env.get("PYTHONPATH", "")),
                ("TEXTUAL_ANIMATIONS", "none"),
                ("TZ", "UTC"),
                ("TERM", "xterm-256color"),
                ("COLORTERM", "truecolor"),
            )
        )
        unset = "-u LANG -u LC_ALL -u COLUMNS -u LINES"
        command = f"exec env {unset} {shell_env} " + " ".join(_quote(c) for c in cmd)
        self._tmux(
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            str(COLS),
            "-y",
            str(ROWS),
            "-c",
            str(ROOT),
            command,
        )
        size = self._tmux("display-message", "-p", "-t", name, "#{window_width}x#{window_height}")
        if size.strip() != f"{COLS}x{ROWS}":
            self._kill(name)
            raise RuntimeError(f"tmux made a {size.strip()} pane, not {COLS}x{ROWS}")
        return int(self._tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip())

    def _capture(self, name: str) -> str:
        return self._tmux("capture-pane", "-p", "-t", name, check=False)

    def _wait_for(
        self, name: str, needles: Sequence[re.Pattern[str]], timeout: float | None = None
    ) -> float:
        """Poll the pane until every needle shows; return the time it happened."""
        timeout = timeout or self.timeout
        deadline = time.perf_counter() + timeout
        while True:
            screen = self._capture(name)
            now = time.perf_counter()
            if all(n.search(screen) for n in needles):
                return now
            if now > deadline:
                size = self._tmux(
                    "display-message", "-p", "-t", name, "#{window_width}x#{window_height}"
                ).strip()
                print(f"{name} ({size}) after {timeout:.0f}s:\n{screen}", file=sys.stderr)
                wanted = ", ".join(n.pattern for n in needles)
                raise RuntimeError(f"{name} ({size}): {wanted} not on screen after {timeout:.0f}s")
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

    # -- commands ------------------------------------------------------------------

    def station_cmd(self, db: Path, judge: str = HEAD) -> list[str]:
        return [*JUDGETUI, "--db", str(db), "--judge", judge]

    def record_cmd(self, db: Path) -> list[str]:
        return [*JUDGETUI, "--db", str(db), "record", "--judge", HEAD, *RECORD_ARGS]

    def minimal_cmd(self, db: Path) -> list[str]:
        return [PY, str(BENCH / "minimal_app.py"), str(db)]

    # -- figures -------------------------------------------------------------------

    def first_paint(self, src: Path, facts: dict[str, Any], samples: int) -> dict[str, Any]:
        """Process start → event name and a player painted, station vs minimal app."""
        self._need_tmux()
        self._need_station()
        ours: list[float] = []
        base: list[float] = []
        for i in range(samples + 1):  # first pair warms caches, dropped
            order = ("ours", "base") if i % 2 == 0 else ("base", "ours")
            for side in order:
                name = f"paint-{side}-{uuid.uuid4().hex[:6]}"
                db = self.work / f"paint-{side}.json"
                shutil.copyfile(src, db)
                cmd = self.station_cmd(db) if side == "ours" else self.minimal_cmd(db)
                start = time.perf_counter()
                try:
                    self._start(name, cmd)
                    seen = self._wait_for(name, PAINTED)
                finally:
                    self._kill(name)
                if i:
                    (ours if side == "ours" else base).append(seen - start)
        value, baseline = _median(ours), _median(base)
        return {
            "status": "ok",
            "value_s": round(value, 4),
            "baseline_s": round(baseline, 4),
            "ratio": round(value / baseline, 3),
            "samples": samples,
        }

    def walk(self, src: Path, facts: dict[str, Any], samples: int) -> dict[str, Any]:
        """Two stations in tmux: the floor judge types whole classifications, the head
        judge's pane is read.

        Each key is timed from ``send-keys`` until the floor judge's pane shows what that
        key leads to (the frame has reached the terminal: tmux has it), read again each
        time tmux reports output from the pane, or after `KEY_POLL` (the keys and the
        reads go through one control-mode client per station: `tmux_control`); by
        kind: open the classification, type in a search, continue, answer a question,
        record (the Enter that writes) and back to the dashboard.
        Every walk counts, the first, cold one too. The record's Enter is also the start
        of the station-to-station figure: it ends when the head judge's pane shows the
        new log length.
        """
        self._need_tmux()
        self._need_station()
        db = self.work / "walk.json"
        shutil.copyfile(src, db)
        floor, head = f"floor-{uuid.uuid4().hex[:6]}", f"head-{uuid.uuid4().hex[:6]}"
        self._start(head, self.station_cmd(db))
        self._wait_for(head, PAINTED)
        self._start(floor, self.station_cmd(db, FLOOR))
        self._wait_for(floor, PAINTED)
        kinds: dict[str, list[float]] = {}
        other: list[float] = []
        players = list(facts["walk_players"])
        try:
            assert self.tmux is not None
            for name in (floor, head):
                self._control[name] = Control(self.tmux, self.socket, name, self.env)
            time.sleep(1.0)
            for i in range(samples):
                player = players[i % len(players)]
                self._walk_once(floor, head, player, kinds, other)
        finally:
            for control in self._control.values():
                control.close()
            self._control = {}
            self._kill(floor)
            self._kill(head)
        by_kind = {
            kind: {
                "p50_s": round(quantile(values, 0.5), 4),
                "p95_s": round(quantile(values, 0.95), 4),
                "max_s": round(max(values), 4),
                "n": len(values),
            }
            for kind, values in kinds.items()
        }
        worst = max(by_kind, key=lambda k: by_kind[k]["p95_s"])
        return {
            "keystroke": {
                "status": "ok",
                "p95_s": by_kind[worst]["p95_s"],
                "worst_kind": worst,
                "by_kind": by_kind,
                "first_walk_included": True,
                "samples": samples,
            },
            "station_to_station": {
                "status": "ok",
                "p50_s": round(quantile(other, 0.5), 4),
                "p95_s": round(quantile(other, 0.95), 4),
                "max_s": round(max(other), 4),
                "samples": len(other),
            },
        }

    def _walk_capture(self, pane: str) -> str:
        return self._control[pane].capture(pane)

    def _key(self, pane: str, key: str, ready: re.Pattern[str] | None) -> tuple[float, str]:
        """Send one key; the seconds until the pane shows ``ready`` (or any change)."""
        control = self._control[pane]
        before = control.capture(pane)
        start = time.perf_counter()
        control.send_keys(pane, key)
        deadline = start + self.timeout
        while True:
            printed = control.outputs
            screen = control.capture(pane)
            now = time.perf_counter()
            if ready.search(screen) if ready is not None else screen != before:
                return now - start, screen
            if now > deadline:
                raise RuntimeError(f"{pane}: after {key!r}, {ready} not shown:\n{screen}")
            control.wait_output(printed, KEY_POLL)

    def _key_seen_by_two(
        self, pane: str, key: str, ready: re.Pattern[str], other: str, changed: re.Pattern[str]
    ) -> tuple[float, float]:
        """Send one key to ``pane``; the seconds until it shows ``ready`` and until ``other``
        shows ``changed``, both from the key, the two panes read in turn."""
        controls = {name: self._control[name] for name in (pane, other)}
        start = time.perf_counter()
        controls[pane].send_keys(pane, key)
        deadline = start + self.timeout
        seen: dict[str, float] = {}
        while len(seen) < 2:
            printed = {name: control.outputs for name, control in controls.items()}
            for name, needle in ((pane, ready), (other, changed)):
                if name in seen:
                    continue
                screen = controls[name].capture(name)
                if needle.search(screen):
                    seen[name] = time.perf_counter() - start
                elif time.perf_counter() > deadline:
                    wanted = needle.pattern
                    raise RuntimeError(f"{name}: after {key!r}, {wanted} not shown:\n{screen}")
            waiting = [name for name in controls if name not in seen]
            if waiting:
                counts = [printed[name] for name in waiting]
                wait_output_any([controls[name] for name in waiting], counts, KEY_POLL)
        return seen[pane], seen[other]

    def _walk_once(
        self,
        floor: str,
        head: str,
        player: str,
        kinds: dict[str, list[float]],
        other: list[float],
    ) -> None:
        time.sleep(0.3)  # untimed: the dashboard settles between walks

        def timed(kind: str, key: str, ready: str | None) -> str:
            took, screen = self._key(floor, key, re.compile(ready) if ready else None)
            kinds.setdefault(kind, []).append(took)
            return screen

        timed("open classification", "n", r"Who\? Type a name or id")
        for typed in _prefixes(player):
            timed("type in a search", typed[-1], _search_shows("Who", typed))
        timed("continue", "Enter", r"Which infraction\?")
        for typed in _prefixes("slow"):
            timed("type in a search", typed[-1], _search_shows("Which infraction", typed))
        timed("continue", "Enter", r"Was it intentional\?")
        timed("answer", "n", r"Was it disruptive\?")
        timed("answer", "y", r"So far:|⏎ Record")
        for _ in range(8):
            time.sleep(0.15)  # untimed: the step is settled before the next key is read
            screen = self._walk_capture(floor)
            if "⏎ Record" in screen.splitlines()[-1]:
                break
            timed("answer", "n", _next_question(screen))
        entries = re.search(r"log: (\d+) entries", self._walk_capture(head))
        count = entries.group(1) if entries else ""
        changed = re.compile(r"log: (?!" + count + r"\b)\d+ entries")
        recorded, seen = self._key_seen_by_two(
            floor, "Enter", re.compile(r"enter: back to the dashboard"), head, changed
        )
        kinds.setdefault("record", []).append(recorded)
        other.append(seen)
        timed("back", "Enter", r"Recent penalties")

    def idle(self, src: Path, facts: dict[str, Any], seconds: float) -> dict[str, Any]:
        """CPU of an open, untouched station over a window, vs the minimal app."""
        self._need_tmux()
        self._need_station()
        out: dict[str, Any] = {"status": "ok", "window_s": seconds}
        pids: dict[str, int] = {}
        names: dict[str, str] = {}
        try:
            for side in ("ours", "base"):
                db = self.work / f"idle-{side}.json"
                shutil.copyfile(src, db)
                names[side] = f"idle-{side}-{uuid.uuid4().hex[:6]}"
                cmd = self.station_cmd(db) if side == "ours" else self.minimal_cmd(db)
                pids[side] = self._start(names[side], cmd)
                self._wait_for(names[side], PAINTED)
            time.sleep(1.0)  # let start-up work (workers, first refresh) settle
            tick = os.sysconf("SC_CLK_TCK")
            before = {side: _cpu_ticks(pid) for side, pid in pids.items()}
            start = time.perf_counter()
            time.sleep(seconds)
            elapsed = time.perf_counter() - start
            after = {side: _cpu_ticks(pid) for side, pid in pids.items()}
            for side in pids:
                pct = 100.0 * (after[side] - before[side]) / tick / elapsed
                key = "cpu_percent" if side == "ours" else "baseline_cpu_percent"
                out[key] = round(pct, 3)
            station_mb, baseline_mb = _rss_mb(pids["ours"]), _rss_mb(pids["base"])
            self._memory = {
                "status": "ok",
                "station_mb": station_mb,
                "baseline_mb": baseline_mb,
                "ratio": round(station_mb / baseline_mb, 3) if station_mb and baseline_mb else None,
                "station_peak_mb": _hwm_mb(pids["ours"]),
                "baseline_peak_mb": _hwm_mb(pids["base"]),
            }
        finally:
            for name in names.values():
                self._kill(name)
        return out

    def peak_memory(self) -> dict[str, Any]:
        """VmHWM of the station and the minimal app, read at the end of the idle window."""
        memory, self._memory = self._memory, {}
        return memory or {"status": "skipped", "reason": "measured with idle_cpu"}


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def dump(value: Any) -> str:
    return json.dumps(value)
