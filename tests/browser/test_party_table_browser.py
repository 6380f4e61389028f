"""The Party as a table tool, on 390×844 phones: two phones entering at once, what a save
shows, the taps a claim costs, corrections that collide, the page at 360 px and 200 % text."""

import pytest
from playwright.sync_api import expect

from calculators.parties.models import Claim

pytestmark = pytest.mark.browser

LEA = [
    ("paire", "1R 1B"),
    ("brelan", "2R 2B 2J"),
    ("carre", "3R 3B 3J 3V"),
    ("double_paire", "5R 5B 6R 6B"),
    ("full", "7R 7B 7J 8R 8B"),
]
TOM = [
    ("paire", "10R 10B"),
    ("brelan", "11R 11B 11J"),
    ("carre", "12R 12B 12J 12V"),
    ("double_paire", "13R 13B 14R 14B"),
    ("full", "0R 0B 0J 16R 16B"),
]


def phone(browser, base, problems=None):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    p = context.new_page()
    p.problems = [] if problems is None else problems
    p.on("pageerror", lambda e: p.problems.append(f"pageerror: {e}"))
    p.on("console", lambda m: m.type == "error" and p.problems.append(f"console: {m.text}"))
    p.base = base
    return p


def this_phone_is(p, name):
    p.locator("[data-phone-select]").select_option(label=name)


def save_claim(p, combo, cards):
    p.locator("#claim-combo").select_option(combo)
    p.locator("#claim-cards").fill(cards)
    p.get_by_role("button", name="Enregistrer le CHECK").click()


def notice_in_view(p):
    notice = p.locator("[data-testid=sheet-done]")
    expect(notice).to_be_in_viewport(ratio=1)
    expect(notice).to_be_focused()  # never <body>
    return notice


def test_two_phones_alternating_ten_saves_for_two_players_none_refused(browser, live_server):
    from tests.factories import party

    game = party("num_check", 3)
    url = f"{live_server.url}/parties/{game.edit_token}/"
    a, b = phone(browser, live_server.url), phone(browser, live_server.url)
    a.goto(url)
    b.goto(url)
    this_phone_is(a, "Léa")
    this_phone_is(b, "Tom")
    refused = 0
    for (combo_a, cards_a), (combo_b, cards_b) in zip(LEA, TOM, strict=True):
        for p, combo, cards, name in ((a, combo_a, cards_a, "Léa"), (b, combo_b, cards_b, "Tom")):
            expect(p.locator("#claim-player")).to_have_value(str(game.players.get(name=name).pk))
            save_claim(p, combo, cards)
            notice = notice_in_view(p)
            expect(notice).to_contain_text(name)
            refused += p.locator("[data-testid=refusal]").count()
    assert refused == 0
    assert Claim.objects.filter(player__game=game).count() == 10
    assert a.problems == [] and b.problems == []
    a.context.close()
    b.context.close()


def test_both_phones_correcting_the_same_claim_one_is_shown_the_conflict(browser, live_server):
    from tests.factories import party

    game = party("num_check", 2, claims={0: [("full", "7R 7B 7J 3V 3A")]})
    url = f"{live_server.url}/parties/{game.edit_token}/"
    a, b = phone(browser, live_server.url), phone(browser, live_server.url)
    for p in (a, b):
        p.goto(url)
        p.get_by_role("link", name="Corriger l’annonce 1 de Léa").click()
        expect(p.locator("#correction")).to_be_in_viewport()
    a.locator("#edit-cards").fill("8R 8B 8J 3V 3A")
    a.get_by_role("button", name="Enregistrer la correction").click()
    notice_in_view(a)
    b.locator("#edit-cards").fill("9R 9B 9J 3V 3A")
    b.get_by_role("button", name="Enregistrer la correction").click()
    refusal = b.locator("[data-testid=refusal]")
    expect(refusal).to_be_in_viewport()
    expect(refusal.locator("[data-testid=conflict-before]")).to_have_text("Full 7R 7B 7J 3V 3A")
    expect(refusal.locator("[data-testid=conflict-after]")).to_have_text("Full 8R 8B 8J 3V 3A")
    expect(b.locator("#edit-cards")).to_have_value("9R 9B 9J 3V 3A")  # nothing typed is lost
    assert Claim.objects.get().cards == "8R 8B 8J 3V 3A"
    b.locator("[data-testid=write-anyway]").click()
    notice_in_view(b)
    assert Claim.objects.get().cards == "9R 9B 9J 3V 3A"
    a.context.close()
    b.context.close()


