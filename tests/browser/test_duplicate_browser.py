"""A duplicate NUM DRAFT event (« en donnes préparées », docs/events.md#tournoi-donnes) of 2
tables × 4 seats on one deal, through the pages: the event created from its form with the
option ticked, the round seated and started, each table's grids typed on its Party page (which
names its deal), one grid with a card its table was not dealt refused with its message, the
tables confirmed and the round closed by the organiser; then the room's page shows the
matchpoint standings the engine computes, and the deal's page every table at each seat."""

import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from calculators.engines import deals
from calculators.events import services, standings
from calculators.events.models import Event
from tests.browser.test_party_table_browser import axe_clean
from tests.events.helpers import dealt_of, game_of

pytestmark = pytest.mark.browser

NAMES = ["Léa", "Tom", "Zoé", "Max", "Noé", "Inès", "Luc", "Ana"]


def stored(player, cells):
    """Wait until the grid's write is stored (the htmx answer swaps the sheet in place)."""
    for _ in range(100):
        player.refresh_from_db()
        if player.grid == cells:
            return
        time.sleep(0.05)
    raise AssertionError(f"{player.name}'s grid was not stored: {player.grid}")


def type_grid(page, player, cells):
    """Open the player's grid, type its nine places, save it and wait for the answer (the
    write's answer swaps the sheet: a grid opened before it lands would be closed again)."""
    grid = page.locator(f"#grid-{player.pk}")
    for _ in range(3):
        if grid.get_attribute("open") is None:
            grid.locator("summary").click()
        try:
            for i, card in enumerate(cells):
                page.locator(f"#g{player.pk}-{i}").fill(card, timeout=3000)
            break
        except PlaywrightTimeout:
            continue  # the sheet was swapped under the typing: open it again
    with page.expect_response(lambda r: "grid_set" in r.url and r.request.method == "POST"):
        grid.get_by_role("button", name="Enregistrer la grille").click()
    page.wait_for_load_state("networkidle")


def test_a_duplicate_num_draft_event_of_2_tables_of_4_on_one_deal(page):
    base = page.base
    page.goto(f"{base}/tournois/nouveau/")
    page.get_by_label("Nom du tournoi").fill("Donnes du jeudi")
    page.locator("#id_game").select_option("num_draft:classic")
    page.get_by_label("Joueurs").fill("\n".join(NAMES))
    page.get_by_label("Tailles de table").fill("4")
    page.get_by_label("Nombre de rondes").fill("1")
    page.get_by_label("En donnes préparées (NUM DRAFT, Num 5)").check()
    page.locator("[data-testid=create-event]").click()
    expect(page.locator("[data-testid=event-name]")).to_have_text("Donnes du jeudi")
    event = Event.objects.get()
    assert event.duplicate
    organiser = page.url
    page.locator("[data-testid=seat]").click()
    page.locator("[data-testid=start]").click()
    expect(page.locator("[data-testid=round-deal]")).to_contain_text("donne n° 1")
    tables = list(event.round_set.get().tables.select_related("game"))
    dealt = dealt_of(game_of(tables[0]))
    assert all(game_of(t).deal == game_of(tables[0]).deal for t in tables)
    given = {str(c) for seat in dealt.seats for c in seat.cards}
    stranger = next(str(c) for c in deals.deck_cards(deals.draft_deck(4)) if str(c) not in given)
    own = [[str(c) for row in seat.grid for c in row] for seat in dealt.seats]
    # table 1 keeps the dealt grids; at table 2 seats 1 and 2 end with each other's cards
    # (cards circulate at NUM DRAFT), so the same seat scores differently at the two tables
    finals = [own, [own[1], own[0], own[2], own[3]]]
    for index, table in enumerate(tables):
        page.goto(f"{base}/parties/{game_of(table).edit_token}/")
        expect(page.locator("[data-testid=party-deal]")).to_contain_text("Donne n° 1 (4 sièges)")
        players = list(game_of(table).players.order_by("seat"))
        if index == 0:  # a card this table was not dealt: refused at the grid, with its message
            type_grid(page, players[0], [stranger, *own[0][1:]])
            refusal = page.locator(f"#grid-{players[0].pk} [data-testid=refusal]")
            expect(refusal).to_contain_text(
                f"La carte {stranger} n’a été donnée à aucun joueur de cette table"
            )
            expect(refusal).to_contain_text("donne n° 1")
            players[0].refresh_from_db()
            assert players[0].grid == []
        for player in players:
            type_grid(page, player, finals[index][player.seat])
            stored(player, finals[index][player.seat])
        page.locator("[data-testid=finish]").click()
        page.locator("[data-testid=confirm-yes]").click()
        expect(page.locator("[data-testid=game-finished]")).to_be_visible()
    page.goto(organiser)
    for number in (1, 2):
        page.locator("[data-testid=confirm-table]").first.click()
        expect(page.locator(f"[data-testid=table-{number}]")).to_have_attribute(
            "data-state", "confirmed"
        )
    page.locator("[data-testid=close]").click()
    expect(page.locator("[data-testid=round-title]")).to_contain_text("close")
    # the room's page: the matchpoint standings, as the engine computes them
    expected = [
        (line.position, line.name, f"{float(line.total):.2f}".replace(".", ","))
        for line in (standings.standings(event).duplicate or [])
    ]
    assert sorted(float(t.replace(",", ".")) for _, _, t in expected) != [50.0] * 8
    page.goto(f"{base}/tournois/{event.read_token}/")
    rows = page.locator("[data-testid=matchpoint-standings] tbody tr")
    expect(rows).to_have_count(8)
    shown = [
        tuple(rows.nth(i).locator("td").nth(c).inner_text() for c in range(3)) for i in range(8)
    ]
    assert [(int(p), n, t) for p, n, t in shown] == expected
    axe_clean(page, "room of a duplicate event")
    # the deal's page: each seat, every table's score, matchpoints and percentage
    page.locator("[data-testid=deal-results-link]").click()
    expect(page.locator("[data-testid=deal-title]")).to_contain_text("Ronde 1")
    expect(page.locator("[data-testid=deal-results] tbody tr")).to_have_count(8)
    axe_clean(page, "a deal's results")
    assert not page.problems, page.problems


