"""GET /donnes/preparer/ (docs/deals.md#donnes-preparer): the dealer walked through the sorted
deck, one card a step, each step a plain server-rendered link (JavaScript off works)."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from calculators.engines import deals
from tests.matching import search

pytestmark = pytest.mark.django_db

QUERY = "jeu=num-draft&sieges=4&graine=club-1&numero=3"


def shown(page: str, name: str) -> str:
    return page.split(f'data-testid="{name}"')[1].split(">", 1)[1].split("</")[0]


def href(page: str, name: str) -> str:
    tag = re.search(rf'<a [^>]*href="([^"]+)"[^>]*data-testid="{name}"', page)
    assert tag, name
    return htmllib.unescape(tag.group(1))


def test_each_step_is_the_next_card_of_the_sorted_deck_and_where_it_goes(client):
    walk = deals.steps(deals.deal(deals.NUM_DRAFT, 4, "club-1"))
    page = client.get(f"/donnes/preparer/?{QUERY}").content.decode()
    assert shown(page, "progress") == f"1 / {len(walk)}" == "1 / 56"
    assert f'data-card="{walk[0].card}"' in page
    first = walk[0]
    expected = (
        f"siège {first.seat}, main"
        if first.place == deals.HAND
        else f"siège {first.seat}, grille, place"
    )
    assert expected in page.split('data-testid="destination"')[1].split("</p>")[0]
    assert 'data-testid="previous"' not in page
    assert "Donne n° 3" in page


def test_next_and_previous_are_plain_links_that_walk_every_step(client):
    walk = deals.steps(deals.deal(deals.NUM5, 3, "club-1"))
    url = "/donnes/preparer/?jeu=num5&sieges=3&graine=club-1"
    seen = []
    for number in range(1, len(walk) + 1):
        page = client.get(url).content.decode()
        assert shown(page, "progress") == f"{number} / {len(walk)}"
        seen.append(search(r'data-testid="step" data-card="([^"]+)"', page).group(1))
        if number > 1:
            assert f"etape={number - 1}" in href(page, "previous")
        if number < len(walk):
            url = "/donnes/preparer/" + href(page, "next")
            assert url.endswith(f"etape={number + 1}")
    assert seen == [str(s.card) for s in walk]
    done = href(page, "done")
    assert done.startswith("/donnes/?") and "etape" not in done


def test_num_draft_grid_places_and_num5_rows_are_named(client):
    dealt = deals.deal(deals.NUM_DRAFT, 2, "club-1")
    walk = deals.steps(dealt)
    n = next(i for i, s in enumerate(walk, start=1) if s.place == deals.GRID and s.index == 0)
    page = client.get(f"/donnes/preparer/?jeu=num-draft&sieges=2&graine=club-1&etape={n}")
    assert "grille, place haut-gauche" in page.content.decode()
    rows = client.get("/donnes/preparer/?jeu=num5&sieges=3&graine=club-1&etape=1")
    assert "→ rangée 2" in rows.content.decode()  # 0R, the second starting row


def test_the_sheet_links_to_the_prepare_page_with_its_query(client):
    page = client.get(f"/donnes/?{QUERY}").content.decode()
    link = href(page, "prepare-link")
    assert link.startswith("/donnes/preparer/?")
    for part in QUERY.split("&"):
        assert part in link


def test_no_seed_draws_one_and_no_query_goes_to_the_sheet(client):
    moved = client.get("/donnes/preparer/?jeu=num5&sieges=4&numero=2")
    assert moved.status_code == 302 and "graine=" in moved["Location"]
    assert "numero=2" in moved["Location"]
    assert client.get("/donnes/preparer/")["Location"] == "/donnes/"


@pytest.mark.parametrize(
    ("etape", "message"),
    [("57", "Cette donne a 56 étapes"), ("0", "supérieure ou égale à 1"), ("x", "nombre entier")],
)
def test_a_step_outside_the_walk_is_refused_at_its_field(client, etape, message):
    response = client.get(f"/donnes/preparer/?{QUERY}&etape={etape}")
    assert response.status_code == 400
    assert message in shown(response.content.decode(), "error-etape")


def test_prepare_page_in_english(client):
    page = client.get("/en/donnes/preparer/?jeu=num-draft&sieges=2&graine=club-1").content.decode()
    assert "Prepare the deal" in page and ">Next<" in page
    assert re.search(r"→ seat \d, (hand|grid, [a-z ]+ place)", page)


@pytest.mark.parametrize(("prefix", "target"), [("", "/donnes/"), ("/en", "/en/donnes/")])
def test_players_find_the_deals_from_the_home_page_and_the_two_rulebooks(client, prefix, target):
    home = client.get(f"{prefix}/").content.decode()
    assert f'href="{target}"' in home.split('data-testid="home-deals"')[1]
    for slug in ("num-draft", "num-5"):
        page = client.get(f"{prefix}/{slug}/regles/").content.decode()
        assert re.search(rf'href="{target}" data-testid="deals-link"', page), slug
    assert (
        'data-testid="deals-link"' not in client.get(f"{prefix}/num-check/regles/").content.decode()
    )
