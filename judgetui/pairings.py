"""A round's pairings as the pairings software exports them: the file of `pairings import`
and of the Event screen (the same reader, so both accept and refuse the same files).

Read as a roster is (`judgetui.roster`: the same encodings, delimiters, strict quoting,
size bound, and `judgetui.input_file`, which never blocks on a FIFO). The columns
``table``, ``player`` and ``opponent`` are required (other names with
``--table-column``, ``--player-column``, ``--opponent-column``); the ids are the
roster's. An empty opponent is a bye (its table may be empty too). A pairing may be
listed from both sides (``5,A,B`` and ``5,B,A``, as per-player exports do); any other
second mention of a player, or a second match at one table, is refused with its line.
A cell holding a control or format character is refused (`judgetui.safe_text`), in any
column. All or nothing: a refused file imports nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from judgetui.i18n import _, ngettext
from judgetui.input_file import ROSTER_MAX_BYTES, InputFileError, read_input_file
from judgetui.models import Pairing, Refused, made
from judgetui.roster import MAX_PLAYERS, _bad_quoting, data_rows, decode, sniff_delimiter
from judgetui.safe_text import first_control
from judgetui.store.limits import TABLE_MAX, TABLE_MIN

if TYPE_CHECKING:
    from judgetui.service.pairings import Match, PairingsChange

COLUMNS = ("table", "player", "opponent")


class PairingsError(ValueError):
    """Pairings that cannot be read: one line naming the file (and the line)."""


@dataclass(frozen=True)
class PairingsFile:
    pairings: list[Pairing]
    encoding: str
    ignored: tuple[str, ...]

    def summary(self, path: str, round_: int) -> str:
        """``read pairings.csv as UTF-8: 32 pairings for round 3``."""
        n = len(self.pairings)
        return ngettext(
            "read {file} as {encoding}: {n} pairing for round {round}",
            "read {file} as {encoding}: {n} pairings for round {round}",
            n,
        ).format(file=Path(path).name, encoding=self.encoding, n=n, round=round_)

    def ignored_line(self) -> str | None:
        if not self.ignored:
            return None
        return _("ignored columns: {columns}").format(columns=", ".join(self.ignored))


def read_pairings(
    path: str,
    encoding: str | None = None,
    columns: dict[str, str] | None = None,
) -> PairingsFile:
    """The pairings in the file at ``path``; ``columns`` renames the required columns
    (``{"table": "Table #"}``). `PairingsError` names the first problem."""
    from judgetui.roster import RosterError

    names = {c: (columns or {}).get(c) or c for c in COLUMNS}
    for name in names.values():
        if first_control(name) is not None:
            raise PairingsError(_("a column name may not hold a control or format character"))
    try:
        raw = read_input_file(path, ROSTER_MAX_BYTES, _("a pairings file"))
        text, used = decode(raw, path, encoding)
    except (InputFileError, RosterError) as exc:
        raise PairingsError(str(exc)) from None
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sniff_delimiter(text), strict=True)
    try:
        cells = next(reader)
    except StopIteration:
        raise PairingsError(_("{path}: empty file").format(path=path)) from None
    except csv.Error as exc:
        raise PairingsError(_bad_quoting(path, 1, exc)) from None
    _refuse_controls(path, 1, cells)
    header = [h.strip().casefold() for h in cells]
    kept: dict[str, int] = {}
    for column, name in names.items():
        wanted = name.strip().casefold()
        if header.count(wanted) != 1:
            raise PairingsError(
                _("{path}: line 1: the header needs the column {column} once").format(
                    path=path, column=name
                )
            )
        kept[column] = header.index(wanted)
    ignored = tuple(
        cells[i].strip() or _("(column {n}, no name)").format(n=i + 1)
        for i in range(len(header))
        if i not in kept.values()
    )
    pairings: list[Pairing] = []
    seat: dict[str, tuple[int | None, str | None, int, bool]] = {}
    """Each player named so far: (table, opponent, line, named in the player column)."""
    tables: dict[int, int] = {}
    for line, row in data_rows(reader, path, len(header), PairingsError):
        _refuse_controls(path, line, row)
        table_cell, player, opponent = (row[kept[c]].strip() for c in COLUMNS)
        table = _table(path, line, table_cell, bye=not opponent)
        try:
            fields = {"table": table, "player": player, "opponent": opponent or None}
            pairing = made(Pairing, fields)
        except Refused as exc:
            where = exc.where.split(".")[0]
            field = names.get(where, "row")
            raise PairingsError(
                _("{path}: line {line}: {field}: not a player id: {value!r}").format(
                    path=path, line=line, field=field, value=fields.get(where)
                )
            ) from None
        if pairing.player == pairing.opponent:
            raise PairingsError(
                _("{path}: line {line}: player {id} paired against themselves").format(
                    path=path, line=line, id=pairing.player
                )
            )
        if _mirrors(seat, table, pairing):
            # the same match listed from the other side: seen now from both
            seat[pairing.player] = (*seat[pairing.player][:3], True)
            continue
        for pid in (pairing.player, pairing.opponent):
            if pid is not None and pid in seat:
                raise PairingsError(
                    _("{path}: line {line}: player {id} is already paired on line {first}").format(
                        path=path, line=line, id=pid, first=seat[pid][2]
                    )
                )
        if table is not None:
            if table in tables:
                raise PairingsError(
                    _(
                        "{path}: line {line}: table {table} already has a match (line {first})"
                    ).format(path=path, line=line, table=table, first=tables[table])
                )
            tables[table] = line
        seat[pairing.player] = (table, pairing.opponent, line, True)
        if pairing.opponent is not None:
            seat[pairing.opponent] = (table, pairing.player, line, False)
        if len(pairings) == MAX_PLAYERS:
            raise PairingsError(
                _("{path}: line {line}: more than {n} pairings").format(
                    path=path, line=line, n=f"{MAX_PLAYERS:,}"
                )
            )
        pairings.append(pairing)
    if not pairings:
        raise PairingsError(_("{path}: no pairings").format(path=path))
    return PairingsFile(pairings, used, ignored)


def _mirrors(
    seat: dict[str, tuple[int | None, str | None, int, bool]],
    table: int | None,
    pairing: Pairing,
) -> bool:
    """Whether ``pairing`` is a match already read, listed now from its opponent's side:
    the player was that line's opponent (and not yet listed as a player), at the table."""
    if pairing.opponent is None:
        return False
    mine, theirs = seat.get(pairing.player), seat.get(pairing.opponent)
    return (
        mine is not None
        and theirs is not None
        and mine == (table, pairing.opponent, theirs[2], False)
        and theirs[:2] == (table, pairing.player)
    )


