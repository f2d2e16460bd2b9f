"""The judge's keymap: the settings' ``[keys]`` table (binding id → keys), checked and applied.

Every `Binding` of the station has a stable dotted ``id`` (``dashboard.filter``,
``app.help``); Textual's keymap (`App.set_keymap`) moves a binding to other keys by that
id. The ids a keymap may name are read from the ``BINDINGS`` themselves (the App's, and
every screen's, dialog's and widget's in ``judgetui.station.screens``, ``.dialogs`` and
``.widgets``), never from a list typed in twice, so a binding added later is remappable
(and a binding without an id is caught by tests/test_keymap.py).

This imports Textual and every screen: only the station (at start, before anything is
on screen) and ``judgetui config`` use it, never a one-shot command.

A keymap entry is refused (`judgetui.settings.SettingsError`, one line, exit 2) when:

- its binding id is not one of the station's;
- a key is not one Textual can name (``ctrl+f``, ``f1``, ``question_mark``, ``?``);
- it puts two bindings of one screen (with the App's own keys, on a full screen) on
  the same key, unless both were there by default (a walk-through's Enter is several
  bindings, one per step, by design).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.keys import KEY_NAME_REPLACEMENTS, Keys, _normalize_key_list, key_to_character
from textual.screen import ModalScreen, Screen

from judgetui.i18n import _
from judgetui.settings import SettingsError

if TYPE_CHECKING:
    from textual.app import App

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
_APP_MODULE = "judgetui.station.app"
_PACKAGES = ("judgetui.station.screens", "judgetui.station.dialogs", "judgetui.station.widgets")


@dataclass(frozen=True)
class Scope:
    """The bindings that answer keys together: one class's own, plus the App's on a screen."""

    name: str
    """``DashboardScreen``, ``RowTable``, ``JudgeStation``."""
    own: tuple[Binding, ...]
    shared: tuple[Binding, ...]
    """The App's keys also active there (a full screen; a modal cuts them off)."""


def own_bindings(cls: type[object]) -> list[Binding]:
    """The bindings ``cls`` declares itself, one per key (not inherited ones)."""
    declared: Iterable[BindingType] = cls.__dict__.get("BINDINGS", ())
    return list(Binding.make_bindings(declared))


def station_classes() -> list[type[DOMNode]]:
    """Every class with its own BINDINGS in the station's screens, dialogs and widgets."""
    found: list[type[DOMNode]] = []
    for package_name in _PACKAGES:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{package_name}.{info.name}")
            for _name, value in inspect.getmembers(module, inspect.isclass):
                if (
                    issubclass(value, DOMNode)
                    and value.__module__ == module.__name__
                    and "BINDINGS" in value.__dict__
                    and value not in found
                ):
                    found.append(value)
    return found


def app_class() -> type[App[Any]]:
    """The station's App, found in its module the way the screens are found in theirs.

    Looked up, not imported by name: the App imports this module (to check and apply
    the judge's keymap), and this module must not import the App back.
    """
    from textual.app import App

    module = importlib.import_module(_APP_MODULE)
    (found,) = (
        value
        for _name, value in inspect.getmembers(module, inspect.isclass)
        if issubclass(value, App) and value.__module__ == module.__name__
    )
    return found


def app_bindings() -> tuple[list[Binding], list[Binding]]:
    """The App's bindings: (the station's own, with ids; Textual's, which stay put)."""
    station: list[Binding] = []
    textual: list[Binding] = []
    for cls in app_class().__mro__:
        target = station if cls.__module__.startswith("judgetui") else textual
        target += own_bindings(cls)
    app = app_class()
    if app.ENABLE_COMMAND_PALETTE:
        textual.append(Binding(app.COMMAND_PALETTE_BINDING, "command_palette"))
    return station, textual


@cache
def scopes() -> tuple[Scope, ...]:
    station, textual = app_bindings()
    found = [Scope(app_class().__name__, tuple(station), tuple(textual))]
    for cls in station_classes():
        shared = () if issubclass(cls, ModalScreen) or not issubclass(cls, Screen) else station
        found.append(Scope(cls.__name__, tuple(own_bindings(cls)), (*shared, *textual)))
    return tuple(found)


@cache
def default_keys() -> dict[str, tuple[str, ...]]:
    """Every binding id of the station → its keys as declared."""
    keys: dict[str, list[str]] = {}
    for scope in scopes():
        for binding in scope.own:
            if binding.id is not None:
                entry = keys.setdefault(binding.id, [])
                if binding.key not in entry:
                    entry.append(binding.key)
    return {binding_id: tuple(entry) for binding_id, entry in keys.items()}


def known_ids() -> list[str]:
    return sorted(default_keys())


