"""Rosters shaped like the exports of the organisers' own tools, under ``tests/data/``.

- `MELEE`: a Melee standings export (its header as Melee writes it: ``User ID,User Event
  Status ID,Rank,Player,…``; numeric user ids, a deck name with a comma, quoted).
- `EVENTLINK`: an EventLink player list with the names in two columns (``First Name``,
  ``Last Name``), the Wizards account id in its own, and ``Display Name`` holding a
  ``#`` tag, which is no player id.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
MELEE = DATA / "melee_standings.csv"
EVENTLINK = DATA / "eventlink_players.csv"

MELEE_PLAYERS = {
    "9681": "Rubén Durán",
    "10422": "山田 太郎",
    "23017": "Mia Kato",
    "41108": "Ken Ito",
}
EVENTLINK_PLAYERS = {
    "a1b2c3d4e5f6g7h8i9j0k1l2m": "Ana Silva",
    "n3o4p5q6r7s8t9u0v1w2x3y4z": "Sato Yuki",
    "q9r8s7t6u5v4w3x2y1z0a9b8c": "Lee",
}
MELEE_OPTIONS = ("--id-column", "User ID", "--name-column", "Player")
"""The README's words for a Melee export."""
EVENTLINK_OPTIONS = (
    "--id-column",
    "Wizards Account ID",
    "--name-column",
    "First Name",
    "--name-column",
    "Last Name",
)
"""The README's words for an EventLink player list."""
