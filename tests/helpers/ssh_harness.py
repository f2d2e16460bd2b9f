"""A real judge station behind a real sshd, on 127.0.0.1 only, torn down afterwards.

`SshStation` sets up what docs/SSH.md tells an organiser to set up, with throwaway
names, and undoes all of it on `close()`:

* the ``judges`` group (created only if missing; removed only if created here);
* two Unix accounts, ``jt-head-XXXX`` and ``jt-floor-XXXX``, in that group, with home
  folders and no password (key login only);
* a work folder under /tmp: a throwaway host key, one client key per account, the
  accounts' authorized_keys, a known_hosts for the host key, the sshd_config, the
  sshd log, and the event folder (group ``judges``, setgid, 2770) with the event file;
* ``/usr/sbin/sshd -D`` on a free high port of 127.0.0.1, with a ``Match Group judges``
  block whose ``ForceCommand`` opens the station on the event file;
* a private tmux server (its own socket) for the interactive stations;
* with ``log_recipe=True``, docs/SSH.md §7's ``--log`` in the ``ForceCommand``, read
  from that page (`docs_log_option`), its folder moved into the work folder
  (``logs/``, root, group ``judges``, 1770, as the page has it).

The ForceCommand is a small script in the work folder rather than ``<venv>/bin/judgetui``
itself, so that it works whether or not the project is pip-installed: it runs this
interpreter (``sys.executable``, i.e. CI's venv) on this checkout, and does exactly what
``judgetui --db EVENT ssh`` does — docs/SSH.md's ForceCommand. A command the client names
(``ssh host queue``) reaches ``judgetui ssh`` as ``$SSH_ORIGINAL_COMMAND``, which runs it
only if it is on the fixed list.

Only root can do all this; `missing_requirements()` says why a test must skip.
"""

from __future__ import annotations

import contextlib
import fcntl
import grp
import os
import pwd
import secrets
import shlex
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SSHD = Path("/usr/sbin/sshd")
SSH_DOC = REPO / "docs" / "SSH.md"
DOC_LOG_FOLDER = "/var/log/judgetui"
GROUP = "judges"
#: Held for the whole life of a harness: the judges group and its members are
#: machine-wide, so two pytest-xdist workers must not set up at once.
HARNESS_LOCK = Path(tempfile.gettempdir()) / "judgetui-ssh.lock"
LOCK_WAIT = 180.0
#: Exists while the judges group is one a harness created (and must remove).
GROUP_MARKER = Path(tempfile.gettempdir()) / "judgetui-ssh.group"
TMUX_WIDTH, TMUX_HEIGHT = 120, 40
ACCOUNT_COMMENT = "judgetui ssh test (throwaway)"
WORK_PREFIX = "judgetui-ssh-"

_TOOLS = (
    "ssh",
    "ssh-keygen",
    "tmux",
    "useradd",
    "userdel",
    "groupadd",
    "groupdel",
    "usermod",
    "runuser",
)


def _which(tool: str) -> str | None:
    return shutil.which(tool) or shutil.which(tool, path="/usr/sbin:/sbin:/usr/bin:/bin")


def missing_requirements() -> str | None:
    """Why the SSH tests cannot run here, or None."""
    if sys.platform != "linux":
        return "needs Linux"
    if os.geteuid() != 0:
        return "needs root (creates Unix accounts and starts sshd)"
    if not (SSHD.is_file() and os.access(SSHD, os.X_OK)):
        return f"{SSHD} not installed (apt-get install openssh-server; .ci/run does this)"
    missing = [tool for tool in _TOOLS if _which(tool) is None]
    if missing:
        return f"missing tools: {', '.join(missing)} (apt-get install openssh-client tmux passwd)"
    return None


class HarnessError(RuntimeError):
    """Setting up the station failed; the message says where, with the sshd log."""


