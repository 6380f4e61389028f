"""Drafts on the calculators (static/js/drafts.js, data-draft): what is typed in any calculator
form survives a reload on this phone, and its result shows again; a reset drops the draft."""

import re
from urllib.parse import unquote_plus

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def score(page):
    page.goto(page.base + "/num-check/#calculer")
    page.select_option("#id_combo", "paire")
    page.fill("#id_cards", "5R 5B")
    result = page.locator("[data-testid=check-total]")
    return {"#id_combo": "paire", "#id_cards": "5R 5B"}, result, "15 points"


def detector(page):
    page.goto(page.base + "/num-check/#calculer")
    page.fill("#id_hand", "7R 7B 7J 3V")
    page.fill("#id_centre", "3A")
    return (
        {"#id_hand": "7R 7B 7J 3V", "#id_centre": "3A"},
        page.locator("[data-testid=detected]"),
        "Full",
    )


def outs(page):
    page.goto(page.base + "/num-check/#guetter")
    page.fill("#id_outs-hand", "7R 7B 3V 3J")
    group = page.locator("[data-testid=outs-group][data-combo=full]")
    return {"#id_outs-hand": "7R 7B 3V 3J"}, group, "Full"


def sheet(page):
    page.goto(page.base + "/num-check/feuille/")
    page.fill("#id_players", "Léa : Paire 5R 5B")
    page.get_by_role("button", name="Compter les points").click()
    return (
        {"#id_players": "Léa : Paire 5R 5B"},
        page.locator("[data-testid=sheet-player]"),
        "15 points",
    )


def pool(page):
    page.goto(page.base + "/num-draft/#calculer")
    page.fill("#id_g00", "1R")
    page.fill("#id_g02", "1V")
    return {"#id_g00": "1R", "#id_g02": "1V"}, page.locator("[data-testid=draft-total]"), "0 points"


TABLE = "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -"


