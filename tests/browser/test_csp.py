"""The strict CSP in a real browser: the violation detector of tests/browser works, and the
pool's group rings (classes instead of style=) are drawn."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_inline_style_is_blocked_and_reported(page):
    page.goto(page.base + "/num-check/")
    page.evaluate("document.body.setAttribute('style', 'background: red')")
    page.evaluate(
        "const s = document.createElement('script'); s.textContent = 'window.x = 1'; document.body.append(s)"
    )
    page.wait_for_timeout(200)
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != "rgb(255, 0, 0)"
    assert page.evaluate("window.x") is None
    assert any("style-src" in v for v in page.csp_violations)
    assert any("script-src" in v for v in page.csp_violations)
    page.csp_violations.clear()  # seen: this test provoked them


def test_pool_group_rings_and_htmx_indicator_without_inline_style(page):
    page.goto(page.base + "/num-draft/?g00=1R&g01=JK&g02=1V&mode=classic")
    ring = page.locator(".strip .place.grouped").first
    expect(ring).to_be_visible()
    shadow = ring.evaluate("e => getComputedStyle(e).boxShadow")
    assert "inset" in shadow and "rgb(13, 110, 253)" in shadow  # --grp-0
    swatch = page.locator(".group-swatch").first
    assert swatch.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(13, 110, 253)"
    # htmx injected no <style> of its own.
    assert page.evaluate("document.querySelectorAll('style').length") == 0
    assert page.problems == []
