"""Events « en donnes préparées » through the pages and the API (docs/events.md#tournoi-donnes):
the option at its field, the deal on the Party page, a grid refused at its field, the deal's
results page and the matchpoint standings, in French and in English."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from calculators.engines import dealbest, deals
from calculators.events import services
from calculators.events.models import Event
from calculators.parties import deals as party_deals
from calculators.parties import services as party_services

from .helpers import NAMES, dealt_of, event, game_of
from .test_duplicate import own_grids, play

pytestmark = pytest.mark.django_db


def form(game="num_draft:classic", **change):
    return {"name": "Donnes", "game": game, "players": "\n".join(NAMES[:8]), "sizes": "4",
            "rounds": "2", "duplicate": "on", **change}  # fmt: skip


def at_field(html, field):
    text = html.split(f'data-testid="error-{field}"', 1)[1].split("</div>", 1)[0]
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def stranger(game):
    dealt = dealt_of(game)
    given = {str(c) for seat in dealt.seats for c in seat.cards}
    return next(str(c) for c in deals.deck_cards(deals.draft_deck(4)) if str(c) not in given)


def started(duplicate=True):
    ev = event(8, (4,), 2, game="num_draft", duplicate=duplicate, seed="club")
    services.seat(ev)
    services.start(ev)
    return ev


def test_the_new_event_form_makes_a_duplicate_num_draft_event(client):
    response = client.post("/tournois/nouveau/", form())
    assert response.status_code == 302
    assert Event.objects.get().duplicate is True


def test_the_form_refuses_duplicate_num_check_at_its_field(client):
    response = client.post("/tournois/nouveau/", form("num_check:classic"))
    assert response.status_code == 400
    assert "tire des cartes" in at_field(response.content.decode(), "duplicate")
    assert not Event.objects.exists()


def test_the_form_refuses_duplicate_num_check_in_english_under_en(client):
    response = client.post("/en/tournois/nouveau/", form("num_check:classic"))
    assert response.status_code == 400
    assert "draws cards" in at_field(response.content.decode(), "duplicate")


def test_the_party_page_shows_its_deal_and_links_to_its_sheet(client):
    ev = started()
    game = ev.round_set.get().tables.first().game
    html = client.get(f"/parties/{game.edit_token}/").content.decode()
    shown = html.split('data-testid="party-deal"', 1)[1].split("</p>", 1)[0]
    assert "Donne n° 1 (4 sièges)" in shown.replace("\u202f", " ").replace("\u00a0", " ")
    assert "/donnes/?jeu=num-draft&amp;mode=classic&amp;sieges=4&amp;paquet=0-12" in shown
    assert "graine=club%3Adonne%3A1%3A4" in shown
    assert client.get(party_deals.sheet_url(game)).status_code == 200
    english = client.get(f"/en/parties/{game.edit_token}/").content.decode()
    assert "Deal no. 1 (4 seats)" in english


def test_the_party_page_refuses_a_grid_card_not_dealt_at_the_table_at_its_field(client):
    ev = started()
    game = ev.round_set.get().tables.first().game
    card = stranger(game)
    player = game.players.get(seat=0)
    data = {"player": player.pk, "c0": card, "seen": game.version}
    response = client.post(reverse("parties:action", args=[game.edit_token, "grid_set"]), data)
    assert response.status_code == 400
    html = response.content.decode().replace("\u202f", " ").replace("\u00a0", " ")
    assert f"La carte {card} n’a été donnée à aucun joueur de cette table" in html
    game.refresh_from_db()
    assert game.players.get(seat=0).grid == []


def test_the_api_refuses_a_grid_card_not_dealt_at_the_table(eapi):
    ev = started()
    game = ev.round_set.get().tables.first().game
    card = stranger(game)
    status, body = eapi("PUT", f"parties/{game.edit_token}/grids/0", {"cells": [card] + [None] * 8})
    assert status == 400
    assert body["error"]["field"] == "cells" and card in body["error"]["message"]
    assert "donne n° 1" in body["error"]["message"]


def test_the_api_creates_a_duplicate_event_and_refuses_it_for_num_check(eapi):
    body = {"name": "Donnes", "game": "num-check", "players": NAMES[:8], "sizes": [4], "rounds": 2,
            "duplicate": True}  # fmt: skip
    status, answer = eapi("POST", "events", body)
    assert status == 400 and answer["error"]["field"] == "duplicate"
    status, answer = eapi("POST", "events", {**body, "game": "num-draft", "seed": "club"})
    assert status == 201 and answer["duplicate"] is True
    token = answer["edit_token"]
    eapi("POST", f"events/{token}/rounds")
    status, answer = eapi("POST", f"events/{token}/start")
    assert status == 200, answer
    (round_,) = answer["schedule"]
    assert round_["tables"][0]["deal"] == {
        "number": 1, "seed": "club:donne:1:4", "seats": 4, "deck": "0-12",
    }  # fmt: skip
    (deal,) = round_["deals"]
    assert deal["number"] == 1 and deal["tables"] == [1, 2] and not deal["scored"]
    assert deal["pending"] == [1, 2] and len(deal["results"]) == 4


def test_the_api_gives_the_matchpoints_and_the_standings(eapi):
    ev = event(8, (4,), 1, game="num_draft", duplicate=True, seed="club")
    play(ev)
    status, answer = eapi("GET", f"events/{ev.read_token}")
    assert status == 200
    (deal,) = answer["schedule"][0]["deals"]
    assert deal["scored"] and deal["top"] == 2
    assert deal["results"][0][0]["percentage"] == 50.0
    assert deal["results"][0][0]["matchpoints"] == 1
    status, standings = eapi("GET", f"events/{ev.read_token}/standings")
    assert status == 200 and len(standings["matchpoints"]) == 8
    assert standings["matchpoints"][0]["percentages"] == 50.0


def test_a_free_events_standings_have_no_matchpoints(eapi):
    ev = event(8, (4,), 1, game="num_draft")
    status, answer = eapi("GET", f"events/{ev.read_token}/standings")
    assert "matchpoints" not in answer


def test_the_deal_page_shows_every_tables_score_at_each_seat(client):
    ev = event(8, (4,), 1, game="num_draft", duplicate=True, seed="club")
    play(ev)
    html = client.get(f"/tournois/{ev.read_token}/ronde/1/donne/").content.decode()
    results = html.split('data-testid="deal-results"', 1)[1]
    assert results.count("<tr") == 1 + 8  # the head, 4 seats × 2 tables
    assert "50" in results
    room = client.get(f"/tournois/{ev.read_token}/").content.decode()
    assert 'data-testid="matchpoint-standings"' in room
    assert f"/tournois/{ev.read_token}/ronde/1/donne/" in room
    english = client.get(f"/en/tournois/{ev.read_token}/ronde/1/donne/").content.decode()
    assert "Round 1: the deal’s results" in english


def test_the_deal_page_shows_the_best_score_each_seats_cards_allow(client):
    """docs/deals.md#donnes-meilleur: beside each seat, the most its 14 dealt cards score in a
    grid alone, the engine's exact search (one cell per seat, for all its tables)."""
    ev = event(8, (4,), 1, game="num_draft", duplicate=True, seed="club")
    play(ev)
    table = ev.round_set.get().tables.select_related("game").first()
    assert table is not None
    dealt = dealt_of(game_of(table))
    expected = [dealbest.best_grid(seat.cards, ev.mode).total for seat in dealt.seats]
    html = client.get(f"/tournois/{ev.read_token}/ronde/1/donne/").content.decode()
    shown = re.findall(r'data-testid="seat-best">([^<]+)<', html)
    assert [int(text) for text in shown] == expected
    assert any(total > 0 for total in expected)


