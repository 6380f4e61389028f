"""Browser: a rulebook on a phone — the table of contents at the top, a ruling opened from it
lands below the sticky tabs, its « Essayer » opens the calculator prefilled, and Back returns
to the ruling.

Bootstrap scrolls smoothly to an anchor; the tests ask for reduced motion so that a ruling's place
is measured where the scroll ends, not during it (clicking « Essayer » mid-scroll made Playwright
scroll the link into view past the heading, and Back restored that place).

The fixtures (``page``: 390 × 844, French locale, console errors recorded) come from
tests/browser/conftest.py."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_toc_opens_a_ruling_below_the_sticky_bar_and_back_returns_from_its_example(page):
    page.emulate_media(reduced_motion="reduce")
    page.goto(page.base + "/num-check/regles/")
    toc = page.locator("#sommaire")
    expect(toc).to_be_visible()
    toc.locator("summary").click()
    toc.get_by_role("link", name=re.compile("Quelles cartes guetter")).click()
    heading = page.locator("#arbitrage-cartes-a-guetter")
    expect(heading).to_be_in_viewport()
    tabs = page.locator(".game-tabs")
    bar = tabs.bounding_box() if tabs.count() and tabs.is_visible() else None
    top = heading.bounding_box()["y"]
    assert top >= (bar["y"] + bar["height"] if bar else 0) - 1, (top, bar)
    section = page.locator("section.ruling", has=heading)
    section.locator("a.try-link").first.click()
    expect(page).to_have_url(re.compile(r"/num-check/guetter/\?outs-hand=7R\+7B\+7J\+3V"))
    expect(page.locator("[data-testid=outs-group]").first).to_be_visible()
    page.go_back()
    expect(page).to_have_url(re.compile(r"/num-check/regles/#arbitrage-cartes-a-guetter"))
    expect(page.locator("#arbitrage-cartes-a-guetter")).to_be_in_viewport()
    assert page.problems == []


def test_toc_on_the_game_page_opens_the_rules_tab_at_the_ruling(page):
    page.emulate_media(reduced_motion="reduce")
    page.goto(page.base + "/num-5/")
    page.locator("#tab-regles").click()
    toc = page.locator("#sommaire")
    toc.locator("summary").click()
    toc.get_by_role("link", name=re.compile("T8")).click()
    heading = page.locator("#arbitrage-tour-t8")
    expect(heading).to_be_in_viewport()
    bar = page.locator(".game-tabs").bounding_box()
    assert heading.bounding_box()["y"] >= bar["y"] + bar["height"] - 1
    assert page.problems == []


def test_rulebook_with_toc_and_restored_typos_is_axe_clean(browser, live_server):
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    found = {}
    for path in ("/num-draft/regles/", "/num-5/regles/", "/num-connect/regles/"):
        page.goto(live_server.url + path)
        page.locator("#sommaire summary").click()
        violations = Axe().run(page).response["violations"]
        if violations:
            found[path] = [f"{v['id']} {n['target']}" for v in violations for n in v["nodes"][:3]]
    context.close()
    assert found == {}
