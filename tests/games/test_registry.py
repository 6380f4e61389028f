"""Friendly input (issue #13 item 6): combination names as the site writes them and French mode
names are aliases, resolved by the engines; answers stay canonical."""

import pytest

from calculators.engines import numcheck, numdraft
from calculators.engines.cards import InputError
from calculators.games import registry as modes


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


@pytest.mark.parametrize(
    ("game", "text", "key"),
    [
        (modes.NUM_CHECK, "Classique", "classic"),
        (modes.NUM_CHECK, "classique", "classic"),
        (modes.NUM_CHECK, "Famille", "family"),
        (modes.NUM_CHECK, "family", "family"),
        (modes.NUM_DRAFT, "Classique", "classic"),
        (modes.NUM_DRAFT, "Découverte", "discovery"),
        (modes.NUM_DRAFT, "decouverte", "discovery"),
        (modes.NUM_DRAFT, "Familiale", "discovery"),
        (modes.NUM_DRAFT, "discovery", "discovery"),
        (modes.NUM5, "Normal", "normal"),
        (modes.NUM5, "EXPLOSION", "explosion"),
        (modes.NUM5, "Explosion de rangée", "explosion"),
    ],
)
def test_french_mode_names_are_aliases(game, text, key):
    assert game.resolve_mode(text) == key


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (modes.NUM_CHECK, "Découverte"),
        (modes.NUM_DRAFT, "Famille"),
        (modes.NUM5, "classic"),
        (modes.NUM5, 3),
    ],
)
def test_a_mode_of_another_game_is_bad_input(game, text):
    with pytest.raises(InputError) as err:
        game.resolve_mode(text)
    assert err.value.field == "mode" and str(text) in err.value.message


@pytest.mark.django_db
def test_num_draft_api_accepts_french_mode_names_and_answers_canonically(client):
    grid = [["1R", "1B", None], [None] * 3, [None] * 3]
    for name, key in (
        ("Découverte", "discovery"),
        ("Familiale", "discovery"),
        ("classique", "classic"),
    ):
        answer = client.post(
            "/api/v1/num-draft/score", {"grid": grid, "mode": name}, content_type="application/json"
        )
        assert answer.json()["mode"] == key


def test_the_num_draft_engine_takes_canonical_modes_only():
    grid = [["1R", "1B", None], [None] * 3, [None] * 3]
    assert numdraft.score(grid, None, None, "discovery").mode == "discovery"
    with pytest.raises(InputError) as err:
        numdraft.score(grid, None, None, "Découverte")
    assert err.value.field == "mode"


def test_documented_aliases_list_every_mode():
    rows = modes.documented_aliases()
    assert ("NUM DRAFT", "discovery", ["Découverte", "Familiale"]) in rows
    assert ("Num 5", "explosion", ["Explosion de rangée", "Explosion"]) in rows
    assert len(rows) == 6
