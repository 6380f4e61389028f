"""A party's cost does not grow with its history: the same SQL queries for a write, an undo,
a redo, the 204 poll, the board after a change, the edit page and the writer's answer to a page
write, whether the history holds
10 entries or 1,000 (« Annuler » and « Rétablir » are one indexed lookup each, the history is
read only when it is drawn, and then only its latest 100 entries)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services
from calculators.parties.models import Game, HistoryEntry
from calculators.parties.summaries import french, message
from calculators.parties.views import PHONE_COOKIE
from numsite import after
from tests.factories import by_seat, fresh, party, seat

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def pad_history(game: Game, entries: int) -> None:
    """Older writes up to ``entries`` in the history: renames, in effect or dropped (their
    ``do``/``undo`` data as a rename records it), as a long evening leaves them."""
    game = fresh(game)
    first = seat(game, 0)
    summary = message("rename", before=first.name, after=first.name)
    HistoryEntry.objects.bulk_create(
        HistoryEntry(
            game=game,
            version=version,
            action="rename",
            summary=french(summary),
            data={
                "player": first.pk,
                "before": first.name,
                "after": first.name,
                "summary": summary,
            },
            state=HistoryEntry.State.ACTIVE if version % 3 else HistoryEntry.State.DROPPED,
        )
        for version in range(game.version + 1, entries + 1)
    )
    Game.objects.filter(pk=game.pk).update(version=max(game.version, entries))


def count(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries.captured_queries)


def count_apart(call) -> tuple[int, int]:
    """The queries of ``call()``'s answer, and those of the work done once it is sent
    (numsite/after.py), which Django's test client runs before returning."""
    later = []
    run = after._run

    def metered(works):
        start = len(connection.queries_log)
        run(works)
        later.append(len(connection.queries_log) - start)

    after._run = metered
    try:
        total = count(call)
    finally:
        after._run = run
    return total - sum(later), sum(later)


def costs(client, game: Game, write, action: str, fields: dict[str, object]) -> dict[str, int]:
    """Queries of each step a table makes, on ``game`` as it is; ``action`` and ``fields``:
    the same write from the party's page, whose answer is the writer's new sheet."""
    game = fresh(game)
    # a phone that has written before (its own « Annuler » is looked for: one query)
    client.cookies[PHONE_COOKIE] = "a-phone-of-the-table-1"
    page = f"/parties/{game.edit_token}/"
    board = f"/parties/{game.read_token}/tableau/"
    before = game.version
    figures = {"write": count(write)}
    game = fresh(game)
    figures["poll 204"] = count(lambda: client.get(board, {"v": game.version}, headers=HTMX))
    figures["board after a change"] = count(lambda: client.get(board, {"v": before}, headers=HTMX))
    figures["edit page"] = count(lambda: client.get(page))
    figures["undo"] = count(lambda: services.undo(game))
    figures["redo"] = count(lambda: services.redo(game))
    figures["undo again"] = count(lambda: services.undo(game))
    written = fresh(game).version
    body = urlencode({**fields, "seen": written})
    figures["the writer's answer"], figures["after the writer's answer"] = count_apart(
        lambda: client.post(
            f"{page}{action}/",
            body,
            content_type="application/x-www-form-urlencoded",
            headers={**HTMX, "HX-Target": "sheet"},
        )
    )
    assert fresh(game).version == written + 1  # written
    return figures


def check_table(client) -> dict[int, dict[str, int]]:
    figures = {}
    for entries in (10, 1000):
        game = party("num_check", 4, claims={0: [("paire", "1R 1B")]})
        pad_history(game, entries)
        claimer = seat(game, 1).pk
        figures[entries] = costs(
            client,
            game,
            lambda g=game, p=claimer: check_writes.add_claim(g, p, "brelan", "2R 2B 2J"),
            "claim_add",
            {"player": claimer, "combo": "brelan", "cards": "2R 2B 2J"},
        )
    return figures


