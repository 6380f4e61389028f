"""The pages every game shares: home, rulebooks (every section and table of the source), each
game's page with its rulebook beside its calculator, the rulings' examples, health and error pages.
Each game's own calculator pages: tests/games/<game>/."""

import re
from html import unescape

import pytest
from django.urls import reverse

from rules.games import GAMES
from tests.matching import search

# The section headings and tables of each game's printed rulebook, listed by hand.
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
    assert [game.name for game in GAMES] == ["NUM CHECK", "NUM DRAFT", "Num 5", "Num Connect"]
    for game in GAMES:
        assert game.name in html and game.url in html and game.rules_url in html


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_home_new_party_link_of_each_game_opens_the_form_with_that_game_chosen(client, prefix):
    html = client.get(f"{prefix}/").content.decode()
    links = re.findall(r'href="([^"]*/parties/nouvelle/\?kind=[^"]+)"', html)
    with_parties = [g for g in GAMES if g.party_kind]
    assert len(links) == len(with_parties) == 4
    for game, link in zip(with_parties, links, strict=True):
        form = client.get(unescape(link)).content.decode()
        checked = re.findall(r'<input[^>]*type="radio" name="kind"[^>]*value="(\w+)" checked', form)
        assert checked == [game.party_kind], (game.name, link)


@pytest.mark.parametrize("prefix", ["", "/en"])
def test_home_mentions_tablees_with_a_link_to_create_one(client, prefix):
    html = client.get(f"{prefix}/").content.decode()
    part = html.split('data-testid="home-tablees"', 1)[1].split("</section>", 1)[0]
    assert f'href="{prefix}/tablees/nouvelle/"' in part
    assert ("Une tablée réunit" if prefix == "" else "A tablée gathers") in part
    assert client.get(f"{prefix}/tablees/nouvelle/").status_code == 200


def test_new_party_form_takes_the_game_by_any_of_its_names_else_the_first(client):
    def checked(query):
        form = client.get(f"/parties/nouvelle/{query}").content.decode()
        return re.findall(r'name="kind"[^>]*value="(\w+)" checked', form)

    assert checked("?kind=num-5") == checked("?kind=num5") == ["num5"]
    assert checked("?kind=num-draft") == ["num_draft"]
    assert checked("?kind=chess") == checked("") == ["num_check"]


@pytest.mark.django_db
def test_healthz(client):
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok"}


def test_french_404(client):
    response = client.get("/pas-de-page/")
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


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
    'data-testid="outs"',
    'data-testid="num5-pending"',
    'data-testid="connect-invalid"',
    "Nouvelle partie",
)


def ruling_examples(game):
    """Each ruling of the game's « Précisions d'arbitrage »: its anchor and its example links."""
    sections = re.findall(r'<section[^>]*class="ruling".*?</section>', game.rulings_html, re.S)
    assert sections, game.slug
    for section in sections:
        anchor = search(r'<h3[^>]* id="([^"]+)"', section).group(1)
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
