"""NUM CHECK's game clock (/num-check/regles/#arbitrage-horloge) and a combination announced
again (/num-check/regles/#arbitrage-combinaison-annoncee-a-nouveau), in the engine."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numcheck
from calculators.engines.cards import InputError
from tests.conftest import EIGHT_CLAIMS


def sheet(claims, name="Léa"):
    return numcheck.player_sheet(name, claims, None)


def test_eight_combinations_of_one_player_end_the_game():
    seven = numcheck.game_end([("lea", sheet(EIGHT_CLAIMS[:7]))], 0, numcheck.CLASSIC, 2)
    assert not seven.reached and not seven.over()
    eight = numcheck.game_end([("lea", sheet(EIGHT_CLAIMS))], 0, numcheck.CLASSIC, 2)
    assert eight.full == ("lea",) and eight.over()


def test_invalid_checks_do_not_count_toward_the_eight():
    claims = [*EIGHT_CLAIMS[:7], ("paire", "5R 9B")]  # the 8th announcement is invalid
    assert not numcheck.game_end([(1, sheet(claims))], 0, numcheck.CLASSIC, 2).over()


@pytest.mark.parametrize(
    ("mode", "players", "limit"),
    [(numcheck.CLASSIC, 2, 2), (numcheck.FAMILY, 2, 3), (numcheck.CLASSIC, 7, 3)],
)
def test_the_last_deck_turn_of_the_modes_limit_ends_the_game(mode, players, limit):
    before: numcheck.GameEnd[str] = numcheck.game_end([], limit - 1, mode, players)
    assert before.turns == limit and not before.over()
    assert numcheck.game_end([], limit, mode, players).over()


def test_a_reopen_lifts_the_end_reached_and_a_new_end_closes_the_game_again():
    lea_full = numcheck.game_end([("lea", sheet(EIGHT_CLAIMS))], 1, numcheck.CLASSIC, 2)
    assert not lea_full.over(lifted=lea_full)
    tom_full = numcheck.game_end(
        [("lea", sheet(EIGHT_CLAIMS)), ("tom", sheet(EIGHT_CLAIMS, "Tom"))],
        1,
        numcheck.CLASSIC,
        2,
    )
    assert tom_full.over(lifted=lea_full)
    last_turn = numcheck.game_end([("lea", sheet(EIGHT_CLAIMS))], 2, numcheck.CLASSIC, 2)
    assert last_turn.over(lifted=lea_full) and not last_turn.over(lifted=last_turn)


def test_a_combination_announced_again_is_an_invalid_check_whatever_the_cards():
    made = [("paire", "5R 5B")]
    for cards in ("9R 9B", "5V 9B"):  # a pair, then no pair at all
        announced = numcheck.announce("Léa", made, "paire", cards)
        assert announced.rank is None and not announced.result.valid
        assert announced.total == 0 and "déjà réalisée" in announced.result.reason
    # a combination still free takes the next rank
    assert numcheck.announce("Léa", made, "brelan", "7R 7B 7J").rank == 2


def test_a_combination_announced_again_with_unreadable_cards_is_still_bad_input():
    with pytest.raises(InputError) as refused:
        numcheck.announce("Léa", [("paire", "5R 5B")], "paire", "9R 9R")
    assert refused.value.field == "cards"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 8), min_size=2, max_size=7),
    st.integers(0, 4),
    st.sampled_from([numcheck.CLASSIC, numcheck.FAMILY]),
)
def test_the_clock_is_over_exactly_at_eight_combinations_or_the_last_deck_turn(made, done, mode):
    sheets = [(i, sheet(EIGHT_CLAIMS[:n], f"J{i}")) for i, n in enumerate(made)]
    end = numcheck.game_end(sheets, done, mode, len(made))
    limit = 3 if mode == numcheck.FAMILY or len(made) >= 7 else 2
    assert end.over() == (8 in made or done >= limit)
    assert end.full == tuple(i for i, n in enumerate(made) if n == 8)
    # lifted by a reopen at this very point, it ends nothing until something new is reached
    assert not end.over(lifted=end)
