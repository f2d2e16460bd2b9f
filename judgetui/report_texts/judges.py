"""The judges' report (`judges_dict`, `judges_text`, ``judgetui report judges``): per judge
and per round, how many calls, how long they waited for the head judge and what the head
judge made of them; and each trainee's calls beside the head judge's, a mentor's review
sheet (issue 29 items 3 and 4).

A **call** is one record a judge made (one per player of an incident), in log order: not
an upgrade's replacement nor a correction's new record, which are the head judge's answer
to a call. Its **wait** runs from the record's time to the head judge's review (a confirm,
upgrade or dismissal; a correction or a void while it waited); a call still waiting, or
one issued at once, has none. Read-only and pure, as every hand-over here.
"""

from __future__ import annotations

from statistics import median_low
from typing import Any, Literal

from msgspec import Struct

from judgetui import text
from judgetui.i18n import _, ngettext
from judgetui.report_texts.common import _moment, clip, clock, log_head, wrapped
from judgetui.state import EventState, RecordState
from judgetui.state.queries import record_item

Outcome = Literal[
    "waiting", "confirmed", "upgraded", "downgraded", "corrected", "dismissed", "voided", "issued"
]
#: Every outcome, in the order the report counts them.
OUTCOMES: tuple[Outcome, ...] = (
    "confirmed", "upgraded", "downgraded", "corrected", "dismissed", "voided", "waiting", "issued",
)  # fmt: skip
#: The outcomes the table has a column for (the others are said under it).
COLUMNS: tuple[Outcome, ...] = ("confirmed", "upgraded", "dismissed")
#: The widest judge's name in the table, in cells (longer ones are cut with "…").
NAME_CELLS = 14


class Call(Struct, frozen=True):
    """One judge's record and what the head judge made of it."""

    record: RecordState
    judge: str
    """Who made the call: the trainee, for a trainee's call the head judge made their own."""
    outcome: Outcome
    answer: RecordState | None
    """The record that answers it: the upgrade's, the correction's, or the call itself when
    confirmed; None when dismissed, voided or still waiting."""
    waited: int | None
    """Seconds from the record to the head judge's review; None if there was none."""


def _seconds(start: str, end: str | None) -> int | None:
    began, ended = _moment(start), _moment(end) if end is not None else None
    if began is None or ended is None or (began.tzinfo is None) != (ended.tzinfo is None):
        return None
    return max(0, int((ended - began).total_seconds()))


def calls(state: EventState, round_: int | None = None) -> list[Call]:
    """Every call (in round ``round_`` only, when given), in log order."""
    answers = {r.supersedes: r for r in state.records.values() if r.supersedes is not None}
    answers.update({r.corrects: r for r in state.records.values() if r.corrects is not None})
    ranks = {key: p.rank for key, p in state.rules.penalties.items()}
    out: list[Call] = []
    for record in state.records.values():
        if record.supersedes is not None or record.corrects is not None:
            continue
        if round_ is not None and record.round != round_:
            continue
        answer = answers.get(record.id)
        outcome: Outcome
        end: str | None = record.reviewed_at
        if record.review_action in ("confirm", "upgrade", "dismiss"):
            outcome = {"confirm": "confirmed", "upgrade": "upgraded"}.get(
                record.review_action, "dismissed"
            )  # type: ignore[assignment]
            answer = record if record.review_action == "confirm" else answer
        elif answer is not None:  # put right by the head judge (`judgetui correct`)
            old, new = ranks.get(record.penalty, 0), ranks.get(answer.penalty, 0)
            same = (answer.infraction, answer.player) == (record.infraction, record.player)
            outcome = "upgraded" if new > old else "downgraded" if new < old else "corrected"
            outcome = "confirmed" if outcome == "corrected" and same else outcome
            end = answer.reviewed_at
        elif record.status == "voided":
            outcome = "dismissed" if record.voided_status == "pending" else "voided"
            end = record.voided_at if outcome == "dismissed" else None
        else:
            outcome = "waiting" if record_item(record) is not None else "issued"
            end = None
        judge = record.trainee or record.judge
        out.append(Call(record, judge, outcome, answer, _seconds(record.at, end)))
    return out


