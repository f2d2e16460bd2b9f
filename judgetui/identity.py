"""Who is at the keyboard: the process's real OS user and, over SSH, the client address.

Identity is taken from the kernel (the real uid), never from environment variables
that a user could set; only the SSH client address, which is informational, comes
from the environment sshd sets.
"""

from __future__ import annotations

import os
import pwd

from msgspec import Struct


class Caller(Struct, frozen=True):
    os_user: str
    client: str | None


def current_caller() -> Caller:
    try:
        user = pwd.getpwuid(os.getuid()).pw_name
    except KeyError:
        user = str(os.getuid())
    connection = os.environ.get("SSH_CONNECTION") or os.environ.get("SSH_CLIENT") or ""
    client = connection.split()[0] if connection.strip() else None
    return Caller(user, client)
