"""No terminal, no station: the check the command line makes before it imports Textual.

A station started without a terminal (`ssh -T`, an sftp attempt, a cron job) would draw
into a pipe nobody reads and its input thread would spin on the end of its input
(see `judgetui.station.terminal` for what happens when the terminal goes away later).
"""

from __future__ import annotations

import os
import sys

from judgetui.i18n import _


def missing_terminal() -> str | None:
    """Why the station cannot start here (a line for stderr), or None at a terminal."""
    streams = {"stdin": sys.stdin, "stdout": sys.stdout, "stderr": sys.stderr}
    for name, stream in streams.items():
        try:
            ok = stream is not None and os.isatty(stream.fileno())
        except (AttributeError, OSError, ValueError):
            ok = False
        if not ok:
            return _(
                "the station needs a terminal, and {stream} is not one "
                "(over SSH: ssh -t; for scripts: the commands, see judgetui --help)"
            ).format(stream=name)
    return None
