"""GET /donnes/ (docs/deals.md): the printable sheet of a prepared deal, its cards the engine's,
bad input at its field in French and English."""

from __future__ import annotations

import re

import pytest

from calculators.engines import dealbest, deals

pytestmark = pytest.mark.django_db


def cards_of(html: str, seat: int, place: str) -> list[str]:
    block = html.split(f'data-seat="{seat}"')[1].split("</article>")[0]
    return re.findall(rf'data-card="([^"]+)" data-place="{place}"', block)


def test_the_form_alone_without_a_query(client):
    response = client.get("/donnes/")
    assert response.status_code == 200
    assert 'data-testid="deal-sheet"' not in response.content.decode()


def test_num_draft_sheet_gives_each_seat_the_engines_cards(client):
    response = client.get("/donnes/?jeu=num-draft&mode=discovery&sieges=4&graine=club-1")
    assert response.status_code == 200
    html = response.content.decode()
    dealt = deals.deal(deals.NUM_DRAFT, 4, "club-1")
    for n, seat in enumerate(dealt.seats, start=1):
        assert cards_of(html, n, "grid") == [str(c) for row in seat.grid for c in row]
        assert cards_of(html, n, "hand") == [str(c) for c in seat.hand]
    assert 'data-seat="5"' not in html
    assert "Découverte" in html and "club-1" in html and "paquet 0-12" in html


def test_num5_sheet_gives_ten_cards_a_seat_and_the_rows(client):
    html = client.get("/donnes/?jeu=num5&sieges=5&graine=soir").content.decode()
    dealt = deals.deal(deals.NUM5, 5, "soir")
    for n, seat in enumerate(dealt.seats, start=1):
        assert cards_of(html, n, "hand") == [str(c) for c in seat.hand]
        assert cards_of(html, n, "grid") == []
    assert "Rangées de départ" in html


def test_no_seed_draws_one_and_moves_to_the_address_naming_it(client):
    response = client.get("/donnes/?jeu=num5&sieges=4")
    assert response.status_code == 302
    assert "graine=" in response["Location"]
    again = client.get(response["Location"])
    assert again.status_code == 200 and 'data-testid="deal-sheet"' in again.content.decode()


@pytest.mark.parametrize(
    ("query", "field", "french"),
    [
        ("jeu=num5&sieges=9&graine=a", "sieges", "une donne de Num 5 compte de 3 à 8 sièges"),
        ("jeu=num5&mode=classic&sieges=4&graine=a", "mode", "le mode de Num 5"),
        ("jeu=num-draft&sieges=6&paquet=0-12&graine=a", "paquet", "ne suffit pas"),
        ("jeu=num-draft&sieges=deux&graine=a", "sieges", "nombre entier"),
        ("jeu=num-check&sieges=4", "jeu", "Sélectionnez un choix valide"),
    ],
)
def test_bad_input_at_its_field(client, query, field, french):
    response = client.get(f"/donnes/?{query}")
    assert response.status_code == 400
    html = response.content.decode()
    error = html.split(f'data-testid="error-{field}">')[1].split("</div>")[0]
    assert french in error
    assert 'data-testid="deal-sheet"' not in html


def test_english_sheet_and_errors(client):
    html = client.get("/en/donnes/?jeu=num-draft&sieges=2&graine=club-1").content.decode()
    assert "Seat 1" in html and "Hand" in html
    bad = client.get("/en/donnes/?jeu=num5&sieges=9&graine=a")
    assert bad.status_code == 400
    assert "a deal of Num 5 has 3 to 8 seats" in bad.content.decode()


def test_num_draft_sheet_shows_each_seats_best_possible_score(client):
    # docs/deals.md#donnes-meilleur: the grid alone, in the sheet's mode
    html = client.get("/donnes/?jeu=num-draft&mode=classic&sieges=3&graine=club-1").content.decode()
    dealt = deals.deal(deals.NUM_DRAFT, 3, "club-1")
    totals = re.findall(r'data-testid="best" data-total="(\d+)" data-exact="(\w+)"', html)
    assert totals == [
        (str(dealbest.best_grid(s.cards, "classic").total), "true") for s in dealt.seats
    ]
    best = dealbest.best_grid(dealt.seats[0].cards, "classic")
    first = html.split('data-seat="1"')[1].split("</article>")[0]
    assert re.findall(r'data-best-card="([^"]+)"', first) == [str(c) for r in best.grid for c in r]
    assert "Meilleur score possible" in html and "sans les colonnes des voisins" in html


def test_num5_sheet_has_no_best_score(client):
    html = client.get("/donnes/?jeu=num5&sieges=4&graine=soir").content.decode()
    assert 'data-testid="best"' not in html


def test_best_score_in_english(client):
    html = client.get("/en/donnes/?jeu=num-draft&sieges=2&graine=club-1").content.decode()
    assert "Best possible score: " in html


def test_deal_number_is_shown_big_and_kept_in_the_form(client):
    html = client.get("/donnes/?jeu=num5&sieges=4&graine=soir&numero=12").content.decode()
    number = html.split('data-testid="numero">')[1].split("</p>")[0]
    assert "12" in number and "Donne n" in number
    assert re.search(r'name="numero" id="[^"]+" value="12"', html)
    assert "<title>Donne n° 12" in html


def test_deal_number_kept_when_a_seed_is_drawn(client):
    response = client.get("/donnes/?jeu=num5&sieges=4&numero=7")
    assert response.status_code == 302 and "numero=7" in response["Location"]


def test_no_deal_number_no_number_shown(client):
    html = client.get("/donnes/?jeu=num5&sieges=4&graine=soir").content.decode()
    assert 'data-testid="numero"' not in html


@pytest.mark.parametrize("numero", ["0", "1000", "douze"])
def test_deal_number_out_of_range_refused_at_its_field(client, numero):
    response = client.get(f"/donnes/?jeu=num5&sieges=4&graine=a&numero={numero}")
    assert response.status_code == 400
    error = response.content.decode().split('data-testid="error-numero">')[1].split("</div>")[0]
    assert error.strip()


def test_deal_number_in_english(client):
    html = client.get("/en/donnes/?jeu=num5&sieges=4&graine=soir&numero=3").content.decode()
    assert "Deal no. 3" in html
