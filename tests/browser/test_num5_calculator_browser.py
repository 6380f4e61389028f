"""Num 5 calculator in a phone-sized Chromium (390×844): Enter recalculates, names keep cells.

Nothing typed is lost: Enter (a phone's Go) in a cell recalculates and never presses the ✕ of a
round, and removing a player keeps everyone else's scores in their own column.
"""

import re

import pytest
from playwright.sync_api import Route, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = "/num-5/?players=Léa,Tom,Zoé&n=2&r0_0=10R&r0_1=3&r0_2=0&r1_0=4#calculer"
#: one round of four players, each cell its player's score: 10, 20, 30, 40
FOUR = "/num-5/?players=Léa,Tom,Zoé,Max&n=1&r0_0=10&r0_1=20&r0_2=30&r0_3=40#calculer"


def cell(page, row, column):
    return page.locator(f"[data-testid=cell-{row}-{column}]")


def test_enter_in_a_cell_recalculates_and_removes_nothing(page):
    page.goto(page.base + SHEET)
    expect(page.locator("[data-testid=num5-pending]")).to_contain_text("Manche 2")
    page.evaluate("window.numsiteMarker = 1")  # gone if Enter loaded a new page
    cell(page, 1, 1).fill("5")
    cell(page, 1, 1).press("Enter")
    expect(page.locator("[data-testid=num5-pending]")).to_contain_text("Zoé (ses cartes")
    expect(page.locator("[data-testid=num5-pending]")).not_to_contain_text("Tom (")
    cell(page, 1, 2).fill("0")
    cell(page, 1, 2).press("Enter")
    expect(page.locator("[data-testid=wins-1]")).to_have_text("1")  # Tom's 5 wins round 2
    expect(page.locator("[data-testid=wins-0]")).to_have_text("1")  # Léa's 10R won round 1
    expect(page.locator("[data-testid=num5-pending]")).to_have_text("")
    expect(cell(page, 0, 0)).to_have_value("10R")  # round 1 is still there
    expect(page.locator("#num5-rounds tbody tr")).to_have_count(2)
    assert page.evaluate("window.numsiteMarker") == 1  # htmx recalculated in place
    expect(page).to_have_url(re.compile(r"r1_1=5&r1_2=0$"))
    assert page.problems == [], page.problems


def test_enter_without_javascript_recalculates_and_removes_nothing(browser, live_server):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", java_script_enabled=False
    )
    page = context.new_page()
    try:
        page.goto(live_server.url + SHEET)
        cell(page, 1, 1).fill("5")
        cell(page, 1, 2).fill("0")
        with page.expect_navigation():
            cell(page, 1, 2).press("Enter")
        assert "remove" not in page.url
        expect(cell(page, 0, 0)).to_have_value("10R")
        expect(page.locator("#num5-rounds tbody tr")).to_have_count(2)
        expect(page.locator("[data-testid=wins-1]")).to_have_text("1")
        with page.expect_navigation():  # ✕ still works: a GET that changes only the URL
            page.get_by_role("button", name="Supprimer la manche 1").click()
        expect(cell(page, 0, 0)).to_have_value("4")
        with page.expect_navigation():
            page.get_by_role("link", name="Rétablir").click()
        expect(cell(page, 0, 0)).to_have_value("10R")
        expect(cell(page, 1, 1)).to_have_value("5")
    finally:
        context.close()


def test_the_pending_round_is_not_redrawn_while_its_sentence_is_unchanged(page):
    page.goto(page.base + SHEET)
    status = page.locator("[data-testid=num5-pending] p")
    expect(status).to_contain_text("Manche 2")
    status.evaluate("p => { p.dataset.seen = 'yes' }")
    with page.expect_response(lambda r: "r0_1=30" in r.url):
        cell(page, 0, 1).fill("30")  # round 1 changes, round 2 is still to enter
    expect(page.locator("[data-testid=wins-1]")).to_have_text("1")
    expect(status).to_have_attribute("data-seen", "yes")  # the same node: not announced again
    with page.expect_response(lambda r: "r1_1=2" in r.url):
        cell(page, 1, 1).fill("2")
    expect(status).not_to_contain_text("Tom (")
    assert page.problems == [], page.problems


def test_removing_a_player_keeps_the_others_scores_and_can_be_restored(page):
    page.goto(page.base + FOUR)
    page.fill("#id_players", "Léa, Zoé, Max")
    page.locator("#id_players").press("Enter")
    expect(page.locator("#num5-rounds thead th")).to_have_text(
        ["Manche", "Léa", "Zoé", "Max", "Actions"]
    )
    expect(cell(page, 0, 0)).to_have_value("10")
    expect(cell(page, 0, 1)).to_have_value("30")
    expect(cell(page, 0, 2)).to_have_value("40")
    expect(page.locator("[data-testid=wins-2]")).to_have_text("1")  # Max's 40 still wins
    expect(page).to_have_url(
        re.compile(r"players=L%C3%A9a,(%20)?Zo%C3%A9,(%20)?Max&n=1&r0_0=10&r0_1=30&r0_2=40$")
    )
    page.get_by_role("link", name="Rétablir").click()
    expect(cell(page, 0, 1)).to_have_value("20")
    expect(cell(page, 0, 3)).to_have_value("40")
    expect(page.locator("#id_players")).to_have_value("Léa, Tom, Zoé, Max")
    assert page.problems == [], page.problems


def test_a_removed_round_can_be_restored(page):
    page.goto(page.base + SHEET)
    page.get_by_role("button", name="Supprimer la manche 1").click()
    expect(page.locator("[data-testid=num5-discarded]")).to_contain_text("Manche 1 supprimée.")
    expect(cell(page, 0, 0)).to_have_value("4")
    expect(page.get_by_role("link", name="Rétablir")).to_be_focused()  # the ✕ tapped is gone
    page.keyboard.press("Enter")
    expect(cell(page, 0, 0)).to_have_value("10R")
    expect(cell(page, 1, 0)).to_have_value("4")
    assert page.problems == [], page.problems


def test_a_tap_on_add_a_round_lands_though_its_cells_recount_answers_during_the_tap(page):
    """A player fills the round's last cell and taps « Ajouter une manche » straight away.

    Leaving the cell sends its recount as the finger goes down; the answer clears the notice of
    the missing cell before the finger lifts. Nothing above the buttons may move then: a click
    goes where the finger went down and came up, and a button that moved in between is missed.
    """
    page.goto(page.base + SHEET)
    cell(page, 1, 1).fill("5")
    cell(page, 1, 2).fill("0")  # the round is whole once this cell is left
    expect(page.locator("[data-testid=num5-pending]")).to_contain_text("Manche 2")
    held: list[Route] = []
    page.route(
        re.compile(r"/num-5/\?(?!.*add=)"),
        lambda route: route.continue_() if held else held.append(route),
    )
    button = page.get_by_role("button", name="Ajouter une manche")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the cell is left: its recount is on the way
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    expect(page.locator("[data-testid=num5-pending]")).to_have_text("")  # the round is whole
    page.mouse.up()
    expect(page.locator("#num5-rounds tbody tr")).to_have_count(3)
    expect(cell(page, 1, 2)).to_have_value("0")
    expect(page).to_have_url(re.compile(r"n=3&"))
    assert page.problems == [], page.problems
