"""How a judge's search text meets a player: by id, by name and by the name's reading.

`fold` makes both sides comparable: case and width folded (NFKC: ``Ｍｉｏ`` is ``mio``,
half-width ``ﾔﾏﾀﾞ`` is ``ヤマダ``), spaces dropped (``taroya`` finds Taro Yamada), and
katakana read as hiragana (``ヤマダ`` finds ``やまだ``). `player_text` joins a player's
id, name and reading (furigana or romaji, from the roster) with a separator no folded
query holds, so a search never matches across two of them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

_SEPARATOR = "\x00"
#: Katakana ァ (U+30A1) … ヶ (U+30F6) → hiragana ぁ … ゖ; ー and ヽヾ stay as they are.
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def fold(value: str) -> str:
    """``value`` as searches compare it: NFKC, case-folded, no spaces, katakana as hiragana."""
    if not value.isascii():
        value = unicodedata.normalize("NFKC", value).translate(_KATAKANA_TO_HIRAGANA)
    return "".join(value.casefold().split()).replace(_SEPARATOR, "")


def player_text(player_id: str, name: str, reading: str | None = None) -> str:
    """A player's id, name and reading, folded, for ``fold(query) in player_text(...)``."""
    parts = [fold(player_id), fold(name)]
    if reading:
        parts.append(fold(reading))
    return _SEPARATOR.join(parts)


def find_players(index: Iterable[tuple[str, str]], query: str) -> list[str]:
    """The ids in ``index`` (id, `player_text`) that ``query`` finds, those whose id starts
    with it first, then by id: the classification's search, and the opponent box."""
    folded = fold(query)
    if not folded:
        return []
    found = [pid for pid, key in index if folded in key]
    found.sort(key=lambda pid: (not fold(pid).startswith(folded), pid))
    return found


def one_player(index: Iterable[tuple[str, str]], query: str) -> list[str]:
    """Who ``query`` names: the player whose id it is (case and width folded), else every
    player it finds (`find_players`). One id: that player; more: the judge must say which."""
    found = find_players(index, query)
    folded = fold(query)
    exact = [pid for pid in found if fold(pid) == folded]
    return exact if len(exact) == 1 else found
