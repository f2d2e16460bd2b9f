"""What every hand-over shares: the sanction groups, how a time is spelled, an indented note,
a record's penalty in words."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from judgetui import text
from judgetui.i18n import _
from judgetui.state import EventState, RecordState
from judgetui.state.shapes import UNOFFICIAL, PenaltyCounts

#: The sanctions a scorekeeper enters, as the round list groups them.
LOSSES = ("game_loss", "match_loss")
REMOVALS = ("ejection", "disqualification")
EXTENSION = "extension"


def extension_of(record: RecordState) -> int | None:
    """The time extension given at the incident's table: the record's, else the first a
    witness note gives (another judge who reported the same incident)."""
    if record.extension is not None:
        return record.extension
    return next((w.extension for w in record.witnesses if w.extension is not None), None)


def _moment(at: str) -> datetime | None:
    try:
        return datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return None


def when(at: str) -> str:
    """A log time in UTC and in the station's local time zone, both spelled out."""
    moment = _moment(at)
    if moment is None:
        return at
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    utc = moment.astimezone(UTC)
    local = moment.astimezone()
    return f"{utc:%Y-%m-%d %H:%M:%S} UTC ({local:%Y-%m-%d %H:%M:%S %Z})"


def clock(at: str) -> str:
    """A log time as the station's local clock (``14:30``)."""
    moment = _moment(at)
    return at if moment is None else f"{moment.astimezone():%H:%M}"


def local_time(at: str) -> str:
    """A log time as the station's local date and clock (``2026-11-28 14:30``)."""
    moment = _moment(at)
    return at if moment is None else f"{moment.astimezone():%Y-%m-%d %H:%M}"


def indent(value: str, prefix: str = "   ") -> list[str]:
    return [prefix + line for line in value.splitlines()] if value else []


def penalty_phrase(state: EventState, record: RecordState) -> str:
    """The record's warning, its sanction and when the sanction applies, in words."""
    name = text.penalty_name(state.rules, record.warning)
    if record.sanction is not None:
        name += " + " + text.penalty_name(state.rules, record.sanction)
        applies = text.applies_text(record.applies, record.sanction)
        if applies:
            name += f" ({applies})"
    return name


def official_kind(record: RecordState) -> bool:
    """Not a bare Notice or Caution (a Notice that carries a game loss keeps its loss on the
    record), whatever its status."""
    return record.warning not in UNOFFICIAL or record.sanction is not None


def log_head(state: EventState, template: str | None = None) -> list[str]:
    """The log's head hash in ``template`` (``{head}`` in a translated line), the hash
    whole (it is meant to be copied, for `judgetui verify --head`) and on a line of its own
    under the words when the two do not fit one line."""
    template = _("Log head: {head}") if template is None else template
    line = template.format(head=state.head)
    if text.cell_width(line) <= WIDTH:
        return [line]
    return [*wrap(template.format(head="").rstrip()), state.head]


#: The widest line a report prints, in terminal cells: it fits an 80-column terminal, an
#: e-mail and a form's text box.
WIDTH = 78

#: Characters a line may not start with (Japanese line breaking): they stay with the
#: character before them.
_CLOSING = frozenset("、。，．・：；？！）」』】〕〉》…ー々")
#: Characters a line may not end with: the character after them stays with them (an
#: opening bracket; the zero-width joiner of an emoji sequence, which is one picture).
_OPENING = frozenset("(（[「『【〔〈《\u200d")


_JOINER = "\u200d"
_WORDS = re.compile(r"(\s*)(\S+)")


def _cells(value: str) -> int:
    return len(value) if value.isascii() else text.cell_width(value)


def _tokens(line: str) -> list[tuple[str, str]]:
    """``line`` as (space before, word) pairs: a word is a run of narrow characters, or one
    full-width character (a line may break between any two, as Japanese does) with the
    closing marks, zero-width characters and joined emoji that follow it (`_CLOSING`,
    `_OPENING`)."""
    out: list[tuple[str, str]] = []
    for found in _WORDS.finditer(line):
        space, run = found.groups()
        if run.isascii():
            out.append((space, run))
            continue
        word = ""
        wide = False
        for ch in run:
            width = 1 if ch.isascii() else text.cell_width(ch)
            joins = width == 0 or ch in _CLOSING or word[-1:] in _OPENING
            if word and not joins and (wide or width == 2):
                out.append((space, word))
                space, word = "", ""
            word += ch
            if not joins:
                wide = width == 2
        out.append((space, word))
    return out


