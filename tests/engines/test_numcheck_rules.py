"""NUM CHECK: a test per rule and ruling of /num-check/regles/, and hypothesis properties."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.cards import Card, Family, InputError
from tests.conftest import EIGHT_CLAIMS, NINTH_CLAIM


def total(combo, cards, rank):
    return numcheck.score(combo, cards, rank).total


def test_combination_table_counts_and_bases():
    table = {c.key: (c.count, c.base) for c in numcheck.COMBOS}
    assert len(table) == 14
    assert (
        table["paire"] == (2, 2) and table["nums"] == (5, 22) and table["suite_couleur"] == (5, 21)
    )
    assert table["full_cosmique"] == (5, 14) and table["suite_pivot"] == (4, 9)


def test_rank_bonuses_fixed_ranks():
    assert [numcheck.score("paire", "5R 5B", r).rank_bonus for r in (1, 2, 3, 5, 7)] == [
        8,
        10,
        14,
        18,
        22,
    ]


def test_rank_4_single_reference_doubles_it():
    assert numcheck.score("brelan", "9R 9B 9J", 4).rank_bonus == 18


def test_rank_8_doubles_the_base():
    assert numcheck.score("carre", "4R 4V 4B 4J", 8).total == 19 + 4 + 38


def test_worked_examples_of_rules_md():
    assert total("full", "7R 7B 7J 3V 3A", 4) == 26
    assert total("nums", "12R 12V 12B 12J 12S", 6) == 58
    assert total("paire", "5R 5B", 1) == 15
    assert total("suite_couleur", "12R 13R 14R 15R 16R", 8) == 79
    assert total("suite_longue", "3R 4S 5B 6J 7V", 6) == 19
    assert total("suite_couleur", "10S 11S 12S 13S 14S", 6) == 93
    assert total("couleur", "2S 5S 9S 11S 14S", 4) == 44
    assert total("couleur", "2R 5R 9R 11R 4A", 1) == 28


def test_ruling_rainbow_natural_in_double_paire_and_suite_paire():
    assert not numcheck.score("double_paire", "9R 9B 4A 12R", 1).valid
    assert numcheck.score("double_paire", "9R 9B 4A 4R", 1).valid
    assert not numcheck.score("suite_paire", "4R 5B 9A 6V 6S", 1).valid


def test_ruling_full_cosmique_is_natural_only():
    assert not numcheck.score("full_cosmique", "7A 7S 3B 3J 12A", 6).valid
    assert numcheck.score("full_cosmique", "7A 7S 7R 3B 3J", 6).valid


def test_ruling_each_same_value_group_has_a_natural_card():
    result = numcheck.score("paire", "3A 5A", 2)
    assert result.references == (5,)
    assert "Rainbow 3 compte comme un 5" in result.reading


def test_ruling_couleur_needs_a_natural_family_card():
    assert not numcheck.score("couleur", "1A 2A 3A 4A 5A", 1).valid
    assert not numcheck.score("suite_couleur", "1A 2A 3A 4A 5A", 1).valid


def test_ruling_shadow_is_a_family_for_couleur():
    result = numcheck.score("couleur", "2S 5S 9S 11S 14S", 1)
    assert result.valid and result.references == (2,)


def test_ruling_elargi_only_at_rank_4_and_normal_wins_ties():
    assert numcheck.score("couleur", "2S 5S 9S 11S 14S", 4).mode == "elargi"
    assert numcheck.score("couleur", "2S 5S 9S 11S 14S", 5).mode == "normal"
    tie = numcheck.score("couleur", "0J 3J 6J 9J 16J", 4)
    assert tie.mode == "normal" and tie.total == 52


def test_ruling_equal_readings_prefer_greater_references():
    assert numcheck.score("full", "7R 7B 3V 3J 9A", 1).references == (7, 3)


def test_ruling_pure_shadow_suite_keeps_the_rank_bonus():
    assert numcheck.score("suite_longue", "12S 13S 14S 15S 16S", 4).rank_bonus == 56
    assert numcheck.score("suite_pivot", "5S 6S 7S 8S", 6).references == (13,)


def test_ruling_suite_paire_references_and_shared_value():
    assert numcheck.score("suite_paire", "1R 2B 3J 15V 15S", 4).references == (3, 15)
    assert numcheck.score("suite_paire", "4R 5B 6J 6V 6S", 6).valid


def test_ruling_main_reference_of_full_is_the_three():
    assert numcheck.score("full", "3R 3B 3J 12V 12A", 6).rank_bonus == 6


def test_rainbow_stands_for_the_missing_pivot_and_zenith():
    assert numcheck.score("suite_pivot", "5R 6B 7J 3A", 3).references == (8,)
    assert numcheck.score("suite_zenith", "12R 13B 14J 15V 2A", 5).references == (16,)
    assert not numcheck.score("suite_longue", "3R 4B 5J 6V 9A", 1).valid


def test_shadow_rule_lowers_suite_reference():
    assert numcheck.score("suite_zenith", "12R 13B 14S 15V 16J", 6).references == (12,)


def test_action_card_is_check_invalide_not_an_error():
    result = numcheck.score("paire", ["5R", "Tornade"], 1)
    assert not result.valid
    assert "Action" in result.reason


@pytest.mark.parametrize(
    ("combo", "cards", "rank", "field"),
    [
        ("poker", "5R 5B", 1, "combo"),
        ("paire", "5R 5B", 0, "rank"),
        ("paire", "5R 5B", 9, "rank"),
        ("brelan", "5R 5B", 1, "cards"),
        ("paire", "5R 5R", 1, "cards"),
        ("paire", "17R 5B", 1, "cards"),
    ],
)
def test_bad_input_raises_input_error_with_field(combo, cards, rank, field):
    with pytest.raises(InputError) as err:
        numcheck.score(combo, cards, rank)
    assert err.value.field == field


def test_ruling_invalid_check_takes_no_rank_and_uses_nothing():
    sheet = numcheck.sheet([("Léa", [("paire", "5R 9B"), ("paire", "9R 9B")])])
    claims = sheet.players[0].claims
    assert claims[0].rank is None and claims[1].rank == 1 and sheet.players[0].total == 19


def test_sheet_refuses_a_combination_twice_and_a_ninth_claim():
    with pytest.raises(InputError, match="déjà réalisée"):
        numcheck.sheet([("Léa", [("paire", "5R 5B"), ("paire", "9R 9B")])])
    with pytest.raises(InputError, match="8 combinaisons"):
        numcheck.sheet([("Léa", [*EIGHT_CLAIMS, NINTH_CLAIM])])


@pytest.mark.parametrize(
    ("points", "title"),
    [
        (99, "Novice"),
        (100, "Stratège"),
        (179, "Stratège"),
        (180, "Maître"),
        (250, "Grand Maître"),
        (320, "Grand Maître"),
        (321, "Légende de NUM CHECK"),
    ],
)
def test_ruling_titles_upper_title_wins_shared_bounds(points, title):
    assert numcheck.title_for(points) == title


def test_ranking_keeps_players_order_on_ties():
    sheet = numcheck.sheet([("A", [("paire", "5R 5B")]), ("B", [("paire", "5V 5J")])])
    assert sheet.ranking == ("A", "B")


# --------------------------------------------------------------------------- properties

CARDS = st.builds(Card, st.integers(0, 16), st.sampled_from(list(Family)))


@st.composite
def claims(draw):
    combo = draw(st.sampled_from(numcheck.COMBOS))
    cards = draw(st.lists(CARDS, min_size=combo.count, max_size=combo.count, unique=True))
    return combo.key, cards, draw(st.integers(1, 8))


@settings(max_examples=300, deadline=None)
@given(claims(), st.randoms())
def test_card_order_never_changes_a_result(claim, rnd):
    combo, cards, rank = claim
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    a, b = numcheck.score(combo, cards, rank), numcheck.score(combo, shuffled, rank)
    assert (a.valid, a.total, a.references) == (b.valid, b.total, b.references)


@settings(max_examples=300, deadline=None)
@given(claims())
def test_total_is_base_plus_references_plus_bonus(claim):
    result = numcheck.score(*claim)
    if result.valid:
        assert result.total == result.base + sum(result.references) + result.rank_bonus


@settings(max_examples=300, deadline=None)
@given(claims())
def test_rank_8_total_is_three_bases_plus_references(claim):
    combo, cards, _ = claim
    result = numcheck.score(combo, cards, 8)
    if result.valid:
        assert result.total == 3 * result.base + sum(result.references)


def test_rank_table_note_says_when_and_why_a_couleur_switches_to_elargi():
    shadow = numcheck.score("couleur", "2S 5S 9S 11S 14S", 4)
    note = numcheck.elargi_note(shadow)
    assert "Au rang 4 seulement" in note and "(14 − 2) × 2 = 44" in note
    assert "contre 10 en mode normal" in note and "la plus basse carte (2)" in note
    assert note.endswith("le mode élargi.")
    tie = numcheck.elargi_note(numcheck.score("couleur", "0J 3J 6J 9J 16J", 4))
    assert "À égalité, le mode normal est gardé." in tie
    normal = numcheck.elargi_note(numcheck.score("couleur", "10R 11R 12R 13R 14R", 4))
    assert "Le mode normal rapporte plus" in normal


def test_elargi_note_only_for_a_couleur_at_rank_4():
    assert numcheck.elargi_note(numcheck.score("couleur", "2S 5S 9S 11S 14S", 3)) == ""
    assert numcheck.elargi_note(numcheck.score("full", "7R 7B 7J 3V 3A", 4)) == ""
    assert numcheck.elargi_note(numcheck.score("couleur", "2S 5R 9S 11S 14S", 4)) == ""


# --------------------------------------------------------------------------- rank table


_card_codes = st.tuples(st.integers(0, 16), st.sampled_from("RVBJAS")).map(
    lambda t: f"{t[0]}{t[1]}"
)


@settings(max_examples=300, deadline=None)
@given(
    combo=st.sampled_from([c.key for c in numcheck.COMBOS]),
    cards=st.lists(_card_codes, min_size=2, max_size=6, unique=True),
)
def test_rank_table_is_the_claim_scored_at_each_rank(combo, cards):
    """rank_table lists the readings once for its eight ranks: it must equal eight scores."""
    text = " ".join(cards)
    try:
        table = numcheck.rank_table(combo, text)
    except InputError as err:
        with pytest.raises(InputError) as again:
            numcheck.score(combo, text, 1)
        assert (again.value.field, again.value.message) == (err.field, err.message)
        return
    assert table == [numcheck.score(combo, text, rank) for rank in numcheck.RANKS]


def test_rank_table_of_five_rainbows_in_a_full_matches_each_rank():
    """The slowest claim found (a Full of five Rainbows: every value each may stand for)."""
    table = numcheck.rank_table("full", "1A 2A 3A 4A 5A")
    assert table == [numcheck.score("full", "1A 2A 3A 4A 5A", r) for r in numcheck.RANKS]
    assert all(r.valid for r in table)


# ------------------------------------------------------ the memo of a player's sheet (player_sheet)


def test_memoised_sheet_is_scored_again_when_a_card_changes():
    first = numcheck.player_sheet("Léa", [("paire", "5R 5B"), ("brelan", "2R 2B 2J")])
    changed = numcheck.player_sheet("Léa", [("paire", "9R 9B"), ("brelan", "2R 2B 2J")])
    assert first.claims[0].total != changed.claims[0].total
    assert changed.claims[0].result.cards == (Card(9, Family.RED), Card(9, Family.BLUE))
    assert first.total - first.claims[0].total == changed.total - changed.claims[0].total


def test_memoised_sheet_under_another_name_carries_the_new_name():
    claims = [("paire", "5R 5B"), ("paire", "6R 6B")]  # the same combination twice: refused
    numcheck.player_sheet("Léa", claims[:1])
    assert numcheck.player_sheet("Tom", claims[:1]).name == "Tom"
    for name in ("Léa", "Tom", "Léa"):
        with pytest.raises(InputError, match=f"{name}, annonce 2"):
            numcheck.player_sheet(name, claims)


def test_memoised_sheet_is_explained_in_the_readers_language():
    from calculators.engines.i18n import use_language

    claims = [("paire", "5R 5B"), ("full", "5J 5V 5S 7R 8B")]  # no full: its reason
    with use_language("fr"):
        french = numcheck.player_sheet("Léa", claims).claims[1].result.reason
    with use_language("en"):
        english = numcheck.player_sheet("Léa", claims).claims[1].result.reason
    assert french and english and french != english


def test_memoised_sheet_tells_claims_as_lists_or_tuples_apart_from_none():
    as_tuples = numcheck.player_sheet("Léa", [("paire", "5R 5B")])
    json_claims: list[Any] = [["paire", ["5R", "5B"]]]  # as JSON reads them: unhashable
    as_lists = numcheck.player_sheet("Léa", json_claims)
    assert as_tuples.total == as_lists.total
    with pytest.raises(InputError):
        numcheck.player_sheet("Léa", [("paire", None)])
