"""Colour mode, wake lock and tap targets as a player meets them on a phone."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_colour_mode_follows_the_system_then_the_remembered_choice(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    # The mode is set by a <head> script, before the body exists: no light flash.
    page.add_init_script(
        "document.addEventListener('readystatechange', () => { if (!window.__first)"
        " window.__first = document.documentElement.dataset.bsTheme; });"
    )
    page.goto(live_server.url + "/")
    assert page.evaluate("window.__first") == "dark"
    toggle = page.locator("[data-theme-toggle]")
    expect(toggle).to_have_text("Thème : système")
    toggle.click()  # système → sombre
    toggle.click()  # sombre → clair
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")
    page.goto(live_server.url + "/num-5/")  # remembered on this device
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "light")
    expect(toggle).to_have_text("Thème : clair")
    toggle.click()  # clair → système (dark here)
    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    assert page.evaluate("localStorage.getItem('numsite-theme')") is None
    context.close()


def test_wake_lock_switch_on_a_party_page(page):
    from tests.factories import party

    game = party("num5", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    switch = page.get_by_role("switch", name="Garder l’écran allumé")
    if page.evaluate("'wakeLock' in navigator"):
        expect(switch).to_be_visible()
    else:  # no API (an insecure origin, say): no switch that would do nothing
        expect(switch).to_be_hidden()
    assert page.problems == []


def test_controls_used_during_play_are_at_least_44px(page):
    from tests.factories import party

    game = party("num5", 3)
    small = []
    for path in (
        "/num-check/?combo=paire&cards=5R+5B&rank=1#calculer",
        "/num-5/#calculer",
        f"/parties/{game.edit_token}/",
    ):
        page.goto(page.base + path)
        sizes = page.evaluate(
            """() => [...document.querySelectorAll(
                 'main button, main .btn, main input:not([type=hidden]), main select, .chips .card-chip')]
               .filter(e => e.offsetParent !== null && !e.closest('[aria-hidden=true], .visually-hidden'))
               .map(e => {
                 const r = e.getBoundingClientRect();
                 const box = e.closest('.form-check, label') || e;
                 const t = box.getBoundingClientRect();
                 return [e.outerHTML.slice(0, 80), Math.max(r.width, t.width), Math.max(r.height, t.height)];
               })"""
        )
        small += [(path, *s) for s in sizes if s[1] < 43.5 or s[2] < 43.5]
    assert small == [], "\n".join(map(str, small))


def test_num5_party_with_8_players_never_scrolls_the_page_sideways(page):
    from tests.factories import party

    names = ["Léa", "Tom", "Zoé", "Ana", "Bob", "Cyrille", "Dominique", "Eve"]
    game = party("num5", names, rounds=[["10R", "27", "0", "5", "6", "7", "8", "9"]])
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    expect(page.locator("[data-testid=round-1-7]")).to_contain_text("9")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.problems == []


def test_without_javascript_the_keypads_are_hidden(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server.url + "/num-check/?combo=paire&cards=5R+5B&rank=1")
    assert page.locator("[data-picker]").count() > 0
    for picker in page.locator("[data-picker]").all():
        expect(picker).to_be_hidden()
    expect(page.locator("[data-testid=check-total]")).to_have_text("15 points")
    context.close()
