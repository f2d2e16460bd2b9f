"""How a process of judgetui begins: the `judgetui` script (pyproject's
``[project.scripts]``) and ``python -m judgetui`` (`judgetui.__main__`) alike.

The collector is paused before the command line is imported (`perf.pause_from_start`):
a script that imported `judgetui.cli` first made ~17 young collections on the way
(~5 ms), before anything could pause it. A command that leaves nothing for the
interpreter's teardown ends without it (`ending.end`).
"""

from __future__ import annotations

import sys
from types import FrameType

from judgetui import ending, perf


def main() -> int:
    perf.pause_from_start()
    if _the_process_entry(sys._getframe(1)):
        ending.begin()
    from judgetui.cli import main as run

    return ending.end(run())


def _the_process_entry(caller: FrameType) -> bool:
    """Whether `main` was called as the process's own entry: by the script's
    ``sys.exit(main())`` or `judgetui.__main__`'s ``raise SystemExit(main())`` (a module run
    as ``__main__`` that took this very `main`), with nothing above it but runpy's frames
    (``python -m``). Then nothing runs after it returns but the interpreter's exit. A program
    that runs judgetui's main itself (``runpy.run_module``, a test's wrapper) goes on as ever.
    """
    if caller.f_globals.get("__name__") != "__main__" or caller.f_globals.get("main") is not main:
        return False
    outer = caller.f_back
    while outer is not None and outer.f_globals.get("__name__") == "runpy":
        outer = outer.f_back
    return outer is None
