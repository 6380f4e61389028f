"""The site's python-markdown extension (rules/mdext.py): chips, example links, anchors, tables,
admonitions, ruling sections, and no raw HTML."""

import pytest
from django.urls import NoReverseMatch

from calculators.engines.cards import DRAFT_DECK_LARGE, Card, Family, parse_card
from calculators.templatetags.numsite import card_chip, chip, family_chip
from rules.mdext import ContentError, render


def test_card_chip_is_the_chip_the_calculators_render():
    card = parse_card("7R")
    assert isinstance(card, Card)
    assert render("Une [7R].") == f"<p>Une {card_chip(card)}.</p>"


def test_every_family_and_value_bounds_have_chips():
    html = render("[0V] [16S] [12B] [5J] [3A] [9R]")
    assert html.count('class="card-chip') == 6
    for code in "VSBJAR":
        assert f"fam-{code}" in html


def test_family_chip_and_joker_chip():
    html = render("- [A] Rainbow et [JK]")
    assert str(family_chip(Family.RAINBOW)) in html
    assert str(chip(parse_card("JK", DRAFT_DECK_LARGE))) in html


def test_text_in_brackets_that_is_not_a_card_stays_text():
    html = render("[17R] [7X] [note] [7R](https://example.org)")
    assert "card-chip" not in html
    assert "[17R] [7X] [note]" in html and '<a href="https://example.org">7R</a>' in html


def test_example_link_opens_the_calculator_prefilled():
    html = render("[Essayer](calc:num_check?combo=full&cards=7R+7B+7J+3V+3A&rank=4)")
    assert html == (
        '<p><a class="try-link" href="/num-check/?combo=full&amp;cards=7R+7B+7J+3V+3A'
        '&amp;rank=4">Essayer</a></p>'
    )


def test_example_link_reencodes_its_query():
    html = render("[x](calc:num_check_sheet?players=Léa+:+Paire+5R+5B)")
    assert 'href="/num-check/feuille/?players=L%C3%A9a+%3A+Paire+5R+5B"' in html


def test_example_link_to_an_unknown_calculator_fails():
    with pytest.raises(NoReverseMatch):
        render("[Essayer](calc:num_six?cards=1R)")


def test_a_site_link_whose_text_is_essayer_is_an_example_link():
    assert 'class="try-link" href="/num-5/?n=1"' in render("[Essayer](/num-5/?n=1)")
    assert 'class="try-link"' not in render("[la règle](/num-5/regles/)")


@pytest.mark.parametrize("href", ["javascript:alert(1)", "data:text/html,x", "vbscript:x"])
def test_links_to_scripts_are_refused(href):
    with pytest.raises(ContentError):
        render(f"[x]({href})")


def test_raw_html_is_escaped_not_passed_through():
    html = render('<script>alert(1)</script>\n\nTexte <img src=x onerror="alert(1)"> fin.')
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html and "&lt;img" in html


def test_heading_keeps_its_anchor_and_gets_a_permalink():
    html = render("## 🎯 Objectif du jeu {#objectif}\n\n### Sous-titre {#sous-titre}")
    assert html.startswith('<h2 class="rule-heading" id="objectif">🎯 Objectif du jeu')
    assert (
        '<a aria-label="Lien vers cette section" class="anchor-link" href="#objectif">#</a>' in html
    )
    assert '<h3 class="rule-heading" id="sous-titre">' in html


def test_heading_without_anchor_gets_one_from_toc():
    assert 'id="mode-de-jeu"' in render("## Mode de jeu")


def test_table_gets_the_site_classes_inside_a_scrolling_wrapper():
    html = render("| Rang | Bonus |\n|---|---|\n| 1 | +8 [5R] |")
    assert html.startswith(
        '<div class="table-responsive"><table class="table table-sm rule-table">'
    )
    assert "<th>Rang</th>" in html and "fam-R" in html and html.endswith("</table>\n</div>")


def test_admonitions_are_alerts():
    warning = render('!!! warning ""\n    ⚠️ Attention.')
    tip = render('!!! tip ""\n    💡 Astuce.')
    assert 'class="admonition warning alert alert-warning rule-callout"' in warning
    assert 'class="admonition tip alert alert-info rule-callout"' in tip
    assert "admonition-title" not in warning + tip


def test_attribute_lists_set_classes():
    assert render("**Score = a + b**\n{: .rule-formula }") == (
        '<p class="rule-formula"><strong>Score = a + b</strong></p>'
    )


def test_rulings_are_sections_labelled_by_their_heading():
    html = render(
        "### Un {#arbitrage-un}\n\nTexte.\n\n### Deux {#arbitrage-deux}\n\nAutre.",
        sections=True,
    )
    assert html.count('<section aria-labelledby="arbitrage-') == 2
    first, second = html.split("</section>")[:2]
    assert "Texte." in first and "Autre." not in first and "Autre." in second


def test_without_sections_there_are_none():
    assert "<section" not in render("### Un {#un}\n\nTexte.")
