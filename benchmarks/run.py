#!/usr/bin/env python3
"""judgetui benchmarks: every figure measured side by side with its baseline.

    python benchmarks/run.py                         # the 10,000-record event
    python benchmarks/run.py --large                 # ... and the 50,000-record one
    python benchmarks/run.py --quick                 # 200 records, few samples (CI)
    python benchmarks/run.py --against ../base       # ... this checkout and another, in turn

Prints a table per size, each figure against issue 27's target (met / NOT met), and
writes the same figures as JSON (``benchmarks/results/latest.json`` unless ``--out``).
See ``benchmarks/README.md`` for what each figure times and against what.
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import csv
import datetime as dt
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from checkouts import ROOT, Side
from tui_figures import WALK_FIGURES, Skip, Tui, median, turns

BENCH = ROOT / "benchmarks"
RESULTS = BENCH / "results"
EVENT_NAME = "Autumn Championship 2026"
HEAD = "Kana Mori"
INIT_EXTRA = ("--floor-judge", "Alex Reed", "--rounds", "8")
DEFAULT_PLAYERS = 2000
LARGE_PLAYERS = 7500
LARGE = 50000
"""Sizes from here are held to the stress size's limits, smaller ones to the design size's."""
FREEZE_S = 1.0
"""A key whose frame takes longer than this has frozen the station (a second: the limit
past which a person loses the thread, and 10-20× a normal key)."""

#: Issue 27's targets: figure -> (value compared, limit at 10k, limit at 50k); None: no
#: target at that size (the figure is information there).
TARGETS: dict[str, tuple[str, float | None, float | None]] = {
    "record_process": ("ratio", 1.3, 1.3),
    "first_paint": ("ratio", 1.25, 1.25),
    "keystroke": ("p95_s", 0.050, 0.100),
    "record_saving": ("p95_s", 0.050, 0.100),
    "record_recorded": ("p95_s", 0.150, 0.300),
    "station_to_station": ("p95_s", 0.150, 0.300),
    "worst_key": ("max_s", FREEZE_S, FREEZE_S),
    "peak_memory": ("ratio", 2.0, None),
    "idle_cpu": ("cpu_percent", None, None),
}
FIGURES = tuple(TARGETS)
LABELS = {
    "record_process": "record process ÷ floor process",
    "first_paint": "first paint ÷ minimal data app",
    "keystroke": "every key, worst kind's p95",
    "record_saving": "record key: Saving… shown, p95",
    "record_recorded": "record key: Recorded shown, p95",
    "station_to_station": "another station shows the write, p95",
    "worst_key": "worst single key (freeze)",
    "peak_memory": "station memory ÷ minimal data app",
    "idle_cpu": "idle CPU (station)",
}
#: What ``--only`` takes -> the run that measures it (the walk and the idle window give
#: several figures each).
RUNS = {
    "record_process": "record_process",
    "first_paint": "first_paint",
    **{name: "walk" for name in (*WALK_FIGURES, "walk")},
    "idle_cpu": "idle",
    "peak_memory": "idle",
}


# --------------------------------------------------------------------------- helpers


def log(message: str) -> None:
    print(f"  .. {message}", file=sys.stderr, flush=True)


def load() -> float:
    return os.getloadavg()[0]


def ratio(value: float, baseline: float) -> float | None:
    return round(value / baseline, 3) if baseline > 0 else None


def _gnu_time() -> str | None:
    """GNU time, if it is there and takes the options used below."""
    found = shutil.which("time")
    if found is None:
        return None
    probe = subprocess.run(
        [found, "-q", "-f", "%M", "-o", os.devnull, "true"], capture_output=True, check=False
    )
    return found if probe.returncode == 0 else None


GNU_TIME = _gnu_time()


def run_timed(cmd: Sequence[str], side: Side) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one child process of ``side``.

    Linux carries a process's peak RSS across exec from the process it was forked from, so a
    child forked by this harness would report at least the harness's peak. With GNU time in
    between, the command is forked from a ~2 MB process instead; every side pays that fork.
    """
    with tempfile.TemporaryDirectory() as tmp:
        err_path, rss_path = Path(tmp) / "err", Path(tmp) / "rss"
        wrapped = list(cmd)
        if GNU_TIME is not None:
            wrapped = [GNU_TIME, "-q", "-f", "%M", "-o", str(rss_path), *wrapped]
        with err_path.open("wb") as err:
            start = time.perf_counter()
            proc = subprocess.Popen(
                wrapped, stdout=subprocess.DEVNULL, stderr=err, env=side.env, cwd=side.root
            )
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            text = err_path.read_bytes().decode(errors="replace").strip()[-400:]
            raise RuntimeError(f"{side.name}: {Path(cmd[0]).name} failed ({code}): {text}")
        peak_kb = float(usage.ru_maxrss)
        with contextlib.suppress(OSError, ValueError, IndexError):
            peak_kb = float(rss_path.read_text().split()[-1])
    return wall, peak_kb / 1024


