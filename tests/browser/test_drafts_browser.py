"""Drafts on the calculators (static/js/drafts.js, data-draft): what is typed in any calculator
form survives a reload on this phone, and its result shows again; a reset drops the draft."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def score(page):
    page.goto(page.base + "/num-check/#calculer")
    page.select_option("#id_combo", "paire")
    page.fill("#id_cards", "5R 5B")
    result = page.locator("[data-testid=check-total]")
    return {"#id_combo": "paire", "#id_cards": "5R 5B"}, result, "15 points"


def detector(page):
    page.goto(page.base + "/num-check/#calculer")
    page.fill("#id_hand", "7R 7B 7J 3V")
    page.fill("#id_centre", "3A")
    return (
        {"#id_hand": "7R 7B 7J 3V", "#id_centre": "3A"},
        page.locator("[data-testid=detected]"),
        "Full",
    )


def outs(page):
    page.goto(page.base + "/num-check/#guetter")
    page.fill("#id_outs-hand", "7R 7B 3V 3J")
    group = page.locator("[data-testid=outs-group][data-combo=full]")
    return {"#id_outs-hand": "7R 7B 3V 3J"}, group, "Full"


def sheet(page):
    page.goto(page.base + "/num-check/feuille/")
    page.fill("#id_players", "Léa : Paire 5R 5B")
    page.get_by_role("button", name="Compter les points").click()
    return (
        {"#id_players": "Léa : Paire 5R 5B"},
        page.locator("[data-testid=sheet-player]"),
        "15 points",
    )


def pool(page):
    page.goto(page.base + "/num-draft/#calculer")
    page.fill("#id_g00", "1R")
    page.fill("#id_g02", "1V")
    return {"#id_g00": "1R", "#id_g02": "1V"}, page.locator("[data-testid=draft-total]"), "0 points"


TABLE = "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -"


def table(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_players", TABLE)
    page.get_by_role("button", name="Compter la table").click()
    return {"#id_players": TABLE}, page.locator("[data-testid=table-ranking]"), "A"


TURNED = "Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V"


def opening(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_turned", TURNED)
    page.locator("#opening button[type=submit]").click()
    return {"#id_turned": TURNED}, page.locator("[data-testid=opening]"), "Tour 2"


def num5_rounds(page):
    page.goto(page.base + "/num-5/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Ajouter une manche").click()
    expect(page.locator("[data-testid=cell-0-0]")).to_be_visible()
    page.locator("[data-testid=cell-0-0]").fill("10R")
    page.locator("[data-testid=cell-0-1]").fill("2 - 1")
    page.locator("[data-testid=cell-0-2]").fill("0")
    values = {
        "#id_players": "Léa, Tom, Zoé",
        "[data-testid=cell-0-0]": "10R",
        "[data-testid=cell-0-1]": "2 - 1",
        "[data-testid=cell-0-2]": "0",
    }
    return values, page.locator("[data-testid=wins-0]"), "1"


def num5_turn(page):
    page.goto(page.base + "/num-5/tour/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Commencer la manche").click()
    return {"#id_players": "Léa, Tom, Zoé"}, page.locator("#turn-calculator"), "Tour 1"


def connect(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V 5B")
    return {"#id_cards": "5R 5V 5B"}, page.locator("[data-testid=connect-valid]"), "segment"


CALCULATORS = [score, detector, outs, sheet, pool, table, opening, num5_rounds, num5_turn, connect]


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.__name__)
def test_what_is_typed_in_a_calculator_survives_a_reload_and_its_result_shows_again(
    page, calculator
):
    values, result, expected = calculator(page)
    expect(result.first).to_contain_text(expected)
    page.reload()
    for selector, value in values.items():
        expect(page.locator(selector)).to_have_value(value)
    expect(result.first).to_contain_text(expected)
    assert page.problems == []


def test_a_reset_form_drops_its_draft(page):
    page.goto(page.base + "/num-check/#calculer")
    page.fill("#id_hand", "7R 7B 7J 3V")
    page.fill("#id_centre", "3A")
    expect(page.locator("[data-testid=detected]")).to_contain_text("Full")
    page.locator("#id_hand").evaluate("field => field.form.reset()")
    page.reload()
    expect(page.locator("#id_hand")).to_have_value("")
    assert page.problems == []


def test_a_permalinks_values_win_over_the_draft(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V 5B")
    expect(page.locator("[data-testid=connect-valid]")).to_be_visible()
    page.goto(page.base + "/num-connect/?cards=5R+5V")  # a link someone shared
    expect(page.locator("#id_cards")).to_have_value("5R 5V")
    expect(page.locator("[data-testid=connect-invalid]")).to_be_visible()
    assert page.problems == []
