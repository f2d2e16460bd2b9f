"""Words for what the engine returns, in the judge's language.

The engine speaks in keys; these functions turn keys into names (from rules.toml,
which holds both languages) and reasons into sentences (through gettext).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgetui.engine import Classification, Outcome, Reason
from judgetui.engine.questions import MINUTES
from judgetui.i18n import _, language, ngettext, using
from judgetui.rules import Rules

if TYPE_CHECKING:
    from judgetui.state import DecisionState, EventState, RecordState, WitnessNote


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


def question_text(rules: Rules, key: str) -> str:
    """A question `judgetui.engine.questions` asks, as the station asks it: an upgrade
    question in the rules' own words, a situation or the minutes late from the catalogue."""
    if key in rules.upgrades:
        return question(rules, key)
    if key == rules.sanctions.match_loss_next_when:
        return _(
            "Was it committed or found between matches? "
            "(the match loss then applies to the next match)"
        )
    if key == rules.sanctions.game_loss_current_when:
        return _("it gave an advantage in the current game (a game loss applies to it)")
    if key == MINUTES:
        return _("How many minutes late?")
    return key


def situation_flag_name(flag: str) -> str:
    """A situation flag the engine reads (`judgetui.rules.SITUATION_FLAGS`) in words."""
    names = {
        "between_matches": _("Committed or found between matches"),
        "advantage_in_game": _("It gave an advantage in the current game"),
    }
    return names.get(flag, flag)


def outcome_name(rules: Rules, outcome: Outcome, *, short: bool = False) -> str:
    warning = penalty_name(rules, outcome.warning, short=short)
    if outcome.sanction is None:
        return warning
    if (
        rules.penalties[outcome.sanction].ends_tournament
        and not rules.penalties[outcome.warning].points
    ):
        # "Notice + Disqualification" says nothing the disqualification does not: a
        # warning of no points beside a sanction that ends the tournament goes unsaid.
        return penalty_name(rules, outcome.sanction, short=short)
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


def option_rule_text(rules: Rules, key: str) -> str:
    """Why a three-warning option is open, for the decision dialog.

    In English, the rules file's own ``rule`` line. rules.toml has no Japanese for it, so
    in Japanese the sentence is made from the option's conditions (so it stays right for
    any rules file), followed by the citation: "条件: … [seed EN §iii.1]".
    """
    option = rules.three_warnings.options[key]
    if language() == "en":
        return option.rule
    source, sep, _explanation = option.rule.partition(": ")
    citation = f" [{source}]" if sep else ""
    if option.always:
        return _("Always open: the baseline penalty for three warnings.") + citation
    conditions: list[str] = []
    if option.all_minor:
        conditions.append(_("every warning minor"))
    if option.all_unintentional:
        conditions.append(_("every warning unintentional"))
    if option.no_same_infraction:
        conditions.append(_("no two warnings for the same infraction"))
    if option.highest_warning is not None:
        conditions.append(
            _("no warning above {penalty}").format(
                penalty=penalty_name(rules, option.highest_warning)
            )
        )
    grounds: list[str] = []
    if option.strong_cheating:
        grounds.append(_("a strong belief of cheating"))
    if option.double_warnings is not None:
        grounds.append(
            ngettext("{n} Double Warning", "{n} Double Warnings", option.double_warnings).format(
                n=option.double_warnings
            )
        )
    if option.triple_warnings is not None:
        grounds.append(
            ngettext("{n} Triple Warning", "{n} Triple Warnings", option.triple_warnings).format(
                n=option.triple_warnings
            )
        )
    if grounds:
        conditions.append(_("one of: {grounds}").format(grounds=_(", ").join(grounds)))
    if not conditions:
        return option.rule
    return _("Open when: {conditions}.").format(conditions=_(", ").join(conditions)) + citation


def summary_line(rules: Rules, classification: Classification) -> str:
    return _("Minimum {minimum}; recommended {recommended}.").format(
        minimum=outcome_name(rules, classification.minimum),
        recommended=outcome_name(rules, classification.recommended),
    )


def neutral_reasons(rules: Rules, reasons: Sequence[Reason]) -> list[str]:
    """The reasons for `--json`: always in English (the source language), whatever `--lang`.

    `--json` is language-neutral: keys for every value, and the one free-text field reads
    the same from every station.
    """
    with using("en"):
        return [reason_text(rules, r) for r in reasons]


# -- words for the keys the state carries -------------------------------------------


def phase_name(phase: str) -> str:
    return _("final rounds") if phase == "finals" else _("main rounds")


def player_status_name(status: str) -> str:
    names = {"active": _("active"), "ejected": _("ejected"), "disqualified": _("disqualified")}
    return names.get(status, status)


def record_status_name(status: str) -> str:
    names = {
        "pending": _("pending"),
        "issued": _("issued"),
        "dismissed": _("dismissed"),
        "superseded": _("superseded"),
        "voided": _("voided"),
        "reopened": _("reopened"),
    }
    return names.get(status, status)


def decision_status(state: EventState, decision: DecisionState) -> str:
    """Whether a three-warning decision stands: ``decided``; ``voided`` (the head judge
    voided it); ``reopened`` (a record it rested on was voided and the head judge owes the
    decision again); ``set_aside`` (a record it rested on was voided and nothing is owed:
    the points fell, or a later decision was made)."""
    if decision.voided_by is not None:
        return "voided"
    if decision.reopened_by is None:
        return "decided"
    return "reopened" if state.decision_reopened(decision) else "set_aside"


