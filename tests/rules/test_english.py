"""The English rulebooks: faithful in structure to the French reference, wholly English, loaded
in the active language.

The French rulebook is the reference (``test_fidelity.py`` compares it with the official text);
each English one must keep its sections, anchors, tables, lists, callouts, card chips and
calculator examples, so that the calculators' links (``#bonus-de-rang``, ``#arbitrage-…``) land
in the same place in both languages.
"""

import re
import unicodedata
from collections import Counter
from html import unescape
from html.parser import HTMLParser

import pytest
from django.utils import translation

from rules import games
from rules.games import GAMES, content_language, rulebook_html, rulings_files, rulings_html
from rules.mdext import CHIP_RE

REFERENCE_NOTE = "Translated from the official French rulebook, which is the reference."

#: Distinctive French words (accents folded) that an English page must not show, outside card
#: chips (whose hidden labels are the calculators' own) and addresses.
FRENCH_WORDS = frozenset(
    (
        "joueur",
        "joueurs",
        "carte",
        "cartes",
        "manche",
        "manches",
        "rangee",
        "rangees",
        "regle",
        "regles",
        "voisin",
        "voisins",
        "combinaison",
        "combinaisons",
        "precisions",
        "arbitrage",
        "famille",
        "familles",
        "couleur",
        "couleurs",
        "valeur",
        "valeurs",
        "pioche",
        "defausse",
        "partie",
        "essayer",
        "calculateur",
        "exemple",
        "exemples",
        "grille",
        "suite",
        "suites",
        "objectif",
        "deroulement",
        "mise",
        "les",
        "des",
        "une",
        "est",
        "avec",
        "dans",
        "sur",
        "pas",
    )
)


def english(slug: str) -> str:
    return rulebook_html(slug, "en")


def french(slug: str) -> str:
    return rulebook_html(slug, "fr")


def source(slug: str, lang: str) -> str:
    return (games.content_dir(lang) / f"{slug}.md").read_text(encoding="utf-8")


def anchors(html: str) -> list[str]:
    """The ids of the headings, in page order."""
    return re.findall(r'<h[1-6][^>]* id="([^"]+)"', html)


def example_links(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'<a class="try-link" href="([^"]+)"', html)]


def calc_links(text: str) -> Counter:
    """The ``calc:`` addresses of a Markdown file."""
    return Counter(re.findall(r"\]\((calc:[^)\s]+)\)", text))


def shape(html: str) -> Counter:
    """What a reader can count: sections, paragraphs, tables and their cells, list items,
    callouts. The French rulebook's notes of the restored typos are the site's, not the text's."""
    html = re.sub(r"<aside [^>]*site-note.*?</aside>", "", html, flags=re.S)
    tags = Counter(re.findall(r"<(h2|h3|p|table|tr|th|td|ol|ul|li)[\s>]", html))
    callouts = Counter(
        f"callout-{kind}" for kind in re.findall(r'<div class="admonition (\w+)', html)
    )
    return tags + callouts


