"""The phone's queue of Party writes (static/js/party-queue.js): writes made without network
are kept in IndexedDB, counted at the board (« 3 saisies à envoyer »), kept across a reload
(the page then comes from the service worker's copy), and sent in order with their
Idempotency-Key when the network returns: each stored once, also when the server applied a
write whose answer the phone never got; a queued write refused by the merge rules is shown in
view with both values and the entry kept."""

import re

import pytest
from playwright.sync_api import Route, expect

from calculators.parties.models import Claim, IdempotentAnswer

pytestmark = pytest.mark.browser

#: what Chromium logs for a request that cannot go out, or whose answer the test cut: the
#: expected network failures of these tests (nothing else is allowed on the console)
OFFLINE = re.compile(r"net::ERR_(INTERNET_DISCONNECTED|FAILED|CONNECTION_RESET)")


#: htmx logs the write whose answer the test cut (it then hands it to the queue)
CUT = re.compile(r"^console: htmx:(afterRequest|sendError), ")


def unexpected(page, cut=False):
    return [
        p
        for p in page.problems
        if not (cut and CUT.match(p))
        if not (
            p.startswith(("console: Failed to load resource", "failed: ")) and OFFLINE.search(p)
        )
        and not (cut and p.startswith("failed: ") and p.endswith("/claim_add/"))
        # the browser asks for the tab's icon whenever it likes: without network, it fails
        and not re.match(r"^failed: \S+/static/favicon\.[0-9a-f]+\.svg$", p)
    ]


def save_claim(page, player, combo, cards):
    page.locator("#claim-player").select_option(label=player)
    page.locator("#claim-combo").select_option(combo)
    page.locator("#claim-cards").fill(cards)
    page.get_by_role("button", name="Enregistrer le CHECK").click()


def waiting(page):
    return page.locator("[data-testid=party-queue]")


def opened(page, url):
    """The party's page opened with the network, as a phone at the table opens it: its service
    worker registered before the network drops (a drop during that fetch is the browser's own
    console error, « An unknown error occurred when fetching the script »)."""
    page.goto(url)
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def test_three_claims_made_offline_one_after_a_reload_are_stored_once_each_in_order(page):
    from tests.factories import party

    game = party("num_check", 3)
    url = f"{page.base}/parties/{game.edit_token}/"
    page.goto(page.base + "/")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    page.goto(url)
    page.wait_for_function(
        "url => caches.keys().then(ns => Promise.all(ns.map(n => caches.open(n).then(c => c.match(url))))).then(rs => rs.some(Boolean))",
        arg=url,
        timeout=10_000,
    )
    expect(waiting(page)).to_be_hidden()

    page.context.set_offline(True)
    save_claim(page, "Léa", "paire", "1R 1B")
    expect(waiting(page)).to_be_visible()
    expect(waiting(page)).to_contain_text("En attente")
    expect(waiting(page)).to_contain_text("1 saisie à envoyer")
    expect(page.locator("#claim-cards")).to_have_value("")  # cleared: the next entry
    save_claim(page, "Tom", "brelan", "2R 2B 2J")
    expect(waiting(page)).to_contain_text("2 saisies à envoyer")

    page.reload()  # no network: the service worker's copy, the queue still there
    expect(page.locator("[data-offline-banner]")).to_be_visible()
    expect(waiting(page)).to_contain_text("2 saisies à envoyer")
    save_claim(page, "Zoé", "paire", "4R 4B")
    expect(waiting(page)).to_contain_text("3 saisies à envoyer")
    assert not Claim.objects.exists()
    from tests.browser.test_party_table_browser import axe_clean

    axe_clean(page, "three writes waiting")

    page.context.set_offline(False)
    expect(waiting(page)).to_be_hidden(timeout=15_000)
    claims = list(Claim.objects.order_by("pk").select_related("player"))
    assert [(c.player.name, c.combo, c.cards) for c in claims] == [
        ("Léa", "paire", "1R 1B"),
        ("Tom", "brelan", "2R 2B 2J"),
        ("Zoé", "paire", "4R 4B"),
    ]
    assert IdempotentAnswer.objects.filter(game=game).count() == 3
    expect(page.locator("[data-testid=total-2]")).not_to_have_text("0")  # the board refreshed
    assert page.evaluate("() => navigator.onLine")
    assert unexpected(page) == [], page.problems


