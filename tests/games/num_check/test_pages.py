"""NUM CHECK's pages: the calculator (/num-check/: a claim's score, its permalink and htmx
fragment, a bad card or an invalid CHECK explained), the detector (« Qu'est-ce que j'ai ? »: the
CHECKs a hand can claim from the centre, never all in hand) and the players' sheet (/num-check/feuille/)."""

import re
from html import unescape

from tests.matching import search


def test_num_check_permalink_and_fragment(client):
    url = "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4"
    page = client.get(url).content.decode()
    assert "26 points" in page and "Rang 4 : écart (7 − 3) × 2 = 8" in page
    fragment = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "26 points" in fragment and "<html" not in fragment


def test_num_check_bad_card_shows_message_under_field_and_keeps_input(client):
    html = client.get("/num-check/?combo=paire&cards=5R+17B&rank=1").content.decode()
    field = search(r'<input[^>]*id="id_cards"[^>]*>', html).group(0)
    assert 'value="5R 17B"' in field and "is-invalid" in field
    assert "err-id_cards" in search(r'aria-describedby="([^"]*)"', field).group(1).split()
    error = search(r'<div[^>]*id="err-id_cards"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "« 17B » : la valeur 17 n’existe pas" in error
    assert html.index('id="err-id_cards"') > html.index('id="id_cards"')  # below its field


def test_num_check_invalid_check_says_why(client):
    html = client.get("/num-check/?combo=brelan&cards=8R+8V+9B&rank=5").content.decode()
    result = search(r'data-testid="check-invalid">(.*?)</div>', html, re.S).group(1)
    assert "CHECK invalide" in result
    assert "ces cartes ne forment pas un Brelan (3 cartes de même valeur)" in unescape(result)


def test_detector_and_sheet(client):
    html = client.get("/num-check/detecteur/?hand=7R+7B+7J+3V+3A&rank=1").content.decode()
    found = search(r'data-testid="detected">(.*?)</ol>', html, re.S).group(1)
    assert re.search(r"<strong>Full</strong>.*?data-score=\"\d+\">\d+ pts", found, re.S)
    response = client.post(
        "/num-check/feuille/",
        {"players": "Léa : Paire 5R 5B\nLéa : Brelan 7R 7B 7J\nTom : Full 7R 7B 7J 3V 3A"},
    )
    html = response.content.decode()
    assert '<span data-score="42" data-player="Léa">42 points</span>' in html
    assert '<span data-score="26" data-player="Tom">26 points</span>' in html


def test_detector_never_suggests_a_combination_all_in_hand(client):
    # The referee's old link: hand = the first four cards, centre = the last (7V).
    html = client.get("/num-check/detecteur/?hand=9R+9B+2J+3V+7V&rank=1").content.decode()
    assert "Aucun CHECK possible" in html
    assert "19 pts" not in html
    assert 'value="9R 9B 2J 3V"' in html and 'value="7V"' in html


def test_detector_from_hand_and_centre_shows_claim_hand_cards_and_a_calculator_link(client):
    url = "/num-check/detecteur/?hand=7R+7B+3V+3J&centre=7J+3A+12S&rank=4&exclude=brelan"
    html = client.get(url).content.decode()
    checks = re.findall(r'data-testid="detected-check".*?</li>', html, re.S)
    assert len(checks) == 6  # Full, Paire, Double Paire with 7J or with 3A
    assert "Full" in checks[0] and "26 pts" in checks[0] and "réclamer" in checks[0]
    assert "/num-check/?combo=full&amp;cards=7R+7B+3V+3J+7J&amp;rank=4#calcul" in checks[0]
    assert 'id="id_centre"' in html and 'data-target="#id_centre"' in html


def test_detector_without_centre_asks_for_it(client):
    html = client.get("/num-check/detecteur/?hand=7R+7B&rank=1").content.decode()
    assert "cartes face visible au centre" in html


def test_detector_card_in_hand_and_centre_is_shown_on_the_centre_field(client):
    html = client.get("/num-check/detecteur/?hand=7R+7B&centre=7R&rank=1").content.decode()
    error = search(r'id="err-id_centre"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "7R" in error and "main et au centre" in error


def test_num_check_sheet_shows_shared_positions(client):
    lines = "Léa : Paire 5R 5B\nTom : Paire 5V 5J\nZoé : Brelan 7R 7B 7J"
    html = client.post("/num-check/feuille/", {"players": lines}).content.decode()
    assert "1. Zoé (25) · 2. Léa (15) · 2. Tom (15)" in html


def test_rank_table_explains_the_couleur_elargi_switch(client):
    html = client.get("/num-check/?combo=couleur&cards=2S+5S+9S+11S+14S&rank=1").content.decode()
    table = search(r"Cette combinaison aux rangs 1 à 8.*?</table>", html, re.S).group(0)
    assert "<strong>élargi</strong>" in table and table.count("<td>normal</td>") == 7
    assert 'data-testid="rank-note"' in html and "Au rang 4 seulement" in html
    assert 'href="#arbitrage-couleur-elargie"' in html


def test_the_sheet_applies_the_names_rule(client):
    sheet = "Léa : Paire 5R 5B\nléa : Paire 6R 6B"
    html = unescape(client.get("/num-check/feuille/", {"players": sheet}).content.decode())
    assert "« Léa » et « léa » ne diffèrent que par les majuscules" in html
