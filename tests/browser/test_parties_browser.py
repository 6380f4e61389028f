"""A Num 5 party at the table on a phone: correct one cell, undo it, finish, reopen; a board polled
compressed; a write over the abuse limit."""

import pytest
from playwright.sync_api import expect

from calculators.games.num_check.party import writes as check_writes

pytestmark = pytest.mark.browser


def test_num5_correct_one_cell_undo_finish_reopen(page):
    from tests.factories import party

    game = party("num5", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("[data-testid=cell-0]").fill("10R")
    page.locator("[data-testid=cell-1]").fill("27")
    page.locator("[data-testid=cell-2]").fill("0")
    page.keyboard.press("Enter")  # Enter saves the round, never deletes anything
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("27")
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Manche 1 ajoutée")

    # Correct only Léa's cell: the form opens with what is stored, Tom keeps his 27 and the win.
    page.locator("[data-testid=edit-round-1]").click()
    cell = page.locator("[data-testid=edit-cell-0]")
    expect(cell).to_have_value("10R")
    expect(page.locator("[data-testid=edit-cell-1]")).to_have_value("27 - 0")
    cell.fill("30")
    page.get_by_role("button", name="Enregistrer la correction").click()
    expect(page.locator("[data-testid=round-1-0]")).to_contain_text("30")
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("27")

    # Undo the correction: Léa's old cell comes back, the round stays.
    page.locator("[data-testid=undo]").click()
    expect(page.locator("[data-testid=round-1-0]")).to_contain_text("10")
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Annulé : Manche 1 corrigée")
    expect(page.locator("[data-testid=round-1-1]")).to_contain_text("★")

    # Finish (confirmed), then the final standings; then reopen.
    page.locator("[data-testid=finish]").click()
    expect(page.locator("[data-testid=confirm]")).to_be_in_viewport()  # asked, in view
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=game-finished]")).to_contain_text("victoire de Tom")
    expect(page.locator("[data-testid=cell-0]")).to_have_count(0)  # no entry once finished
    page.locator("[data-testid=reopen]").click()
    expect(page.locator("[data-testid=game-finished]")).to_have_count(0)
    expect(page.locator("[data-testid=cell-0]")).to_be_visible()
    assert page.problems == []


def test_the_polled_board_arrives_compressed_and_its_links_still_work(page):
    """Another phone's claim reaches this one through the poll (the board sent gzipped, with
    links relative to the party's page); deleting that claim from the swapped board
    posts to this party."""
    from tests.conftest import EIGHT_CLAIMS
    from tests.factories import party, seat

    game = party("num_check", 2)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    polled = []
    page.on(
        "response",
        lambda r: polled.extend(
            [r.headers.get("content-encoding")] if "/tableau/" in r.url and r.status == 200 else []
        ),
    )
    combo, cards = EIGHT_CLAIMS[0]
    check_writes.add_claim(game, seat(game, 0).pk, combo, cards)  # the other phone
    delete = page.get_by_role("button", name="Supprimer l’annonce 1 de Léa")
    expect(delete).to_be_visible(timeout=10_000)  # one poll, every 3 s
    assert polled and polled[-1] == "gzip"
    delete.click()
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text(
        "annonce Paire supprimée (rang 1)"
    )
    expect(delete).to_have_count(0)
    game.refresh_from_db()
    assert not game.players.filter(claims__isnull=False).exists()
    assert page.problems == []


def test_a_write_refused_by_the_abuse_limit_says_so_and_keeps_the_entry(page, settings):
    """Over the write limit, htmx swaps the 429's message into the page's status region; the
    CHECK typed in the form is still there to send again."""
    from tests.factories import party

    settings.RATELIMIT_ENABLED = True
    settings.PARTIES_WRITE_RATE = "1/60"
    settings.TRUSTED_PROXIES = []
    game = party("num_check", 2)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("#claim-combo").select_option("paire")
    page.locator("#claim-cards").fill("1R 1B")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Paire")
    page.locator("#claim-combo").select_option("brelan")
    page.locator("#claim-cards").fill("2R 2B 2J")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(page.locator("[data-testid=too-many]")).to_contain_text("Trop de requêtes")
    expect(page.locator("#request-status")).to_be_in_viewport()
    expect(page.locator("#claim-cards")).to_have_value("2R 2B 2J")
    assert game.players.filter(claims__isnull=False).count() == 1
    page.problems = [p for p in page.problems if "429" not in p]  # the refusal itself
    assert page.problems == []


def test_without_javascript_the_boards_cross_deletes_with_the_pages_own_form(browser, live_server):
    """The board is the same for every reader (no CSRF token in it); a ✕ submits the page's
    #claim-delete or #round-delete form, which holds this phone's token."""
    from tests.factories import party

    check = party("num_check", 2, claims={0: [("paire", "5R 5B")]})
    num5 = party("num5", 3, rounds=[["10R", "27", "0"]])
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/parties/{check.edit_token}/")
    page.get_by_role("button", name="Supprimer l’annonce 1 de Léa").click()
    # without JavaScript too, a removal is asked first: a step of the page
    expect(page.locator("[data-testid=confirm]")).to_contain_text("Supprimer cette annonce ?")
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text(
        "annonce Paire supprimée (rang 1)"
    )
    assert not check.players.filter(claims__isnull=False).exists()
    page.goto(f"{live_server.url}/parties/{num5.edit_token}/")
    page.get_by_role("button", name="Supprimer la manche 1").click()
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Manche 1 supprimée")
    assert not num5.rounds.exists()
    context.close()


@pytest.mark.parametrize("game", ["NUM DRAFT", "Num 5"])
def test_home_new_party_of_a_game_opens_the_form_on_that_game(page, game):
    page.goto(f"{page.base}/")
    card = page.locator("article.game-card", has_text=game)
    card.get_by_role("link", name="Nouvelle partie").click()
    expect(page.get_by_label(game, exact=True)).to_be_checked()
    expect(page.get_by_label(f"Mode ({game})")).to_be_visible()
    expect(page.get_by_label("Mode (NUM CHECK)")).to_be_hidden()
