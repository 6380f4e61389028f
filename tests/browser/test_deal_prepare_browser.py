"""The « préparer » page (/donnes/preparer/, docs/deals.md#donnes-preparer) in Chromium: the dealer
steps through the sorted deck with the keyboard alone (Enter on the focused « Suivante », the
arrow keys), axe finding nothing, no sideways scroll at 360 px and 200 % text, and the same walk
with JavaScript off. Screenshots in var/screenshots/."""

from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import expect

from calculators.engines import deals

pytestmark = pytest.mark.browser
SHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"
QUERY = "jeu=num-draft&mode=classic&sieges=4&graine=club-1&numero=12"


def test_the_dealer_steps_through_the_deck_with_the_keyboard_alone(page):
    walk = deals.steps(deals.deal(deals.NUM_DRAFT, 4, "club-1"))
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}/donnes/?{QUERY}")
    page.click("[data-testid=prepare-link]")
    step = page.locator("[data-testid=step]")
    expect(page.locator("[data-testid=progress]")).to_have_text(f"1 / {len(walk)}")
    expect(step).to_have_attribute("data-card", str(walk[0].card))
    expect(page.locator("[data-testid=next]")).to_be_focused()
    assert Axe().run(page).response["violations"] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deal-prepare-phone.png"), full_page=True)
    page.keyboard.press("Enter")  # the focused « Suivante »
    expect(page.locator("[data-testid=progress]")).to_have_text(f"2 / {len(walk)}")
    page.wait_for_load_state("load")  # its deferred script listens for the keys once run
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=progress]")).to_have_text(f"3 / {len(walk)}")
    expect(step).to_have_attribute("data-card", str(walk[2].card))
    page.wait_for_load_state("load")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-testid=progress]")).to_have_text(f"2 / {len(walk)}")
    expect(step).to_have_attribute("data-card", str(walk[1].card))
    page.goto(f"{page.base}/donnes/preparer/?{QUERY}&etape={len(walk)}")
    expect(page.locator("[data-testid=done]")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=deal-sheet]")).to_be_visible()
    assert page.problems == []


@pytest.mark.parametrize("zoom", ["100%", "200%"])
def test_no_sideways_scroll_at_360_px(page, zoom):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}/en/donnes/preparer/?{QUERY}&etape=5")
    page.evaluate(f"document.documentElement.style.fontSize = '{zoom}'")
    expect(page.locator("[data-testid=next]")).to_be_visible()
    assert not page.evaluate("document.scrollingElement.scrollWidth > innerWidth")
    if zoom == "200%":
        page.screenshot(path=str(SHOTS / "deal-prepare-200.png"), full_page=True)


def test_steps_are_plain_links_without_javascript(plain_page):
    walk = deals.steps(deals.deal(deals.NUM5, 3, "club-1"))
    plain_page.goto(f"{plain_page.base}/donnes/preparer/?jeu=num5&sieges=3&graine=club-1")
    for number in range(1, 4):
        expect(plain_page.locator("[data-testid=progress]")).to_have_text(f"{number} / 34")
        card = plain_page.locator("[data-testid=step]")
        expect(card).to_have_attribute("data-card", str(walk[number - 1].card))
        plain_page.click("[data-testid=next]")
    plain_page.click("[data-testid=previous]")
    expect(plain_page.locator("[data-testid=progress]")).to_have_text("3 / 34")


def test_the_numbered_sheet_prints_its_number_on_a4(browser, live_server):
    context = browser.new_context(locale="fr-FR")
    sheet = context.new_page()
    sheet.goto(f"{live_server.url}/donnes/?{QUERY}")
    expect(sheet.locator("[data-testid=numero]")).to_have_text("Donne n° 12")
    sheet.emulate_media(media="print")
    expect(sheet.locator("[data-testid=numero]")).to_be_visible()
    assert not sheet.locator("[data-testid=prepare-link]").is_visible()
    pdf = sheet.pdf(path=str(SHOTS / "deal-sheet-numbered-a4.pdf"), prefer_css_page_size=True)
    assert pdf.startswith(b"%PDF")
    sheet.screenshot(path=str(SHOTS / "deal-sheet-numbered-print.png"), full_page=True)
    context.close()
