"""The rulebooks and rulings as content: loading, caching, links, anchors, examples."""

import re
from html import unescape

import pytest

from rules import games
from rules.games import GAMES, GAMES_BY_SLUG, rulebook_html, rulings_files, rulings_html

from ..web.test_pages import RESULT_MARKERS

CONNECT_SHADOW_TAILS = ("7S+8S+8R+8V+8B", "8R+8V+8B+8S+9S")


def example_links(html):
    return [unescape(href) for href in re.findall(r'<a class="try-link" href="([^"]+)"', html)]


def rulebook_examples():
    for game in GAMES:
        for link in example_links(game.rulebook_html):
            yield pytest.param(game, link, id=link)


@pytest.mark.parametrize(("game", "link"), list(rulebook_examples()))
def test_rulebook_example_opens_the_calculator_with_a_result(client, game, link):
    assert link.startswith(game.url)
    html = client.get(link).content.decode()
    assert any(marker in html for marker in RESULT_MARKERS)
    if game.slug == "num-connect":  # every Num Connect example of the rulebook is valid
        assert 'data-testid="connect-valid"' in html


def test_num_connect_rulebook_shows_both_shadow_tail_examples_with_their_colours():
    html = GAMES_BY_SLUG["num-connect"].rulebook_html
    for cards in CONNECT_SHADOW_TAILS:
        assert f"cards={cards}" in unescape(html)
    assert "ne sont pas repris" not in html


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_in_page_link_of_a_game_page_has_its_target(client, game):
    """The calculators link to rulebook sections and rulings (#bonus-de-rang, #arbitrage-…)."""
    pages = [game.url, game.rules_url, *example_links(game.rulings_html)[:3]]
    for url in pages:
        html = client.get(url).content.decode()
        ids = re.findall(r'\sid="([^"]+)"', html)
        # Form fields are the calculators' (two NUM CHECK forms share « id_rank »); the rest,
        # rulebook and rulings included, is unique.
        own = [i for i in ids if not i.startswith(("id_", "err-id_"))]
        assert len(own) == len(set(own)), url
        for target in re.findall(r'href="#([^"]+)"', html):
            assert target in ids, (url, target)


CALCULATOR_ANCHORS = {
    "num-check": ["combinaisons", "carte-de-reference", "bonus-de-rang", "reference-et-rang"],
    "num-draft": ["scoring", "mode-classique", "bonus-voisin"],
    "num-5": ["explosion", "arbitrage-trois-manches", "arbitrage-egalite-manche"],
    "num-connect": ["combinaisons", "rainbow-reset", "shadow"],
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_anchors_linked_from_results_exist(game):
    html = game.rulebook_html + game.rulings_html
    for anchor in CALCULATOR_ANCHORS[game.slug]:
        assert f'id="{anchor}"' in html


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_ruling_anchor_starts_with_arbitrage(game):
    anchors = re.findall(r'<h3[^>]* id="([^"]+)"', game.rulings_html)
    assert anchors and all(a.startswith("arbitrage-") for a in anchors)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_content_files_hold_no_raw_html(game):
    for path in [games.CONTENT_DIR / f"{game.slug}.md", *rulings_files(game.slug)]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"</?[a-zA-Z][^>]*>", text), path.name


def test_rendering_is_cached_per_process():
    assert rulebook_html("num-check") is rulebook_html("num-check")
    assert rulings_html("num-5") is rulings_html("num-5")
    assert rulebook_html.cache_info().hits >= 1


def test_each_game_gathers_every_rulings_file(tmp_path, monkeypatch):
    for name in ("num-5.md", "num-5-rulings.md", "num-5-turn-rulings.md", "num-check-rulings.md"):
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(games, "CONTENT_DIR", tmp_path)
    assert [p.name for p in rulings_files("num-5")] == ["num-5-rulings.md", "num-5-turn-rulings.md"]
    assert [p.name for p in rulings_files("num-check")] == ["num-check-rulings.md"]


def test_a_turn_rulings_file_is_rendered_within_the_num5_rulings(tmp_path, monkeypatch):
    for path in games.CONTENT_DIR.glob("num-5*.md"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "num-5-turn-rulings.md").write_text(
        "### T1 — Une carte par joueur {#arbitrage-tour-t1}\n\n"
        "Chacun pose une carte.\n\nExemple : [Essayer](/num-5/?n=1)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(games, "CONTENT_DIR", tmp_path)
    html = rulings_html.__wrapped__("num-5")
    assert html.index('id="arbitrage-egalite-manche"') < html.index('id="arbitrage-tour-t1"')
    assert '<a class="try-link" href="/num-5/?n=1">Essayer</a>' in html
    assert html.count('class="ruling"') == html.count("<h3")
