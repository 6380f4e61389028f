"""Idempotent page writes: a Party page's write (an htmx form, or a plain post) honours
``Idempotency-Key`` with the API's mechanism (``calculators/parties/idempotency.py``). The phone's
queue of writes made without network sends each one with its key until an answer comes: the
same key and body again get the remembered HTML answer without writing; the same key with
another request gets the page's own refusal (409, the entry kept); no key, as before."""

import pytest

from calculators.games.num_check.party import writes as check_writes
from calculators.parties.models import Claim, IdempotentAnswer
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true", "HX-Target": "sheet"}


def write(client, game, action, data, key=None, htmx=True, token=None):
    headers = dict(HTMX) if htmx else {}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(url(game, "action", action=action, token=token), data, headers=headers)


def claim(game, who=0, combo="paire", cards="5R 5B"):
    return {"seen": game.version, "player": seat(game, who).pk, "combo": combo, "cards": cards}


def test_a_page_write_sent_twice_with_its_key_is_applied_once_and_answers_the_same(client):
    game = party("num_check", ["Léa", "Tom"])
    data = claim(game)
    before = fresh(game).version
    first = write(client, game, "claim_add", data, key="queue-1")
    assert first.status_code == 200 and "Idempotent-Replayed" not in first
    assert "Enregistré" in first.content.decode()
    again = write(client, game, "claim_add", data, key="queue-1")
    assert again.status_code == 200 and again["Idempotent-Replayed"] == "true"
    assert again.content == first.content  # the remembered HTML, byte for byte
    assert again["Content-Type"].startswith("text/html")
    assert Claim.objects.count() == 1 and fresh(game).version == before + 1


def test_a_plain_post_sent_twice_with_its_key_redirects_twice_to_the_same_sheet(client):
    game = party("num_check", ["Léa", "Tom"])
    data = claim(game)
    first = write(client, game, "claim_add", data, key="plain-1", htmx=False)
    again = write(client, game, "claim_add", data, key="plain-1", htmx=False)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"] and "?fait=" in first["Location"]
    assert again["Idempotent-Replayed"] == "true"
    assert Claim.objects.count() == 1


def test_the_same_key_with_another_body_is_the_pages_own_409_refusal_keeping_the_entry(client):
    game = party("num_check", ["Léa", "Tom"])
    write(client, game, "claim_add", claim(game), key="queue-2")
    other = claim(game, who=1, combo="brelan", cards="7R 7B 7J")
    response = write(client, game, "claim_add", other, key="queue-2")
    assert response.status_code == 409
    html = response.content.decode()
    assert 'data-testid="refusal"' in html and "a déjà servi pour une autre requête" in html
    assert 'value="7R 7B 7J"' in html  # what was typed stays in its form
    assert "data-attention" in html  # the queue knows the sheet shows a refusal
    assert Claim.objects.count() == 1


def test_a_key_sent_again_to_another_write_is_refused_too(client):
    game = party("num_check", ["Léa", "Tom"])
    write(client, game, "claim_add", claim(game), key="queue-3")
    response = write(client, game, "finish", {"seen": game.version, "confirm": "1"}, key="queue-3")
    assert response.status_code == 409
    assert "a déjà servi" in response.content.decode()
    assert not fresh(game).finished


def test_the_same_key_with_another_body_without_javascript_is_a_409_page(client):
    game = party("num_check", ["Léa", "Tom"])
    write(client, game, "claim_add", claim(game), key="plain-2", htmx=False)
    response = write(client, game, "claim_add", claim(game, 1), key="plain-2", htmx=False)
    assert response.status_code == 409 and "<html" in response.content.decode()
    assert "a déjà servi" in response.content.decode()
    assert Claim.objects.count() == 1


def test_a_malformed_key_is_a_400_refusal_at_the_form_and_writes_nothing(client):
    game = party("num_check", ["Léa", "Tom"])
    response = write(client, game, "claim_add", claim(game), key="not a key!")
    assert response.status_code == 400
    assert "Idempotency-Key" in response.content.decode()
    assert not Claim.objects.exists()


def test_without_a_key_every_post_is_a_write_as_before(client):
    game = party("num_check", ["Léa", "Tom"])
    write(client, game, "claim_add", claim(game))
    write(client, game, "claim_add", claim(game, combo="brelan", cards="7R 7B 7J"))
    assert Claim.objects.count() == 2 and not IdempotentAnswer.objects.exists()


