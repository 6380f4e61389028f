"""The card picker is drawn once per set of arguments and language in each process, then reused
(calculators/templatetags/numsite.py): a reused picker is always the one that would be drawn
afresh, never one drawn for another language, deck, target or mode."""

from __future__ import annotations

import re

import pytest
from django.template import engines
from django.utils import translation

from calculators.templatetags import numsite
from tests.conftest import LANGUAGES

PICKER = re.compile(r'<div class="picker .*?\n</div>', re.S)


def drawn(source: str, **context: object) -> str:
    html = engines["django"].from_string("{% load numsite %}" + source).render(context)
    found = PICKER.search(html)
    assert found is not None, html
    return found.group()


def afresh(source: str, settings, **context: object) -> str:
    settings.DEBUG = True  # no picker is kept under DEBUG
    try:
        return drawn(source, **context)
    finally:
        settings.DEBUG = False


@pytest.fixture(autouse=True)
def _nothing_kept():
    numsite._kept_picker.cache_clear()
    yield
    numsite._kept_picker.cache_clear()


def test_a_picker_in_english_after_one_in_french_is_in_english():
    with translation.override("fr"):
        french = drawn('{% picker "cards" 16 %}')
    with translation.override("en"):
        english = drawn('{% picker "cards" 16 %}')
    assert 'aria-label="Famille"' in french and 'aria-label="Family"' in english
    with translation.override("fr"):
        assert drawn('{% picker "cards" 16 %}') == french


def test_a_deck_with_other_values_gets_its_own_keypad():
    with translation.override("fr"):
        small = drawn('{% picker "" max_value True "set" %}', max_value=12)
        large = drawn('{% picker "" max_value True "set" %}', max_value=16)
    assert 'data-value="12"' in small and 'data-value="13"' not in small
    assert 'data-value="16"' in large


@pytest.mark.parametrize(
    "source",
    [
        '{% picker "claim-cards" 16 %}',
        '{% picker "" 16 False "set" %}',
        '{% picker "" 16 True "set" %}',
        '{% picker "id_lines" 16 True "append" "id_values" "/ - n" %}',
    ],
)
def test_a_kept_picker_is_the_picker_drawn_afresh(source, settings):
    for language in LANGUAGES:
        with translation.override(language):
            first = drawn(source)
            assert drawn(source) == first  # the kept one
            assert afresh(source, settings) == first


def test_pickers_for_other_targets_and_modes_are_not_mixed_up():
    with translation.override("fr"):
        claim = drawn('{% picker "claim-cards" 16 %}')
        grid = drawn('{% picker "" 16 True "set" %}')
        edit = drawn('{% picker "edit-cards" 16 %}')
    assert 'data-target="#claim-cards"' in claim and 'data-mode="append"' in claim
    assert 'data-target=""' in grid and 'data-mode="set"' in grid and "Joker" in grid
    assert 'data-target="#edit-cards"' in edit and "Joker" not in edit


def test_a_target_is_escaped_in_the_kept_picker():
    with translation.override("fr"):
        html = drawn("{% picker target 16 %}", target='x"><b>')
    assert 'data-target="#x&quot;&gt;&lt;b&gt;"' in html


def test_no_picker_is_kept_under_debug(settings):
    with translation.override("fr"):
        afresh('{% picker "cards" 16 %}', settings)
    assert numsite._kept_picker.cache_info().currsize == 0
