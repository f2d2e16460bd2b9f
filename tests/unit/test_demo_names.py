"""The demo's players have one name each, as a roster a judge picks from must."""

from __future__ import annotations

import random

import pytest

from judgetui.demo import _players


@pytest.mark.parametrize("count", [2, 48, 64, 2000, 5000])
def test_no_two_demo_players_share_a_name(count: int) -> None:
    names = [p.name for p in _players(random.Random(2026), count)]
    assert len(set(names)) == count


def test_a_repeated_name_gets_a_middle_initial_and_the_rest_stays() -> None:
    names = [p.name for p in _players(random.Random(2026), 64)]
    variants = [n for n in names if ". " in n]
    assert variants, "seed 2026 draws repeats among 64 players"
    for variant in variants:
        first, initial, last = variant.split(" ")
        assert f"{first} {last}" in names
        assert len(initial) == 2 and initial.endswith(".")
