"""`judgetui mirror --from COMMAND --to FILE [--every SECONDS | --once]`: a verified
standby copy of the event on another machine.

COMMAND prints the event file (typically ``ssh backup@station export --format event``).
It is split with `shlex` and run without a shell, its output read through a pipe (never
into FILE), bounded in size and time. What it printed is judged by the store
(`judgetui.store.copy`): FILE is replaced, atomically and under the event's lock, only by
a copy that extends the one held; a shorter, rewritten or broken copy is kept apart as
``FILE.rejected-<time>`` and said in one line (exit 1). FILE carries the standby mark
(``FILE.mirror``) from its first copy on, so that the station opens it as a standby copy
until the head judge takes it over (`judgetui event takeover`).

What a mirror can lose is what the station acknowledged after its last pull: at most
``--every`` seconds of records, plus the pull's own time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from typing import Any

from msgspec.structs import replace

from judgetui.cli.common import _emit_json
from judgetui.errors import EXIT_BROKEN, EXIT_NOT_SAVED, CliError
from judgetui.i18n import _, ngettext
from judgetui.store import StoreWriteError
from judgetui.store.copy import (
    CopyConflict,
    Held,
    StandbyMark,
    Verdict,
    judge_copy,
    keep_apart,
    keep_copy,
    new_copy_id,
    read_held,
    read_mark,
)

#: The most a COMMAND may print: an event of 100,000 records is ~100 MB.
MAX_COPY_BYTES = 1024 * 1024 * 1024
MAX_REASON_BYTES = 2048
DEFAULT_TIMEOUT = 120.0
#: What `--every` may be, in seconds (a day at most).
EVERY_MIN, EVERY_MAX = 1, 86_400


class PullFailed(Exception):
    """COMMAND gave no copy to judge (could not start, failed, timed out, too much)."""


class Stopped(Exception):
    """SIGINT or SIGTERM arrived while COMMAND ran: it was stopped, nothing judged."""


def _short(head: str) -> str:
    return head[:16] + "…"


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def pull(argv: list[str], timeout: float, stop: threading.Event) -> bytes:
    """What ``argv`` prints on stdout, when it exits 0 within ``timeout`` having printed
    at most `MAX_COPY_BYTES`; else PullFailed (its exit status and stderr's last line)."""
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own group: a timeout stops all it started
        )
    except OSError as exc:
        raise PullFailed(
            _("{command} cannot be run ({reason})").format(
                command=argv[0], reason=exc.strerror or exc
            )
        ) from None
    assert proc.stdout is not None and proc.stderr is not None
    out: list[bytes] = []
    size = 0
    err = b""
    deadline = time.monotonic() + timeout
    problem: str | None = None
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        selector.register(proc.stderr, selectors.EVENT_READ)
        try:
            while selector.get_map():
                if stop.is_set():
                    raise Stopped
                left = deadline - time.monotonic()
                if left <= 0:
                    problem = _("no copy within {seconds}s").format(seconds=f"{timeout:g}")
                    break
                for key, _mask in selector.select(min(left, 0.2)):
                    chunk = os.read(key.fd, 1 << 20)
                    if not chunk:
                        selector.unregister(key.fileobj)
                    elif key.fileobj is proc.stdout:
                        out.append(chunk)
                        size += len(chunk)
                    else:
                        err = (err + chunk)[-MAX_REASON_BYTES:]
                if size > MAX_COPY_BYTES:
                    problem = _("it printed more than {n} bytes").format(n=MAX_COPY_BYTES)
                    break
        finally:
            if proc.poll() is None and (problem is not None or stop.is_set()):
                with contextlib.suppress(OSError):
                    os.killpg(proc.pid, signal.SIGKILL)
            proc.stdout.close()
            proc.stderr.close()
            code = proc.wait()
    if problem is None and code != 0:
        lines = err.decode(errors="replace").strip().splitlines()
        said = " ".join(lines[-1].split()) if lines else ""
        problem = _("it exited {code}").format(code=code) + (f": {said[:200]}" if said else "")
    if problem is not None:
        raise PullFailed(problem)
    return b"".join(out)


