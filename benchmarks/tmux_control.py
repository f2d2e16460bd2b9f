"""A tmux control-mode client (``tmux -C``): the walk's keys and screen reads, cheaply.

The walk used to send each key and read each screen with a tmux command of its own:
a tmux client process started (fork, exec, connect) every 2 ms while a key was being
waited for, ~2-4 ms of CPU each on the 2-core machine the figures come from, beside the
two stations being timed. That took CPU from the stations, and a frame that reached
the pane just after a read waited for the next one (5-14 ms of the record key's time
were the benchmark's own, issue 14). A control-mode client is one tmux client for the
whole walk, attached to one session: a command is a line written to it and its answer
the lines between ``%begin`` and ``%end``; and tmux tells it whenever a pane of that
session prints (``%output``), so the screen is read when something new reached it,
not on a blind timer. What is timed does not change: from the key sent until a read
of the pane (``capture-pane``, as before) shows the frame expected.
"""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import time
from collections.abc import Mapping, Sequence


class ControlError(RuntimeError):
    """tmux answered a command with ``%error``, or the client ended."""


class Control:
    """One control-mode client attached to ``session`` of the tmux server on ``socket``.

    Single-threaded: every call reads what tmux sent so far (`_pump`), counts the
    ``%output`` notifications (`outputs`) and collects the answers of this client's
    commands. ``ignore-size``: the client does not resize the session's window.
    """

    def __init__(self, tmux: str, socket: str, session: str, env: Mapping[str, str]) -> None:
        self.session = session
        self._proc = subprocess.Popen(
            [tmux, "-L", socket, "-C", "attach-session", "-t", session, "-f", "ignore-size"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=dict(env),
            bufsize=0,
        )
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._in = self._proc.stdin.fileno()
        self._out = self._proc.stdout.fileno()
        self._buffer = b""
        self._block: list[str] | None = None
        """The lines of the answer being read (a ``%begin`` of this client's), else None."""
        self._foreign = False
        """Inside an answer that is not to this client's command."""
        self._answers: list[tuple[bool, list[str]]] = []
        self.outputs = 0
        """``%output`` notifications seen so far: a pane of the session printed."""
        self.command("display-message -p ready")  # past the attach's own empty block

    def _pump(self, timeout: float) -> bool:
        """Read what tmux sent, waiting up to ``timeout`` seconds for something; True if
        anything came."""
        ready, _w, _x = select.select([self._out], [], [], max(timeout, 0.0))
        if not ready:
            return False
        data = os.read(self._out, 1 << 16)
        if not data:
            raise ControlError(f"tmux control client of {self.session} ended")
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        for raw in lines:
            self._line(raw.decode("utf-8", "replace"))
        return True

    def _line(self, line: str) -> None:
        if self._block is not None or self._foreign:
            if line.startswith(("%end ", "%error ")) and len(line.split()) == 4:
                if self._block is not None:
                    self._answers.append((line.startswith("%end "), self._block))
                self._block, self._foreign = None, False
            elif self._block is not None:
                self._block.append(line)
        elif line.startswith("%begin "):
            # flags 1: a command of this client's; 0: tmux's own (the attach's block).
            if line.split()[-1] == "1":
                self._block = []
            else:
                self._foreign = True
        elif line.startswith("%output "):
            self.outputs += 1

    def command(self, line: str, timeout: float = 10.0) -> list[str]:
        """Run one tmux command; its output's lines. Raises `ControlError` on ``%error``."""
        os.write(self._in, line.encode() + b"\n")
        deadline = time.perf_counter() + timeout
        while not self._answers:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise ControlError(f"tmux did not answer {line!r} in {timeout:.0f}s")
            self._pump(left)
        ok, lines = self._answers.pop(0)
        if not ok:
            raise ControlError(f"tmux: {line!r}: {' '.join(lines)}")
        return lines

    def capture(self, pane: str) -> str:
        return "\n".join(self.command(f"capture-pane -p -t {pane}"))

    def send_keys(self, pane: str, key: str) -> None:
        self.command(f"send-keys -t {pane} {_quote(key)}")

    def wait_output(self, seen: int, timeout: float) -> None:
        """Until a pane printed since ``seen`` (an `outputs` count), at most ``timeout``
        seconds (the caller reads the pane again either way)."""
        deadline = time.perf_counter() + timeout
        while self.outputs == seen:
            left = deadline - time.perf_counter()
            if left <= 0 or not self._pump(left):
                return

    def fileno(self) -> int:
        return self._out

    def close(self) -> None:
        if self._proc.poll() is None:
            with contextlib.suppress(OSError):
                os.write(self._in, b"detach-client\n")
            try:
                self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()


def wait_output_any(controls: Sequence[Control], seen: Sequence[int], timeout: float) -> None:
    """Until one of ``controls`` saw a pane print since its count in ``seen``, at most
    ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while all(c.outputs == n for c, n in zip(controls, seen, strict=True)):
        left = deadline - time.perf_counter()
        if left <= 0:
            return
        ready, _w, _x = select.select(list(controls), [], [], left)
        for control in controls:
            if control in ready:
                control._pump(0)


def _quote(text: str) -> str:
    """``text`` as one argument of a tmux command line (single quotes, as sh)."""
    return "'" + text.replace("'", "'\\''") + "'"
