"""Num Connect Parties (/num-connect/regles/#arbitrage-partie-connect): a hand is won by the
player who lays their last card first; the cards left in the other hands, when counted, break
ties of hands won. The services, the JSON API and the page without JavaScript."""

import csv
import io

import pytest
from django.urls import reverse

from calculators.engines.cards import InputError
from calculators.games.num_connect.party import writes
from calculators.parties import services
from calculators.parties.board import board
from calculators.parties.models import Game
from tests.factories import fresh, party, seat

pytestmark = pytest.mark.django_db


def connect(names=("Léa", "Tom", "Zoé")):
    return party("num_connect", names)


def standings(game):
    b = board(fresh(game))
    return {r.player.name: (r.position, r.wins, r.total) for r in b.rows}


# --------------------------------------------------------------------------- the rules


def test_who_went_out_first_wins_the_hand():
    game = connect()
    writes.add_hand(game, "Tom")
    writes.add_hand(game, seat(game, 2).pk)
    writes.add_hand(game, "tom")  # a name by the names rule
    assert standings(game) == {"Léa": (3, 0, 0), "Tom": (1, 2, 0), "Zoé": (2, 1, 0)}
    hands = list(fresh(game).rounds.all())
    assert [h.number for h in hands] == [1, 2, 3]
    assert hands[0].entries == {str(seat(game, 1).pk): {"out": True}}


def test_fewest_cards_left_break_a_tie_of_hands_won():
    game = connect()
    writes.add_hand(game, "Léa", {"Tom": 3, "Zoé": 7})
    writes.add_hand(game, "Tom", {"Léa": 5, "Zoé": 2})
    # Léa and Tom won one hand each: Tom holds 3 cards left in all, Léa 5
    assert standings(game) == {"Léa": (2, 1, 5), "Tom": (1, 1, 3), "Zoé": (3, 0, 9)}


def test_equal_wins_and_cards_left_share_the_place():
    game = connect()
    writes.add_hand(game, "Léa", {"Tom": 4, "Zoé": 4})
    writes.add_hand(game, "Tom", {"Léa": 4, "Zoé": 4})
    assert standings(game) == {"Léa": (1, 1, 4), "Tom": (1, 1, 4), "Zoé": (3, 0, 8)}


def test_hands_without_counts_leave_the_tie_break_to_the_counted_ones():
    game = connect(("Léa", "Tom"))
    writes.add_hand(game, "Léa")
    writes.add_hand(game, "Tom", {"Léa": 2})
    assert standings(game) == {"Léa": (2, 1, 2), "Tom": (1, 1, 0)}


@pytest.mark.parametrize("value", [13, -1, "douze", "1.5", True, "٣"])
def test_cards_left_are_a_whole_number_up_to_the_hand_dealt(value):
    game = connect()
    with pytest.raises(writes.CountError) as err:
        writes.add_hand(game, "Léa", {"Tom": value, "Zoé": 2})
    assert err.value.field == "left" and "Tom" in err.value.message
    assert "12" in err.value.message and err.value.player == seat(game, 1).pk
    assert fresh(game).version == 1


def test_cards_left_are_given_for_every_other_player_or_none():
    game = connect()
    with pytest.raises(InputError) as err:
        writes.add_hand(game, "Léa", {"Tom": 3})
    assert err.value.field == "left" and "Zoé" in err.value.message


def test_the_player_who_went_out_holds_no_card():
    game = connect()
    with pytest.raises(InputError) as err:
        writes.add_hand(game, "Léa", {"Léa": 2, "Tom": 3, "Zoé": 1})
    assert err.value.field == "left" and "Léa" in err.value.message
    writes.add_hand(game, "Léa", {"Léa": 0, "Tom": 3, "Zoé": 1})  # 0 is what it is
    assert standings(game)["Léa"] == (1, 1, 0)