def _refuse_controls(path: str, line: int, cells: list[str]) -> None:
    for cell in cells:
        found = first_control(cell)
        if found is not None:
            raise PairingsError(
                _("{path}: line {line}: a control or format character (U+{code:04X})").format(
                    path=path, line=line, code=ord(found)
                )
            )


def _table(path: str, line: int, cell: str, *, bye: bool) -> int | None:
    """The table's number; empty only for a bye."""
    if not cell and bye:
        return None
    if not (cell.isascii() and cell.isdigit()) or not TABLE_MIN <= int(cell) <= TABLE_MAX:
        raise PairingsError(
            _("{path}: line {line}: table: a number from {low} to {high}, not {value!r}").format(
                path=path, line=line, low=TABLE_MIN, high=TABLE_MAX, value=cell[:24]
            )
        )
    return int(cell)


def _match(match: Match) -> str:
    where = _("table {n}").format(n=match.table) if match.table is not None else _("no table")
    if match.opponent is None:
        return _("{where}: {player} (bye)").format(where=where, player=match.player)
    return _("{where}: {player} – {opponent}").format(
        where=where, player=match.player, opponent=match.opponent
    )


def change_lines(change: PairingsChange) -> list[str]:
    """What a re-import changed, in words (none for a round's first pairings)."""
    if not change.replaced:
        return []
    lines = [
        _("round {round}: the earlier pairings are replaced").format(round=change.round)
        + " ("
        + _(", ").join(
            (
                ngettext("{n} player moved", "{n} players moved", len(change.moved)).format(
                    n=len(change.moved)
                ),
                ngettext("{n} new pairing", "{n} new pairings", len(change.new)).format(
                    n=len(change.new)
                ),
                ngettext("{n} pairing dropped", "{n} pairings dropped", len(change.dropped)).format(
                    n=len(change.dropped)
                ),
            )
        )
        + ")"
    ]
    for moved in change.moved:
        lines.append(
            "  "
            + _("{id} moved: {before} → {after}").format(
                id=moved.player, before=_table_name(moved.before), after=_table_name(moved.after)
            )
        )
    lines += ["  " + _("new pairing: {match}").format(match=_match(m)) for m in change.new]
    lines += ["  " + _("dropped pairing: {match}").format(match=_match(m)) for m in change.dropped]
    return lines


def _table_name(table: int | None) -> str:
    return _("no table") if table is None else _("table {n}").format(n=table)
