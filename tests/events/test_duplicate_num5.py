"""Num 5 « en donnes préparées » (docs/deals.md#donnes-num5, docs/events.md#tournoi-donnes-num5):
each manche's hands from the deal, a turn's card refused when it is not in its seat's hand or
was already played, plain numbers refused, one manche a round compared by matchpoints."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.core import registry
from calculators.engines import deals, matchpoints
from calculators.engines.cards import FULL_DECK, InputError
from calculators.events import duplicate, services, standings
from calculators.games.num5.party import writes
from calculators.parties import board as boards
from calculators.parties import deals as party_deals
from calculators.parties import kinds
from calculators.parties import services as party_services
from calculators.parties.models import Game

from .helpers import NAMES, event, game_of

pytestmark = pytest.mark.django_db


def num5_event(players=6, sizes=(3,), rounds=1):
    return event(players, sizes, rounds, game="num5", duplicate=True, seed="club")


def hands(game: Game) -> list[list[str]]:
    """Each seat's hand for the manche in play, in deck order."""
    dealt = party_deals.manche_dealt(game, party_deals.current_manche(game))
    assert dealt is not None
    return [[str(c) for c in seat.cards] for seat in dealt.seats]


def turn(game: Game, cards: list[str]) -> None:
    writes.play_turn(game, {p.pk: c for p, c in zip(game.players.all(), cards, strict=True)})


def play_manche(game: Game, reverse: bool = False) -> None:
    """Every seat plays its 10 dealt cards (deck order, or the reverse), then the tally."""
    dealt = hands(game)
    for k in range(deals.NUM5_HAND):
        turn(game, [hand[-1 - k] if reverse else hand[k] for hand in dealt])
    writes.tally_turns(game)


def started(players=6, sizes=(3,)):
    ev = num5_event(players, sizes)
    services.seat(ev)
    current = services.start(ev)
    return ev, current


def not_in_hand(game: Game, seat: int) -> str:
    dealt = hands(game)
    return next(
        str(c) for c in deals.deck_cards(FULL_DECK)
        if str(c) not in dealt[seat] and str(c) not in {"0B", "0R", "0J", "0V"}
    )  # fmt: skip


def test_a_duplicate_num5_event_tells_each_table_one_manche_of_the_rounds_deal():
    ev, current = started()
    told = [game_of(t).deal for t in current.tables.select_related("game")]
    assert told == [{"number": 1, "seed": "club:donne:1:3", "seats": 3, "deck": "0-16",
                     "manches": 1}] * 2  # fmt: skip
    game = game_of(current.tables.first())
    # manche 1 plays the deal's own seed; later manches <seed>:manche:<M> (#donnes-num5)
    assert party_deals.manche_seed("club:donne:1:3", 1) == "club:donne:1:3"
    assert party_deals.manche_seed("s", 3) == "s:manche:3"
    assert hands(game) == [[str(c) for c in s.cards]
                           for s in deals.deal("num5", 3, "club:donne:1:3").seats]  # fmt: skip


def test_a_turn_card_not_in_the_seats_hand_is_refused_naming_the_card_and_the_deal():
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    stranger = not_in_hand(game, 1)
    with pytest.raises(InputError) as err:
        turn(game, [dealt[0][0], stranger, dealt[2][0]])
    assert err.value.field == "cards"
    assert stranger in err.value.message and "Joueur" in err.value.message
    assert "donne n° 1, manche 1" in err.value.message and "club:donne:1:3" in err.value.message
    assert not Game.objects.get(pk=game.pk).turns
    turn(game, [h[0] for h in dealt])  # the seat's own cards are taken


def test_a_card_already_played_by_the_seat_this_manche_is_refused_naming_the_deal():
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    turn(game, [h[0] for h in dealt])
    with pytest.raises(InputError) as err:
        turn(game, [dealt[0][0], dealt[1][1], dealt[2][1]])
    assert err.value.field == "cards"
    assert "déjà joué la carte " + dealt[0][0] in err.value.message
    assert "donne n° 1" in err.value.message


def test_a_duplicate_party_refuses_a_manche_entered_as_numbers():
    _, current = started()
    game = game_of(current.tables.first())
    entries = {p.pk: "5 - 0" for p in game.players.all()}
    with pytest.raises(InputError) as err:
        writes.add_round(game, entries)
    assert err.value.field == "entries" and "tour par tour" in err.value.message
    free = party_services.create_game("num5", "normal", NAMES[:3])
    writes.add_round(free, {p.pk: "5 - 0" for p in free.players.all()})  # a free game takes them


