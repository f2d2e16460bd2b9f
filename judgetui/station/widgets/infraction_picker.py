"""The classification's second step: pick the infraction from the rules' catalogue.

A search field (English or Japanese names, or the key) above the catalogue's groups, each
infraction under its group in the judge's language with the other language beside it.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from judgetui import text
from judgetui.i18n import _, language
from judgetui.rules import Rules
from judgetui.station.widgets.player_search import squash


class InfractionPicker(Vertical):
    """The infraction step's pane: ``#infraction-search`` over ``#infraction-list``."""

    def __init__(self, *, id: str | None = None, classes: str = "") -> None:
        super().__init__(id=id, classes=classes)
        self._shown: str | None = None
        self._made: dict[tuple[int, str, str], Option] = {}

    def compose(self) -> ComposeResult:
        yield Static(_("Which infraction? Type to search."), classes="prompt")
        yield Input(
            placeholder=_("name, in English or Japanese"),
            id="infraction-search",
            classes="search",
        )
        yield OptionList(id="infraction-list", classes="choices")

    def fill(self, rules: Rules, current: str | None) -> None:
        """List the infractions the search finds; the highlight on ``current`` if shown."""
        query = squash(self.query_one("#infraction-search", Input).value)
        if query == self._shown:
            return  # the same list: the highlight stays where the judge put it
        self._shown = query
        options = self.query_one("#infraction-list", OptionList)
        options.clear_options()
        other = "en" if language() == "ja" else "ja"
        for group, keys in rules.grouped_infractions():
            found = [
                k
                for k in keys
                if not query
                or query in squash(f"{k} {rules.infractions[k].en} {rules.infractions[k].ja}")
            ]
            if not found:
                continue
            options.add_option(self._option(rules, f"group:{group}", None))
            for key in found:
                options.add_option(self._option(rules, key, other))
        ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
        if current is not None and current in ids:
            options.highlighted = ids.index(current)
        else:
            options.highlighted = next((i for i, key in enumerate(ids) if key), None)

    def reset(self) -> None:
        """For the next incident: the search empty and the list filled again on `fill`
        (the highlight back on the first infraction, as a new pane has it)."""
        self.query_one("#infraction-search", Input).value = ""
        self._shown = None

    def _option(self, rules: Rules, key: str, other: str | None) -> Option:
        """An infraction's row (``other``: the other language) or a group's heading (None),
        the very `Option` of the last fill while the rules and language are the same."""
        made = (id(rules), language(), key)
        option = self._made.get(made)
        if option is None:
            if other is None:
                option = Option(text.group_name(rules, key.removeprefix("group:")), disabled=True)
            else:
                prompt = Text("  ", no_wrap=True, overflow="ellipsis")
                prompt.append(text.infraction_name(rules, key))
                prompt.append("  " + getattr(rules.infractions[key], other), style="dim")
                option = Option(prompt, id=key)
            self._made[made] = option
        return option

    def highlighted(self) -> str | None:
        """The highlighted infraction's key (None: nothing matches)."""
        option = self.query_one("#infraction-list", OptionList).highlighted_option
        return None if option is None else option.id
