"""What a review of the events found, each case played through the real services and pages:
a Party's read link leads nowhere near the tables' edit links; a guest at a table's Party,
a reopened Party, a dispute settled on a game under way and a late substitute never corrupt
the results; Num Connect events from the page; the room's poll after a refused write."""

import pytest

from calculators.engines.cards import InputError
from calculators.events import services
from calculators.events.models import Table
from calculators.events.standings import standings
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services as party_services

from .helpers import NAMES, event, finish_tables

pytestmark = pytest.mark.django_db


def started(players=8, **kwargs):
    ev = event(players, sizes=(4,), rounds=2, **kwargs)
    services.seat(ev)
    return ev, services.start(ev)


def table_names(ev, table):
    names = dict(ev.players.values_list("pk", "name"))
    return [names[p] for p in table.seats]


def test_a_partys_read_link_does_not_lead_to_the_room(client):
    ev, current = started()
    game = current.tables.select_related("game").get(number=1).game
    room = f"/tournois/{ev.read_token}/"
    read = client.get(f"/parties/{game.read_token}/").content.decode()
    assert 'data-testid="party-event"' in read and room not in read
    assert room in client.get(f"/parties/{game.edit_token}/").content.decode()


def test_a_guest_added_to_a_tables_party_leaves_the_events_places_whole():
    ev, current = started()
    table = current.tables.select_related("game").get(number=1)
    party_services.add_player(table.game, "Invité")
    guest = table.game.players.get(name="Invité")
    check_writes.add_claim(table.game, guest.pk, "full", "7R 7B 7J 3V 3A")
    first = table.game.players.get(seat=0)
    check_writes.add_claim(table.game, first.pk, "paire", "5R 5B")
    party_services.finish(table.game)
    services.confirm(ev, 1)
    table.refresh_from_db()
    assert [line["place"] for line in table.result] == [1, 2, 2, 2]
    assert standings(ev).lines  # the standings read it


def test_confirmations_of_a_result_the_party_changed_since_do_not_count():
    ev, current = started()
    table = current.tables.select_related("game").get(number=1)
    party_services.finish(table.game)
    players = table_names(ev, table)
    services.confirm(ev, 1, players[0])
    party_services.reopen(table.game)
    first = table.game.players.get(seat=1)
    check_writes.add_claim(table.game, first.pk, "paire", "5R 5B")
    party_services.finish(table.game)
    for name in players[1:]:
        services.confirm(ev, 1, name)
    table.refresh_from_db()
    assert table.state == Table.State.PLAYING  # the first player saw another result
    services.confirm(ev, 1, players[0])
    table.refresh_from_db()
    assert table.state == Table.State.CONFIRMED


def test_a_dispute_is_settled_on_a_result_never_on_a_game_under_way():
    ev, current = started()
    table = current.tables.select_related("game").get(number=1)
    party_services.finish(table.game)
    services.dispute(ev, 1, table_names(ev, table)[0], "Total faux")
    party_services.reopen(table.game)  # the table reopened its Party itself
    with pytest.raises(InputError) as refused:
        services.settle(ev, 1, "confirm")
    assert refused.value.field == "table"
    settled = services.settle(ev, 1, "reopen")  # already reopened: the table plays on
    assert settled.state == Table.State.PLAYING


def test_a_substitute_never_rewrites_a_table_already_counted():
    ev, current = started()
    finish_tables(current, claims=False)
    services.confirm(ev, 1)
    table = current.tables.get(number=1)
    name = table_names(ev, table)[0]
    party_services.reopen(table.game)  # a player reopens the counted table's Party
    with pytest.raises(InputError) as refused:
        services.replace_player(ev, name, "Remplaçant")
    assert refused.value.field == "name"
    table.refresh_from_db()
    assert table_names(ev, table)[0] == name
    assert not ev.players.filter(name="Remplaçant").exists()
    assert standings(ev).lines


def test_a_num_connect_event_is_created_from_the_page(client):
    data = {"name": "Connect", "game": "num_connect", "players": "\n".join(NAMES[:6]),
            "sizes": "3", "rounds": "2", "avoid": "", "seed": ""}  # fmt: skip
    response = client.post("/tournois/nouveau/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    page = client.get(response["Location"]).content.decode()
    assert "Num Connect" in page


def test_the_rooms_poll_after_a_refused_write_reads_the_events_page(client):
    ev = event(8, sizes=(4,), rounds=2)
    response = client.post(f"/tournois/{ev.edit_token}/placer/", {"swiss": "on"})
    assert response.status_code == 400
    html = response.content.decode()
    assert f'hx-get="/tournois/{ev.edit_token}/?v=' in html


def test_the_room_pages_queries_do_not_grow_with_its_tables(client):
    """NUM CHECK tables still playing are asked whether their clock ended them all at once
    (kinds' ``ended_among``), not table by table: the room's page every phone polls costs the
    same queries for 2 tables as for 6."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for players in (8, 24):
        ev, _ = started(players)
        with CaptureQueriesContext(connection) as seen:
            assert client.get(f"/tournois/{ev.read_token}/").status_code == 200
        counts.append(len(seen))
    assert counts[0] == counts[1], counts


def test_the_room_pages_queries_do_not_grow_with_its_rounds(client):
    """Each round's reasons come from the rounds before it, recorded once as the page lists
    them, not read again per round: 1 round played or 3, the same queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from .helpers import play_round

    counts = []
    for rounds in (1, 3):
        ev = event(8, sizes=(4,), rounds=4)
        for _ in range(rounds):
            play_round(ev)
        with CaptureQueriesContext(connection) as seen:
            assert client.get(f"/tournois/{ev.read_token}/").status_code == 200
        counts.append(len(seen))
    assert counts[0] == counts[1], counts
