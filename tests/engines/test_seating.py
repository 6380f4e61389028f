"""Seating an evening (calculators/engines/seating.py, docs/events.md « Placement »): each rule
one test, the search against a brute-force oracle on small rooms and against the social golfer
instances whose perfect answers are known, and properties over random rooms."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import seating
from calculators.engines.seating import Draw, Past, RoundSeating

Pair = tuple[int, int]


def meetings(rounds: Sequence[RoundSeating], past: Past | None = None) -> Counter[Pair]:
    met: Counter[Pair] = Counter(past.met if past else {})
    for seated in rounds:
        for table in seated.tables:
            for a, b in itertools.combinations(sorted(table), 2):
                met[(a, b)] += 1
    return met


def cost(rounds: Sequence[RoundSeating], avoid: set[Pair], past: Past | None = None):
    """The objective's first two terms: forbidden pairs seated, then Σ C(m, 2) over pairs."""
    met = meetings(rounds, past)
    before = Counter(past.met) if past else Counter()
    forbidden = sum(m - before[k] for k, m in met.items() if k in avoid)
    repeats = sum(m * (m - 1) // 2 - before[k] * (before[k] - 1) // 2 for k, m in met.items())
    return forbidden, repeats


def repeats(plan: seating.Plan) -> int:
    return sum(times - 1 for *_, times in plan.repeats)


# --- the tables (#placement-tables, #placement-exempt) ---------------------------------------


def test_tables_are_of_the_preferred_size_as_far_as_the_players_allow():
    assert seating.table_sizes(43, (4, 3, 5)) == (4,) * 10 + (3,)
    assert seating.table_sizes(16, (4, 3, 5)) == (4, 4, 4, 4)
    assert seating.table_sizes(17, (4, 3, 5)) == (5, 4, 4, 4)
    assert seating.table_sizes(7, (4,)) is None


def test_nobody_sits_out_while_the_allowed_sizes_seat_everyone():
    assert seating.byes(43, (4, 3, 5)) == (0, (4,) * 10 + (3,))
    assert seating.byes(5, (4, 5)) == (0, (5,))


def test_a_bye_only_when_no_cut_exists_and_the_fewest_of_them():
    assert seating.byes(7, (4,)) == (3, (4,))
    assert seating.byes(9, (4,)) == (1, (4, 4))


def test_a_bye_rotates_to_a_different_player_each_round():
    plan = seating.plan(9, (4,), 9, set(), "rotation")
    sat_out = [p for seated in plan.rounds for p in seated.byes]
    assert sorted(sat_out) == list(range(9))  # nine rounds, each player out exactly once


def test_a_bye_rotates_round_by_round_too():
    past = Past(5)
    out: list[int] = []
    for r in range(5):
        seated = seating.seat_round(range(5), (4,), past, set(), f"r{r}")
        past.record(seated)
        out += seated.byes
    assert sorted(out) == [0, 1, 2, 3, 4]


# --- who sits with whom (#placement-paires-interdites, #placement-rencontres) ----------------


def test_a_forbidden_pair_is_never_seated_together_when_it_can_be_avoided():
    avoid = {(0, 1), (2, 3), (4, 5)}
    plan = seating.plan(12, (4,), 3, avoid, "family")
    assert not plan.forbidden
    assert all(not (set(pair) <= set(t)) for s in plan.rounds for t in s.tables for pair in avoid)


def test_a_forbidden_pair_that_cannot_be_avoided_is_reported():
    plan = seating.plan(3, (3,), 1, {(0, 1)}, "")
    assert plan.forbidden == ((0, 1, 1),)
    why = seating.reasons(plan.rounds, ["Léa", "Tom", "Zoé"], (3,), {(0, 1)})
    assert any("Léa et Tom ne devaient pas être à la même table" in r.message for r in why)


def test_pairs_that_already_met_are_kept_apart_when_they_can_be():
    past = Past(8)
    past.record(RoundSeating(((0, 1, 2, 3), (4, 5, 6, 7))))
    seated = seating.seat_round(range(8), (4,), past, set(), "second")
    assert all(len(set(t) & {0, 1, 2, 3}) == 2 for t in seated.tables)


def test_a_repeat_is_spread_rather_than_piled_on_one_pair():
    """A pair met twice costs more to seat again than two pairs met once each."""
    past = Past(6)
    past.met.update({(0, 1): 2, (2, 3): 1, (4, 5): 1})
    seated = seating.seat_round(range(6), (3,), past, set(), "spread")
    assert not any({0, 1} <= set(t) for t in seated.tables)


def test_a_repeat_is_explained_by_its_round():
    plan = seating.plan(6, (3,), 3, set(), "why")
    why = seating.reasons(plan.rounds, list("ABCDEF"), (3,), set())
    met = [r for r in why if "se sont déjà rencontrés" in r.message]
    assert met and all(r.round > 1 for r in met)
    assert len(met) == sum(times - 1 for *_, times in plan.repeats)


def test_a_table_of_another_size_is_explained():
    plan = seating.plan(7, (4, 3), 1, set(), "")
    why = seating.reasons(plan.rounds, list("ABCDEFG"), (4, 3), set())
    assert [r.message for r in why] == [
        "Table 2 à 3 joueurs : 7 joueurs, tables de 4, 3 (de préférence 4)."
    ]


# --- the first seat (#placement-premier-joueur) ------------------------------------------------


def test_the_first_seat_goes_to_who_had_it_least():
    plan = seating.plan(24, (4,), 4, set(), "first")
    firsts = Counter(seated.tables[t][0] for seated in plan.rounds for t in range(6))
    assert sorted(firsts.values()) == [1] * 24  # four rounds of six tables: each once
    assert repeats(plan) == 0


def test_the_first_seat_never_outweighs_a_repeat():
    """Sixteen players, four tables of four, four rounds: only the affine plane's seatings meet
    no pair twice, and they cannot give each player seat 1 once; no pair meets twice."""
    plan = seating.plan(16, (4,), 4, set(), "first")
    assert repeats(plan) == 0
    firsts = Counter(seated.tables[t][0] for seated in plan.rounds for t in range(4))
    assert max(firsts.values()) <= 2


def test_the_first_seat_rotates_round_by_round():
    past = Past(12)
    for r in range(3):
        past.record(seating.seat_round(range(12), (4,), past, set(), f"f{r}"))
    assert sorted(past.firsts) == [0] * 3 + [1] * 9


# --- Swiss (#placement-suisse) ----------------------------------------------------------------


def test_swiss_seats_close_standings_together_when_nothing_else_decides():
    past = Past(12)
    standings = {p: p + 1 for p in range(12)}  # player 0 leads
    seated = seating.seat_round(range(12), (4,), past, set(), "swiss", standings)
    assert sorted(sorted(t) for t in seated.tables) == [
        [0, 1, 2, 3],
        [4, 5, 6, 7],
        [8, 9, 10, 11],
    ]


def test_swiss_never_outweighs_a_repeat():
    """The leaders sat together last round: Swiss would seat them together again, the pairs'
    meetings keep them apart as well as any seating can (three tables of four from three
    tables of four: some pairs meet again, the fewest possible)."""
    past = Past(12)
    past.record(RoundSeating(((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))))
    standings = {p: p + 1 for p in range(12)}
    seated = seating.seat_round(range(12), (4,), past, set(), "swiss", standings)
    assert cost([seated], set(), past) == oracle(12, (4,), 1, set(), past)


# --- determinism -------------------------------------------------------------------------------


def test_the_draw_is_splitmix64_as_published():
    draw = Draw.from_state(0)
    assert [draw.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_the_same_seed_gives_the_same_seating_on_every_machine():
    """Fixed vectors: these tables are what the seed gives, for ever."""
    plan = seating.plan(8, (4,), 2, set(), "fixed")
    assert [s.tables for s in plan.rounds] == [
        ((3, 0, 2, 4), (1, 7, 5, 6)),
        ((6, 0, 7, 4), (5, 3, 1, 2)),
    ]
    assert seating.plan(8, (4,), 2, set(), "fixed") == plan
    assert seating.plan(8, (4,), 2, set(), "other") != plan


# --- the search against what is known ----------------------------------------------------------


def splits(players: Sequence[int], tables: Sequence[int], previous=None) -> Iterator[list]:
    """Every way to seat ``players`` at tables of these sizes (equal tables unordered)."""
    if not tables:
        yield []
        return
    for table in itertools.combinations(players, tables[0]):
        if previous is not None and len(previous) == len(table) and table[0] < previous[0]:
            continue
        left = [p for p in players if p not in table]
        for others in splits(left, tables[1:], table):
            yield [table, *others]


def oracle(players: int, sizes, rounds: int, avoid: set[Pair], past: Past | None = None):
    """The best (forbidden, repeats) of every plan: the brute force."""
    _, tables = seating.byes(players, sizes)
    every = [RoundSeating(tuple(s)) for s in splits(range(players), tables)]
    return min(cost(plan, avoid, past) for plan in itertools.product(every, repeat=rounds))


ROOMS = [
    (6, (3,), 3, set()),
    (6, (3,), 4, {(0, 1)}),
    (7, (4, 3), 3, {(0, 1)}),
    (8, (4,), 3, set()),
    (8, (4,), 2, {(0, 1), (2, 3), (0, 2)}),
    (9, (3,), 2, {(0, 1), (1, 2)}),
]


@pytest.mark.parametrize(("players", "sizes", "rounds", "avoid"), ROOMS)
def test_the_search_finds_the_brute_force_optimum_of_small_rooms(players, sizes, rounds, avoid):
    best = oracle(players, sizes, rounds, avoid)
    for seed in ("a", "b", "c"):
        plan = seating.plan(players, sizes, rounds, avoid, seed)
        assert cost(plan.rounds, avoid) == best, seed


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_one_round_after_others_finds_the_brute_force_optimum(seed):
    draw = Draw(seed)
    past = Past(9)
    for _ in range(3):  # three random earlier rounds
        order = draw.shuffled(range(9))
        past.record(RoundSeating((tuple(order[:3]), tuple(order[3:6]), tuple(order[6:]))))
    avoid = {(0, 1)}
    seated = seating.seat_round(range(9), (3,), past, avoid, seed)
    assert cost([seated], avoid, past) == oracle(9, (3,), 1, avoid, past)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 7, 8, 9])
