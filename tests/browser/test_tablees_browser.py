"""A tablée on a phone: create it, play and finish two short parties from it (Num 5, then
NUM CHECK), and its page shows the statistics and the charts (SVG images with their tables
beside), without a console error; axe finds nothing on its pages, in light and dark mode."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_create_a_tablee_play_two_parties_and_see_the_statistics(page):
    page.goto(f"{page.base}/tablees/nouvelle/")
    page.get_by_label("Nom de la tablée").fill("Les jeudis")
    page.get_by_label("Joueurs").fill("Léa\nTom\nZoé")
    page.get_by_role("button", name="Créer la tablée").click()
    expect(page.locator("[data-testid=tablee-name]")).to_have_text("Les jeudis")
    tablee_url = page.url
    axe = Axe()
    assert axe.run(page).response["violations"] == []

    # Num 5: the game, then the players tapped in seating order (two taps: game, players).
    page.get_by_label("Num 5", exact=True).check()
    for name in ("Tom", "Léa", "Zoé"):
        page.locator("[data-seat-buttons] button", has_text=name).click()
    expect(page.locator("[data-seat-buttons] button", has_text="Tom")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.locator("[data-testid=start-party]").click()
    expect(page.locator("[data-testid=cell-0]")).to_be_visible()
    page.locator("[data-testid=cell-0]").fill("10")  # Tom sits first
    page.locator("[data-testid=cell-1]").fill("27")
    page.locator("[data-testid=cell-2]").fill("0")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("27")
    page.locator("[data-testid=finish]").click()
    page.locator("[data-testid=confirm-yes]").click()  # finishing is asked first
    expect(page.locator("[data-testid=game-finished]")).to_contain_text("victoire de Léa")
    page.reload()
    expect(page.locator("[data-testid=party-in-tablee]")).to_contain_text("Les jeudis")
    expect(page.locator("[data-testid=bgstats]")).to_have_attribute(
        "href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data=.+$")
    )

    # NUM CHECK between Léa and Zoé: one CHECK, then the end of the deck turns.
    page.goto(tablee_url)
    page.get_by_label("NUM CHECK", exact=True).check()
    for name in ("Léa", "Zoé"):
        page.locator("[data-seat-buttons] button", has_text=name).click()
    page.locator("[data-testid=start-party]").click()
    page.locator("#claim-combo").select_option("full")
    page.locator("#claim-cards").fill("7R 7B 7J 3V 3A")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(page.locator("[data-testid=total-0]")).to_have_text("26")
    page.locator("[data-testid=finish]").click()
    page.locator("[data-testid=confirm-yes]").click()  # finishing is asked first
    expect(page.locator("[data-testid=game-finished]")).to_contain_text("victoire de Léa")

    # The tablée: both parties, newest first, the statistics and the charts beside tables.
    page.goto(tablee_url)
    parties = page.locator("[data-testid=parties] li")
    expect(parties).to_have_count(2)
    expect(parties.first).to_contain_text("NUM CHECK")
    expect(page.locator("[data-testid=stats-num5]")).to_contain_text("Léa")
    expect(page.locator("[data-testid=stats-num-check]")).to_contain_text("Full")
    for chart in ("num5-scores", "num5-distribution", "num-check-scores", "num-check-combos"):
        image = page.locator(f"[data-testid=chart-{chart}]")
        expect(image).to_be_visible()
        # loaded as an SVG image, with a table of the same numbers beside it
        assert image.evaluate("img => img.complete && img.naturalWidth > 0")
        table = image.locator("xpath=../following-sibling::div[1]//table")
        expect(table.locator("caption")).not_to_be_empty()
    svg = page.request.get(page.url.split("#")[0] + "graphiques/num5/scores.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert "<script" not in svg.text() and "Léa" in svg.text()
    expect(page.locator("[data-testid=head-to-head]")).to_contain_text("Léa / Zoé")
    # the ratings (docs/ratings.md): Léa first, provisional, the last change and its reason,
    # beside the ranking by wins, and their history as a chart with its table
    ratings = page.locator("[data-testid=ratings-num5]")
    expect(ratings.locator("[data-testid=rating-row]").first).to_contain_text("Léa")
    expect(ratings.locator("[data-testid=provisional]")).to_have_count(3)
    expect(ratings.locator("[data-testid=rating-change]").first).to_contain_text("1ᵉʳ sur 3")
    expect(ratings.locator("[data-testid=wins-num5]")).to_contain_text("Léa")
    image = page.locator("[data-testid=chart-num5-ratings]")
    expect(image).to_be_visible()
    assert image.evaluate("img => img.complete && img.naturalWidth > 0")
    assert axe.run(page).response["violations"] == []

    # The read link: the same statistics, no edit link anywhere.
    page.goto(page.locator("[data-testid=view-link]").get_attribute("href"))
    expect(page.locator("[data-testid=stats-num-check]")).to_be_visible()
    expect(page.locator("[data-testid=start-party]")).to_have_count(0)
    assert "/tablees/" + tablee_url.rstrip("/").rsplit("/", 1)[-1] not in page.content()
    assert axe.run(page).response["violations"] == []

    # A new party of the tablée shows each player's chance to win until its first entry.
    page.goto(tablee_url)
    page.get_by_role("radio", name="Num 5").check()
    for name in ("Zoé", "Léa", "Tom"):
        page.locator("[data-seat-buttons] button", has_text=name).click()
    page.locator("[data-testid=start-party]").click()
    expect(page.locator("[data-testid=win-chances]")).to_contain_text("Léa")
    assert page.problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_a_tablee_page_at_390_px(browser, live_server, scheme):
    from calculators.tablees import services
    from tests.tablees.conftest import play

    tablee = services.create("Les jeudis", ["Léa", "Tom", "Zoé"])
    play(tablee, "num5", ["Léa", "Tom", "Zoé"], rounds=[["10", "5", "0"]])
    play(tablee, "num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=scheme, locale="fr-FR"
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.extend([m.text] if m.type == "error" else []))
    try:
        for path in (
            f"/tablees/{tablee.edit_token}/",
            f"/tablees/{tablee.read_token}/",
            f"/en/tablees/{tablee.read_token}/",
            "/tablees/nouvelle/",
        ):
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            violations = Axe().run(page).response["violations"]
            assert violations == [], (path, [v["id"] for v in violations])
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
    finally:
        context.close()
    assert problems == []
