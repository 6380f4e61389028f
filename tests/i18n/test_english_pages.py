"""Every page in English (/en/…) has no French UI word left, and the same pages in French keep
their French text.

The visible text of a page is its text outside <script>/<style> plus the texts a user meets in
attributes (aria-label, title, placeholder, hx-confirm, the JavaScript's data-msg-*/data-label-*
messages). Left out on purpose: players' names (chosen here so they are no French word), card
codes, the game names, the language switch's « Français » (marked lang="fr"), and the API
page's tables of accepted French names (the API accepts the French spellings by design).
"""

import re
from html.parser import HTMLParser

import pytest
from django.template import engines
from django.utils import translation

from tests.factories import party
from tests.parties.conftest import every_write

NAMES = ("Ann", "Bob", "Cy")

#: Words that are French and not English: one of them on an English page is a leftover.
FRENCH_WORDS = {
    "joueur", "joueurs", "carte", "cartes", "manche", "manches", "rangée", "rangées",
    "règle", "règles", "partie", "saisir", "annuler", "rétablir", "terminée", "terminer",
    "combinaison", "combinaisons", "voisin", "voisins", "précision", "précisions", "essayer",
    "lien", "liens", "à", "être", "où", "déjà", "égalité", "calculer", "calculateur",
    "valeur", "famille", "grille", "jouer", "avec", "pour", "les", "des", "une", "du", "le",
    "la", "et", "est", "dans", "vous", "votre", "aucun", "aucune", "classement", "feuille",
    "touchez", "entrez", "choisissez", "supprimer", "corriger", "enregistrer", "ajouter",
    "accueil", "thème", "jeux", "cases", "ligne", "colonne", "gauche", "droite",
    "nouvelle", "rang", "annonce", "paquet", "récupérées", "réclamer",
}  # fmt: skip
ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "hx-confirm"}
URL = re.compile(r"https?://\S+")
CARD = re.compile(r"^(?:\d+[RVBJAS]|JK)$", re.IGNORECASE)
GAME_NAMES = ("NUM CHECK", "NUM DRAFT", "Num 5", "Num Connect")
SKIPPED_TESTIDS = {"api-combos", "api-modes"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class VisibleText(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.stack: list[bool] = []  # per open element: is its content skipped?

    def skipping(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skip = (
            tag in {"script", "style", "template"}
            or attrs.get("lang") == "fr"
            or attrs.get("data-testid") in SKIPPED_TESTIDS
        )
        if not self.skipping() and not skip:
            for name, value in attrs.items():
                if value and (name in ATTRIBUTES or name.startswith(("data-msg-", "data-label-"))):
                    self.parts.append(value)
        if tag not in VOID:
            self.stack.append(skip)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self.skipping():
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    # links shown as text (a party's URLs): their random tokens may hold « la » or « des »
    text = URL.sub(" ", " ".join(parser.parts))
    for name in (*GAME_NAMES, *NAMES):
        text = text.replace(name, " ")
    return text


def french_words(text: str) -> set[str]:
    words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)*", text)
    return {w.lower() for w in words if not CARD.match(w)} & FRENCH_WORDS


@pytest.fixture
def parties(db):
    """A party of each kind with entries, by its edit and read-only tokens."""
    return {
        "num_check": party("num_check", NAMES, claims={0: [("paire", "5R 5B")]}),
        "num_draft": party("num_draft", NAMES, grids={0: ["1R", "2R", "3R"]}),
        "num5": party("num5", NAMES, rounds=[["10R", "27", "0"]], turns=[["9R", "9B", "2V"]]),
    }


DRAFT_GRID = {"g00": "1R", "g01": "JK", "g02": "1V", "mode": "classic"}
PAGES = {
    "home": ("/", {}),
    "num-check empty": ("/num-check/", {}),
    "num-check result": ("/num-check/", {"combo": "brelan", "cards": "8R 8V 9B", "rank": "5"}),
    "num-check invalid": ("/num-check/", {"combo": "paire", "cards": "5R 17B", "rank": "1"}),
    "num-check detector": ("/num-check/detecteur/", {"hand": "7R 7B 7J 3V 3A", "rank": "1"}),
    "num-draft empty": ("/num-draft/", {}),
    "num-draft result": ("/num-draft/", DRAFT_GRID),
    "num-draft table empty": ("/num-draft/table/", {}),
    "num-draft table result": (
        "/num-draft/table/",
        {"players": "Ann : 1R 2R 3R / - - - / - - -\nBob : 1V 1B - / - - - / - - -", "mode": "classic"},
    ),
    "num-draft opening": ("/num-draft/table/", {"turned": "Ann : 3R\nBob : 3B\nCy : 5J"}),
    "num-5 empty": ("/num-5/", {}),
    "num-5 result": ("/num-5/", {"players": "Ann, Bob, Cy", "n": "1", "r0_0": "10R", "r0_1": "5", "r0_2": "3 - 1"}),
    "num-5 turn empty": ("/num-5/tour/", {}),
    "num-5 turn played": (
        "/num-5/tour/",
        {"players": "Ann, Bob, Cy", "r1": "0B 9B", "r2": "3R 10R", "r3": "5J 9J", "r4": "0V 12V", "t1": "1S 2A 11R"},
    ),
    "num-connect empty": ("/num-connect/", {}),
    "num-connect result": ("/num-connect/", {"cards": "8R 8V 8A 7V 6B 5J 4R 3A 4B 5B"}),
    "num-connect invalid": ("/num-connect/", {"cards": "8R 3V"}),
    "rules num-check": ("/num-check/regles/", {}),
    "rules num-draft": ("/num-draft/regles/", {}),
    "rules num-5": ("/num-5/regles/", {}),
    "rules num-connect": ("/num-connect/regles/", {}),
    "new party": ("/parties/nouvelle/", {}),
}  # fmt: skip


def assert_english(response, name):
    assert response.status_code == 200, name
    html = response.content.decode()
    assert '<html lang="en">' in html, name
    text = visible_text(html)
    left = french_words(text)
    assert not left, f"{name}: French words left: {sorted(left)}"
    assert "«" not in text and "»" not in text, f"{name}: French quotes left"
    assert "\u202f" not in text, f"{name}: French narrow no-break space left"


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGES)
def test_english_page_has_no_french_word(client, name):
    path, query = PAGES[name]
    assert_english(client.get(f"/en{path}", query), name)


@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
@pytest.mark.parametrize("token", ["edit_token", "read_token"])
def test_english_party_page_has_no_french_word(client, parties, kind, token):
    game = parties[kind]
    response = client.get(f"/en/parties/{getattr(game, token)}/")
    assert_english(response, f"{kind} {token}")


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["num_check", "num_draft", "num5"])
@pytest.mark.parametrize("token", ["edit_token", "read_token"])
def test_english_party_page_with_every_kind_of_write_has_no_french_summary(client, kind, token):
    """Histories holding one entry of every kind of write (undo and redo included): their
    summaries, the Undo/Redo buttons and the status line are in English, none marked French."""
    games, _ = every_write()
    response = client.get(f"/en/parties/{getattr(games[kind], token)}/")
    assert_english(response, f"{kind} {token} history")
    history = response.content.decode().split('data-testid="history"', 1)[1]
    assert 'lang="fr"' not in history.split("</details>", 1)[0]


