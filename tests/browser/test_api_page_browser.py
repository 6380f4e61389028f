"""/api/, the page drawn from the API's schema: axe-core finds nothing on it at 360 px and
1280 px, light and dark; every operation of the schema (the
tablées' and NUM CHECK's deck turns included) has its line, and each scrolling table is
reachable by keyboard (a labelled region with ``tabindex="0"``)."""

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = {"360": {"width": 360, "height": 800}, "1280": {"width": 1280, "height": 900}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_api_page_is_axe_clean_and_lists_every_operation(browser, live_server, size, scheme):
    from calculators.api_docs import operations

    context = browser.new_context(viewport=SIZES[size], color_scheme=scheme, locale="fr-FR")
    page = context.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda m: problems.extend([f"console: {m.text}"] if m.type == "error" else []),
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    try:
        response = page.goto(live_server.url + "/api/")
        assert response is not None and response.status == 200
        violations = Axe().run(page).response["violations"]
        found = [f"{v['id']} {n['target']}" for v in violations for n in v["nodes"]]
        text = page.content()
        for op in operations():
            assert op.path in text, op.path
        assert "/api/v1/tablees/{token}/players/{index}" in text
        assert "/api/v1/parties/{token}/deck-turns" in text
        regions = page.locator(".table-responsive")
        assert regions.count() > 1
        for i in range(regions.count()):
            region = regions.nth(i)
            assert region.get_attribute("tabindex") == "0" and region.get_attribute("aria-label")
    finally:
        context.close()
    assert not found, found
    assert problems == []