class Mirror:
    """One mirror's state between pulls: the copy held, its mark, the last refusal."""

    def __init__(self, args: argparse.Namespace, target: Path, argv: list[str]) -> None:
        self.args = args
        self.target = target
        self.argv = argv
        self.source = shlex.join(argv)
        self.held, found = _check_target(target)
        self.copy_id = found.copy if found is not None else new_copy_id()
        self.last_pull: str | None = found.pulled_at if found is not None else None
        self.last_refused: bytes | None = None
        self.unreachable = False

    def say(self, data: dict[str, Any], line: str, *, problem: bool = False) -> None:
        if self.args.json:
            _emit_json(data)
        elif problem:
            print("judgetui: " + line, file=sys.stderr, flush=True)
        else:
            print(line, flush=True)

    def once(self, stop: threading.Event) -> int:
        """One pull: 0 (kept, or unchanged), 1 (refused), 4 (no copy to judge)."""
        when = _now()
        try:
            raw = pull(self.argv, self.args.timeout, stop)
        except PullFailed as exc:
            return self._unreachable(str(exc))
        if self.unreachable:
            self.unreachable = False
            self.say({"pull": "reachable", "source": self.source}, _("the station answers again"))
        verdict, new = judge_copy(Path(_("the pulled copy")), raw, self.held)
        if not verdict.accepted:
            return self._refused(verdict, raw, when)
        self.last_refused = None
        mark = StandbyMark(self.copy_id, self.source, _iso(when), verdict.head, verdict.count)
        keep = self.held if verdict.kind == "same" else new  # same entries: FILE as it is
        assert keep is not None
        try:
            stamp = keep_copy(self.target, keep.raw, self.held, mark)
        except CopyConflict as exc:
            raise CliError(str(exc), code=EXIT_NOT_SAVED, key="mirror_copy_changed") from None
        self.held, self.last_pull = replace(keep, stamp=stamp), mark.pulled_at
        data = {
            "pull": verdict.kind,
            "count": verdict.count,
            "head": verdict.head,
            "new": verdict.count - verdict.held_count,
            "at": mark.pulled_at,
        }
        if verdict.kind == "same":
            if not self.args.every:
                line = ngettext(
                    "unchanged: {count} entry, head {head}",
                    "unchanged: {count} entries, head {head}",
                    verdict.count,
                )
                self.say(data, line.format(count=verdict.count, head=_short(verdict.head)))
            return 0
        self.say(
            data,
            ngettext(
                "copied: {count} entry (+{new}), head {head}",
                "copied: {count} entries (+{new}), head {head}",
                verdict.count,
            ).format(count=verdict.count, new=data["new"], head=_short(verdict.head)),
        )
        return 0

    def _unreachable(self, reason: str) -> int:
        seen = self.last_pull or _("never")
        if not self.unreachable or not self.args.every:
            line = _(
                "could not pull from the station ({reason}); the copy is unchanged "
                "(last pull {when}){again}"
            ).format(
                reason=reason,
                when=seen,
                again=_("; trying again every {n}s").format(n=self.args.every)
                if self.args.every
                else "",
            )
            self.say({"pull": "failed", "problem": reason, "last_pull": seen}, line, problem=True)
        self.unreachable = True
        return EXIT_NOT_SAVED

    def _refused(self, verdict: Verdict, raw: bytes, when: datetime) -> int:
        if raw == self.last_refused:  # the same copy again: said and kept already
            return EXIT_BROKEN
        self.last_refused = raw
        apart = keep_apart(self.target, raw, when)
        kinds = {
            "shorter": _("shorter than the copy held"),
            "rewritten": _("a rewrite of what the copy holds"),
            "broken": _("broken"),
        }
        first_bad = "-" if verdict.first_bad is None else str(verdict.first_bad)
        line = _(
            "refused the station's copy: {kind}{problem}; last good head {head} "
            "(entry {good}), first bad entry {bad}; kept apart as {apart}; {target} unchanged"
        ).format(
            kind=kinds.get(verdict.kind, verdict.kind),
            problem=f" ({verdict.problem})" if verdict.problem else "",
            head=_short(verdict.good_head),
            good=verdict.good_count,
            bad=first_bad,
            apart=apart.name,
            target=self.target,
        )
        data = {
            "pull": verdict.kind,
            "last_good_head": verdict.good_head,
            "last_good_entry": verdict.good_count,
            "first_bad_entry": verdict.first_bad,
            "problem": verdict.problem,
            "kept_apart": str(apart),
        }
        self.say(data, line, problem=True)
        return EXIT_BROKEN


