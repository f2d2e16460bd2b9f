"""Text that reaches a judge's terminal: names and notes are data, never terminal commands.

An ESC, BEL, NUL, DEL or C1 control character (U+0080–U+009F) in a player's name or a
note would drive the terminal of every judge who looks at it: retitle the pane, blank
the head judge's screen, move the cursor. An invisible *format* character does the same
to the reader instead of the terminal: a right-to-left override (U+202E) draws the rest
of a name or a note backwards, a zero-width space (U+200B) or a byte-order mark (U+FEFF)
makes two names that look the same two different players. So a "control
character" here is any of:

- C0 and C1 controls and DEL (``\\x00``–``\\x1f``, ``\\x7f``–``\\x9f``);
- every Unicode format character (category Cf: the bidi embeddings, overrides and
  isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E/U+200F, the zero-width
  characters U+200B–U+200D and U+2060–U+2064, U+FEFF, the soft hyphen, the tag
  characters, ...), the zero-width joiner of emoji sequences included: a name or a note
  is read at a glance, and a joiner no one sees is one more way to make two names differ;
- the line and paragraph separators U+2028/U+2029 (a line break no one typed).

Japanese text passes: kanji, kana, the ideographic space U+3000 and full-width forms are
letters and spaces, not format characters. Then:

- at the door (every name and note of an entry's declaration, in the one check of
  `judgetui.store.entries.made`; the rules file; the roster) every control character is
  refused: `refuse_controls` for names, `refuse_controls_in_note` for notes, which may also
  hold a newline;
- text already in a file (an older version, a hand edit) is spelled out where the
  event is folded: `visible` turns each control character into its escape (``\\x1b``,
  ``\\u202e``), which the judge can see and which drives nothing;
- the station drops any control character still left in what it draws
  (`judgetui.station.terminal.ControlCharacterFilter`), whatever its source.

Kept free of heavy imports: a record's start-up reads this module.
"""

from __future__ import annotations

import re
from typing import Any

from judgetui.i18n import _

FORMAT_RANGES = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U00013438\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
"""Unicode's format characters (category Cf, Unicode 14.0 as Python 3.11 has it), as a
regex class; written out, not computed at import (a record's start-up reads this
module). `tests/unit/test_text_is_data.py` holds it equal to `unicodedata`'s Cf."""
SEPARATORS = "\u2028\u2029"
"""The line and paragraph separators: line breaks that are not a newline."""
CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{FORMAT_RANGES}{SEPARATORS}]")
"""C0 controls, DEL, C1 controls, format characters and separators (see above)."""
CONTROL_BUT_NEWLINE = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{FORMAT_RANGES}{SEPARATORS}]")
"""The same without the newline, which a note may hold (a line break, from the command line)."""


def first_control(value: str, *, newline: bool = False) -> str | None:
    """The first control character of ``value`` (a newline allowed when ``newline``), if any."""
    found = (CONTROL_BUT_NEWLINE if newline else CONTROL).search(value)
    return None if found is None else found.group()


def _refuse(value: str, *, newline: bool) -> str:
    found = first_control(value, newline=newline)
    if found is None:
        return value
    if found <= "\x9f":
        raise ValueError(
            _("may not contain control characters (found U+{code:04X})").format(code=ord(found))
        )
    raise ValueError(
        _(
            "may not contain invisible format characters such as bidi overrides or "
            "zero-width spaces (found U+{code:04X})"
        ).format(code=ord(found))
    )


def refuse_controls(value: str) -> str:
    """``value`` unchanged, or ValueError when it holds a control character (a name)."""
    return _refuse(value, newline=False)


def refuse_controls_in_note(value: str) -> str:
    """``value`` unchanged, or ValueError for any control character but a newline (a note)."""
    return _refuse(value, newline=True)


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def visible(value: str, *, newline: bool = False) -> str:
    """``value`` with each control character (but a newline when ``newline``) spelled out.

    ESC becomes the four characters ``\\x1b``, a right-to-left override the six ``\\u202e``:
    seen by the judge, acted on by no terminal and hiding nothing.
    """
    pattern = CONTROL_BUT_NEWLINE if newline else CONTROL
    if pattern.search(value) is None:
        return value
    return pattern.sub(_escape, value)


def spelled_out(value: Any, problems: list[str] | None = None, where: str = "") -> Any:
    """``value`` (parsed data: a rules file's TOML) with every string, keys too, as
    `visible` spells it; with ``problems``, one line more for each string that needed it,
    naming its place (``penalties.notice.en: ...``). A text with none comes back equal."""
    if isinstance(value, dict):
        return {
            spelled_out(str(key), problems, f"{where}.{key}" if where else str(key)):
            spelled_out(item, problems, f"{where}.{key}" if where else str(key))
            for key, item in value.items()
        }  # fmt: skip
    if isinstance(value, list):
        return [spelled_out(item, problems, f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, str) and problems is not None and first_control(value) is not None:
        try:
            refuse_controls(value)
        except ValueError as exc:
            problems.append(f"{visible(where)}: {exc}")
    return visible(value) if isinstance(value, str) else value
