"""A Party entry at the table with no network, and its messages (docs/offline.md):

- without network the entry's live score comes from the phone's own engines (Pyodide) and
  proposes the combination; after a save kept on the phone the entry starts again with « Ce
  téléphone » and « En attente d’envoi (n) » shows beside the save button, in view;
- a Party opened once by its link (the phone's first visit of the site) is kept for offline use;
- a save on a replaced link says so beside its button, with what to do;
- « Pas de réseau » only for a failed save, gone once the next poll goes through; a failed live
  score says nothing."""

import re

import pytest
from playwright.sync_api import expect

from calculators.games.num5 import readers as num5_readers
from calculators.parties import services
from calculators.parties.models import Claim
from tests.browser.test_party_queue_browser import unexpected, waiting

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("offline")]

IN_CACHE = (
    "url => caches.keys().then(ns => Promise.all(ns.map(n => caches.open(n).then(c => "
    "c.match(url))))).then(rs => rs.some(Boolean))"
)


def wait_until_kept(page, url, seconds=30):
    """Until this phone's caches hold ``url`` (evaluate awaits the promise; wait_for_function
    would take the promise itself for a true value)."""
    for _ in range(seconds * 10):
        if page.evaluate(IN_CACHE, url):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"{url} never kept for offline use")


def open_with_engines(page, url):
    """The party's page opened online, its service worker ready and the phone's engines
    started (as a phone that has been at the table a while)."""
    page.goto(url)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("() => window.NumsiteOffline.warm()")  # evaluate waits as long as it takes


def test_offline_claims_stay_this_phones_with_the_proposed_combination(page):
    """« Ce téléphone : Tom », no network: two claims typed without touching the player nor
    the combination are both Tom's, each with the combination the phone's engines proposed
    (a Full, then a Brelan: not the list's first, a Paire), and each save says « En attente
    d’envoi » beside its button, in view."""
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom", "Zoé"])
    open_with_engines(page, f"{page.base}/parties/{game.edit_token}/")
    page.locator("#phone-player").select_option(label="Tom")
    expect(page.locator("#claim-player option:checked")).to_have_text("Tom")

    page.context.set_offline(True)
    page.locator("#claim-cards").fill("7R 7B 7J 3V 3A")
    score = page.locator("#preview-claim [data-testid=preview-score]")
    expect(score).to_contain_text("Tom +")
    expect(score).to_contain_text("Full")
    expect(score).to_contain_text("Calculé sur ce téléphone")
    expect(page.locator("#claim-combo")).to_have_value("full")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    near = page.locator("#claim-save ~ [data-testid=queue-near]")
    expect(near).to_have_text(re.compile(r"En attente d.envoi \(1\)"))
    expect(near).to_be_in_viewport()
    expect(page.locator("#claim-cards")).to_have_value("")
    expect(page.locator("#claim-player option:checked")).to_have_text("Tom")  # not the first seat

    # saved at once, before the live score answered: the save waits for the proposal
    page.locator("#claim-cards").fill("2R 2B 2J")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(near).to_have_text(re.compile(r"En attente d.envoi \(2\)"))
    expect(near).to_be_in_viewport()
    expect(page.locator("#claim-player option:checked")).to_have_text("Tom")
    assert not Claim.objects.exists()

    page.context.set_offline(False)
    expect(waiting(page)).to_be_hidden(timeout=15_000)
    expect(near).to_have_count(0)
    stored = list(Claim.objects.order_by("pk").select_related("player"))
    assert [(c.player.name, c.combo, c.cards) for c in stored] == [
        ("Tom", "full", "7R 7B 7J 3V 3A"),
        ("Tom", "brelan", "2R 2B 2J"),
    ]
    assert unexpected(page) == [], page.problems


def test_a_party_opened_once_by_its_link_opens_offline(page):
    """The phone's first visit of the site is the party's link (no service worker yet when the
    page loaded): the page is kept all the same, and a reload without network shows its sheet."""
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    url = f"{page.base}/parties/{game.edit_token}/"
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    wait_until_kept(page, url)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("[data-offline-page]")).to_have_count(0)
    expect(page.locator("[data-offline-banner]")).to_contain_text("Hors ligne")
    expect(page.locator("[data-testid=total-0]")).to_have_text("15")
    expect(page.locator("#claim-cards")).to_be_visible()
    page.context.set_offline(False)


def test_a_save_on_a_replaced_link_says_so_beside_its_button(page):
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom"])
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    services.rotate(game)  # another phone: « Nouveaux liens »
    page.locator("#claim-combo").select_option("paire")
    page.locator("#claim-cards").fill("5R 5B")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    said = page.locator("form[data-entry] [data-testid=links-replaced]")
    expect(said).to_contain_text("Les liens de cette partie ont été remplacés")
    expect(said).to_contain_text("Demandez à la table le nouveau lien")
    expect(said).to_be_in_viewport()
    expect(page.locator("form[data-entry]")).not_to_contain_text("erreur du serveur")
    expect(page.locator("#claim-cards")).to_have_value("5R 5B")  # the entry kept
    assert not Claim.objects.exists()


