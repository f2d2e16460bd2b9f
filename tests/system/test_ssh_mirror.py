"""The event survives its machine (issue 30): a standby mirror pulling the event over a
real sshd from docs/SSH.md's backup account, while judges record; the station killed
outright; the copy holds every record acknowledged before its last pull, verifies, and is
taken over; a station whose file was cut and re-chained later is refused.

See tests/helpers/ssh_harness.py for what is set up. Needs root, sshd, ssh; skipped
otherwise.
"""

from __future__ import annotations

import grp
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgetui.store import EventFile
from tests.helpers.mirror import Lines, cut_and_rechain
from tests.helpers.ssh_harness import GROUP, REPO, Account, SshStation, missing_requirements

MISSING = missing_requirements()
RUNUSER = shutil.which("runuser", path="/usr/sbin:/sbin:/usr/bin:/bin") or "runuser"
pytestmark = [
    pytest.mark.ssh,
    pytest.mark.skipif(MISSING is not None, reason=f"ssh mirror: {MISSING}"),
]

#: A writer: records a Notice after another, and says ACK <time> <note> once each one's
#: command has returned 0 (acknowledged: on disk).
WRITER = """
import sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, {repo!r})
from judgetui.cli import main
n = 0
while True:
    n += 1
    note = "{name}-%d" % n
    player = "P%d" % (n % 3 + 1)
    code = main(["--db", {db!r}, "record", "--player", player, "--infraction", "slow_play",
                 "--intentional", "no", "--disruptive", "yes", "--note", note])
    if code == 0:
        print("ACK %.6f %s" % (time.time(), note), flush=True)
"""


@pytest.fixture
def site() -> Iterator[SshStation]:
    with SshStation(backup=True) as station:
        yield station


def _standby_folder(site: SshStation) -> Path:
    """The backup machine's folder (here, beside the station's): group judges, 2770."""
    folder = site.work / "standby"
    folder.mkdir()
    os.chown(folder, 0, grp.getgrnam(GROUP).gr_gid)
    folder.chmod(0o2770)
    return folder


def _pull_command(site: SshStation, ok_log: Path | None = None) -> str:
    """The mirror's COMMAND: ssh to the backup account. With ``ok_log``, wrapped so that
    each pull that succeeded writes the time it began (for the test, not the docs)."""
    assert site.backup_account is not None
    ssh = shlex.join([*site.ssh_argv(site.backup_account, tty=False), "export --format event"])
    if ok_log is None:
        return ssh
    script = f"start=$(date +%s.%N); {ssh} && echo $start >> {shlex.quote(str(ok_log))}"
    return shlex.join(["sh", "-c", script])


def _judgetui(*argv: str, account: Account | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "LANG": "C.UTF-8"}
    prefix = [RUNUSER, "-u", account.name, "--"] if account is not None else []
    return subprocess.run(
        [*prefix, sys.executable, "-m", "judgetui", *argv],
        capture_output=True,
        text=True,
        timeout=30,
        env=env,
        cwd="/",
        check=False,
    )