def test_a_write_applied_whose_answer_was_lost_is_stored_once(page):
    """The connection drops after the server applied the write, before the phone got the
    answer: the queue sends it again with its key, the server answers what it remembered."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    sent = []

    def cut_the_first_answer(route):
        sent.append(route.request.headers.get("idempotency-key"))
        if len(sent) == 1:
            route.fetch()  # the server applies the write…
            route.abort("connectionreset")  # …and its answer never reaches the phone
        else:
            route.continue_()

    page.route("**/claim_add/", cut_the_first_answer)
    save_claim(page, "Tom", "full", "7R 7B 7J 3V 3A")
    expect(page.locator("[data-testid=total-1]")).not_to_have_text("0", timeout=15_000)
    expect(waiting(page)).to_be_hidden()
    assert len(sent) == 2 and sent[0] and sent[0] == sent[1]  # the same write, the same key
    assert Claim.objects.count() == 1
    assert Claim.objects.get().cards == "7R 7B 7J 3V 3A"
    expect(page.locator("[data-testid=write-failed]")).to_have_count(0)
    assert unexpected(page, cut=True) == [], page.problems


def test_the_next_entry_begun_while_a_write_was_on_its_way_is_never_wiped(page):
    """A write leaves, its answer is slow; the player already picks the next player and types
    the next cards; then the connection drops and the write joins the queue. The form is not
    cleared over the entry begun meanwhile: the next claim is the next player's."""
    from tests.factories import party

    game = party("num_check", 3)
    opened(page, f"{page.base}/parties/{game.edit_token}/")
    on_the_way: list[Route] = []

    def hold_the_first(route):
        if on_the_way:
            route.continue_()  # the queue's sendings and the next entry go through
        else:
            on_the_way.append(route)  # its answer is slow: held until the test cuts it

    page.route("**/claim_add/", hold_the_first)
    save_claim(page, "Léa", "paire", "5R 5B")
    while not on_the_way:  # the request is out, held by the test
        page.wait_for_timeout(20)
    page.locator("#claim-player").select_option(label="Tom")
    page.locator("#claim-combo").select_option("brelan")
    page.locator("#claim-cards").fill("2R 2B 2J")
    on_the_way[0].abort("connectionreset")  # no answer: the first write is queued, sent again
    expect(page.locator("[data-testid=total-0]")).to_have_text("15", timeout=15_000)  # Léa's
    expect(page.locator("#claim-cards")).to_have_value("2R 2B 2J")
    expect(page.locator("#claim-player option:checked")).to_have_text("Tom")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(page.locator("[data-testid=total-1]")).to_have_text("20", timeout=15_000)  # Tom's
    expect(waiting(page)).to_be_hidden()
    stored = sorted(Claim.objects.select_related("player").values_list("player__name", "cards"))
    assert stored == [("Léa", "5R 5B"), ("Tom", "2R 2B 2J")]
    assert unexpected(page, cut=True) == [], page.problems


def test_a_queued_correction_refused_by_another_phones_is_shown_with_both_values(page):
    from calculators.games.num_check.party import writes as check_writes
    from tests.factories import party

    game = party("num_check", ["Léa", "Tom"], claims={0: [("paire", "5R 5B")]})
    stored = Claim.objects.get()
    opened(page, f"{page.base}/parties/{game.edit_token}/")
    page.get_by_role("link", name=re.compile("Corriger")).click()
    expect(page.locator("#correction")).to_be_visible()

    page.context.set_offline(True)
    page.locator("#edit-cards").fill("9R 9B")
    page.get_by_role("button", name="Enregistrer la correction").click()
    expect(waiting(page)).to_contain_text("1 saisie à envoyer")
    check_writes.edit_claim(game, stored.pk, "paire", "6R 6B")  # another phone, meanwhile

    page.context.set_offline(False)
    refusal = page.locator("[data-testid=refusal]")
    expect(refusal).to_be_in_viewport(timeout=15_000)
    expect(refusal.locator("[data-testid=conflict-before]")).to_contain_text("5R 5B")
    expect(refusal.locator("[data-testid=conflict-after]")).to_contain_text("6R 6B")
    expect(page.locator("#edit-cards")).to_have_value("9R 9B")  # the entry kept
    expect(waiting(page)).to_be_hidden()  # shown, then dropped from the queue
    assert (
        page.evaluate(
            "() => new Promise(r => { const q = indexedDB.open('numsite-party-queue'); "
            "q.onsuccess = () => { const t = q.result.transaction('writes').objectStore('writes').count(); "
            "t.onsuccess = () => r(t.result); }; })"
        )
        == 0
    )
    stored.refresh_from_db()
    assert stored.cards == "6R 6B"
    assert unexpected(page) == [], page.problems