@pytest.mark.parametrize("out", [None, "", "Max", 10**9])
def test_the_hand_names_a_player_of_the_table(out):
    game = connect()
    with pytest.raises(InputError) as err:
        writes.add_hand(game, out)
    assert err.value.field == "out"


def test_a_hand_undone_and_redone():
    game = connect()
    writes.add_hand(game, "Léa", {"Tom": 3, "Zoé": 7})
    writes.add_hand(game, "Zoé")
    before = standings(game)
    services.undo(game)
    assert standings(game) == {"Léa": (1, 1, 0), "Tom": (2, 0, 3), "Zoé": (3, 0, 7)}
    services.redo(game)
    assert standings(game) == before


def test_undoing_an_earlier_hand_alone_is_refused_while_a_later_one_stands():
    game = connect()
    writes.add_hand(game, "Léa")
    writes.add_hand(game, "Zoé")
    with pytest.raises(services.Conflict):
        services.undo_entry(game, 2)
    services.undo_entry(game, 3)  # the latest hand, alone
    assert standings(game)["Zoé"][1] == 0 and fresh(game).rounds.count() == 1


def test_a_hand_deleted_renumbers_the_later_ones_and_undo_puts_it_back():
    game = connect()
    writes.add_hand(game, "Léa")
    writes.add_hand(game, "Tom", {"Léa": 1, "Zoé": 2})
    writes.add_hand(game, "Zoé")
    rounds = [(r.number, r.entries) for r in fresh(game).rounds.all()]
    writes.delete_hand(game, 1)
    assert [r.number for r in fresh(game).rounds.all()] == [1, 2]
    assert standings(game)["Léa"] == (3, 0, 1)
    services.undo(game)
    assert [(r.number, r.entries) for r in fresh(game).rounds.all()] == rounds
    with pytest.raises(InputError) as err:
        writes.delete_hand(game, 9)
    assert err.value.field == "hand"


def test_no_player_joins_once_a_hand_is_entered():
    game = connect()
    services.add_player(game, "Max")
    writes.add_hand(game, "Max")
    with pytest.raises(services.Conflict):
        services.add_player(game, "Ana")


def test_the_party_ends_when_the_table_says_so_with_the_leaders():
    game = connect()
    writes.add_hand(game, "Tom")
    assert not board(fresh(game)).finished  # the rulebook fixes no number of hands
    services.finish(game)
    b = board(fresh(game))
    assert b.finished and b.winners == ("Tom",) and b.note
    with pytest.raises(services.Conflict):
        writes.add_hand(game, "Léa")


def test_the_csv_lists_each_hand_and_the_standings():
    game = connect()
    writes.add_hand(game, "Léa", {"Tom": 3, "Zoé": 7})
    writes.add_hand(game, "Zoé")
    from calculators.parties.export import export_csv

    rows = list(csv.reader(io.StringIO(export_csv(fresh(game)).lstrip("\ufeff")), delimiter=";"))
    assert rows[0][:2] == ["Partie", "Num Connect"] and "Mode" not in rows[0]
    assert rows[2][1:] == ["Dernière carte posée par", "Léa", "Tom", "Zoé"]
    assert rows[3] == ["1", "Léa", "0", "3", "7"] and rows[4] == ["2", "Zoé", "", "", ""]
    assert ["1", "Léa", "1", "0"] in rows and ["3", "Tom", "0", "3"] in rows


# --------------------------------------------------------------------------- the JSON API


def create(papi, players=("Léa", "Tom", "Zoé")):
    status, body = papi("POST", "parties", {"game": "num-connect", "players": list(players)})
    assert status == 201, body
    return body


def test_api_creates_a_num_connect_party_without_a_mode(papi):
    body = create(papi)
    assert body["game"] == "num-connect" and body["mode"] == "" and body["hands"] == []
    assert [p["wins"] for p in body["players"]] == [0, 0, 0]
    assert Game.objects.get().kind == "num_connect"


