"""The `judgetui` script (pyproject's ``[project.scripts]``) and ``python -m judgetui``: the
command line, imported when the process begins, and its exit code."""

from __future__ import annotations


def main() -> int:
    from judgetui.cli import main as run

    return run()
