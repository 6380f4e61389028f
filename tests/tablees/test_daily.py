"""A tablée's « donne du jour » (docs/deals.md#donnes-du-jour): the seed of the day, the party
started from the tablée's page, and each member's matchpoints against the other Parties."""

import datetime
import re
from fractions import Fraction

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import numdraft
from calculators.games.num_draft.party import writes as draft_writes
from calculators.parties import deals as party_deals
from calculators.parties import services as party_services
from calculators.parties.models import Game
from calculators.tablees import daily, services
from calculators.tablees.models import Tablee
from tests.events.helpers import dealt_of
from tests.factories import fresh

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 12, 5)


def test_the_seed_of_the_day_names_the_paris_day_and_the_seats():
    assert daily.seed(DAY, 4) == "jour:2026-12-05:4"
    assert daily.number(DAY) == 20261205
    assert daily.describe(DAY, 4) == {
        "number": 20261205, "seed": "jour:2026-12-05:4", "seats": 4, "deck": "0-12",
    }  # fmt: skip
    assert daily.describe(DAY, 6)["deck"] == "0-16"


def test_the_day_changes_at_midnight_in_paris_not_in_utc():
    late = datetime.datetime(2026, 12, 5, 23, 30, tzinfo=datetime.UTC)  # 00:30 in Paris
    assert daily.today(late) == datetime.date(2026, 12, 6)
    assert daily.today(late - datetime.timedelta(hours=1)) == DAY


@given(st.dates(datetime.date(2000, 1, 1), datetime.date(2999, 12, 31)), st.integers(2, 7))
def test_day_of_reads_back_the_day_of_every_daily_seed(day, seats):
    assert daily.day_of(daily.describe(day, seats)) == day


@given(
    st.dates(datetime.date(2000, 1, 1), datetime.date(2999, 12, 31)),
    st.dates(datetime.date(2000, 1, 1), datetime.date(2999, 12, 31)),
    st.integers(2, 7),
    st.integers(2, 7),
)
def test_two_days_or_two_table_sizes_never_share_a_seed(one, two, seats, others):
    same = daily.seed(one, seats) == daily.seed(two, others)
    assert same == ((one, seats) == (two, others))


def cells(game, seat):
    return [str(c) for row in dealt_of(game).seats[seat].grid for c in row]


def test_two_tablees_the_same_day_get_the_same_cards_and_the_next_day_others():
    one = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    two = services.create("Le club", ["Ana", "Bob", "Cid"])
    a = daily.new_party(one, "classic", ["Léa", "Tom"], DAY)
    b = daily.new_party(two, "classic", ["Ana", "Bob"], DAY)
    c = daily.new_party(two, "classic", ["Ana", "Bob"], DAY + datetime.timedelta(days=1))
    three = daily.new_party(one, "classic", ["Léa", "Tom", "Zoé"], DAY)
    assert a.deal == b.deal and party_deals.dealt(a) == party_deals.dealt(b)
    assert a.kind == "num_draft" and a.values == "0-12"
    assert party_deals.dealt(c) != party_deals.dealt(a)
    assert three.deal["seed"] == "jour:2026-12-05:3"


def play(tablee, names, grids, *, mode="classic", finished=True, flip=()):
    """A daily party: seat s writes the grid dealt to seat ``grids[s]`` (its cells reversed
    when s is in ``flip``)."""
    game = daily.new_party(tablee, mode, names, DAY)
    dealt = [cells(game, s) for s in range(len(names))]
    for s, player in enumerate(game.players.all()):
        grid = dealt[grids[s]]
        draft_writes.set_grid(game, player.pk, grid[::-1] if s in flip else grid)
    if finished:
        party_services.finish(game)
    return fresh(game)


@pytest.fixture
def three():
    """Three tablées playing the 2-seat deal of DAY: the first and the third keep the grids
    dealt, the second lays seat 1's cards the other way round."""
    mine = services.create("Les jeudis", ["Léa", "Tom"])
    a = play(mine, ["Léa", "Tom"], [0, 1])
    b = play(services.create("Le club", ["Ana", "Bob"]), ["Ana", "Bob"], [0, 1], flip=(0,))
    c = play(services.create("Les autres", ["Cid", "Dan"]), ["Cid", "Dan"], [0, 1])
    return mine, a, b, c


def scores(game):
    hooks = numdraft.table(
        [{"name": p.name, "grid": draft_writes._grid_rows(p.grid)} for p in game.players.all()],
        game.mode,
        game.values,
    )
    return [p.result.total for p in hooks.players]


