"""A tablée's « donne du jour » in the browser (docs/deals.md#donnes-du-jour): started from the
tablée's page on a phone, then the comparison with another tablée that played the deal; axe
finds nothing on the page, light and dark, and it fits 390 px."""

import datetime

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_start_the_deal_of_the_day_from_the_tablee_page(page):
    from calculators.tablees import daily, services

    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    page.goto(f"{page.base}/tablees/{tablee.edit_token}/")
    form = page.locator("[data-testid=daily-form]")
    form.get_by_label("Mode (NUM DRAFT)").select_option("discovery")
    form.get_by_label("Zoé").select_option("1")
    form.get_by_label("Léa").select_option("2")
    form.locator("[data-testid=start-daily]").click()
    number = daily.number(daily.today())
    expect(page.locator("[data-testid=party-deal]")).to_contain_text(f"Donne n° {number}")
    assert page.problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_comparison_at_390_px(browser, live_server, scheme):
    from calculators.games.num_draft.party import writes
    from calculators.parties import services as party_services
    from calculators.tablees import daily, services
    from tests.events.helpers import dealt_of

    day = datetime.date(2026, 12, 5)
    mine = services.create("Les jeudis", ["Léa", "Tom"])
    for tablee, names in (
        (mine, ["Léa", "Tom"]),
        (services.create("Autres", ["A", "B"]), ["A", "B"]),
    ):
        game = daily.new_party(tablee, "classic", names, day)
        for seat, player in enumerate(game.players.all()):
            cells = [str(c) for row in dealt_of(game).seats[seat].grid for c in row]
            writes.set_grid(game, player.pk, cells)
        party_services.finish(game)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=scheme, locale="fr-FR"
    )
    page = context.new_page()
    problems: list[str] = []

    def on_console(message):
        if message.type == "error":
            problems.append(message.text)

    page.on("console", on_console)
    try:
        for path in (
            f"/tablees/{mine.edit_token}/",
            f"/tablees/{mine.read_token}/",
            f"/en/tablees/{mine.read_token}/",
        ):
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            expect(page.locator("[data-testid=daily-results]")).to_be_visible()
            violations = Axe().run(page).response["violations"]
            assert violations == [], (path, [v["id"] for v in violations])
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
    finally:
        context.close()
    assert problems == []
