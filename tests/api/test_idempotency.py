"""Idempotent Parties writes: ``Idempotency-Key`` carries a write out once per party and key;
the same request again gets the remembered answer (``Idempotent-Replayed: true``), another
request with that key a 409, a malformed key a 400; answers are forgotten after 7 days and
purged with ``purge_games``."""

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from calculators.parties.models import Claim, IdempotentAnswer
from tests.factories import party

pytestmark = pytest.mark.django_db


def claims(game):
    return Claim.objects.filter(player__game=game).count()


CLAIM = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}


def post(client, game, path, body, key=None, token=None):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return client.post(
        f"/api/v1/parties/{token or game.edit_token}/{path}",
        data=json.dumps(body),
        content_type="application/json",
        **headers,
    )


def test_a_replayed_write_is_carried_out_once_and_answers_its_receipt(client):
    game = party("num_check", ["Léa", "Tom"])
    first = post(client, game, "claims", CLAIM, key="phone-1_queue-7")
    assert first.status_code == 201 and "Idempotent-Replayed" not in first
    again = post(client, game, "claims", CLAIM, key="phone-1_queue-7")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    # the write's version and history line, not the whole party (docs/api.md)
    assert again.json()["version"] == 2 and again.json()["entry"] == first.json()["history"][0]
    game.refresh_from_db()
    assert claims(game) == 1 and game.version == 2


def test_without_a_key_the_same_write_twice_is_two_writes(client):
    game = party("num_check", ["Léa", "Tom"])
    post(client, game, "claims", CLAIM)
    second = post(client, game, "claims", {**CLAIM, "combo": "brelan", "cards": ["7R", "7B", "7J"]})
    assert second.status_code == 201 and claims(game) == 2


def test_the_same_key_with_another_body_is_409_idempotency_key(client):
    game = party("num_check", ["Léa", "Tom"])
    post(client, game, "claims", CLAIM, key="k1")
    other = post(client, game, "claims", {**CLAIM, "cards": ["5R", "5J"]}, key="k1")
    assert other.status_code == 409
    body = other.json()
    assert body["error"]["field"] == "idempotency_key" and body["party"]["version"] == 2
    assert claims(game) == 1


def test_the_same_key_on_another_route_is_409(client):
    game = party("num_check", ["Léa", "Tom"])
    post(client, game, "claims", CLAIM, key="k1")
    assert post(client, game, "finish", {}, key="k1").status_code == 409


@pytest.mark.parametrize("key", ["", "a" * 65, "clé", "a b", "a/b", "a.b"])
def test_a_malformed_key_is_400_and_nothing_is_written(client, key):
    game = party("num_check", ["Léa", "Tom"])
    response = post(client, game, "claims", CLAIM, key=key)
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "idempotency_key"
    assert claims(game) == 0


def test_keys_are_per_party(client):
    one, two = party("num_check", ["Léa", "Tom"]), party("num_check", ["Léa", "Tom"])
    assert post(client, one, "claims", CLAIM, key="same").status_code == 201
    answer = post(client, two, "claims", CLAIM, key="same")
    assert answer.status_code == 201 and "Idempotent-Replayed" not in answer
    assert claims(two) == 1


def test_a_refusal_is_remembered_too(client):
    game = party("num_check", ["Léa", "Tom"])
    bad = {**CLAIM, "cards": ["5R", "6B"]}
    first = post(client, game, "claims", bad, key="k")
    again = post(client, game, "claims", bad, key="k")
    assert first.status_code == again.status_code == 400
    assert again["Idempotent-Replayed"] == "true" and again.content == first.content


def test_undo_replayed_undoes_once(client):
    game = party("num_check", ["Léa", "Tom"])
    post(client, game, "claims", CLAIM)
    post(client, game, "claims", {**CLAIM, "combo": "brelan", "cards": ["7R", "7B", "7J"]})
    assert post(client, game, "undo", {}, key="u").status_code == 200
    assert post(client, game, "undo", {}, key="u")["Idempotent-Replayed"] == "true"
    assert claims(game) == 1


def test_a_read_token_is_403_before_the_key_is_looked_at(client):
    game = party("num_check", ["Léa", "Tom"])
    response = post(client, game, "claims", CLAIM, key="bad key", token=game.read_token)
    assert response.status_code == 403


def test_an_answer_older_than_7_days_is_forgotten_and_purged(client):
    game = party("num_check", ["Léa", "Tom"])
    post(client, game, "claims", CLAIM, key="old")
    week_ago = timezone.now() - timedelta(days=IdempotentAnswer.DAYS, minutes=1)
    IdempotentAnswer.objects.update(at=week_ago)
    other = post(
        client, game, "claims", {**CLAIM, "combo": "brelan", "cards": ["7R", "7B", "7J"]}, key="old"
    )
    assert other.status_code == 201 and "Idempotent-Replayed" not in other
    IdempotentAnswer.objects.update(at=week_ago)
    call_command("purge_games", stdout=io.StringIO())
    assert not IdempotentAnswer.objects.exists()


def test_the_schema_documents_the_header(client):
    doc = client.get("/api/v1/openapi.json").json()
    op = doc["paths"]["/api/v1/parties/{token}/claims"]["post"]
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in op["parameters"])
    assert "Idempotent-Replayed" in op["responses"]["201"]["headers"]