def test_after_each_save_the_notice_is_in_view_and_after_12_claims_the_entry_too(page):
    from tests.factories import party

    game = party("num_check", 4, claims={0: LEA[:3], 1: TOM[:3], 2: LEA[:3], 3: TOM[:3]})
    assert Claim.objects.filter(player__game=game).count() == 12
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    entry = page.locator("#entry")
    top = entry.bounding_box()["y"]
    height = page.evaluate("innerHeight")
    assert top < height  # the entry starts on the first screen: reachable in ≤ 1 scroll
    this_phone_is(page, "Léa")
    save_claim(page, *LEA[3])
    notice = notice_in_view(page)
    expect(notice).to_contain_text("Léa +")  # its points
    expect(page.locator("#board tr.ns-changed")).to_have_count(1)
    assert page.problems == []


def test_a_five_card_claim_costs_eleven_taps_from_the_first_screen(page):
    """10 taps for the cards (family, value ×5) and 1 to save: the player is this phone's, the
    combination is proposed from the cards by the engine."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    this_phone_is(page, "Tom")  # once per party and phone, remembered
    page.reload()
    taps = 0
    picker = page.locator("#claim-picker")
    for family, value in (("R", 7), ("B", 7), ("J", 7), ("V", 3), ("A", 3)):
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
        taps += 2
    expect(page.locator("[data-testid=preview-score]")).to_contain_text("Tom +")
    expect(page.locator("#claim-combo")).to_have_value("full")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    taps += 1
    notice_in_view(page)
    claim = Claim.objects.get()
    assert (claim.player.name, claim.combo, claim.cards) == ("Tom", "full", "7R 7B 7J 3V 3A")
    assert taps == 11 <= 12
    assert page.problems == []


def test_reloading_mid_entry_keeps_the_entry(page):
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("#claim-player").select_option(label="Zoé")
    page.locator("#claim-cards").fill("7R 7B 7J")
    page.reload()
    expect(page.locator("#claim-cards")).to_have_value("7R 7B 7J")
    expect(page.locator("#claim-player")).to_have_value(str(game.players.get(name="Zoé").pk))
    expect(page.locator("[data-testid=preview-score]")).to_contain_text("Zoé +")
    expect(page.locator("#claim-combo")).to_have_value("brelan")  # proposed from the cards
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    notice_in_view(page)
    page.reload()
    expect(page.locator("#claim-cards")).to_have_value("")  # saved: the draft is gone


@pytest.mark.parametrize("width", [320, 360, 390])
@pytest.mark.parametrize("zoom", ["100%", "200%"])
def test_no_party_page_scrolls_sideways(page, width, zoom):
    from tests.factories import party

    games = [
        party("num_check", 8, claims={i: LEA[:2] for i in range(8)}),
        party("num_draft", 5, grids={0: ["1R", "2R", "3R"], 1: ["4R"]}),
        party(
            "num5",
            8,
            rounds=[["10R", "27", "0", "3", "4", "5", "6", "7"]],
            turns=[["9R", "9B", "2V", "3V", "4V", "5V", "6V", "7V"]],
        ),
    ]
    page.set_viewport_size({"width": width, "height": 844})
    urls = [f"{page.base}/parties/nouvelle/"]
    for g in games:
        urls += [f"{page.base}/parties/{g.edit_token}/", f"{page.base}/parties/{g.read_token}/"]
    wide = []
    for url in urls:
        page.goto(url)
        page.evaluate(f"document.documentElement.style.fontSize = '{zoom}'")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        if page.evaluate("document.scrollingElement.scrollWidth > innerWidth"):
            wide.append((url, page.evaluate("document.scrollingElement.scrollWidth")))
    assert wide == []


def test_after_new_links_the_other_phone_is_told_so(browser, live_server):
    from calculators.parties import services
    from tests.factories import party

    game = party("num_check", 2)
    other = phone(browser, live_server.url)
    other.goto(f"{live_server.url}/parties/{game.edit_token}/")
    services.rotate(game)  # from another phone
    gone = other.locator("[data-testid=links-replaced]")
    expect(gone).to_be_visible(timeout=10_000)  # one poll, every 3 s: a 410 the page shows
    expect(gone).to_contain_text("Demandez à la table le nouveau lien")
    other.context.close()


def test_a_num5_round_reported_after_one_turn_is_asked_first(page):
    from tests.factories import party

    game = party("num5", 3, turns=[["9R", "9B", "2V"]])
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("[data-testid=turn-tally]").click()
    confirm = page.locator("[data-testid=confirm]")
    expect(confirm).to_be_in_viewport()
    expect(confirm).to_be_focused()
    expect(confirm).to_contain_text("La manche n’est pas finie (1/10)")
    assert not game.rounds.exists()
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text(
        "Manche 1 reportée après 1 tour"
    )
    assert game.rounds.count() == 1
    assert page.problems == []


def axe_clean(p, state):
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.test_axe import describe

    # what an htmx swap or a tap set moving (a fade, a button's colour) has come to rest: axe
    # measures contrast on the colours of the moment, and a slow machine catches them midway.
    # A transition that starts after this wait (a class set once the swap has settled) would
    # still be caught: so the page is first asked for reduced motion, which ends Bootstrap's
    # button transitions, as a phone set so would show them.
    p.emulate_media(reduced_motion="reduce")
    p.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter(a => a.effect && a.effect.getTiming().iterations !== Infinity)
            .map(a => a.finished.catch(() => null)))"""
    )
    violations = Axe().run(p).response["violations"]
    assert violations == [], f"{state}: {describe(violations)}"