@pytest.mark.django_db
def test_english_board_drawn_after_a_french_write_names_card_colours_in_english(client):
    """A write from a French phone draws the board for the English phones too (after its
    answer): its card chips' tooltips and screen-reader text (« 7 Rouge ») are in English."""
    game = party("num_check", NAMES, claims={0: [("paire", "5R 5B")]})
    client.get(f"/en/parties/{game.read_token}/")  # an English phone reads the party
    player = game.players.get(seat=1)
    written = client.post(
        f"/parties/{game.edit_token}/claim_add/",
        {"player": player.pk, "combo": "paire", "cards": "7R 7B", "v": game.version},
        headers={"HX-Request": "true", "HX-Target": "sheet"},
    )
    assert written.status_code == 200
    html = client.get(f"/en/parties/{game.read_token}/").content.decode()
    chips = re.findall(
        r'<span class="card-chip fam-\w+" title="([^"]+)">.*?<span class="visually-hidden">([^<]+)</span>',
        html,
    )
    labels = {label for pair in chips for label in pair}
    assert {"7 Red", "7 Blue", "5 Red"} <= labels
    assert not re.search(r"Rouge|Vert|Bleu|Jaune", html)


@pytest.mark.django_db
def test_english_num_draft_board_drawn_after_a_french_write_has_no_french_word(client):
    """The engines' own words of a board drawn for English phones after a French write."""
    game = party("num_draft", NAMES)
    client.get(f"/en/parties/{game.read_token}/")
    player = game.players.get(seat=0)
    cells = {f"c{i}": "" for i in range(9)} | {"c0": "1R", "c1": "2R", "c2": "3R"}
    written = client.post(
        f"/parties/{game.edit_token}/grid_set/",
        {"player": player.pk, "v": game.version, **cells},
        headers={"HX-Request": "true", "HX-Target": "sheet"},
    )
    assert written.status_code == 200
    assert_english(client.get(f"/en/parties/{game.read_token}/"), "num_draft after a French write")


@pytest.mark.django_db
def test_english_num5_party_page_with_a_round_to_correct(client, parties):
    game = parties["num5"]
    response = client.get(f"/en/parties/{game.edit_token}/", {"manche": "1"})
    assert_english(response, "num5 correction")
    assert "Correct round 1" in response.content.decode()


@pytest.mark.django_db
def test_english_num_check_party_claim_correction(client, parties):
    game = parties["num_check"]
    claim = game.players.get(seat=0).claims.get()
    response = client.get(f"/en/parties/{game.edit_token}/", {"corriger": claim.pk})
    assert_english(response, "num_check correction")
    html = response.content.decode()
    assert (
        f'<form id="correction" class="border rounded p-2 mb-3" method="post" action="/en/parties/{game.edit_token}/claim_edit/"'
        in html
    )
    assert "Correct: Ann, rank 1" in html