def check(cmd: Sequence[str], side: Side, what: str) -> str:
    proc = subprocess.run(list(cmd), capture_output=True, text=True, env=side.env, cwd=side.root)
    if proc.returncode != 0:
        tail = proc.stderr.strip()[-500:]
        raise RuntimeError(f"{side.name}: {what} failed ({proc.returncode}): {tail}")
    return proc.stdout


def source_key() -> str:
    """Hash of everything in this checkout that shapes a generated event file (not the TUI).

    Every side gets the same file: it is made by this checkout (`make_event`), and another
    checkout is checked to open it (`event_facts`)."""
    digest = hashlib.sha256()
    paths = sorted((ROOT / "judgetui").rglob("*.py"))
    paths += [ROOT / "rules.toml", BENCH / "make_event.py"]
    for path in paths:
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith("judgetui/station/"):
            digest.update(rel.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


# --------------------------------------------------------------------------- event files


def make_event(records: int, players: int, cache: Path, this: Side) -> Path:
    """An event file with ``records`` penalty records, made once by this checkout, cached."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"event-{records}r-{players}p-{source_key()}.json"
    if path.exists():
        return path
    for stale in cache.glob(f"event-{records}r-{players}p-*"):
        stale.unlink()
    tmp = cache / f".making-{os.getpid()}.json"
    for leftover in (tmp, tmp.with_name(tmp.name + ".lock")):
        leftover.unlink(missing_ok=True)
    start = time.perf_counter()
    if records == 0:
        csv_path = cache / f".players-{os.getpid()}.csv"
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["id", "name"])
            for i in range(1, players + 1):
                writer.writerow([f"P{i:04d}", f"Player {i:04d}"])
        base = [*this.judgetui, "--db", str(tmp)]
        init = ["event", "init", "--name", EVENT_NAME, "--head-judge", HEAD, *INIT_EXTRA]
        check([*base, *init], this, "event init")
        check([*base, "players", "import", str(csv_path), "--judge", HEAD], this, "import")
        csv_path.unlink()
    else:
        maker = [this.python, str(BENCH / "make_event.py"), str(tmp), str(players), str(records)]
        check(maker, this, "make_event.py")
    tmp.with_name(tmp.name + ".lock").unlink(missing_ok=True)
    tmp.rename(path)
    log(f"made {path.name} in {time.perf_counter() - start:.1f}s")
    return path


def event_facts(path: Path, sides: Sequence[Side]) -> dict[str, Any]:
    """Counts and the players the figures use, read through the command line (`export`,
    `verify`: shapes that hold across versions); every side must read the same log."""
    heads = {}
    for side in sides:
        out = check([*side.judgetui, "--db", str(path), "verify", "--json"], side, "verify")
        verified = json.loads(out)
        if not verified["ok"]:
            raise RuntimeError(f"{side.name} does not open {path.name}: {verified['problem']}")
        heads[side.name] = (verified["head"], verified["count"])
    if len(set(heads.values())) > 1:
        raise RuntimeError(f"the sides read {path.name} differently: {heads}")
    this = sides[0]
    exported = json.loads(check([*this.judgetui, "--db", str(path), "export"], this, "export"))
    active = [p for p in exported["players"] if p["status"] == "active"]
    counted = {r["player"] for r in exported["records"] if r.get("player")}
    quiet = [p["id"] for p in active if p["id"] not in counted]
    unpointed = sorted((p["id"] for p in active if p["points"] == 0), reverse=True)
    return {
        "bytes": path.stat().st_size,
        "entries": exported["event"]["entries"],
        "records": len(exported["records"]),
        "players": len(exported["players"]),
        # The last one: the station lists players by id, so it is off screen.
        "player": (quiet or [p["id"] for p in active])[-1],
        "walk_players": unpointed[:50] or [p["id"] for p in active][-50:],
    }


# --------------------------------------------------------------------------- figures


def fig_record_process(
    src: Path, facts: dict[str, Any], work: Path, samples: int, sides: Sequence[Side]
) -> dict[str, dict[str, Any]]:
    """One ``judgetui record`` process of each side and the physical floor as a process
    (`floor_record.py`), in turn, each on a fresh copy of the same file; the first round
    warms the page cache and is dropped."""
    record = ["record", "--judge", HEAD, "--player", facts["player"]]
    record += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    this = sides[0]
    times: dict[str, list[float]] = {"floor": [], **{side.name: [] for side in sides}}
    rss: dict[str, list[float]] = {name: [] for name in times}
    for i in range(samples + 1):
        for side in turns([None, *sides], i):
            name = side.name if side is not None else "floor"
            path = work / f"record-{name}.json"
            shutil.copyfile(src, path)
            path.with_name(path.name + ".lock").unlink(missing_ok=True)
            if side is None:
                wall, peak = run_timed(
                    [this.python, str(BENCH / "floor_record.py"), str(path)], this
                )
            else:
                wall, peak = run_timed([*side.judgetui, *record, "--db", str(path)], side)
            if i:
                times[name].append(wall)
                rss[name].append(peak)
    floor = median(times["floor"])
    return {
        side.name: {
            "status": "ok",
            "value_s": round(median(times[side.name]), 4),
            "baseline_s": round(floor, 4),
            "ratio": ratio(median(times[side.name]), floor),
            "value_min_s": round(min(times[side.name]), 4),
            "baseline_min_s": round(min(times["floor"]), 4),
            "peak_rss_mb": round(max(rss[side.name]), 1),
            "baseline_peak_rss_mb": round(max(rss["floor"]), 1),
            "command": " ".join(Path(c).name for c in side.judgetui),
            "samples": samples,
        }
        for side in sides
    }


def runners(
    tui: Tui, src: Path, facts: dict[str, Any], work: Path, args: argparse.Namespace
) -> dict[str, Callable[[Sequence[Side]], dict[str, dict[str, Any]]]]:
    """Each run of one event size, ready to go: side name -> figure name -> figure."""

    def one(name: str, got: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        return {side: {name: fig} for side, fig in got.items()}

    samples = args.samples
    return {
        "record_process": lambda s: one(
            "record_process", fig_record_process(src, facts, work, samples, s)
        ),
        "first_paint": lambda s: one("first_paint", tui.first_paint(src, samples, s)),
        "walk": lambda s: tui.walk(src, facts, args.walks, s),
        "idle": lambda s: tui.idle(src, args.idle, s),
    }


# --------------------------------------------------------------------------- table


def ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:.0f} ms" if value < 10 else f"{value:.1f} s"


def describe(name: str, fig: dict[str, Any]) -> str:
    if not fig:
        return "(not run)"
    if fig.get("status") != "ok":
        return f"{fig.get('status')}: {fig.get('reason', '')}"[:70]
    if name in ("record_process", "first_paint"):
        return f"{ms(fig['value_s'])} / {ms(fig['baseline_s'])} = {fig['ratio']:.2f}×"
    if name == "keystroke":
        return f"{ms(fig['p95_s'])} ({fig['worst_kind']})"
    if name == "worst_key":
        text = f"{ms(fig['max_s'])} ({fig['kind']}, of {fig['keys']} keys)"
        return text + (f" FROZE: {fig['froze']}" if "froze" in fig else "")
    if name in ("record_saving", "record_recorded", "station_to_station"):
        return f"{ms(fig['p95_s'])} (p50 {ms(fig['p50_s'])}, max {ms(fig['max_s'])})"
    if name == "idle_cpu":
        return f"{fig['cpu_percent']:.2f} % (minimal app {fig['baseline_cpu_percent']:.2f} %)"
    if name == "peak_memory" and fig.get("ratio") is not None:
        return f"{fig['station_mb']:.0f} MB / {fig['baseline_mb']:.0f} MB = {fig['ratio']:.2f}×"
    return json.dumps(fig)


def limit_for(name: str, size: int) -> tuple[str, float | None]:
    key, at_10k, at_50k = TARGETS[name]
    return key, (at_50k if size >= LARGE else at_10k)


def verdict(name: str, size: int, fig: dict[str, Any]) -> dict[str, Any]:
    key, limit = limit_for(name, size)
    if limit is None:
        return {"status": "no target", "key": key}
    if fig.get("status") != "ok" or fig.get(key) is None:
        return {"status": "skipped", "key": key, "limit": limit}
    value = fig[key]
    return {"key": key, "value": value, "limit": limit, "met": value <= limit}


def target_text(name: str, size: int) -> str:
    key, limit = limit_for(name, size)
    if limit is None:
        return "—"
    return f"≤ {limit:g}×" if key == "ratio" else f"≤ {ms(limit)}"


def mark(v: dict[str, Any]) -> str:
    return "" if "met" not in v else (" — met" if v["met"] else " — NOT met")


def grid(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


HEADLINE = {
    "record_process": "value_s",
    "first_paint": "value_s",
    "peak_memory": "station_mb",
    "idle_cpu": "cpu_percent",
    "worst_key": "max_s",
}


def tables(result: dict[str, Any], sides: Sequence[Side]) -> str:
    """One table per size: each side's figure against its target; with two sides, this ÷
    against of the figure's own value (a time, MB or %), beside."""
    out = []
    for size in result["sizes"]:
        key = str(size)
        event = result["events"].get(key, {})
        out.append(
            f"### {size:,} records ({event.get('bytes', 0) / 1e6:.1f} MB, "
            f"{event.get('entries', '?')} entries, {result['players'].get(key, '?')} players)"
        )
        head = ["figure", "target", *(s.label() for s in sides)]
        head += ["this ÷ against"] if len(sides) > 1 else []
        rows = [[*head, "load"]]
        for name in FIGURES:
            figs = [result["by_side"][s.name]["figures"][name].get(key, {}) for s in sides]
            if not any(figs):
                continue
            row = [LABELS[name], target_text(name, size)]
            row += [describe(name, f) + mark(verdict(name, size, f)) for f in figs]
            if len(sides) > 1:
                field = HEADLINE.get(name, "p95_s")
                a, b = (f.get(field) if f.get("status") == "ok" else None for f in figs)
                row.append(f"{a / b:.2f}" if a is not None and b else "-")
            row.append(result["load"].get(name, {}).get(key, ""))
            rows.append(row)
        out.append(grid(rows))
        for side in sides:
            walked = result["by_side"][side.name]["figures"]["keystroke"].get(key, {})
            if walked.get("status") == "ok":
                kinds = " · ".join(
                    f"{kind} " + "/".join(f"{v[q] * 1000:.0f}" for q in ("p50_s", "p95_s", "max_s"))
                    for kind, v in walked["by_kind"].items()
                )
                out.append(f"\n{side.name}, per key (p50/p95/max ms): {kinds}")
        out.append("")
    return "\n".join(out)


def machine() -> dict[str, Any]:
    cpu = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "cpu": cpu,
        "platform": platform.platform(),
        "tmux": shutil.which("tmux") is not None,
    }


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="200 records, few samples (CI)")
    parser.add_argument("--large", action="store_true", help="also 50,000 records")
    parser.add_argument("--sizes", help="comma-separated record counts (overrides the default)")
    parser.add_argument("--players", type=int, help=f"players per event ({DEFAULT_PLAYERS})")
    parser.add_argument("--samples", type=int, help="samples per figure (9; quick 2)")
    parser.add_argument("--walks", type=int, help="walks per side (the samples, at least 8)")
    parser.add_argument("--idle", type=float, help="seconds of the idle window (30; quick 3)")
    parser.add_argument("--only", help=f"comma-separated figures: {', '.join(RUNS)}")
    parser.add_argument("--against", type=Path, help="another checkout, measured in turn")
    parser.add_argument("--out", type=Path, default=RESULTS / "latest.json")
    parser.add_argument("--cache", type=Path, default=RESULTS / "cache")
    args = parser.parse_args(argv)
    args.samples = args.samples or (2 if args.quick else 9)
    args.walks = args.walks or (args.samples if args.quick else max(args.samples, 8))
    args.idle = args.idle or (3.0 if args.quick else 30.0)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = [200] if args.quick else [10000] + ([LARGE] if args.large else [])
    if args.sizes:
        sizes = [int(s) for s in args.sizes.split(",")]
    asked = set(args.only.split(",")) if args.only else set(RUNS)
    if asked - set(RUNS):
        print(f"run.py: unknown figure(s): {', '.join(sorted(asked - set(RUNS)))}", file=sys.stderr)
        return 2
    wanted = {RUNS[name] for name in asked}
    sides = [Side.of("this", ROOT)]
    if args.against is not None:
        sides.append(Side.of("against", args.against))
    result: dict[str, Any] = {
        "command": " ".join(["python", "benchmarks/run.py", *(argv or sys.argv[1:])]),
        "started": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "quick": args.quick,
        "machine": machine(),
        "sizes": sizes,
        "players": {},
        "samples": args.samples,
        "walks": args.walks,
        "idle_window_s": args.idle,
        "events": {},
        "load": {name: {} for name in FIGURES},
        "by_side": {
            s.name: {"root": str(s.root), "commit": s.commit, "figures": {n: {} for n in FIGURES}}
            for s in sides
        },
    }
    args.cache.mkdir(parents=True, exist_ok=True)
    # An installed judgetui has its bytecode (pip compiles it); a fresh checkout run with
    # PYTHONDONTWRITEBYTECODE set would compile every module in every timed process.
    for side in sides:
        compileall.compile_dir(side.root / "judgetui", quiet=1)
    work = Path(tempfile.mkdtemp(prefix="work-", dir=args.cache))
    tui = Tui(work, quick=args.quick)
    try:
        for size in sizes:
            players = args.players or (LARGE_PLAYERS if size >= LARGE else DEFAULT_PLAYERS)
            players = (args.players or 200) if args.quick else players
            key = str(size)
            log(f"{size} records, {players} players")
            src = make_event(size, players, args.cache, sides[0])
            facts = event_facts(src, sides)
            result["players"][key] = players
            result["events"][key] = {k: facts[k] for k in ("bytes", "entries", "records")}
            for run, runner in runners(tui, src, facts, work, args).items():
                if run in wanted:
                    measure(run, runner, sides, key, result)
    finally:
        tui.close()
        shutil.rmtree(work, ignore_errors=True)
    return report(result, sides, args.out)


