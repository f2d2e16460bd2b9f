"""How a process of judgetui begins: the `judgetui` script (pyproject's
``[project.scripts]``) and ``python -m judgetui`` (`judgetui.__main__`) alike.

The collector is paused before the command line is imported (`perf.pause_from_start`):
a script that imported `judgetui.cli` first made ~17 young collections on the way
(~5 ms), before anything could pause it. A command that leaves nothing for the
interpreter's teardown ends without it (`ending.end`).
"""

from __future__ import annotations

import sys

from judgetui import ending, perf


def main() -> int:
    perf.pause_from_start()
    if getattr(sys.modules.get("__main__"), "main", None) is main:
        # The process's own entry (the script's ``sys.exit(main())``, `judgetui.__main__`'s
        # ``raise SystemExit(main())``): nothing runs after this returns but the exit. A
        # program that runs judgetui's main itself (runpy, a test) goes on as it was.
        ending.begin()
    from judgetui.cli import main as run

    return ending.end(run())