def test_the_comparison_gives_matchpoints_against_every_other_party_of_the_deal(three):
    mine, a, b, c = three
    # the engine's scores of the grids laid: a and c the dealt grids, b seat 1 reversed
    assert (scores(a), scores(b), scores(c)) == ([9, 9], [6, 9], [9, 9])
    [found] = daily.comparisons(mine)
    assert (found.parties, found.top, found.seats, found.number) == (3, 4, 2, 20261205)
    # Léa (seat 1, 9): beats b's 6 (2), ties c's 9 (1) = 3 of 4; Tom (seat 2, 9): two ties = 2
    assert [(line.player, line.score, line.matchpoints) for line in found.lines] == [
        ("Léa", 9, 3),
        ("Tom", 9, 2),
    ]
    assert [line.percentage for line in found.lines] == [Fraction(75), Fraction(50)]


def test_an_unfinished_party_or_another_mode_does_not_count(three):
    mine, a, b, c = three
    play(services.create("En cours", ["Eve", "Fay"]), ["Eve", "Fay"], [1, 0], finished=False)
    play(services.create("Découverte", ["Gus", "Hal"]), ["Gus", "Hal"], [1, 0], mode="discovery")
    assert daily.comparisons(mine)[0].parties == 3
    unfinished = services.create("Pas fini", ["Ivy", "Jo"])
    play(unfinished, ["Ivy", "Jo"], [0, 1], finished=False)
    assert daily.comparisons(unfinished) == []


def test_a_party_alone_with_its_deal_has_no_matchpoints():
    mine = services.create("Seuls", ["Léa", "Tom"])
    play(mine, ["Léa", "Tom"], [0, 1])
    [found] = daily.comparisons(mine)
    assert found.parties == 1 and all(line.matchpoints is None for line in found.lines)


@pytest.mark.parametrize("more", [0, 4])
def test_the_comparison_takes_a_bounded_number_of_queries(three, more, django_assert_num_queries):
    mine = three[0]
    for i in range(more):
        play(mine, ["Léa", "Tom"], [i % 2, 1 - i % 2])
        play(services.create(f"Autre {i}", ["Kim", "Lou"]), ["Kim", "Lou"], [0, 1])
    mine = Tablee.objects.get(pk=mine.pk)  # its stamp after the parties above
    # which parties are daily, those parties and their players, the deals' stamps, every Party
    # of those deals and their players, the members; then which parties are daily and the
    # deals' scores come from the cache
    with django_assert_num_queries(7):
        found = daily.comparisons(mine)
    assert len(found) == 1 + more and found[0].parties == 3 + 2 * more
    with django_assert_num_queries(4):
        assert daily.comparisons(mine) == found


def test_a_tablee_without_a_daily_party_costs_no_query_once_known(django_assert_num_queries):
    tablee = services.create("Les jeudis", ["Léa", "Tom"])
    for _ in range(3):
        party_services.finish(services.new_party(tablee, "num_draft", "classic", ["Léa", "Tom"]))
    tablee = Tablee.objects.get(pk=tablee.pk)
    with django_assert_num_queries(1):
        assert daily.comparisons(tablee) == []
    with django_assert_num_queries(0):
        assert daily.comparisons(tablee) == []
    # the tablée's first daily party changes its stamp, and so what the cache is asked
    play(tablee, ["Léa", "Tom"], [0, 1])
    [found] = daily.comparisons(Tablee.objects.get(pk=tablee.pk))
    assert found.parties == 1


def test_a_party_finished_elsewhere_changes_the_comparison_at_once(three):
    mine = three[0]
    assert daily.comparisons(mine)[0].parties == 3
    late = play(services.create("Tard", ["Eve", "Fay"]), ["Eve", "Fay"], [0, 1], finished=False)
    assert daily.comparisons(mine)[0].parties == 3
    party_services.finish(late)
    assert daily.comparisons(mine)[0].parties == 4
    party_services.reopen(fresh(late))
    assert daily.comparisons(mine)[0].parties == 3


def test_start_the_daily_party_from_the_page_without_javascript(client):
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    url = reverse("tablees:tablee", args=[tablee.edit_token])
    html = client.get(url).content.decode()
    assert "Jouer la donne du jour" in html and 'name="jour-seat_0"' in html
    assert (
        "Jouer la donne du jour"
        not in client.get(reverse("tablees:tablee", args=[tablee.read_token])).content.decode()
    )
    action = reverse("tablees:action", args=[tablee.edit_token, "jour"])
    data = {"jour-mode": "discovery", "jour-seat_0": "2", "jour-seat_1": "1", "jour-seat_2": ""}
    response = client.post(action, data)
    game = Game.objects.get()
    assert response.status_code == 302 and game.edit_token in response["Location"]
    assert [p.name for p in game.players.all()] == ["Tom", "Léa"]
    assert game.mode == "discovery" and game.tablee_link.tablee == tablee
    assert game.deal == daily.describe(daily.today(), 2)
    party = client.get(reverse("parties:game", args=[game.edit_token])).content.decode()
    assert f"Donne n° {daily.number(daily.today())}" in party