def test_the_affine_plane_seats_every_pair_exactly_once(k):
    rounds = seating.affine_rounds(k)
    assert rounds is not None and len(rounds) == k + 1
    met = meetings([RoundSeating(tuple(map(tuple, r))) for r in rounds])
    assert set(met.values()) == {1} and len(met) == k * k * (k * k - 1) // 2


@pytest.mark.parametrize(("g", "s"), [(2, 2), (4, 3), (5, 4), (7, 3), (8, 4), (9, 5)])
def test_the_transversal_design_seats_no_pair_twice(g, s):
    rounds = seating.transversal_rounds(g, s)
    assert rounds is not None and len(rounds) == g
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(g * s))
        assert all(len(t) == s for t in tables)
    met = meetings([RoundSeating(tuple(map(tuple, r))) for r in rounds])
    assert set(met.values()) == {1} and len(met) == g * g * s * (s - 1) // 2


def test_no_transversal_design_past_the_field_or_with_tables_too_large():
    assert seating.transversal_rounds(6, 3) is None and seating.transversal_rounds(4, 5) is None


def test_no_affine_plane_where_no_field_is_known():
    assert seating.affine_rounds(6) is None and seating.affine_rounds(10) is None


def test_sixteen_players_at_four_tables_of_four_for_five_rounds_never_meet_twice():
    assert repeats(seating.plan(16, (4,), 5, set(), "golf")) == 0


