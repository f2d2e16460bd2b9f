"""`FileWatch`: the kernel's word that the event file's name was given a new file.

Only a hint for the follower (the stamp and the bytes decide what changed), so what
matters: a write as the store makes it (temp file, rename) ends the wait; other files
in the folder (temp files, the lock) do not; `wake` ends it from another thread. No
timing: a wait that should end is given far longer than it needs, and one that should
not is a zero wait on events the kernel has already queued (it queues them in the
write's own system call).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from judgetui.station.file_watch import FileWatch

LONG = 60.0


@pytest.fixture
def watched(tmp_path: Path) -> tuple[Path, FileWatch]:
    path = tmp_path / "event.json"
    path.write_bytes(b"{}")
    watch = FileWatch.open(path)
    if watch is None:
        pytest.skip("no inotify here: the follower polls")
    yield path, watch
    watch.close()


def replace(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.tmp")
    temp.write_bytes(data)
    os.rename(temp, path)


def test_a_replaced_file_ends_the_wait(watched: tuple[Path, FileWatch]) -> None:
    path, watch = watched
    assert watch.wait(0) is False  # nothing happened yet
    replace(path, b'{"a": 1}')
    assert watch.wait(LONG) is True
    assert watch.wait(0) is False  # each event is told once


def test_a_write_in_place_and_a_removal_end_the_wait(watched: tuple[Path, FileWatch]) -> None:
    path, watch = watched
    path.write_bytes(b'{"b": 2}')
    assert watch.wait(LONG) is True
    path.unlink()
    assert watch.wait(LONG) is True


def test_other_files_in_the_folder_do_not(watched: tuple[Path, FileWatch]) -> None:
    path, watch = watched
    (path.parent / "event.json.lock").write_bytes(b"")
    replace(path.with_name("other.json"), b"{}")
    assert watch.wait(0) is False


def test_wake_ends_a_wait_from_another_thread(watched: tuple[Path, FileWatch]) -> None:
    _path, watch = watched
    woken = threading.Event()
    result: list[bool] = []

    def waiting() -> None:
        woken.set()
        result.append(watch.wait(LONG))

    thread = threading.Thread(target=waiting)
    thread.start()
    woken.wait(LONG)
    watch.wake()
    thread.join(LONG)
    assert result == [False]  # woken, not told of a change


def test_after_close_nothing_waits_and_wake_writes_nowhere(
    watched: tuple[Path, FileWatch],
) -> None:
    path, watch = watched
    watch.close()
    watch.wake()  # no descriptor of the closed watch is written to
    replace(path, b"{}")
    assert watch.wait(LONG) is False
