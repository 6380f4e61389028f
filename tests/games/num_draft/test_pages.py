"""NUM DRAFT's pages: the pool calculator (/num-draft/: a grid and its neighbours' columns
scored, its groups ringed) and the table (/num-draft/table/: every grid of a table ranked, and the
Ouverture, who starts by the smallest unique value)."""

import re
from html import unescape

from tests.matching import search


def test_num_draft_page_scores_and_highlights(client):
    html = client.get("/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic").content.decode()
    assert "9 points" in html and "Groupe des 1 : 3 cartes, 9 points" in html
    # the group's three places are ringed in the group's colour (its first line: gl1-0)
    ringed = re.findall(r'<div class="place [^"]*\bgrouped gl1-0"[^>]*title="([^"]+)"', html)
    assert [title.split(" : ")[0] for title in ringed] == [
        "grille, ligne 1, colonne gauche",
        "grille, ligne 1, colonne centre",
        "grille, ligne 1, colonne droite",
    ]


def test_num_draft_duplicate_is_reported(client):
    html = client.get("/num-draft/?g00=4S&l1=4S").content.decode()
    assert "posée deux fois" in html


def test_num_draft_table_and_opening(client):
    players = "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -"
    html = client.get("/num-draft/table/", {"players": players, "mode": "classic"}).content.decode()
    assert "Classement" in html
    html = client.get("/num-draft/table/", {"turned": "A : 3R\nB : 3B\nC : 5J"}).content.decode()
    assert "C a la plus petite valeur unique" in html


def test_opening_refuses_a_card_turned_twice_naming_the_players(client):
    html = client.get("/num-draft/table/", {"turned": "Léa : 3R\nTom : 3R\nZoé : 5J"})
    html = unescape(html.content.decode())
    assert "« 3R » est retournée deux fois (Léa, puis Tom)" in html
    assert "Zoé a la plus petite valeur unique" not in html


def test_opening_deck_selector_and_default_deck(client):
    html = unescape(
        client.get("/num-draft/table/", {"turned": "Léa : 14R\nTom : 3R"}).content.decode()
    )
    assert "Léa : « 14R »" in html and "0 à 12" in html
    html = client.get("/num-draft/table/", {"turned": "Léa : 14R\nTom : 3R", "values": "0-16"})
    assert "Tom a la plus petite valeur unique" in html.content.decode()


def test_opening_guides_the_second_turn_and_keeps_the_first(client):
    html = unescape(
        client.get(
            "/num-draft/table/", {"turned": "Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V"}
        ).content.decode()
    )
    assert "Tour 2" in html and "Léa, Tom, Zoé, Max retournent une nouvelle carte" in html
    # the following turns' field is offered, with a line to complete for each player
    assert re.search(r'name="again"[^>]*>\s*Léa : \nTom : \nZoé : \nMax : </textarea>', html)
    query = {
        "turned": "Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V",
        "again": "Léa : 7R\nTom : 2B\nZoé : 7J\nMax : 9V",
    }
    html = unescape(client.get("/num-draft/table/", query).content.decode())
    assert "Tom a la plus petite valeur unique (2)" in html and "Tour 2" in html


def test_opening_htmx_answers_the_form_and_result_fragment(client):
    html = client.get("/num-draft/table/", {"turned": "A : 3R\nB : 3B"}, HTTP_HX_REQUEST="true")
    html = html.content.decode()
    assert "<html" not in html and 'name="turned"' in html and 'data-testid="opening"' in html


def test_table_mode_shows_shared_positions(client):
    players = (
        "Léa : 1R 2R 3R / 5R - - / - - -\nTom : 9V 9B - / - - - / - - -\n"
        "Zoé : - 7V 7B / - - - / - - -"
    )
    html = client.get("/num-draft/table/", {"players": players, "mode": "classic"}).content.decode()
    table = search(r'data-testid="table-ranking".*?</table>', html, re.S).group(0)
    cells = re.findall(r"<tr><td>(\d)</td><td>(\w+)</td><td[^>]*>(\d+)</td>", table)
    assert [c[0] for c in cells] == ["1", "2", "2"]


def test_the_table_applies_the_names_rule(client):
    grids = "Léa : 1R 2R 3R / - - - / - - -\nLÉA : 1V 1B - / - - - / - - -"
    html = unescape(client.get("/num-draft/table/", {"players": grids}).content.decode())
    assert "« Léa » et « LÉA » ne diffèrent que par les majuscules" in html
