"""The tablée's page, its statistics and its API cost the same number of queries for 10
parties as for 200: one prefetching pass (links and games, players, rounds, claims), then the
cache until a write of the tablée or of one of its parties changes its stamp."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from calculators.parties import services as party_services
from calculators.tablees import stats

from .builders import big_tablee

pytestmark = pytest.mark.django_db


def queries(client, url):
    cache.clear()  # the statistics computed afresh: the cold path is the one measured
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("where", ["page", "api"])
def test_query_count_does_not_grow_from_10_to_200_parties(client, where):
    counts = []
    for size in (10, 200):
        tablee = big_tablee(size)
        url = (
            f"/tablees/{tablee.read_token}/"
            if where == "page"
            else f"/api/v1/tablees/{tablee.read_token}"
        )
        counts.append(queries(client, url))
        assert len(stats.statistics(tablee)["parties"]) == size
    assert counts[0] == counts[1], counts


def test_the_big_tablee_counts_every_finished_party():
    tablee = big_tablee(30, members=6, seated=3)
    data = stats.compute(tablee)
    played = sum(g["played"] for p in data["stats"]["players"] for g in p["games"].values())
    assert played == 30 * 3
    check = data["stats"]["players"][0]["games"]["num-check"]
    assert check["combos"] and set(check["kept_at_best_rank"]) <= set(check["combos"])


def test_a_cached_page_is_recomputed_after_an_undo_of_a_member_party(client):
    tablee = big_tablee(3, members=4, seated=3)
    first = tablee.links.order_by("game__created_at").first()
    assert first is not None
    game = first.game
    before = stats.statistics(tablee)
    assert stats.statistics(tablee) is not None
    party_services.reopen(game)  # a write of a member party: the stamp moves
    tablee.refresh_from_db()
    after = stats.statistics(tablee)
    assert (
        sum(p["finished"] for p in after["parties"])
        == sum(p["finished"] for p in before["parties"]) - 1
    )
    party_services.undo(game)  # the reopen undone: counted again
    tablee.refresh_from_db()
    assert stats.statistics(tablee)["parties"] == before["parties"]
