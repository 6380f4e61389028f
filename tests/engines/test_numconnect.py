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


def _fewest_by_every_cut(line: tuple[Card, ...]) -> int | None:
    """The oracle: every set of cuts at the line's Rainbow hinges tried, the fewest valid
    segments (``None``: no cut makes the whole line)."""
    from itertools import combinations

    hinges = [i for i in range(1, len(line) - 1) if line[i].family is Family.RAINBOW]
    fewest = None
    for count in range(len(hinges) + 1):
        for cuts in combinations(hinges, count):
            bounds = [0, *cuts, len(line) - 1]
            pieces = [line[a : b + 1] for a, b in zip(bounds, bounds[1:], strict=False)]
            if all(numconnect.segment_kind(p) for p in pieces):
                fewest = len(pieces) if fewest is None else min(fewest, len(pieces))
    return fewest


@st.composite
def consecutive_lines(draw):
    """Consecutive values (up or down) in families drawn with many Rainbows: lines that hold
    runs of both kinds, cut at hinges into several segments, or not."""
    length = draw(st.integers(3, 11))
    start = draw(st.integers(0, 17 - length))
    values = list(range(start, start + length))
    if draw(st.booleans()):
        values.reverse()
    families = [Family.RED, Family.BLUE, Family.GREEN, Family.RAINBOW, Family.RAINBOW]
    return [Card(v, draw(st.sampled_from(families))) for v in values]


RAINBOW_LINES = st.one_of(
    consecutive_lines(),
    st.lists(
        st.sampled_from(
            [c for c in FULL_DECK.numeric_cards() if c.value <= 7 or c.family is Family.RAINBOW]
        ),
        min_size=3,
        max_size=11,
        unique=True,
    ),
)


@settings(max_examples=400, deadline=None)
@given(RAINBOW_LINES)
def test_fewest_segments_is_the_fewest_of_every_cut_at_the_hinges(line):
    """The cut at Rainbow hinges (memoised, and stopping a piece where its values stop being
    equal or consecutive) finds what trying every set of cuts finds."""
    found = numconnect._fewest_segments(tuple(line))
    assert (None if found is None else len(found)) == _fewest_by_every_cut(tuple(line))
