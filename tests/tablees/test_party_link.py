"""The tablée part of a party's edit sheet (templates/tablees/_party_link.html): the tablée the
party counts in, named and linked by its read link, or the form to add it to one; one cheap
look-up (its SQL written once by the ORM), never on the read link."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext

from calculators.parties.models import Game
from calculators.tablees import services
from calculators.tablees.models import TableeParty
from calculators.tablees.templatetags.tablees import linked_tablee, party_tablee_back
from tests.factories import party

from .conftest import play

pytestmark = pytest.mark.django_db

SHEET = {"HX-Request": "true", "HX-Target": "sheet"}


def tablee_part(token: str) -> str:
    html = Client().get(f"/parties/{token}/", headers=SHEET).content.decode()
    found = re.search(r'<section class="mt-4" id="tablee".*?</section>', html, re.S)
    return found.group() if found else ""


def test_a_party_in_no_tablee_offers_to_join_one():
    game = party("num_check", ["Léa", "Tom"])
    assert linked_tablee(game) is None
    part = tablee_part(game.edit_token)
    assert 'name="tablee"' in part and "party-in-tablee" not in part


def test_a_party_in_a_tablee_names_it_and_links_its_read_link():
    tablee = services.create("Le club", ["Léa", "Tom"])
    game = party("num_check", ["Léa", "Tom"])
    services.link_party(tablee, game, add_members=False)
    assert linked_tablee(game) == (tablee.name, tablee.read_token, True)
    part = tablee_part(game.edit_token)
    assert "« Le club »" in part.replace("\u202f", " ") and f"/{tablee.read_token}/" in part
    assert 'name="tablee"' not in part and tablee.edit_token not in part
    assert tablee_part(game.read_token) == ""  # the read link never tells


def test_the_look_up_answers_as_the_orm_does_for_each_party():
    tablee = services.create("Les amis", ["Léa", "Tom", "Max"])
    inside, outside = party("num5", ["Léa", "Tom", "Max"]), party("num5", ["Léa", "Tom", "Max"])
    services.link_party(tablee, inside, add_members=False)
    for game in (inside, outside):
        orm = TableeParty.objects.filter(game=game).values_list(
            "tablee__name", "tablee__read_token", "tablee__win_chances"
        )
        assert linked_tablee(game) == orm.first()


def test_the_tablee_part_costs_one_query():
    game = party("num_check", ["Léa", "Tom"])
    with CaptureQueriesContext(connection) as queries:
        render_to_string(
            "tablees/_party_link.html", {"game": game, "can_edit": True, "board": None}
        )
    assert len(queries.captured_queries) == 1
    with CaptureQueriesContext(connection) as queries:
        render_to_string(
            "tablees/_party_link.html", {"game": game, "can_edit": False, "board": None}
        )
    assert len(queries.captured_queries) == 0


def test_a_party_started_from_its_tablee_links_back_to_it_under_its_title(client):
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    started = client.post(
        f"/tablees/{tablee.edit_token}/partie/",
        {"kind": "num5", "mode_num5": "normal", "seat_0": "1", "seat_1": "2", "seat_2": "3"},
    )
    assert started.status_code == 302, started.content.decode()[:2000]
    for prefix, name in (("", "« Les jeudis »"), ("/en", "“Les jeudis”")):
        html = client.get(prefix + started["Location"]).content.decode()
        head = html.split("<h1", 1)[0]
        back = re.search(
            r'data-testid="party-tablee-back"><a href="([^"]+)">← Tablée (.+?)</a>', head
        )
        assert back, head[-600:]
        assert back.group(1) == f"{prefix}/tablees/{tablee.read_token}/"
        assert back.group(2).replace("\u202f", " ") == name
        assert tablee.edit_token not in html
    game = TableeParty.objects.get(tablee=tablee).game
    read = client.get(f"/parties/{game.read_token}/").content.decode()
    assert "party-tablee-back" not in read and tablee.read_token not in read


def test_the_way_back_and_the_tablee_part_cost_one_query_together():
    """One look-up for both parts; the win chances of a party that has not started
    (docs/ratings.md#cote-pronostic) cost a few more, as many whatever the tablée holds, and
    none once the tablée turned them off."""
    tablee = services.create("Le club", ["Léa", "Tom"])
    game = party("num_check", ["Léa", "Tom"])
    services.link_party(tablee, game, add_members=False)
    services.set_win_chances(tablee, False)

    def both(game):
        game = Game.objects.get(pk=game.pk)  # a request's own instance
        with CaptureQueriesContext(connection) as queries:
            render_to_string(
                "tablees/_party_back.html", party_tablee_back(game, True)
            ) and render_to_string(
                "tablees/_party_link.html", {"game": game, "can_edit": True, "board": None}
            )
        return len(queries.captured_queries)

    assert both(game) == 1
    services.set_win_chances(tablee, True)
    both(game)  # the statistics computed once for the new stamp, then cached
    with_chances = both(game)
    assert 1 < with_chances <= 7
    for _ in range(3):
        play(tablee, "num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    both(game)  # the statistics computed once for the new stamp, then cached
    assert both(game) == with_chances
