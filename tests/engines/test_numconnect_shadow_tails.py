"""Num Connect, ruling « Shadow tail » (/num-connect/regles/#arbitrage-shadow-queue): a test per sentence of the ruling.

« once an end holds a Shadow that fits that end's pattern, further Shadows may extend it
outward, each one value from the Shadow before it — from a same-value group in either direction,
from a run only in the run's direction. Tail Shadows belong to the end segment, add no segment
and do not count toward a same-value group's 6-card maximum; the line without them must be valid
(≥ 3 cards). A Shadow that fits the end's pattern by itself needs no tail rule. A line made only
of Shadows is not a combination. »
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.engines import numconnect
from calculators.engines.cards import Card, Family


def kinds(line):
    result = numconnect.check(line)
    assert result.valid, result.reason
    return [(s.kind, " ".join(str(c) for c in s.cards)) for s in result.segments]


def refusal(line):
    result = numconnect.check(line)
    assert not result.valid
    return result.reason


def test_rulebook_examples_7_8_8_8_8_and_8_8_8_8_9_are_valid():
    assert kinds("7S 8S 8R 8V 8B") == [("same_value", "7S 8S 8R 8V 8B")]
    assert kinds("8R 8V 8B 8S 9S") == [("same_value", "8R 8V 8B 8S 9S")]


def test_tail_from_a_same_value_group_goes_either_direction():
    assert kinds("9S 8S 8R 8V 8B") == [("same_value", "9S 8S 8R 8V 8B")]
    assert kinds("8R 8V 8B 8S 7S") == [("same_value", "8R 8V 8B 8S 7S")]


def test_each_tail_shadow_is_one_value_from_the_shadow_before_it():
    assert kinds("6S 7S 8S 8R 8V 8B") == [("same_value", "6S 7S 8S 8R 8V 8B")]
    reason = refusal("6S 8S 8R 8V 8B")  # skips 7
    assert "« 6S » n’est pas à une valeur de « 8S »" in reason and "7S ou 9S" in reason


def test_tail_from_a_run_only_in_the_runs_direction():
    assert kinds("4R 5V 6B 7S 8S") == [("multicolour_run", "4R 5V 6B 7S 8S")]
    assert kinds("7S 8S 9R 10V") == [("multicolour_run", "7S 8S 9R 10V")]
    reason = refusal("4R 5R 6R 7S 6S")
    assert "« 6S » ne suit pas le sens de la suite" in reason and "seule « 8S »" in reason


def test_a_tail_needs_a_shadow_that_fits_the_end():
    reason = refusal("7S 8R 8V 8B")
    assert "« 7S » ne s’accorde pas" in reason and "8R 8V 8B" in reason


def test_tail_shadows_belong_to_the_end_segment_and_add_no_segment():
    line = "8R 8V 8A 7V 6B 5J 4R 3A 4B 5B"  # three segments (the rulebook's reset example)
    assert len(numconnect.check(line).segments) == 3
    # 5B ends a blue run: 6S fits it by itself (a stand-in), 7S is its tail.
    assert kinds(f"{line} 6S 7S")[-1] == ("family_run", "3A 4B 5B 6S 7S")
    assert kinds(f"7S 8S {line}")[0] == ("same_value", "7S 8S 8R 8V 8A")


def test_tail_shadows_do_not_count_toward_the_six_card_maximum():
    assert kinds("8R 8V 8B 8J 8A 8S 9S") == [("same_value", "8R 8V 8B 8J 8A 8S 9S")]


def test_the_line_without_its_tail_must_be_valid():
    reason = refusal("8R 8S 9S")
    assert "Sans la traîne de Shadow « 9S »" in reason and "« 8R 8S »" in reason


def test_a_shadow_that_fits_by_itself_needs_no_tail_rule():
    assert kinds("3R 4S 5S") == [("family_run", "3R 4S 5S")]
    assert kinds("4R 5R 6R 7S 8S") == [("family_run", "4R 5R 6R 7S 8S")]


def test_a_line_of_shadows_only_is_not_a_combination():
    assert "uniquement de Shadow" in refusal("5S 6S 7S")


def test_a_same_family_shadow_run_is_named_as_such_in_a_refusal():
    # Before the ruling the checker said « 8S » did not extend « 7S » « ni suite d'une même
    # famille », which is false: 7S → 8S is a same-family run.
    reason = refusal("7S 8S 8R 8V 9B")
    assert "ne prolonge pas « 8S »" not in reason
    assert "« 8R » ne prolonge pas « 7S 8S »" in reason or "« 9B »" in reason


SAME_VALUE_CORES = st.builds(
    lambda v, fams: [Card(v, f) for f in fams],
    st.integers(1, 15),
    st.lists(
        st.sampled_from([Family.RED, Family.GREEN, Family.BLUE, Family.YELLOW]),
        min_size=3,
        max_size=4,
        unique=True,
    ),
)


@settings(max_examples=200, deadline=None)
@given(SAME_VALUE_CORES, st.sampled_from([-1, 1]), st.integers(1, 3), st.booleans())
def test_property_a_stepping_tail_after_a_fitting_shadow_is_valid(core, step, length, left):
    value = core[0].value
    tail = [Card(value + step * k, Family.SHADOW) for k in range(0, length + 1)]
    if any(not 0 <= c.value <= 16 for c in tail):
        return
    line = (tail[::-1] + core) if left else (core + tail)
    result = numconnect.check(line)
    assert result.valid and len(result.segments) == 1
    # Dropping the fitting Shadow leaves a tail with nothing to extend: refused. (No Rainbow in
    # the core: a Rainbow could open a new segment that the Shadows stand in for.)
    broken = (tail[1:][::-1] + core) if left else (core + tail[1:])
    assert not numconnect.check(broken).valid


@pytest.mark.parametrize("line", ["7S 8S 8R 8V 8B", "4R 5V 6B 7S 8S", "8R 8V 8B 8S 9S"])
def test_tail_lines_read_backwards_stay_valid(line):
    assert numconnect.check(list(reversed(line.split()))).valid
