"""Card notation (/num-check/regles/#arbitrage-notation): every alias, malformed forms, deck bounds."""

import pytest

from calculators.engines.cards import (
    DRAFT_DECK_LARGE,
    DRAFT_DECK_SMALL,
    FAMILY_ALIASES,
    FULL_DECK,
    JOKER,
    NUM_CHECK_DECK,
    ActionCard,
    Card,
    Family,
    InputError,
    format_cards,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(("alias", "family"), sorted(FAMILY_ALIASES.items()))
def test_every_family_alias_value_first_and_family_first(alias, family):
    for text in (f"7{alias}", f"{alias}7", f"7{alias.upper()}", f"{alias.upper()}7"):
        assert parse_card(text) == Card(7, family)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7R", "7R"),
        ("r7", "7R"),
        ("12b", "12B"),
        ("0V", "0V"),
        ("G3", "3V"),
        ("y16", "16J"),
        ("5rainbow", "5A"),
        ("RB5", "5A"),
        ("arc9", "9A"),
        ("9🌈", "9A"),
        ("N4", "4S"),
        ("noir4", "4S"),
        ("SH2", "2S"),
        ("🌑11", "11S"),
        ("07R", "7R"),
    ],
)
def test_canonical_form_is_value_then_code(text, code):
    assert str(parse_card(text)) == code


@pytest.mark.parametrize("joker", ["JK", "jk", "*", "Joker"])
def test_joker_aliases_in_num_draft(joker):
    assert parse_card(joker, DRAFT_DECK_SMALL) is JOKER


def test_joker_does_not_exist_outside_num_draft():
    with pytest.raises(InputError, match="Joker"):
        parse_card("JK", FULL_DECK)


@pytest.mark.parametrize("name", ["Tornade", "éclair", "Eclair", "SIMPLE", "double", "Passe"])
def test_action_cards_in_num_check(name):
    assert isinstance(parse_card(name, NUM_CHECK_DECK), ActionCard)


def test_action_cards_only_in_num_check():
    with pytest.raises(InputError, match="Action"):
        parse_card("Tornade", FULL_DECK)


@pytest.mark.parametrize(
    "text", ["", "R", "7", "77", "7X", "X7", "7-R", "R7R", "-3R", "7 R 2", "🙂"]
)
def test_malformed_tokens_are_input_errors_naming_the_token(text):
    with pytest.raises(InputError) as err:
        parse_card(text, field="cards")
    assert err.value.field == "cards"
    if text.strip():
        assert text in err.value.message


def test_value_outside_the_deck_names_the_range():
    with pytest.raises(InputError) as err:
        parse_card("17R")
    assert err.value.message == "« 17R » : la valeur 17 n’existe pas dans ce paquet (0 à 16)."
    with pytest.raises(InputError, match="0 à 12"):
        parse_card("13R", DRAFT_DECK_SMALL)
    assert parse_card("16R", DRAFT_DECK_LARGE) == Card(16, Family.RED)


@pytest.mark.parametrize("text", ["9" * 5000 + "R", "R" + "9" * 5000, "0" * 30 + "7R"])
def test_a_value_of_thousands_of_digits_is_an_input_error(text):
    # int() refuses over 4300 digits with a ValueError: the value is read strictly instead.
    with pytest.raises(InputError, match="n’existe pas dans ce paquet"):
        parse_card(text)


@pytest.mark.parametrize("text", ["٣R", "R٣", "１２R", "²R", "R¹"])
def test_a_value_is_written_in_ascii_digits(text):
    with pytest.raises(InputError, match="n’est pas une carte"):
        parse_card(text)


@pytest.mark.parametrize("deck", [FULL_DECK, DRAFT_DECK_SMALL, DRAFT_DECK_LARGE])
def test_deck_bounds(deck):
    assert len(deck.numeric_cards()) == 6 * (deck.max_value + 1)
    parse_card(f"{deck.max_value}S", deck)
    parse_card("0R", deck)
    with pytest.raises(InputError):
        parse_card(f"{deck.max_value + 1}S", deck)


def test_list_separated_by_spaces_and_commas():
    assert format_cards(parse_cards("7R, 7B  7j,3V;3A")) == ["7R", "7B", "7J", "3V", "3A"]


def test_duplicate_card_is_an_error_even_in_another_spelling():
    with pytest.raises(InputError, match="deux fois"):
        parse_cards(["7R", "r7"])


def test_only_two_jokers_exist():
    parse_cards(["JK", "*"], DRAFT_DECK_SMALL)
    with pytest.raises(InputError, match="2 Jokers"):
        parse_cards(["JK", "JK", "JK"], DRAFT_DECK_SMALL)


def test_non_string_tokens_are_errors():
    with pytest.raises(InputError):
        parse_cards([7, "7R"])
    with pytest.raises(InputError):
        parse_cards({"a": 1})
