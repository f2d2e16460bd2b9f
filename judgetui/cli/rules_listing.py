"""`judgetui rules`: the event's rules in words (every infraction and penalty key with its
names, the questions `record` and `classify` take), and as data with ``--json``."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable
from typing import Any

from judgetui import i18n, text
from judgetui.cli.common import _emit_json, _station
from judgetui.i18n import _
from judgetui.rules import Rules


def _in_both_languages(say: Callable[[], str]) -> dict[str, str]:
    """What ``say`` says in English and in Japanese (the language put back after)."""
    was = i18n.language()
    try:
        words: dict[str, str] = {}
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            words[language] = say()
        return words
    finally:
        i18n.set_language(was)


def rules_dict(rules: Rules) -> dict[str, Any]:
    """Every key a command takes, by what it names: infractions, penalties, questions."""
    from judgetui.engine import questions

    asked: list[dict[str, Any]] = [
        {
            "key": questions.MINUTES,
            "option": "--minutes",
            "takes": "minutes",
            "infractions": [k for k, i in rules.infractions.items() if i.tardiness_steps],
            **_in_both_languages(lambda: text.question_text(rules, questions.MINUTES)),
        }
    ]
    for option, flag in questions.options(rules).items():
        upgrade = rules.upgrades.get(flag)
        asked.append(
            {
                "key": flag,
                "option": f"--{option}",
                "takes": "yes",
                "infractions": list(upgrade.applies_to) if upgrade is not None else [],
                "raises_to": upgrade.raises_to if upgrade is not None else None,
                **_in_both_languages(functools.partial(text.question_text, rules, flag)),
            }
        )
    return {
        "infractions": [
            {"key": key, "en": i.en, "ja": i.ja, "group": i.group, "category": i.category,
             "minimum": i.minimum, "minor": i.minor, "multi_player": i.multi_player}
            for key, i in rules.infractions.items()
        ],
        "penalties": [
            {"key": key, "en": p.en, "ja": p.ja, "abbr": p.abbr, "kind": p.kind,
             "points": p.points, "issuer": p.issuer}
            for key, p in rules.penalties.items()
        ],
        "questions": asked,
    }  # fmt: skip


#: The width the rules' listing keeps within, in terminal cells.
LISTING_WIDTH = 78


def _wrapped_by_cells(words: str, width: int) -> list[str]:
    """``words`` in lines of at most ``width`` terminal cells: at spaces where there are
    any, else (Japanese) between any two characters."""
    from judgetui import text

    lines: list[str] = []
    line = ""
    for token in words.split(" ") if " " in words else list(words):
        joined = f"{line} {token}" if line and " " in words else line + token
        if line and text.cell_width(joined) > width:
            lines.append(line)
            line = token
        else:
            line = joined
    return [*lines, line]


def _listed(key: str, key_width: int, name: str, indent: int) -> list[str]:
    """A key and its name in one column each; the name wrapped under itself."""
    left = " " * indent + text.pad(key, key_width) + "  "
    names = _wrapped_by_cells(name, LISTING_WIDTH - text.cell_width(left))
    return [left + names[0], *(" " * len(left) + more for more in names[1:])]


def rules_text(rules: Rules) -> list[str]:
    """The rules' keys in words, in the output's language, each line within 78 columns."""
    lines = [_("Infractions (the key for --infraction, then its name):")]
    key_width = max(len(k) for k in rules.infractions)
    for group_key in sorted(rules.groups, key=lambda g: rules.groups[g].order):
        keys = [k for k, i in rules.infractions.items() if i.group == group_key]
        if keys:
            lines.append("  " + text.group_name(rules, group_key))
            for key in keys:
                lines += _listed(key, key_width, text.infraction_name(rules, key), 4)
    lines += ["", _("Penalties (the key for --penalty, review upgrade and decide):")]
    key_width = max(len(k) for k in rules.penalties)
    for key in rules.penalties:
        lines += _listed(key, key_width, text.penalty_name(rules, key), 2)
    lines += ["", _("Questions record and classify take (yes if the option is given):")]
    for entry in rules_dict(rules)["questions"]:
        lines.append("  " + entry["option"] + (" N" if entry["takes"] == "minutes" else ""))
        lines += ["      " + part for part in _wrapped_by_cells(entry[i18n.language()], 72)]
    return lines


def cmd_rules(args: argparse.Namespace) -> int:
    """The event's rules (the shipped ones, or ``--rules``, without an event) in words."""
    station = _station(args)
    rules = station.load().rules if station.file.exists() else station.rules
    if args.json:
        _emit_json(rules_dict(rules))
    else:
        print("\n".join(rules_text(rules)))
    return 0