def _tally(found: list[Call]) -> dict[str, Any]:
    waits = [c.waited for c in found if c.waited is not None]
    return {
        "calls": len(found),
        "waited_median_s": median_low(waits) if waits else None,
        "waited_worst_s": max(waits) if waits else None,
        "outcomes": {o: sum(c.outcome == o for c in found) for o in OUTCOMES},
    }


def _rounds(found: list[Call]) -> list[int]:
    return sorted({c.record.round for c in found})


#: A trainee's call as a mentor reads it: the head judge's confirmation is agreement.
MENTOR: dict[str, str] = {"confirmed": "agreed"}


def _trainee_call(state: EventState, call: Call) -> dict[str, Any]:
    record, answer = call.record, call.answer
    return {
        "record": record.id,
        "round": record.round,
        "table": record.table,
        "player": record.player,
        "at": record.at,
        "infraction": record.infraction,
        "penalty": record.penalty,
        "note": record.note,
        "outcome": MENTOR.get(call.outcome, call.outcome),
        "head_judge": None
        if answer is None
        else {
            "record": answer.id,
            "judge": answer.reviewed_by or answer.judge,
            "infraction": answer.infraction,
            "penalty": answer.penalty,
        },
        "review_note": record.review_note
        or record.void_note
        or (answer.review_note if answer else ""),
        "waited_s": call.waited,
    }


def judges_dict(state: EventState, round_: int | None = None) -> dict[str, Any]:
    """``report judges --json``: each judge's calls per round and in all, and each
    trainee's calls beside the head judge's."""
    found = calls(state, round_)
    judges = []
    for judge in state.judges.values():
        theirs = [c for c in found if c.judge == judge.name]
        rounds = [
            {"round": n, **_tally([c for c in theirs if c.record.round == n])}
            for n in _rounds(theirs)
        ]
        judges.append(
            {"judge": judge.name, "role": judge.role, "rounds": rounds, "total": _tally(theirs)}
        )
    trainees = [
        {
            "judge": judge.name,
            "calls": [_trainee_call(state, c) for c in found if c.judge == judge.name],
        }
        for judge in state.judges.values()
        if judge.role == "trainee"
    ]
    return {"round": round_, "judges": judges, "trainees": trainees, "head": state.head}


# --------------------------------------------------------------------------- text


def outcome_name(outcome: str) -> str:
    """An outcome of a call in words, as the report says it."""
    names = {
        "confirmed": _("confirmed"),
        "agreed": _("agreed"),
        "upgraded": _("upgraded"),
        "downgraded": _("downgraded"),
        "corrected": _("corrected"),
        "dismissed": _("dismissed"),
        "voided": _("voided"),
        "waiting": _("still waiting"),
        "issued": _("issued at once"),
    }
    return names.get(outcome, outcome)


def _waited(seconds: int | None) -> str:
    if seconds is None:
        return "—"
    return _("under a minute") if seconds < 60 else text.waited(seconds)


