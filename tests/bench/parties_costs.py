"""What a table waits for, measured in a fresh interpreter: a write and the writer's answer,
the first phone's board after it, and the 204 poll, for three big tables (a 10-player NUM CHECK
game, a 7-player NUM DRAFT table, an 8-player Num 5 game at 16 rounds whose write is the 17th).

``measure(rounds)`` returns, on a private in-memory SQLite database (migrated here), the floor
(``/healthz``, a minimal view with one ``SELECT 1``) and for each table the medians below.
Every figure is CPU time of the measuring thread (:data:`clock`), in milliseconds. Each
sample's writes are undone afterwards, untimed (the page write from the page, as a table
does), so the history grows; each write carries
cards or points of its own, so no part of the board is drawn already for it.

- ``answer_ms``: the writer's answer to the write made from the party's page (htmx: the new
  sheet with the new standings, the details left as the phone shows them), until it is handed
  to the server, and ``answer_queries``; ``answer_after_ms``: what the server does once it has
  sent it (numsite/after.py: the board drawn for every phone, in the writer's language and any
  other a phone reads, and kept in the cache), still the worker's CPU but no longer the
  writer's wait, and ``answer_after_queries``; ``answer_bytes``: the answer's size (never
  compressed: it holds the party's tokens);
- ``api_ms``, ``api_queries``, ``api_after_ms``, ``api_after_queries``: the same for the same
  write through the JSON API (its answer: the whole party, its history included; after it,
  the board drawn for the phones);
- ``board_ms``: the first phone's board after that page write, on the *other* link (the read
  link: ``tableau/?v=<previous version>``, sent gzipped as to a phone); ``board_api_ms``: the
  same after the API write;
- ``write_ms``: the write alone, through the services (the write frame, the engines'
  validation, the history entry), and ``write_queries``;
- ``board_cold_ms``: the first phone's board after such a write, which is outside any request
  and so leaves no board drawn (as after a restart with an emptied cache): the board drawn
  with nothing of the new version cached;
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
from functools import partial
from itertools import count
from typing import Any, TypedDict

#: This thread's CPU time, not the wall clock: on a machine shared with other jobs a wall-clock
#: sample includes the time the process waited for a core (several times the work itself when
#: the machine is busy); CPU time is what the work costs, and what a busier server would pay.
clock = time.thread_time


class Later(TypedDict):
    """What is done once the answers are sent (numsite/after.py), summed: its time and queries."""

    ms: float
    queries: int


def _median(samples: list[float]) -> float:
    return statistics.median(samples)


#: a phone's poll: htmx, and compressed answers accepted (the board is sent gzipped)
POLL = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate, br"}
#: a page write from the party's entry: htmx, the sheet swapped with the answer
PAGE_WRITE = {"HX-Request": "true", "HX-Target": "sheet"}


class Table:
    """A big table: its party, its write through the services (:meth:`write`), the same write
    from the party's page (:meth:`page_write`: the action and the form's fields) and through
    the JSON API (:meth:`api_write`: the method, the path after the party's and the body)."""

    def __init__(
        self,
        game: Any,
        write: Callable[[], Any],
        action: str,
        fields: Callable[[], dict[str, object]],
        api: tuple[str, str, Callable[[], dict[str, object]]],
    ) -> None:
        self.game, self.write, self.action, self.fields, self.api = (
            game,
            write,
            action,
            fields,
            api,
        )

    def api_write(self, client: Any) -> Any:
        method, path, body = self.api
        return client.generic(
            method,
            f"/api/v1/parties/{self.game.edit_token}/{path}",
            json.dumps(body()),
            content_type="application/json",
        )

    def page_write(self, client: Any, action: str = "") -> Any:
        """The write (or ``action``, without fields: « Annuler ») from the party's page, seen
        at the version of :attr:`game` (the caller reads it again first: that read is the
        bench's, not the answer's, so it is neither timed nor counted)."""
        from urllib.parse import urlencode

        body = {**(self.fields() if not action else {}), "seen": self.game.version}
        return client.post(
            f"/parties/{self.game.edit_token}/{action or self.action}/",
            urlencode(body),
            content_type="application/x-www-form-urlencoded",
            headers=PAGE_WRITE,
        )


def _tables() -> dict[str, Table]:
    """The three tables."""
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
    claimers = list(check.players.order_by("seat").values_list("pk", "name"))
    combo = EIGHT_CLAIMS[6][0]  # a cosmic pair, of any value: « 9A 9S »

    deck = [str(c) for c in DRAFT_DECK_LARGE.numeric_cards()]
    random.Random(7).shuffle(deck)
    draft = party(
        "num_draft",
        7,
        values="0-16",
        grids={k: deck[k * 9 : k * 9 + 9] for k in range(7)},
    )
    drafter = seat(draft, 0).pk
    own = deck[:9]  # the drafter's grid; each write lays it out in another order

    # 16 rounds, each won by one player in turn: everybody at 2 wins; the write is the 17th.
    num5 = party(
        "num5", 8, rounds=[["20" if i == r % 8 else "3" for i in range(8)] for r in range(16)]
    )
    seats = list(by_seat(num5, ["0"] * 8))

    # every write carries other cards or points than the ones before it, as at a table: a
    # fragment of the board drawn for an earlier write is never the new one's
    samples = count(1)

    def claim() -> tuple[int, str, str]:
        """A 7th claim, each time another (player, cards): never scored before."""
        n = next(samples)
        pk, name = claimers[n % len(claimers)]
        value = (n // len(claimers) + n) % 17
        return pk, name, f"{value}A {value}S"

    def services_claim() -> Any:
        pk, _, cards = claim()
        return check_writes.add_claim(check, pk, combo, cards)

    def page_claim() -> dict[str, object]:
        pk, _, cards = claim()
        return {"player": pk, "combo": combo, "cards": cards}

    def api_claim() -> dict[str, object]:
        _, name, cards = claim()
        return {"player": name, "combo": combo, "cards": cards.split()}

    def grid() -> list[str]:
        return random.Random(next(samples)).sample(own, len(own))

    def closing() -> dict[int, str]:
        n = next(samples)
        # the last player wins with 20, the others score under it (0–16), each time other points
        return {pk: ("20" if i == 7 else str(n % 17)) for i, pk in enumerate(seats)}

    def api_round() -> dict[str, object]:
        names = dict(num5.players.values_list("pk", "name"))
        return {
            "entries": {
                names[pk]: {"plus": int(cell), "minus": 0} for pk, cell in closing().items()
            }
        }

    return {
        "NUM CHECK, 10 players, 60 claims (a 7th claim)": Table(
            check,
            services_claim,
            "claim_add",
            page_claim,
            ("POST", "claims", api_claim),
        ),
        "NUM DRAFT, 7 players (a grid)": Table(
            draft,
            lambda: draft_writes.set_grid(draft, drafter, grid()),
            "grid_set",
            lambda: {"player": drafter, **{f"c{i}": c for i, c in enumerate(grid())}},
            ("PUT", "grids/0", lambda: {"cells": grid()}),
        ),
        "Num 5, 8 players, 16 rounds (the 17th)": Table(
            num5,
            lambda: num5_writes.add_round(num5, closing()),
            "round_add",
            lambda: {f"p{pk}": cell for pk, cell in closing().items()},
            ("POST", "rounds", api_round),
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
    from numsite import after

    # what is done once an answer is sent (numsite/after.py) is metered apart: in a server it
    # runs after the writer has the answer; Django's test client runs it before returning
    later = Later(ms=0.0, queries=0)
    run_later = after._run

    def metered(works: Any) -> None:
        start, queries = clock(), len(connection.queries_log)
        run_later(works)
        later["ms"] += (clock() - start) * 1000
        later["queries"] += len(connection.queries_log) - queries

    after._run = metered

    client = Client()
    client.get("/healthz")
    floor = []
    for _ in range(rounds * 3):
        start = clock()
        client.get("/healthz")
        floor.append((clock() - start) * 1000)
    figures: dict[str, Any] = {"floor_ms": _median(floor), "tables": {}}

    def timed(
        call: Callable[[], Any],
        samples: list[float],
        status: int | None,
        afters: list[float] | None = None,
    ) -> Any:
        """``call()`` timed until its answer is handed to the server, what is done after it
        into ``afters``; its answer must have ``status`` (``None``: a write's 200 or 201, or no
        HTTP answer at all: a call of the services)."""
        start, before = clock(), later["ms"]
        response = call()
        spent = (clock() - start) * 1000 - (later["ms"] - before)
        samples.append(spent)
        if afters is not None:
            afters.append(later["ms"] - before)
        code = getattr(response, "status_code", None)
        if code is not None and (code != status if status else code not in (200, 201)):
            raise SystemExit(f"{response.status_code}: {response.content[:2000]!r}")
        return response

    for name, table in _tables().items():
        game = table.game
        edit_board = f"/parties/{game.edit_token}/tableau/"
        read_board = f"/parties/{game.read_token}/tableau/"
        writes: list[float] = []
        cold: list[float] = []
        answers: list[float] = []
        boards: list[float] = []
        polls: list[float] = []
        apis: list[float] = []
        answers_after: list[float] = []
        apis_after: list[float] = []
        api_boards: list[float] = []
        for _ in range(rounds):
            # a write that draws nothing (the API's, or the services'), then the first phone
            game.refresh_from_db()
            before = game.version
            timed(table.write, writes, None)
            timed(partial(client.get, read_board, {"v": before}, headers=POLL), cold, 200)
            services.undo(game)
            # the same write from the party's page, then the first phone on the other link
            game.refresh_from_db()
            before = game.version
            timed(partial(table.page_write, client), answers, 200, answers_after)
            timed(partial(client.get, read_board, {"v": before}, headers=POLL), boards, 200)
            game.refresh_from_db()
            timed(partial(client.get, edit_board, {"v": game.version}, headers=POLL), polls, 204)
            table.page_write(client, "undo")  # as a table undoes: from the page
            # the same write through the JSON API: its answer is the whole party; then the
            # first phone on the read link
            game.refresh_from_db()
            before = game.version
            timed(partial(table.api_write, client), apis, None, apis_after)
            timed(partial(client.get, read_board, {"v": before}, headers=POLL), api_boards, 200)
            services.undo(game)
        with CaptureQueriesContext(connection) as queries:
            table.write()
        services.undo(game)

        def counted(call: Callable[[], Any]) -> tuple[int, int]:
            """The queries of ``call()``'s answer, and of what is done after it."""
            queries = later["queries"]
            with CaptureQueriesContext(connection) as captured:
                call()
            after_queries = later["queries"] - queries
            return len(captured.captured_queries) - after_queries, after_queries

        game.refresh_from_db()
        answer_queries = counted(partial(table.page_write, client))
        game.refresh_from_db()
        table.page_write(client, "undo")
        game.refresh_from_db()
        answer_bytes = len(table.page_write(client).content)
        game.refresh_from_db()
        with CaptureQueriesContext(connection) as poll_queries:
            client.get(edit_board, {"v": game.version}, headers=POLL)
        services.undo(game)
        api_queries = counted(partial(table.api_write, client))
        services.undo(game)
        figures["tables"][name] = {
            "write_ms": _median(writes),
            "write_queries": len(queries.captured_queries),
            "answer_ms": _median(answers),
            "answer_queries": answer_queries[0],
            "answer_bytes": answer_bytes,
            "answer_after_ms": _median(answers_after),
            "answer_after_queries": answer_queries[1],
            "api_ms": _median(apis),
            "api_queries": api_queries[0],
            "api_after_ms": _median(apis_after),
            "api_after_queries": api_queries[1],
            "board_ms": _median(boards),
            "board_api_ms": _median(api_boards),
            "board_cold_ms": _median(cold),
            "poll_ms": _median(polls),
            "poll_queries": len(poll_queries.captured_queries),
        }
    return figures


if __name__ == "__main__":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 20)))
