"""Num 5 « Jouer un tour » (/num-5/tour/): page, htmx fragment, shared URL, a round turn by turn
to the sheet's tally, bad input at its field, never a 500."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings

from tests.matching import search

URL = "/num-5/tour/"
#: the rulings of a turn, T1 to T17, each with an example of this page
RULINGS = settings.BASE_DIR / "rules" / "content" / "num-5-turn-rulings.md"
E5 = {
    "players": "Léa, Tom, Zoé",
    "r1": "0B 9B",
    "r2": "3R 10R",
    "r3": "5J 9J",
    "r4": "0V 12V",
    "t1": "1S 2A 11R",
}


def text(response):
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", response.content.decode())))


def test_empty_page_shows_the_setup_beside_the_num5_rulebook(client):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="regles"' in html and 'id="calculer"' in html  # the Num 5 game layout
    rules = html.split('id="regles"', 1)[1]
    assert '<h1 id="regles-titre" class="h3">Num 5 — règles</h1>' in rules
    page = text(response)
    assert "Jouer un tour" in page and "Commencer la manche" in page
    for number, colour in enumerate(["Bleu", "Rouge", "Jaune", "Vert"], start=1):
        assert f"Rangée {number} · {colour}" in page
    assert "<script>" not in html and 'style="' not in html


def test_num5_sheet_links_to_the_turn_page(client):
    assert 'href="/num-5/tour/"' in client.get("/num-5/").content.decode()


def test_shared_url_shows_the_turn_step_by_step_with_ties_and_rulings(client):
    response = client.get(URL, E5)
    assert response.status_code == 200
    html, page = response.content.decode(), text(response)
    assert 'data-testid="turn-steps"' in html
    steps = re.findall(r'data-testid="step-(\d)"', html)
    assert steps == ["1", "2", "3"]
    assert "Léa la garde (−1)" in page  # T14
    assert (
        "Égalité entre les rangées 1 et 3 : Tom choisit ; sans choix, la rangée 1, la première"
        in page
    )  # T8, with the choice offered
    assert "la plus à gauche" not in page.split("Tour 1 : où va chaque carte")[1]
    assert "Tom prend la première carte" in page  # T9, T10
    for anchor in ("t14", "t9", "t8", "t10", "t1"):
        assert f'href="/num-5/regles/#arbitrage-tour-{anchor}"' in html
    assert "Rangée 1 · Bleu" in page and "La table après le tour 1" in page
    assert "is-invalid" not in html and "alert-danger" not in html


def test_fragment_for_htmx_is_only_the_calculator(client):
    response = client.get(URL, E5, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="turn-calculator"' in html
    assert 'data-testid="step-3"' in html


def test_playing_a_turn_redirects_to_the_shareable_url_without_javascript(client):
    response = client.get(
        URL, {"players": "Léa, Tom, Zoé", "c0": "5r", "c1": "A3", "c2": "0S", "play": "1"}
    )
    assert response.status_code == 302
    target = response["Location"]
    assert parse_qs(urlsplit(target).query) == {"players": ["Léa, Tom, Zoé"], "t1": ["5R 3A 0S"]}
    page = text(client.get(target))
    assert "Tour 1 : où va chaque carte" in page and "Jouer le tour 2" in page


def test_playing_a_turn_with_htmx_answers_the_fragment_and_pushes_the_url(client):
    response = client.get(
        URL,
        {
            "players": "Léa, Tom, Zoé",
            "t1": "5R 3A 0S",
            "c0": "1R",
            "c1": "2B",
            "c2": "4J",
            "play": "1",
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    pushed = parse_qs(urlsplit(response["HX-Push-Url"]).query)
    assert pushed["t2"] == ["1R 2B 4J"]
    html = response.content.decode()
    assert 'name="t2" value="1R 2B 4J"' in html  # the next turn carries the history
    assert re.search(r'name="c0" id="id_c0" value=""', html)  # and starts with empty cards


def test_a_round_turn_by_turn_fills_the_num5_sheet(client):
    query = {"players": "Léa, Tom, Zoé", "t1": "5R 3A 0S", "t2": "1R 2B 4J", "t3": "6R 7B 8B"}
    html = client.get(URL, query).content.decode()
    link = unescape(search(r'href="([^"]+)" data-testid="tally"', html).group(1))
    assert "Reporter dans la feuille de manches" in html
    params = parse_qs(urlsplit(link).query, keep_blank_values=True)
    assert urlsplit(link).path == "/num-5/"
    assert params["players"] == ["Léa, Tom, Zoé"] and params["n"] == ["1"]
    assert params["r0_0"] == ["0R"] and params["r0_1"] == ["0B"]
    assert params["r0_2"] == ["0S 3A 2B 7B"]
    sheet = client.get(link).content.decode()
    assert "winner-cell" in sheet and "alert-danger" not in sheet
    assert re.search(r'winner-cell">12 <span aria-label="gagne la manche">', sheet)


def test_a_turn_from_another_table_is_not_offered_to_the_sheet(client):
    html = client.get(URL, E5).content.decode()
    assert 'data-testid="tally"' not in html


def test_undo_link_drops_the_last_turn(client):
    query = {"players": "Léa, Tom, Zoé", "t1": "5R 3A 0S", "t2": "1R 2B 4J"}
    html = unescape(client.get(URL, query).content.decode())
    undo = search(r'<a href="([^"]+)"[^>]*>Annuler le tour 2', html).group(1)
    assert parse_qs(urlsplit(undo).query) == {"players": ["Léa, Tom, Zoé"], "t1": ["5R 3A 0S"]}


def test_after_the_tenth_turn_the_round_is_over(client):
    deck = [f"{v}{f}" for v in range(1, 11) for f in "RBJ"]
    query = {"players": "A, B, C"}
    for k in range(10):
        query[f"t{k + 1}"] = " ".join(deck[3 * k : 3 * k + 3])
    response = client.get(URL, query)
    html = response.content.decode()
    assert 'data-testid="round-finished"' in html and 'name="play"' not in html
    assert 'data-testid="tally"' in html
    query.update({"c0": "11R", "c1": "11B", "c2": "11J", "play": "1"})  # an eleventh turn
    response = client.get(URL, query)
    assert response.status_code == 200
    assert "La manche est finie" in unescape(response.content.decode())


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ({"c1": "17A"}, "c1", "la valeur 17 n’existe pas"),
        ({"c2": ""}, "c2", "Zoé : indiquez la carte révélée."),
        ({"c0": "5R", "c2": "5R"}, "c2", "« 5R » est jouée par Léa et par Zoé"),
        ({"c1": "0S"}, "c1", "Tom joue « 0S », déjà jouée (dans la rangée 1)"),
        ({"c0": "2X"}, "c0", "la famille « X » n’existe pas"),
    ],
)
def test_bad_card_shows_a_french_message_at_its_field_and_keeps_the_input(
    client, query, field, words
):
    cards = {"c0": "1R", "c1": "2B", "c2": "4J", **query}
    response = client.get(URL, {"players": "Léa, Tom, Zoé", "t1": "5R 3A 0S", **cards, "play": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    error = search(rf'id="err-id_{field}"[^>]*>([^<]*)<', html).group(1)
    assert words in error
    assert f'name="{field}"' in html and "is-invalid" in html
    assert 'name="t1" value="5R 3A 0S"' in html  # the round is not lost
    assert 'data-testid="step-1"' in html  # and its last turn still shows


@pytest.mark.parametrize(
    ("query", "where", "words"),
    [
        ({"players": "Léa, Tom"}, 'id="err-id_players"', "de 3 à 8 joueurs"),
        ({"players": "Léa, Tom, léa"}, 'id="err-id_players"', "Deux joueurs"),
        ({"players": "A, B, C", "r2": "0R 4B"}, 'id="err-id_r2"', "deux couleurs"),
        ({"players": "A, B, C", "r3": "0J 1J 2J 3J 4J"}, 'id="err-id_r3"', "5 cartes"),
        ({"players": "A, B, C", "r1": "0R"}, 'id="err-id_r2"', "« 0R »"),
        (
            {"players": "A, B, C", "t1": "5R 3A"},
            'class="alert alert-danger"',
            "Tour 1 : indiquez une carte par joueur",
        ),
        (
            {"players": "A, B, C", "t1": "5R 3A 0S", "t2": "5R 1B 2J"},
            'class="alert alert-danger"',
            "Tour 2 : A joue « 5R »",
        ),
        (
            {"players": "A, B, C", "t1": "zz 3A 0S"},
            'class="alert alert-danger"',
            "Tour 1 : A : « zz »",
        ),
    ],
)
def test_bad_state_in_the_url_is_a_french_message_never_a_500(client, query, where, words):
    response = client.get(URL, query)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    position = html.find(where)
    assert position >= 0
    assert words in html[position : position + 400]


def test_garbage_parameters_never_crash(client):
    for query in (
        {"players": "A, B, C", "explosion": "x", "t1": "", "c0": "7R" * 30, "play": ""},
        {"players": ",,,", "r1": "", "r4": "🌈"},
        {"players": "A, B, C, D, E, F, G, H, I", "play": "1"},
        {"t1": "1R 2R 3R"},
    ):
        assert client.get(URL, query).status_code == 200
    assert client.post(URL).status_code == 405


def test_the_turn_rulings_are_t1_to_t17_each_with_its_anchor_and_an_example():
    """The rulings' data file (rules/content/num-5-turn-rulings.md): T1–T17, each with its
    anchor and an example URL of this page; the least sure ones say so. That each example opens
    the turn it illustrates: test_ruling_example_url_works_and_cites_its_ruling."""
    content = RULINGS.read_text(encoding="utf-8")
    headings = re.findall(r"^### T(\d+)\. .+ \{#arbitrage-tour-t(\d+)\}$", content, re.M)
    assert [int(a) for a, b in headings] == list(range(1, 18))
    assert all(a == b for a, b in headings)
    examples = re.findall(
        r"^Exemple\s:\s(.+?) \[Essayer\]\((/num-5/tour/\?[^)]+)\)$", content, re.M
    )
    assert len(examples) == 17
    for text, url in examples:  # written out too, for a printed page: the cards of the turn
        query = parse_qs(urlsplit(url).query)
        written = re.findall(r"\[(\d+[RVBJAS])\]", text)
        played = set(query["t1"][0].split())
        table = {c for key in ("r1", "r2", "r3", "r4") for c in query.get(key, [""])[0].split()}
        setup = {"0B", "0R", "0J", "0V"}  # the rows the link leaves to the set-up
        assert played & set(written), text  # the card the ruling is about, at least
        assert set(written) <= played | table | setup, (text, set(written) - played - table)
    for tn in ("T2", "T8", "T10", "T12", "T16"):
        section = content.split(f"### {tn}.")[1].split("### ")[0]
        assert "À vérifier à votre table" in section, tn


@pytest.mark.parametrize("number", range(1, 18))
def test_ruling_example_url_works_and_cites_its_ruling(client, number):
    content = RULINGS.read_text(encoding="utf-8")
    section = content.split(f"### T{number}.")[1].split("### ")[0]
    url = search(r"\[Essayer\]\(([^)]+)\)", section).group(1)
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "is-invalid" not in html and "alert-danger" not in html
    assert 'data-testid="turn-steps"' in html
    if number not in (
        3,
        5,
        6,
        11,
        13,
        17,
    ):  # these show their ruling in the outcome, not a step link
        assert f"#arbitrage-tour-t{number}" in html.split('id="turn-result"')[1], number


def test_a_phone_opens_the_turn_page_on_the_calculator_tab(client):
    assert 'data-start="calculer"' in client.get(URL).content.decode()
