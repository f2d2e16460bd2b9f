"""The judge's settings file: a default event file, language, theme, refresh interval, keys.

Where it is looked for, first found wins:

1. ``--config PATH`` (must exist);
2. ``$JUDGETUI_CONFIG`` (must exist);
3. ``config.toml`` in platformdirs' ``user_config_path("judgetui")``
   (``$XDG_CONFIG_HOME/judgetui/config.toml``, usually ``~/.config/judgetui/config.toml``),
   optional.

Nothing in it changes authority (see shared SECURITY.md): there is no rules path, no
judge, no file permission here, and the event file is only a *default* for ``--db`` and
``$JUDGETUI_DB``. Where the file belongs to someone the station does not trust (a
judge's own account under ``judgetui ssh``) the caller drops that default too:
``load(..., event_file=False)`` or `LoadedSettings.without_event_file`.

Reading is cheap and done only when a value is needed: a command given ``--db`` and
``--lang`` never looks. With no file there is no TOML parsing and no validation, and
the pydantic declaration (`judgetui.settings_schema`, some 10 ms to build) is not even
imported.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import Struct
from msgspec.structs import replace

from judgetui.i18n import _, is_language

if TYPE_CHECKING:
    from judgetui.i18n import Language
    from judgetui.settings_schema import Settings

APP_NAME = "judgetui"
FILE_NAME = "config.toml"
ENV_CONFIG = "JUDGETUI_CONFIG"
REFRESH_MS_DEFAULT = 250
ATTENTION_MINUTES_DEFAULT = 10
"""How long a queue item waits before the dashboard marks it (``[queue] attention_minutes``)."""
MAX_FILE_BYTES = 64 * 1024
"""A settings file is a few lines; anything bigger is not one (and is not read whole)."""


class SettingsError(Exception):
    """A settings file that cannot be read or holds a bad value: one line, exit 2."""

    key = "bad_settings"


class Candidate(Struct, frozen=True):
    """One place settings are looked for: ``label`` (``--config``, ``$JUDGETUI_CONFIG``,
    ``user config``), its path (None when that option or variable is not set)."""

    label: str
    path: Path | None
    found: bool


class LoadedSettings(Struct, frozen=True):
    values: Mapping[str, Any] | None
    """The values the file sets, validated by `judgetui.settings_schema.Settings` (this
    run or an earlier one: see `load`); None when no file was found."""
    path: Path | None
    """The file read, or None when none was found."""
    candidates: tuple[Candidate, ...]
    """Where the settings were looked for, in order."""
    write_path: Path
    """Where a change (the judge's theme) is written: the file read, else the first place."""
    event_file_allowed: bool = True

    def is_set(self, key: str) -> bool:
        """Whether the file gives ``key`` (else its value is the default)."""
        return self.values is not None and key in self.values

    def _get(self, key: str) -> Any:
        return None if self.values is None else self.values.get(key)

    @property
    def language(self) -> Language | None:
        value = self._get("language")
        return value if is_language(value) else None

    @property
    def theme(self) -> str | None:
        value = self._get("theme")
        return value if isinstance(value, str) else None

    @property
    def refresh_ms(self) -> int:
        value = self._get("refresh_ms")
        return value if isinstance(value, int) else REFRESH_MS_DEFAULT

    @property
    def attention_minutes(self) -> int:
        """``[queue] attention_minutes``: a queue item waiting this long is marked."""
        table = self._get("queue")
        value = table.get("attention_minutes") if isinstance(table, Mapping) else None
        return value if type(value) is int else ATTENTION_MINUTES_DEFAULT

    @property
    def keys(self) -> dict[str, str]:
        value = self._get("keys")
        return dict(value) if isinstance(value, dict) else {}

    @property
    def event_file(self) -> Path | None:
        """The default event file, resolved; None when unset or dropped (`without_event_file`)."""
        raw = self._get("event_file")
        if not isinstance(raw, str) or not self.event_file_allowed:
            return None
        path = Path(raw).expanduser()
        if not path.is_absolute() and self.path is not None:
            path = self.path.parent / path
        return path

    @property
    def screenshot_dir(self) -> Path:
        if isinstance(raw := self._get("screenshot_dir"), str):
            return Path(raw).expanduser()
        return default_screenshot_dir()

    @property
    def poll_seconds(self) -> float:
        return self.refresh_ms / 1000

    def without_event_file(self) -> LoadedSettings:
        """The same settings with no say over the event file (for `judgetui ssh`)."""
        return replace(self, event_file_allowed=False)


def user_config_file(environ: Mapping[str, str] | None = None) -> Path:
    """platformdirs' ``user_config_path("judgetui") / "config.toml"``.

    On Linux and the BSDs that is the XDG rule, worked out here without importing
    platformdirs (5 ms of every command's start); tests/test_settings.py checks the two
    agree. Elsewhere platformdirs decides.
    """
    env = os.environ if environ is None else environ
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        # XDG: an absolute $XDG_CONFIG_HOME, else ~/.config (a relative one is ignored)
        if os.path.isabs(base := env.get("XDG_CONFIG_HOME", "")):
            return Path(base) / APP_NAME / FILE_NAME
        if os.path.isabs(home := env.get("HOME", "")):
            return Path(home) / ".config" / APP_NAME / FILE_NAME
    from platformdirs import user_config_path  # a relative or missing HOME, other systems

    return user_config_path(APP_NAME) / FILE_NAME


def default_screenshot_dir() -> Path:
    """The user's pictures folder when it exists, else the state folder: never the cwd."""
    from platformdirs import user_pictures_path, user_state_path

    pictures = user_pictures_path()
    if pictures.is_dir():
        return pictures
    return user_state_path(APP_NAME) / "screenshots"


def candidates(config: str | None, environ: Mapping[str, str]) -> list[tuple[str, Path | None]]:
    env = environ.get(ENV_CONFIG) or None
    return [
        ("--config", Path(config).expanduser() if config else None),
        ("$" + ENV_CONFIG, Path(env).expanduser() if env else None),
        ("user config", user_config_file(environ)),
    ]


def defaults() -> LoadedSettings:
    """No file at all: what a station made in a test, or by code, runs with."""
    return LoadedSettings(None, None, (), user_config_file())


def load(
    config: str | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    event_file: bool = True,
) -> LoadedSettings:
    """The settings from the first place that has them (see the module's docstring).

    ``event_file=False``: the file may not choose the event file (its owner is not trusted
    with that). Raises `SettingsError` with one line naming the file, the key and the value.

    A file found is validated with `judgetui.settings_schema` every time (pydantic is
    imported then, and only then): nothing validated is kept anywhere outside the file
    itself, since a judge can write their own home (issue 14).
    """
    env = os.environ if environ is None else environ
    places = candidates(config, env)
    found: Path | None = None
    seen: list[Candidate] = []
    for label, path in places:
        if path is None:
            seen.append(Candidate(label, None, False))
            continue
        exists = found is None and path.is_file()
        if found is None and not exists and label != "user config":
            # an explicit file that is not there is a typo, not "no settings"
            raise SettingsError(
                _("{path}: settings file ({where}) not found").format(path=path, where=label)
            )
        seen.append(Candidate(label, path, exists))
        if exists:
            found = path
    write_path = found or next(p for _, p in places if p is not None)
    if found is None:
        return LoadedSettings(None, None, tuple(seen), write_path, event_file)
    values = _values(read_text(found), found)
    return LoadedSettings(values, found, tuple(seen), write_path, event_file)


def read_text(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SettingsError(
            _("{path}: cannot read ({reason})").format(path=path, reason=exc.strerror or exc)
        ) from None
    if len(raw) > MAX_FILE_BYTES:
        raise SettingsError(f"{path}: over {MAX_FILE_BYTES // 1024} KB, not a settings file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SettingsError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def _set_values(settings: Settings) -> dict[str, Any]:
    return settings.model_dump(exclude_unset=True)


def _values(text: str, path: Path) -> dict[str, Any]:
    """The values a settings file sets: `plain_values` when it vouches for them (no
    pydantic: ~100 ms of a command), else pydantic's, which names the first problem."""
    import tomllib

    with suppress(tomllib.TOMLDecodeError):
        plain = plain_values(tomllib.loads(text))
        if plain is not None:
            return plain
    return _set_values(parse(text, path))


#: `judgetui.settings_schema.Settings`, as the fast path reads it: each key in declaration
#: order, its type, and its bounds (length or value). tests/unit/test_settings_fast.py
#: holds it to the declaration and its verdicts to pydantic's.
PLAIN_FIELDS: dict[str, tuple[type, int, int]] = {
    "event_file": (str, 1, 4096),
    "language": (str, 2, 2),
    "theme": (str, 0, 0),
    "refresh_ms": (int, 100, 5000),
    "screenshot_dir": (str, 1, 4096),
    "keys": (dict, 0, 0),
    "queue": (dict, 1, 24 * 60),  # [queue] attention_minutes, its bounds
}
LANGUAGES = ("en", "ja")
BINDING_ID = r"[a-z][a-z0-9_.-]{0,63}"
KEY_LIST = r"([a-z0-9_+-]{1,32}|[!-+\--~])(,([a-z0-9_+-]{1,32}|[!-+\--~])){0,3}"


def plain_values(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """What ``Settings.model_validate(data).model_dump(exclude_unset=True)`` gives, built
    straight from ``data`` (parsed TOML) when every value is exactly one the declaration
    keeps as it is; None when any is not (pydantic then decides, and words the refusal)."""
    import re

    if not data.keys() <= PLAIN_FIELDS.keys():
        return None
    for key in data:
        kind, low, high = PLAIN_FIELDS[key]
        value: Any = data[key]
        exact = type(value) is kind  # (a bool is no int, as pydantic's strict mode says)
        if not exact:
            return None
        if key == "language":
            if value not in LANGUAGES:
                return None
        elif key == "theme":
            from judgetui.station.themes import THEME_NAMES  # names only, no Textual

            if value not in THEME_NAMES:
                return None
        elif key == "keys":
            for binding, keys in value.items():
                if type(binding) is not str or type(keys) is not str:
                    return None
                if not (re.fullmatch(BINDING_ID, binding) and re.fullmatch(KEY_LIST, keys)):
                    return None
        elif key == "queue":
            minutes = value.get("attention_minutes", low)
            if not value.keys() <= {"attention_minutes"} or type(minutes) is not int:
                return None
            if not low <= minutes <= high:
                return None
        elif kind is int:
            if not low <= value <= high:
                return None
        elif not low <= len(value) <= high:
            return None
    return {
        key: dict(data[key]) if kind is dict else data[key]
        for key, (kind, _low, _high) in PLAIN_FIELDS.items()
        if key in data
    }


def parse(text: str, path: Path | str) -> Settings:
    """Validated settings from TOML ``text``; `SettingsError` names the first problem."""
    import tomllib

    from pydantic import ValidationError

    from judgetui.settings_schema import Settings, problem

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # tomllib says "... (at line L, column C)"
        raise SettingsError(_("{path}: not TOML: {reason}").format(path=path, reason=exc)) from None
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        raise SettingsError(f"{path}: {problem(exc.errors()[0])}") from None


# -- writing back the judge's choice ------------------------------------------------


def write_theme(loaded: LoadedSettings, theme: str) -> Path:
    """Set ``theme`` in the settings file, keeping the rest as the judge wrote it; returns
    the path.

    The file is read and written back by tomlkit, which keeps its comments, order and
    spacing: only the theme's line changes (or is added, before the first table). It is
    written the way the store writes every file (`judgetui.store.write_file_atomically`:
    a temp file, fsync, rename, the folder fsynced); a new one, and its folder, are the
    judge's alone (0600, 0700). Raises `SettingsError` (the file cannot be read or
    written, or would no longer be valid settings).
    """
    from judgetui.store import StoreWriteError, write_file_atomically

    path = loaded.write_path
    text = read_text(path) if path.exists() else ""
    updated = with_top_level(text, "theme", theme, path)
    parse(updated, path)  # never write a file the next start would refuse
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_file_atomically(path, updated.encode("utf-8"), new_mode=0o600)
    except OSError as exc:
        raise SettingsError(
            _("{path}: cannot write ({reason})").format(path=path, reason=exc.strerror or exc)
        ) from None
    except StoreWriteError as exc:
        raise SettingsError(str(exc)) from None
    return path


def with_top_level(text: str, key: str, value: str, path: Path) -> str:
    """``text`` with the top-level ``key = "value"`` replaced or added (before any table),
    everything else as it was: comments, order, spacing. `SettingsError` when ``text`` is
    not TOML."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError
    from tomlkit.items import Whitespace

    try:
        document = tomlkit.parse(text)
    except TOMLKitError as exc:
        parse(text, path)  # tomllib's words for what is wrong, and where
        raise SettingsError(_("{path}: not TOML: {reason}").format(path=path, reason=exc)) from None
    # tomlkit puts a blank line before the table a new key goes in front of: keep the
    # table as the judge wrote it
    kept = [item for _key, item in document.body if not isinstance(item, Whitespace)]
    indents = [(item, item.trivia.indent) for item in kept]
    document[key] = value
    for item, indent in indents:
        item.trivia.indent = indent
    return document.as_string()
