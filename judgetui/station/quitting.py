"""Every way out of the station asks first: ``q`` on the dashboard, ``ctrl+q`` anywhere and
the palette's Quit are one act (`ask_to_quit`), a question only ``y`` answers yes.

A stray ``ctrl+q`` at 2 a.m. must not lose an incident half classified or a note half
typed, and a judge should not have to remember which key asks and which does not: so it
always asks, and the question says what would be lost (`unsaved_work`). Pressed again
while the question is open, a quit key changes nothing.

The question (a `ConfirmModal`) is imported when first asked: no dialog is loaded before
the station's first frame (tests/station/test_first_frame_imports.py).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.app import App
from textual.screen import Screen
from textual.widgets import Input

from judgetui.i18n import _

QUESTION_CLASS = "quit-question"


@runtime_checkable
class HoldsWork(Protocol):
    """A screen that can tell what quitting now would lose."""

    def unsaved_work(self) -> str | None: ...


def typed_in(screen: Screen[Any]) -> bool:
    """Some text typed in one of ``screen``'s fields."""
    return any(field.value.strip() for field in screen.query(Input))


def unsaved_work(app: App[Any]) -> str | None:
    """What quitting now would lose, in the judge's words; None: nothing."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, HoldsWork):
            said = screen.unsaved_work()
            if said:
                return said
        elif screen.has_class("station-modal") and typed_in(screen):
            return _("What you typed in the open dialog is not saved.")
    return None


def ask_to_quit(app: App[Any]) -> None:
    """Ask, then quit on `y`; nothing when the question is already open."""
    from judgetui.station.dialogs.confirm import ConfirmModal

    if any(screen.has_class(QUESTION_CLASS) for screen in app.screen_stack):
        return
    question = _("Quit the station?")
    lost = unsaved_work(app)
    if lost:
        question += "\n\n" + lost + " " + _("Quitting loses it.")

    def answered(quit_now: bool | None) -> None:
        if quit_now:
            app.exit()

    modal = ConfirmModal(question, _("Quit"), _("Stay"), enter_says_yes=False)
    modal.add_class(QUESTION_CLASS)
    app.push_screen(modal, answered)
