"""An evening at a real table, played on phones: what a player ran into, each as the player did
it. The timing of every answer is made explicit by holding its request with ``page.route``."""

import pytest
from playwright.sync_api import Route, expect

from calculators.parties.models import Claim

pytestmark = pytest.mark.browser


def held(page, pattern):
    """The requests matching ``pattern``, held until the test lets them go."""
    waiting = []
    page.route(pattern, lambda route: waiting.append(route))
    return waiting


def test_enter_right_after_typing_the_cards_saves_the_proposed_combination(page):
    """The combination is proposed by the live score, which answers a moment after the last
    card typed: a player typing four cards and pressing Enter at once saves the Carré, not the
    Paire the select still showed, refused as « Une Paire compte 2 cartes »."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    previews = held(page, "**/*apercu=1*")
    cards = page.locator("#claim-cards")
    cards.fill("2R 2B 2J 2V")
    cards.press("Enter")
    for _ in range(40):  # the live score is asked…
        if previews:
            break
        page.wait_for_timeout(50)
    assert previews
    page.wait_for_timeout(300)
    assert Claim.objects.count() == 0  # …and the save waits for its answer
    for route in previews:
        route.continue_()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Carré")
    claim = Claim.objects.get()
    assert (claim.combo, claim.cards) == ("carre", "2R 2B 2J 2V")
    assert page.problems == []


def test_a_save_is_not_held_forever_by_a_live_score_that_never_answers(page):
    """No network for the live score (or a server that does not answer it): the save still
    goes, with the combination the select shows, and its answer is said as usual."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    held(page, "**/*apercu=1*")  # never answered
    expect(page.locator("#claim-combo")).to_have_value("paire")
    page.locator("#claim-cards").fill("2R 2B")
    page.locator("#claim-cards").press("Enter")
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Paire", timeout=5_000)
    assert Claim.objects.get().combo == "paire"


@pytest.mark.parametrize(
    "path",
    [
        "/num-check/",
        "/num-draft/",
        "/num-draft/table/",
        "/num-5/",
        "/num-connect/",
    ],
)
def test_a_calculator_at_360_px_with_200_percent_text_does_not_scroll_sideways(page, path):
    """A player with large text checks a play on a small phone: nothing of the calculator is
    out of the screen to the right (the Num 5 sheet's « Ajouter une manche » and « Recompter »
    sat side by side, « Recompter » pushed past the edge)."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}{path}")
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.problems == []


@pytest.mark.parametrize(
    ("prefix", "added", "theme"),
    [("", "Ajoutée\u202f: 7R.", "Thème\u202f: système"), ("/en", "Added: 7R.", "Theme: system")],
)
def test_the_picker_and_the_theme_toggle_speak_with_french_typography(page, prefix, added, theme):
    """What the scripts show comes from the page's attributes, which the site's French
    typography did not reach: « Ajoutée : 7R. » could break before its colon at 360 px. In
    French a narrow no-break space comes before « : » and the apostrophe is typographic; the
    English text is left as written."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{page.base}{prefix}/num-check/")
    picker = page.locator("#calcul [data-picker]")
    status = picker.locator("[data-picker-status]")
    picker.locator("[data-value='7']").click()  # no family yet
    if not prefix:
        assert status.evaluate("e => e.textContent") == "Choisissez d\u2019abord une famille."
    picker.locator("[data-family=R]").click()
    picker.locator("[data-value='7']").click()
    assert status.evaluate("e => e.textContent") == added
    assert page.locator("[data-theme-label]").evaluate("e => e.textContent") == theme
    assert page.problems == []


def test_a_failed_save_says_so_with_french_typography(page):
    """The message a script shows when a save fails sits next to the button: in French, its
    colon is held to its word by a narrow no-break space."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.route("**/claim_add/", lambda route: route.fulfill(status=500, body="<p>erreur</p>"))
    page.locator("#claim-combo").select_option("paire")
    page.locator("#claim-cards").fill("5R 5B")
    page.get_by_role("button", name="Enregistrer le CHECK").click()
    failure = page.get_by_text("L’enregistrement a échoué")
    expect(failure).to_be_visible()
    assert "(erreur du serveur)\u202f: votre saisie" in failure.evaluate("e => e.textContent")


def a_round_kept_offline_then_sent(page):
    """A round entered without network (kept on the phone, the finger still in its last
    cell), then the network back: stored, and shown on the board (Tom's 27)."""
    page.context.set_offline(True)
    page.locator("[data-testid=cell-0]").fill("10R")
    page.locator("[data-testid=cell-1]").fill("27")
    page.locator("[data-testid=cell-2]").fill("0")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=party-queue]")).to_contain_text("1 saisie à envoyer")
    page.context.set_offline(False)
    expect(page.locator("[data-testid=total-1]")).to_have_text("27", timeout=15_000)