def test_the_deal_page_waits_for_every_table_of_the_deal(client):
    ev = started()
    first = ev.round_set.get().tables.select_related("game").first()
    own_grids(first.game)
    party_services.finish(first.game)
    services.confirm(ev, first.number)
    html = client.get(f"/tournois/{ev.edit_token}/ronde/1/donne/").content.decode()
    assert 'data-testid="deal-pending"' in html


def test_the_deal_page_is_404_for_a_free_event_or_a_round_not_started(client):
    free = started(duplicate=False)
    assert client.get(f"/tournois/{free.read_token}/ronde/1/donne/").status_code == 404
    ev = event(8, (4,), 2, game="num_draft", duplicate=True)
    services.seat(ev)
    assert client.get(f"/tournois/{ev.read_token}/ronde/1/donne/").status_code == 404


def test_the_rooms_screen_ranks_a_duplicate_event_by_its_percentages(client):
    ev = event(7, (4, 3), 1, game="num_draft", duplicate=True, seed="club")
    play(ev)
    html = client.get(f"/tournois/{ev.read_token}/salle/").content.decode()
    shown = html.split('data-testid="projector-standings"', 1)[1].split("</ol>", 1)[0]
    assert shown.count("<li>") == 7 and shown.count("50,00") == 7


def csv_sections(text):
    """The CSV export's sections (split at their empty row), each a list of rows of cells."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    sections: list[list[list[str]]] = [[]]
    for row in rows:
        if row:
            sections[-1].append(row)
        else:
            sections.append([])
    return sections


def test_the_csv_export_of_a_duplicate_event_adds_its_matchpoints_as_the_json_has_them(client):
    """docs/events.md#tournoi-donnes-classement: the CSV carries both standings, as the JSON
    export does: the ordinary ones first (unchanged), then, after an empty row, the matchpoint
    standings under their own header row; a bye marked with its 50, an absence as absent."""
    ev = event(["=Léa", "+Tom", "-Max", "@Zoé", "Ana"], (4,), 3, game="num_draft",
               duplicate=True, seed="club")  # fmt: skip
    play(ev)
    play(ev)
    services.add_player(ev, "Bob")  # absent from rounds 1 and 2
    services.seat(ev)
    services.start(ev)  # round 3 under way: nothing counts yet
    response = client.get(f"/tournois/{ev.read_token}/classement.csv")
    assert response.status_code == 200
    ordinary, matchpoints = csv_sections(response.content.decode())
    assert ordinary[0][:2] == ["Place", "Joueur"] and len(ordinary) == 1 + 6
    assert matchpoints[0] == [
        "Place aux matchpoints", "Joueur", "Total des pourcentages",
        "Ronde 1 (%)", "Ronde 2 (%)", "Ronde 3 (%)",
    ]  # fmt: skip
    data = client.get(f"/tournois/{ev.read_token}/classement.json").json()
    expected = []
    for line in data["matchpoints"]:
        name = line["name"]
        row = [str(line["position"]), "'" + name if name[0] in "=+-@" else name,
               f"{line['percentages']:.2f}"]  # fmt: skip
        for r in line["rounds"]:
            if r["percentage"] is None:
                row.append("absent")
            elif r["bye"]:
                row.append(f"{r['percentage']:.2f} (exempt)")
            else:
                row.append(f"{r['percentage']:.2f}")
        expected.append(row)
    assert matchpoints[1:] == expected
    cells = [cell for row in matchpoints[1:] for cell in row]
    assert "50.00 (exempt)" in cells and "absent" in cells  # one of 5 sits out each round
    assert {"'=Léa", "'+Tom", "'-Max", "'@Zoé"} <= set(cells)  # no formula for a spreadsheet


def test_the_csv_export_of_a_duplicate_event_in_english_under_en(client):
    ev = event(8, (4,), 1, game="num_draft", duplicate=True, seed="club")
    play(ev)
    text = client.get(f"/en/tournois/{ev.read_token}/classement.csv").content.decode()
    _, matchpoints = csv_sections(text)
    assert matchpoints[0] == ["Matchpoint place", "Player", "Total of percentages", "Round 1 (%)"]
    assert all(row[2] == "50.00" for row in matchpoints[1:]) and len(matchpoints) == 1 + 8


def test_a_free_events_csv_export_has_no_matchpoints(client):
    ev = event(8, (4,), 1, game="num_draft", seed="club")
    services.seat(ev)
    services.start(ev)
    text = client.get(f"/tournois/{ev.read_token}/classement.csv").content.decode()
    assert len(csv_sections(text)) == 1 and "matchpoints" not in text


def slip_deals(html):
    return [
        text.replace("\u202f", " ").replace("\u00a0", " ")
        for text in re.findall(r'data-testid="slip-deal">([^<]+)<', html)
    ]


def test_each_slip_of_a_duplicate_round_shows_its_deal_number(client):
    """docs/events.md#tournoi-donnes-graine: every table of round N plays « Donne n° N », and
    its printed slip says so (with two table sizes the number is shared, as on the Party page)."""
    ev = event(11, (4, 3), 2, game="num_draft", duplicate=True, seed="club")
    services.seat(ev)
    services.start(ev)
    html = client.get(f"/tournois/{ev.edit_token}/fiches/").content.decode()
    assert html.count('data-testid="slip"') == 3
    assert slip_deals(html) == ["Donne n° 1"] * 3
    english = client.get(f"/en/tournois/{ev.edit_token}/fiches/").content.decode()
    assert slip_deals(english) == ["Deal no. 1"] * 3
    for table in ev.round_set.get().tables.select_related("game"):  # round 1 played, closed
        own_grids(game_of(table))
        party_services.finish(game_of(table))
        services.confirm(ev, table.number)
    services.close(ev)
    services.seat(ev)
    services.start(ev)
    html = client.get(f"/tournois/{ev.edit_token}/fiches/").content.decode()
    assert slip_deals(html) == ["Donne n° 2"] * 3


def test_a_free_rounds_slips_show_no_deal(client):
    ev = started(duplicate=False)
    html = client.get(f"/tournois/{ev.edit_token}/fiches/").content.decode()
    assert html.count('data-testid="slip"') == 2 and 'data-testid="slip-deal"' not in html