@contextlib.contextmanager
def _stopped_by_signals(stop: threading.Event) -> Iterator[None]:
    """SIGINT and SIGTERM set ``stop`` (a pull under way is stopped, a write finishes)."""

    def handler(_signum: int, _frame: FrameType | None) -> None:
        stop.set()

    kept: dict[signal.Signals, Callable[..., Any] | int | None] = {}
    for which in (signal.SIGINT, signal.SIGTERM):
        kept[which] = signal.signal(which, handler)
    try:
        yield
    finally:
        for which, old in kept.items():
            signal.signal(which, old)


def cmd_mirror(args: argparse.Namespace) -> int:
    try:
        argv = shlex.split(args.source)
    except ValueError as exc:
        raise CliError(
            _("--from: cannot read the command ({reason})").format(reason=exc),
            key="mirror_bad_command",
        ) from None
    if not argv:
        raise CliError(
            _("--from: name the command that prints the event file"), key="mirror_no_command"
        )
    mirror = Mirror(args, Path(args.to), argv)
    stop = threading.Event()
    with _stopped_by_signals(stop):
        if not args.every:
            try:
                return mirror.once(stop)
            except Stopped:
                return 130
        code = 0
        while not stop.is_set():
            started = time.monotonic()
            try:
                code = mirror.once(stop)
            except Stopped:
                break
            except StoreWriteError as exc:  # the disk: say so, keep the copy, try again
                print(f"judgetui: {exc}", file=sys.stderr, flush=True)
            stop.wait(max(0.0, args.every - (time.monotonic() - started)))
        held = mirror.held
        mirror.say(
            {"pull": "stopped", "count": held.count if held else 0},
            ngettext(
                "stopped: the copy holds {count} entry, head {head}",
                "stopped: the copy holds {count} entries, head {head}",
                held.count if held else 0,
            ).format(count=held.count if held else 0, head=_short(held.head) if held else "-"),
        )
        return EXIT_BROKEN if code == EXIT_BROKEN else 0


def _check_target(target: Path) -> tuple[Held | None, StandbyMark | None]:
    """The copy at FILE and its mark, when FILE is a standby copy; nothing yet is fine.
    Never an event of record (a file with no standby mark, or one taken over), nor a
    link: CliError."""
    from judgetui.service import taken_over_in

    if target.is_symlink():
        raise CliError(_("--to {path}: a symbolic link; give the copy's file itself").format(
            path=target), key="mirror_target_link")  # fmt: skip
    if not target.parent.is_dir():
        raise CliError(
            _("--to {path}: no such folder").format(path=target.parent), key="mirror_no_folder"
        )
    mark = read_mark(target)
    taken: list[bool] = []
    held = None
    if os.path.lexists(target):
        if mark is not None:
            held = read_held(
                target, lambda entries: taken.append(taken_over_in(entries, mark.copy))
            )
        if mark is None or any(taken):
            raise CliError(
                _(
                    "--to {path}: an event of record, not a standby copy (no standby mark, or "
                    "taken over): a mirror never writes over it"
                ).format(path=target),
                key="mirror_target_of_record",
            )
    return held, mark