def test_the_daily_party_refused_at_the_form(client):
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    action = reverse("tablees:action", args=[tablee.edit_token, "jour"])
    response = client.post(action, {"jour-mode": "classic", "jour-seat_0": "1"})
    html = response.content.decode()
    assert response.status_code == 400 and "de 2 à 7 joueurs" in html
    response = client.post(action, {"jour-mode": "classic", "jour-seat_0": "1", "jour-seat_1": "1"})
    assert response.status_code == 400 and "la même place" in response.content.decode()
    assert not Game.objects.exists()
    read = reverse("tablees:action", args=[tablee.read_token, "jour"])
    assert client.post(read, {"jour-mode": "classic"}).status_code == 403


def test_the_page_shows_counts_and_percentages_never_another_tablees_names(client, three):
    mine, a, b, c = three
    html = client.get(reverse("tablees:tablee", args=[mine.read_token])).content.decode()
    assert "3 parties ont joué cette donne" in html and "Donne du jour du 5 décembre 2026" in html
    for foreign in ("Ana", "Bob", "Cid", "Dan", "Le club", "Les autres"):
        assert foreign not in html
    for game in (b, c):
        assert game.read_token not in html and game.edit_token not in html
    english = client.get("/en" + reverse("tablees:tablee", args=[mine.read_token]))
    text = english.content.decode()
    assert "3 parties played this deal" in text and "Deal of the day of 5 December 2026" in text


def test_the_api_answer_has_the_comparison(client, three):
    mine, a, b, c = three
    answer = client.get(f"/api/v1/tablees/{mine.read_token}").json()
    [found] = answer["daily"]
    assert found["parties"] == 3 and found["seed"] == "jour:2026-12-05:2" and found["top"] == 4
    assert [r["player"] for r in found["results"]] == ["Léa", "Tom"]
    assert "Ana" not in str(answer) and b.read_token not in str(answer)
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "TableeDailyOut" in schema and "daily" in schema["TableeOut"]["properties"]


