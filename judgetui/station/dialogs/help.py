"""`?`: every key of the station, screen by screen.

The list is read from the screens' own ``BINDINGS`` (every `Screen` class defined in a
``judgetui.station.screens`` module, plus the App's), never typed in twice, so it cannot go stale
when someone adds or moves a key. A screen names its section with a ``HELP_TITLE``
class attribute (marked with ``N_`` and translated here); without one, its class name.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from judgetui.i18n import N_, _
from judgetui.station.keymap import keys_of
from judgetui.station.screens.base import localize_bindings
from judgetui.station.widgets.footer import StationFooter

# Screens in the order a judge meets them; any other screen module follows, by name.
_PACKAGES = ("judgetui.station.screens", "judgetui.station.dialogs")
SCREEN_ORDER = (
    "dashboard",
    "classify",
    "review",
    "review_action",
    "decision",
    "player",
    "event",
    "sign_in",
    "first_run",
    "confirm",
    "help",
)


@dataclass(frozen=True)
class KeyLine:
    """One row of the help: the keys (``j / down``) and what they do."""

    keys: str
    description: str


@dataclass(frozen=True)
class KeySection:
    """The keys of one screen (or of the whole station)."""

    name: str
    title: str
    keys: tuple[KeyLine, ...]


def screen_classes() -> list[type[Screen[object]]]:
    """Every Screen subclass defined in a module of ``judgetui.station.screens`` or
    ``judgetui.station.dialogs``, in `SCREEN_ORDER` (by module name)."""
    modules: list[str] = []
    for package_name in _PACKAGES:
        package = importlib.import_module(package_name)
        modules += [
            f"{package_name}.{m.name}"
            for m in pkgutil.iter_modules(package.__path__)
            if not m.ispkg
        ]
    rank = {name: i for i, name in enumerate(SCREEN_ORDER)}

    def order(module: str) -> tuple[int, str]:
        name = module.rpartition(".")[2]
        return (rank.get(name, len(rank)), name)

    found: list[type[Screen[object]]] = []
    for name in sorted(modules, key=order):
        module = importlib.import_module(name)
        own = [
            value
            for _name, value in inspect.getmembers(module, inspect.isclass)
            if issubclass(value, Screen) and value.__module__ == module.__name__
        ]
        # A module's full screen before the dialogs it opens.
        own.sort(key=lambda cls: (issubclass(cls, ModalScreen), cls.__name__))
        found += [cls for cls in own if cls not in found]
    return found


def _own_bindings(cls: type[object]) -> list[Binding]:
    """The bindings a class declares itself (not the ones it inherits)."""
    declared: Iterable[BindingType] = cls.__dict__.get("BINDINGS", ())
    return list(Binding.make_bindings(declared))


def _key_lines(app: App[Any], bindings: Iterable[Binding]) -> tuple[KeyLine, ...]:
    """Group keys bound to the same action and description: ``j / ↓  next``."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for declared in bindings:
        if not declared.description:
            continue
        keys = grouped.setdefault((declared.action, declared.description), [])
        for binding in keys_of(app, declared):  # as the judge's keymap has it
            key = app.get_key_display(binding)
            if key not in keys:
                keys.append(key)
    return tuple(
        KeyLine(" / ".join(keys), _(description)) for (_a, description), keys in grouped.items()
    )


def key_sections(app: App[Any]) -> list[KeySection]:
    """The help's content: the App's own keys first, then each screen's."""
    sections: list[KeySection] = []
    app_bindings = [
        b
        for cls in type(app).__mro__
        if cls.__module__.startswith("judgetui")
        for b in _own_bindings(cls)
    ]
    if lines := _key_lines(app, app_bindings):
        sections.append(KeySection("app", _("Everywhere"), lines))
    for cls in screen_classes():
        lines = _key_lines(app, _own_bindings(cls))
        if not lines:
            continue
        title = getattr(cls, "HELP_TITLE", None) or cls.__name__
        sections.append(KeySection(cls.__name__, _(str(title)), lines))
    return sections


def _section_table(section: KeySection) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(min_width=12, style="bold")
    table.add_column()
    for line in section.keys:
        table.add_row(Text(line.keys), Text(line.description))
    return table


class HelpScreen(ModalScreen[None]):
    """Every key by screen; opens at the section of the screen it was called from."""

    HELP_TITLE: ClassVar[str] = N_("Help")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", N_("Close"), id="help.close"),
        Binding("j", "scroll('down')", N_("Scroll down"), show=False, id="help.scroll_down"),
        Binding("k", "scroll('up')", N_("Scroll up"), show=False, id="help.scroll_up"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            yield Static(_("Keys of the judge station"), classes="dialog-title")
            with VerticalScroll(id="help-keys"):
                for section in key_sections(self.app):
                    with Vertical(id=f"help-{section.name}", classes="help-section"):
                        yield Static(section.title, classes="help-section-title")
                        yield Static(_section_table(section))
        yield StationFooter()

    def on_mount(self) -> None:
        localize_bindings(self, is_head=True)
        scroller = self.query_one("#help-keys", VerticalScroll)
        scroller.focus()
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if below is not None:
            target = self.query(f"#help-{type(below).__name__}")
            if target:
                self.call_after_refresh(
                    scroller.scroll_to_widget, target.first(), top=True, animate=False
                )

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, direction: str) -> None:
        scroller = self.query_one("#help-keys", VerticalScroll)
        if direction == "down":
            scroller.scroll_down(animate=False)
        else:
            scroller.scroll_up(animate=False)
