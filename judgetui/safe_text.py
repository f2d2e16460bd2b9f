"""Text that reaches a judge's terminal: names and notes are data, never terminal commands.

An ESC, BEL, NUL, DEL or C1 control character (U+0080–U+009F) in a player's name or a
note would drive the terminal of every judge who looks at it: retitle the pane, blank
the head judge's screen, move the cursor. So:

- at the door (the pydantic models, and the record payloads that skip them) every
  control character is refused: `refuse_controls` for names, `refuse_controls_in_note`
  for notes, which may also hold a newline;
- text already in a file (an older version, a hand edit) is spelled out where the
  event is folded: `visible` turns each control character into its escape (``\\x1b``),
  which the judge can see and which drives nothing;
- the station drops any control character still left in what it draws
  (`judgetui.station.terminal.ControlCharacterFilter`), whatever its source.

Kept free of heavy imports: the record hot path uses `first_control` without pydantic.
"""

from __future__ import annotations

import re

from judgetui.i18n import _

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
"""C0 controls, DEL and C1 controls: the characters a terminal acts on."""
CONTROL_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""The same without the newline, which a note may hold (a line break, from the command line)."""


def first_control(value: str, *, newline: bool = False) -> str | None:
    """The first control character of ``value`` (a newline allowed when ``newline``), if any."""
    found = (CONTROL_BUT_NEWLINE if newline else CONTROL).search(value)
    return None if found is None else found.group()


def _refuse(value: str, *, newline: bool) -> str:
    found = first_control(value, newline=newline)
    if found is not None:
        raise ValueError(
            _("may not contain control characters (found U+{code:04X})").format(code=ord(found))
        )
    return value


def refuse_controls(value: str) -> str:
    """``value`` unchanged, or ValueError when it holds a control character (a name)."""
    return _refuse(value, newline=False)


def refuse_controls_in_note(value: str) -> str:
    """``value`` unchanged, or ValueError for any control character but a newline (a note)."""
    return _refuse(value, newline=True)


def _escape(found: re.Match[str]) -> str:
    return f"\\x{ord(found.group()):02x}"


def visible(value: str, *, newline: bool = False) -> str:
    """``value`` with each control character (but a newline when ``newline``) spelled out.

    ESC becomes the four characters ``\\x1b``: seen by the judge, acted on by no terminal.
    """
    pattern = CONTROL_BUT_NEWLINE if newline else CONTROL
    if pattern.search(value) is None:
        return value
    return pattern.sub(_escape, value)