def test_a_server_error_is_retried_a_refused_entry_shown_and_the_rest_waits_for_the_player(page):
    """A 503 keeps the write and tries again later; a write refused by the rules (a CHECK the
    engine refuses) is drawn with its reason and its entry, then dropped; the next write waits
    for the player (« Envoyer maintenant ») so that its answer does not replace the refusal."""
    from tests.factories import party

    game = party("num_check", 3)
    opened(page, f"{page.base}/parties/{game.edit_token}/")
    page.context.set_offline(True)
    save_claim(page, "Léa", "brelan", "8R 8V 9B")  # not a brelan: refused when it arrives
    save_claim(page, "Tom", "paire", "5R 5B")
    expect(waiting(page)).to_contain_text("2 saisies à envoyer")
    answers = []

    def busy_once(route):
        answers.append(route.request.headers.get("idempotency-key"))
        if len(answers) == 1:
            route.fulfill(status=503, body="<p>un instant</p>", headers={"Retry-After": "1"})
        else:
            route.continue_()

    page.route("**/claim_add/", busy_once)
    page.context.set_offline(False)
    refusal = page.locator("[data-testid=refusal]")
    expect(refusal).to_contain_text("CHECK invalide", timeout=15_000)
    expect(refusal).to_be_in_viewport()
    expect(page.locator("#claim-cards")).to_have_value("8R 8V 9B")  # the entry, given back
    assert answers[0] == answers[1]  # the write kept after the 503, sent again with its key
    expect(waiting(page)).to_contain_text("1 saisie à envoyer")  # Tom's waits for the player
    assert not Claim.objects.exists()
    page.get_by_role("button", name="Envoyer maintenant").click()
    expect(waiting(page)).to_be_hidden(timeout=10_000)
    claim = Claim.objects.select_related("player").get()
    assert (claim.player.name, claim.cards) == ("Tom", "5R 5B")
    problems = [p for p in unexpected(page) if "status of 503" not in p]
    assert problems == [], page.problems


def test_two_deck_turns_made_offline_are_both_stored_none_taken_for_another_phones(page):
    """Both writes carry the version the page was drawn at and change the same thing (the deck
    turns): once the first is applied, the second has seen it — this phone made it — so it is
    not refused as if another phone had changed the deck turns meanwhile."""
    from calculators.parties.board import board
    from tests.factories import fresh, party

    game = party("num_check", 3, mode="family")  # three deck turns in the family mode
    opened(page, f"{page.base}/parties/{game.edit_token}/")
    expect(page.locator("#party-clock-title")).to_contain_text("1/3")
    page.context.set_offline(True)
    page.get_by_test_id("deck-turn").click()
    expect(waiting(page)).to_contain_text("1 saisie à envoyer")
    page.get_by_test_id("deck-turn").click()
    expect(waiting(page)).to_contain_text("2 saisies à envoyer")

    page.context.set_offline(False)
    expect(waiting(page)).to_be_hidden(timeout=15_000)
    assert board(fresh(game)).extra["turns_done"] == 2
    expect(page.locator("[data-testid=refusal]")).to_have_count(0)
    expect(page.locator("#party-clock-title")).to_contain_text("3/3", timeout=10_000)
    assert unexpected(page) == [], page.problems
