#!/usr/bin/env python3
"""judgetui benchmarks: every figure measured side by side with its baseline.

    python benchmarks/run.py            # events of 0, 1,000 and 10,000 records
    python benchmarks/run.py --large    # ... and 50,000
    python benchmarks/run.py --quick    # 0 and 200 records, few samples (CI)

Prints a table and writes the same figures as JSON (``benchmarks/results/latest.json``
unless ``--out``). See ``benchmarks/README.md`` for what each figure means.
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
RESULTS = BENCH / "results"
PY = sys.executable
EVENT_NAME = "Autumn Championship 2026"
HEAD = "Kana Mori"
FLOOR = "Alex Reed"
INIT_EXTRA = ("--floor-judge", FLOOR, "--rounds", "8")
DEFAULT_PLAYERS = 2000
LARGE_PLAYERS = 7500

# Targets from issue 14, each a ratio or a bound measured in the same run:
# figure -> (key in the figure, limit at 10k, limit at 50k). Sizes under 10k are
# checked against the 10k limits, larger ones against the 50k limits.
TARGETS: dict[str, tuple[str, float, float]] = {
    "record_process": ("ratio", 1.3, 1.3),
    "first_paint": ("ratio", 1.25, 1.25),
    "station_to_station": ("p95_s", 0.150, 0.300),
    "service_record": ("ratio", 2.0, 2.0),
    "keystroke": ("p95_s", 0.050, 0.050),
    "peak_memory": ("ratio", 2.0, 2.0),
    "idle_cpu": ("cpu_percent", 1.0, 1.0),
}
FIGURES = ("first_paint", "write_to_other_station", "keystroke", "idle_cpu")
FIGURES = (
    "record_process",
    "service_record",
    "first_paint",
    "station_to_station",
    "keystroke",
    "idle_cpu",
    "peak_memory",
)
#: What `--only` takes: the figures, where "walk" gives station_to_station and keystroke.
RUNNABLE = ("record_process", "service_record", "first_paint", "walk", "idle_cpu", "peak_memory")


# --------------------------------------------------------------------------- helpers


def env() -> dict[str, str]:
    """The environment for every child: this checkout first on the path, no locale."""
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
    )
    # COLUMNS/LINES: a parent that used curses (pytest does) leaves COLUMNS=80 LINES=24
    # in the environment, and Textual would lay the station out for 80×24 in any pane.
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "JUDGETUI_DB", "COLUMNS", "LINES"):
        out.pop(var, None)
    out["TEXTUAL_ANIMATIONS"] = "none"
    out["TZ"] = "UTC"
    return out


def quantile(values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile (p95 of 20 samples is the 19th)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-q * len(ordered) // 1))))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    return float(statistics.median(values))


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


def run_timed(cmd: Sequence[str], *, cwd: Path | None = None) -> tuple[float, float, int, str]:
    """Wall seconds, peak RSS (MB) and exit code of one child process, and its stderr.

    Linux carries a process's peak RSS across exec from the process it was forked
    from, so a child forked by this (large) harness would report at least the harness's
    peak. With GNU time in between, the command is forked from a ~2 MB process instead
    and its own peak is what time reports; both sides pay that same extra fork.
    """
    with tempfile.TemporaryDirectory() as tmp:
        err_path, rss_path = Path(tmp) / "err", Path(tmp) / "rss"
        wrapped = list(cmd)
        if GNU_TIME is not None:
            wrapped = [GNU_TIME, "-q", "-f", "%M", "-o", str(rss_path), *wrapped]
        with err_path.open("wb") as err:
            start = time.perf_counter()
            proc = subprocess.Popen(
                wrapped, stdout=subprocess.DEVNULL, stderr=err, env=env(), cwd=cwd or ROOT
            )
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        text = err_path.read_bytes().decode(errors="replace")
        peak_kb = float(usage.ru_maxrss)
        with contextlib.suppress(OSError, ValueError, IndexError):
            peak_kb = float(rss_path.read_text().split()[-1])
    return wall, peak_kb / 1024, proc.returncode, text


def check(cmd: Sequence[str], what: str) -> str:
    proc = subprocess.run(list(cmd), capture_output=True, text=True, env=env(), cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError(f"{what} failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
    return proc.stdout


def source_key() -> str:
    """Hash of everything that shapes a generated event file (not the TUI)."""
    digest = hashlib.sha256()
    paths = sorted((ROOT / "judgetui").rglob("*.py"))
    paths.append(ROOT / "rules.toml")
    paths.append(BENCH / "make_event.py")
    skip = ("app.py", "session.py", "messages.py")
    for path in paths:
        rel = path.relative_to(ROOT).as_posix()
        if "/screens/" in rel or "/widgets/" in rel or path.name in skip:
            continue
        digest.update(rel.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def log(message: str) -> None:
    print(f"  .. {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- event files


def make_event(records: int, players: int, cache: Path) -> Path:
    """An event file with ``records`` penalty records, generated once and cached."""
    cache.mkdir(parents=True, exist_ok=True)
    key = source_key()
    path = cache / f"event-{records}r-{players}p-{key}.json"
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
        base = [PY, "-m", "judgetui", "--db", str(tmp)]
        check(
            [*base, "event", "init", "--name", EVENT_NAME, "--head-judge", HEAD, *INIT_EXTRA],
            "event init",
        )
        check([*base, "players", "import", str(csv_path), "--judge", HEAD], "players import")
        csv_path.unlink()
    else:
        check([PY, str(BENCH / "make_event.py"), str(tmp), str(players), str(records)], "event")
    tmp.with_name(tmp.name + ".lock").unlink(missing_ok=True)
    tmp.rename(path)
    log(f"generated {path.name} in {time.perf_counter() - start:.1f}s")
    return path


FACTS = """
import json, sys
from judgetui.rules import load_rules
from judgetui.state import EventState
from judgetui.store import EventFile
path = sys.argv[1]
snapshot = EventFile(path).load()
state = EventState.fold(load_rules(), snapshot.entries)
quiet = [p.id for p in state.players.values() if p.status == "active" and not p.records]
active = [p.id for p in state.players.values() if p.status == "active"]
print(json.dumps({
    "quiet_players": sorted(quiet, reverse=True)[:200],
    "entries": len(snapshot.entries),
    "records": len(state.records),
    "players": len(state.players),
    "player": (quiet or active)[-1],
    "walk_players": sorted(
        (p.id for p in state.players.values() if p.status == "active" and state.points(p.id) == 0),
        reverse=True,
    )[:50] or active[-50:],
}))
"""


def event_facts(path: Path) -> dict[str, Any]:
    """Size, entry and record counts, and an active player with no records.

    Read in a child process, so that this harness stays small (see `run_timed`).
    The quiet players come last-id first: the station lists them last, off screen.
    """
    facts: dict[str, Any] = json.loads(check([PY, "-c", FACTS, str(path)], "reading the event"))
    facts["bytes"] = path.stat().st_size
    return facts


@contextlib.contextmanager
def copy_of(src: Path, work: Path, name: str) -> Iterator[Path]:
    dst = work / name
    shutil.copyfile(src, dst)
    try:
        yield dst
    finally:
        for p in (dst, dst.with_name(dst.name + ".lock")):
            p.unlink(missing_ok=True)


# --------------------------------------------------------------------------- figures


def fig_record_process(
    src: Path, facts: dict[str, Any], work: Path, samples: int
) -> dict[str, Any]:
    """One `judgetui record` process vs the physical floor as a process, same file.

    The floor (`floor_record.py`): import orjson, parse, add one entry, dump, temp +
    fsync + rename + folder fsync. Timed in the same rounds as information only: the same
    least work written as judgetui writes it (`floor_pipelined.py`: the file's bytes
    written beside the parse, the entry spliced in, no dump) and a bare stock-TinyDB
    insert (`stock_insert.py`: stdlib json, no fsync, no temp file).
    """
    from tui_figures import JUDGETUI  # the script a judge runs, as the station's figures

    times: dict[str, list[float]] = {"ours": [], "floor": [], "pipelined": [], "stock": []}
    rss: dict[str, list[float]] = {"ours": [], "floor": [], "pipelined": [], "stock": []}
    record = [*JUDGETUI, "record", "--judge", HEAD, "--player", facts["player"]]
    record += ["--infraction", "slow_play", "--intentional", "no", "--disruptive", "yes"]
    commands = {
        "floor": [PY, str(BENCH / "floor_record.py")],
        "pipelined": [PY, str(BENCH / "floor_pipelined.py")],
        "stock": [PY, str(BENCH / "stock_insert.py")],
    }
    for i in range(samples + 1):  # the first round warms the page cache and is dropped
        order = ["ours", "floor", "pipelined"] if i % 2 == 0 else ["pipelined", "floor", "ours"]
        if i <= 3:  # information only: three samples are enough
            order.append("stock")
        for side in order:
            with copy_of(src, work, f"{side}.json") as path:
                cmd = [*record, "--db", str(path)]
                if side != "ours":
                    cmd = [*commands[side], str(path)]
                wall, peak, rc, err = run_timed(cmd)
            if rc != 0:
                raise RuntimeError(f"{side} record process failed ({rc}): {err.strip()[-400:]}")
            if i == 0:
                continue
            times[side].append(wall)
            rss[side].append(peak)
    value, baseline = median(times["ours"]), median(times["floor"])
    return {
        "status": "ok",
        "value_s": round(value, 4),
        "baseline_s": round(baseline, 4),
        "ratio": ratio(value, baseline),
        "value_min_s": round(min(times["ours"]), 4),
        "baseline_min_s": round(min(times["floor"]), 4),
        "stock_tinydb_s": round(median(times["stock"]), 4),
        "pipelined_floor_s": round(median(times["pipelined"]), 4),
        "ratio_to_pipelined_floor": ratio(value, median(times["pipelined"])),
        "peak_rss_mb": round(max(rss["ours"]), 1),
        "baseline_peak_rss_mb": round(max(rss["floor"]), 1),
        "stock_tinydb_peak_rss_mb": round(max(rss["stock"]), 1),
        "command": Path(record[0]).name if len(JUDGETUI) == 1 else "python -m judgetui",
        "samples": samples,
    }


def fig_service_record(
    src: Path, facts: dict[str, Any], work: Path, samples: int
) -> dict[str, Any]:
    """`Station.record` in-process vs the floor of one atomic rewrite of the same data."""
    with copy_of(src, work, "service.json") as path:
        out = check(
            [PY, str(BENCH / "probe_service.py"), str(path), facts["player"], str(samples)],
            "service probe",
        )
    data: dict[str, Any] = json.loads(out)
    value, baseline = median(data["record"]), median(data["floor"])
    return {
        "status": "ok",
        "value_s": round(value, 4),
        "baseline_s": round(baseline, 4),
        "ratio": ratio(value, baseline),
        "load_s": round(median(data["load"]), 4),
        "samples": samples,
    }


def figure_runners(
    tui: Any, src: Path, facts: dict[str, Any], work: Path, samples: int, idle: float
) -> dict[str, Callable[[], dict[str, Any]]]:
    """Each figure of one event size, ready to run."""
    return {
        "record_process": lambda: fig_record_process(src, facts, work, samples),
        "service_record": lambda: fig_service_record(src, facts, work, samples),
        "first_paint": lambda: tui.first_paint(src, facts, samples),
        "walk": lambda: tui.walk(src, facts, samples),
        "idle_cpu": lambda: tui.idle(src, facts, idle),
    }


# --------------------------------------------------------------------------- table


def fmt_seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:.0f} ms" if value < 10 else f"{value:.1f} s"


def describe(name: str, fig: dict[str, Any]) -> str:
    if not fig:
        return "(not run)"
    if fig.get("status") != "ok":
        return f"{fig.get('status')} ({fig.get('reason', '')})"[:60]
    if name in ("record_process", "service_record", "first_paint"):
        text = (
            f"{fmt_seconds(fig['value_s'])} / {fmt_seconds(fig['baseline_s'])} = "
            f"{fig['ratio']:.2f}x"
        )
        if "pipelined_floor_s" in fig:
            text += (
                f" (floor written as judgetui writes {fmt_seconds(fig['pipelined_floor_s'])}: "
                f"{fig['ratio_to_pipelined_floor']:.2f}x)"
            )
        if "stock_tinydb_s" in fig:
            text += f" (stock TinyDB {fmt_seconds(fig['stock_tinydb_s'])})"
        return text
    if name == "station_to_station":
        return f"p50 {fmt_seconds(fig['p50_s'])}, p95 {fmt_seconds(fig['p95_s'])}"
    if name == "keystroke":
        worst = fig["by_kind"][fig["worst_kind"]]
        return f"p95 {fmt_seconds(worst['p95_s'])} ({fig['worst_kind']})"
    if name == "idle_cpu":
        return f"{fig['cpu_percent']:.2f} % (minimal app {fig['baseline_cpu_percent']:.2f} %)"
    if name == "peak_memory":
        return f"{fig['station_mb']:.0f} MB / {fig['baseline_mb']:.0f} MB = {fig['ratio']:.2f}x"
    return json.dumps(fig)


LABELS = {
    "record_process": "record process ÷ floor process",
    "service_record": "in-station write ÷ atomic rewrite of the bytes",
    "first_paint": "first paint ÷ minimal data app",
    "station_to_station": "floor judge's Enter → head judge's screen",
    "keystroke": "classification keys, worst kind's p95",
    "idle_cpu": "idle CPU (station)",
    "peak_memory": "station memory ÷ minimal data app",
}


def limit_for(name: str, size: int) -> tuple[str, float]:
    key, at_10k, at_50k = TARGETS[name]
    return key, (at_50k if size >= 50000 else at_10k)


def table(result: dict[str, Any]) -> str:
    sizes = [str(s) for s in result["sizes"]]
    head = ["figure", *[f"{int(s):,} records" for s in sizes]]
    rows = [head]
    events = result["events"]
    rows.append(
        [
            "event file",
            *[f"{events[s]['bytes'] / 1e6:.1f} MB, {events[s]['entries']} entries" for s in sizes],
        ]
    )
    for name in FIGURES:
        per = result["figures"].get(name, {})
        cells = []
        for s in sizes:
            text = describe(name, per.get(s, {}))
            verdict = result["targets"].get(s, {}).get(name, {})
            if "met" in verdict:
                text += f" [{verdict['limit']:g}: {'met' if verdict['met'] else 'NOT met'}]"
            cells.append(text)
        rows.append([LABELS[name], *cells])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def target_report(result: dict[str, Any]) -> dict[str, Any]:
    """Met or not, per size with records, for every target of the issue."""
    out: dict[str, Any] = {}
    for size in result["sizes"]:
        if size == 0:
            continue
        per: dict[str, Any] = {}
        for name in TARGETS:
            key, limit = limit_for(name, size)
            fig = result["figures"].get(name, {}).get(str(size), {})
            if fig.get("status") != "ok" or fig.get(key) is None:
                per[name] = {"status": "skipped", "limit": limit, "key": key}
                continue
            value = fig[key]
            per[name] = {"key": key, "value": value, "limit": limit, "met": value <= limit}
        out[str(size)] = per
    return out


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
    parser.add_argument("--quick", action="store_true", help="0 and 200 records, few samples")
    parser.add_argument("--large", action="store_true", help="also 50,000 records")
    parser.add_argument("--sizes", help="comma-separated record counts (overrides the default)")
    parser.add_argument("--players", type=int, help=f"players per event ({DEFAULT_PLAYERS})")
    parser.add_argument("--samples", type=int, help="samples per figure")
    parser.add_argument("--idle", type=float, help="seconds of the idle-CPU window (30)")
    parser.add_argument("--only", help="comma-separated figures to run")
    parser.add_argument("--out", type=Path, default=RESULTS / "latest.json")
    parser.add_argument("--cache", type=Path, default=RESULTS / "cache")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.quick:
        sizes = [200]
        players = args.players or 200
        samples = args.samples or 2
        idle = args.idle or 3.0
    else:
        sizes = [10000] + ([50000] if args.large else [])
        players = args.players or DEFAULT_PLAYERS
        samples = args.samples or 9
        idle = args.idle or 30.0
    if args.sizes:
        sizes = [int(s) for s in args.sizes.split(",")]
    only = set(args.only.split(",")) if args.only else set(RUNNABLE)
    unknown = only - set(RUNNABLE)
    if unknown:
        print(f"run.py: unknown figure(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2

    import tui_figures

    result: dict[str, Any] = {
        "command": " ".join(["python", "benchmarks/run.py", *(argv or sys.argv[1:])]),
        "started": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "quick": args.quick,
        "machine": machine(),
        "sizes": sizes,
        "players": {},
        "samples": samples,
        "idle_window_s": idle,
        "events": {},
        "figures": {name: {} for name in FIGURES},
    }
    args.cache.mkdir(parents=True, exist_ok=True)
    # An installed judgetui has its bytecode (pip compiles it); a fresh checkout run with
    # PYTHONDONTWRITEBYTECODE set would compile every module in every timed process.
    compileall.compile_dir(ROOT / "judgetui", quiet=1)
    work = Path(tempfile.mkdtemp(prefix="work-", dir=args.cache))
    tui = tui_figures.Tui(work, env(), quick=args.quick)
    try:
        for size in sizes:
            n_players = LARGE_PLAYERS if size >= 50000 and not args.players else players
            key = str(size)
            log(f"{size} records, {n_players} players")
            src = make_event(size, n_players, args.cache)
            facts = event_facts(src)
            result["players"][key] = n_players
            result["events"][key] = {k: facts[k] for k in ("bytes", "entries", "records")}
            runners = figure_runners(tui, src, facts, work, samples, idle)
            for name, runner in runners.items():
                if name not in only:
                    continue
                log(name)
                names = ("station_to_station", "keystroke") if name == "walk" else (name,)
                try:
                    got = runner()
                    for one in names:
                        result["figures"][one][key] = got[one] if name == "walk" else got
                except tui_figures.Skip as exc:
                    for one in names:
                        result["figures"][one][key] = {"status": "skipped", "reason": str(exc)}
                except Exception as exc:  # recorded, the other figures still run; exit 1
                    log(f"{name} failed: {exc}")
                    reason = " ".join(f"{type(exc).__name__}: {exc}".split())[:500]
                    for one in names:
                        result["figures"][one][key] = {"status": "error", "reason": reason}
            if "peak_memory" in only:
                idle_fig = result["figures"]["idle_cpu"].get(key, {})
                if idle_fig.get("status") == "ok":
                    result["figures"]["peak_memory"][key] = tui.peak_memory()
                else:
                    why = idle_fig.get("reason", "idle_cpu was not run")
                    result["figures"]["peak_memory"][key] = {
                        "status": "skipped",
                        "reason": f"read during the idle run ({why})",
                    }
    finally:
        tui.close()
        shutil.rmtree(work, ignore_errors=True)
    result["targets"] = target_report(result)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    m = result["machine"]
    print(f"judgetui benchmarks — {m['cpu']}, {m['nproc']} cores, Python {m['python']}")
    print(
        f"command: {result['command']}   ({samples} samples; players per event: "
        f"{', '.join(f'{k}: {v}' for k, v in result['players'].items())})"
    )
    print()
    print(table(result))
    print()
    for size, verdicts in result["targets"].items():
        for name, verdict in verdicts.items():
            if "met" in verdict:
                mark = "met" if verdict["met"] else "NOT met"
                print(
                    f"target at {int(size):,} records, {name}: {verdict['key']} "
                    f"{verdict['value']} <= {verdict['limit']}: {mark}"
                )
            else:
                print(f"target at {int(size):,} records, {name}: skipped")
    print(f"\nwritten to {args.out}")
    failed = [
        f"{name} at {size}: {fig['reason']}"
        for name, per in result["figures"].items()
        for size, fig in per.items()
        if fig.get("status") == "error"
    ]
    for line in failed:
        print(f"ERROR {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, str(BENCH))
    raise SystemExit(main())