def test_the_deal_of_an_event_round_is_one_manche_then_no_more_turns():
    _, current = started()
    game = game_of(current.tables.first())
    play_manche(game)
    with pytest.raises(party_services.Conflict) as finished:  # the tally finished it
        turn(game, ["1B", "2B", "3B"])
    assert finished.value.field == "finished"
    party_services.reopen(game)  # reopened to correct it: still no turn of a second manche
    with pytest.raises(InputError) as err:
        turn(game, ["1B", "2B", "3B"])
    assert "déjà reportée" in err.value.message


def test_num5_matchpoints_by_hand_higher_points_are_better_negative_totals_included():
    assert kinds.for_spec(registry.NUM5).total_higher_better
    # three tables of 3 seats, each seat's points in its manche
    tables = [[5, -2, 7], [5, 3, 0], [1, 3, 9]]
    found = matchpoints.score(tables, True)
    # seat 1: 5, 5, 1 → tables 1 and 2 beat table 3 (2) and tie each other (1): 3, 3, 0
    assert [found.results[t][0].matchpoints for t in range(3)] == [3, 3, 0]
    # seat 2: −2, 3, 3 → 0, 3, 3; seat 3: 7, 0, 9 → 2, 0, 4 (top 4)
    assert [found.results[t][1].matchpoints for t in range(3)] == [0, 3, 3]
    assert [found.results[t][2].matchpoints for t in range(3)] == [2, 0, 4]
    shares = matchpoints.percentages(tables, True)
    assert [shares[t][2] for t in range(3)] == [Fraction(50), Fraction(0), Fraction(100)]


def test_an_event_of_two_tables_of_three_is_played_through_the_services_and_ranked():
    ev, current = started()
    tables = list(current.tables.select_related("game"))
    play_manche(game_of(tables[0]))
    play_manche(game_of(tables[1]), reverse=True)
    points = []
    for table in tables:
        game = game_of(table)
        points.append([row.total for row in boards.board(game).rows])
        services.confirm(ev, table.number)  # finished by its one manche's tally
    services.close(ev)
    names = dict(ev.players.values_list("pk", "name"))
    (found,) = duplicate.round_deals(ev, ev.round_set.get(), names)
    assert found.scored and found.seats == 3 and found.top == 2
    for s, seat in enumerate(found.lines):
        a, b = points[0][s], points[1][s]
        expected = (2, 0) if a > b else (0, 2) if a < b else (1, 1)
        assert (seat[0].score, seat[1].score) == (a, b)
        assert (seat[0].matchpoints, seat[1].matchpoints) == expected
        shares = [line.percentage for line in seat]
        assert shares == [Fraction(50 * m) for m in expected]  # top 2: 2 → 100 %, 1 → 50 %
    assert points[0] != points[1]  # the two orders of play scored differently
    ranked = standings.standings(ev).duplicate
    assert ranked is not None
    by_name = {line.name: line.total for line in ranked}
    for seat in found.lines:
        for line in seat:
            assert by_name[line.player] == line.percentage
    assert duplicate.best_scores(ev, found) == [None, None, None]


