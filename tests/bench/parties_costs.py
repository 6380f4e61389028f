"""What a table waits for, measured in a fresh interpreter: a write, the first phone's board
after it, and the 204 poll, for three big tables (a 10-player NUM CHECK game, a 7-player
NUM DRAFT table, an 8-player Num 5 game at 16 rounds whose write is the 17th).

``measure(rounds)`` returns, on a private in-memory SQLite database (migrated here), the floor
(``/healthz``, a minimal view with one ``SELECT 1``) and for each table:

Every figure is CPU time of the measuring thread (:data:`clock`), in milliseconds.

- ``write_ms``: the median in-process cost of the game's write through the services (the
  write frame, the engines' validation, the history entry), and ``write_queries``, its SQL
  query count; each sample's write is undone afterwards, untimed, so the history grows;
- ``board_ms``: the first phone's board after a change (``tableau/?v=<previous version>``,
  nothing cached for the new version yet), measured by Django's test client;
- ``poll_ms``: the 204 poll while nothing changed, and ``poll_queries``.

Run in a fresh interpreter for the reason given in tests/bench/pages.py (pytest's process adds
about a millisecond to every request); tests/bench/test_bench_parties.py prints the figures
next to their goals. ``python -c "from tests.bench.parties_costs import measure; print(measure(20))"``.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

HTMX = {"HX-Request": "true"}

#: This thread's CPU time, not the wall clock: on a machine shared with other jobs a wall-clock
#: sample includes the time the process waited for a core (several times the work itself when
#: the machine is busy); CPU time is what the work costs, and what a busier server would pay.
clock = time.thread_time


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


def _tables() -> dict[str, tuple[Any, Callable[[], Any]]]:
    """The three tables and, for each, its write (a callable that writes once)."""
    from calculators.engines.cards import DRAFT_DECK_LARGE
    from calculators.games.num5.party import writes as num5_writes
    from calculators.games.num_check.party import writes as check_writes
    from calculators.games.num_draft.party import writes as draft_writes
    from tests.conftest import EIGHT_CLAIMS
    from tests.factories import by_seat, party, seat

    check = party(
        "num_check",
        [f"Joueur {i}" for i in range(10)],
        claims=dict.fromkeys(range(10), EIGHT_CLAIMS[:6]),
    )
    claimer = seat(check, 3).pk

    deck = [str(c) for c in DRAFT_DECK_LARGE.numeric_cards()]
    random.Random(7).shuffle(deck)
    draft = party(
        "num_draft",
        7,
        values="0-16",
        grids={k: deck[k * 9 : k * 9 + 9] for k in range(7)},
    )
    drafter = seat(draft, 0).pk
    spare = deck[63:65]  # two cards nobody holds: the write puts one in a corner

    # 16 rounds, each won by one player in turn: everybody at 2 wins; the write is the 17th.
    num5 = party(
        "num5", 8, rounds=[["20" if i == r % 8 else "3" for i in range(8)] for r in range(16)]
    )
    closing = by_seat(num5, ["3"] * 7 + ["20"])

    flip = iter(range(10**9))

    def draft_write() -> Any:
        cells = deck[:9]
        cells[0] = spare[next(flip) % 2]
        return draft_writes.set_grid(draft, drafter, cells)

    return {
        "NUM CHECK, 10 players, 60 claims (a 7th claim)": (
            check,
            lambda: check_writes.add_claim(check, claimer, *EIGHT_CLAIMS[6]),
        ),
        "NUM DRAFT, 7 players (a grid)": (draft, draft_write),
        "Num 5, 8 players, 16 rounds (the 17th)": (
            num5,
            lambda: num5_writes.add_round(num5, closing),
        ),
    }


def measure(rounds: int) -> dict[str, Any]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numsite.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_databases, setup_test_environment

    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        database["TEST"]["NAME"] = ":memory:"  # private: never the suite's test database
    settings.RATELIMIT_ENABLED = False
    setup_test_environment()
    setup_databases(verbosity=0, interactive=False)
    from calculators.parties import services

    client = Client()
    client.get("/healthz")
    floor = []
    for _ in range(rounds * 3):
        start = clock()
        client.get("/healthz")
        floor.append((clock() - start) * 1000)
    figures: dict[str, Any] = {"floor_ms": _median(floor), "tables": {}}
    for name, (game, write) in _tables().items():
        board_url = f"/parties/{game.edit_token}/tableau/"
        writes, boards, polls = [], [], []
        for _ in range(rounds):
            game.refresh_from_db()
            before = game.version
            start = clock()
            write()
            writes.append((clock() - start) * 1000)
            start = clock()
            response = client.get(board_url, {"v": before}, headers=HTMX)
            boards.append((clock() - start) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{board_url}: {response.status_code}")
            game.refresh_from_db()
            start = clock()
            response = client.get(board_url, {"v": game.version}, headers=HTMX)
            polls.append((clock() - start) * 1000)
            if response.status_code != 204:
                raise SystemExit(f"{board_url}: {response.status_code}")
            services.undo(game)
        with CaptureQueriesContext(connection) as queries:
            write()
        game.refresh_from_db()
        with CaptureQueriesContext(connection) as poll_queries:
            client.get(board_url, {"v": game.version}, headers=HTMX)
        services.undo(game)
        figures["tables"][name] = {
            "write_ms": _median(writes),
            "write_queries": len(queries.captured_queries),
            "board_ms": _median(boards),
            "poll_ms": _median(polls),
            "poll_queries": len(poll_queries.captured_queries),
        }
    return figures


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20)))
