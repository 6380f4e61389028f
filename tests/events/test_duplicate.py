"""Events « en donnes préparées » (docs/events.md#tournoi-donnes): the option, each round's deal
told to the tables' Parties, NUM DRAFT's refusal of a card the table was not dealt, and the
matchpoints and standings (docs/deals.md « Matchpoints »)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from calculators.engines import deals, matchpoints
from calculators.engines.cards import InputError
from calculators.events import duplicate, services, standings
from calculators.games.num5.party import writes as num5_writes
from calculators.games.num_draft.party import writes
from calculators.parties import deals as party_deals
from calculators.parties import services as party_services

from .helpers import NAMES, dealt_of, event, game_of

pytestmark = pytest.mark.django_db


def draft_event(players=8, sizes=(4,), rounds=2, **kwargs):
    return event(players, sizes, rounds, game="num_draft", duplicate=True, seed="club", **kwargs)


def own_grids(game):
    """Every seat keeps the 9 grid cards it was dealt (a legal final table)."""
    dealt = dealt_of(game)
    for player in game.players.all():
        cells = [str(c) for row in dealt.seats[player.seat].grid for c in row]
        writes.set_grid(game, player.pk, cells)


def play(ev):
    services.seat(ev)
    current = services.start(ev)
    for table in current.tables.select_related("game"):
        own_grids(game_of(table))
        party_services.finish(game_of(table))
        services.confirm(ev, table.number)
    return services.close(ev)


def test_duplicate_is_allowed_for_num5_whose_turns_record_each_card_played():
    assert event(8, (4,), 2, game="num5", duplicate=True).duplicate is True


def test_duplicate_is_refused_for_a_game_that_draws_cards():
    with pytest.raises(InputError) as err:
        event(8, (4,), 2, game="num_check", duplicate=True)
    assert err.value.field == "duplicate" and "NUM CHECK" in err.value.message


def test_every_table_of_a_size_plays_the_rounds_deal_from_the_event_seed():
    ev = draft_event(players=11, sizes=(4, 3))
    services.seat(ev)
    current = services.start(ev)
    told = {t.number: game_of(t).deal for t in current.tables.select_related("game")}
    assert told[1] == told[2] == {
        "number": 1, "seed": "club:donne:1:4", "seats": 4, "deck": "0-12",
    }  # fmt: skip
    assert told[3] == {"number": 1, "seed": "club:donne:1:3", "seats": 3, "deck": "0-12"}
    assert duplicate.seed("club", 2, 4) == "club:donne:2:4"


def test_a_free_event_tells_its_parties_no_deal():
    ev = event(8, (4,), 1, game="num_draft")
    services.seat(ev)
    current = services.start(ev)
    assert all(game_of(t).deal == {} for t in current.tables.select_related("game"))


def test_a_grid_with_a_card_not_dealt_at_the_table_is_refused_naming_the_card_and_deal():
    ev = draft_event()
    services.seat(ev)
    table = services.start(ev).tables.first()
    assert table is not None
    game = game_of(table)
    dealt = dealt_of(game)
    given = {str(c) for seat in dealt.seats for c in seat.cards}
    stranger = next(str(c) for c in deals.deck_cards(deals.draft_deck(4)) if str(c) not in given)
    mine = [str(c) for row in dealt.seats[1].grid for c in row]
    seat = game.players.get(seat=0)
    with pytest.raises(InputError) as err:
        writes.set_grid(game, seat.pk, [stranger, *mine[1:]])
    assert err.value.field == "cells"
    assert stranger in err.value.message and "donne n° 1" in err.value.message
    # a card dealt to another seat of the same table is allowed: cards circulate (#passe)
    writes.set_grid(game, seat.pk, mine)


def test_matchpoints_compare_each_seat_with_the_same_seat_of_the_other_tables():
    ev = draft_event()
    play(ev)
    names = dict(ev.players.values_list("pk", "name"))
    round_ = ev.round_set.get(number=1)
    (found,) = duplicate.round_deals(ev, round_, names)
    assert found.scored and found.top == 2 and found.tables == [1, 2]
    tables = list(round_.tables.all())
    expected = matchpoints.score([[line["points"] for line in t.result] for t in tables])
    for s, seat in enumerate(found.lines):
        for i, line in enumerate(seat):
            assert line.matchpoints == expected.results[i][s].matchpoints
        # the same deal at the same seat: both tables kept their dealt grids, so they tie
        assert [line.percentage for line in seat] == [50, 50]


def test_duplicate_standings_sum_each_rounds_percentage():
    ev = draft_event(rounds=2)
    play(ev)
    play(ev)
    found = standings.standings(ev)
    assert found.duplicate is not None
    assert {line.name for line in found.duplicate} == set(NAMES[:8])
    assert all(line.total == Fraction(100) for line in found.duplicate)
    as_json = standings.as_json(found)
    assert as_json["matchpoints"][0]["rounds"][0] == {"round": 1, "percentage": 50.0, "bye": False}


def test_a_deals_matchpoints_wait_for_every_table_of_the_deal():
    ev = draft_event()
    services.seat(ev)
    current = services.start(ev)
    first = current.tables.select_related("game").first()
    assert first is not None
    own_grids(game_of(first))
    party_services.finish(game_of(first))
    services.confirm(ev, first.number)
    names = dict(ev.players.values_list("pk", "name"))
    (found,) = duplicate.round_deals(ev, current, names)
    assert not found.scored and found.pending == [2]
    assert all(line.percentage is None for seat in found.lines for line in seat)


def test_the_tables_grids_show_no_more_jokers_than_the_table_was_dealt():
    seed = next(
        f"j{i}"
        for i in range(200)
        if sum(str(c) == "JK" for s in deals.deal("num-draft", 4, f"j{i}").seats for c in s.cards)
        == 1
    )
    dealt = deals.deal("num-draft", 4, seed)
    game = party_services.create_game("num_draft", "classic", NAMES[:4])
    game.deal = party_deals.describe(7, seed, 4, "0-12")
    game.save(update_fields=["deal"])
    numeric = [str(c) for s in dealt.seats for c in s.cards if str(c) != "JK"]
    first, second = game.players.get(seat=0), game.players.get(seat=1)
    writes.set_grid(game, first.pk, ["JK", *numeric[:8]])
    with pytest.raises(InputError) as err:
        writes.set_grid(game, second.pk, ["JK", *numeric[8:16]])
    assert err.value.field == "cells"
    assert "n’a reçu que 1 Joker" in err.value.message and "donne n° 7" in err.value.message


def test_a_table_alone_with_its_deal_gives_fifty_percent_a_seat_and_no_matchpoints():
    ev = draft_event(players=7, sizes=(4, 3), rounds=1)
    play(ev)
    names = dict(ev.players.values_list("pk", "name"))
    found = duplicate.round_deals(ev, ev.round_set.get(), names)
    assert [(d.seats, d.tables, d.scored) for d in found] == [(4, [1], True), (3, [2], True)]
    for deal in found:
        assert all(line.percentage == 50 and line.matchpoints is None
                   for seat in deal.lines for line in seat)  # fmt: skip
    assert {line.total for line in (standings.standings(ev).duplicate or [])} == {Fraction(50)}


@pytest.mark.parametrize("game", ["num_draft", "num5"])
def test_a_duplicate_tables_party_takes_no_new_player_and_nothing_is_written(game):
    """docs/events.md#tournoi-donnes-sieges: its seats are compared seat by seat with the other
    tables, so a guest is refused at the field, the Party as it was."""
    ev = event(8, (4,), 2, game=game, duplicate=True, seed="club")
    services.seat(ev)
    table = services.start(ev).tables.select_related("game").first()
    assert table is not None
    party = game_of(table)
    version = party.version
    with pytest.raises(InputError) as refused:
        party_services.add_player(party, "Invité")
    assert refused.value.field == "name"
    assert f"table {table.number} de la ronde 1 de « Soirée du club »" in refused.value.message
    assert "comparé au même siège des autres tables" in refused.value.message
    party.refresh_from_db()
    assert party.version == version and party.players.count() == 4


def test_a_free_party_and_an_ordinary_events_table_still_take_a_guest():
    """docs/events.md#tournoi-resultats: only a duplicate table fixes its seats."""
    free = party_services.create_game("num_draft", "classique", NAMES[:3])
    party_services.add_player(free, "Invité")
    ev = event(8, (4,), 2, game="num_draft")
    services.seat(ev)
    party = game_of(services.start(ev).tables.select_related("game").get(number=1))
    assert duplicate.seats_fixed(party) == "" and duplicate.seats_fixed(free) == ""
    party_services.add_player(party, "Invité")
    assert party.players.count() == 5 and free.players.count() == 4