def test_twenty_players_at_five_tables_of_four_for_five_rounds_never_meet_twice():
    for seed in ("golf", "club"):
        assert repeats(seating.plan(20, (4,), 5, set(), seed)) == 0


def test_the_search_does_better_than_the_greedy_placement():
    """43 players, tables of 3 to 5, six rounds: the greedy placement clubs use repeats pairs;
    the search repeats none."""
    plan = seating.plan(43, (4, 3, 5), 6, set(), "evening")
    draw, met = Draw("evening"), Counter[Pair]()
    sizes = seating.table_sizes(43, (4, 3, 5))
    assert sizes is not None
    for _ in range(6):
        tables = seating.greedy_round(range(43), sizes, met, set(), draw)
        for table in tables:
            for a, b in itertools.combinations(sorted(table), 2):
                met[(a, b)] += 1
    greedy = sum(m - 1 for m in met.values() if m > 1)
    assert repeats(plan) == 0 < greedy


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 20),
    sizes=st.lists(st.integers(2, 6), min_size=1, max_size=3, unique=True),
    rounds=st.integers(1, 4),
    seed=st.text(max_size=5),
)
def test_every_plan_seats_each_player_once_a_round_at_an_allowed_size(players, sizes, rounds, seed):
    plan = seating.plan(players, sizes, rounds, set(), seed)
    assert len(plan.rounds) == rounds
    for seated in plan.rounds:
        everyone = [p for t in seated.tables for p in t] + list(seated.byes)
        assert sorted(everyone) == list(range(players))
        assert all(len(t) in sizes for t in seated.tables)
        assert len(seated.byes) == seating.byes(players, sizes)[0]


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 20),
    sizes=st.lists(st.integers(2, 6), min_size=1, max_size=3, unique=True),
    absent=st.sets(st.integers(0, 19)),
    seed=st.text(max_size=5),
    swiss=st.booleans(),
)
def test_every_round_seats_each_present_player_once_at_an_allowed_size(
    players, sizes, absent, seed, swiss
):
    present = [p for p in range(players) if p not in absent]
    standings = {p: i + 1 for i, p in enumerate(present)} if swiss else None
    seated = seating.seat_round(present, sizes, Past(players), set(), seed, standings)
    everyone = [p for t in seated.tables for p in t] + list(seated.byes)
    assert sorted(everyone) == present
    assert all(len(t) in sizes for t in seated.tables)