def test_correcting_opens_at_the_row_and_moves_the_claim_to_another_player(page):
    """« Corriger » turns the claim's row into its form, in view and focused; a claim written
    under the wrong name moves to the right player at their next rank."""
    from tests.factories import party

    game = party(
        "num_check",
        3,
        claims={0: [("paire", "5R 5B"), ("brelan", "2R 2B 2J")], 1: [("carre", "3R 3B 3J 3V")]},
    )
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    claim = Claim.objects.get(combo="paire")
    page.get_by_role("link", name="Corriger l’annonce 1 de Léa").click()
    form = page.locator(f"#claim-{claim.pk} #correction")  # the row became the form
    expect(form).to_be_in_viewport()
    expect(page.locator("#edit-player")).to_be_focused()
    expect(page.locator("#edit-player")).to_have_value(str(claim.player_id))
    axe_clean(page, "correction open at its row")
    page.locator("#edit-player").select_option(label="Tom")
    page.get_by_role("button", name="Enregistrer la correction").click()
    notice_in_view(page)
    claim.refresh_from_db()
    assert (claim.player.name, claim.position) == ("Tom", 2)
    assert Claim.objects.get(combo="brelan").position == 1  # Léa's next claim moved up
    expect(page.locator("#correction")).to_have_count(0)
    assert page.problems == []


def test_a_num_draft_grid_costs_at_most_19_taps_from_the_first_screen_with_its_live_score(page):
    """This phone's player's grid is open; the picker starts on the first place, moves on after
    each card and keeps its family: a tap per family change, a tap per value, one to save. The
    worst grid (a family change at every card) is 9 × 2 + 1 = 19 taps."""
    from tests.factories import party

    game = party("num_draft", ["Léa", "Tom", "Zoé"])
    lea = game.players.get(name="Léa")
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    this_phone_is(page, "Léa")  # once per party and phone, remembered
    page.reload()
    grid = page.locator(f'details[data-grid-player="{lea.pk}"]')
    expect(grid).to_have_attribute("open", "")
    picker = page.locator(f"#grid-picker-{lea.pk} [data-picker]")
    cards = ["1R", "2B", "3J", "4V", "5R", "6B", "7J", "8V", "9R"]  # a family change each card
    taps = 0
    family = None
    for card in cards:
        if card[-1] != family:
            picker.locator(f"[data-family={card[-1]}]").click()
            family = card[-1]
            taps += 1
        picker.locator(f"[data-value='{card[:-1]}']").click()
        taps += 1
    preview = page.locator(f"#preview-grid-{lea.pk} [data-testid=preview-grid]")
    expect(preview).to_contain_text("Léa : ")  # the engine's total before saving
    expect(preview).to_contain_text("points avec cette grille")
    axe_clean(page, "NUM DRAFT grid with its live score")
    expect(page.locator("[data-testid=total-0]")).to_have_text("0")  # nothing saved yet
    live = preview.inner_text().replace("\u202f", " ").split(" : ")[1].split(" ")[0]
    grid.get_by_role("button", name="Enregistrer la grille").click()
    taps += 1
    notice_in_view(page)
    lea.refresh_from_db()
    assert lea.grid == cards
    expect(page.locator("[data-testid=total-0]")).to_have_text(live)  # the score it announced
    print(f"NUM DRAFT grid taps from the first screen: {taps}")
    assert taps == 19
    assert page.problems == []


