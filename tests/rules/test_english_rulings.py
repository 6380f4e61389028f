"""The English « Précisions d'arbitrage » (rules/content/en/) mirror the French files exactly.

A translation may change words only: every ruling keeps its anchor (calculators link to them),
every card chip, every example link target, and every « À vérifier à votre table » warning; no
French sentence is left behind.
"""

import re
from collections import Counter

import pytest

from rules import mdext
from rules.games import CONTENT_DIR

EN_DIR = CONTENT_DIR / "en"

RULINGS_FILES = (
    "num-check-rulings.md",
    "num-draft-rulings.md",
    "num-5-rulings.md",
    "num-connect-rulings.md",
    "num-5-turn-rulings.md",
)

ANCHOR = re.compile(r"\{#([^}\s]+)\}")
CHIP = re.compile(r"\[(\d{1,2}[RVBJAS]|JK|[RVBJAS])\](?!\()")
LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{2,3} ", re.MULTILINE)
ADMONITION = re.compile(r"^!!! \w+", re.MULTILINE)
FORMULA = re.compile(r"^\{: \.rule-formula \}$", re.MULTILINE)
TABLE_ROW = re.compile(r"^\|.*\|$", re.MULTILINE)

# Words that only a French sentence would hold (matched as whole words, case-insensitive).
FRENCH_WORDS = re.compile(
    r"\b(joueurs?|cartes?|manches?|rangées?|voisin(?:e|s|es)?|combinaisons?|égalité|exemple|"
    r"essayer|vérifier|valeurs?|familles?|paquet|couleurs?|suite|avec|dans|une|les|des|est|"
    r"sont|mais|aussi|seule?s?|jamais|toujours|quand|chaque|plus|moins)\b",
    re.IGNORECASE,
)


def read_pair(name):
    french = (CONTENT_DIR / name).read_text(encoding="utf-8")
    english = (EN_DIR / name).read_text(encoding="utf-8")
    return french, english


def prose(text):
    """The text a reader reads: without anchors, chips and link targets."""
    text = ANCHOR.sub("", text)
    text = CHIP.sub("CARD", text)
    return LINK.sub(lambda m: m.group(1), text)


def test_every_french_rulings_file_has_its_english_translation():
    french = sorted(p.name for p in CONTENT_DIR.glob("*-rulings.md"))
    assert french == sorted(RULINGS_FILES)
    assert sorted(p.name for p in EN_DIR.glob("*-rulings.md")) == french


pairs = pytest.mark.parametrize("name", RULINGS_FILES)


@pairs
def test_english_rulings_keep_every_anchor_in_order(name):
    french, english = read_pair(name)
    assert ANCHOR.findall(english) == ANCHOR.findall(french)
    assert all(a.startswith("arbitrage-") for a in ANCHOR.findall(english))


@pairs
def test_english_rulings_keep_every_card_chip(name):
    french, english = read_pair(name)
    assert Counter(CHIP.findall(english)) == Counter(CHIP.findall(french))


@pairs
def test_english_rulings_keep_every_example_link_target_in_order(name):
    french, english = read_pair(name)
    assert [t for _, t in LINK.findall(english)] == [t for _, t in LINK.findall(french)]


@pairs
def test_english_example_links_say_try(name):
    french, english = read_pair(name)
    assert all(text.startswith("Essayer") for text, _ in LINK.findall(french))
    assert all(text.startswith("Try") for text, _ in LINK.findall(english))


@pairs
def test_english_rulings_keep_the_structure(name):
    french, english = read_pair(name)
    for pattern in (HEADING, ADMONITION, FORMULA, TABLE_ROW):
        assert len(pattern.findall(english)) == len(pattern.findall(french)), pattern.pattern
    assert len(re.findall(r"^Example: ", english, re.MULTILINE)) == len(
        re.findall(r"^Exemple\s:", french, re.MULTILINE)  # « Exemple : », any space before « : »
    )
    assert english.count("\n\n") == french.count("\n\n")


@pairs
def test_english_rulings_keep_every_check_at_your_table_warning(name):
    french, english = read_pair(name)
    assert english.count("**Check this at your table") == french.count("**À vérifier à votre table")


@pairs
def test_english_rulings_leave_no_french_word(name):
    _, english = read_pair(name)
    assert FRENCH_WORDS.findall(prose(english)) == []
    assert " :" not in prose(english)  # English punctuation: no space before a colon


def test_the_french_word_check_can_fail():
    french, _ = read_pair(RULINGS_FILES[0])
    assert FRENCH_WORDS.findall(prose(french))


@pairs
def test_english_rulings_render_with_the_same_sections_and_links(name):
    french, english = read_pair(name)
    french_html, english_html = (mdext.render(t, sections=True) for t in (french, english))
    ids = re.compile(r'<h3[^>]* id="([^"]+)"')
    assert ids.findall(english_html) == ids.findall(french_html)
    hrefs = re.compile(r'<a\b[^>]*\bhref="([^"]+)"')
    assert hrefs.findall(english_html) == hrefs.findall(french_html)
    assert not re.search(r"</?[a-zA-Z][^>]*>", english)  # no raw HTML in content
