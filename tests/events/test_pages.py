"""The events' pages: a new event, the organiser's page, the room's, the writes (plain POST
forms answered by a redirect: no JavaScript needed), the players' confirmations from their
table's Party page, the exports."""

import pytest

from calculators.events import services
from calculators.events.models import Event, Table

from .helpers import NAMES, event, finish_tables, game_of, play_round

pytestmark = pytest.mark.django_db


def page(client, url, status=200, **kwargs):
    response = client.get(url, **kwargs)
    assert response.status_code == status, response.content[:400]
    return response.content.decode()


def post(client, url, data=None, status=302):
    response = client.post(url, data or {})
    assert response.status_code == status, response.content.decode()[:2000]
    return response


def test_the_new_event_form_creates_an_event_and_opens_the_organisers_page(client):
    assert "Nouveau tournoi" in page(client, "/tournois/nouveau/")
    response = post(
        client,
        "/tournois/nouveau/",
        {"name": "Open", "game": "num_check:classic", "players": "\n".join(NAMES[:8]),
         "sizes": "4", "rounds": "2", "avoid": "Joueur 1, Joueur 2", "seed": ""},
    )  # fmt: skip
    ev = Event.objects.get()
    assert response["Location"] == f"/tournois/{ev.edit_token}/"
    assert ev.avoid == [[0, 1]] and ev.sizes == [4] and ev.rounds == 2
    html = page(client, response["Location"])
    assert "Placer la ronde 1" in html and ev.read_token in html


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"sizes": "4, x"}, "sizes", "une taille de table est un nombre entier"),
        ({"sizes": "12"}, "sizes", "compte de 2 à 10 joueurs"),
        ({"players": "Léa\nléa\nTom"}, "players", "Léa"),
        ({"avoid": "Joueur 1"}, "avoid", "une paire à séparer nomme deux joueurs"),
        ({"avoid": "Joueur 1, Personne"}, "avoid", "Personne"),
    ],
)
def test_bad_input_is_shown_at_its_field(client, change, field, message):
    data = {"name": "Open", "game": "num_check:classic", "players": "\n".join(NAMES[:8]),
            "sizes": "4", "rounds": "2", **change}  # fmt: skip
    response = post(client, "/tournois/nouveau/", data, status=400)
    html = response.content.decode()
    at_field = html.split(f'data-testid="error-{field}"', 1)[1].split("</div>", 1)[0]
    assert message in at_field.replace("\u202f", " ").replace("\u00a0", " ")
    assert not Event.objects.exists()


