"""Benchmarks of a big party (issue #9): 10 players × 8 claims = 80 claims, the most a NUM CHECK
table can hold. `make bench` reports the medians of the edit page, a board poll after a change
and the 204 poll while nothing changed, next to `/healthz` as the floor."""

import pytest

from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services
from calculators.parties.models import Claim
from tests.conftest import EIGHT_CLAIMS

pytestmark = pytest.mark.django_db


@pytest.fixture
def big_party():
    names = [f"Joueur {i}" for i in range(10)]
    game = services.create_game("num_check", "classic", names)
    # Round-robin as at a table: 7 claims each through the services (70 writes), then the 8th
    # of each stored directly, so that the sheet holds the 80 claims the issue measures (a real
    # game ends at the first player's 8th).
    players = list(game.players.all())
    for combo, cards in EIGHT_CLAIMS[:7]:
        for player in players:
            check_writes.add_claim(game, player.pk, combo, cards)
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