def decision_status_name(state: EventState, decision: DecisionState) -> str:
    status = decision_status(state, decision)
    if status == "decided":
        return _("decided")
    if status == "set_aside":
        return _("set aside")
    return record_status_name(status)


def decision_undone_line(state: EventState, decision: DecisionState) -> str:
    """Why a decision no longer stands, in words: who voided it, or who voided the record
    it rested on and whether the head judge owes the decision again."""
    if decision.voided_by is not None:
        return _("voided by {judge}").format(judge=decision.voided_by)
    record = state.records[decision.reopened_by or ""]
    if decision_status(state, decision) == "reopened":
        return _("reopened: {judge} voided a record it rested on ({id})").format(
            judge=record.voided_by, id=state.short_id(record.id)
        )
    return _("set aside: {judge} voided a record it rested on ({id}); no decision is owed").format(
        judge=record.voided_by, id=record.id
    )


def decision_what(decision: DecisionState) -> str:
    """What a decision is, where a record names its infraction."""
    return ngettext(
        "three-warning decision at {n} point",
        "three-warning decision at {n} points",
        decision.points,
    ).format(n=decision.points)


def role_name(role: str) -> str:
    """A judge's role in words: head judge, floor judge, trainee."""
    names = {"head": _("head judge"), "floor": _("floor judge"), "trainee": _("trainee")}
    return names.get(role, role)


def judge_text(record: RecordState) -> str:
    """Who gave the penalty: an upgraded record names the floor judge and the head judge;
    a trainee's the head judge confirmed names the trainee and the head judge."""
    if record.trainee is not None:
        return f"{record.trainee} → {record.judge}"
    if record.supersedes is not None and record.reviewed_by and record.reviewed_by != record.judge:
        return f"{record.judge} → {record.reviewed_by}"
    return record.judge


def waited(seconds: int) -> str:
    """'just now', '4 min', '2 h 5 min', '3 d': how long something has waited."""
    if seconds < 60:
        return _("just now")
    minutes = seconds // 60
    if minutes < 60:
        return _("{n} min").format(n=minutes)
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return (
            _("{h} h {m} min").format(h=hours, m=minutes) if minutes else _("{h} h").format(h=hours)
        )
    return _("{d} d").format(d=hours // 24)


def queue_kind_name(kind: str) -> str:
    names = {"notice": _("notice"), "request": _("request"), "decision": _("decision")}
    return names.get(kind, kind)


def review_action_name(action: str) -> str:
    names = {"confirm": _("confirmed"), "upgrade": _("upgraded"), "dismiss": _("dismissed")}
    return names.get(action, action)


# -- terminal columns -----------------------------------------------------------------


def cell_width(value: str) -> int:
    """Terminal cells ``value`` takes, measured as the station measures them (Rich's
    ``cell_len``): full-width characters take 2, an emoji sequence joined by U+200D takes
    the 2 cells of the one picture it is, combining marks none.

    Rich is imported here, not at the module's top: only the commands that print tables
    pay for it (~12 ms)."""
    from rich.cells import cell_len

    return cell_len(value)


def pad(value: str, width: int) -> str:
    """``value`` left-aligned in ``width`` terminal cells (a full-width character counts 2)."""
    return value + " " * max(0, width - cell_width(value))


def context_line(record: RecordState | WitnessNote) -> str:
    """An incident's context in one short line: "table 14 · game 2 · opponent P3 ·
    +5 min" (empty when the judge gave none)."""
    parts: list[str] = []
    if record.table is not None:
        parts.append(_("table {n}").format(n=record.table))
    if record.game is not None:
        parts.append(_("game {n}").format(n=record.game))
    if record.opponent is not None:
        parts.append(_("opponent {id}").format(id=record.opponent))
    if record.extension is not None:
        parts.append(_("+{n} min extension").format(n=record.extension))
    return " · ".join(parts)


def late_line(record: RecordState) -> str:
    """ "entered later, from paper: happened 2026-12-06 14:05, entered 15:30" for a record
    entered after the outage it was written on paper in (empty for any other)."""
    if record.happened_at is None:
        return ""
    from datetime import datetime

    happened, entered = (
        datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone()
        for at in (record.happened_at, record.at)
    )
    return _("entered later, from paper: happened {happened}, entered {entered}").format(
        happened=f"{happened:%Y-%m-%d %H:%M}", entered=f"{entered:%Y-%m-%d %H:%M}"
    )


def pairing_line(state: EventState, round_: int, table: int | None, opponent: str | None) -> str:
    """A player's pairing in words: "round 3: table 14, opponent P0002 Ann Lee"."""
    where = _("no table") if table is None else _("table {n}").format(n=table)
    if opponent is None:
        return _("round {round}: {where}, a bye").format(round=round_, where=where)
    held = state.players.get(opponent)
    name = f"{opponent} {held.name}" if held is not None else opponent
    return _("round {round}: {where}, opponent {opponent}").format(
        round=round_, where=where, opponent=name
    )


def witness_line(witness: WitnessNote) -> str:
    """One witness note: who wrote it, when, and what."""
    line = _("witness {judge} ({at}): {note}").format(
        judge=witness.judge, at=witness.at, note=" ".join(witness.note.split())
    )
    context = context_line(witness)
    return f"{line}  [{context}]" if context else line
