"""The App's side of service calls: their outcomes, an early one's frames held till its
write is on disk (`judgetui.station.frames.FrameHold`)."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual.app import App
from textual.screen import Screen

from judgetui import diagnostics, errors
from judgetui.station.frames import HOLD_AT_MOST, FrameHold
from judgetui.station.messages import ServiceCall, ServiceDone, ServiceEarly, ServiceFailed


class ServiceOutcomes(App[None]):
    """For `JudgeStation` to inherit. A call's early outcome (`ServiceEarly`) is drawn on
    its screen, when that is the one shown, and the frames wait in the hold until the
    call's `ServiceDone` writes them out, or its `ServiceFailed` (or `HOLD_AT_MOST`)
    drops them and takes the outcome back."""

    def __init__(self) -> None:
        super().__init__()
        self.frame_hold = FrameHold()

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        """Textual's, unless the frame is held till a write is on disk."""
        if renderable is None or not self.frame_hold.keep(screen, renderable):
            super()._display(screen, renderable)

    def on_service_early(self, message: ServiceEarly) -> None:
        call = message.call
        if call.on_early is None or call.screen is not self.screen:
            return  # drawn by its ServiceDone, as any outcome
        if self.frame_hold.hold(call):
            self.frame_hold.undo = call.on_early(message.result)
            self.set_timer(HOLD_AT_MOST, lambda: self._take_back(call))

    def on_service_done(self, message: ServiceDone) -> None:
        self._write_held(message.call)
        message.deliver(self)

    def on_service_failed(self, message: ServiceFailed) -> None:
        diagnostics.warning("station refused: %s", errors.describe(message.error))
        if message.call is not None:
            self._take_back(message.call)
        message.deliver(self)

    def _take_back(self, call: ServiceCall) -> None:
        """``call`` failed, or its write is slow: its frames are never written, its early
        outcome is taken back, and the screen is drawn again whole (the terminal shows
        an older frame than the widgets)."""
        undo = self.frame_hold.drop(call)
        if undo is not None:
            undo()
            self.screen.refresh()

    def _write_held(self, call: ServiceCall) -> None:
        """``call`` returned, its write on disk: the frames held for it are written."""
        for screen, update in self.frame_hold.release(call):
            super()._display(screen, update)
