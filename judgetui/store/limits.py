"""The bounds of an incident's context, for the declarations in `judgetui.store.entries`
and for the faces that check a value before building an entry (no pydantic here)."""

TABLE_MIN, TABLE_MAX = 1, 10_000
GAME_MIN, GAME_MAX = 1, 9
EXTENSION_MIN, EXTENSION_MAX = 1, 60
