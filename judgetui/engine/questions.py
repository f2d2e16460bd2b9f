"""Which questions an infraction asks, given the answers so far: read from the rules.

A question is a key: an upgrade question (``[upgrades.*]`` in rules.toml, a yes/no that
raises the penalty), a situation (`judgetui.rules.SITUATION_FLAGS`, which the rules'
``[sanctions]`` read to tell which game or match a loss applies to), or `MINUTES` (how
late, for an infraction with ``tardiness_steps``). The station asks them in this order,
the command line takes them as options (`option_name`), the service accepts exactly
`flags`; the words are `judgetui.text.question_text`. Adding a yes/no upgrade question
is a ``[upgrades.<key>]`` block in the rules and nothing else.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from judgetui.engine.model import Outcome
from judgetui.rules import SITUATION_FLAGS, SITUATION_OPTIONS, Rules

MINUTES = "minutes"
"""The tardiness question: a number of minutes, not a yes/no."""


def flags(rules: Rules) -> frozenset[str]:
    """Every yes/no answer the rules read: their upgrade questions and the situations."""
    return frozenset({*rules.upgrades, *SITUATION_FLAGS})


def option_name(rules: Rules, flag: str) -> str:
    """The command line's option for a "yes" to ``flag``, without ``--``."""
    upgrade = rules.upgrades.get(flag)
    if upgrade is not None:
        return upgrade.option or flag.replace("_", "-")
    return SITUATION_OPTIONS[flag]


def options(rules: Rules) -> dict[str, str]:
    """Every yes/no answer's option (without ``--``) → its flag, upgrades first."""
    return {option_name(rules, flag): flag for flag in [*rules.upgrades, *SITUATION_OPTIONS]}


def applies(rules: Rules, flag: str, infraction: str | None) -> bool:
    """An upgrade question asked for ``infraction`` (an empty ``applies_to``: for all)."""
    upgrade = rules.upgrades[flag]
    return not upgrade.applies_to or infraction in upgrade.applies_to


def base(rules: Rules, infraction: str) -> list[str]:
    """Minutes late (tardiness), then the upgrade questions that apply to ``infraction``."""
    asked = [MINUTES] if rules.infractions[infraction].tardiness_steps else []
    return asked + [flag for flag in rules.upgrades if applies(rules, flag, infraction)]


def next_match_asked(
    rules: Rules, infraction: str, answered: Container[str], recommended: Iterable[Outcome]
) -> bool:
    """Whether "between matches?" is asked: once every other question is answered and
    the answers make a match loss the recommendation (for any of the players)."""
    done = all(q in answered for q in base(rules, infraction) if q != MINUTES)
    return done and any(o.sanction == "match_loss" for o in recommended)


def asked(
    rules: Rules, infraction: str, answered: Container[str], recommended: Iterable[Outcome]
) -> list[str]:
    """The questions ``infraction`` asks, given the answers so far (``answered``) and the
    recommendations they give without the situation question (``recommended``)."""
    questions = base(rules, infraction)
    if questions and next_match_asked(rules, infraction, answered, recommended):
        questions.append(rules.sanctions.match_loss_next_when)
    return questions


def usual_answer(rules: Rules, infraction: str, which: str) -> bool | None:
    """The catalogue's usual answer to "intentional?" or "disruptive?" (``which``) for
    ``infraction``, from its category; None when the category leaves it to the judge."""
    category = rules.infractions[infraction].category
    if category not in rules.categories:
        return None
    return bool(getattr(rules.categories[category], which))