class VisibleText(HTMLParser):
    """The text a reader sees, card and family chips left out (their labels are the
    calculators'); link addresses are attributes, so never part of it."""

    CHIPS = {"card-chip", "family-chip"}
    INLINE = {"a", "b", "code", "em", "i", "span", "strong"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.depth = 0  # > 0 inside a chip

    def handle_starttag(self, tag: str, attrs: list) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if self.depth or classes & self.CHIPS:
            self.depth += 1
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
        if tag not in self.INLINE:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return "".join(parser.parts)


def folded_words(text: str) -> set[str]:
    """The words of a text, case and accents folded (« Règle » and « regle » are one word)."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return set(re.findall(r"[a-z]+", text))


def french_leaks(html: str) -> set[str]:
    return folded_words(visible_text(html)) & FRENCH_WORDS


@pytest.fixture(params=GAMES, ids=lambda g: g.slug)
def game(request):
    return request.param


def test_each_english_rulebook_renders_from_its_own_file(game):
    path = games.CONTENT_DIR / "en" / f"{game.slug}.md"
    assert path.is_file()
    html = english(game.slug)
    assert "<h2" in html or "<h3" in html
    assert html != french(game.slug)


def test_english_rulebook_has_the_french_anchors_in_the_same_order(game):
    assert anchors(english(game.slug)) == anchors(french(game.slug))
    assert anchors(english(game.slug))


def test_english_rulings_have_the_french_ruling_anchors(game):
    """Translated or not yet (then the French file stands in), every ruling anchor is there."""
    english_anchors = anchors(rulings_html(game.slug, "en"))
    assert english_anchors and sorted(english_anchors) == sorted(anchors(rulings_html(game.slug)))


def test_english_rulebook_keeps_every_calculator_example(game):
    assert calc_links(source(game.slug, "en")) == calc_links(source(game.slug, "fr"))
    # The English rulebook's examples open the English calculators: same page, under /en/.
    english_links = example_links(english(game.slug))
    assert all(link.startswith("/en/") for link in english_links)
    assert Counter(link.removeprefix("/en") for link in english_links) == Counter(
        example_links(french(game.slug))
    )


def test_english_rulebook_keeps_every_card_chip(game):
    def chips(text):
        return Counter(re.findall(CHIP_RE, text))

    assert chips(source(game.slug, "en")) == chips(source(game.slug, "fr"))
    rendered = re.compile(r'class="(?:card|family)-chip')
    assert len(rendered.findall(english(game.slug))) == len(rendered.findall(french(game.slug)))


def test_english_rulebook_has_the_same_sections_tables_lists_and_callouts(game):
    """Nothing added or dropped: the only extra block is the note pointing to the reference."""
    assert shape(english(game.slug)) == shape(french(game.slug)) + Counter(["callout-note", "p"])


def test_english_rulebook_opens_with_the_note_linking_to_the_french_reference(game):
    html = english(game.slug)
    note = re.match(r'<div class="admonition note[^"]*">(.*?)</div>', html, re.S)
    assert note, "the reference note comes first"
    assert " ".join(visible_text(note.group(1)).split()) == REFERENCE_NOTE
    with translation.override("fr"):
        french_url = game.rules_url
    assert f'<a href="{french_url}" hreflang="fr">official French rulebook</a>' in note.group(1)


def test_english_rulebook_shows_no_french_word(game):
    assert french_leaks(english(game.slug)) == set()


def test_the_french_word_check_catches_french():
    assert french_leaks(french("num-5")) >= {"rangee", "manche", "joueur"}
    leaky = english("num-check").replace("Setup", "Mise en place")
    assert french_leaks(leaky) == {"mise"}
    # A chip's hidden French label (« 7 Rouge ») and an address are not text of the page.
    assert french_leaks(rulebook_html("num-connect", "en")) == set()
    assert "regles" not in folded_words(visible_text('<a href="/num-5/regles/">Rules</a>'))


def french_typography(html: str) -> list[str]:
    """French spacing and quotes: a (non-breaking) space before : ; ! ?, « », thin spaces."""
    text = visible_text(html)
    return re.findall(r"[\u00a0\u202f«»]|\w\s+[:;!?](?=\s|$)", text)


def test_english_rulebook_uses_english_punctuation(game):
    assert french_typography(english(game.slug)) == []


def test_the_punctuation_check_catches_french_typography():
    assert french_typography(french("num-check"))
    assert french_typography("<p>Score\u00a0: 3</p>") and french_typography("<p>« CHECK »</p>")


def test_game_properties_follow_the_active_language(game):
    assert game.rulebook_html is rulebook_html(game.slug, "fr")
    assert game.rulings_html is rulings_html(game.slug, "fr")
    with translation.override("en"):
        assert game.rulebook_html is rulebook_html(game.slug, "en")
        assert game.rulings_html is rulings_html(game.slug, "en")
    with translation.override("en-gb"):
        assert game.rulebook_html is rulebook_html(game.slug, "en")
    with translation.override("fr"):
        assert game.rulebook_html is rulebook_html(game.slug)


def test_content_language_defaults_to_the_french_reference():
    assert [content_language(c) for c in ("en", "en-us", "EN-GB", "fr", "fr-be", "de", None)] == [
        "en",
        "en",
        "en",
        "fr",
        "fr",
        "fr",
        "fr",
    ]


def test_rendering_is_cached_per_slug_and_language():
    assert rulebook_html("num-draft", "en") is rulebook_html("num-draft", lang="en")
    assert rulebook_html("num-draft") is rulebook_html("num-draft", "fr")
    assert rulebook_html("num-draft", "en") is not rulebook_html("num-draft")
    assert rulings_html("num-5", "en") is rulings_html("num-5", "en-gb")


def test_english_rulings_take_each_file_in_english_else_in_french(tmp_path, monkeypatch):
    """The rulings are translated file by file: a missing English file falls back to French."""
    (tmp_path / "en").mkdir()
    for name in ("num-5.md", "num-5-rulings.md", "num-5-turn-rulings.md", "en/num-5-rulings.md"):
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(games, "CONTENT_DIR", tmp_path)
    assert rulings_files("num-5", "en") == [
        tmp_path / "en" / "num-5-rulings.md",
        tmp_path / "num-5-turn-rulings.md",
    ]
    assert rulings_files("num-5") == [
        tmp_path / "num-5-rulings.md",
        tmp_path / "num-5-turn-rulings.md",
    ]


def test_english_rulings_render_the_english_text_with_the_french_fallback(tmp_path, monkeypatch):
    (tmp_path / "en").mkdir()
    (tmp_path / "num-5-rulings.md").write_text(
        "### Égalité {#arbitrage-egalite}\n\nLes deux joueurs gagnent.\n", encoding="utf-8"
    )
    (tmp_path / "en" / "num-5-rulings.md").write_text(
        "### Tie {#arbitrage-egalite}\n\nBoth players win.\n", encoding="utf-8"
    )
    (tmp_path / "num-5-turn-rulings.md").write_text(
        "### T1 — Une carte {#arbitrage-tour-t1}\n\nChacun pose une carte.\n", encoding="utf-8"
    )
    monkeypatch.setattr(games, "CONTENT_DIR", tmp_path)
    html = rulings_html.__wrapped__("num-5", "en")
    assert "Both players win." in html and "Les deux joueurs" not in html
    assert "Chacun pose une carte." in html  # not translated yet: the French stands in
    assert anchors(html) == ["arbitrage-egalite", "arbitrage-tour-t1"]
    assert "Les deux joueurs gagnent." in rulings_html.__wrapped__("num-5", "fr")