def test_a_round_sent_when_the_network_returns_is_not_taken_for_another_phones(page):
    """No network: the round is kept on the phone, the player's finger still in its last cell.
    The network back, it is stored and the board shows it, but the page is not redrawn under
    the finger: its forms still said they had seen the sheet before it, so « Terminer la
    partie » was refused with « Entre-temps, un autre téléphone a enregistré : Manche 1 ajoutée »,
    a write this very phone made."""
    from calculators.parties.models import Game
    from tests.factories import party

    game = party("num5", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    a_round_kept_offline_then_sent(page)
    assert Game.objects.get(pk=game.pk).version == game.version + 1
    page.locator("[data-testid=finish]").click()
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator("[data-testid=game-finished]")).to_contain_text("victoire de Tom")
    expect(page.locator("[data-testid=refusal]")).to_have_count(0)


def test_a_claim_refused_on_the_english_phone_reads_as_english(page):
    """The phone in English: a Pair typed with three cards is refused with the claim's place
    and the reason, in English punctuation (no space before the colon, as French sets it)."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/en/parties/{game.edit_token}/")
    page.locator("#claim-player").select_option(label="Tom")
    page.locator("#claim-combo").select_option("paire")
    page.locator("#claim-cards").fill("11R 11B 11J")
    page.get_by_role("button", name="Save the CHECK").click()
    refusal = page.locator("[data-testid=refusal]")
    expect(refusal).to_contain_text("A Pair has 2 cards")
    assert "Tom, claim 1: A Pair has 2 cards: you gave 3." in refusal.evaluate("e => e.textContent")
    assert page.problems == []


def test_a_double_enter_while_the_live_score_is_asked_queues_one_save(page):
    """No network: the live score cannot answer, so a save waits its 1.5 s. A player pressing
    Enter twice meanwhile made two saves wait; the first kept the claim and cleared the form,
    the second then sent the cleared form as a second, empty claim."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.context.set_offline(True)
    cards = page.locator("#claim-cards")
    cards.fill("2R 2B")
    cards.press("Enter")
    cards.press("Enter")
    queue = page.locator("[data-testid=party-queue]")
    expect(queue).to_contain_text("1 saisie à envoyer", timeout=5_000)
    page.wait_for_timeout(2_000)  # both waits are over
    expect(queue).to_contain_text("1 saisie à envoyer")


def test_a_save_waits_for_the_live_score_of_its_last_card_not_of_an_earlier_one(page):
    """The live score asked for three cards is still on its way when the fourth is typed and
    Enter pressed: the ask for four cards waits behind it. The answer for three cards proposed
    the Brelan and let the save go with it and four cards, refused as « Un Brelan compte 3
    cartes »; the save waits for the answer to what it carries."""
    from tests.factories import party

    game = party("num_check", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    previews: list[Route] = []
    free: list[bool] = []
    page.route("**/*apercu=1*", lambda r: r.continue_() if free else previews.append(r))
    cards = page.locator("#claim-cards")
    cards.fill("2R 2B 2J")
    for _ in range(40):  # the live score is asked for three cards
        if previews:
            break
        page.wait_for_timeout(50)
    assert len(previews) == 1
    cards.fill("2R 2B 2J 2V")
    cards.press("Enter")
    page.wait_for_timeout(400)  # the ask for four cards waits behind the first
    assert len(previews) == 1 and Claim.objects.count() == 0
    free.append(True)
    previews[0].continue_()
    expect(page.locator("[data-testid=sheet-done]")).to_contain_text("Carré")
    claim = Claim.objects.get()
    assert (claim.combo, claim.cards) == ("carre", "2R 2B 2J 2V")
    assert page.problems == []


def test_a_round_sent_later_moves_only_the_forms_that_had_seen_what_it_had_seen(page):
    """Not every form of a sheet has seen the same version: the correction drawn by the board's
    live refresh has seen another phone's write that the forms drawn with the page have not.
    When this phone's queued round goes through, only the forms that had seen what the round
    had seen follow it; one that had seen less still has another phone's write to be told
    about (« Entre-temps, un autre téléphone a enregistré »), and keeps its version."""
    from tests.factories import party

    game = party("num5", 3)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    finish = page.locator("[data-testid=finish]")
    earlier = str(game.version - 1)  # a form drawn before a write this phone did not make
    finish.evaluate("(b, v) => { b.form.elements.seen.value = v; }", earlier)
    a_round_kept_offline_then_sent(page)
    seen = page.locator("#sheet input[name=seen]")
    expect(seen.first).to_have_value(str(game.version + 1))  # the round's own form follows
    assert finish.evaluate("b => b.form.elements.seen.value") == earlier
