#!/usr/bin/env python3
"""Where a `judgetui record` process's time goes, in three phases, against another checkout.

    python benchmarks/record_start.py EVENT PLAYER [--against CHECKOUT] [--samples N]

For each checkout (this one, and ``--against``'s, e.g. a clone of main), in alternating
order, on a fresh copy of EVENT (mode 660) each time:

* ``whole``: one ``python -m judgetui record`` process, start to exit (wall);
* ``imports``: from a child's first line to ``judgetui.cli`` imported (the collector off,
  as `judgetui.launch` has it);
* ``main->read``: from ``judgetui.cli.main``'s call to the event file's first ``open``
  (the lock file's: an audit hook sees it), the part of a record before the file is read;
* ``read->end``: from there to ``main``'s return (read, fold, write, fsync, print).

The phases are timed in a second process of their own (an audit hook costs a little);
``python -c pass`` and ``python -c "import orjson"`` are timed in the same rounds as the
reference. Medians of ``--samples`` rounds after one dropped warm-up round. Each checkout
is run with its own ``judgetui`` first on ``PYTHONPATH``, byte-compiled first. Used for
issue 14's start-up part (the README's speed table is `run.py`'s).
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JUDGE = "Kana Mori"

CHILD = """
import time
t0 = time.perf_counter()
import gc
gc.disable()
import os, sys
db = sys.argv[1]
read = []
def hook(event, args):
    if event == "open" and not read and isinstance(args[0], (str, os.PathLike)):
        if os.fspath(args[0]).startswith(db):
            read.append(time.perf_counter())
sys.addaudithook(hook)
from judgetui import launch
import judgetui.cli
t1 = time.perf_counter()
out, sys.stdout = sys.stdout, open(os.devnull, "w")
code = judgetui.cli.main(sys.argv[2:] + ["--db", db])
t2 = time.perf_counter()
sys.stdout = out
print(code, (t1 - t0) * 1000, (read[0] - t1) * 1000, (t2 - read[0]) * 1000)
"""


def _env(checkout: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(checkout)
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "JUDGETUI_DB", "PYTHONDONTWRITEBYTECODE"):
        env.pop(var, None)
    env["TZ"] = "UTC"
    return env


def _fresh(src: Path, work: Path, name: str) -> Path:
    path = work / name
    for old in (path, path.with_name(path.name + ".lock")):
        old.unlink(missing_ok=True)
    shutil.copyfile(src, path)
    path.chmod(0o660)
    return path


def _run(cmd: list[str], env: dict[str, str], cwd: Path) -> tuple[float, str]:
    """Wall ms and standard output of ``cmd``, run in ``cwd``: not in a checkout, whose
    ``judgetui`` would come before ``PYTHONPATH``'s (``-c`` and ``-m`` put the working
    folder first on the path)."""
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    wall = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:3])}: exit {done.returncode}: {done.stderr[-400:]}")
    return wall, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("event", type=Path)
    parser.add_argument("player")
    parser.add_argument("--against", type=Path, help="another checkout (e.g. a clone of main)")
    parser.add_argument("--samples", type=int, default=11)
    args = parser.parse_args()
    checkouts = {"this": ROOT}
    if args.against is not None:
        checkouts["against"] = args.against.resolve()
    for checkout in checkouts.values():
        compileall.compile_dir(checkout / "judgetui", quiet=1)
    record = ["record", "--judge", JUDGE, "--player", args.player, "--infraction", "slow_play"]
    record += ["--intentional", "no", "--disruptive", "yes"]
    figures: dict[str, dict[str, list[float]]] = {
        name: {"whole": [], "imports": [], "main->read": [], "read->end": []} for name in checkouts
    }
    programs = {"python -c pass": "pass", "python -c 'import orjson'": "import orjson"}
    reference: dict[str, list[float]] = {key: [] for key in programs}
    with tempfile.TemporaryDirectory(prefix="judgetui-record-start-") as tmp:
        work = Path(tmp)
        for i in range(args.samples + 1):
            order = list(checkouts) if i % 2 == 0 else list(reversed(checkouts))
            for name in order:
                env = _env(checkouts[name])
                db = _fresh(args.event, work, f"{name}.json")
                whole = [sys.executable, "-m", "judgetui", *record, "--db", str(db)]
                wall, _ = _run(whole, env, work)
                db = _fresh(args.event, work, f"{name}.json")
                _, out = _run([sys.executable, "-c", CHILD, str(db), *record], env, work)
                code, imports, before, after = out.split()
                if i == 0:
                    continue
                assert code == "0", out
                phases = (wall, float(imports), float(before), float(after))
                for key, value in zip(figures[name], phases, strict=True):
                    figures[name][key].append(value)
            for key, program in programs.items():
                wall, _ = _run([sys.executable, "-c", program], _env(ROOT), work)
                if i:
                    reference[key].append(wall)
    median = statistics.median
    print(f"{args.samples} rounds; load average {os.getloadavg()[0]:.2f} at the end (ms, medians)")
    for key, values in reference.items():
        print(f"  {key:28} {median(values):7.1f}")
    print(f"  {'':8} " + " ".join(f"{key:>11}" for key in figures["this"]))
    for name, taken in figures.items():
        print(f"  {name:8} " + " ".join(f"{median(v):11.1f}" for v in taken.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
