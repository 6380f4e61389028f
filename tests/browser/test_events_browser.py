"""A 12-player NUM CHECK evening of 2 rounds on 12 phones (one browser context each) and the
organiser's: the event created from its form, each round seated and started, every table's
Party played to its end from the seat-1 phone (a CHECK, then « Terminer »), every player
confirming from their table's Party page, the organiser closing the round; then the room's
screen at 1920×1080 shows the standings the engine computes. Its screenshot and the table
slips printed to PDF by Chromium are kept in var/screenshots/ to be looked at."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from calculators.events import standings
from calculators.events.models import Event

pytestmark = pytest.mark.browser

NAMES = ["Léa", "Tom", "Zoé", "Max", "Noé", "Inès", "Luc", "Ana", "Hugo", "Lina", "Paul", "Rose"]
SHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    return context, context.new_page()


def play_round(organiser, phones, room, number, swiss=False):
    organiser.reload()
    if swiss:
        organiser.locator("#swiss").check()
    organiser.locator("[data-testid=seat]").click()
    expect(organiser.locator("[data-testid=round-title]")).to_contain_text(f"Ronde {number} sur 2")
    organiser.locator("[data-testid=start]").click()
    expect(organiser.locator("[data-testid=close]")).to_be_visible()
    tables = organiser.locator("[data-testid=tables] .card")
    expect(tables).to_have_count(3)
    starters = [tables.nth(i).locator("ol li").first.inner_text().split(" (")[0] for i in range(3)]
    # each table's first player plays the Party to its end from their own phone
    for name in starters:
        page = phones[name]
        page.goto(f"{room}?joueur={name}")
        page.locator("[data-testid=party-link]").first.click()
        page.locator("#claim-combo").select_option("paire")
        page.locator("#claim-cards").fill("5R 5B")
        page.get_by_role("button", name="Enregistrer le CHECK").click()
        expect(page.locator("[data-testid=total-0]")).not_to_have_text("0")
        page.locator("[data-testid=finish]").click()
        page.locator("[data-testid=confirm-yes]").click()
        expect(page.locator("[data-testid=game-finished]")).to_be_visible()
    # every player confirms from their table's Party page, found from the room's link
    for name, page in phones.items():
        page.goto(f"{room}?joueur={name}")
        page.locator("[data-testid=party-link]").first.click()
        page.locator("#event-me").select_option(name)
        page.locator("[data-testid=event-confirm]").click()
        expect(page.locator("[data-testid=party-event]")).to_contain_text(name)
    organiser.reload()
    for i in range(3):
        expect(tables.nth(i)).to_have_attribute("data-state", "confirmed")
    organiser.locator("[data-testid=close]").click()
    expect(organiser.locator("[data-testid=round-title]")).to_contain_text("close")


def test_a_12_player_num_check_evening_on_12_phones(browser, live_server):
    base = live_server.url
    org_context, organiser = phone(browser)
    organiser.goto(f"{base}/tournois/nouveau/")
    organiser.get_by_label("Nom du tournoi").fill("Soirée du jeudi")
    organiser.locator("#id_game").select_option("num_check:classic")
    organiser.get_by_label("Joueurs").fill("\n".join(NAMES))
    organiser.get_by_label("Tailles de table").fill("4")
    organiser.get_by_label("Nombre de rondes").fill("2")
    organiser.locator("[data-testid=create-event]").click()
    expect(organiser.locator("[data-testid=event-name]")).to_have_text("Soirée du jeudi")
    event = Event.objects.get()
    room = f"{base}/tournois/{event.read_token}/"
    contexts, phones = [], {}
    for name in NAMES:
        context, page = phone(browser)
        contexts.append(context)
        phones[name] = page
    try:
        play_round(organiser, phones, room, 1)
        play_round(organiser, phones, room, 2, swiss=True)
        expected = [(line.position, line.name) for line in standings.standings(event).lines]
        assert len(expected) == 12 and expected[0][0] == 1
        screen_context = browser.new_context(viewport={"width": 1920, "height": 1080})
        screen = screen_context.new_page()
        screen.emulate_media(reduced_motion="reduce")
        screen.goto(f"{room}salle/")
        lines = screen.locator("[data-testid=projector-standings] li")
        expect(lines).to_have_count(12)
        shown = [
            (int(lines.nth(i).locator(".ns-pos").inner_text()), lines.nth(i).locator(".ns-name").inner_text())
            for i in range(12)
        ]  # fmt: skip
        assert shown == expected
        expect(screen.locator("[data-testid=projector-name]")).to_have_text("Soirée du jeudi")
        SHOTS.mkdir(parents=True, exist_ok=True)
        screen.screenshot(path=str(SHOTS / "events-room-1920x1080.png"))
        screen_context.close()
        # the slips of the last round, printed to PDF by Chromium
        slips_context = browser.new_context()
        slips = slips_context.new_page()
        slips.goto(f"{base}/tournois/{event.edit_token}/fiches/")
        expect(slips.locator("[data-testid=slip]")).to_have_count(3)
        pdf = slips.pdf(path=str(SHOTS / "events-slips-a6.pdf"), prefer_css_page_size=True)
        # three pages of A6 (105 × 148 mm: about 298 × 420 points)
        boxes = re.findall(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf)
        assert len(boxes) == 3
        assert all(abs(float(w) - 297.6) < 2 and abs(float(h) - 419.5) < 2 for w, h in boxes)
        slips.screenshot(path=str(SHOTS / "events-slips.png"), full_page=True)
        slips_context.close()
    finally:
        for context in contexts:
            context.close()
        org_context.close()


def test_the_organiser_runs_a_round_with_javascript_off(plain_page):
    page = plain_page
    page.goto(f"{page.base}/tournois/nouveau/")
    page.get_by_label("Nom du tournoi").fill("Sans JavaScript")
    page.get_by_label("Joueurs").fill("\n".join(NAMES[:8]))
    page.get_by_label("Tailles de table").fill("4, 5")
    page.get_by_label("Nombre de rondes").fill("1")
    page.locator("[data-testid=create-event]").click()
    expect(page.locator("[data-testid=event-name]")).to_have_text("Sans JavaScript")
    page.get_by_text("Arrivées, départs, remplaçants").click()  # a <details>: no script needed
    page.get_by_label("Ajouter un joueur (placé dès la ronde suivante)").fill("Retardataire")
    page.locator("[data-testid=add-player]").click()
    page.locator("[data-testid=seat]").click()
    expect(page.locator("[data-testid=tables] .card")).to_have_count(2)
    page.locator("[data-testid=start]").click()
    expect(page.locator("[data-testid=close]")).to_be_visible()
    page.locator("[data-testid=close]").click()  # refused: no table confirmed yet
    expect(page.locator("[data-testid=action-error]")).to_contain_text("table(s) 1, 2")
    page.locator("[data-testid=party-link]").first.click()
    expect(page.locator("[data-testid=party-event]")).to_contain_text("Table 1")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_events_pages_at_390_px(browser, live_server, scheme):
    from axe_playwright_python.sync_playwright import Axe

    from calculators.events import services
    from tests.events.helpers import event, finish_tables, game_of

    ev = event(8, sizes=(4,), rounds=2)
    services.seat(ev)
    current = services.start(ev)
    finish_tables(current)
    services.confirm(ev, 1)
    game = game_of(current.tables.get(number=2))
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, color_scheme=scheme, locale="fr-FR"
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.extend([m.text] if m.type == "error" else []))
    try:
        for path in (
            f"/tournois/{ev.edit_token}/",
            f"/tournois/{ev.read_token}/",
            f"/en/tournois/{ev.read_token}/",
            "/tournois/nouveau/",
            f"/parties/{game.edit_token}/",
        ):
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            violations = Axe().run(page).response["violations"]
            assert violations == [], (path, [(v["id"], v["nodes"][0]["html"]) for v in violations])
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
    finally:
        context.close()
    assert problems == []