def _writer(site: SshStation, account: Account, name: str) -> subprocess.Popen[str]:
    code = WRITER.format(repo=str(REPO), db=str(site.db), name=name)
    return subprocess.Popen(
        [RUNUSER, "-u", account.name, "--", sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        cwd="/",
        start_new_session=True,
    )


def _notes(db: Path) -> list[str]:
    notes = []
    for entry in EventFile(db).load().entries:
        if entry["kind"] == "incident_recorded":
            notes.append(entry["data"]["note"])
    return notes


def test_the_backup_account_gets_the_event_file_and_nothing_else(site: SshStation) -> None:
    assert site.backup_account is not None
    for asked in ("export --format event", "record --player P1 --infraction slow_play", ""):
        got = subprocess.run(
            [*site.ssh_argv(site.backup_account, tty=False), asked],
            capture_output=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        assert (got.returncode, got.stdout) == (0, site.db.read_bytes()), got.stderr


def test_a_mirror_outlives_its_station_killed_mid_write_and_is_taken_over(
    site: SshStation,
) -> None:
    folder = _standby_folder(site)
    copy = folder / "event.json"
    ok_log = site.work / "pulls-ok.log"
    writers = [_writer(site, site.head, "head"), _writer(site, site.floor, "floor")]
    acks = [Lines(w) for w in writers]
    mirror = subprocess.Popen(
        [sys.executable, "-m", "judgetui", "mirror", "--from", _pull_command(site, ok_log),
         "--to", str(copy), "--every", "1", "--timeout", "10"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    said = Lines(mirror)
    try:
        assert said.next(20).startswith("copied: ")
        changes = 0
        while changes < 3:  # three pulls that each found new records
            assert said.next(10).startswith("copied: ")
            changes += 1
        # The station dies: every writer killed wherever it is (mid-write included),
        # and the machine gone from the network.
        for writer in writers:
            os.killpg(writer.pid, signal.SIGKILL)
        for writer in writers:
            writer.wait(10)
        site._stop_sshd()
        assert "could not pull from the station" in said.next(15, err=True)
    finally:
        mirror.send_signal(signal.SIGTERM)
        code = mirror.wait(15)
    assert code == 0
    assert said.rest().startswith("stopped: the copy holds ")

    acked: list[tuple[float, str]] = []
    for lines in acks:
        for line in lines.rest().splitlines():
            if line.startswith("ACK "):
                at, note = line.split()[1:]
                acked.append((float(at), note))
    last_pull = max(float(t) for t in ok_log.read_text().split())
    before = {note for at, note in acked if at < last_pull}
    kept = set(_notes(copy))
    assert before, "no record was acknowledged before the last pull"
    assert before <= kept, f"lost: {sorted(before - kept)[:5]}"
    # What the mirror can lose: at most what was acknowledged after its last pull.
    assert kept <= {note for _at, note in acked} | set(_notes(site.db))
    primary = EventFile(site.db).load().entries
    standby = EventFile(copy).load().entries
    assert [e["hash"] for e in primary[: len(standby)]] == [e["hash"] for e in standby]
    verified = _judgetui("--db", str(copy), "verify", "--json")
    assert verified.returncode == 0, verified.stderr
    assert json.loads(verified.stdout)["count"] == len(standby)

    refused = _judgetui("--db", str(copy), "event", "round", "2", account=site.head)
    assert refused.returncode == 3
    assert "a standby copy: take it over first" in refused.stderr
    taken = _judgetui("--db", str(copy), "event", "takeover", account=site.head)
    assert taken.returncode == 0, taken.stderr
    assert f"the old station's last head was {standby[-1]['hash']}" in taken.stdout
    recorded = _judgetui(
        "--db", str(copy), "record", "--player", "P2", "--infraction", "slow_play",
        "--intentional", "no", "--disruptive", "yes", "--note", "after the takeover",
        account=site.head,
    )  # fmt: skip
    assert recorded.returncode == 0, recorded.stderr
    assert _notes(copy)[-1] == "after the takeover"
    assert _judgetui("--db", str(copy), "verify").returncode == 0


def test_a_station_cut_and_rechained_later_is_refused_and_kept_apart(site: SshStation) -> None:
    folder = _standby_folder(site)
    copy = folder / "event.json"
    command = _pull_command(site)
    for note in ("one", "two", "three"):
        site.judgetui_as(site.floor, "record", "--player", "P1", "--infraction", "slow_play",
                         "--intentional", "no", "--disruptive", "yes", "--note", note)  # fmt: skip
    first = _judgetui("mirror", "--from", command, "--to", str(copy))
    assert first.returncode == 0, first.stderr
    held = copy.read_bytes()
    good = EventFile(copy).load().entries[2]["hash"]
    cut_and_rechain(site.db, keep=3, extra=2)  # a consistent, shorter-then-longer rewrite
    site.judgetui_as(site.floor, "record", "--player", "P2", "--infraction", "slow_play",
                     "--intentional", "no", "--disruptive", "yes", "--note", "later")  # fmt: skip
    assert EventFile(site.db).verify().ok
    again = _judgetui("mirror", "--from", command, "--to", str(copy))
    assert again.returncode == 1
    (line,) = again.stderr.splitlines()
    assert "a rewrite of what the copy holds" in line
    assert f"last good head {good[:16]}… (entry 3), first bad entry 4" in line
    assert copy.read_bytes() == held
    (apart,) = folder.glob("event.json.rejected-*")
    assert apart.read_bytes() == site.db.read_bytes()
