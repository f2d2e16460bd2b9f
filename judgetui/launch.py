"""How a process of judgetui begins: the `judgetui` script (pyproject's
``[project.scripts]``) and ``python -m judgetui`` (`judgetui.__main__`) alike.

The collector is paused before the command line is imported (`perf.pause_from_start`):
a script that imported `judgetui.cli` first made ~17 young collections on the way
(~5 ms), before anything could pause it. A command that leaves nothing for the
interpreter's teardown ends without it (`ending.end`).
"""

from __future__ import annotations

from judgetui import ending, perf


def main() -> int:
    perf.pause_from_start()
    from judgetui.cli import main as run

    return ending.end(run())