def test_the_form_speaks_english_under_en(client):
    data = {"name": "Open", "game": "num_check:classic", "players": "A\nB",
            "sizes": "3", "rounds": "1"}  # fmt: skip
    response = client.post("/en/tournois/nouveau/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "New event" in html and "do not fill" not in html
    assert "Nouveau tournoi" not in html


def test_the_room_link_reads_but_never_writes_nor_shows_the_organisers_link(client):
    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    html = page(client, f"/tournois/{ev.read_token}/")
    assert ev.edit_token not in html and "Placer la ronde" not in html
    assert "Table 1" in html and "Table 2" in html
    response = client.post(f"/tournois/{ev.read_token}/commencer/")
    assert response.status_code == 403
    assert ev.round_set.get().state == "seated"


def test_an_unknown_link_is_a_404(client):
    page(client, "/tournois/" + "x" * 43 + "/", status=404)


def test_a_round_from_the_organisers_page_to_the_tables_party_pages(client):
    ev = event(8, sizes=(4,), rounds=2)
    edit = f"/tournois/{ev.edit_token}"
    post(client, f"{edit}/placer/")
    html = page(client, f"{edit}/")
    assert "Commencer la ronde" in html and "Échanger les places" in html
    post(client, f"{edit}/commencer/")
    current = ev.round_set.get()
    html = page(client, f"{edit}/")
    assert "Clore la ronde" in html
    for table in current.tables.select_related("game"):
        assert f"/parties/{game_of(table).edit_token}/" in html
    finish_tables(current)
    table = current.tables.select_related("game").get(number=1)
    party = page(client, f"/parties/{game_of(table).edit_token}/")
    assert "Table 1 — ronde 1 du tournoi Soirée du club" in party.replace("\u202f", " ")
    assert "Je confirme le résultat" in party
    names = dict(ev.players.values_list("pk", "name"))
    for pk in table.seats:
        response = post(
            client, f"/tournois/table/{game_of(table).edit_token}/confirmer/", {"player": names[pk]}
        )
        assert response["Location"] == f"/parties/{game_of(table).edit_token}/#tournoi"
    table.refresh_from_db()
    assert table.state == Table.State.CONFIRMED
    # closing is refused while table 2 waits: the message is on the page
    response = post(client, f"{edit}/clore/", status=400)
    assert "table(s) 2" in response.content.decode()
    post(client, f"{edit}/confirmer/", {"table": "2"})
    post(client, f"{edit}/clore/")
    html = page(client, f"{edit}/")
    assert "Placer la ronde 2" in html and "suisse" in html


def test_a_dispute_from_the_party_page_is_settled_on_the_organisers_page(client):
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    game = game_of(current.tables.get())
    post(
        client,
        f"/tournois/table/{game.edit_token}/contester/",
        {"player": NAMES[0], "reason": "Ma paire compte double"},
    )
    html = page(client, f"/tournois/{ev.edit_token}/")
    assert "Ma paire compte double" in html and 'data-state="disputed"' in html
    assert "settle-reopen" in html
    response = post(
        client, f"/tournois/table/{game.edit_token}/contester/", {"player": NAMES[0]}, status=400
    )
    assert "déjà" in response.content.decode() or "contest" in response.content.decode()
    post(client, f"/tournois/{ev.edit_token}/trancher/", {"table": "1", "decision": "reopen"})
    game.refresh_from_db()
    assert not game.finished


def test_a_partys_read_link_cannot_confirm(client):
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    game = game_of(current.tables.get())
    response = client.post(f"/tournois/table/{game.read_token}/confirmer/", {"player": NAMES[0]})
    assert response.status_code == 403
    assert "Je confirme" not in page(client, f"/parties/{game.read_token}/")


def test_players_in_and_out_from_the_organisers_page(client):
    ev = event(8, sizes=(4, 5), rounds=2)
    edit = f"/tournois/{ev.edit_token}"
    post(client, f"{edit}/ajouter/", {"name": "Retardataire"})
    post(client, f"{edit}/retirer/", {"name": NAMES[0]})
    response = post(client, f"{edit}/ajouter/", {"name": "retardataire"}, status=400)
    assert 'data-testid="players-error"' in response.content.decode()
    post(client, f"{edit}/placer/")
    html = page(client, f"{edit}/")
    assert "Retardataire" in html.split('data-testid="tables"', 1)[1]
    assert NAMES[0] not in html.split('data-testid="tables"', 1)[1].split("</section>", 1)[0]


def test_the_room_poll_answers_nothing_until_the_event_changes(client):
    ev = event(8, sizes=(4,), rounds=1)
    url = f"/tournois/{ev.read_token}/?v={services.stamp(ev)}"
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 204
    services.seat(ev)
    response = client.get(url, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="room"')
    assert "Table 1" in html and "<html" not in html


def test_the_phones_own_table_comes_first(client):
    ev = event(12, sizes=(4,), rounds=1)
    current = services.seat(ev)
    last = current.tables.get(number=3)
    name = ev.players.get(pk=last.seats[0]).name
    html = page(client, f"/tournois/{ev.read_token}/", data={"joueur": name})
    assert html.index('data-testid="table-3"') < html.index('data-testid="table-1"')


def test_the_standings_export_as_csv_and_json(client):
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    services.confirm(ev, 1)
    csv = page(client, f"/tournois/{ev.read_token}/classement.csv")
    lines = csv.lstrip("\ufeff").splitlines()
    assert lines[0].startswith("Place;Joueur;Points de rang")
    first = current.tables.get().seats[0]
    assert lines[1].startswith(f"1;{ev.players.get(pk=first).name};1.0000")
    data = client.get(f"/tournois/{ev.read_token}/classement.json").json()
    assert data["lines"][0]["position"] == 1 and data["pending"] == []


#: A free event's CSV as it always was (docs/events.md « Classement »): a duplicate event's
#: matchpoints add a section to theirs, never a column or a row to this one.
FREE_EVENT_CSV = (
    "\ufeff"
    "Place;Joueur;Points de rang;Victoires;Adversaires;Points relatifs;Tables jouées;"
    "Ronde 1;Ronde 2\r\n"
    "1;Cy;1.0000;1.0000;0.3333;0.7500;1;table 1, 1/4;absent\r\n"
    "2;'-Max;1.0000;1.0000;0.2500;0.6667;1;table 2, 1/3;absent\r\n"
    "3;'+Tom;0.3333;0.0000;0.5556;'-0.2500;1;table 1, 2/4;absent\r\n"
    "3;'@Zoé;0.3333;0.0000;0.5556;'-0.2500;1;table 1, 2/4;absent\r\n"
    "3;Bob;0.3333;0.0000;0.5556;'-0.2500;1;table 1, 2/4;absent\r\n"
    "6;'=Léa;0.2500;0.0000;0.6250;'-0.3333;1;table 2, 2/3;absent\r\n"
    "6;Ana;0.2500;0.0000;0.6250;'-0.3333;1;table 2, 2/3;absent\r\n"
)


def test_a_free_events_csv_export_stays_byte_for_byte_the_same(client):
    names = ["=Léa", "+Tom", "-Max", "@Zoé", "Ana", "Bob", "Cy"]
    ev = event(names, sizes=(4, 3), rounds=2, seed="pin")
    play_round(ev)
    services.seat(ev)
    services.start(ev)
    response = client.get(f"/tournois/{ev.read_token}/classement.csv")
    assert response.content == FREE_EVENT_CSV.encode()


def test_new_links_stop_the_old_ones(client):
    ev = event(4, sizes=(4,), rounds=1)
    old = ev.edit_token
    post(client, f"/tournois/{old}/liens/")
    page(client, f"/tournois/{old}/", status=404)


def test_the_party_pages_event_part_refreshes_itself_and_a_write_answer_never_draws_it(client):
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    game = game_of(current.tables.get())
    html = page(client, f"/tournois/table/{game.edit_token}/")
    assert "Table 1 — ronde 1" in html.replace("\u202f", " ") and "Je confirme" not in html
    finish_tables(current)
    assert "Je confirme le résultat" in page(client, f"/tournois/table/{game.edit_token}/")
    read = page(client, f"/tournois/table/{game.read_token}/")
    assert "Je confirme" not in read and game.edit_token not in read
    response = client.post(
        f"/parties/{game.edit_token}/reopen/",
        {"seen": game.version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200 and "party-event" not in response.content.decode()


def test_the_projector_shows_the_round_the_timer_the_qr_and_the_standings(client):
    ev = event(8, sizes=(4,), rounds=1, name="Open du club")
    services.seat(ev)
    current = services.start(ev)
    post(client, f"/tournois/{ev.edit_token}/minuteur/", {"action": "start", "minutes": "45"})
    html = page(client, f"/tournois/{ev.read_token}/salle/")
    assert "Open du club" in html and "Ronde 1 sur 1" in html and "<svg" in html
    assert 'data-remaining="2700"' in html or 'data-remaining="2699"' in html
    assert ev.edit_token not in html and "<form" not in html
    finish_tables(current)
    services.confirm(ev, 1)
    services.confirm(ev, 2)
    html = page(client, f"/tournois/{ev.read_token}/salle/")
    names = html.split('data-testid="projector-standings"', 1)[1]
    winners = {ev.players.get(pk=t.seats[0]).name for t in current.tables.all()}
    top = names.split("</li>")[:2]
    assert {w for w in winners for line in top if f">{w}<" in line} == winners
    stamp = services.stamp(ev)
    poll = client.get(f"/tournois/{ev.read_token}/salle/?v={stamp}", headers={"HX-Request": "true"})
    assert poll.status_code == 204


def test_the_table_slips_are_the_organisers_with_each_partys_edit_link(client):
    ev = event(8, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    html = page(client, f"/tournois/{ev.edit_token}/fiches/")
    assert html.count('data-testid="slip"') == 2
    for table in current.tables.select_related("game"):
        assert f"/parties/{game_of(table).edit_token}/" in html
    assert "commence" in html
    assert client.get(f"/tournois/{ev.read_token}/fiches/").status_code == 403


def test_a_partys_refusal_is_a_message_on_the_organisers_page_never_a_500(client):
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)  # a finished Party takes no rename
    response = post(
        client,
        f"/tournois/{ev.edit_token}/remplacer/",
        {"name": NAMES[0], "substitute": "Remplaçant"},
        status=400,
    )
    assert "rouvrez-la" in response.content.decode().replace("\u202f", " ")
    assert not ev.players.filter(name="Remplaçant").exists()