@pytest.mark.parametrize("failure", ["500", "503", "503-app", "network"])
def test_a_failed_save_says_so_next_to_its_button_and_keeps_the_entry(page, failure):
    from tests.factories import party

    game = party("num_check", 3)
    if failure == "network":
        # a phone that can keep nothing (a private window may refuse IndexedDB): the write is
        # not queued (test_party_queue_browser.py), it says so next to its button
        page.add_init_script("Object.defineProperty(window, 'indexedDB', { value: undefined })")
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    if failure == "network":
        page.route("**/claim_add/", lambda route: route.abort("internetdisconnected"))
        # the poll fails too (the network is gone): one that goes through clears « Pas de réseau »
        page.route("**/tableau/**", lambda route: route.abort("internetdisconnected"))
    else:
        # a 500, a proxy's 503, or the site's own 503 (numsite/failures.py: its message goes
        # to #request-status)
        headers = (
            {"Retry-After": "1", "HX-Retarget": "#request-status"} if failure == "503-app" else {}
        )
        page.route(
            "**/claim_add/",
            lambda route: route.fulfill(
                status=int(failure[:3]), body="<p>réessayez dans un instant</p>", headers=headers
            ),
        )
    page.locator("#claim-player").select_option(label="Tom")
    save_claim(page, "full", "7R 7B 7J 3V 3A")
    failed = page.locator("#entry [data-testid=write-failed]")
    expect(failed).to_be_in_viewport()
    expect(failed).to_be_focused()
    expected = "Pas de réseau" if failure == "network" else "L’enregistrement a échoué"
    expect(failed).to_contain_text(expected)
    button = page.get_by_role("button", name="Enregistrer le CHECK")
    # next to its button: the message is right before it, in the same form
    assert failed.evaluate(
        "n => n.nextElementSibling && n.nextElementSibling.matches('[data-save]')"
    )
    expect(page.locator("#claim-cards")).to_have_value("7R 7B 7J 3V 3A")  # nothing lost
    expect(page.locator("#claim-player")).to_have_value(str(game.players.get(name="Tom").pk))
    expect(page.locator("#claim-combo")).to_have_value("full")
    assert not Claim.objects.exists()
    axe_clean(page, f"failed save ({failure})")
    page.unroute("**/claim_add/")
    page.unroute("**/tableau/**")
    page.problems.clear()  # htmx logs the failed request on the console: the point of this test
    button.click()  # once the server answers again, the same entry is saved
    notice_in_view(page)
    assert Claim.objects.get().cards == "7R 7B 7J 3V 3A"
    expect(page.locator("[data-testid=write-failed]")).to_have_count(0)
    assert page.problems == []


def test_num5_turn_by_turn_keeps_the_rows_collected_cards_and_points_in_view(page):
    """After each turn the notice, the rows, what each player collected and their running
    points are on screen together, without the page jumping back to the top."""
    from tests.browser.test_num5_turn_browser import TURNS
    from tests.factories import party

    game = party("num5", ["Léa", "Tom", "Zoé"])
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.locator("#turns summary").click()
    for number, cards in enumerate(TURNS, start=1):
        picker = page.locator("#turn-picker [data-picker]")
        for family, value in cards:
            picker.locator(f"[data-family={family}]").click()
            picker.locator(f"[data-value='{value}']").click()
        page.get_by_role("button", name=f"Jouer le tour {number}").click()
        notice = page.locator("#turns [data-testid=sheet-done]")
        expect(notice).to_contain_text(f"Tour {number}")
        expect(notice).to_be_in_viewport(ratio=1)
        expect(notice).to_be_focused()
        expect(page.locator("#sheet-status [data-testid=sheet-done]")).to_have_count(0)  # once
        expect(page.locator("[data-testid=turn-rows]")).to_be_in_viewport(ratio=1)
        expect(page.locator("[data-testid=turn-collected]")).to_be_in_viewport(ratio=1)
    # turn 3: Zoé collects 0S 3A 2B 7B, +12 (the engine's tally so far); Léa and Tom 0
    expect(page.locator("[data-testid=turn-points-2]")).to_have_text("12 points")
    expect(page.locator("[data-testid=turn-points-0]")).to_contain_text("0 point")
    axe_clean(page, "Num 5 turn entry after a turn")
    assert page.problems == []


