"""The deal sheet (/donnes/, docs/deals.md « The deal sheet ») in Chromium: prepared from its
form, the cards the engine deals, boxes to tick, axe finding nothing, and printed to PDF on A4.
The PDF and screenshots are kept in var/screenshots/ to be looked at."""

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from playwright.sync_api import expect

from calculators.engines import deals

pytestmark = pytest.mark.browser
SHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def test_the_dealer_prepares_a_num_draft_deal_and_prints_it_on_a4(page, browser, live_server):
    page.goto(f"{page.base}/donnes/")
    page.select_option("[name=jeu]", "num-draft")
    page.fill("[name=sieges]", "4")
    page.fill("[name=graine]", "club-1")
    page.click("[data-testid=deal]")
    seats = page.locator("[data-testid=seat]")
    expect(seats).to_have_count(4)
    dealt = deals.deal(deals.NUM_DRAFT, 4, "club-1")
    for n, seat in enumerate(dealt.seats):
        boxes = seats.nth(n).locator("input[type=checkbox]")
        shown = [boxes.nth(i).get_attribute("data-card") for i in range(boxes.count())]
        assert shown == [str(c) for c in seat.cards]
    first = seats.nth(0).locator("input[type=checkbox]").first
    first.check()
    expect(first).to_be_checked()
    assert Axe().run(page).response["violations"] == []
    assert page.problems == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deal-sheet-phone.png"), full_page=True)
    # printed by Chromium, in English: A4 pages (595 × 842 points), the form left out
    context = browser.new_context(locale="en-GB")
    sheet = context.new_page()
    sheet.goto(f"{live_server.url}/en/donnes/?jeu=num5&sieges=8&graine=club-1")
    expect(sheet.locator("[data-testid=seat]")).to_have_count(8)
    expect(sheet.locator("[data-seat='1'] h2")).to_have_text("Seat 1")
    sheet.emulate_media(media="print")
    assert not sheet.locator("form[action$='/donnes/']").is_visible()
    pdf = sheet.pdf(path=str(SHOTS / "deal-sheet-a4.pdf"), prefer_css_page_size=True)
    boxes = re.findall(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert 1 <= len(boxes) <= 2
    assert all(abs(float(w) - 595.3) < 2 and abs(float(h) - 841.9) < 2 for w, h in boxes)
    sheet.screenshot(path=str(SHOTS / "deal-sheet-print.png"), full_page=True)
    context.close()


def test_bad_input_shown_at_its_field_without_javascript(plain_page):
    plain_page.goto(f"{plain_page.base}/donnes/?jeu=num5&sieges=2&graine=a")
    expect(plain_page.locator("[data-testid=error-sieges]")).to_contain_text(
        "une donne de Num 5 compte de 3 à 8 sièges"
    )
    expect(plain_page.locator("[data-testid=deal-sheet]")).to_have_count(0)
