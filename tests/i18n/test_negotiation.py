"""The API's own language negotiation (Accept-Language only) and the engines' language."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators.engines import i18n as engine_i18n
from calculators.engines.cards import InputError, parse_cards
from numsite.i18n import negotiate


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("", "fr"),
        ("en", "en"),
        ("en-GB", "en"),
        ("EN-us", "en"),
        ("de", "fr"),
        ("de, en;q=0.8", "en"),
        ("fr;q=0.5, en;q=0.9", "en"),
        ("en;q=0.5, fr;q=0.9", "fr"),
        ("en;q=0", "fr"),
        ("en;q=zzz", "fr"),  # a malformed quality refuses the range
        ("*", "fr"),
        ("de, *;q=0.5, en;q=0.4", "fr"),
        ("  en  ;  q=1 ", "en"),
        (",,;", "fr"),
    ],
)
def test_negotiate_accept_language(header, language):
    assert negotiate(header) == language


def test_engine_language_normalised_and_restored():
    assert engine_i18n.get_language() == "fr"
    with engine_i18n.use_language("en-GB"):
        assert engine_i18n.get_language() == "en"
        with engine_i18n.use_language("de"):
            assert engine_i18n.get_language() == "fr"
        assert engine_i18n.get_language() == "en"
    assert engine_i18n.get_language() == "fr"


def test_unknown_message_is_kept_as_written():
    with engine_i18n.use_language("en"):
        assert engine_i18n.gettext("Pas dans le catalogue") == "Pas dans le catalogue"
        assert engine_i18n.gettext("") == ""


@given(st.lists(st.text(alphabet="0123456789RVBJASxyzé*#", min_size=1, max_size=4), max_size=6))
def test_card_errors_in_english_have_no_french_quotes(tokens):
    """Every message the card reader can give, for any input, reads English in English."""
    with engine_i18n.use_language("en"):
        try:
            parse_cards(tokens)
        except InputError as err:
            assert "«" not in err.message and "n’est pas" not in err.message, err.message


def test_combo_label_and_description_follow_the_language():
    from calculators.engines import numcheck

    full = numcheck.get_combo("full")
    assert (full.label, full.name) == ("Full", "Full")
    with engine_i18n.use_language("en"):
        assert (full.label, full.name) == ("Full House", "Full")
        assert full.description == "a three of a kind + a pair of another value"
        assert [c.label for c in numcheck.COMBOS][-3:] == ["Four of a Kind", "Colour Run", "Num's"]
