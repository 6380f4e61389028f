"""Num Connect's line checker (calculators/engines/numconnect.py): the valid lines and their
segments, the refusals and their reasons, the first play and free combinations
(/num-connect/regles/#arbitrage-premiere-pose), the simplest cut (#arbitrage-moins-de-segments) and
a line read both ways (#arbitrage-sens)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numconnect
from calculators.engines.cards import FULL_DECK, Card, Family, InputError


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("5R 5V 5B", ["same_value"]),
        ("2R 3R 4R 5R", ["family_run"]),
        ("9V 8V 7V", ["family_run"]),
        ("3B 4J 5A 6V", ["multicolour_run"]),
        ("4R 5R 6A 7R", ["family_run"]),
        ("4A 5R 6A 7R", ["family_run"]),
        ("8R 8V 8A 7V 6B 5J 4R 3A 4B 5B", ["same_value", "multicolour_run", "family_run"]),
        ("4R 5R 6R 7S 8S", ["family_run"]),
        ("8S 8R 8V 8B", ["same_value"]),
    ],
)
def test_valid_lines_and_their_segments(line, kinds):
    result = numconnect.check(line)
    assert result.valid and [s.kind for s in result.segments] == kinds


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("4R 5R", "au moins 3"),
        ("4R 5S 6R", "milieu"),
        ("3B 4J 5B", "ne prolonge pas"),
        ("1R 2V 3B 4J 5A 6R", "2 cartes"),
        ("5R 5V 5B 5J 5A 5S 5R", "deux fois"),
    ],
)
def test_invalid_lines_say_why(line, reason):
    try:
        result = numconnect.check(line)
    except InputError as err:
        assert reason in err.message
        return
    assert not result.valid and reason in result.reason


def test_first_play_and_free_need_rainbow_and_shadow():
    assert numconnect.check("5R 5A 5S", first_play=True).valid
    assert not numconnect.check("5R 5V 5B", free=True).valid


def test_fewest_segments_a_one_segment_line_stays_one():
    assert len(numconnect.check("3R 4R 5A 6R 7R").segments) == 1


LINES = st.lists(st.sampled_from(FULL_DECK.numeric_cards()), min_size=3, max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_a_valid_line_read_backwards_is_valid(line):
    if numconnect.check(line).valid:
        assert numconnect.check(list(reversed(line))).valid


@st.composite
def runs(draw):
    family = draw(st.sampled_from([Family.RED, Family.GREEN, Family.BLUE, Family.YELLOW]))
    start = draw(st.integers(0, 11))
    length = draw(st.integers(4, 6))
    if draw(st.booleans()):
        return [Card(v, family) for v in range(start, min(start + length, 17))], "family_run"
    fams = [Family.RED, Family.GREEN, Family.BLUE, Family.YELLOW, Family.RAINBOW]
    return [
        Card(v, f) for v, f in zip(range(start, start + length), fams, strict=False)
    ], "multicolour_run"


@settings(max_examples=200, deadline=None)
@given(runs(), st.data())
def test_removing_a_middle_card_never_leaves_a_run_of_the_same_kind(run, data):
    cards, kind = run
    if len(cards) < 4:
        return
    i = data.draw(st.integers(1, len(cards) - 2))
    result = numconnect.check(cards[:i] + cards[i + 1 :])
    assert not (result.valid and len(result.segments) == 1 and result.segments[0].kind == kind)
