"""Bad input the API once let through: a Num 5 entry given both ways, a duplicate key; and the
agreement of the sums' messages (« la somme … négative »)."""

import json

import pytest

from calculators.engines import num5
from calculators.engines.cards import InputError
from tests.factories import party

pytestmark = pytest.mark.django_db


def test_ruling_round_entered_one_way_cards_and_sums_together_are_400_players(api):
    players = [
        {"name": "Léa", "cards": ["12R"], "plus": 12, "minus": 0},
        {"name": "Tom", "cards": []},
        {"name": "Zoé", "cards": []},
    ]
    status, body = api("num5/round", {"players": players})
    assert status == 400 and body["error"]["field"] == "players"
    assert "Léa" in body["error"]["message"] and "pas les deux" in body["error"]["message"]


def test_ruling_round_entered_one_way_in_a_party_round_too(client):
    game = party("num5", ["Léa", "Tom", "Zoé"])
    entries = {"Léa": {"cards": ["12R"], "minus": 0}, "Tom": {"cards": []}, "Zoé": {"cards": []}}
    response = client.post(
        f"/api/v1/parties/{game.edit_token}/rounds",
        data=json.dumps({"entries": entries}),
        content_type="application/json",
    )
    assert response.status_code == 400 and "pas les deux" in response.json()["error"]["message"]


def test_a_negative_sum_is_said_in_the_feminine():
    with pytest.raises(InputError) as err:
        num5.make_entry({"plus": -3, "minus": 0}, "Léa")
    assert "ne peut pas être négative (-3)" in err.value.message


def test_a_key_twice_in_one_object_is_400_body(client):
    response = client.post(
        "/api/v1/num-check/score",
        data='{"combo": "paire", "cards": ["5R", "5B"], "rank": 1, "rank": 8}',
        content_type="application/json",
    )
    assert response.status_code == 400 and response.json()["error"]["field"] == "body"
    assert "« rank » apparaît deux fois" in response.json()["error"]["message"]


@pytest.mark.parametrize(("value", "word"), [("4", "nombre entier"), (True, "nombre entier")])
def test_a_rank_sent_as_text_or_bool_names_the_field(api, value, word):
    status, body = api("num-check/score", {"combo": "paire", "cards": ["5R", "5B"], "rank": value})
    assert status == 400 and body["error"] == {
        "field": "rank",
        "message": f"« rank » est un {word}.",
    }


def test_schema_refusals_are_english_with_accept_language_en(client):
    response = client.post(
        "/api/v1/num5/round",
        data=json.dumps({"players": [{"name": "A", "plus": "5", "minus": 1}]}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.json()["error"] == {
        "field": "players",
        "message": "“players[0].plus” is a whole number.",
    }