def test_api_writes_a_hand_undoes_it_and_reads_it(papi):
    party = create(papi)
    token = party["edit_token"]
    status, body = papi(
        "POST", f"parties/{token}/hands", {"out": "Tom", "left": {"Léa": 4, "Zoé": 1}}
    )
    assert status == 201, body
    assert body["hands"] == [{"number": 1, "out": "Tom", "left": {"Léa": 4, "Tom": 0, "Zoé": 1}}]
    assert {p["name"]: (p["position"], p["wins"], p["total"]) for p in body["players"]} == {
        "Léa": (3, 0, 4),
        "Tom": (1, 1, 0),
        "Zoé": (2, 0, 1),
    }
    assert body["history"][0]["summary"] == "Manche 1 : Tom pose sa dernière carte"
    status, body = papi("POST", f"parties/{token}/hands", {"out": "Zoé"})
    assert status == 201 and body["hands"][1] == {"number": 2, "out": "Zoé", "left": None}
    status, body = papi("POST", f"parties/{token}/undo", {})
    assert status == 200 and len(body["hands"]) == 1
    status, body = papi("GET", f"parties/{party['read_token']}")
    assert status == 200 and len(body["hands"]) == 1 and "edit_url" not in body
    status, body = papi("DELETE", f"parties/{token}/hands/1", {})
    assert status == 200 and body["hands"] == []


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"out": "Max"}, "out"),
        ({}, "out"),
        ({"out": "Léa", "left": {"Tom": 13, "Zoé": 1}}, "left"),
        ({"out": "Léa", "left": {"Tom": 3}}, "left"),
        ({"out": "Léa", "left": {"Tom": "3", "Zoé": 1}}, "left"),
        ({"out": "Léa", "left": {"Max": 3}}, "left"),
        ({"out": "Léa", "left": [3, 4]}, "left"),
    ],
)
def test_api_refuses_a_bad_hand_at_its_field(papi, payload, field):
    token = create(papi)["edit_token"]
    status, body = papi("POST", f"parties/{token}/hands", payload)
    assert status == 400 and body["error"]["field"] == field and body["error"]["message"]
    assert Game.objects.get().version == 1


def test_api_refuses_a_hand_from_the_read_link(papi):
    party = create(papi)
    status, body = papi("POST", f"parties/{party['read_token']}/hands", {"out": "Léa"})
    assert status == 403 and "error" in body


def test_api_refuses_a_hand_to_another_game(papi):
    status, body = papi("POST", "parties", {"game": "num5", "players": ["A", "B", "C"]})
    status, body = papi("POST", f"parties/{body['edit_token']}/hands", {"out": "A"})
    assert status == 400 and body["error"]["field"] == "game"


def test_api_schema_documents_the_hand_writes(client):
    schema = client.get("/api/v1/openapi.json").json()
    paths = schema["paths"]
    assert "post" in paths["/api/v1/parties/{token}/hands"]
    assert "delete" in paths["/api/v1/parties/{token}/hands/{number}"]
    assert "NumConnectPartyHandIn" in schema["components"]["schemas"]


# --------------------------------------------------------------------------- the page, JS off


def test_page_without_javascript_adds_a_hand_and_says_a_bad_count_at_its_field(client):
    game = connect()
    page = reverse("parties:game", args=[game.edit_token])
    html = client.get(page).content.decode()
    assert 'name="out"' in html and "Ajouter la manche" in html and "Mode" not in html
    tom, zoe = seat(game, 1).pk, seat(game, 2).pk
    url = reverse("parties:action", args=[game.edit_token, "hand_add"])
    refused = client.post(
        url, {"seen": 1, "out": seat(game, 0).pk, f"p{tom}": "15", f"p{zoe}": "2"}
    )
    html = refused.content.decode()
    assert refused.status_code == 400 and 'data-testid="left-error-1"' in html
    assert "Tom : les cartes restantes sont un nombre entier de 0 à 12" in html
    assert 'value="15"' in html and fresh(game).version == 1
    done = client.post(url, {"seen": 1, "out": seat(game, 0).pk, f"p{tom}": "5", f"p{zoe}": "2"})
    assert done.status_code == 302
    html = client.get(page).content.decode()
    assert "Manche 1 : Léa pose sa dernière carte" in html and "Cartes restantes" in html
    assert standings(game)["Léa"] == (1, 1, 0)
    # this phone's « Annuler » takes its hand back
    assert 'data-testid="undo"' in html
    undo = reverse("parties:action", args=[game.edit_token, "undo"])
    assert client.post(undo, {"seen": 2, "target": 2}).status_code == 302
    assert fresh(game).rounds.count() == 0


