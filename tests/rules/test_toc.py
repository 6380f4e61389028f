"""Each rulebook page opens with a table of contents (python-markdown's ``toc``): every section
of the rulebook and every ruling of its « Précisions d'arbitrage », each a link to an anchor of
the page, in French and in English; headings land below the sticky bars (``scroll-margin-top``)."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games import GAMES
from tests.conftest import LANGUAGES

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "numsite.css"


def toc_links(html: str) -> list[str]:
    nav = re.search(r'<nav class="rule-toc[^"]*"[^>]*id="sommaire">(.*?)</nav>', html, re.S)
    assert nav, "no table of contents"
    return re.findall(r'href="#([^"]+)"', nav.group(1))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_rulebook_page_has_a_table_of_contents_of_every_section_and_ruling(client, game, language):
    with translation.override(language):
        url = reverse("rules:rulebook", args=[game.slug])
    html = client.get(url).content.decode()
    links = toc_links(html)
    sections = re.findall(r'<h2 id="([^"]+)"', html)
    rulings = re.findall(r'<h3 id="(arbitrage-[^"]+)"', html)
    assert [s for s in links if s in sections] == sections  # every section, in order
    assert set(rulings) <= set(links) and "precisions-d-arbitrage" in links
    for anchor in links:
        assert f'id="{anchor}"' in html, anchor
    assert html.index('id="sommaire"') < html.index(f'id="{sections[0]}"')  # at the top


def test_toc_is_on_the_game_page_beside_the_calculator_too(client):
    html = client.get("/num-check/").content.decode()
    assert "arbitrage-cartes-a-guetter" in toc_links(html)


def test_headings_land_below_the_sticky_bars():
    css = CSS.read_text(encoding="utf-8")
    rule = re.search(r"\.rulebook \.rule-heading, \.rulebook \.ruling[^{]*\{([^}]*)\}", css)
    assert rule and "scroll-margin-top" in rule.group(1)
