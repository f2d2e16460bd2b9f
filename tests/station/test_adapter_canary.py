"""Canaries of `judgetui.station.adapter`: each fails on a Textual whose private part the
station touches there is no longer what the adapter expects."""

from __future__ import annotations

import asyncio
import inspect
import io
import sys

from textual.app import App
from textual.drivers.linux_driver import LinuxDriver

from judgetui.station import adapter


def test_the_linux_driver_writes_the_terminal_through_its_output_file() -> None:
    async def made() -> LinuxDriver:
        return LinuxDriver(App())

    driver = asyncio.run(made())
    assert adapter.driver_output(driver) is sys.__stderr__
    replaced = io.StringIO()
    adapter.set_driver_output(driver, replaced)
    assert adapter.driver_output(driver) is replaced
    # The output thread is made from that very attribute when the application starts.
    assert "WriterThread(self._file)" in inspect.getsource(LinuxDriver.start_application_mode)
