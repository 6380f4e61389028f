"""NUM DRAFT: a test per rule of the rulebook and per ruling (/num-draft/regles/#arbitrage-…),
and hypothesis properties."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from calculators.engines import numdraft
from calculators.engines.cards import DRAFT_DECK_SMALL, JOKER, Card, Family, InputError

E = [None, None, None]


def total(grid, left=E, right=E, mode="classic"):
    return numdraft.score(grid, left, right, mode).total


def test_rulebook_example_three_reds_and_neighbours():
    grid = [["1R", "5B", None], ["2R", "9J", None], ["3R", None, None]]
    assert total(grid) == 6
    assert total(grid, ["7R", None, None]) == 9
    assert total(grid, ["7A", None, None]) == 9
    assert total(grid, ["7S", None, None]) == 6


def test_anchoring_neighbours_never_score_alone():
    assert total([["1R", None, None], E, E], ["1V", "2V", None]) == 0


def test_classic_cards_must_touch_discovery_ignores_positions():
    grid = [["1R", "5B", "1V"], E, E]
    assert total(grid) == 0
    assert total(grid, mode="discovery") == 6


def test_joker_joins_exactly_one_group_and_bridges():
    assert total([["1R", "JK", "1V"], E, E]) == 9


def test_ruling_two_jokers_never_anchor():
    assert total([["JK", "JK", None], E, E]) == 0
    assert total([["JK", "JK", None], E, E], mode="discovery") == 0


def test_ruling_neighbour_bonus_counts_once_per_card():
    grid = [["7B", "7J", None], ["9R", "10R", None], E]
    assert total(grid, ["7R", "2R", None]) == 19


def test_ruling_own_shadow_counts_in_its_value_group():
    assert total([["4S", "4B", None], E, E]) == 6


def test_neighbour_shadow_only_joins_an_own_shadow_group_with_no_bonus():
    assert total([["4S", "4B", None], ["6S", None, None], E], ["9S", "11S", None]) == 14
    assert total([["4R", "4B", None], E, E], ["4S", None, None]) == 6


def test_ruling_neighbour_rainbow_must_touch_the_group_it_joins():
    grid = [[None, None, None], [None, "1R", "2R"], E]
    assert total(grid, ["7A", None, None]) == 4  # far from the reds
    assert total([["1R", "2R", None], E, E], ["7A", None, None]) == 7


def test_own_card_joined_through_neighbour_cards_belongs_to_the_group():
    grid = [["1R", None, None], ["5B", None, None], ["2R", "3R", None]]
    assert total(grid, ["7R", "8R", "9R"]) == 2 * 6 + 3


def test_wildcards_are_reported():
    result = numdraft.score([["1R", "JK", "1V"], E, E], E, E)
    assert [w.as_text for w in result.wildcards] == ["value 1"]


@pytest.mark.parametrize(
    ("points", "mode", "title"),
    [
        (17, "classic", "Novice"),
        (18, "classic", "Stratège"),
        (47, "classic", "Maître"),
        (48, "classic", "Grand Maître"),
        (62, "classic", "Légende de NUM DRAFT"),
        (24, "discovery", "Novice"),
        (25, "discovery", "Stratège"),
        (45, "discovery", "Maître"),
        (74, "discovery", "Grand Maître"),
        (75, "discovery", "Légende de NUM DRAFT"),
    ],
)
def test_titles_per_mode(points, mode, title):
    assert numdraft.title_for(points, mode) == title


def test_duplicate_card_names_both_places():
    with pytest.raises(InputError) as err:
        numdraft.score([["4S", None, None], E, E], [None, "4S", None], E)
    assert "grille, ligne 1" in err.value.message and "voisin de gauche" in err.value.message


def test_deck_range_depends_on_values():
    with pytest.raises(InputError):
        numdraft.score([["13R", None, None], E, E])
    assert numdraft.score([["13R", "13B", None], E, E], values="0-16").total == 6


def test_table_uses_real_neighbours_and_rejects_shared_cards():
    players = [
        {"name": "A", "grid": [["1R", "2R", "3R"], E, E]},
        {"name": "B", "grid": [["1V", None, "5B"], E, E]},
        {"name": "C", "grid": [["1B", None, "3B"], E, E]},
    ]
    result = numdraft.table(players)
    by_name = {p.name: p for p in result.players}
    assert (by_name["A"].left, by_name["A"].right) == ("B", "C")
    assert result.values == "0-12"
    players[2]["grid"] = [["1R", None, None], E, E]
    with pytest.raises(InputError, match="A et dans celle de C"):
        numdraft.table(players)


def test_two_players_are_each_others_both_neighbours():
    result = numdraft.table(
        [
            {"name": "A", "grid": [["1R", "1B", None], E, E]},
            {"name": "B", "grid": [[None, None, "1V"], E, E]},
        ]
    )
    assert result.players[0].left == result.players[0].right == "B"


def test_opening_smallest_unique_value_and_joker_ruling():
    assert numdraft.opening([("A", "3R"), ("B", "3B"), ("C", "5J")]).master == "C"
    assert numdraft.opening([("A", "3R"), ("B", "3B")]).must_turn == ("A", "B")
    assert numdraft.opening([("A", "JK"), ("B", "3B")]).must_turn == ("A",)


# --------------------------------------------------------------------------- properties

DECK = DRAFT_DECK_SMALL.numeric_cards()


@st.composite
def pools(draw):
    chosen = draw(st.lists(st.sampled_from(DECK), min_size=0, max_size=15, unique=True))
    slots = chosen + [None] * (15 - len(chosen))
    jokers = draw(st.integers(0, 2))
    for i in range(jokers):
        slots[i] = JOKER
    return numdraft.Pool(tuple(draw(st.permutations(slots))))


@settings(max_examples=150, deadline=None)
@given(pools(), st.sampled_from([numdraft.CLASSIC, numdraft.DISCOVERY]))
def test_mirroring_the_strip_keeps_the_total(pool, mode):
    assert numdraft.score_pool(pool, mode).total == numdraft.score_pool(pool.mirrored(), mode).total


@settings(max_examples=150, deadline=None)
@given(pools())
def test_discovery_is_at_least_classic(pool):
    assert (
        numdraft.score_pool(pool, numdraft.DISCOVERY).total
        >= numdraft.score_pool(pool, numdraft.CLASSIC).total
    )


@settings(max_examples=150, deadline=None)
@given(
    pools(), st.sampled_from([p for p in numdraft.PLACES if p[0] in (-1, 3)]), st.sampled_from(DECK)
)
def test_adding_a_card_to_a_neighbour_column_never_lowers_the_total(pool, place, card):
    assume(pool.at(place) is None and card not in pool.cards)
    slots = list(pool.cards)
    slots[numdraft.place_index(*place)] = card
    bigger = numdraft.Pool(tuple(slots))
    for mode in (numdraft.CLASSIC, numdraft.DISCOVERY):
        assert numdraft.score_pool(bigger, mode).total >= numdraft.score_pool(pool, mode).total


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=27, max_size=27, unique=True))
def test_table_scores_equal_single_pool_scores(cards):
    grids = [[cards[k * 9 + y * 3 : k * 9 + y * 3 + 3] for y in range(3)] for k in range(3)]
    players = [
        {"name": n, "grid": [[str(c) for c in row] for row in g]}
        for n, g in zip("ABC", grids, strict=True)
    ]
    result = numdraft.table(players)
    for i, p in enumerate(result.players):
        left, right = numdraft.neighbours(3, i)
        alone = numdraft.score(
            players[i]["grid"],
            [players[left]["grid"][y][2] for y in range(3)],
            [players[right]["grid"][y][0] for y in range(3)],
        )
        assert p.result.total == alone.total


def test_group_points_add_up_to_the_total():
    result = numdraft.score(
        [["10R", "JK", "2B"], ["10B", "7J", "2J"], ["JK", "7V", "0A"]],
        ["10J", "7R", "12A"],
        ["2V", "0S", "9A"],
    )
    assert result.total == sum(g.points for g in result.groups) == sum(result.place_points.values())
    assert Card(10, Family.RED) in result.pool.cards


def test_group_caches_are_bounded():
    """The memo of groups keeps at most ``CACHE_SIZE`` carrier masks."""
    for cached in (numdraft._groups, numdraft._scoring):
        assert cached.cache_info().maxsize == numdraft.CACHE_SIZE
    numdraft._scoring.cache_clear()
    for carriers in range(numdraft.CACHE_SIZE + 10):
        numdraft._scoring(carriers, 0, True)
    assert numdraft._scoring.cache_info().currsize == numdraft.CACHE_SIZE


def test_the_engine_takes_canonical_modes_only():
    """The French names (« Découverte ») are the registry's to resolve, before the engine."""
    grid = [["1R", "1B", None], [None] * 3, [None] * 3]
    assert numdraft.score(grid, None, None, "discovery").mode == "discovery"
    with pytest.raises(InputError) as err:
        numdraft.score(grid, None, None, "Découverte")
    assert err.value.field == "mode"


