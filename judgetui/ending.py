"""How a one-shot command's process ends: without the interpreter's teardown, when nothing
is left for it to do (issue 14 item 2).

A `judgetui record` on a 10,000-record event spent 7-15 ms after its last line was written
in the interpreter's own exit: clearing every module, two full collections over what the
imports made (~25,000 objects), freeing it all. None of it is work: the file was written
and fsynced under the lock, the lock is the kernel's (released when the process's
descriptors close), the output is in the buffers. A command that has written all it
writes says so (`quick_end_allowed`); `end` (the process's entry, `judgetui.launch`) then
flushes standard output and standard error, runs what was registered with `atexit` (the
``logging`` handlers' flush and close when ``--log`` is given, `weakref.finalize`
callbacks), and ends the process with ``os._exit``, as the interpreter would have ended it:
the same exit code, the same bytes out. What such a process has parsed is not freed either
(`keep`): the event file's ~600,000 objects at 10,000 records took ~5-8 ms to free.

It does not end so when the output cannot be flushed (the interpreter's own exit then says
so, as ever), when a thread that the interpreter would wait for is still running, when no
command allowed it (the station, every other command: the interpreter ends those), nor in
a process whose entry is not judgetui's (`begin`: a program that runs judgetui's main
itself goes on after it).
"""

from __future__ import annotations

import os
import sys
import threading

_entry = False
"""Whether the process began at `judgetui.launch` (not a test calling `judgetui.cli.main`)."""
_allowed = False
_kept: list[object] = []


def begin() -> None:
    """This process is judgetui's own (`judgetui.launch`): its command may end it quickly."""
    global _entry
    _entry = True


def quick_end_allowed() -> None:
    """This process's command leaves nothing for the interpreter's teardown: it writes
    through descriptors it closes or syncs itself, and starts no thread that is not a
    daemon (called by `judgetui.cli.records.cmd_record`). Only in a process that `begin`
    began: a test that runs commands in its own process goes on as it was."""
    global _allowed
    _allowed = _entry


def keep(value: object) -> None:
    """Hold ``value`` until the process ends, when it is to end quickly: a parsed event file
    is ~600,000 objects at 10,000 records, and freeing them one by one (~8 ms) is work that
    the process's end makes unnecessary. Elsewhere (a station, a test) nothing is held."""
    if _allowed:
        _kept.append(value)


def end(code: int) -> int:
    """``code``, or never returns: the process ends here with it (see the module)."""
    if not _allowed or type(code) is not int or not 0 <= code <= 255:
        return code
    main = threading.main_thread()
    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not main):
        return code  # the interpreter would wait for it: so does this process
    if not _flushed():
        return code
    import atexit

    atexit._run_exitfuncs()
    if not _flushed():  # (what an exit function printed)
        return code
    os._exit(code)


def _flushed() -> bool:
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        try:
            stream.flush()
        except Exception:  # a reader that left, a closed stream: the interpreter says it
            return False
    return True