def test_the_page_refuses_a_guest_at_a_duplicate_table_beside_its_field(client):
    ev = draft_event()
    services.seat(ev)
    party = game_of(services.start(ev).tables.select_related("game").get(number=1))
    url = reverse("parties:action", args=[party.edit_token, "player_add"])
    for prefix, said, headers, status in (
        ("", "garde les joueurs placés par le tournoi", {}, 400),
        ("", "garde les joueurs placés par le tournoi", {"HX-Request": "true"}, 200),  # swapped
        ("/en", "keeps the players the event seated", {}, 400),
    ):
        response = client.post(prefix + url, {"name": "Invité", "seen": party.version},
                               headers=headers)  # fmt: skip
        assert response.status_code == status
        html = response.content.decode()
        form = html.split('id="add-name"', 1)[1].split("</form>", 1)[0]
        assert said in form and 'data-testid="refusal"' in form
    assert party.players.count() == 4


def test_the_api_refuses_a_guest_at_a_duplicate_table_with_400_at_name_even_after_a_turn(eapi):
    ev = event(6, (3,), 1, game="num5", duplicate=True, seed="club")
    services.seat(ev)
    party = game_of(services.start(ev).tables.select_related("game").get(number=1))
    path = f"parties/{party.edit_token}/players"
    status, answer = eapi("POST", path, {"name": "Invité"})
    assert status == 400 and answer["error"]["field"] == "name"
    assert "en donnes préparées" in answer["error"]["message"]
    dealt = party_deals.manche_dealt(party, 1)
    assert dealt is not None
    players = list(party.players.all())
    firsts = {p.pk: str(s.cards[0]) for p, s in zip(players, dealt.seats, strict=True)}
    num5_writes.play_turn(party, firsts)
    # an entry made: still the seats' refusal at the field, not the 409 of a sheet under way
    status, answer = eapi("POST", path, {"name": "Invité"}, HTTP_ACCEPT_LANGUAGE="en")
    assert status == 400 and answer["error"]["field"] == "name"
    assert "played with prepared deals" in answer["error"]["message"]
    assert party.players.count() == 3