def table(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_players", TABLE)
    page.get_by_role("button", name="Compter la table").click()
    return {"#id_players": TABLE}, page.locator("[data-testid=table-ranking]"), "A"


TURNED = "Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V"


def opening(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_turned", TURNED)
    page.locator("#opening button[type=submit]").click()
    return {"#id_turned": TURNED}, page.locator("[data-testid=opening]"), "Tour 2"


def num5_rounds(page):
    page.goto(page.base + "/num-5/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Ajouter une manche").click()
    expect(page.locator("[data-testid=cell-0-0]")).to_be_visible()
    page.locator("[data-testid=cell-0-0]").fill("10R")
    page.locator("[data-testid=cell-0-1]").fill("2 - 1")
    page.locator("[data-testid=cell-0-2]").fill("0")
    values = {
        "#id_players": "Léa, Tom, Zoé",
        "[data-testid=cell-0-0]": "10R",
        "[data-testid=cell-0-1]": "2 - 1",
        "[data-testid=cell-0-2]": "0",
    }
    return values, page.locator("[data-testid=wins-0]"), "1"


def num5_turn(page):
    page.goto(page.base + "/num-5/tour/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Commencer la manche").click()
    return {"#id_players": "Léa, Tom, Zoé"}, page.locator("#turn-calculator"), "Tour 1"


def connect(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V 5B")
    return {"#id_cards": "5R 5V 5B"}, page.locator("[data-testid=connect-valid]"), "segment"


CALCULATORS = [score, detector, outs, sheet, pool, table, opening, num5_rounds, num5_turn, connect]


@pytest.mark.parametrize("calculator", CALCULATORS, ids=lambda c: c.__name__)
def test_what_is_typed_in_a_calculator_survives_a_reload_and_its_result_shows_again(
    page, calculator
):
    values, result, expected = calculator(page)
    expect(result.first).to_contain_text(expected)
    page.reload()
    for selector, value in values.items():
        expect(page.locator(selector)).to_have_value(value)
    expect(result.first).to_contain_text(expected)
    assert page.problems == []


def test_a_reset_form_drops_its_draft(page):
    page.goto(page.base + "/num-check/#calculer")
    page.fill("#id_hand", "7R 7B 7J 3V")
    page.fill("#id_centre", "3A")
    expect(page.locator("[data-testid=detected]")).to_contain_text("Full")
    page.locator("#id_hand").evaluate("field => field.form.reset()")
    page.reload()
    expect(page.locator("#id_hand")).to_have_value("")
    assert page.problems == []


def test_a_permalinks_values_win_over_the_draft(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V 5B")
    expect(page.locator("[data-testid=connect-valid]")).to_be_visible()
    page.goto(page.base + "/num-connect/?cards=5R+5V")  # a link someone shared
    expect(page.locator("#id_cards")).to_have_value("5R 5V")
    expect(page.locator("[data-testid=connect-invalid]")).to_be_visible()
    assert page.problems == []


def test_a_calculator_opened_afresh_starts_a_new_calculation_a_reload_keeps_the_draft(page):
    """Coming back to Num Connect from the menu shows an empty line; reloading, or stepping
    back to the bare page, gives back what was typed."""
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V 5B")
    expect(page.locator("[data-testid=connect-valid]")).to_be_visible()
    expect(page).to_have_url(re.compile(r"cards=5R"))
    page.goto(page.base + "/")
    page.goto(page.base + "/num-connect/")  # the menu's link: a new calculation
    expect(page.locator("#id_cards")).to_have_value("")
    page.fill("#id_cards", "7R 8R")
    page.reload()  # a reload before any answer moved the address... or after: nothing lost
    expect(page.locator("#id_cards")).to_have_value("7R 8R")
    assert page.problems == []


# A live answer lands while the page reloads. The reload has taken the page's address (the
# last one pushed) and waits for the server; the answer to what was sent before the last
# keystroke arrives in the old page meanwhile and pushes the next address. The new page opens
# at the older address: what was typed must come back all the same.


@pytest.fixture
def held_page(browser, live_server):
    """A phone-sized page whose service worker is blocked, so that the test's routes see the
    reload's own request (the worker would fetch it on its own), recording problems as `page`."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", service_workers="block"
    )
    page = context.new_page()
    page.problems = []
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: page.problems.append(f"pageerror: {e}"))
    page.pushed = []  # the addresses htmx pushed, as the page's drafts heard them
    page.expose_function("numsitePushed", lambda path: page.pushed.append(path))
    page.add_init_script(
        "document.addEventListener('htmx:pushedIntoHistory', e => window.numsitePushed(e.detail.path));"
    )
    page.base = live_server.url
    yield page
    context.close()


class LateAnswers:
    """Holds the page's live requests from now on; reload() starts a reload, lets them through
    once the reload's request is under way, and opens the new page only when their answers have
    pushed their address into the old one."""

    def __init__(self, page):
        self.page, self.held, self.reloads, self.holding = page, [], [], True
        page.route(lambda url: url.startswith(page.base), self.route)

    def route(self, route):
        if route.request.resource_type == "document":
            self.reloads.append(route)  # the reload waits for the server…
            self.holding = False
            while self.held:  # …and the answers come meanwhile
                self.held.pop(0).continue_()
        elif self.holding and route.request.headers.get("hx-request"):
            self.held.append(route)
        else:
            route.continue_()

    def wait(self, what):
        for _ in range(600):  # 15 s
            if what():
                return
            self.page.wait_for_timeout(25)
        raise AssertionError("the page never got there")

    def reload(self, pushed):
        """pushed: a piece of the address the late answer pushes (the last entry's values)."""
        page = self.page
        self.wait(lambda: self.held)  # the entry's live request is on its way
        page.evaluate("() => { setTimeout(() => location.reload(), 0); }")
        self.wait(lambda: self.reloads)
        assert pushed not in unquote_plus(self.reloads[0].request.url), "an older address"
        self.wait(lambda: any(pushed in unquote_plus(path) for path in page.pushed))
        with page.expect_navigation():
            self.reloads[0].continue_()
        page.unroute_all()


def late_pool(page):
    page.goto(page.base + "/num-draft/#calculer")
    page.fill("#id_g00", "1R")
    expect(page.locator("[data-testid=draft-total]")).to_contain_text("0 points")
    late = LateAnswers(page)
    page.fill("#id_g02", "1V")
    return late, "g02=1V", {"#id_g00": "1R", "#id_g02": "1V"}


def late_score(page):
    page.goto(page.base + "/num-check/#calculer")
    page.select_option("#id_combo", "paire")
    page.fill("#id_cards", "5R")
    expect(page.locator("[data-testid=check-progress]")).to_be_visible()
    late = LateAnswers(page)
    page.fill("#id_cards", "5R 5B")  # the same field again: the address holds "5R"
    return late, "cards=5R 5B", {"#id_combo": "paire", "#id_cards": "5R 5B"}


def late_outs(page):
    page.goto(page.base + "/num-check/#guetter")
    page.fill("#id_outs-hand", "7R 7B 3V")
    expect(page).to_have_url(re.compile(r"/guetter/\?.*hand=7R"))  # another path than the page's
    late = LateAnswers(page)
    page.fill("#id_outs-hand", "7R 7B 3V 3J")
    return late, "hand=7R 7B 3V 3J", {"#id_outs-hand": "7R 7B 3V 3J"}


def late_connect(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V")
    expect(page.locator("[data-testid=connect-invalid]")).to_be_visible()
    late = LateAnswers(page)
    page.fill("#id_cards", "5R 5V 5B")
    return late, "cards=5R 5V 5B", {"#id_cards": "5R 5V 5B"}


def late_turn(page):
    page.goto(page.base + "/num-5/tour/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Commencer la manche").click()
    expect(page.locator("#turn-calculator")).to_contain_text("Tour 1")
    late = LateAnswers(page)
    page.fill("#id_players", "Léa, Tom, Zoé, Max")
    page.get_by_role("button", name="Mettre à jour").click()  # the answer redraws the form
    return late, "players=Léa, Tom, Zoé, Max", {"#id_players": "Léa, Tom, Zoé, Max"}


def late_sheet(page):
    page.goto(page.base + "/num-5/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    page.get_by_role("button", name="Ajouter une manche").click()
    page.locator("[data-testid=cell-0-0]").fill("10R")
    page.locator("[data-testid=cell-0-2]").fill("0")
    expect(page).to_have_url(re.compile(r"=10R"))
    late = LateAnswers(page)
    page.locator("[data-testid=cell-0-1]").fill("2 - 1")
    values = {
        "[data-testid=cell-0-0]": "10R",
        "[data-testid=cell-0-1]": "2 - 1",
        "[data-testid=cell-0-2]": "0",
    }
    return late, "=2 - 1", values


def late_after_back(page):
    page.goto(page.base + "/num-connect/")
    page.fill("#id_cards", "5R 5V")
    expect(page).to_have_url(re.compile(r"cards=5R"))
    page.fill("#id_cards", "5R 5V 5B")
    expect(page).to_have_url(re.compile(r"5B"))
    page.go_back()  # htmx brings back its copy of the page
    expect(page).not_to_have_url(re.compile(r"5B"))
    late = LateAnswers(page)
    page.fill("#id_cards", "1R 2R 3R")
    return late, "cards=1R 2R 3R", {"#id_cards": "1R 2R 3R"}


def late_table(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_players", TABLE)
    page.get_by_role("button", name="Compter la table").click()
    expect(page.locator("[data-testid=table-ranking]")).to_contain_text("A")
    late = LateAnswers(page)
    table = TABLE.replace("1V 1B -", "1V 1B 1J")
    page.fill("#id_players", table)
    page.get_by_role("button", name="Compter la table").click()  # computed on submit only
    return late, "1V 1B 1J", {"#id_players": table}


LATE = [
    late_pool,
    late_score,
    late_outs,
    late_connect,
    late_table,
    late_turn,
    late_sheet,
    late_after_back,
]


@pytest.mark.parametrize("calculator", LATE, ids=lambda c: c.__name__[5:])
def test_a_live_answer_that_lands_during_the_reload_loses_nothing_typed(held_page, calculator):
    page = held_page
    late, pushed, values = calculator(page)
    late.reload(pushed)
    for selector, value in values.items():
        expect(page.locator(selector)).to_have_value(value)
    assert page.problems == []