# ------------------------------------------------ the memos of a table's grids and pools (table)

THREE = [
    {"name": "A", "grid": [[None, "1R", "2R"], E, E]},
    {"name": "B", "grid": [["5B", None, None], E, E]},
    {"name": "C", "grid": [["3R", None, None], E, E]},
]


def test_memoised_pool_is_scored_again_when_a_card_changes():
    before = numdraft.table(THREE)
    assert before.players[0].result.total == 7  # 1R 2R and C's 3R beside them, on A's right
    changed = [THREE[0], THREE[1], {"name": "C", "grid": [["3B", None, None], E, E]}]
    after = numdraft.table(changed)
    assert after.players[0].result.total == 4
    assert after.players[0].result.pool.at((3, 0)) == Card(3, Family.BLUE)


def test_memoised_grid_under_other_names_carries_the_new_names():
    numdraft.table(THREE)
    renamed = numdraft.table([{**THREE[0], "name": "Zoé"}, THREE[1], THREE[2]])
    assert [p.name for p in renamed.players] == ["Zoé", "B", "C"]
    assert renamed.players[1].right == "Zoé"
    assert renamed.ranking[0] == "Zoé"


def test_memoised_pool_is_explained_in_the_readers_language():
    from calculators.engines.i18n import use_language

    with use_language("fr"):
        french = numdraft.table(THREE).players[0].result
    with use_language("en"):
        english = numdraft.table(THREE).players[0].result
    assert french.total == english.total
    assert french.explanation != english.explanation


def test_memoised_pool_gives_each_caller_its_own_place_points():
    first = numdraft.table(THREE).players[0].result
    first.place_points.clear()
    again = numdraft.table(THREE).players[0].result
    assert sum(again.place_points.values()) == again.total == 7


def test_memoised_grid_refusal_is_said_each_time_naming_the_player():
    twice = [THREE[0], {"name": "B", "grid": [["1R", None, None], E, E]}, THREE[2]]
    for _ in range(2):
        with pytest.raises(InputError, match="« 1R » est dans la grille de A et dans celle de B"):
            numdraft.table(twice)
    bad = [THREE[0], {"name": "B", "grid": [["99R", None, None], E, E]}, THREE[2]]
    for _ in range(2):
        with pytest.raises(InputError) as refused:
            numdraft.table(bad)
        assert refused.value.message.startswith("B : ") and "99" in refused.value.message