def test_page_english_says_the_hand_in_english(client):
    game = connect()
    writes.add_hand(game, "Tom", {"Léa": 1, "Zoé": 2})
    html = client.get("/en" + reverse("parties:game", args=[game.read_token])).content.decode()
    assert "Round 1: Tom lays their last card" in html and "Cards left" in html


def test_new_party_form_offers_num_connect(client):
    html = client.get(reverse("parties:new") + "?kind=num-connect").content.decode()
    assert 'value="num_connect" checked' in html and "mode_num_connect" not in html
    response = client.post(reverse("parties:new"), {"kind": "num_connect", "players": "Léa\nTom"})
    assert response.status_code == 302
    assert Game.objects.get().kind == "num_connect"
    home = client.get("/").content.decode()
    assert "?kind=num_connect" in home


def test_api_a_hand_sent_twice_with_its_idempotency_key_is_written_once(client):
    game = connect()
    url = f"/api/v1/parties/{game.edit_token}/hands"
    body = '{"out": "Zoé", "left": {"Léa": 2, "Tom": 9}}'
    answers = [
        client.post(url, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="hand-1")
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[1]["Idempotent-Replayed"] == "true"
    assert answers[1].json()["entry"] == answers[0].json()["history"][0]
    assert fresh(game).rounds.count() == 1 and fresh(game).version == 2


def test_a_num_connect_party_takes_no_mode():
    game = services.create_game("num-connect", None, ["Léa", "Tom"])
    assert game.mode == "" and game.kind == "num_connect"
    with pytest.raises(InputError) as err:
        services.create_game("num-connect", "classic", ["Léa", "Tom"])
    assert err.value.field == "mode" and "Num Connect" in err.value.message


def test_two_phones_adding_hands_merge_but_a_removal_after_an_unseen_hand_is_refused():
    game = connect()
    writes.add_hand(game, "Léa")  # version 2, seen by both phones
    writes.add_hand(game, "Tom", None, services.Seen(2))
    writes.add_hand(game, "Zoé", None, services.Seen(2))  # the other phone: both kept
    assert [h.number for h in fresh(game).rounds.all()] == [1, 2, 3]
    writes.delete_hand(game, 3, services.Seen(4))  # renumbers: a phone at version 4 …
    with pytest.raises(services.Conflict) as err:
        writes.delete_hand(game, 1, services.Seen(4))  # … has not seen that removal
    assert err.value.entry is not None and err.value.entry.action == "hand_delete"


def test_a_name_of_digits_is_the_player_so_named_never_the_player_with_that_id():
    """The API names players; a player named like another player's id is that player."""
    game = connect(("Léa", "Tom", "Zoé"))
    tom = game.players.get(name="Tom")
    services.rename(
        game, game.players.get(name="Zoé").pk, str(tom.pk)
    )  # « Zoé » is now « <Tom's id> »
    game = fresh(game)
    writes.add_hand(game, str(tom.pk), {"Léa": 2, "Tom": 3})
    hand = board(fresh(game)).rows
    winner = next(r for r in hand if r.wins == 1)
    assert winner.player.name == str(tom.pk)  # the player so named, not Tom
    # the page's form passes ids as numbers (its select): Tom by his id
    writes.add_hand(fresh(game), tom.pk)
    assert next(r for r in board(fresh(game)).rows if r.player.pk == tom.pk).wins == 1