def docs_log_option() -> str:
    """The ``--log …`` of docs/SSH.md's diagnostic-log ``ForceCommand``, as written there
    (the words between ``--log`` and ``ssh``, quotes and all: the judge's shell reads them)."""
    for line in SSH_DOC.read_text(encoding="utf-8").splitlines():
        words = line.strip()
        if words.startswith("ForceCommand ") and " --log " in words and words.endswith(" ssh"):
            return "--log " + words.split(" --log ", 1)[1].removesuffix(" ssh").strip()
    raise HarnessError(f"{SSH_DOC}: no ForceCommand with --log")


def _run(argv: Sequence[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        list(argv),
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )
    if result.returncode != 0:
        raise HarnessError(
            f"{shlex.join(argv)} exited {result.returncode}: {result.stderr.strip()}"
        )
    return result  # type: ignore[no-any-return]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _live_pids_of_uid(uid: int) -> list[int]:
    """Processes whose real uid is ``uid``, zombies left out (they are gone already;
    whether init reaps them soon is not ours to wait for)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields.get("State", "").split()[:1] == ["Z"]:
            continue
        if int(fields.get("Uid", "-1 -1").split()[0]) == uid:
            pids.append(int(entry.name))
    return pids


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _signal_all(pids: Sequence[int], sig: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


def _sweep_leftovers() -> None:
    """Remove what a harness killed mid-run (SIGKILL, power loss) left behind: its
    sshd, its accounts, its work folder. Call ONLY while holding HARNESS_LOCK: then no
    other harness is alive, so everything found is a leftover."""
    tmp = Path(tempfile.gettempdir())
    for work in tmp.glob(f"{WORK_PREFIX}*"):
        pidfile = work / "sshd.pid"
        with contextlib.suppress(OSError, ValueError):
            pid = int(pidfile.read_text().split()[0])
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if str(work / "sshd_config").encode() in cmdline:
                _signal_all([*_descendants(pid), pid], signal.SIGKILL)
        socket_path = work / "tmux.sock"
        if socket_path.exists():
            subprocess.run(
                ["tmux", "-S", str(socket_path), "kill-server"], capture_output=True, check=False
            )
        if work.is_dir():
            shutil.rmtree(work, ignore_errors=True)
    for entry in pwd.getpwall():
        if entry.pw_gecos == ACCOUNT_COMMENT and entry.pw_name.startswith("jt-"):
            _signal_all(_live_pids_of_uid(entry.pw_uid), signal.SIGKILL)
            _run([_which("userdel") or "userdel", "--force", "--remove", entry.pw_name])
    if GROUP_MARKER.exists():
        with contextlib.suppress(KeyError):
            if not grp.getgrnam(GROUP).gr_mem:  # nobody else has joined it since
                _run([_which("groupdel") or "groupdel", GROUP])
        GROUP_MARKER.unlink(missing_ok=True)


@dataclass
class Account:
    name: str
    key: Path
    uid: int = -1


@dataclass
class SshStation:
    """See the module docstring. Use as a context manager, or call close() yourself."""

    head_judge: str = "Kana Mori"
    floor_judge: str = "Alex Reed"
    players: Sequence[tuple[str, str]] = (
        ("P1", "Taro Yamada"),
        ("P2", "Ann Lee"),
        ("P3", "Lucas Silva"),
    )
    event_name: str = "SSH Open"
    log_recipe: bool = False
    """Put docs/SSH.md's ``--log`` recipe in the ForceCommand (see the module docstring)."""
    backup: bool = False
    """Add docs/SSH.md's backup account, ``jt-backup-XXXX`` (in the judges group, bound to
    no judge), whose own ``Match User`` block forces ``export --format event``."""
    backup_account: Account | None = field(init=False, default=None)

    work: Path = field(init=False)
    head: Account = field(init=False)
    floor: Account = field(init=False)
    db: Path = field(init=False)
    port: int = field(init=False, default=0)
    sshd_log: Path = field(init=False)
    logs: Path = field(init=False)
    """The diagnostic logs' folder of ``log_recipe`` (docs/SSH.md's /var/log/judgetui)."""
    timings: dict[str, float] = field(init=False, default_factory=dict)

    _undo: list[Callable[[], None]] = field(init=False, default_factory=list)
    _sshd: subprocess.Popen[bytes] | None = field(init=False, default=None)
    _tmux_socket: Path = field(init=False)
    _tmux_conf: Path = field(init=False)
    _tmux_started: bool = field(init=False, default=False)

    # -- life cycle -----------------------------------------------------------------

    def __enter__(self) -> SshStation:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Undo everything, newest first; keep going past failures, report them at the end."""
        errors: list[str] = []
        while self._undo:
            step = self._undo.pop()
            try:
                step()
            except Exception as exc:  # cleanup must not stop halfway
                errors.append(f"{getattr(step, '__name__', step)}: {exc}")
        if errors:
            raise HarnessError("cleanup: " + "; ".join(errors))

    def start(self) -> None:
        self._lock_machine()
        tag = secrets.token_hex(3)
        self.work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{tag}-"))
        self._undo.append(lambda: shutil.rmtree(self.work, ignore_errors=True))
        # Traversable by the judges' accounts (sshd reads their authorized_keys as them).
        os.chmod(self.work, 0o755)
        self._tmux_socket = self.work / "tmux.sock"
        self._tmux_conf = self.work / "tmux.conf"
        # Keep a pane whose ssh ended, so a failure still shows why.
        self._tmux_conf.write_text(
            "set-option -g remain-on-exit on\nset-option -g history-limit 0\n"
        )

        self._ensure_group()
        self.head = self._add_account(f"jt-head-{tag}")
        self.floor = self._add_account(f"jt-floor-{tag}")
        if self.backup:
            self.backup_account = self._add_account(f"jt-backup-{tag}")
        self._make_traversable([Path(sys.executable), REPO / "judgetui"], listable=[REPO])
        self._host_key()
        self.db = self._event_folder() / "event.json"
        self.logs = self.work / "logs"
        wrapper = self._wrapper()
        options = ""
        if self.log_recipe:
            self.logs.mkdir()
            os.chown(self.logs, 0, grp.getgrnam(GROUP).gr_gid)
            self.logs.chmod(0o1770)
            options = " " + docs_log_option().replace(DOC_LOG_FOLDER, str(self.logs))
        self._start_sshd(wrapper, options)
        self._make_event()

    def _lock_machine(self) -> None:
        fd = os.open(HARNESS_LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        deadline = time.monotonic() + LOCK_WAIT
        while True:  # another worker's ssh test: wait for it, not forever
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise HarnessError(
                        f"another ssh harness has held {HARNESS_LOCK} for {LOCK_WAIT:g}s"
                    ) from None
                time.sleep(0.1)

        def unlock() -> None:
            os.close(fd)

        self._undo.append(unlock)
        _sweep_leftovers()

    def _ensure_group(self) -> None:
        try:
            grp.getgrnam(GROUP)
            return
        except KeyError:
            pass
        _run([_which("groupadd") or "groupadd", GROUP])
        GROUP_MARKER.write_text(f"{GROUP} created by tests/helpers/ssh_harness.py\n")

        def remove_group() -> None:
            _run([_which("groupdel") or "groupdel", GROUP])
            GROUP_MARKER.unlink(missing_ok=True)

        self._undo.append(remove_group)

    def _add_account(self, name: str) -> Account:
        _run(
            [
                _which("useradd") or "useradd",
                "--create-home",
                "--shell",
                "/bin/sh",
                "--groups",
                GROUP,
                "--comment",
                ACCOUNT_COMMENT,
                name,
            ]
        )
        account = Account(name, self.work / "keys" / name)

        def remove_account() -> None:
            self._kill_user_processes(account)
            # --force: a zombie of the account's last ssh session may wait for init.
            _run([_which("userdel") or "userdel", "--force", "--remove", name])

        self._undo.append(remove_account)
        account.uid = pwd.getpwnam(name).pw_uid
        # "!" (locked) would make sshd refuse even a key; "*" matches no password.
        _run([_which("usermod") or "usermod", "--password", "*", name])
        account.key.parent.mkdir(mode=0o700, exist_ok=True)
        _run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", name, "-f", str(account.key)])
        authorized = self.work / "authorized_keys"
        authorized.mkdir(mode=0o755, exist_ok=True)
        target = authorized / name
        target.write_text(account.key.with_suffix(".pub").read_text())
        target.chmod(0o644)
        return account

    @staticmethod
    def _kill_user_processes(account: Account) -> None:
        if account.uid < 0:
            return
        deadline = time.monotonic() + 5
        sig = signal.SIGTERM
        while pids := _live_pids_of_uid(account.uid):
            if time.monotonic() > deadline:
                sig = signal.SIGKILL
            _signal_all(pids, sig)
            time.sleep(0.05)
            if time.monotonic() > deadline + 5:
                raise HarnessError(f"processes of {account.name} survive SIGKILL: {pids}")

    def _make_traversable(self, paths: Sequence[Path], listable: Sequence[Path]) -> None:
        """Let the judges' accounts run this interpreter on this checkout: 'others' get
        search (x) on every folder above ``paths``, and read too on the ``listable``
        folders (Python lists each folder on sys.path). Restored on close."""
        wanted: dict[Path, int] = {}
        for path in paths:
            for candidate in (path, path.resolve()):
                for folder in candidate.parents:
                    wanted[folder] = wanted.get(folder, 0) | stat.S_IXOTH
        for folder in listable:
            wanted[folder] = wanted.get(folder, 0) | stat.S_IXOTH | stat.S_IROTH
        for folder, bits in sorted(wanted.items()):
            try:
                mode = stat.S_IMODE(folder.stat().st_mode)
            except OSError:
                continue
            if mode & bits == bits:
                continue
            folder.chmod(mode | bits)

            def restore(folder: Path = folder, mode: int = mode) -> None:
                folder.chmod(mode)

            self._undo.append(restore)

    def _host_key(self) -> None:
        self.host_key = self.work / "ssh_host_ed25519_key"
        _run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(self.host_key)])

    def _event_folder(self) -> Path:
        folder = self.work / "event"
        folder.mkdir()
        os.chown(folder, 0, grp.getgrnam(GROUP).gr_gid)
        folder.chmod(0o2770)  # the group writes (atomic replace), others see nothing
        return folder

    def _wrapper(self, name: str = "judgetui-station", tail: str = '"ssh"') -> Path:
        path = self.work / name
        path.write_text(
            f"#!{sys.executable}\n"
            '"""ForceCommand: `judgetui --db EVENT [OPTIONS] ssh` (docs/SSH.md)."""\n'
            "import sys\n"
            "sys.dont_write_bytecode = True\n"
            f"sys.path.insert(0, {str(REPO)!r})\n"
            "from judgetui.cli import main\n"
            f'raise SystemExit(main(["--db", {str(self.db)!r}, *sys.argv[1:], {tail}]))\n'
        )
        path.chmod(0o755)
        return path

    def _backup_block(self) -> str:
        """docs/SSH.md's backup account: whatever it asks, it gets the event file."""
        if self.backup_account is None:
            return ""
        wrapper = self._wrapper("judgetui-backup", '"export", "--format", "event"')
        return f"""
# As docs/SSH.md has it: the backup account only ever gets the event file.
Match User {self.backup_account.name}
    ForceCommand {wrapper}
    PermitTTY no
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    X11Forwarding no
    AllowAgentForwarding no
    PermitTunnel no
"""

    # -- sshd -----------------------------------------------------------------------

    def _sshd_config(self, wrapper: Path, options: str) -> Path:
        config = self.work / "sshd_config"
        config.write_text(
            f"""\
# Throwaway sshd for tests/system/test_ssh_station.py: loopback only, keys only.
Port {self.port}
ListenAddress 127.0.0.1
AddressFamily inet
HostKey {self.host_key}
PidFile {self.work / "sshd.pid"}
AuthorizedKeysFile {self.work}/authorized_keys/%u
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitEmptyPasswords no
PermitRootLogin no
UsePAM no
StrictModes no
AllowGroups {GROUP}
PrintMotd no
PrintLastLog no
PermitUserEnvironment no
X11Forwarding no
AllowTcpForwarding no
AllowAgentForwarding no
PermitTunnel no
LogLevel VERBOSE
{self._backup_block()}
# As docs/SSH.md has it, with the wrapper in place of <venv>/bin/judgetui --db EVENT ssh.
Match Group {GROUP}
    ForceCommand {wrapper}{options}
    PermitUserRC no
    PasswordAuthentication no
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    X11Forwarding no
    AllowAgentForwarding no
    PermitTunnel no
"""
        )
        return config

    def _start_sshd(self, wrapper: Path, options: str) -> None:
        privsep = Path("/run/sshd")
        if not privsep.exists():
            privsep.mkdir(mode=0o755, parents=True)
            self._undo.append(lambda: privsep.rmdir())
        self.sshd_log = self.work / "sshd.log"
        for _attempt in range(5):
            self.port = _free_port()
            config = self._sshd_config(wrapper, options)
            _run([str(SSHD), "-t", "-f", str(config)])
            self.sshd_log.write_text("")
            proc = subprocess.Popen(
                [str(SSHD), "-D", "-f", str(config), "-E", str(self.sshd_log)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            if self._wait_for_port(proc):
                self._sshd = proc
                self._undo.append(self._stop_sshd)
                break
            proc.kill()
            proc.wait()
            if "Address already in use" not in self.log_text():
                raise HarnessError(f"sshd did not start:\n{self.log_text()}")
        else:
            raise HarnessError(f"sshd found no free port:\n{self.log_text()}")
        (self.work / "known_hosts").write_text(
            f"[127.0.0.1]:{self.port} " + self.host_key.with_suffix(".pub").read_text()
        )

    def _wait_for_port(self, proc: subprocess.Popen[bytes], timeout: float = 10) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
                sock.settimeout(0.5)
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return True
            time.sleep(0.05)
        return False

    def _stop_sshd(self) -> None:
        proc = self._sshd
        if proc is None:
            return
        # The listener first, then any per-connection sshd it forked.
        children = _descendants(proc.pid)
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        _signal_all(children, signal.SIGTERM)
        self._sshd = None

    def sshd_running(self) -> bool:
        return self._sshd is not None and self._sshd.poll() is None

    def log_text(self) -> str:
        try:
            return self.sshd_log.read_text(errors="replace")
        except OSError:
            return ""

    # -- the event ------------------------------------------------------------------

    def _make_event(self) -> None:
        """The event as the organiser (root) creates it, judges bound to the accounts;
        players imported as the head judge's account (`runuser`, as docs/SSH.md says:
        `players import` is not one of the commands a judge may send over ssh)."""
        self.judgetui_as_root(
            "event",
            "init",
            "--name",
            self.event_name,
            "--head-judge",
            self.head_judge,
            "--floor-judge",
            self.floor_judge,
            "--rounds",
            "5",
            "--judge-account",
            f"{self.head_judge}={self.head.name}",
            "--judge-account",
            f"{self.floor_judge}={self.floor.name}",
        )
        players = self.work / "players.csv"
        players.write_text("id,name\n" + "".join(f"{i},{n}\n" for i, n in self.players))
        players.chmod(0o644)
        self.judgetui_as(self.head, "players", "import", str(players))

    def judgetui_as_root(self, *argv: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PYTHONPATH": str(REPO), "LANG": "C.UTF-8"}
        env.pop("LC_ALL", None)
        return _run([sys.executable, "-m", "judgetui", "--db", str(self.db), *argv], env=env)

    def judgetui_as(self, account: Account, *argv: str) -> subprocess.CompletedProcess[str]:
        """judgetui run as the account on the station machine (the organiser's `runuser`)."""
        env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "LANG": "C.UTF-8"}
        return _run(
            [
                _which("runuser") or "runuser",
                "-u",
                account.name,
                "--",
                sys.executable,
                "-m",
                "judgetui",
                "--db",
                str(self.db),
                *argv,
            ],
            env=env,
            cwd="/",
        )

    # -- clients --------------------------------------------------------------------

    def ssh_argv(self, account: Account, *, tty: bool) -> list[str]:
        return [
            _which("ssh") or "ssh",
            "-F",
            "/dev/null",
            *(["-tt"] if tty else ["-T"]),
            "-i",
            str(account.key),
            "-p",
            str(self.port),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=yes",
            "-o",
            f"UserKnownHostsFile={self.work / 'known_hosts'}",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "ConnectTimeout=10",
            f"{account.name}@127.0.0.1",
        ]

    def ssh(
        self, account: Account, command: str, timeout: float = 30
    ) -> subprocess.CompletedProcess[str]:
        """One judgetui command over ssh, non-interactively (`ssh host COMMAND`)."""
        return subprocess.run(
            [*self.ssh_argv(account, tty=False), command],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            check=False,
        )

    # -- tmux -----------------------------------------------------------------------

    def tmux(self, *argv: str) -> subprocess.CompletedProcess[str]:
        return _run(
            ["tmux", "-u", "-S", str(self._tmux_socket), "-f", str(self._tmux_conf), *argv],
            env={**{k: v for k, v in os.environ.items() if k != "TMUX"}, "TERM": "xterm-256color"},
        )

    def open_station(self, account: Account, name: str) -> Pane:
        """A tmux session running `ssh -tt` to the account: its station, full screen."""
        if not self._tmux_started:
            self._tmux_started = True
            self._undo.append(self._kill_tmux)
        self.tmux(
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            str(TMUX_WIDTH),
            "-y",
            str(TMUX_HEIGHT),
            shlex.join(self.ssh_argv(account, tty=True)),
        )
        return Pane(self, name)

    def _kill_tmux(self) -> None:
        if self._tmux_socket.exists():
            with contextlib.suppress(HarnessError):
                self.tmux("kill-server")


@dataclass
class Pane:
    """One station's tmux pane."""

    station: SshStation
    name: str

    def text(self) -> str:
        return self.station.tmux("capture-pane", "-p", "-t", self.name).stdout

    def dead(self) -> bool:
        out = self.station.tmux("display-message", "-p", "-t", self.name, "#{pane_dead}")
        return out.stdout.strip() == "1"

    def keys(self, *keys: str, literal: bool = False) -> None:
        """tmux key names ("Enter", "Escape", "Down", "C-q") or, with literal, text."""
        self.station.tmux("send-keys", "-t", self.name, *(["-l"] if literal else []), *keys)

    def wait_for(
        self, predicate: Callable[[str], bool] | str, timeout: float = 10, what: str = ""
    ) -> float:
        """Seconds until the pane shows ``predicate`` (a text, or a test on the screen).

        Raises AssertionError with the screen and the sshd log's tail when it never does.
        """
        test = (lambda screen: predicate in screen) if isinstance(predicate, str) else predicate
        start = time.monotonic()
        screen = ""
        while True:
            screen = self.text()
            if test(screen):
                return time.monotonic() - start
            if time.monotonic() - start > timeout:
                break
            time.sleep(0.02)
        label = what or (predicate if isinstance(predicate, str) else "the expected screen")
        tail = "\n".join(self.station.log_text().splitlines()[-15:])
        raise AssertionError(
            f"{self.name}: no {label!r} after {timeout:g}s; the pane shows:\n{screen}"
            f"\n--- sshd log (tail) ---\n{tail}"
        )


@contextlib.contextmanager
def ssh_station(**kwargs: object) -> Iterator[SshStation]:
    with SshStation(**kwargs) as station:  # type: ignore[arg-type]
        yield station
