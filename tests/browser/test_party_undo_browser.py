"""« Annuler » at a table of phones: each phone takes back its own entry, not the table's
latest; another phone's entry is removed from the history, by name, asked first."""

import pytest
from playwright.sync_api import expect

from calculators.parties.models import Claim
from tests.browser.test_party_table_browser import notice_in_view, phone, save_claim, this_phone_is

pytestmark = pytest.mark.browser


def claims(game):
    return sorted(
        Claim.objects.filter(player__game=game).values_list("player__name", "combo", "cards")
    )


def test_marcs_annuler_removes_marcs_claim_not_ines_saved_after_it(browser, live_server):
    """Marc saved, Inès saved, Marc tapped « Annuler »: his claim goes, hers stays."""
    from tests.factories import party

    game = party("num_check", ["Marc", "Inès", "Léa", "Tom"])
    url = f"{live_server.url}/parties/{game.edit_token}/"
    marc, ines = phone(browser, live_server.url), phone(browser, live_server.url)
    for p, name in ((marc, "Marc"), (ines, "Inès")):
        p.goto(url)
        this_phone_is(p, name)
    save_claim(marc, "full", "7R 7B 7J 3V 3A")
    notice_in_view(marc)
    save_claim(ines, "paire", "5R 5B")
    notice_in_view(ines)

    undo = marc.locator("[data-testid=undo]")
    expect(undo).to_contain_text("Full de Marc")
    expect(ines.locator("[data-testid=undo]")).to_contain_text("Paire d’Inès")
    undo.click()
    expect(marc.locator("[data-testid=sheet-done]")).to_contain_text("Annulé")
    expect(marc.locator("[data-testid=sheet-done]")).to_contain_text("Marc : Full")
    assert claims(game) == [("Inès", "paire", "5R 5B")]
    expect(marc.locator("[data-testid=total-1]")).to_have_text(str(ines_points()))
    expect(marc.locator("[data-testid=total-0]")).to_have_text("0")
    expect(marc.locator("[data-testid=undo]")).to_have_count(0)  # nothing more of Marc's
    assert marc.problems == [] and ines.problems == []
    marc.context.close()
    ines.context.close()


def ines_points():
    from calculators.engines import numcheck

    return numcheck.score("paire", "5R 5B", 1).total


def test_another_phones_entry_is_removed_from_the_history_by_name(browser, live_server):
    from tests.factories import party

    game = party("num_check", ["Marc", "Inès"])
    url = f"{live_server.url}/parties/{game.edit_token}/"
    marc, ines = phone(browser, live_server.url), phone(browser, live_server.url)
    marc.goto(url)
    this_phone_is(marc, "Marc")
    save_claim(marc, "full", "7R 7B 7J 3V 3A")
    notice_in_view(marc)
    ines.goto(url)
    this_phone_is(ines, "Inès")
    save_claim(ines, "paire", "5R 5B")
    notice_in_view(ines)

    ines.locator("#history summary").click()
    remove = ines.locator("[data-testid=undo-entry-2]")
    expect(remove).to_contain_text("Retirer")
    expect(remove).to_contain_text("Full de Marc")
    remove.click()
    confirm = ines.locator("[data-testid=confirm]")
    expect(confirm).to_contain_text("Full de Marc")
    assert len(claims(game)) == 2  # asked first
    ines.locator("[data-testid=confirm-yes]").click()
    expect(ines.locator("[data-testid=sheet-done]")).to_contain_text("Annulé")
    assert claims(game) == [("Inès", "paire", "5R 5B")]
    assert marc.problems == [] and ines.problems == []
    marc.context.close()
    ines.context.close()
