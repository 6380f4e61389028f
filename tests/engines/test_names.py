"""The one names rule (calculators/engines/names.py), used by every calculator and the Parties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import num5
from calculators.engines.cards import InputError
from calculators.engines.names import MAX_LENGTH, clean_name, clean_names, name_key


def test_names_are_nfkc_normalised_and_stripped():
    assert clean_name("  Ｌéa ") == "Léa"  # fullwidth L folds to L
    assert clean_name("Le\u0301a") == "Léa"  # combining accent composed


@pytest.mark.parametrize("bad", ["", "   ", None, 3])
def test_a_name_is_a_non_empty_text(bad):
    with pytest.raises(InputError):
        clean_name(bad)


def test_names_have_at_most_40_characters():
    assert clean_name("x" * MAX_LENGTH) == "x" * MAX_LENGTH
    with pytest.raises(InputError, match="40 caractères"):
        clean_name("x" * (MAX_LENGTH + 1))


@pytest.mark.parametrize(
    "char", ["\x00", "\x07", "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u2028"]
)
def test_names_refuse_control_bidi_and_zero_width_characters(char):
    with pytest.raises(InputError, match="invisible ou de contrôle"):
        clean_name(f"Lé{char}a")


@pytest.mark.parametrize("name", ["L\ud800a", "\udfff", "Léa\udc00", "Léa, \ud83d"])
def test_names_refuse_a_lone_surrogate_and_never_echo_it(name):
    # Half of a UTF-16 pair on its own (JSON's "\ud800") is no Unicode text: refused, and the
    # message must itself be text (it is encoded as UTF-8 in the answer).
    with pytest.raises(InputError, match="invisible ou de contrôle") as refused:
        clean_name(name)
    assert "U+D" in refused.value.message
    refused.value.message.encode("utf-8")


@pytest.mark.parametrize("sep", [",", ";", ":"])
def test_names_refuse_the_separators_of_the_text_fields(sep):
    with pytest.raises(InputError, match="virgule"):
        clean_name(f"Léa{sep}Tom")


def test_names_are_unique_ignoring_case_and_a_case_only_duplicate_names_both():
    with pytest.raises(InputError) as err:
        clean_names(["Léa", "Tom", "léa"])
    assert "« Léa »" in err.value.message and "« léa »" in err.value.message
    with pytest.raises(InputError, match="Deux joueurs s’appellent « Tom »"):
        clean_names(["Tom", "Tom"])


def test_player_count_bounds_name_the_game():
    with pytest.raises(InputError, match="Num 5 se joue de 3 à 8 joueurs"):
        clean_names(["A", "B"], low=3, high=8, game="Num 5")


def test_the_calculators_use_the_same_rule():
    with pytest.raises(InputError):
        num5.check_names(["Léa", "LÉA", "Tom"])
    with pytest.raises(InputError):
        num5.check_names(["Léa", "To\x00m", "Zoé"])


@given(st.text(min_size=1, max_size=60))
def test_clean_name_never_crashes_and_is_idempotent(text):
    try:
        name = clean_name(text)
    except InputError as err:
        assert err.field == "players" and err.message
    else:
        assert clean_name(name) == name
        assert 1 <= len(name) <= MAX_LENGTH
        assert name_key(name) == name_key(name.upper()) or name.upper() != name


# The names rule in NUM CHECK's sheet and NUM DRAFT's table (only their names check).

GRIDS = [
    [["1R", "2R", "3R"], ["4B", "5B", "6B"], ["7J", "8J", "9J"]],
    [["1V", "2V", "3V"], ["4S", "5S", "6S"], ["7R", "8R", "9R"]],
]


def test_numcheck_sheet_names_follow_the_names_rule():
    from calculators.engines import numcheck

    sheet = numcheck.sheet([("  Ｌéa ", [("paire", "5R 5B")]), ("Tom", [])])
    assert [p.name for p in sheet.players] == ["Léa", "Tom"]
    with pytest.raises(InputError) as err:
        numcheck.sheet([("Léa", [("paire", "5R 5B")]), ("léa", [("paire", "6R 6B")])])
    assert err.value.field == "players"
    assert "« Léa »" in err.value.message and "« léa »" in err.value.message
    with pytest.raises(InputError, match="invisible ou de contrôle"):
        numcheck.sheet([("Lé\x00a", [])])
    with pytest.raises(InputError, match="Le joueur 2 n’a pas de nom"):
        numcheck.sheet([("Léa", []), ("  ", [])])


def test_numdraft_table_names_follow_the_names_rule():
    from calculators.engines import numdraft

    table = numdraft.table([{"name": " Ｌéa", "grid": GRIDS[0]}, {"name": "Tom", "grid": GRIDS[1]}])
    assert [p.name for p in table.players] == ["Léa", "Tom"]
    with pytest.raises(InputError) as err:
        numdraft.table([{"name": "Léa", "grid": GRIDS[0]}, {"name": "LÉA", "grid": GRIDS[1]}])
    assert err.value.field == "players"
    assert "« Léa »" in err.value.message and "« LÉA »" in err.value.message
    with pytest.raises(InputError, match="invisible ou de contrôle"):
        numdraft.table([{"name": "Lé\u202ea", "grid": GRIDS[0]}, {"name": "Tom", "grid": GRIDS[1]}])
    with pytest.raises(InputError, match="Le joueur 2 n’a pas de nom"):
        numdraft.table([{"name": "Léa", "grid": GRIDS[0]}, {"name": " ", "grid": GRIDS[1]}])
    with pytest.raises(InputError, match="Le joueur 2 : le nom doit être un texte"):
        numdraft.table([{"name": "Léa", "grid": GRIDS[0]}, {"name": None, "grid": GRIDS[1]}])