def _table(state: EventState, tallies: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """The round's table (a row per judge with calls), and what the columns leave out."""
    heads = [_("Judge"), _("Calls"), _("Median"), _("Worst")]
    heads += [outcome_name(o).capitalize() for o in COLUMNS]
    rows = [
        [
            clip(name, NAME_CELLS),
            str(tally["calls"]),
            _waited(tally["waited_median_s"]),
            _waited(tally["waited_worst_s"]),
            *(str(tally["outcomes"][o]) for o in COLUMNS),
        ]
        for name, tally in tallies
    ]
    widths = [max(text.cell_width(row[i]) for row in [heads, *rows]) for i in range(len(heads))]

    def line(cells: list[str]) -> str:
        first = text.pad(cells[0], widths[0])
        rest = (
            " " * (w - text.cell_width(c)) + c for c, w in zip(cells[1:], widths[1:], strict=True)
        )
        return ("  " + first + "  " + "  ".join(rest)).rstrip()

    out = [line(heads), *map(line, rows)]
    for name, tally in tallies:
        others = [
            f"{tally['outcomes'][o]} {outcome_name(o)}"
            for o in OUTCOMES
            if o not in COLUMNS and o != "issued" and tally["outcomes"][o]
        ]
        if others:
            out.append("  " + _("{judge}: also {what}.").format(judge=name, what=", ".join(others)))
    return out


def _sheet(state: EventState, trainee: dict[str, Any]) -> list[str]:
    """One trainee's calls beside the head judge's: the mentor's review sheet."""
    rules = state.rules
    found = trainee["calls"]
    counts: dict[str, int] = {}
    for call in found:
        counts[call["outcome"]] = counts.get(call["outcome"], 0) + 1
    said = ", ".join(f"{n} {outcome_name(o)}" for o, n in counts.items())
    heading = ngettext("{name}: {n} call", "{name}: {n} calls", len(found)).format(
        name=trainee["judge"], n=len(found)
    )
    out = ["", "### " + heading + (f" ({said})" if said else "")]
    if not found:
        out.append(_("No calls yet."))
    for number, call in enumerate(found, 1):
        player = state.players.get(call["player"])
        where = _("Round {n}").format(n=call["round"])
        if call["table"] is not None:
            where += ", " + _("table {n}").format(n=call["table"])
        who = f"{player.name} ({call['player']})" if player else call["player"]
        out.append("")
        out.append(f"{number}. {where} · {clock(call['at'])} · {who}")
        out.append("   " + text.infraction_name(rules, call["infraction"]))
        out.append(
            "   "
            + _("Trainee's call: {penalty}").format(
                penalty=text.penalty_name(rules, call["penalty"])
            )
        )
        head = call["head_judge"]
        if head is None:
            verdict = outcome_name(call["outcome"]).capitalize()
        else:
            penalty = text.penalty_name(rules, head["penalty"])
            if head["infraction"] != call["infraction"]:
                penalty += f" ({text.infraction_name(rules, head['infraction'])})"
            verdict = _("{judge}'s call: {penalty} — {outcome}").format(
                judge=head["judge"], penalty=penalty, outcome=outcome_name(call["outcome"])
            )
        if call["waited_s"] is not None:
            verdict += " " + _("(waited {time})").format(time=_waited(call["waited_s"]))
        out.append("   " + verdict)
        if call["note"]:
            out.append("   " + _("Trainee's note: {note}").format(note=call["note"]))
        if call["review_note"]:
            out.append("   " + _("Head judge's note: {note}").format(note=call["review_note"]))
    return out


def judges_text(state: EventState, round_: int | None = None) -> str:
    """``report judges`` for a person, every line within 78 cells (`wrapped`)."""
    data = judges_dict(state, round_)
    lines = [
        "# " + _("Judges' calls: {event}").format(event=state.name),
        "",
        _(
            "Waited: from the record to the head judge's review (median, worst); the head "
            "judge's own records wait for no one."
        ),
    ]
    numbers = sorted({r["round"] for j in data["judges"] for r in j["rounds"]})
    if not numbers:
        lines += ["", _("No calls recorded.")]
    sections = [(n, _("Round {n}").format(n=n)) for n in numbers]
    if round_ is None and len(numbers) > 1:
        sections.append((None, _("All rounds")))
    for number, title in sections:
        tallies = []
        for judge in data["judges"]:
            if number is None:
                tallies.append((judge["judge"], judge["total"]))
            else:
                tallies += [(judge["judge"], r) for r in judge["rounds"] if r["round"] == number]
        lines += ["", "## " + title, "", *_table(state, [t for t in tallies if t[1]["calls"]])]
    if data["trainees"]:
        lines += ["", "## " + _("Trainees: their calls beside the head judge's")]
        for trainee in data["trainees"]:
            lines += _sheet(state, trainee)
    lines += ["", *log_head(state)]
    return "\n".join(wrapped(lines)) + "\n"
