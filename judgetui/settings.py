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
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from judgetui.i18n import _

if TYPE_CHECKING:
    from judgetui.i18n import Language
    from judgetui.settings_schema import Settings

APP_NAME = "judgetui"
FILE_NAME = "config.toml"
ENV_CONFIG = "JUDGETUI_CONFIG"
REFRESH_MS_DEFAULT = 250
MAX_FILE_BYTES = 64 * 1024
"""A settings file is a few lines; anything bigger is not one (and is not read whole)."""


class SettingsError(Exception):
    """A settings file that cannot be read or holds a bad value: one line, exit 2."""


@dataclass(frozen=True)
class Candidate:
    """One place settings are looked for: ``label`` (``--config``, ``$JUDGETUI_CONFIG``,
    ``user config``), its path (None when that option or variable is not set)."""

    label: str
    path: Path | None
    found: bool


@dataclass(frozen=True)
class LoadedSettings:
    values: Settings | None
    """What the file holds, validated; None when no file was found (every value default)."""
    path: Path | None
    """The file read, or None when none was found."""
    candidates: tuple[Candidate, ...]
    """Where the settings were looked for, in order."""
    write_path: Path
    """Where a change (the judge's theme) is written: the file read, else the first place."""
    event_file_allowed: bool = True

    def is_set(self, key: str) -> bool:
        """Whether the file gives ``key`` (else its value is the default)."""
        return self.values is not None and key in self.values.model_fields_set

    @property
    def language(self) -> Language | None:
        return self.values.language if self.values is not None else None

    @property
    def theme(self) -> str | None:
        return self.values.theme if self.values is not None else None

    @property
    def refresh_ms(self) -> int:
        return self.values.refresh_ms if self.values is not None else REFRESH_MS_DEFAULT

    @property
    def keys(self) -> dict[str, str]:
        return dict(self.values.keys) if self.values is not None else {}

    @property
    def event_file(self) -> Path | None:
        """The default event file, resolved; None when unset or dropped (`without_event_file`)."""
        raw = self.values.event_file if self.values is not None else None
        if raw is None or not self.event_file_allowed:
            return None
        path = Path(raw).expanduser()
        if not path.is_absolute() and self.path is not None:
            path = self.path.parent / path
        return path

    @property
    def screenshot_dir(self) -> Path:
        if self.values is not None and self.values.screenshot_dir is not None:
            return Path(self.values.screenshot_dir).expanduser()
        return default_screenshot_dir()

    @property
    def poll_seconds(self) -> float:
        return self.refresh_ms / 1000

    def without_event_file(self) -> LoadedSettings:
        """The same settings with no say over the event file (for `judgetui ssh`)."""
        return replace(self, event_file_allowed=False)


def user_config_file() -> Path:
    from platformdirs import user_config_path

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
        ("user config", user_config_file()),
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
    return LoadedSettings(parse_file(found), found, tuple(seen), write_path, event_file)


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


def parse_file(path: Path) -> Settings:
    return parse(read_text(path), path)


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
    """Set ``theme`` in the settings file, keeping every other line; atomic; returns the path.

    The file is created (and its folder, 0700) when there is none. Raises `SettingsError`
    (the file cannot be read or written, or would no longer be valid settings).
    """
    path = loaded.write_path
    text = read_text(path) if path.exists() else ""
    updated = set_top_level(text, "theme", theme)
    parse(updated, path)  # never write a file the next start would refuse
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _atomic_write(path, updated)
    except OSError as exc:
        raise SettingsError(
            _("{path}: cannot write ({reason})").format(path=path, reason=exc.strerror or exc)
        ) from None
    return path


def set_top_level(text: str, key: str, value: str) -> str:
    """``text`` with the top-level ``key = "value"`` replaced or added (before any table)."""
    import json

    line = f"{key} = {json.dumps(value, ensure_ascii=False)}"
    lines = text.splitlines()
    first_table = next(
        (i for i, raw in enumerate(lines) if raw.lstrip().startswith("[")), len(lines)
    )
    for i in range(first_table):
        name, sep, _rest = lines[i].partition("=")
        if sep and name.strip().strip("\"'") == key:
            lines[i] = line
            break
    else:
        lines.insert(first_table, line)
    return "\n".join(lines) + "\n"


def _atomic_write(path: Path, text: str) -> None:
    import tempfile

    mode = path.stat().st_mode & 0o777 if path.exists() else 0o600
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
