"""« Parties »: shared, persistent score sheets for a real table.

- :mod:`.models` — what players entered (never a score) and the history of every write;
- :mod:`.services` — the one service layer: every write in one transaction that locks the game
  row first, records one history entry and bumps the version; undo/redo; the board, computed by
  the engines;
- :mod:`.forms` — request data → service arguments; :mod:`.views` — the pages;
  :mod:`.api` — the Parties JSON API (API.md § Parties), on the same services.
"""
