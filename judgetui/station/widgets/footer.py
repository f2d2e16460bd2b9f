"""`StationFooter`: Textual's footer, fitted to the width and redrawn only when it changes.

Textual's footer lays every key in one row and lets the ones that do not fit run under
the command palette's key (docked right), which leaves stray characters ("palettea")
and hides `esc Back` and `? Help` at 80 columns. This footer keeps what a judge must
always find, Back, Help and the palette, and leaves out the other keys, last first,
until the rest fit, whole.

It also redraws only what changed: a walk-through refreshes bindings several times a
keystroke (focus moves, highlights, steps), and rebuilding the same keys costs a judge
~20 ms a time over SSH for nothing. When the keys shown do change (a classification's
step), the key widgets already there are reused and their labels updated in place; only
a surplus is removed or a shortfall mounted, and a full rebuild is left for the rare
footer with a key group. The drawn row is the same as a rebuild's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel, KeyGroup

ESSENTIAL_KEYS = frozenset({"escape", "question_mark"})
"""Back (every screen's escape) and Help: never left out."""
ESSENTIAL_IDS = frozenset({"app.help"})
"""Help, on whatever key the judge's keymap moved it to."""
PALETTE_WIDTH_EXTRA = 2
"""The palette key's left rule and its gap."""


@dataclass
class _GroupHolder:
    """A key group and its keys, composed together (not a widget itself)."""

    group: KeyGroup
    children: Sequence[Widget]


@dataclass
class _Item:
    """Keys shown together (one key, or a group of keys with one label) and their width."""

    width: int
    essential: bool
    make: list[Widget | _GroupHolder] = field(default_factory=list)


class StationFooter(Footer):
    def __init__(self, *, compact: bool = True, id: str | None = None) -> None:
        super().__init__(compact=compact, id=id)
        self._shown: tuple[object, ...] | None = None
        self._pending = False
        self._width = 0
        self._plain: list[FooterKey] | None = None
        """The keys the last compose yielded, in order, or None when it had a group."""
        self._palette_key: FooterKey | None = None

    # -- what to show ---------------------------------------------------------------

    def _room(self) -> int:
        width = self.size.width or self.app.size.width
        return max(0, width)

    def _keys_shown(self, screen: Screen[object]) -> tuple[object, ...]:
        return (
            self._room(),
            *(
                (key, active.binding.description, active.binding.group, active.enabled)
                for key, active in screen.active_bindings.items()
                if active.binding.show
            ),
        )

    def _items(self) -> Iterator[_Item]:
        """Every key as Textual's footer would show it, with its width in cells."""
        active_bindings = self.screen.active_bindings
        by_action: defaultdict[str, list[tuple[Binding, bool, str]]] = defaultdict(list)
        for _key, binding, enabled, tooltip in active_bindings.values():
            if binding.show:
                by_action[binding.action].append((binding, enabled, tooltip))
        for group, members in groupby(by_action.values(), lambda m: m[0][0].group):
            members_list = list(members)
            if group is not None and len(members_list) > 1:
                keys = [m[0] for m in members_list]
                displays = [self.app.get_key_display(b) for b, _e, _t in keys]
                key_group = KeyGroup(classes="-compact" if group.compact else "")
                children = [
                    FooterKey(
                        binding.key,
                        display,
                        "",
                        binding.action,
                        disabled=not enabled,
                        tooltip=tooltip or binding.description,
                        classes="-grouped",
                    ).data_bind(compact=Footer.compact)
                    for (binding, enabled, tooltip), display in zip(keys, displays, strict=True)
                ]
                width = sum(cell_len(d) for d in displays) + 2 + cell_len(group.description) + 1
                yield _Item(
                    width,
                    False,
                    [_GroupHolder(key_group, children), FooterLabel(group.description)],
                )
                continue
            for member in members_list:
                binding, enabled, tooltip = member[0]
                display = self.app.get_key_display(binding)
                width = cell_len(display) + 1 + cell_len(binding.description) + 1
                essential = any(
                    b.key in ESSENTIAL_KEYS or b.id in ESSENTIAL_IDS for b, _e, _t in member
                )
                key = FooterKey(
                    binding.key,
                    display,
                    binding.description,
                    binding.action,
                    disabled=not enabled,
                    tooltip=tooltip,
                ).data_bind(compact=Footer.compact)
                yield _Item(width, essential, [key])

    def _palette(self) -> tuple[FooterKey | None, int]:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return None, 0
        try:
            _node, binding, enabled, _tooltip = self.screen.active_bindings[
                self.app.COMMAND_PALETTE_BINDING
            ]
        except KeyError:
            return None, 0
        display = self.app.get_key_display(binding)
        key = FooterKey(
            binding.key,
            display,
            binding.description,
            binding.action,
            classes="-command-palette",
            disabled=not enabled,
            tooltip=binding.tooltip or binding.description,
        )
        return key, cell_len(display) + 1 + cell_len(binding.description) + PALETTE_WIDTH_EXTRA

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        palette, palette_width = self._palette()
        items = list(self._items())
        room = self._room() - palette_width
        keep = fit(items, room)
        self._plain = _plain_keys(keep)
        self._palette_key = palette
        for item in keep:
            for widget in item.make:
                if isinstance(widget, _GroupHolder):
                    with widget.group:
                        yield from widget.children
                else:
                    yield widget
        if palette is not None:
            yield palette

    # -- when to redraw -------------------------------------------------------------

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self._schedule()

    def _schedule(self) -> None:
        """Redraw once the messages before it are handled: the keys refreshed several
        times in one keystroke redraw once, in the frame that shows the keystroke (after
        the refresh, they made a frame of their own just after it)."""
        if not self._pending:
            self._pending = True
            self.call_later(self._redraw)

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self._width = event.size.width
            if self._bindings_ready and self.is_attached:
                self._schedule()

    async def _redraw(self) -> None:
        self._pending = False
        if not self.is_attached:
            return
        shown = self._keys_shown(self.screen)
        if shown != self._shown:
            self._shown = shown
            if not await self._update_in_place():
                await self.recompose()

    async def _update_in_place(self) -> bool:
        """Show the screen's keys by updating the key widgets already here; False (and
        nothing changed) when it cannot: a key group, or the palette key come or gone."""
        old = self._plain
        if old is None or not self._bindings_ready:
            return False
        if any(key.parent is not self for key in old):
            return False
        palette, palette_width = self._palette()
        if (palette is None) != (self._palette_key is None):
            return False
        if self._palette_key is not None and self._palette_key.parent is not self:
            return False
        keep = fit(list(self._items()), self._room() - palette_width)
        new = _plain_keys(keep)
        if new is None:
            return False
        for widget, want in zip(old, new, strict=False):
            _relabel(widget, want)
        if self._palette_key is not None and palette is not None:
            _relabel(self._palette_key, palette)
        if len(old) > len(new):
            await self.remove_children(old[len(new) :])
        elif len(new) > len(old):
            extra = new[len(old) :]
            if self._palette_key is not None:
                await self.mount_all(extra, before=self._palette_key)
            else:
                await self.mount_all(extra)
        self._plain = old[: len(new)] + new[len(old) :]
        return True


def _plain_keys(items: list[_Item]) -> list[FooterKey] | None:
    """The items' key widgets in order when every item is one plain key, else None."""
    keys: list[FooterKey] = []
    for item in items:
        for widget in item.make:
            if not isinstance(widget, FooterKey):
                return None
            keys.append(widget)
    return keys


def _relabel(widget: FooterKey, want: FooterKey) -> None:
    """Make the shown ``widget`` draw and act as the unmounted ``want`` would."""
    same = (
        widget.key == want.key
        and widget.key_display == want.key_display
        and widget.description == want.description
        and widget.action == want.action
        and widget._disabled == want._disabled
    )
    if widget.tooltip != want.tooltip:
        widget.tooltip = want.tooltip
    if same:
        return
    resized = cell_len(widget.key_display) != cell_len(want.key_display) or cell_len(
        widget.description
    ) != cell_len(want.description)
    widget.key = want.key
    widget.key_display = want.key_display
    widget.description = want.description
    widget.action = want.action
    widget._disabled = want._disabled
    widget.set_class(want._disabled, "-disabled")
    if resized:
        widget.clear_cached_dimensions()
    widget.refresh(layout=resized)


def fit(items: list[_Item], room: int) -> list[_Item]:
    """The items to show in ``room`` cells, in their order: the essential ones always,
    then the others in the screen's order while they fit whole; from the first that
    does not fit, the rest are left out (a screen lists its keys most used first)."""
    used = sum(item.width for item in items if item.essential)
    keep: list[_Item] = []
    full = False
    for item in items:
        if item.essential:
            keep.append(item)
        elif not full and used + item.width <= room:
            keep.append(item)
            used += item.width
        else:
            full = True
    return keep
