"""Benchmarks of a big party: 10 players × 8 claims = 80 claims, the most a NUM CHECK
table can hold. `make bench` reports the medians of the edit page, a board poll after a change
and the 204 poll while nothing changed, next to `/healthz` as the floor."""

import pytest

from calculators.parties.models import Claim
from tests.conftest import EIGHT_CLAIMS
from tests.factories import party

pytestmark = pytest.mark.django_db


@pytest.fixture
def big_party():
    # Round-robin as at a table: 7 claims each through the services (70 writes), then the 8th
    # of each stored directly, so that the sheet holds 80 claims, the most a table can hold (a
    # real game ends at the first player's 8th).
    names = [f"Joueur {i}" for i in range(10)]
    game = party("num_check", names, claims=dict.fromkeys(range(10), EIGHT_CLAIMS[:7]))
    players = list(game.players.all())
    combo, cards = EIGHT_CLAIMS[7]
    Claim.objects.bulk_create(
        Claim(player=p, position=8, combo=combo, cards=cards) for p in players
    )
    game.refresh_from_db()
    return game


def test_bench_healthz_floor(benchmark, client):
    response = benchmark(client.get, "/healthz")
    assert response.status_code == 200


def test_bench_party_edit_page_80_claims(benchmark, client, big_party):
    assert Claim.objects.filter(player__game=big_party).count() == 80
    response = benchmark(client.get, f"/parties/{big_party.edit_token}/")
    assert response.status_code == 200


def test_bench_party_board_poll_after_a_change(benchmark, client, big_party):
    url = f"/parties/{big_party.edit_token}/tableau/"
    response = benchmark(client.get, url, {"v": big_party.version - 1})
    assert response.status_code == 200


def test_bench_party_board_poll_unchanged(benchmark, client, big_party):
    url = f"/parties/{big_party.edit_token}/tableau/"
    response = benchmark(client.get, url, {"v": big_party.version})
    assert response.status_code == 204