def test_the_api_starts_the_deal_of_the_day(client):
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    url = f"/api/v1/tablees/{tablee.edit_token}/daily"
    body = {"mode": "Familiale", "players": ["Zoé", "Léa", "Tom"]}
    response = client.post(url, body, content_type="application/json")
    game = Game.objects.get()
    assert response.status_code == 201 and response.json()["edit_token"] == game.edit_token
    assert game.deal == daily.describe(daily.today(), 3) and game.mode == "discovery"
    assert game.tablee_link.tablee == tablee
    refused = client.post(url, {"players": ["Léa"]}, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"]["field"] == "players"
    stranger = client.post(url, {"players": ["Léa", "Max"]}, content_type="application/json")
    assert stranger.status_code == 400 and "Max" in stranger.json()["error"]["message"]
    read = f"/api/v1/tablees/{tablee.read_token}/daily"
    assert client.post(read, body, content_type="application/json").status_code == 403
    assert Game.objects.count() == 1


def test_each_seat_averages_fifty_percent_over_the_tablees_of_a_deal(three):
    """docs/deals.md#donnes-invariant, seen from the tablées: each seat's percentages over the
    three Parties add up to 50 × 3."""
    found = [daily.comparisons(t.tablee_link.tablee)[0] for t in three[1:]]
    for seat in range(2):
        assert sum(c.lines[seat].percentage or 0 for c in found) == 150
        assert all(c.lines[seat].percentage is not None for c in found)


def listed(html):
    """The tablée page's list of parties, one text per party (newest first)."""
    block = html.split('data-testid="parties"', 1)[1].split("</ul>", 1)[0]
    return [
        item.replace("\u202f", " ").replace("\u00a0", " ")
        for item in re.findall(r"<li[^>]*>(.*?)</li>", block, re.S)
    ]


def test_the_tablees_list_marks_each_daily_party_with_its_deal_number(client):
    """docs/tablees.md « Donne du jour »: in the tablée's list of parties, a daily party is
    marked « donne du jour n° 20261205 », finished or not; any other party is not."""
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    play(tablee, ["Léa", "Tom"], [0, 1])
    party_services.finish(services.new_party(tablee, "num_draft", "classic", ["Léa", "Tom"]))
    play(tablee, ["Léa", "Tom", "Zoé"], [0, 1, 2], finished=False)
    services.new_party(tablee, "num5", "normal", ["Léa", "Tom", "Zoé"])
    tablee = Tablee.objects.get(pk=tablee.pk)
    for token in (tablee.edit_token, tablee.read_token):
        items = listed(client.get(reverse("tablees:tablee", args=[token])).content.decode())
        assert [("donne du jour n° 20261205" in item) for item in items] == [
            False, True, False, True,
        ]  # fmt: skip
    english = client.get("/en" + reverse("tablees:tablee", args=[tablee.read_token]))
    items = listed(english.content.decode())
    assert [("deal of the day no. 20261205" in item) for item in items] == [
        False, True, False, True,
    ]  # fmt: skip
    answer = client.get(f"/api/v1/tablees/{tablee.read_token}").json()
    assert [p["daily_deal"] for p in answer["parties"]] == [None, 20261205, None, 20261205]
    schema = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    assert "daily_deal" in schema["TableePartyOut"]["properties"]


def test_an_events_deal_or_a_seed_that_is_no_day_is_not_a_daily_party():
    """Only a NUM DRAFT party whose seed is a day's plays the deal of the day: the same number
    under another seed (an event's round, a deal prepared by hand) is not marked."""
    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    game = daily.new_party(tablee, "classic", ["Léa", "Tom"], DAY)
    assert daily.daily_number(game) == 20261205
    for seed in ("club:donne:1:2", "jour:pas-un-jour:2", "jour:2026-12-05:2:donne:1:2"):
        game.deal = {**game.deal, "seed": seed}
        assert daily.daily_number(game) is None
    num5 = services.new_party(tablee, "num5", "normal", ["Léa", "Tom", "Zoé"])
    num5.deal = daily.describe(DAY, 3)
    assert daily.daily_number(num5) is None


@pytest.mark.parametrize("cache_state", ["cold", "warm"])
def test_marking_the_daily_parties_costs_no_query_per_party(client, cache_state):
    """The mark comes with the parties' list, cached with the statistics: the page costs the
    same queries with 2 daily parties as with 12."""
    counts = []
    for n in (2, 12):
        tablee = services.create(f"Tablée {n}", ["Léa", "Tom"])
        for i in range(n):
            play(tablee, ["Léa", "Tom"], [i % 2, 1 - i % 2])
        url = reverse("tablees:tablee", args=[tablee.read_token])
        cache.clear()
        if cache_state == "warm":
            client.get(url)
        with CaptureQueriesContext(connection) as captured:
            html = client.get(url).content.decode()
        assert html.count('data-testid="daily-party"') == n
        counts.append(len(captured))
    assert counts[0] == counts[1], counts


@given(
    st.dates(datetime.date(2000, 1, 1), datetime.date(2999, 12, 31)),
    st.integers(2, 7),
    st.sampled_from(["num_draft", "num5", "num_check", "num_connect"]),
)
def test_a_party_is_marked_daily_exactly_when_it_is_num_draft_on_a_days_deal(day, seats, kind):
    game = Game(kind=kind, mode="classic", deal=daily.describe(day, seats))
    expected = daily.number(day) if kind == "num_draft" else None
    assert daily.daily_number(game) == expected
    assert daily.daily_number(Game(kind=kind, mode="classic")) is None  # no deal at all


def test_the_comparison_reads_the_newest_daily_parties_a_chunk_at_a_time(
    monkeypatch, django_assert_num_queries
):
    """The newest finished ones are shown, however many daily parties the tablée has: they are
    read newest first a chunk at a time, the unfinished ones skipped."""
    monkeypatch.setattr(daily, "SHOWN", 2)
    monkeypatch.setattr(daily, "CHUNK", 3)
    mine = services.create("Les jeudis", ["Léa", "Tom"])
    days = [DAY + datetime.timedelta(days=n) for n in range(6)]
    for n, day in enumerate(days):  # the three newest are not finished
        game = daily.new_party(mine, "classic", ["Léa", "Tom"], day)
        for s, player in enumerate(game.players.all()):
            draft_writes.set_grid(game, player.pk, cells(game, s))
        if n < 3:
            party_services.finish(game)
    mine = Tablee.objects.get(pk=mine.pk)
    found = daily.comparisons(mine)
    assert [c.day for c in found] == [days[2], days[1]]
    # from the cache: which are daily; per chunk its parties, their players and the deals'
    # stamps (the deals' scores cached); the members once
    with django_assert_num_queries(2 * 3 + 1):
        assert daily.comparisons(mine) == found
