"""What the station does once as it starts: the judge's settings checked, then applied.

Checked in the App's constructor, so a bad keymap refuses the station (`SettingsError`,
one line, exit 2) before anything is on screen; applied on mount, when the App can take
a theme and a keymap.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from textual.app import App

from judgetui.service import BadInput, NotPermitted, Station
from judgetui.state import EventState, JudgeState
from judgetui.station import themes
from judgetui.station.language import localize_app_bindings
from judgetui.station.session import load_state, signed_in_judge
from judgetui.store import FileStamp
from judgetui.store.follow import LogReader

if TYPE_CHECKING:
    from judgetui.settings import LoadedSettings

DEFAULT_POLL_SECONDS = 0.25


def poll_seconds(settings: LoadedSettings | None, given: float | None) -> float:
    """How often the file is looked at: ``given``, else the settings', else the default."""
    if given is not None:
        return given
    return settings.poll_seconds if settings is not None else DEFAULT_POLL_SECONDS


def checked_keymap(settings: LoadedSettings | None) -> dict[str, str]:
    """The judge's keymap, checked (a bad entry raises `SettingsError`); {} for none.

    `judgetui.station.keymap` imports every screen: only loaded when there is a keymap.
    """
    if settings is None or not settings.keys:
        return {}
    from judgetui.station import keymap

    return keymap.check(settings.keys, settings.path)


def apply_settings(app: App[Any], settings: LoadedSettings | None, keys: dict[str, str]) -> None:
    """On mount: the App's keys in the judge's language and keymap, and the theme."""
    localize_app_bindings(app)
    if keys:
        from judgetui.station import keymap

        keymap.apply(app, keys)
    wanted = settings.theme if settings is not None else None
    app.theme = themes.initial_theme(app, wanted, os.environ)[0]


def after_first_run(
    station: Station, created: EventState
) -> tuple[EventState, FileStamp, JudgeState | None, LogReader]:
    """The event the first run created, read back, with its head judge if they may sign
    in here (None: the sign-in screen asks), and the reader that read it (the follower
    goes on from there)."""
    reader = LogReader(station.file)
    state, stamp = load_state(station, reader)
    try:
        judge = signed_in_judge(station, state, created.head_judge_name())
    except (BadInput, NotPermitted):
        judge = None
    return state, stamp, judge, reader
