"""« Parties »: shared, persistent score sheets for a real table — the core every game shares.

- :mod:`.models` — what players entered (never a score) and the history of every write;
- :mod:`.services` — the write frame: every write in one transaction that locks the game row
  first, records one history entry and bumps the version; undo/redo; the writes every game has;
- :mod:`.actions` — the action table: each kind of write's do, undo and summary;
- :mod:`.kinds` — what the core asks of a game (its board, JSON, CSV, forms, API routes): each
  game's hooks are in its folder, ``calculators/games/<game>/party/``;
- :mod:`.board` — the board, computed by the engines, and the CSV export;
- :mod:`.summaries` — the history in the reader's language;
- :mod:`.forms` — request data → service arguments; :mod:`.views` — the pages;
  :mod:`.api` — the Parties JSON API (docs/api.md), on the same services.
"""
