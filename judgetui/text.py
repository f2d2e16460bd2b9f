"""Words for what the engine returns, in the judge's language.

The engine speaks in keys; these functions turn keys into names (from rules.toml,
which holds both languages) and reasons into sentences (through gettext).
"""

from __future__ import annotations

from judgetui.engine import Classification, Outcome, Reason
from judgetui.i18n import _, language
from judgetui.rules import Rules


def penalty_name(rules: Rules, key: str, *, short: bool = False) -> str:
    penalty = rules.penalties[key]
    if short:
        return penalty.abbr if language() == "ja" else penalty.en
    return penalty.ja if language() == "ja" else penalty.en


def infraction_name(rules: Rules, key: str) -> str:
    infraction = rules.infractions[key]
    return infraction.ja if language() == "ja" else infraction.en


def group_name(rules: Rules, key: str) -> str:
    group = rules.groups[key]
    return group.ja if language() == "ja" else group.en


def question(rules: Rules, flag: str) -> str:
    upgrade = rules.upgrades[flag]
    return upgrade.ja if language() == "ja" else upgrade.en


def outcome_name(rules: Rules, outcome: Outcome, *, short: bool = False) -> str:
    warning = penalty_name(rules, outcome.warning, short=short)
    if outcome.sanction is None:
        return warning
    return f"{warning} + {penalty_name(rules, outcome.sanction, short=short)}"


def category_name(category: str) -> str:
    names = {
        "unintentional_nondisruptive": _("unintentional and nondisruptive"),
        "unintentional_disruptive": _("unintentional but disruptive"),
        "intentional_nondisruptive": _("intentional but nondisruptive"),
        "intentional_disruptive": _("intentional and disruptive"),
    }
    return names.get(category, category)


def reason_text(rules: Rules, reason: Reason) -> str:
    """One sentence: which rule, what it raised the penalty to, and its source."""
    to = penalty_name(rules, reason.raises_to)
    rule = reason.rule
    if rule == "category":
        text = _("The infraction is {category}: at least {penalty}.").format(
            category=category_name(reason.detail), penalty=to
        )
    elif rule == "catalogue.minimum":
        text = _("The catalogue sets {infraction} at no less than {penalty}.").format(
            infraction=infraction_name(rules, reason.detail), penalty=to
        )
    elif rule == "catalogue.sanction":
        text = _("{infraction} carries at least a {penalty}.").format(
            infraction=infraction_name(rules, reason.detail), penalty=to
        )
    elif rule == "catalogue.intentional_sanction":
        text = _("Done intentionally, {infraction} carries a {penalty}.").format(
            infraction=infraction_name(rules, reason.detail), penalty=to
        )
    elif rule == "catalogue.tardiness":
        text = _("{minutes} minutes late: at least {penalty}.").format(
            minutes=reason.detail, penalty=to
        )
    elif rule == "catalogue.steps":
        text = _("Offence number {n} of this infraction: at least {penalty}.").format(
            n=reason.detail, penalty=to
        )
    elif rule == "history.repeat":
        text = _(
            "The player repeats an offence that already drew an official warning: "
            "at least {penalty}."
        ).format(penalty=to)
    elif rule == "history.notice_grounds":
        text = _(
            "An earlier Notice for the same infraction is grounds to upgrade: at least {penalty}."
        ).format(penalty=to)
    elif rule == "finals.repeat_from_main":
        text = _(
            "Repeated in the final rounds after a warning in the main rounds: {penalty}."
        ).format(penalty=to)
    elif rule.startswith("upgrade."):
        flag = rule.removeprefix("upgrade.")
        labels = {
            "serious_advantage": _("The violation gave a serious advantage: {penalty}."),
            "suspected_cheating": _("The judge suspects cheating: {penalty}."),
            "strong_cheating": _("The judge strongly believes the player cheated: {penalty}."),
            "severe_unsporting": _("Severely unsporting conduct: {penalty}."),
            "egregious_unsporting": _("Egregious unsporting conduct: {penalty} at once."),
            "undetermined_intent": _(
                "Nobody can tell which player acted intentionally: {penalty} to every player."
            ),
        }
        template = labels.get(flag, _("{flag}: {penalty}."))
        text = template.format(penalty=to, flag=flag)
    else:
        text = f"{rule}: {to}"
    if not reason.binding:
        text += " " + _("(already met)")
    return f"{text} [{reason.source}]"


def applies_text(applies: str | None, sanction: str | None) -> str:
    if sanction == "game_loss":
        return _("current game") if applies == "current" else _("next game")
    if sanction == "match_loss":
        return _("current match") if applies == "current" else _("next match")
    return ""


def option_failure(code: str) -> str:
    texts = {
        "forced_ejection": _("a fourth warning: ejection is required"),
        "not_all_minor": _("not every warning is minor"),
        "not_all_unintentional": _("not every warning is unintentional"),
        "same_infraction": _("two warnings are for the same infraction"),
        "double_or_triple": _("a Double or Triple Warning is among them"),
        "no_grounds": _("no strong belief of cheating, two Double Warnings or a Triple Warning"),
    }
    return texts.get(code, code)


def summary_line(rules: Rules, classification: Classification) -> str:
    return _("Minimum {minimum}; recommended {recommended}.").format(
        minimum=outcome_name(rules, classification.minimum),
        recommended=outcome_name(rules, classification.recommended),
    )
