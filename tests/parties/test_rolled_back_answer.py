"""A page write sent with an Idempotency-Key whose answer fails to be remembered (the same key
raced in: IntegrityError) is rolled back, and the page answers that the party is busy. That
answer shows the party as stored: never the board, the history or the version (``seen``) of
the write that was rolled back."""

import re

import pytest
from django.db import IntegrityError

from calculators.parties.models import Claim, IdempotentAnswer
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db


def test_the_busy_answer_after_a_rolled_back_write_shows_the_party_as_stored(client, monkeypatch):
    game = party("num_check", ["Léa", "Tom"])
    assert client.get(url(game, "game", token=game.edit_token)).status_code == 200  # kept
    stored = fresh(game).version

    def racing(**kwargs):
        raise IntegrityError("the same key raced in")

    monkeypatch.setattr(IdempotentAnswer._default_manager, "create", racing)
    data = {"seen": stored, "player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"}
    answer = client.post(
        url(game, "action", action="claim_add"),
        data,
        headers={"HX-Request": "true", "HX-Target": "sheet", "Idempotency-Key": "race-1"},
    )
    assert answer.status_code == 503 and Claim.objects.count() == 0
    page = answer.content.decode()
    assert fresh(game).version == stored
    assert set(re.findall(r'name="seen" value="(\d+)"', page)) == {str(stored)}
    assert "Léa — 0/8 combinaisons" in page and "Léa — 1/8 combinaisons" not in page
    assert "Léa : Paire" not in page  # the rolled-back write's history line
