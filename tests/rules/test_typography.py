"""French typography on our own French text, never on attributes, URLs, values or names, and
never on English pages."""

import re
from html.parser import HTMLParser

import pytest
from django.template import engines
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from calculators.templatetags.typo import NNBSP, french, french_html
from rules import games, mdext
from rules.games import CONTENT_DIR, GAMES, content_dir


class Page(HTMLParser):
    """Text nodes (outside code, script and style) and every attribute value of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.attributes: list[tuple[str, str, str]] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.attributes += [(tag, name, value or "") for name, value in attrs]
        if tag in ("code", "pre", "script", "style"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("code", "pre", "script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.texts.append(data)


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def test_french_spaces_before_double_punctuation_and_inside_guillemets():
    assert (
        french("Rang : 4 ; bonus ! Vraiment ?")
        == f"Rang{NNBSP}: 4{NNBSP}; bonus{NNBSP}! Vraiment{NNBSP}?"
    )
    assert french("« CHECK »") == f"«{NNBSP}CHECK{NNBSP}»"
    assert french("«CHECK»") == f"«{NNBSP}CHECK{NNBSP}»"
    assert french("Précisions d'arbitrage") == "Précisions d’arbitrage"


def test_french_leaves_times_urls_and_queries_alone():
    for text in ("10:30", "https://exemple.fr/?a=1", "calc:num_check?combo=paire", "7R 7B"):
        assert french(text) == text


@given(st.text(alphabet=" abc:;!?«»'\u202f\u00a0", max_size=30))
def test_french_is_applied_once(text):
    """Applied twice, the typography changes nothing more: it is idempotent."""
    assert french(french(text)) == french(text)


def test_html_text_changes_but_never_attributes():
    html = '<a href="/x?a=1" title="Voir : ici" data-x=\'y ?\'>Voir : ici</a> l\'as'
    assert french_html(html) == (
        f'<a href="/x?a=1" title="Voir : ici" data-x=\'y ?\'>Voir{NNBSP}: ici</a> l’as'
    )


def test_typo_tag_fixes_template_text_not_variables_or_attributes():
    template = engines["django"].from_string(
        '{% load typo %}{% typo %}<p title="Nom : x">Joueur : {{ name }} !'
        "{% if on %} Qu'est-ce ?{% endif %}</p>{% endtypo %}"
    )
    name = "Léa : l'as ?"
    html = template.render({"name": name, "on": True})
    assert (
        html == f'<p title="Nom : x">Joueur{NNBSP}: Léa : l&#x27;as ?{NNBSP}! Qu’est-ce{NNBSP}?</p>'
    )
    with translation.override("en"):
        assert template.render({"name": name, "on": True}) == (
            '<p title="Nom : x">Joueur : Léa : l&#x27;as ? ! Qu\'est-ce ?</p>'
        )


def test_typo_filter_escapes_then_fixes():
    template = engines["django"].from_string("{% load typo %}{{ text|typo }}")
    assert template.render({"text": "<b> : </b>"}) == f"&lt;b&gt;{NNBSP}: &lt;/b&gt;"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_french_rulebook_has_no_plain_space_before_a_colon(client, game):
    html = client.get(reverse("rules:rulebook", args=[game.slug])).content.decode()
    page = parse(html)
    bad = [t for t in page.texts if " :" in t or " ;" in t or " !" in t or " ?" in t]
    assert bad == []
    assert any(NNBSP + ":" in t for t in page.texts)
    assert not [t for t in page.texts if re.search(r"\w'\w", t)]  # typographic apostrophes


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_rulebook_typography_never_touches_attributes(game):
    """The same French Markdown with and without typography: identical attributes (links'
    addresses, ids, titles), different text."""
    text = (CONTENT_DIR / f"{game.slug}.md").read_text(encoding="utf-8")
    fixed, plain = mdext.render(text, lang="fr"), mdext.render(text, lang="en")
    assert parse(fixed).attributes == parse(plain).attributes
    assert fixed != plain


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_english_rulebook_gets_no_french_spacing(game):
    assert (content_dir("en") / f"{game.slug}.md").is_file()
    html = games.rulebook_html(game.slug, "en") + games.rulings_html(game.slug, "en")
    assert NNBSP not in "".join(parse(html).texts)
