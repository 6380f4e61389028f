"""The live board morphed in place (idiomorph's htmx extension, ``hx-swap="morph"``, the site's
copy of the npm package): another phone's save changes the standings and the details, while
what this reader opened, focused and scrolled to stays, with no inline style or script
(strict CSP)."""

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LEA = [("paire", "1R 1B")]
TOM = ("paire", "10R 10B")


def test_live_board_morph_keeps_the_readers_open_details_focus_and_scroll(page):
    from calculators.games.num_check.party import writes
    from tests.factories import fresh, party, seat

    game = party("num_check", 3, claims={0: LEA})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.evaluate(
        "() => { window.violations = [];"
        " document.addEventListener('securitypolicyviolation', e => window.violations.push(e.violatedDirective)); }"
    )
    page.set_viewport_size({"width": 390, "height": 500})
    history = page.locator("#history")
    history.evaluate("d => { d.open = true; d.numsiteMark = 'kept'; }")
    link = page.get_by_role("link", name="Corriger l’annonce 1 de Léa")
    link.focus()
    link.evaluate("a => a.scrollIntoView({block: 'end'})")
    writes.add_claim(fresh(game), seat(game, 1).pk, *TOM)  # another phone's save
    polled = lambda r: "/tableau/" in r.url and r.status == 200  # noqa: E731
    with page.expect_response(polled, timeout=10_000):
        pass
    expect(page.locator("#board tr[data-seat='1']")).to_have_attribute("data-total", "20")
    expect(history).to_contain_text("Tom")  # the details are the new version's
    # the same <details> element, morphed, not a new one re-opened by a script
    assert history.evaluate("d => d.numsiteMark") == "kept"
    expect(history).to_have_js_property("open", True)
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()  # the page did not jump away from where the reader was
    assert page.evaluate("window.violations") == []
    assert page.problems == []