@pytest.mark.django_db
def test_api_page_in_english_with_accept_language(client):
    response = client.get("/api/", HTTP_ACCEPT_LANGUAGE="en")
    assert_english(response, "api")
    assert "Accepted names" in response.content.decode()


def test_the_word_check_finds_french():
    """The check itself: French UI text is caught, English text, cards and names are not."""
    assert french_words("Touchez une famille, puis une valeur.") == {
        "touchez",
        "une",
        "famille",
        "valeur",
    }
    assert not french_words("Tap a family, then a value: 7R JK 12B. Parties, Rainbow, Shadow.")
    assert visible_text(
        '<p>Ok <span lang="fr">Français</span><script>var a = "les";</script></p>'
    ).split() == ["Ok"]
    assert french_words(visible_text('<a aria-label="Règles">x</a>')) == {"règles"}
    # a party's link shown as text: its random token is no French word
    assert not french_words(visible_text("<a>http://testserver/en/parties/x2-la-des_y/</a>"))


FRENCH_SPOT_CHECKS = {
    "/": [
        "Les jeux NUM",
        "Nouvelle partie",
        "comptez vos points au calculateur\u202f: chaque point",
    ],
    "/num-check/": ["Calculateur dynamique", "Qu'est-ce que j'ai ?", "Feuille de joueurs"],
    "/num-draft/": ["Calculateur de pool", "colonne droite du voisin de gauche"],
    "/num-5/": ["Feuille de manches", "Jouer un tour", "Ajouter une manche"],
    "/num-5/tour/": ["Jouer un tour", 'href="/num-5/regles/#arbitrage-tour-t1"'],
    "/num-connect/": ["Vérifier une combinaison", "Cartes posées"],
    "/num-check/regles/": ["Précisions d\u2019arbitrage", "Imprimer"],
    "/parties/nouvelle/": ["Créer la partie", "l\u2019un pour écrire"],
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", FRENCH_SPOT_CHECKS)
def test_french_page_keeps_its_french_text(client, path):
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 200 and '<html lang="fr">' in html

    # French typography (narrow no-break spaces, ’) is applied to our French text: compare plainly
    def plain(text: str) -> str:
        return text.replace("\u202f", " ").replace("\u00a0", " ").replace("\u2019", "'")

    for text in FRENCH_SPOT_CHECKS[path]:
        assert plain(text) in plain(html), f"{path}: {text!r} missing"


def test_english_num5_turn_links_to_english_rulings(client):
    html = client.get("/en/num-5/tour/").content.decode()
    assert 'href="/en/num-5/regles/#arbitrage-tour-t1"' in html
    assert 'href="/num-5/regles/#arbitrage' not in html


@pytest.mark.django_db
def test_french_party_page_keeps_its_french_text(client, parties):
    html = client.get(f"/parties/{parties['num5'].edit_token}/").content.decode()
    for text in (
        "Tableau des scores",
        "Saisir la manche tour par tour",
        "Garder l\u2019écran allumé",
    ):
        assert text in html


def test_typo_block_gives_translated_text_french_typography_in_french_only():
    """{% typo %} around {% translate %}/{% blocktranslate %}: French typography on the French
    text (never on a variable's value, nor in an attribute), none on the English translation."""
    template = engines["django"].from_string(
        "{% load i18n typo %}{% typo %}<p title=\"{% translate 'Lecture :' %}\">"
        "{% translate 'Lecture :' %} {% blocktranslate trimmed with summary=s %}"
        "Enregistré : {{ summary }}{% endblocktranslate %}</p>{% endtypo %}"
    )
    with translation.override("fr"):
        french = template.render({"s": "Bob ?"})
    with translation.override("en"):
        english = template.render({"s": "Bob ?"})
    assert french == '<p title="Lecture :">Lecture\u202f: Enregistré\u202f: Bob ?</p>'
    assert english == '<p title="Reading:">Reading: Saved: Bob ?</p>'


def test_no_french_text_in_the_javascript():
    """The scripts' messages come from the templates (data-msg-*, data-label-*, json_script):
    no string literal of static/js or static/i18n holds a French word or French quotes."""
    from django.conf import settings

    root = settings.BASE_DIR / "static"
    for path in [*root.glob("js/*.js"), *root.glob("i18n/*.js")]:
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'', code):
            text = "".join(literal)
            if re.fullmatch(r"[#.]?[a-z][a-z0-9_-]*", text):
                continue  # an identifier (an id, a key: the tab "calculer"), not a text
            assert not french_words(text) and "«" not in text, f"{path.name}: {text!r}"


@pytest.mark.django_db
def test_english_404_page_has_no_french_word(client):
    response = client.get("/en/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert not french_words(visible_text(html))
    assert 'href="/en/"' in html  # back to the English home page
