"""The page's JavaScript speaks the page's language: the picker's status line, a chip's « Retirer »
label and the colour-mode toggle come from texts the templates translate, none
from the JavaScript itself."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CASES = {
    "fr": ("", "Ajoutée : 7R.", "Retirer 7 Rouge", "Thème : système", "Case choisie"),
    "en": ("/en", "Added: 7R.", "Remove 7 Red", "Theme: system", "Place chosen"),
}


@pytest.mark.parametrize("language", CASES)
def test_picker_chips_and_theme_toggle_in_the_page_language(page, language):
    prefix, added, remove, theme, chosen = CASES[language]
    page.goto(page.base + prefix + "/num-check/")
    picker = page.locator("#calcul [data-picker]")
    picker.locator("[data-family=R]").click()
    picker.locator("[data-value='7']").click()
    expect(picker.locator("[data-picker-status]")).to_have_text(added)
    expect(page.locator('[data-chips-for="id_cards"] button')).to_have_attribute(
        "aria-label", remove
    )
    expect(page.locator("[data-theme-label]")).to_have_text(theme)
    # A grid's picker names the chosen place (set mode, NUM DRAFT).
    page.goto(page.base + prefix + "/num-draft/")
    page.locator("#id_g01").click()
    expect(page.locator("#draft-picker [data-picker-status]")).to_contain_text(chosen)
    assert page.problems == [], page.problems
