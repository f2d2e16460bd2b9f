"""What the judge sees at 80 columns: the footer, refused keys, checkboxes, notifications,
and the questions that keep a stray key from losing work (issue 11, items 9 and 11)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input
from textual.widgets._toast import Toast

from judgetui.rules import Rules
from judgetui.station.dialogs.confirm import ConfirmModal
from judgetui.station.screens.classify import ClassifyScreen
from judgetui.station.screens.dashboard import DashboardScreen
from judgetui.station.widgets.footer import StationFooter
from tests.helpers.event import FIXED_NOW, FLOOR, HEAD
from tests.helpers.station import make_app, pilot_test, service_on, settle
from tests.helpers.ten_digit_event import ten_digit_event

NARROW = (80, 24)


def footer_line(app: object) -> str:
    """The footer's row as drawn on the terminal."""
    screen = app.screen  # type: ignore[attr-defined]
    footer = screen.query_one(StationFooter)
    y = footer.region.y
    strips = screen._compositor.render_strips()
    return strips[y].text


# -- 9: the footer at 80 columns --------------------------------------------------------


@pilot_test
async def test_footer_at_80_columns_keeps_back_help_and_the_palette(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("r")  # the review screen: many keys
        await settle(pilot)
        line = footer_line(app)
        assert "esc Back" in line and "? Help" in line and "palette" in line, line
        assert line.rstrip().endswith("palette"), line  # nothing runs under the palette key
        await pilot.press("escape", "n", *"emma", "enter", *"slow", "enter", "n", "y")
        screen = app.screen
        assert isinstance(screen, ClassifyScreen)
        while screen.step == "upgrades":
            await pilot.press("n")
        await settle(pilot)
        line = footer_line(app)
        assert "esc Back" in line and "? Help" in line and "palette" in line, line


# -- 9: refused keys say why -----------------------------------------------------------------


@pilot_test
async def test_floor_judge_pressing_head_judge_keys_is_told_why(
    tmp_path: Path, rules: Rules
) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), FLOOR, now=FIXED_NOW)
    async with app.run_test(size=NARROW, notifications=True) as pilot:
        await pilot.pause()
        for key, what in (("r", "review the queue"), ("d", "decide"), ("e", "manage the event")):
            app.clear_notifications()
            await pilot.press(key)
            assert isinstance(app.screen, DashboardScreen)
            messages = [n.message for n in app._notifications]
            assert any("Only the head judge may" in m and what in m for m in messages), messages


@pilot_test
async def test_decide_on_a_row_that_owes_nothing_says_why(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=NARROW, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DashboardScreen)
        await pilot.press("end", "d")
        assert app.screen is screen
        [note] = list(app._notifications)
        assert "No decision is owed for" in note.message and "0 points" in note.message


# -- 9: checkboxes and notifications ---------------------------------------------------------


@pilot_test
async def test_checkboxes_read_on_and_off_without_colour(tmp_path: Path, rules: Rules) -> None:
    from textual.widgets import Checkbox

    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")  # Taro Yamada owes a decision: the dialog has checkboxes
        await settle(pilot)
        boxes = list(app.screen.query(Checkbox))
        assert boxes
        for box in boxes:
            assert box._button.plain == ("[x]" if box.value else "[ ]")
        box = boxes[0]
        box.value = not box.value
        assert box._button.plain == ("[x]" if box.value else "[ ]")
        drawn = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "▐" not in drawn


@pilot_test
async def test_notifications_never_cover_a_dialogs_text(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=NARROW, notifications=True) as pilot:
        await pilot.pause()
        for opener in ("question_mark", "q"):
            await pilot.press(opener)
            await settle(pilot)
            modal = app.screen
            app.notify("Alex Reed gave Emma Kim a Notice", title="New in the queue")
            app.notify("Not permitted: something long enough to wrap", severity="error")
            await settle(pilot)
            await settle(pilot)
            drawn = modal._compositor.render_strips()
            assert "something long enough" in drawn[0].text  # the newest, on the top row
            seen = [t.region for t in modal.query(Toast) if t.parent and t.parent.display]
            assert len(seen) == 1
            text = modal.query_one(".dialog").content_region
            for region in seen:
                assert not region.overlaps(text), (region, text)
            app.clear_notifications()
            await pilot.press("escape")
            await settle(pilot)


# -- 11: a stray key does not lose work --------------------------------------------------------


@pilot_test
async def test_q_on_the_dashboard_asks_before_quitting(tmp_path: Path, rules: Rules) -> None:
    db = tmp_path / "event.json"
    ten_digit_event(db, rules)
    app = make_app(service_on(db, rules), HEAD, now=FIXED_NOW)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("enter")  # a stray enter after a stray q: still here
        assert isinstance(app.screen, DashboardScreen) and app.is_running
        await pilot.press("q", "y")
        await settle(pilot, lambda: not app.is_running or app._exit_renderables is not None)


@pilot_test
async def test_first_run_enter_on_an_empty_required_field_says_which(
    tmp_path: Path, rules: Rules
) -> None:
    from judgetui.station.screens.first_run import FirstRunScreen

    app = make_app(service_on(tmp_path / "none.json", rules), None, now=FIXED_NOW)
    async with app.run_test(size=NARROW, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FirstRunScreen)
        await pilot.press("enter")
        assert screen.query_one("#first-run-name", Input).has_focus
        assert [n.message for n in app._notifications] == ["The event needs a name."]
        app.clear_notifications()
        await pilot.press(*"Autumn Open", "enter", "enter")
        assert screen.query_one("#first-run-head", Input).has_focus
        assert [n.message for n in app._notifications] == ["Name the head judge."]


@pilot_test
async def test_first_run_escape_with_work_typed_asks_first(tmp_path: Path, rules: Rules) -> None:
    from judgetui.station.screens.first_run import FirstRunScreen

    app = make_app(service_on(tmp_path / "none.json", rules), None, now=FIXED_NOW)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press(*"Autumn Open", "escape")
        assert isinstance(app.screen, ConfirmModal)
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, FirstRunScreen)
        assert screen.query_one("#first-run-name", Input).value == "Autumn Open"
    assert not (tmp_path / "none.json").exists()


@pilot_test
async def test_first_run_escape_with_nothing_typed_quits(tmp_path: Path, rules: Rules) -> None:
    app = make_app(service_on(tmp_path / "none.json", rules), None, now=FIXED_NOW)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot, lambda: not app.is_running or app._exit_renderables is not None)
