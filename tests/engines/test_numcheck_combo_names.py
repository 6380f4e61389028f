"""NUM CHECK's combinations by name (calculators/engines/numcheck.py, ``get_combo``): the names
the site writes (« Suite couleur », « Carré », « Num's ») are accepted in any case, with or without
accents, besides the keys; answers stay canonical."""

import pytest

from calculators.engines import numcheck
from calculators.engines.cards import InputError


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Paire", "paire"),
        ("paire", "paire"),
        ("PAIRE", "paire"),
        ("Suite couleur", "suite_couleur"),
        ("suite couleur", "suite_couleur"),
        ("suite_couleur", "suite_couleur"),
        ("Carré", "carre"),
        ("carre", "carre"),
        ("Num's", "nums"),
        ("NUMS", "nums"),
        ("Suite Zénith", "suite_zenith"),
        ("suite zenith", "suite_zenith"),
        ("Suite longue libre", "suite_longue"),
        ("Full Cosmique", "full_cosmique"),
        ("  double paire ", "double_paire"),
    ],
)
def test_combination_names_as_the_site_writes_them(text, key):
    assert numcheck.get_combo(text).key == key


def test_every_combination_is_reachable_by_its_name_and_key():
    for combo in numcheck.COMBOS:
        assert numcheck.get_combo(combo.name) is combo
        assert numcheck.get_combo(combo.key) is combo
        assert numcheck.get_combo(combo.name.upper()) is combo


def test_unknown_combination_is_bad_input_naming_it():
    with pytest.raises(InputError) as err:
        numcheck.get_combo("Poker")
    assert err.value.field == "combo" and "Poker" in err.value.message


def test_a_claim_by_name_answers_the_canonical_key():
    assert numcheck.score("Suite couleur", "3R 4R 5R 6R 7R", 1).combo.key == "suite_couleur"
