"""The event's rules, one test each (docs/events.md « Tournoi »), through the services."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators.engines.cards import InputError
from calculators.events import services
from calculators.events.models import Round, Table
from calculators.parties import services as party_services

from .helpers import NAMES, event, finish_tables, game_of, play_round, seated_names

pytestmark = pytest.mark.django_db


def test_create_keeps_the_players_in_order_and_draws_a_seed():
    ev = event(6, sizes=(3,), rounds=2)
    assert [p.name for p in ev.players.all()] == NAMES[:6]
    assert ev.version == 1 and ev.seed and ev.sizes == [3] and ev.game == "num_check"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"sizes": (11,)}, "sizes"),  # NUM CHECK seats 2 to 10
        ({"sizes": ()}, "sizes"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 21}, "rounds"),
        ({"players": ["Léa", "léa", "Tom"]}, "players"),
        ({"players": ["Léa", "Tom"], "sizes": (3,)}, "players"),
        ({"avoid": [["Joueur 1", "Personne"]]}, "avoid"),
        ({"avoid": [["Joueur 1", "joueur 1"]]}, "avoid"),
        ({"name": ""}, "name"),
        ({"game": "belote"}, "game"),
    ],
)
def test_bad_input_is_refused_at_its_field(kwargs, field):
    with pytest.raises(InputError) as err:
        event(**{"players": 8, **kwargs})
    assert err.value.field == field


def test_the_games_with_parties_come_from_the_registry():
    from calculators.core import registry

    for spec in registry.PARTY_GAMES:
        low, high = spec.players
        ev = event(high * 2, sizes=(high,), rounds=1, game=spec.api_name)
        assert ev.game == spec.kind
        assert len(services.seat(ev).tables.all()) == 2


def test_a_bye_rotates():
    ev = event(5, sizes=(4,), rounds=5)
    byes = []
    for _ in range(5):
        r = play_round(ev)
        assert len(r.byes) == 1
        byes.append(r.byes[0])
    assert len(set(byes)) == 5  # a different player each time


def test_a_forbidden_pair_is_avoided():
    ev = event(8, sizes=(4,), rounds=4, avoid=[["Joueur 1", "Joueur 2"]])
    for _ in range(4):
        r = play_round(ev)
        for table in seated_names(r):
            assert not {"Joueur 1", "Joueur 2"} <= set(table)
        assert not any("Joueur 1 et Joueur 2" in why for why in services.reasons(ev, r))


def test_pairs_do_not_meet_again_while_they_need_not():
    ev = event(16, sizes=(4,), rounds=2)
    first = {frozenset(t) for t in seated_names(play_round(ev))}
    second = seated_names(play_round(ev))
    for table in second:
        for known in first:
            assert len(known & set(table)) <= 1


def test_a_dispute_blocks_the_standings_until_settled():
    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    one, two = current.tables.all()
    names = dict(ev.players.values_list("pk", "name"))
    for pk in one.seats:
        services.confirm(ev, 1, names[pk])
    services.dispute(ev, 2, names[two.seats[0]], "Ma paire n’a pas été comptée")
    assert [r["table"] for r in services.results(ev)] == [1]
    with pytest.raises(InputError, match="table\\(s\\) 2"):
        services.close(ev)
    settled = services.settle(ev, 2, "confirm")
    assert settled.state == Table.State.SETTLED
    assert [r["table"] for r in services.results(ev)] == [1, 2]
    assert services.close(ev).state == Round.State.CLOSED


def test_a_table_is_confirmed_once_every_player_confirmed():
    ev = event(8, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    with pytest.raises(InputError, match="pas terminée"):
        services.confirm(ev, 1)
    finish_tables(current)
    table = current.tables.get(number=1)
    assert services.state(table) == Table.State.FINISHED
    names = dict(ev.players.values_list("pk", "name"))
    other = current.tables.get(number=2).seats[0]
    with pytest.raises(InputError) as err:
        services.confirm(ev, 1, names[other])
    assert err.value.field == "player"
    for pk in table.seats[:-1]:
        assert services.confirm(ev, 1, names[pk]).state == Table.State.PLAYING
    done = services.confirm(ev, 1, names[table.seats[-1]])
    assert done.state == Table.State.CONFIRMED
    # the result as the Party's board said: seat 1 claimed a pair, alone first
    assert done.result[0]["player"] == table.seats[0] and done.result[0]["place"] == 1
    assert all(line["place"] == 2 for line in done.result[1:])


def test_settling_by_reopening_reopens_the_party():
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    table = current.tables.get()
    services.dispute(ev, 1, NAMES[0], "Erreur de saisie")
    reopened = services.settle(ev, 1, "reopen")
    assert reopened.state == Table.State.PLAYING
    assert not party_services.finished(game_of(table))
    with pytest.raises(InputError):
        services.settle(ev, 1, "confirm")  # no longer disputed


def test_closing_needs_all_tables_confirmed():
    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    services.confirm(ev, 1)
    with pytest.raises(InputError) as err:
        services.close(ev)
    assert err.value.field == "round"
    services.confirm(ev, 2)
    assert services.close(ev).state == Round.State.CLOSED


def test_a_started_round_is_fixed():
    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    services.swap(ev, NAMES[0], NAMES[1])  # before the start: allowed
    services.start(ev)
    with pytest.raises(InputError):
        services.swap(ev, NAMES[0], NAMES[1])
    with pytest.raises(InputError):
        services.seat(ev)
    with pytest.raises(InputError):
        services.start(ev)


def test_a_swap_exchanges_two_seats_before_the_start():
    ev = event(8, sizes=(4,), rounds=1)
    before = seated_names(services.seat(ev))
    a, b = before[0][0], before[1][0]
    after = seated_names(services.swap(ev, a, b))
    assert after[0][0] == b and after[1][0] == a


def test_start_makes_each_table_a_party_in_seat_order():
    ev = event(9, sizes=(3,), rounds=1, mode=None)
    seated = seated_names(services.seat(ev))
    current = services.start(ev)
    for table, names in zip(current.tables.select_related("game"), seated, strict=True):
        assert game_of(table).kind == "num_check" and game_of(table).mode == ev.mode
        assert [p.name for p in game_of(table).players.all()] == names


def test_a_late_arrival_is_seated_next_round():
    ev = event(8, sizes=(4,), rounds=3)
    services.seat(ev)
    services.start(ev)
    services.add_player(ev, "Retardataire")
    current = ev.round_set.get(number=1)
    assert all("Retardataire" not in t for t in seated_names(current))
    finish_tables(current)
    for table in current.tables.all():
        services.confirm(ev, table.number)
    services.close(ev)
    following = services.seat(ev)
    seated = [n for t in seated_names(following) for n in t]
    byes = list(ev.players.filter(pk__in=following.byes).values_list("name", flat=True))
    assert "Retardataire" in seated + byes
    assert ev.players.get(name="Retardataire").joined == 2


def test_a_late_arrival_before_the_start_is_seated_in_the_round_placed():
    ev = event(8, sizes=(4, 5), rounds=2)
    services.seat(ev)
    services.add_player(ev, "Retardataire")
    current = ev.round_set.get(number=1)
    assert any("Retardataire" in t for t in seated_names(current))


def test_a_drop_is_never_seated_again():
    ev = event(9, sizes=(4, 5), rounds=3)
    play_round(ev)
    kept = len(services.results(ev))
    services.drop_player(ev, NAMES[0])
    for _ in range(2):
        r = play_round(ev)
        assert all(NAMES[0] not in t for t in seated_names(r))
        assert ev.players.get(name=NAMES[0]).pk not in r.byes
    first = services.results(ev)[:kept]
    dropped = ev.players.get(name=NAMES[0]).pk
    assert any(line["player"] == dropped for r in first for line in r["result"])


def test_a_substitute_takes_the_seat_and_the_party_player_is_renamed():
    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    current = services.start(ev)
    table = next(
        t
        for t in current.tables.select_related("game")
        if NAMES[0] in seated_names(current)[t.number - 1]
    )
    seat = seated_names(current)[table.number - 1].index(NAMES[0])
    made = services.replace_player(ev, NAMES[0], "Remplaçant")
    table.refresh_from_db()
    assert table.seats[seat] == made.pk
    assert game_of(table).players.get(seat=seat).name == "Remplaçant"
    assert ev.players.get(name=NAMES[0]).dropped == 1
    finish_tables(current)
    services.confirm(ev, table.number)
    result = services.results(ev)[0]["result"]
    assert any(line["player"] == made.pk for line in result)


def test_the_events_stamp_follows_its_writes_and_its_tables_party_writes():
    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    current = services.start(ev)
    before = services.stamp(ev)
    party_services.finish(game_of(current.tables.get()))
    assert services.stamp(ev) != before
    ev.refresh_from_db()
    version = ev.version
    party_services.reopen(game_of(current.tables.get()))
    ev.refresh_from_db()
    assert ev.version == version  # a Party's write costs the event nothing


def test_new_links_replace_both_tokens():
    ev = event(4, sizes=(4,), rounds=1)
    old = ev.edit_token
    services.rotate(ev)
    ev.refresh_from_db()
    assert ev.edit_token != old
    with pytest.raises(type(ev).DoesNotExist):
        services.find(old)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(6, 30),
    sizes=st.lists(st.integers(2, 6), min_size=1, max_size=3, unique=True),
    late=st.integers(0, 3),
    gone=st.integers(0, 3),
)
def test_every_seating_puts_each_present_player_at_exactly_one_table_of_an_allowed_size(
    players, sizes, late, gone
):
    ev = event(players, sizes=sizes, rounds=2)
    play_round(ev)
    for i in range(late):
        services.add_player(ev, f"Tard {i}")
    for name in NAMES[: min(gone, players - 2)]:
        services.drop_player(ev, name)
    here = {p.pk for p in services.present(ev, 2)}
    if len(here) < min(sizes):
        with pytest.raises(InputError):
            services.seat(ev)
        return
    r = services.seat(ev)
    seated = [p for t in r.tables.all() for p in t.seats]
    assert sorted(seated + r.byes) == sorted(here)
    assert all(len(t.seats) in sizes for t in r.tables.all())


def test_the_purge_deletes_an_event_untouched_for_90_days_with_its_tables_parties():
    import io
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from calculators.events.models import Event
    from calculators.parties.models import Game

    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    services.start(ev)
    old = timezone.now() - timedelta(days=91)
    Game.objects.update(updated_at=old)
    call_command("purge_games", stdout=io.StringIO())
    assert Game.objects.count() == 1  # its event is recent: the table's party is kept
    Event.objects.update(updated_at=old)
    game = Game.objects.get()
    party_services.finish(game)  # a table played lately keeps its event
    call_command("purge_games", stdout=io.StringIO())
    assert Event.objects.exists()
    Game.objects.update(updated_at=old)
    out = io.StringIO()
    call_command("purge_games", stdout=out)
    assert not Game.objects.exists() and not Event.objects.exists()
    assert "1 tournoi" in out.getvalue()


def test_the_round_timer_starts_pauses_and_extends():
    from datetime import timedelta

    from django.utils import timezone

    ev = event(4, sizes=(4,), rounds=1)
    services.seat(ev)
    with pytest.raises(InputError):
        services.timer(ev, "start", 30)  # no round under way
    services.start(ev)
    with pytest.raises(InputError) as err:
        services.timer(ev, "start", 0)
    assert err.value.field == "minutes"
    r = services.timer(ev, "start", 30)
    assert services.remaining(r) == 30 * 60
    assert r.timer_started is not None
    later = r.timer_started + timedelta(minutes=10)
    assert services.remaining(r, later) == 20 * 60
    r.timer_started = timezone.now() - timedelta(minutes=10)
    r.save()
    r = services.timer(ev, "pause")
    left = services.remaining(r)
    assert left is not None and 19 * 60 <= left <= 20 * 60 and r.timer_started is None
    r = services.timer(ev, "extend", 5)
    left = services.remaining(r)
    assert left is not None and 24 * 60 <= left <= 25 * 60
    with pytest.raises(InputError):
        services.timer(ev, "pause")  # paused already
    assert services.timer(ev, "start").timer_started is not None  # resumed, no minutes needed


def test_a_num_connect_event_counts_fewer_cards_left_as_better_relative_points():
    """Num Connect's total is the cards left (lower is better): the « points relatifs »
    tie-break follows it (docs/events.md « Classement »), never rewarding cards kept."""
    from calculators.events.standings import standings
    from calculators.games.num_connect.party import writes as connect_writes

    ev = event(["Léa", "Tom", "Zoé", "Max"], sizes=(2,), rounds=1, game="num_connect")
    services.seat(ev)
    current = services.start(ev)
    for table in current.tables.select_related("game"):
        first, second = game_of(table).players.order_by("seat")
        # the first seat goes out; the other keeps 3 cards at one table, 9 at the other
        connect_writes.add_hand(
            game_of(table), first.pk, {second.pk: 3 if table.number == 1 else 9}
        )
        party_services.finish(game_of(table))
        services.confirm(ev, table.number)
    lines = {line.name: line for line in standings(ev).lines}
    losers = [line for line in lines.values() if line.rank_points == 0]
    assert len(losers) == 2
    kept_three, kept_nine = sorted(losers, key=lambda line: -line.relative_points)
    assert kept_three.relative_points == kept_nine.relative_points  # one spread each table
    winners = [line for line in lines.values() if line.rank_points == 1]
    assert all(w.relative_points > 0 for w in winners)
    assert all(line.relative_points < 0 for line in losers)
