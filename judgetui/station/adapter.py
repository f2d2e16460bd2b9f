"""The station's touches of Textual's private parts, all here, each checked by a canary
(`tests/station/test_adapter_canary.py`) that fails on a Textual that changed it.

Textual 8.2.8 has no public way to give its Linux driver another output file: the
station's (`terminal.StationDriver`) hangs up instead of letting Textual's output
thread die on the first write a closed terminal refuses.
"""

from __future__ import annotations

from typing import IO, Any

from textual.drivers.linux_driver import LinuxDriver


def driver_output(driver: LinuxDriver) -> IO[str]:
    """The file ``driver`` writes the terminal's output to (standard error)."""
    file = driver._file
    assert file is not None, "Textual's Linux driver writes to standard error"
    return file


def set_driver_output(driver: LinuxDriver, file: Any) -> None:
    """Make ``driver`` write to ``file`` (before its application mode starts)."""
    driver._file = file
