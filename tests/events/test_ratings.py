"""An event's ratings (docs/ratings.md, « la cote »): OpenSkill over the event's counted
tables, in the order they were played, recomputed from them — in its JSON and on its pages."""

import pytest

from calculators.events import services
from calculators.events.standings import ratings
from calculators.games.num_check.party import writes as check_writes
from calculators.parties import services as party_services

from .helpers import event, game_of

pytestmark = pytest.mark.django_db


def play(ev, winners: dict[int, int]) -> None:
    """Seat and start the next round; at each table the seat ``winners[table]`` (0-based) claims
    a full and the others nothing; every table finished and confirmed."""
    services.seat(ev)
    current = services.start(ev)
    for table in current.tables.select_related("game"):
        player = game_of(table).players.get(seat=winners.get(table.number, 0))
        check_writes.add_claim(game_of(table), player.pk, "full", "7R 7B 7J 3V 3A")
        party_services.finish(game_of(table))
        services.confirm(ev, table.number)


def names_at(ev, round_number: int, table: int) -> list[str]:
    found = ev.round_set.get(number=round_number).tables.get(number=table)
    by_pk = dict(ev.players.values_list("pk", "name"))
    return [by_pk[p] for p in found.seats]


def test_an_event_rates_its_players_from_its_counted_tables_only():
    ev = event(8, sizes=(4,), rounds=2)
    assert ratings(ev) == []
    play(ev, {1: 0, 2: 0})
    rated = {r["name"]: r for r in ratings(ev)}
    assert len(rated) == 8
    for table in (1, 2):
        seated = names_at(ev, 1, table)
        winner, others = seated[0], seated[1:]
        assert all(rated[winner]["value"] > rated[o]["value"] for o in others)
        assert rated[winner]["change"] > 0 and rated[winner]["provisional"]
        assert rated[winner]["history"] == [
            {"round": 1, "table": table, "value": rated[winner]["value"], "change": rated[winner]["change"]}
        ]  # fmt: skip
    # best first
    values = [r["value"] for r in ratings(ev)]
    assert values == sorted(values, reverse=True)


def test_a_disputed_table_is_not_rated_until_settled():
    ev = event(8, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    tables = list(current.tables.select_related("game"))
    for table in tables:
        party_services.finish(game_of(table))
    services.confirm(ev, 1)
    seated = names_at(ev, 1, 2)
    services.dispute(ev, 2, seated[0], "Mauvais total")
    assert {r["name"] for r in ratings(ev)} == set(names_at(ev, 1, 1))
    services.settle(ev, 2, "confirm")
    assert len(ratings(ev)) == 8


def test_the_events_json_carries_the_ratings(client):
    ev = event(8, sizes=(4,), rounds=2)
    play(ev, {})
    body = client.get(f"/api/v1/events/{ev.read_token}").json()
    assert [r["name"] for r in body["ratings"]] == [r["name"] for r in ratings(ev)]
    first = body["ratings"][0]
    assert set(first) == {"name", "value", "provisional", "played", "change", "history"}
    assert first["played"] == 1 and first["provisional"] is True


def test_the_room_page_shows_the_ranking_by_rating_beside_the_standings(client):
    ev = event(8, sizes=(4,), rounds=2)
    page = client.get(f"/tournois/{ev.read_token}/").content.decode()
    assert 'data-testid="ratings"' not in page  # nothing rated yet
    play(ev, {})
    page = client.get(f"/tournois/{ev.read_token}/").content.decode()
    assert 'data-testid="standings"' in page and 'data-testid="ratings"' in page
    assert "Classement par cote" in page and "provisoire" in page
    english = client.get(f"/en/tournois/{ev.read_token}/").content.decode()
    assert "Ranking by rating" in english