def draft_table(client) -> dict[int, dict[str, int]]:
    figures = {}
    for entries in (10, 1000):
        game = party("num_draft", 3, grids={0: ["1R", "2R"]})
        pad_history(game, entries)
        drafter = seat(game, 1).pk
        cells = ["3B", "4B", "5B", "", "", "", "", "", ""]
        figures[entries] = costs(
            client,
            game,
            lambda g=game, p=drafter, c=cells: draft_writes.set_grid(g, p, c),
            "grid_set",
            {"player": drafter, **{f"c{i}": c for i, c in enumerate(cells)}},
        )
    return figures


def num5_table(client) -> dict[int, dict[str, int]]:
    figures = {}
    for entries in (10, 1000):
        game = party("num5", 3, rounds=[["10R", "27", "0"]])
        pad_history(game, entries)
        cells = by_seat(game, ["3", "5", "7"])
        figures[entries] = costs(
            client,
            game,
            lambda g=game, c=cells: num5_writes.add_round(g, c),
            "round_add",
            {f"p{pk}": cell for pk, cell in cells.items()},
        )
    return figures


@pytest.mark.parametrize("table", [check_table, draft_table, num5_table])
def test_queries_do_not_grow_with_the_history(client, table):
    figures = table(client)
    assert figures[10] == figures[1000]


#: The SQL queries of a write and of an undo or redo, each in its transaction (BEGIN and
#: COMMIT counted): the lock, what the write reads once (the players, then the claims or the
#: rounds), its change, the undone entries dropped, the version, the history entry and the
#: tablée's stamp; NUM CHECK's also the game clock's entries in effect (its deck turns, the
#: table's « Terminer » and reopen), which the write frame asks the engine about before any
#: write (the clock ends the game: the players and the claims it reads are the write's own).
#: Lower them when a query goes; never raise them.
WRITE_QUERIES = {check_table: 11, draft_table: 9, num5_table: 10}
UNDO_QUERIES = 9


@pytest.mark.parametrize("table", [check_table, draft_table, num5_table])
def test_a_write_reads_what_it_needs_once(client, table):
    figures = table(client)[10]
    assert figures["write"] == WRITE_QUERIES[table]
    assert figures["undo"] == figures["redo"] == figures["undo again"] == UNDO_QUERIES


def test_the_204_poll_is_one_query_for_either_link(client):
    game = party("num_check", 3)
    for token in (game.edit_token, game.read_token):
        url = f"/parties/{token}/tableau/"
        assert count(lambda u=url: client.get(u, {"v": game.version}, headers=HTMX)) == 1


def test_next_redo_is_the_entry_undone_most_recently():
    game = party("num_check", 3)
    entries = [services.rename(game, seat(game, 0).pk, name) for name in ("Ada", "Bea", "Cy")]
    services.undo(game)
    services.undo(game)
    assert services.next_redo(game) == entries[1]
    services.redo(game)
    assert services.next_redo(game) == entries[2]
    assert services.next_undo(game) == entries[1]
    services.undo(game)
    assert services.next_redo(game) == entries[1]
    services.rename(game, seat(game, 0).pk, "Dan")  # any other write: nothing left to redo
    assert services.next_redo(game) is None


#: The SQL queries of the writer's answer to a page write made after an undo (the undone
#: entry dropped): the token, the write (in its transaction, as above), then the answer: NUM
#: CHECK's history-only entries (deck turns, invalid CHECKs) and the tablée. The players and the claims, grids or rounds are the ones the write read
#: under its lock (services.remember); the history is not listed (the answer's standings show
#: its own entry's line; the details, drawn for every phone once the answer is sent, list the
#: one the edit page read, carried forward by each write since: parties.board._written). Lower
#: them when a query goes; never raise them.
ANSWER_QUERIES = {check_table: 14, draft_table: 11, num5_table: 13}


@pytest.mark.parametrize("table", [check_table, draft_table, num5_table])
def test_the_writers_answer_reads_again_nothing_its_write_read(client, table):
    figures = table(client)[10]
    assert figures["the writer's answer"] == ANSWER_QUERIES[table]
    # once it is sent, the board for every phone: the game row read again as committed, the
    # board drawn from the scores the answer computed (its history lines this process never
    # drew read: here those of the undo and the entry it undid, made through the services),
    # and the row's stamp checked again before it is kept (nothing else: no player, claim,
    # grid or round)
    assert figures["after the writer's answer"] == 3
