"""What an ``Idempotency-Key`` remembers (calculators/parties/idempotency.py), for the tablées'
and the parties' writes: only what the request decides (a write carried out, a refusal its
body decides), never the state's answers (429, 409); a receipt of the write, not the whole
party and its history; a page's answer for the kind of request it answered (htmx or not)."""

import json

import pytest

from calculators.parties.models import IdempotentAnswer
from calculators.tablees import services
from calculators.tablees.models import IdempotentWrite
from tests.factories import fresh, party, seat
from tests.parties.test_query_counts import pad_history

pytestmark = pytest.mark.django_db

NEW_PARTY = {"game": "num5", "players": ["Léa", "Tom", "Max"]}


def post(client, path, body, key, **headers):
    return client.post(
        f"/api/v1/{path}",
        json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
        **headers,
    )


@pytest.fixture
def tablee():
    return services.create("Le club", ["Léa", "Tom", "Max"])


def test_a_429_is_never_remembered_under_its_key(client, settings, tablee):
    settings.RATELIMIT_ENABLED = True
    settings.PARTIES_CREATE_RATE = "1/600"
    path = f"tablees/{tablee.edit_token}/parties"
    assert post(client, path, NEW_PARTY, "first").status_code == 201
    limited = post(client, path, NEW_PARTY, "second")
    assert limited.status_code == 429
    assert not IdempotentWrite.objects.filter(key="second").exists()
    settings.PARTIES_CREATE_RATE = "100/600"  # the limit's window is over
    again = post(client, path, NEW_PARTY, "second")
    assert again.status_code == 201 and "Idempotent-Replayed" not in again
    assert tablee.links.count() == 2


def test_a_conflict_409_is_never_remembered_under_its_key(client):
    game = party("num_check", ["Léa", "Tom"])
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"], "if_version": 99}
    first = post(client, f"parties/{game.edit_token}/claims", claim, "k")
    assert first.status_code == 409
    assert not IdempotentAnswer.objects.filter(key="k").exists()
    again = post(client, f"parties/{game.edit_token}/claims", claim, "k")
    assert again.status_code == 409 and "Idempotent-Replayed" not in again


def test_a_replay_answers_the_writes_receipt(client):
    game = party("num_check", ["Léa", "Tom"])
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}
    first = post(client, f"parties/{game.edit_token}/claims", claim, "k").json()
    again = post(client, f"parties/{game.edit_token}/claims", claim, "k")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    body = again.json()
    assert body["version"] == first["version"] == 2
    assert body["entry"] == first["history"][0] and body["entry"]["version"] == 2
    assert body["read_url"] == first["read_url"] and body["edit_url"] == first["edit_url"]
    assert "history" not in body and "players" not in body


def test_a_replayed_creation_hands_over_the_same_tokens(client, tablee):
    path = f"tablees/{tablee.edit_token}/parties"
    first = post(client, path, NEW_PARTY, "p1").json()
    again = post(client, path, NEW_PARTY, "p1")
    assert again["Idempotent-Replayed"] == "true" and tablee.links.count() == 1
    body = again.json()
    for field in ("edit_token", "read_token", "game", "version", "edit_url", "read_url"):
        assert body[field] == first[field], field


@pytest.mark.parametrize("entries", [1000])
def test_what_a_write_remembers_stays_small_with_a_long_history(client, entries):
    game = party("num_check", ["Léa", "Tom"])
    pad_history(game, entries)
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]}
    answer = post(client, f"parties/{game.edit_token}/claims", claim, "long")
    assert answer.status_code == 201 and len(answer.json()["history"]) > entries
    kept = IdempotentAnswer.objects.get(key="long")
    assert len(bytes(kept.body)) < 1000, len(bytes(kept.body))


def test_a_refusal_the_body_decides_is_still_remembered(client, tablee):
    path = f"tablees/{tablee.edit_token}/players"
    refused = post(client, path, {"name": "Léa"}, "dup")  # already a member: the body decides
    assert refused.status_code == 400
    again = post(client, path, {"name": "Léa"}, "dup")
    assert again["Idempotent-Replayed"] == "true" and again.json() == refused.json()


HTMX = {"HX-Request": "true", "HX-Target": "sheet"}


def page_write(client, game, data, key, htmx):
    headers = {"Idempotency-Key": key, **(HTMX if htmx else {})}
    return client.post(f"/parties/{game.edit_token}/claim_add/", data, headers=headers)


def test_a_plain_form_never_gets_the_fragment_remembered_for_htmx(client):
    game = party("num_check", ["Léa", "Tom"])
    data = {"seen": game.version, "player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"}
    first = page_write(client, game, data, "q1", htmx=True)
    assert first.status_code == 200 and b"<html" not in first.content
    plain = page_write(client, game, data, "q1", htmx=False)
    assert plain.status_code in (302, 303) and plain["Idempotent-Replayed"] == "true"
    assert plain["Location"].startswith(f"/parties/{game.edit_token}/")
    assert fresh(game).version == 2  # written once


def test_htmx_never_gets_the_redirect_remembered_for_a_plain_form(client):
    game = party("num_check", ["Léa", "Tom"])
    data = {"seen": game.version, "player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"}
    first = page_write(client, game, data, "q2", htmx=False)
    assert first.status_code in (302, 303)
    again = page_write(client, game, data, "q2", htmx=True)
    assert again.status_code == 200 and again["Idempotent-Replayed"] == "true"
    assert again["HX-Redirect"] == first["Location"]
    assert fresh(game).version == 2


def test_a_page_refusal_meets_the_other_kind_of_request_as_its_own_refusal(client):
    game = party("num_check", ["Léa", "Tom"])
    data = {"seen": game.version, "player": seat(game, 0).pk, "combo": "paire", "cards": "5R 6B"}
    plain = page_write(client, game, data, "q3", htmx=False)
    assert plain.status_code == 400 and b"<html" in plain.content
    htmx = page_write(client, game, data, "q3", htmx=True)
    assert b"<html" not in htmx.content and "Idempotent-Replayed" not in htmx
    assert fresh(game).version == 1


def test_what_a_page_write_remembers_stays_small_with_a_long_history(client):
    game = party("num_check", ["Léa", "Tom"])
    pad_history(game, 1000)
    data = {"seen": 1000, "player": seat(game, 0).pk, "combo": "paire", "cards": "5R 5B"}
    assert page_write(client, game, data, "long", htmx=True).status_code == 200
    kept = IdempotentAnswer.objects.get(key="long")
    assert len(bytes(kept.body)) < 8_000, len(bytes(kept.body))


def test_only_the_answers_the_request_decides_are_remembered():
    from django.http import HttpResponse

    from calculators.parties.idempotency import is_remembered, not_remembered

    for status in (200, 201, 303, 400, 422):
        assert is_remembered(HttpResponse(status=status)), status
    for status in (403, 404, 408, 409, 410, 429, 500, 503):
        assert not is_remembered(HttpResponse(status=status)), status
    assert not is_remembered(not_remembered(HttpResponse(status=200)))
