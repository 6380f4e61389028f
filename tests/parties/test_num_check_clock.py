"""NUM CHECK's game clock in Parties: the deck turns (/num-check/regles/#arbitrage-fin-de-partie)
and the invalid CHECKs kept for the table's memory (/num-check/regles/#arbitrage-check-invalide)."""

import pytest

from calculators.engines.cards import InputError
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import board as boards
from calculators.parties import services
from calculators.parties.models import Claim
from tests.factories import fresh, party, seat
from tests.parties.conftest import url

pytestmark = pytest.mark.django_db


def test_two_deck_turns_in_classique_offer_the_end_and_undo_takes_one_back(client):
    game = party("num_check", ["Léa", "Tom"], mode="classic")
    page = client.get(url(game)).content.decode()
    assert "Tour de paquet 1/2" in page and 'data-testid="end-offered"' not in page
    for _ in range(2):
        response = client.post(
            url(game, "action", action="deck_turn"), {"seen": fresh(game).version}
        )
        assert response.status_code == 302
    page = client.get(url(game)).content.decode()
    assert 'data-testid="end-offered"' in page and "Les 2 tours de paquet sont joués" in page
    assert 'data-testid="deck-turn"' not in page
    assert boards.board(fresh(game)).extra["turns_done"] == 2
    services.undo(fresh(game))
    page = client.get(url(game)).content.decode()
    assert 'data-testid="end-offered"' not in page and "Tour de paquet 2/2" in page
    services.redo(fresh(game))
    client.post(url(game, "action", action="finish"), {"seen": fresh(game).version, "confirm": "1"})
    board = boards.board(fresh(game))
    assert board.finished and "Les 2 tours de paquet sont joués : la partie s’arrête" in board.note


def test_two_phones_telling_the_same_deck_turn_record_it_once(client):
    """Both phones showed turn 1/2 and both tapped « Tour de paquet terminé »: the second
    has not seen the first, so it is shown the refusal instead of a second deck turn."""
    game = party("num_check", ["Léa", "Tom", "Zoé"], mode="classic")
    seen = fresh(game).version
    first = client.post(url(game, "action", action="deck_turn"), {"seen": seen})
    assert first.status_code == 302
    second = client.post(url(game, "action", action="deck_turn"), {"seen": seen})
    assert second.status_code == 409
    assert boards.board(fresh(game)).extra["turns_done"] == 1


def test_finishing_before_the_last_deck_turn_names_the_turn_reached():
    game = party("num_check", ["Léa", "Tom"], mode="family")
    check_writes.add_deck_turn(game)
    services.finish(fresh(game))
    assert "tour de paquet 1/3" in boards.board(fresh(game)).note


def test_deck_turns_api_counts_up_to_the_limit_then_409(papi):
    status, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    assert body["deck_turns"] == {"done": 0, "limit": 2} and body["invalid_checks"] == []
    for done in (1, 2):
        status, body = papi("POST", f"parties/{token}/deck-turns")
        assert status == 201 and body["deck_turns"] == {"done": done, "limit": 2}
    assert body["history"][0]["action"] == "deck_turn"
    status, body = papi("POST", f"parties/{token}/deck-turns")
    assert status == 409 and body["error"]["field"] == "party"
    assert body["party"]["deck_turns"] == {"done": 2, "limit": 2}
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and body["deck_turns"]["done"] == 1


def test_deck_turn_limit_follows_mode_and_player_count(papi):
    _, body = papi(
        "POST", "parties", {"game": "num-check", "mode": "family", "players": ["A", "B"]}
    )
    assert body["deck_turns"] == {"done": 0, "limit": 3}
    seven = [f"J{i}" for i in range(7)]
    _, body = papi("POST", "parties", {"game": "num-check", "mode": "classic", "players": seven})
    assert body["deck_turns"] == {"done": 0, "limit": 3}


def test_deck_turn_with_the_read_token_is_403(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    status, answer = papi("POST", f"parties/{body['read_token']}/deck-turns")
    assert status == 403 and answer["error"]["field"] == "token"


def test_invalid_check_is_kept_without_rank_or_points_and_undone(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    claim = {"player": "Léa", "combo": "paire", "cards": ["5R", "6B"]}
    status, body = papi("POST", f"parties/{token}/invalid-checks", claim)
    assert status == 201, body
    [invalid] = body["invalid_checks"]
    assert invalid["player"] == "Léa" and invalid["combo"] == "paire"
    assert invalid["cards"] == ["5R", "6B"] and invalid["reason"]
    assert body["claims"] == [] and body["players"][0]["total"] == 0
    entry = body["history"][0]
    assert entry["action"] == "invalid_check"
    assert "ne peut plus toucher aux cartes du centre jusqu’à son prochain tour" in entry["summary"]
    # the next valid CHECK still takes rank 1
    status, body = papi(
        "POST",
        f"parties/{token}/claims",
        {"player": "Léa", "combo": "paire", "cards": ["5R", "5B"]},
    )
    assert status == 201 and body["claims"][0]["rank"] == 1
    papi("POST", f"parties/{token}/undo")
    status, body = papi("POST", f"parties/{token}/undo")
    assert status == 200 and body["invalid_checks"] == []
    status, body = papi("POST", f"parties/{token}/redo")
    assert len(body["invalid_checks"]) == 1


def test_invalid_check_that_is_in_fact_valid_is_400_on_cards(papi):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    token = body["edit_token"]
    claim = {"player": "Tom", "combo": "paire", "cards": ["5R", "5B"]}
    status, answer = papi("POST", f"parties/{token}/invalid-checks", claim)
    assert status == 400 and answer["error"]["field"] == "cards"
    assert "valide" in answer["error"]["message"]
    _, body = papi("GET", f"parties/{token}")
    assert body["version"] == 1 and body["invalid_checks"] == []


@pytest.mark.parametrize(
    ("claim", "field"),
    [
        ({"player": "Noé", "combo": "paire", "cards": ["5R", "6B"]}, "player"),
        ({"player": "Léa", "combo": "poker", "cards": ["5R", "6B"]}, "combo"),
        ({"player": "Léa", "combo": "paire", "cards": ["5R", "5R"]}, "cards"),
        ({"player": "Léa", "combo": "paire"}, "cards"),
    ],
)
def test_invalid_check_bad_input_is_400_with_its_field(papi, claim, field):
    _, body = papi("POST", "parties", {"game": "num-check", "players": ["Léa", "Tom"]})
    status, answer = papi("POST", f"parties/{body['edit_token']}/invalid-checks", claim)
    assert status == 400 and answer["error"]["field"] == field, answer


def test_invalid_check_from_the_page_shows_in_the_clock_and_a_valid_one_is_refused(client):
    game = party("num_check", ["Léa", "Tom"])
    action = url(game, "action", action="invalid_check")
    tom = seat(game, 1).pk
    data = {"player": tom, "combo": "full", "cards": "7R 7B 3V 3J 9R", "if_version": game.version}
    assert client.post(action, data).status_code == 302
    page = client.get(url(game)).content.decode()
    assert 'data-testid="invalid-checks"' in page and "CHECK invalide (Full)" in page
    good = {**data, "combo": "paire", "cards": "7R 7B", "if_version": fresh(game).version}
    response = client.post(action, good)
    assert (
        response.status_code == 400 and "enregistrez-le comme annonce" in response.content.decode()
    )
    assert not Claim.objects.exists()
    with pytest.raises(InputError):
        check_writes.add_invalid_check(fresh(game), tom, "paire", "7R 7B")
