"""The classification's upgrade questions: the list with the current one marked, the
answers given so far and what they make the penalty so far."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.text import Text

from judgetui import text
from judgetui.engine import Classification, questions
from judgetui.engine.questions import MINUTES
from judgetui.i18n import _
from judgetui.rules import Rules
from judgetui.station.widgets.format import outcome_text


def questions_text(
    rules: Rules,
    asked: Sequence[str],
    index: int,
    answers: Mapping[str, bool],
    minutes: int | None,
    so_far: Classification,
) -> Text:
    """The questions ``asked`` (▶ at ``index``), each answered one with its answer, the
    answer keys for a yes/no, and the minimum and recommendation ``so_far``."""
    out = Text()
    for i, key in enumerate(asked):
        if i:
            out.append("\n")
        here = i == index
        out.append("▶ " if here else "  ", style="bold")
        out.append(text.question_text(rules, key), style="bold" if here else "")
        if key == MINUTES:
            answer = str(minutes) if minutes is not None else ""
        else:
            given = answers.get(key)
            answer = "" if given is None else _("yes") if given else _("no")
        if answer and not here:
            out.append(f"  {answer}", style="green")
    current = asked[index] if index < len(asked) else None
    if current is not None and current != MINUTES:
        out.append("\n\n")
        out.append(_("y  yes      n  no"), style="bold")
    out.append("\n\n")
    line = Text(_("So far:") + " ", style="dim")
    line.append(_("minimum") + " ", style="dim")
    line.append_text(outcome_text(rules, so_far.minimum))
    line.append(" · " + _("recommended") + " ", style="dim")
    line.append_text(outcome_text(rules, so_far.recommended))
    out.append_text(line)
    return out


def answer_hint(rules: Rules, infraction: str, which: str, given: bool | None) -> Text:
    """Under the intentional / disruptive question: the catalogue's usual answer for the
    infraction, and the judge's answer when given."""
    usual = questions.usual_answer(rules, infraction, which)
    hint = Text()
    if usual is not None:
        hint.append(
            _("Usually {answer} for {infraction} (the catalogue's default).").format(
                answer=_("yes") if usual else _("no"),
                infraction=text.infraction_name(rules, infraction),
            )
        )
    else:
        hint.append(_("Any answer fits this infraction: judge the case."))
    if given is not None:
        hint.append("\n")
        hint.append(
            _("Your answer: {answer}").format(answer=_("yes") if given else _("no")),
            style="bold",
        )
    return hint
