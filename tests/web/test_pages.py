"""Pages: home, rulebooks (every section and table of the source), calculators, htmx fragments."""

import re
from html import unescape

import pytest
from django.urls import reverse

from rules.games import GAMES

# The section headings and tables of each source rulebook (../shared/rulebooks), listed by hand.
HEADINGS = {
    "num-check": [
        "Objectif du jeu",
        "Mise en place",
        "Les cartes",
        "Rainbow",
        "Shadow",
        "Cartes Action",
        "Déroulement d'un tour",
        "Échanger une carte",
        "Dire ZAP",
        "Réclamer une carte & annoncer CHECK",
        "Table des combinaisons",
        "Carte de référence & rang",
        "Bonus du rang de réalisation",
        "Modes de jeu",
        "Fin de partie",
        "Règles importantes",
        "Classement",
    ],
    "num-draft": [
        "Objectif du jeu",
        "Mise en place",
        "Ouverture de partie",
        "Les cartes",
        "Joker (2 exemplaires)",
        "Déroulement d'un tour",
        "Commandements du tour",
        "DONNE !",
        "POSE !",
        "PASSE !",
        "La grille et le partage entre voisins",
        "Partage au scoring",
        "Scoring",
        "Bonus de provenance voisine",
        "Mode Classique (officiel)",
        "Mode Découverte/Familiale",
        "Fin de partie",
        "Annonce NUM DRAFT",
        "Règles importantes",
        "Classement",
    ],
    "num-5": [
        "Présentation générale",
        "Objectif du jeu",
        "Composition du jeu",
        "Mise en place",
        "Déroulement d'un tour",
        "Placement et récupération",
        "Rainbow",
        "Shadow",
        "Récupération de rangée",
        "Fin de partie",
        "Variante « Explosion de rangée »",
    ],
    "num-connect": [
        "Présentation",
        "Objectif",
        "Nombre de joueurs",
        "Composition du jeu",
        "Mise en place",
        "Déroulement d'un tour",
        "Première pose d'un joueur",
        "Combinaisons valides",
        "Suite de même couleur",
        "Suite multicolore",
        "Règle spéciale Rainbow",
        "Reset de couleur et de type",
        "Règle spéciale Shadow",
        "Connexion à une grille",
        "Extensions des combinaisons",
        "Combinaisons libres",
        "Fin de la partie",
    ],
}
TABLES = {
    "num-check": [
        ["Paire", "Num's", "Full Cosmique"],
        ["+8 points fixes", "Points de base ×2"],
        ["Classique", "Famille"],
        ["Moins de 100 pts", "Légende de NUM CHECK"],
    ],
    "num-draft": [
        ["Gauche", "Centre"],
        ["Groupe Couleur", "Groupe Valeur"],
        ["Classique", "+0 point"],
        ["Moins de 18 points", "62 points et plus"],
        ["Moins de 25 points", "75 points et plus"],
    ],
    "num-5": [],
    "num-connect": [],
}


def plain(html):
    """The page as written in the content files: French typography (narrow no-break spaces,
    typographic apostrophes) undone, so the headings compare with the source text."""
    return html.replace("\u202f", " ").replace("\u2019", "'")


def tables_of(html):
    return re.findall(r"<table.*?</table>", html, flags=re.S)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_rulebook_page_has_every_section_and_table(client, game):
    html = plain(unescape(client.get(reverse("rules:rulebook", args=[game.slug])).content.decode()))
    titles = [
        re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h[23][^>]*>(.*?)</h[23]>", html, re.S)
    ]
    for heading in HEADINGS[game.slug]:
        assert any(heading in title for title in titles), heading
    tables = tables_of(html)
    assert len(tables) == len(TABLES[game.slug])
    for table, cells in zip(tables, TABLES[game.slug], strict=True):
        for cell in cells:
            assert cell in table
    assert "Précisions d'arbitrage" in html


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_game_page_shows_rulebook_beside_calculator(client, game):
    response = client.get(game.url)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="regles"' in html and 'id="calculer"' in html
    assert 'lang="fr"' in html and "htmx" in html
    # Nothing loaded from elsewhere (the hreflang alternates are absolute links, not loads).
    loaded = re.sub(r'<link rel="alternate" hreflang="[a-z-]+" href="[^"]*">', "", html)
    assert not re.search(r'(src|href)="(https?:)?//', loaded)


def test_home_lists_the_four_games(client):
    html = client.get("/").content.decode()
    for game in GAMES:
        assert game.name in html and game.url in html and game.rules_url in html


@pytest.mark.django_db
def test_healthz(client):
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok"}


def test_french_404(client):
    response = client.get("/pas-de-page/")
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


def test_num_check_permalink_and_fragment(client):
    url = "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4"
    page = client.get(url).content.decode()
    assert "26 points" in page and "Rang 4 : écart (7 − 3) × 2 = 8" in page
    fragment = client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert "26 points" in fragment and "<html" not in fragment


def test_num_check_bad_card_shows_message_under_field_and_keeps_input(client):
    html = client.get("/num-check/?combo=paire&cards=5R+17B&rank=1").content.decode()
    assert "la valeur 17 n&#x27;existe pas" in html
    assert 'value="5R 17B"' in html


def test_num_check_invalid_check_says_why(client):
    html = client.get("/num-check/?combo=brelan&cards=8R+8V+9B&rank=5").content.decode()
    assert "CHECK invalide" in html