def test_the_party_page_refuses_a_card_not_in_the_seats_hand_at_its_field(client):
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    stranger = not_in_hand(game, 0)
    players = list(game.players.all())
    data = {f"t{players[0].pk}": stranger, f"t{players[1].pk}": dealt[1][0],
            f"t{players[2].pk}": dealt[2][0]}  # fmt: skip
    response = client.post(reverse("parties:action", args=[game.edit_token, "turn"]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert f"la carte {stranger} n’est pas dans la main donnée à son siège" in html
    shown = client.get(reverse("parties:game", args=[game.edit_token])).content.decode()
    assert "graine=club%3Adonne%3A1%3A3" in shown  # the sheet of the manche in play


def test_the_api_refuses_a_card_not_in_the_seats_hand_in_english_under_en(client):
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    stranger = not_in_hand(game, 2)
    names = [p.name for p in game.players.all()]
    cards = dict(zip(names, [dealt[0][0], dealt[1][0], stranger], strict=True))
    response = client.post(f"/api/v1/parties/{game.edit_token}/turns",
                           json.dumps({"cards": cards}), content_type="application/json",
                           headers={"Accept-Language": "en"})  # fmt: skip
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "cards" and stranger in error["message"]
    assert "deal no. 1, round 1" in error["message"]
    assert "not in the hand dealt to their seat" in error["message"]


def played(reverse_second=True):
    """An event of 2 tables × 3 seats whose one round is played, finished, confirmed, closed;
    the second table plays its hands in the reverse order (other points)."""
    ev, current = started()
    for i, table in enumerate(current.tables.select_related("game")):
        game = game_of(table)
        play_manche(game, reverse=reverse_second and i == 1)  # the tally finishes the Party
        services.confirm(ev, table.number)
    services.close(ev)
    return ev


def test_the_rooms_matchpoint_standings_and_the_deal_page_without_a_best_column(client):
    ev = played()
    names = dict(ev.players.values_list("pk", "name"))
    (found,) = duplicate.round_deals(ev, ev.round_set.get(), names)
    room = client.get(f"/tournois/{ev.read_token}/").content.decode()
    shown = room.split('data-testid="matchpoint-standings"', 1)[1].split("</table>", 1)[0]
    assert shown.count("<tr") == 1 + 6
    winner = next(line for seat in found.lines for line in seat if line.percentage == 100)
    first_row = shown.split("<tbody>", 1)[1].split("</tr>", 1)[0]
    assert "100,00" in first_row and "<td>1</td>" in first_row
    assert any(line.player in first_row for seat in found.lines for line in seat
               if line.percentage == winner.percentage)  # fmt: skip
    page = client.get(f"/tournois/{ev.read_token}/ronde/1/donne/")
    assert page.status_code == 200
    html = page.content.decode()
    results = html.split('data-testid="deal-results"', 1)[1]
    assert results.count("<tr") == 1 + 6  # the head, 3 seats × 2 tables
    assert "Meilleur possible" not in html and 'data-testid="seat-best"' not in html
    assert "graine=club%3Adonne%3A1%3A3" in html  # the sheet of the deal, its one manche


def test_the_api_gives_a_num5_tables_deal_and_the_matchpoints(eapi):
    ev = played()
    status, answer = eapi("GET", f"events/{ev.read_token}")
    assert status == 200
    (round_,) = answer["schedule"]
    assert round_["tables"][0]["deal"] == {"number": 1, "seed": "club:donne:1:3", "seats": 3,
                                           "deck": "0-16", "manches": 1}  # fmt: skip
    (deal,) = round_["deals"]
    assert deal["scored"] and deal["top"] == 2
    for seat in deal["results"]:
        assert sorted(line["matchpoints"] for line in seat) in ([0, 2], [1, 1])
    status, standings_ = eapi("GET", f"events/{ev.read_token}/standings")
    assert status == 200 and len(standings_["matchpoints"]) == 6


def test_a_duplicate_party_refuses_a_manche_corrected_as_numbers():
    ev, current = started()
    game = game_of(current.tables.first())
    play_manche(game)
    party_services.reopen(game)
    first = game.players.get(seat=0)
    with pytest.raises(InputError) as err:
        writes.edit_round(game, 1, {first.pk: "40 - 0"})
    assert err.value.field == "entries" and "annulez-la" in err.value.message
    tally = game.history.get(action="round_tally")
    party_services.undo_entry(game, tally.version)  # the tally undone: its turns come back
    assert len(Game.objects.get(pk=game.pk).turns) == deals.NUM5_HAND


def test_the_party_page_shows_each_seats_hand_left_in_the_manche(client):
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    turn(game, [h[0] for h in dealt])
    html = client.get(reverse("parties:game", args=[game.edit_token])).content.decode()
    shown = html.split('data-testid="deal-hands"', 1)[1].split("</ul>", 1)[0]
    assert shown.count("<li>") == 3 and shown.count("card-chip") == 3 * 9
    assert "donne n° 1, manche 1" in html.replace("\u202f", " ").replace("\u00a0", " ")
    assert party_deals.current_manche(game) == 1
    assert writes.hands_left(game, list(game.players.all()), 0) == [
        [c for c in deals.deal("num5", 3, "club:donne:1:3").seats[s].cards if str(c) != h[0]]
        for s, h in enumerate(dealt)
    ]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.text(max_size=60),
    first=st.integers(1, 30),
    second=st.integers(1, 30),
    seats=st.integers(*deals.seat_range("num5")),
)
def test_each_manche_deals_every_seat_ten_distinct_cards_and_manches_differ(
    seed, first, second, seats
):
    """docs/deals.md#donnes-num5: a manche's hands are 10 cards a seat, no card twice, none of
    the rows' zeros; two manches of one deal have two seeds (so two deals)."""
    dealt = deals.deal("num5", seats, party_deals.manche_seed(seed, first))
    cards = [str(c) for s in dealt.seats for c in s.cards]
    assert all(len(s.cards) == deals.NUM5_HAND for s in dealt.seats)
    assert len(set(cards)) == len(cards) and not set(cards) & {"0B", "0R", "0J", "0V"}
    if first != second:
        assert party_deals.manche_seed(seed, first) != party_deals.manche_seed(seed, second)


def test_a_dealt_party_draws_no_numbers_form_but_says_why_on_the_page_and_its_fragment(client):
    """docs/deals.md#donnes-num5-saisie: the manche is played turn by turn only, so the page
    draws the turns' form in place of « Ajouter la manche » and says why in one line."""
    _, current = started()
    game = game_of(current.tables.first())
    url = reverse("parties:game", args=[game.edit_token])
    for headers in ({}, {"HX-Request": "true", "HX-Target": "sheet"}):
        html = client.get(url, headers=headers).content.decode()
        assert 'data-testid="cell-0"' not in html and "Ajouter la manche" not in html
        said = html.split('data-testid="dealt-turns-only">', 1)[1].split("</p>", 1)[0]
        assert "donne n° 1" in said.replace("\u202f", " ").replace("\u00a0", " ")
        assert "tour par tour" in said
        assert 'data-testid="turn-card-0"' in html and 'id="turns" open' in html
    english = client.get(f"/en{url}").content.decode()
    said = english.split('data-testid="dealt-turns-only">', 1)[1].split("</p>", 1)[0]
    assert "each round is played turn by turn" in said
    free = party_services.create_game("num5", "normal", NAMES[:3])
    html = client.get(reverse("parties:game", args=[free.edit_token])).content.decode()
    assert 'data-testid="cell-0"' in html and 'data-testid="dealt-turns-only"' not in html


def test_a_dealt_partys_tallied_manche_offers_no_correction_as_numbers(client):
    """docs/deals.md#donnes-num5-saisie: a tallied manche is corrected by undoing it, so its
    row has no « Corriger » and ``?manche=1`` draws no correction form."""
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    for k in range(deals.NUM5_HAND):
        turn(game, [hand[k] for hand in dealt])
    writes.tally_turns(game)
    party_services.reopen(game)  # the deal's last manche ended the Party
    url = reverse("parties:game", args=[game.edit_token])
    html = client.get(url + "?manche=1").content.decode()
    assert 'data-testid="round-1-0"' in html
    assert 'data-testid="edit-round-1"' not in html and 'id="correction"' not in html


def play_turns(game: Game) -> None:
    """Every seat plays its 10 dealt cards, deck order; the manche is not tallied."""
    dealt = hands(game)
    for k in range(deals.NUM5_HAND):
        turn(game, [hand[k] for hand in dealt])


def test_the_tally_of_the_deals_one_manche_finishes_the_tables_party_in_the_same_write():
    """docs/deals.md#donnes-num5-fin: no « Terminer » to press; one entry, one version, the
    event sees its table finished and confirms it at once."""
    ev, current = started()
    table = current.tables.select_related("game").first()
    assert table is not None
    game = game_of(table)
    heard: list[tuple[str, bool]] = []

    def hear(sender, game, action, **kwargs):
        heard.append((action, Game.objects.get(pk=game.pk).finished))

    party_services.party_written.connect(hear, dispatch_uid="test-tally-finish")
    try:
        play_turns(game)
        assert not party_services.finished(game)  # ten turns: the manche waits for its tally
        version = game.version
        entry = writes.tally_turns(game)
    finally:
        party_services.party_written.disconnect(dispatch_uid="test-tally-finish")
    assert heard[-1] == ("round_tally", True)  # the write's signal sees the finished Party
    assert game.version == version + 1 and entry.action == "round_tally"
    assert game.finished and Game.objects.get(pk=game.pk).finished
    assert boards.board(game).finished
    table.refresh_from_db()
    assert services.state(table) == "finished"
    services.confirm(ev, table.number)
    table.refresh_from_db()
    assert table.state == "confirmed" and len(table.result) == 3


def test_undoing_the_tally_that_finished_the_party_opens_it_with_its_turns_back():
    _, current = started()
    game = game_of(current.tables.first())
    play_turns(game)
    writes.tally_turns(game)
    party_services.undo(game)
    stored = Game.objects.get(pk=game.pk)
    assert not stored.finished and not party_services.finished(stored)
    assert len(stored.turns) == deals.NUM5_HAND and not stored.rounds.exists()
    party_services.redo(game)  # the same write again: tallied and finished
    assert Game.objects.get(pk=game.pk).finished and game.rounds.count() == 1
    tally = game.history.get(action="round_tally")
    party_services.undo_entry(game, tally.version)  # « Annuler » of the phone that tallied
    assert not Game.objects.get(pk=game.pk).finished
    turn_row = game.history.filter(action="turn").latest("version")
    party_services.undo_entry(game, turn_row.version)  # the tenth turn back too: play it again
    assert len(Game.objects.get(pk=game.pk).turns) == deals.NUM5_HAND - 1


def test_a_tally_that_does_not_end_a_deal_leaves_the_party_open():
    free = party_services.create_game("num5", "normal", NAMES[:3])
    writes.play_turn(free, {p.pk: c for p, c in zip(free.players.all(), ["1B", "2B", "3B"],
                                                     strict=True)})  # fmt: skip
    entry = writes.tally_turns(free)
    assert not free.finished and "finish" not in entry.data
    assert not writes.ends_deal(free, 1)
    _, current = started()
    dealt = game_of(current.tables.first())
    assert writes.ends_deal(dealt, 1) and not writes.ends_deal(dealt, 0)


def test_the_page_says_the_tally_ends_the_party_and_its_answer_shows_it_finished(client):
    ev, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    turn(game, [h[0] for h in dealt])
    url = reverse("parties:game", args=[game.edit_token])
    tally = client.post(reverse("parties:action", args=[game.edit_token, "round_tally"]),
                        {"seen": game.version})  # fmt: skip
    asked = tally.content.decode()  # one turn of ten: asked first, saying it ends the Party
    assert "C’est la dernière manche de la donne : la partie sera terminée." in asked
    game.refresh_from_db()
    assert not game.finished
    html = client.get(url).content.decode()
    button = html.split('data-testid="turn-tally">', 1)[1].split("</button>", 1)[0]
    assert "Reporter la manche et terminer la partie (1 tour)" in button
    assert 'data-testid="event-confirm"' not in html  # a game under way: nothing to confirm
    english = client.get(f"/en{url}").content.decode()
    assert "Carry the round over and finish the game (1 turn)" in english
    for k in range(1, deals.NUM5_HAND):
        turn(game, [h[k] for h in dealt])
    game.refresh_from_db()
    answer = client.post(reverse("parties:action", args=[game.edit_token, "round_tally"]),
                         {"seen": game.version}, headers={"HX-Request": "true"})  # fmt: skip
    assert answer.status_code == 200
    game.refresh_from_db()
    assert game.finished
    shown = client.get(url).content.decode().replace("\u202f", " ").replace("\u00a0", " ")
    assert "La donne n° 1 est jouée" in shown and 'data-testid="turn-tally"' not in shown
    assert 'data-testid="event-confirm"' in shown  # the event's part: the result to confirm


def test_the_api_tally_of_the_last_manche_answers_a_finished_party(client):
    _, current = started()
    game = game_of(current.tables.first())
    play_turns(game)
    response = client.post(f"/api/v1/parties/{game.edit_token}/turns/tally", "{}",
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 201
    assert response.json()["finished"] is True


@settings(max_examples=8, deadline=None)
@given(played=st.integers(1, deals.NUM5_HAND), redo=st.booleans())
def test_a_finishing_tally_and_its_undo_leave_the_party_exactly_as_before(played, redo):
    """docs/deals.md#donnes-num5-fin, whatever the turns played: the tally finishes the Party
    with the manche in the sheet; undo gives back the very turns, open and without a round;
    redo finishes it again with the same round."""
    _, current = started()
    game = game_of(current.tables.first())
    dealt = hands(game)
    for k in range(played):
        turn(game, [hand[k] for hand in dealt])
    before = Game.objects.get(pk=game.pk)
    writes.tally_turns(game)
    after = Game.objects.get(pk=game.pk)
    tallied = [r.entries for r in after.rounds.all()]
    assert after.finished and not after.turns and len(tallied) == 1
    party_services.undo(game)
    undone = Game.objects.get(pk=game.pk)
    assert (undone.finished, undone.turns, undone.rounds.count()) == (False, before.turns, 0)
    if redo:
        party_services.redo(game)
        again = Game.objects.get(pk=game.pk)
        assert again.finished and [r.entries for r in again.rounds.all()] == tallied