def test_no_network_is_said_for_a_failed_save_only_and_cleared_by_the_next_poll(page):
    """Without IndexedDB (nothing can be queued): a live score that fails says nothing; a save
    that cannot go out says « Pas de réseau » beside its button, until a poll goes through."""
    from tests.factories import party

    page.add_init_script(
        "Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true})"
    )
    game = party("num_check", ["Léa", "Tom"])
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    failed = page.locator("[data-testid=write-failed]")

    page.route(re.compile(r".*[?&]apercu=1.*"), lambda route: route.abort("internetdisconnected"))
    with page.expect_event("requestfailed"):
        page.locator("#claim-cards").fill("5R 5B")
    page.wait_for_timeout(300)
    expect(failed).to_have_count(0)  # only the live score failed: nothing to say
    page.unroute(re.compile(r".*[?&]apercu=1.*"))

    page.route("**/claim_add/", lambda route: route.abort("internetdisconnected"))
    page.locator("#claim-combo").select_option("paire")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(failed).to_contain_text("Pas de réseau")
    page.unroute("**/claim_add/")
    expect(failed).to_have_count(0, timeout=10_000)  # the next poll went through
    expect(page.locator("#claim-cards")).to_have_value("5R 5B")


def test_num5_sheet_works_offline_from_a_blank_page(page):
    """The Num 5 sheet opened without network and without players: the players named, a
    round added draws its cells on the phone, each round entered is counted there
    (/num-5/regles/#arbitrage-manche-saisie), a round removed goes."""
    from tests.browser.test_offline_browser import online_visit

    online_visit(page)
    page.context.set_offline(True)
    page.goto(page.base + "/num-5/")
    page.evaluate("() => window.NumsiteOffline.warm()")
    page.fill("#id_players", "Léa, Max, Zoé")
    page.locator("#id_players").dispatch_event("change")
    page.get_by_role("button", name="Ajouter une manche").click()
    expect(page.locator("[data-testid=cell-0-2]")).to_be_visible()
    expect(page.get_by_label("Manche 1, Zoé")).to_be_visible()
    for j, cell in enumerate(["12R 3S", "31 - 4", "0"]):
        page.fill(f"[data-testid=cell-0-{j}]", cell)
    page.locator("[data-testid=cell-0-2]").dispatch_event("change")
    box = page.locator("#num5-result [data-offline-answer]")
    expect(box).to_contain_text("Calculé sur ce téléphone")
    expect(box).to_contain_text("Après 1 manche")
    sheet = num5_readers.read_num5_sheet("Léa, Max, Zoé", [["12R 3S", "31 - 4", "0"]])
    points = " · ".join(f"{n} {sheet.game.points[n]}" for n in sheet.game.players)
    expect(box).to_contain_text(f"Points : {points}")
    page.get_by_role("button", name="Ajouter une manche").click()
    expect(page.locator("[data-testid=cell-1-0]")).to_be_visible()
    expect(page.locator("[data-testid=cell-0-0]")).to_have_value("12R 3S")  # kept as typed
    page.get_by_role("button", name="Supprimer la manche 2").click()
    expect(page.locator("[data-testid=cell-1-0]")).to_have_count(0)
    expect(page.locator("[name=n]")).to_have_value("1")
    page.context.set_offline(False)


def test_num5_turn_works_offline_from_a_blank_page(page):
    """« Jouer un tour » opened without network and without players: the round begun on the
    phone shows the first turn's cards to enter, and each turn is played there
    (/num-5/regles/#arbitrage-tour-t1)."""
    from tests.browser.test_offline_browser import online_visit, server_answer

    online_visit(page)
    page.context.set_offline(True)
    page.goto(page.base + "/num-5/tour/")
    page.evaluate("() => window.NumsiteOffline.warm()")
    page.fill("#id_players", "Léa, Max, Zoé")
    page.get_by_role("button", name="Commencer la manche").click()
    box = page.locator("#turn-result [data-offline-answer]")
    expect(box).to_contain_text("La table après la mise en place")
    rows = [{"cards": [code]} for code in num5_readers.SETUP_LINES]
    for turn, cards in enumerate([["5R", "3B", "7J"], ["6R", "1B", "2V"]], start=1):
        expect(page.get_by_test_id("play")).to_have_text(f"Jouer le tour {turn}")
        for index, code in enumerate(cards):
            page.fill(f"[data-testid=card-{index}]", code)
        page.get_by_test_id("play").click()
        plays = [
            {"player": n, "card": c} for n, c in zip(["Léa", "Max", "Zoé"], cards, strict=True)
        ]
        want = server_answer(page.base, "num5/turn", {"rows": rows, "plays": plays}, "fr")
        expect(box).to_contain_text(f"Tour {turn} : où va chaque carte")
        table = box.locator("[data-offline-group]").nth(1)
        for number, row in enumerate(want["rows"]):
            expect(table.locator("li").nth(number)).to_contain_text(" : " + " ".join(row["cards"]))
        expect(page.locator(f"[name=t{turn}]")).to_have_value(" ".join(cards))
        expect(page.locator("[data-testid=card-0]")).to_have_value("")
        rows = [{"cards": row["cards"]} for row in want["rows"]]
    page.context.set_offline(False)