def test_detector_and_sheet(client):
    html = client.get("/num-check/detecteur/?hand=7R+7B+7J+3V+3A&rank=1").content.decode()
    assert "Full" in html and "pts" in html
    response = client.post(
        "/num-check/feuille/",
        {"players": "Léa : Paire 5R 5B\nLéa : Brelan 7R 7B 7J\nTom : Full 7R 7B 7J 3V 3A"},
    )
    html = response.content.decode()
    assert "42 points" in html and "26 points" in html


def test_num_draft_page_scores_and_highlights(client):
    html = client.get("/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic").content.decode()
    assert "9 points" in html and "Groupe des 1" in html


def test_num_draft_duplicate_is_reported(client):
    html = client.get("/num-draft/?g00=4S&l1=4S").content.decode()
    assert "posée deux fois" in html


def test_num_draft_table_and_opening(client):
    players = "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -"
    html = client.get("/num-draft/table/", {"players": players, "mode": "classic"}).content.decode()
    assert "Classement" in html
    html = client.get("/num-draft/table/", {"turned": "A : 3R\nB : 3B\nC : 5J"}).content.decode()
    assert "C a la plus petite valeur unique" in html


def test_num5_sheet_add_and_remove_rounds(client):
    base = {"players": "A, B, C", "n": "1", "r0_0": "10R", "r0_1": "5", "r0_2": "3 - 1"}
    html = client.get("/num-5/", base).content.decode()
    assert "winner-cell" in html
    html = client.get("/num-5/", {**base, "add": "1"}).content.decode()
    assert 'name="r1_0"' in html
    html = client.get("/num-5/", {**base, "n": "2", "r1_0": "1R", "remove": "0"}).content.decode()
    assert 'name="r1_0"' not in html and 'value="1R"' in html


def test_num_connect_page(client):
    html = client.get("/num-connect/?cards=8R+8V+8A+7V+6B+5J+4R+3A+4B+5B").content.decode()
    assert "3 segments" in html


RESULT_MARKERS = (
    'data-testid="check-total"',
    'data-testid="check-invalid"',
    'data-testid="sheet-player"',
    'data-testid="draft-total"',
    'data-testid="table-ranking"',
    'data-testid="opening"',
    "Points par manche",
    'data-testid="connect-valid"',
    'data-testid="turn-steps"',
    'data-testid="detected"',
    'data-testid="num5-pending"',
    'data-testid="connect-invalid"',
    "Nouvelle partie",
)


def ruling_examples(game):
    """Each ruling of the game's « Précisions d'arbitrage »: its anchor and its example links."""
    sections = re.findall(r'<section[^>]*class="ruling".*?</section>', game.rulings_html, re.S)
    assert sections, game.slug
    for section in sections:
        anchor = re.search(r'<h3[^>]* id="([^"]+)"', section).group(1)
        links = re.findall(r'<a class="try-link" href="([^"]+)"', section)
        yield anchor, [unescape(link) for link in links]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_ruling_has_an_example_that_opens_a_working_calculator(client, game):
    for anchor, links in ruling_examples(game):
        assert links, anchor
        for link in links:
            response = client.get(link)
            assert response.status_code == 200, anchor
            html = response.content.decode()
            assert "is-invalid" not in html and "alert-danger" not in html, anchor
            assert any(marker in html for marker in RESULT_MARKERS), anchor


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_ruling_example_opens_a_calculator_not_a_party(game):
    for anchor, links in ruling_examples(game):
        for link in links:
            assert not link.startswith("/parties/"), anchor


def test_french_500_page_renders_without_context(rf):
    from numsite.views import server_error

    response = server_error(rf.get("/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert "Une erreur est survenue" in html and '<html lang="fr">' in html
    assert '<a href="/">' in html


def test_english_500_page_in_the_language_of_the_request(rf):
    """The page is drawn without a context, in the language the request had activated."""
    from django.utils import translation

    from numsite.views import server_error

    with translation.override("en"):
        html = server_error(rf.get("/en/num-check/")).content.decode()
    assert '<html lang="en">' in html and '<a href="/en/">' in html
    assert "Une erreur" not in html and "error" in html.lower()


def test_rulebook_page_is_printable(client):
    html = client.get("/num-draft/regles/").content.decode()
    assert 'media="print"' in html and "data-print" in html


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
    error = re.search(r'id="err-id_centre"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert "7R" in error and "main et au centre" in error


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
    table = re.search(r'data-testid="table-ranking".*?</table>', html, re.S).group(0)
    cells = re.findall(r"<tr><td>(\d)</td><td>(\w+)</td><td[^>]*>(\d+)</td>", table)
    assert [c[0] for c in cells] == ["1", "2", "2"]


def test_num_check_sheet_shows_shared_positions(client):
    lines = "Léa : Paire 5R 5B\nTom : Paire 5V 5J\nZoé : Brelan 7R 7B 7J"
    html = client.post("/num-check/feuille/", {"players": lines}).content.decode()
    assert "1. Zoé (25) · 2. Léa (15) · 2. Tom (15)" in html


def test_rank_table_explains_the_couleur_elargi_switch(client):
    html = client.get("/num-check/?combo=couleur&cards=2S+5S+9S+11S+14S&rank=1").content.decode()
    table = re.search(r"Cette combinaison aux rangs 1 à 8.*?</table>", html, re.S).group(0)
    assert "<strong>élargi</strong>" in table and table.count("<td>normal</td>") == 7
    assert 'data-testid="rank-note"' in html and "Au rang 4 seulement" in html
    assert 'href="#arbitrage-couleur-elargie"' in html
