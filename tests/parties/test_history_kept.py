"""The history a page shows, and the whole history every JSON API answer carries, are kept by
each process: their lines and summaries by entry, and the listing of a version carried forward
by each write under the lock (``parties.board._written``). What is served from them must be the
history read from the database with nothing kept, after every kind of change to it: a write,
an undo, a redo, a write that drops what was undone."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services
from calculators.parties.board import HISTORY_SHOWN, forget_lines, history, history_json
from tests.factories import fresh, party, seat

from .test_query_counts import pad_history

pytestmark = pytest.mark.django_db


def drawn(game) -> list[tuple[int, str]]:
    return [(line.version, str(line.html)) for line in history(fresh(game))]


def afresh(game) -> list[tuple[int, str]]:
    forget_lines()
    return drawn(game)


CHANGES = {
    "a claim": lambda g: check_writes.add_claim(g, seat(g, 1).pk, "paire", "7R 7B"),
    "an undo": lambda g: services.undo(g),
    "a redo": lambda g: services.redo(g),
    "a write that drops the undone": lambda g: services.rename(g, seat(g, 2).pk, "Ève"),
}


def test_each_change_carries_the_history_shown_forward_as_the_database_has_it():
    game = party("num_check", 3, claims={0: [("paire", "5R 5B")]})
    drawn(game)  # a page drew it: its listing is kept
    for change in ["a claim", "an undo", "a redo", "an undo", "a write that drops the undone"]:
        CHANGES[change](fresh(game))
        with CaptureQueriesContext(connection) as queries:
            kept = drawn(game)
        listed = [q["sql"] for q in queries.captured_queries if 'AS "at"' in q["sql"]]
        assert not listed, change  # the listing was not read again
        assert kept == afresh(game), change


def test_a_listing_kept_by_a_rolled_back_write_is_never_shown():
    game = party("num_check", 3)
    drawn(game)
    with pytest.raises(RuntimeError), transaction.atomic():
        check_writes.add_claim(fresh(game), seat(game, 0).pk, "paire", "5R 5B")
        raise RuntimeError("rolled back")
    check_writes.add_claim(fresh(game), seat(game, 1).pk, "paire", "7R 7B")
    assert drawn(game) == afresh(game)
    assert "Tom" in drawn(game)[0][1]


def test_a_write_elsewhere_is_read_not_carried_forward():
    game = party("num_check", 3)
    drawn(game)
    forget_lines()  # another process wrote: this one kept nothing of it
    check_writes.add_claim(fresh(game), seat(game, 0).pk, "paire", "5R 5B")
    assert drawn(game) == afresh(game)


def listed(game) -> list[dict]:
    return history_json(fresh(game))


def test_each_change_carries_the_api_history_forward_as_the_database_has_it():
    """The writer's answer lists the history at the version its write made without a query:
    its listing carried forward, its own entry's summary from the entry it recorded (an undo's
    and a redo's with the target it changed), the others kept."""
    game = party("num_check", 3, claims={0: [("paire", "5R 5B")]})
    listed(game)  # an API answer listed it: its listing and summaries are kept
    for change in ["a claim", "an undo", "a redo", "an undo", "a write that drops the undone"]:
        written = fresh(game)
        CHANGES[change](written)
        with CaptureQueriesContext(connection) as queries:
            kept = history_json(written)  # the answer to that write: the writer's instance
        assert not queries.captured_queries, change
        forget_lines()
        assert kept == listed(game), change
    assert [row["action"] for row in kept if row["undone"]] == ["claim_add"]  # undone, dropped


def test_the_api_history_is_whole_where_a_page_shows_the_latest_entries():
    game = party("num_check", 3)
    pad_history(game, HISTORY_SHOWN + 20)
    assert len(history(fresh(game))) == HISTORY_SHOWN  # a page listed its latest entries
    whole = listed(game)
    assert [row["version"] for row in whole] == list(range(HISTORY_SHOWN + 20, 0, -1))
    check_writes.add_claim(fresh(game), seat(game, 1).pk, "paire", "7R 7B")
    assert len(history(fresh(game))) == HISTORY_SHOWN  # carried forward, still the latest
    assert len(listed(game)) == HISTORY_SHOWN + 21
    forget_lines()
    assert len(listed(game)) == HISTORY_SHOWN + 21
    assert len(history(fresh(game))) == HISTORY_SHOWN


def test_the_api_history_is_listed_in_the_readers_language():
    game = party("num_check", 3, claims={0: [("paire", "5R 5B")]})
    french = listed(game)
    with translation.override("en"):
        english = listed(game)
    assert french[0]["summary"] != english[0]["summary"]
    assert [row["version"] for row in french] == [row["version"] for row in english]


def test_a_whole_history_is_kept_up_to_its_bound_and_read_past_it(monkeypatch):
    """Each process keeps at most ``WHOLE_KEPT`` entries of a whole history per party (a longer
    one is read at each API answer, its latest entries still kept for the page)."""
    from calculators.parties import board

    monkeypatch.setattr(board, "WHOLE_KEPT", HISTORY_SHOWN + 10)
    game = party("num_check", 3)
    pad_history(game, HISTORY_SHOWN + 5)
    assert len(listed(game)) == HISTORY_SHOWN + 5
    with CaptureQueriesContext(connection) as queries:
        listed(game)
    assert len(queries.captured_queries) == 1  # the game only: the whole listing was kept
    pad_history(fresh(game), HISTORY_SHOWN + 20)
    assert len(listed(game)) == HISTORY_SHOWN + 20
    with CaptureQueriesContext(connection) as queries:
        assert len(listed(game)) == HISTORY_SHOWN + 20
    assert len(queries.captured_queries) == 2  # the game, and the history read again
    shown = fresh(game)
    with CaptureQueriesContext(connection) as queries:
        assert len(history(shown)) == HISTORY_SHOWN
    listings = [q["sql"] for q in queries.captured_queries if 'AS "at"' in q["sql"]]
    assert not listings  # the page's latest entries are still kept
    assert [line.version for line in history(shown)] == [
        row["version"] for row in listed(game)[:HISTORY_SHOWN]
    ]