def test_a_refused_grid_of_a_duplicate_event_with_javascript_off(plain_page):
    page = plain_page
    page.goto(f"{page.base}/tournois/nouveau/")
    page.get_by_label("Nom du tournoi").fill("Sans JavaScript")
    page.locator("#id_game").select_option("num_check:classic")
    page.get_by_label("Joueurs").fill("\n".join(NAMES))
    page.get_by_label("Tailles de table").fill("4")
    page.get_by_label("Nombre de rondes").fill("1")
    page.get_by_label("En donnes préparées (NUM DRAFT, Num 5)").check()
    page.locator("[data-testid=create-event]").click()
    expect(page.locator("[data-testid=error-duplicate]")).to_contain_text("NUM CHECK")
    page.locator("#id_game").select_option("num_draft:classic")
    page.locator("[data-testid=create-event]").click()
    expect(page.locator("[data-testid=event-name]")).to_have_text("Sans JavaScript")
    page.locator("[data-testid=seat]").click()
    page.locator("[data-testid=start]").click()
    page.locator("[data-testid=party-link]").first.click()
    expect(page.locator("[data-testid=party-deal]")).to_contain_text("Donne n° 1 (4 sièges)")
    game = game_of(Event.objects.get().round_set.get().tables.get(number=1))
    dealt = dealt_of(game)
    given = {str(c) for seat in dealt.seats for c in seat.cards}
    stranger = next(str(c) for c in deals.deck_cards(deals.draft_deck(4)) if str(c) not in given)
    first = game.players.get(seat=0)
    page.locator(f"#grid-{first.pk} summary").click()
    page.locator(f"#g{first.pk}-0").fill(stranger)
    page.locator(f"#grid-{first.pk}").get_by_role("button", name="Enregistrer la grille").click()
    expect(page.locator("[data-testid=refusal]")).to_contain_text(
        f"La carte {stranger} n’a été donnée à aucun joueur de cette table"
    )


def test_the_slips_of_a_duplicate_round_print_each_deal_number_on_its_own_a6_page(page):
    """docs/events.md#tournoi-salle: one A6 slip per table, and in an event « en donnes
    préparées » the deal the table plays (#tournoi-donnes-graine); seven players, NUM DRAFT's
    largest table, still fit one page each."""
    names = [f"Joueur {i}" for i in range(1, 15)]
    event = services.create("Donnes du jeudi", "num_draft", None, names, [7], 1,
                            duplicate=True, seed="club")  # fmt: skip
    services.seat(event)
    services.start(event)
    page.goto(f"{page.base}/tournois/{event.edit_token}/fiches/")
    slips = page.locator("[data-testid=slip]")
    expect(slips).to_have_count(2)
    for i in range(2):
        expect(slips.nth(i).locator("[data-testid=slip-deal]")).to_have_text(
            re.compile(r"^Donne n°\s1$")
        )
    pdf = page.pdf(prefer_css_page_size=True)
    boxes = re.findall(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    assert len(boxes) == 2  # no slip spilled over a second page
    assert all(abs(float(w) - 297.6) < 2 and abs(float(h) - 419.5) < 2 for w, h in boxes)