def test_after_a_save_its_details_come_at_once_from_the_board_every_phone_gets(page):
    """The answer to a save carries the new standings and keeps the details as the phone shows
    them (they are most of the board's weight, and the answer, which carries the party's
    tokens, is never compressed); the phone asks the live board for the new details at once,
    saying which version its details show (``d``), as it would after another phone's save."""
    from tests.factories import fresh, party

    game = party("num_check", 3, claims={0: LEA[:1]})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    this_phone_is(page, "Tom")
    page.locator("#board-more details").first.evaluate("d => d.open = true")  # the history
    shown = page.locator("#board-more [name=d]").get_attribute("value")
    asked = lambda r: "/tableau/" in r.url and f"d={shown}" in r.url  # noqa: E731
    with page.expect_request(asked, timeout=2500):  # before the 3 s poll would
        save_claim(page, *TOM[0])
    notice_in_view(page)
    more = page.locator("#board-more")
    expect(more).to_contain_text("Tom — 1/8 combinaisons")
    expect(more.locator("[name=d]")).to_have_value(str(fresh(game).version))
    expect(more.locator("details").first).to_have_js_property("open", True)  # still open
    expect(page.locator("#board tr.ns-changed")).to_have_count(1)  # Tom's row stays lit
    expect(page.locator("[data-testid=sheet-done]")).to_be_focused()  # the notice keeps focus
    assert page.problems == []


def test_a_correction_open_while_another_phone_saves_is_kept_and_not_fetched_again(page):
    """The live board brings another phone's save; a correction open in the details stays as
    typed, and its details count as seen, so the next polls are 204s again (no board every
    3 s while the form is open)."""
    from calculators.games.num_check.party import writes
    from tests.factories import fresh, party, seat

    game = party("num_check", 3, claims={0: LEA[:1]})
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.get_by_role("link", name="Corriger l’annonce 1 de Léa").click()
    page.locator("#edit-cards").fill("4R 4B")
    writes.add_claim(fresh(game), seat(game, 1).pk, *TOM[0])  # another phone's save
    polled = lambda r: "/tableau/" in r.url and r.status == 200  # noqa: E731
    with page.expect_response(polled, timeout=10_000):
        pass
    expect(page.locator("#board tr[data-seat='1']")).to_have_attribute("data-total", "20")
    version = str(fresh(game).version)
    expect(page.locator("#board-more [name=d]")).to_have_value(version)
    expect(page.locator("#edit-cards")).to_have_value("4R 4B")  # nothing typed is lost
    with page.expect_response(lambda r: "/tableau/" in r.url, timeout=10_000) as next_poll:
        pass
    assert next_poll.value.status == 204
    assert page.problems == []


def test_a_grid_begun_for_one_player_stays_while_another_is_saved_and_then_saves(page):
    """Saving one NUM DRAFT grid leaves the other grids' forms as the phone shows them: what
    was begun in one stays, and saving it afterwards is accepted (its form's older « seen »
    only asks that nobody changed that grid since)."""
    from tests.factories import party

    game = party("num_draft", ["Léa", "Tom", "Zoé"])
    lea, tom = game.players.get(name="Léa"), game.players.get(name="Tom")
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    for player, cards in ((tom, ("4R", "5R")), (lea, ("1R", "2R", "3R"))):
        page.get_by_text(f"Grille de {player.name}").click()
        for index, card in enumerate(cards):
            page.locator(f"#g{player.pk}-{index}").fill(card)
    page.locator(f'details[data-grid-player="{lea.pk}"]').get_by_role(
        "button", name="Enregistrer la grille"
    ).click()
    notice_in_view(page)
    expect(page.locator("[data-testid=total-0]")).to_have_text("6")
    expect(page.locator(f"#g{tom.pk}-0")).to_have_value("4R")  # begun, not saved: still there
    expect(page.locator(f"#g{tom.pk}-1")).to_have_value("5R")
    page.locator(f'details[data-grid-player="{tom.pk}"]').get_by_role(
        "button", name="Enregistrer la grille"
    ).click()
    expect(notice_in_view(page)).to_contain_text("Tom")
    assert page.locator("[data-testid=refusal]").count() == 0
    tom.refresh_from_db()
    assert tom.grid[:2] == ["4R", "5R"]
    assert page.problems == []
