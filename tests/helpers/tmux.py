"""One command in a tmux session of its own, read back as the judge would see it."""

from __future__ import annotations

import subprocess
import time
import uuid


class Pane:
    """A detached tmux session running ``command`` in a ``width``×``height`` pane."""

    def __init__(self, command: str, width: int = 160, height: int = 40) -> None:
        self.name = f"jt-{uuid.uuid4().hex[:8]}"
        size = ["-x", str(width), "-y", str(height)]
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, *size, command], check=True)

    def screen(self) -> str:
        result = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return result.stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.15)

    def screens_until(self, text: str, seconds: float = 20.0) -> list[str]:
        """Every different screen, read every 20 ms, up to the first that shows ``text``;
        fail with the screens seen when it never does."""
        seen: list[str] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            screen = self.screen()
            if not seen or screen != seen[-1]:
                seen.append(screen)
            if text in screen:
                return seen
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never appeared; the screens seen:\n" + "\n--\n".join(seen))

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)
