"""The settings file's declaration: every key, its type and its bounds (pydantic, strict).

Imported only when there is a settings file to validate (see `judgetui.settings`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from judgetui.i18n import _
from judgetui.station import themes

REFRESH_MS_MIN = 100
REFRESH_MS_MAX = 5000

#: A binding id (reserved for the keymap: ``[keys]``), e.g. ``dashboard.new_incident``.
BindingId = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_.-]{0,63}$")]
#: Textual key names or single characters, comma-separated: ``"n"``, ``"ctrl+n,f2"``,
#: ``"question_mark"``, ``"?"``; `judgetui.station.keymap.check` (at the station's start and in
#: ``judgetui config``) checks each is a key and the binding id is the station's.
_KEY = r"([a-z0-9_+-]{1,32}|[!-+\--~])"
KeyList = Annotated[str, StringConstraints(pattern=rf"^{_KEY}(,{_KEY}){{0,3}}$")]


ATTENTION_MINUTES_MAX = 24 * 60


class QueueSettings(BaseModel):
    """``[queue]``: how the dashboard's queue shows what waits for the head judge."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    attention_minutes: Annotated[int, Field(ge=1, le=ATTENTION_MINUTES_MAX)] | None = None
    """An item that has waited this long is marked (its age in bold red, with "!");
    unset: `judgetui.settings.ATTENTION_MINUTES_DEFAULT`."""


class Settings(BaseModel):
    """Everything a settings file may hold. Unknown keys and wrong types are refused."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    event_file: Annotated[str, StringConstraints(min_length=1, max_length=4096)] | None = None
    """Default event file when neither --db nor $JUDGETUI_DB is given (``~`` expanded;
    relative to the settings file's folder)."""
    language: Literal["en", "ja"] | None = None
    theme: str | None = None
    refresh_ms: Annotated[int, Field(ge=REFRESH_MS_MIN, le=REFRESH_MS_MAX)] | None = None
    """How often the station looks for other judges' writes (one ``stat`` each time);
    unset: `judgetui.settings.REFRESH_MS_DEFAULT` (the schema does not import the module
    that imports it)."""
    screenshot_dir: Annotated[str, StringConstraints(min_length=1, max_length=4096)] | None = None
    keys: dict[BindingId, KeyList] = Field(default_factory=dict)
    """The keymap (binding id → keys), applied when the station starts (`station.keymap`)."""
    queue: QueueSettings | None = None

    @field_validator("theme")
    @classmethod
    def _known_theme(cls, value: str | None) -> str | None:
        if value is not None and value not in themes.THEME_NAMES:
            known = ", ".join(sorted(themes.THEME_NAMES))
            raise ValueError(_("unknown theme (known: {known})").format(known=known))
        return value


def problem(err: Any) -> str:
    """One pydantic error as ``key = value: what is wrong``."""
    loc = ".".join(str(part) for part in err["loc"]) or "settings"
    value = _show(err.get("input"))
    if err["type"] == "extra_forbidden":
        known = ", ".join(Settings.model_fields)
        return _("{key} = {value}: unknown setting (known: {known})").format(
            key=loc, value=value, known=known
        )
    message = str(err["msg"]).removeprefix("Value error, ")
    return f"{loc} = {value}: {message}"


def _show(value: object) -> str:
    """A value as TOML-ish text for the one line: repr escapes control characters."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "{…}" if value else "{}"
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