def _fold(word: str, room: int) -> tuple[str, str]:
    """The longest beginning of ``word`` that fits ``room`` cells (at least a character),
    and the rest."""
    cells = 0
    for at, ch in enumerate(word):
        width = 1 if ch.isascii() else text.cell_width(ch)
        cells += width
        if cells > room and at > 0 and width and word[at - 1] != _JOINER:
            return word[:at], word[at:]
    return word, ""


def wrap(value: str, first: str = "", rest: str | None = None, width: int = WIDTH) -> list[str]:
    """``value`` in lines of at most ``width`` terminal cells (`judgetui.text.cell_width`: a
    full-width character counts 2), the first led by ``first``, the others by ``rest`` (a
    hanging indent; ``first``'s width in spaces when None). Spaces inside a line are kept
    (a table's columns stay aligned, a line's own indent too); a line breaks at a space,
    between full-width characters, or inside a word too long for a line of its own. Each
    of ``value``'s own lines starts a line."""
    if rest is None:
        rest = " " * text.cell_width(first)
    lines: list[str] = []
    for own in value.splitlines() or [""]:
        line, lead = first if not lines else rest, True
        if text.cell_width(line + own) <= width:  # most lines: one measure
            lines.append((line + own).rstrip())
            continue
        cells = _cells(line)
        for index, (space, word) in enumerate(_tokens(own)):
            gap = "" if lead and index else space
            size = _cells(word)
            if cells + _cells(gap) + size <= width:
                line, cells, lead = line + gap + word, cells + _cells(gap) + size, False
                continue
            if not lead:
                lines.append(line.rstrip())
                line, cells = rest, _cells(rest)
            while cells + size > width:
                head, word = _fold(word, width - cells)
                lines.append(line + head)
                line, cells, size = rest, _cells(rest), _cells(word)
            line, cells, lead = line + word, cells + size, False
        lines.append(line.rstrip())
    return lines


def wrapped(lines: list[str], width: int = WIDTH) -> list[str]:
    """Each of ``lines`` wrapped to ``width`` cells under its own indent (`wrap`), a
    list's "- " or "1. " marker included in the hanging indent (two spaces for a line
    that has neither)."""
    out: list[str] = []
    for line in lines:
        body = line.lstrip(" ")
        indent = line[: len(line) - len(body)]
        marker = ""
        for lead in ("- ", "* "):
            if body.startswith(lead):
                marker = lead
        head, dot, _tail = body.partition(". ")
        if dot and head.isdigit():
            marker = head + dot
        lead = indent + marker
        out += wrap(body[len(marker) :], lead, " " * text.cell_width(lead) or "  ", width)
    return out


def clip(value: str, cells: int) -> str:
    """``value`` in at most ``cells`` terminal cells, cut with "…" when longer."""
    if text.cell_width(value) <= cells:
        return value
    head, _rest = _fold(value, cells - 1)
    while head and text.cell_width(head) > cells - 1:
        head = head[:-1]
    return head + "…"


_EIGHTHS = " ▏▎▍▌▋▊▉"
_LEVELS = "▁▂▃▄▅▆▇█"


def bar(n: int, most: int, cells: int) -> str:
    """A bar of ``n`` against ``most`` in at most ``cells`` cells, to an eighth of a cell;
    a count above none shows at least its sliver."""
    if n <= 0 or most <= 0:
        return ""
    eighths = max(1, round(n * cells * 8 / most))
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def sparkline(values: list[int]) -> str:
    """One character per value, its height against the largest (``·`` for none)."""
    most = max(values, default=0)
    return "".join(
        "·" if v <= 0 else _LEVELS[max(0, min(7, -(-v * 8 // most) - 1))] for v in values
    )


def bar_chart(rows: list[tuple[str, int]], width: int = WIDTH) -> list[str]:
    """A text chart: a line per (label, count), the label (clipped to four ninths of the
    width), a bar scaled to the largest count (40 cells at most), the count; every line
    within ``width``."""
    if not rows:
        return []
    label_cells = min(max(text.cell_width(label) for label, _n in rows), width * 4 // 9)
    most = max(n for _label, n in rows)
    room = min(40, width - 2 - label_cells - 2 - 1 - len(str(most)))
    return [
        f"  {text.pad(clip(label, label_cells), label_cells)}  {bar(n, most, room)} {n}"
        for label, n in rows
    ]


def penalties_by_round(
    state: EventState, counts: PenaltyCounts | None = None
) -> list[tuple[int, int]]:
    """(round, penalties on the record) for every round from the first to the current one
    (or a later one a record is in), a round without a penalty too: a chart's shape is the
    event's (`judgetui.state.EventState.penalty_counts` counts)."""
    by_round = (counts or state.penalty_counts()).by_round()
    last = max(state.round, *by_round, 1)
    return [(number, by_round.get(number, 0)) for number in range(1, last + 1)]