def test_a_conflicts_refusal_is_drawn_again_not_remembered(client):
    """A write refused by the merge rules (another phone corrected the same claim) is the
    state's answer, not the body's: the queue sending it again gets it drawn again (the same
    refusal while the conflict stands), never a remembered one."""
    game = party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    stored = Claim.objects.get()
    seen = game.version
    check_writes.edit_claim(game, stored.pk, "paire", "6R 6B")  # the other phone
    data = {
        "seen": seen,
        "claim": stored.pk,
        "player": seat(game, 0).pk,
        "combo": "paire",
        "cards": "9R 9B",
    }
    first = write(client, game, "claim_edit", data, key="queue-4")
    again = write(client, game, "claim_edit", data, key="queue-4")
    assert first.status_code == again.status_code == 200
    assert "Idempotent-Replayed" not in again
    assert not IdempotentAnswer.objects.filter(key="queue-4").exists()
    html = again.content.decode()
    assert 'data-testid="conflict-after"' in html and "data-attention" in html
    assert Claim.objects.get().cards == "6R 6B"


def test_a_confirmation_step_is_marked_for_the_queue_and_writes_nothing(client):
    game = party("num_check", ["Léa", "Tom"])
    response = write(client, game, "finish", {"seen": game.version}, key="queue-5")
    assert response.status_code == 200 and "data-attention" in response.content.decode()
    assert not fresh(game).finished


def test_a_saved_write_is_not_marked_for_attention(client):
    game = party("num_check", ["Léa", "Tom"])
    response = write(client, game, "claim_add", claim(game), key="queue-6")
    assert "data-attention" not in response.content.decode()


def test_a_read_only_link_with_a_key_is_refused_before_anything_is_remembered(client):
    game = party("num_check", ["Léa", "Tom"])
    response = write(client, game, "claim_add", claim(game), key="queue-7", token=game.read_token)
    assert response.status_code == 403
    assert not Claim.objects.exists() and not IdempotentAnswer.objects.exists()


def test_the_edit_page_holds_the_queues_box_with_its_words_in_french_and_english(client):
    """The count of writes waiting on the phone: its words are the page's (hidden until the
    script counts; the read-only link has no queue)."""
    game = party("num_check", ["Léa", "Tom"])
    french = client.get(url(game)).content.decode()
    assert 'data-one="{n} saisie à envoyer"' in french
    assert 'data-many="{n} saisies à envoyer"' in french
    assert "js/party-queue" in french
    english = client.get(f"/en/parties/{game.edit_token}/").content.decode()
    assert 'data-one="{n} entry to send"' in english
    assert 'data-many="{n} entries to send"' in english
    read_only = client.get(url(game, token=game.read_token)).content.decode()
    assert "data-party-queue" not in read_only and "js/party-queue" not in read_only


def test_a_pages_answer_is_remembered_compressed(client):
    """A sheet is tens of kB and one is kept per write for a week: it is kept compressed, and
    given back as it was."""
    game = party("num_check", 6, claims={i: [("paire", f"{i}R {i}B")] for i in range(6)})
    data = claim(game, combo="brelan", cards="7R 7B 7J")
    response = write(client, game, "claim_add", data, key="k")
    kept = IdempotentAnswer.objects.get()
    assert len(kept.body) * 4 < len(response.content)
    assert write(client, game, "claim_add", data, key="k").content == response.content


def test_a_multipart_write_with_a_key_is_a_415_before_anything_is_read():
    """Django's CSRF check would read a multipart body before the view, which could then not
    fingerprint it: the site takes form-encoded bodies only (numsite/bodies.py), so such a
    write is a 415 before the CSRF check, never a 500, and nothing is written or remembered."""
    from django.middleware.csrf import get_token
    from django.test import Client, RequestFactory

    game = party("num_check", ["Léa", "Tom"])
    browser = Client(enforce_csrf_checks=True)
    token = get_token(RequestFactory().get("/"))
    browser.cookies["csrftoken"] = token
    answer = browser.post(  # Django's own client: a dict goes as multipart/form-data
        url(game, "action", action="claim_add"),
        {**claim(game), "csrfmiddlewaretoken": token},
        headers={**HTMX, "Idempotency-Key": "multi-1"},
    )
    assert answer.status_code == 415
    assert Claim.objects.count() == 0 and IdempotentAnswer.objects.count() == 0


def test_a_key_being_carried_out_by_another_request_is_a_503_to_send_again(client, monkeypatch):
    """The phone's queue sent a write again while its first sending holds the lock: a 503 with
    Retry-After (the queue sends it again with the same key), not a refusal the player would
    answer by saving again under a new key."""
    from calculators.parties import views

    def racing(request, key, remembered, owner, carry_out, refuse, busy, **hooks):
        return busy()

    monkeypatch.setattr(views, "idempotent", racing)
    game = party("num_check", ["Léa", "Tom"])
    answer = write(client, game, "claim_add", claim(game), key="queue-race")
    assert answer.status_code == 503 and answer["Retry-After"] == "2"
    assert Claim.objects.count() == 0
