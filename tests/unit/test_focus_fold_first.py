"""The focused fold takes the event's creation from the first entry only, as the full fold
does: a log that does not begin with it, or creates the event twice, is refused by both
(the focused fold leaves it to the full fold, which names the problem)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from judgetui.state.focus import fold_for
from tests.helpers.random_event import PLAYERS, event_fields, full_verdict, random_event


@pytest.mark.parametrize("seed", range(3))
def test_a_creation_anywhere_but_first_is_refused_by_both_folds(tmp_path: Path, seed: int) -> None:
    station = random_event(tmp_path / "event.json", seed, 30)
    entries = list(station.file.load().entries)
    rules = station.rules
    assert fold_for(rules, entries, PLAYERS[:1]) is not None
    created = entries[0]
    for at in range(1, len(entries) + 1):
        twice = [*entries[:at], copy.deepcopy(created), *entries[at:]]
        assert full_verdict(rules, twice) is not None
        assert fold_for(rules, twice, PLAYERS[:1]) is None
    for at in range(2, len(entries) + 1):  # the creation moved to place at - 1
        moved = [*entries[1:at], created, *entries[at:]]
        assert full_verdict(rules, moved) is not None
        assert fold_for(rules, moved, PLAYERS[:1]) is None


@pytest.mark.parametrize("seed", range(3))
def test_every_event_kind_after_the_creation_is_folded_as_the_full_fold_folds_it(
    tmp_path: Path, seed: int
) -> None:
    station = random_event(tmp_path / "event.json", seed, 30)
    entries = station.file.load().entries
    kinds = {e["kind"] for e in entries}
    assert {"players_imported", "round_set"} <= kinds
    for player in PLAYERS:
        focused = fold_for(station.rules, entries, [player])
        assert focused is not None
        assert event_fields(focused) == event_fields(station.fold_entries(entries))
