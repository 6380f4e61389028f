"""Helpers of the tablées tests: the JSON API, and parties played inside a tablée."""

import json

import pytest

from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_check.party import writes as check_writes
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import services as party_services
from calculators.tablees import services
from tests.factories import by_seat, fresh, seat


@pytest.fixture
def tapi(client):
    """Call the API: ``tapi(method, path, body)`` → (status, JSON body)."""

    def call(method, path, body=None, **headers):
        data = "" if body is None else json.dumps(body)
        response = getattr(client, method.lower())(
            f"/api/v1/{path}", data=data, content_type="application/json", **headers
        )
        return response.status_code, response.json()

    return call


def play(tablee, game, names, *, claims=None, grids=None, rounds=(), finished=True, mode=None):
    """A party of the tablée, through the services, as the table plays it."""
    made = services.new_party(tablee, game, mode, names)
    for where, claimed in (claims or {}).items():
        for combo, cards in claimed:
            check_writes.add_claim(made, seat(made, where).pk, combo, cards)
    for where, cells in (grids or {}).items():
        draft_writes.set_grid(made, seat(made, where).pk, [*cells, *[""] * (9 - len(cells))])
    for cells in rounds:
        num5_writes.add_round(made, by_seat(made, cells))
    if finished:
        party_services.finish(made)
    return fresh(made)