def key_problem(key: str) -> str | None:
    """Why ``key`` (one key, normalized) is not a key Textual can name; None if it is."""
    *modifiers, base = key.split("+") if key != "+" else ["plus"]
    if not base:
        return _("no key after the modifier")
    if unknown := [m for m in modifiers if m not in MODIFIERS]:
        return _("{name} is not a modifier (ctrl, shift, alt, meta, super)").format(name=unknown[0])
    valid_names = {k.value for k in Keys} | set(KEY_NAME_REPLACEMENTS.values())
    if len(base) == 1 or base in valid_names or key_to_character(base) is not None:
        return None
    return _("{name} is not a key name (e.g. f1, ctrl+f, question_mark, slash)").format(name=base)


def _id_summary(defaults: Iterable[str]) -> str:
    """``app.*, classify.*, …``: the ids' first parts (the help screen's sections)."""
    prefixes = dict.fromkeys(binding_id.split(".")[0] for binding_id in sorted(defaults))
    return ", ".join(f"{prefix}.*" for prefix in prefixes)


def _entry(binding_id: str, value: str) -> str:
    return f'keys."{binding_id}" = {value!r}'


def check(keys: Mapping[str, str], path: Path | str | None = None) -> dict[str, str]:
    """``keys`` normalized (``?`` → ``question_mark``); `SettingsError` on a bad entry."""
    where = f"{path}: " if path is not None else ""
    defaults = default_keys()
    normalized: dict[str, str] = {}
    for binding_id, value in keys.items():
        if binding_id not in defaults:
            raise SettingsError(
                where
                + _("{entry}: unknown binding id (known: {known})").format(
                    entry=_entry(binding_id, value), known=_id_summary(defaults)
                )
            )
        listed = [k.strip() for k in value.split(",")]
        if not all(listed):
            raise SettingsError(
                where + _("{entry}: an empty key").format(entry=_entry(binding_id, value))
            )
        one = _normalize_key_list(",".join(listed))
        for key in one.split(","):
            if (reason := key_problem(key)) is not None:
                raise SettingsError(where + f"{_entry(binding_id, value)}: {reason}")
        normalized[binding_id] = one
    for scope in scopes():
        if (clash := _clash(scope, normalized, defaults)) is not None:
            binding_id, other = clash
            raise SettingsError(
                where
                + _("{entry}: the same key as {other} on {screen}").format(
                    entry=_entry(binding_id, keys[binding_id]), other=other, screen=scope.name
                )
            )
    return normalized


def _clash(
    scope: Scope, keymap: Mapping[str, str], defaults: Mapping[str, tuple[str, ...]]
) -> tuple[str, str] | None:
    """(a remapped id, the binding it collides with) in ``scope``, or None."""
    on_key: dict[str, list[tuple[str, bool]]] = {}
    seen: set[str] = set()
    for binding in (*scope.own, *scope.shared):
        name = binding.id or f"Textual's {binding.action}"
        if binding.id is None:
            on_key.setdefault(binding.key, []).append((name, True))
            continue
        if binding.id in seen:
            continue
        seen.add(binding.id)
        default = defaults[binding.id]
        effective = keymap[binding.id].split(",") if binding.id in keymap else list(default)
        for key in effective:
            on_key.setdefault(key, []).append((name, key in default))
    for entries in on_key.values():
        names = list(dict.fromkeys(name for name, _default in entries))
        if len(names) < 2 or all(by_default for _name, by_default in entries):
            continue
        moved = next(name for name, by_default in entries if not by_default)
        other = next(name for name in names if name != moved)
        return moved, other
    return None


def effective_keymap(keymap: Mapping[str, str]) -> dict[str, str]:
    """``keymap`` (checked) with every binding that shares a key with a remapped one in
    the same class mapped to its own keys.

    Textual's `BindingsMap.apply_keymap` drops a remapped binding's old key with every
    binding on it: remapping ``classify.record`` would take Enter from ``classify.continue``
    too. Naming those bindings with their own keys makes Textual put them back.
    """
    defaults = default_keys()
    full = dict(keymap)
    changed = True
    while changed:
        changed = False
        for scope in scopes():
            by_key: dict[str, set[str]] = {}
            for binding in scope.own:
                if binding.id is not None:
                    by_key.setdefault(binding.key, set()).add(binding.id)
            for ids in by_key.values():
                if ids & full.keys():
                    for binding_id in ids - full.keys():
                        full[binding_id] = ",".join(defaults[binding_id])
                        changed = True
    return full


def apply(app: App[Any], keymap: Mapping[str, str]) -> None:
    """Give ``app`` the judge's keymap (already `check`-ed)."""
    if keymap:
        app.set_keymap(effective_keymap(keymap))


def keys_of(app: App[Any], binding: Binding) -> list[Binding]:
    """``binding`` as the keymap has it now: one binding per key (the help screen)."""
    remapped = app._keymap.get(binding.id) if binding.id is not None else None
    if not remapped:
        return [binding]
    return [binding.with_key(key, key_display=None) for key in remapped.split(",")]