def measure(
    run: str,
    runner: Callable[[Sequence[Side]], dict[str, dict[str, Any]]],
    sides: Sequence[Side],
    key: str,
    result: dict[str, Any],
) -> None:
    """One run into ``result``; a skip or a failure is recorded and the others still run."""
    names = {"walk": WALK_FIGURES, "idle": ("idle_cpu", "peak_memory")}.get(run, (run,))
    before = load()
    log(f"{run} (load {before:.2f})")
    try:
        got = runner(sides)
    except Skip as exc:
        got = {s.name: {n: {"status": "skipped", "reason": str(exc)} for n in names} for s in sides}
    except Exception as exc:
        log(f"{run} failed: {exc}")
        reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:500]
        got = {s.name: {n: {"status": "error", "reason": reason} for n in names} for s in sides}
    for side in sides:
        for name in names:
            result["by_side"][side.name]["figures"][name][key] = got[side.name][name]
    for name in names:
        result["load"][name][key] = f"{before:.2f}→{load():.2f}"


def report(result: dict[str, Any], sides: Sequence[Side], out: Path) -> int:
    for side in sides:
        figures = result["by_side"][side.name]["figures"]
        result["by_side"][side.name]["targets"] = {
            str(size): {n: verdict(n, size, figures[n].get(str(size), {})) for n in FIGURES}
            for size in result["sizes"]
        }
    # This checkout's figures and verdicts at the top level too, as before `--against`.
    result["figures"] = result["by_side"]["this"]["figures"]
    result["targets"] = result["by_side"]["this"]["targets"]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    m = result["machine"]
    print(f"judgetui benchmarks — {m['cpu']}, {m['nproc']} cores, Python {m['python']}")
    print(f"command: {result['command']}   ({result['samples']} samples, {result['walks']} walks)")
    for side in sides:
        print(f"{side.label()}: {side.root} ({' '.join(side.judgetui)})")
    print(f"load (1-minute average) at each figure's start→end\n\n{tables(result, sides)}")
    print(f"written to {out}")
    failed = [
        f"{side} {name} at {size}: {fig['reason']}"
        for side, data in result["by_side"].items()
        for name, per in data["figures"].items()
        for size, fig in per.items()
        if fig.get("status") == "error"
    ]
    for line in failed:
        print(f"ERROR {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
