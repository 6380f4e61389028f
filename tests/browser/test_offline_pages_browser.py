"""The text and turn-by-turn calculators with no network (docs/offline.md): after one online
visit, each page reads its own fields on the phone (calculators/games/<game>/readers.py, the readers its
Django form calls) and draws the same totals and titles as the server's API answers, marked
« calculé sur ce téléphone »; a bad input shows its message at the field, as the server does."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation
from playwright.sync_api import expect

from calculators.games.num5 import readers as num5_readers
from calculators.games.num5.forms import Num5Form, TurnForm
from calculators.games.num_check import readers as check_readers
from calculators.games.num_check.forms import OutsForm, SheetForm
from calculators.games.num_draft import readers as draft_readers
from calculators.games.num_draft.forms import DraftTableForm
from tests.browser.test_axe import describe
from tests.browser.test_offline_browser import online_visit, server_answer

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("offline")]

LOCAL = {"fr": "Calculé sur ce téléphone", "en": "Computed on this phone"}


@pytest.fixture
def offline_page(page):
    """One online visit (the service worker and the offline bundle kept), then the test."""
    online_visit(page)
    yield page
    page.context.set_offline(False)


def open_page(page, path):
    """A page opened (from the network or this phone's copy), its engines started."""
    page.goto(page.base + path)
    page.evaluate("() => window.NumsiteOffline.warm()")


def form_error(form_class, data, field, language="fr"):
    """The message the server's form shows at ``field`` for ``data``."""
    with translation.override(language):
        form = form_class(data)
        assert not form.is_valid()
        return " ".join(str(e) for e in form.errors[field])


def assert_accessible(page):
    """axe finds nothing on the page with its offline answer drawn."""
    assert describe(Axe().run(page).response["violations"]) == []


def answer_box(page, target, language="fr"):
    box = page.locator(f"{target} [data-offline-answer]")
    expect(box).to_contain_text(LOCAL[language])
    return box


def test_outs_answer_offline(offline_page):
    """« Quelles cartes guetter ? » (/num-check/regles/#arbitrage-cartes-a-guetter): the outs
    grouped by combination, best first, the combinations already made left out."""
    page = offline_page
    page.context.set_offline(True)
    open_page(page, "/num-check/guetter/")
    cases = [("7R 7B 3V 3J", "1", []), ("5R 6R 7R", "3", ["suite_couleur"]), ("12S", "8", [])]
    for hand, rank, made in cases:
        for box in page.locator("[name=outs-exclude]").all():
            box.set_checked(box.get_attribute("value") in made)
        page.select_option("#id_outs-rank", rank)
        page.fill("#id_outs-hand", hand)
        page.get_by_role("button", name="Voir les cartes à guetter").click()
        body = {"hand": hand.split(), "rank": int(rank), "exclude": made}
        want = server_answer(page.base, "num-check/outs", body, "fr")
        box = answer_box(page, "#outs-result")
        best: dict[str, int] = {}
        for out in want["outs"]:
            for check in out["checks"]:
                best[check["combo"]] = max(best.get(check["combo"], 0), check["total"])
        groups = box.locator("[data-offline-group]")
        expect(groups).to_have_count(len(best))
        keys = [g.get_attribute("data-offline-group") for g in groups.all()]
        assert set(keys) == set(best) and not set(keys) & set(made)
        assert [best[k] for k in keys] == sorted(best.values(), reverse=True)
        if want["outs"]:
            expect(box).to_contain_text(f"{len(want['outs'])} carte")
    assert_accessible(page)
    page.fill("#id_outs-hand", "7R 99Z")
    page.get_by_role("button", name="Voir les cartes à guetter").click()
    want = form_error(OutsForm, {"outs-hand": "7R 99Z", "outs-rank": "1"}, "hand")
    expect(page.locator("[data-error-for=id_outs-hand]")).to_have_text(want)


def test_check_sheet_answers_offline_in_both_languages(offline_page):
    page = offline_page
    page.context.set_offline(True)
    sheets = [
        "Léa : Full 7R 7B 7J 3V 3A\nMax : Paire 5R 5B\nLéa : Paire 2R 2B",
        "Zoé : Brelan 4R 4B 4J\nTom : Carré 9R 9B 9J 9V\nZoé : Couleur 1R 3R 5R 8R 11R",
    ]
    for prefix, language in (("", "fr"), ("/en", "en")):
        open_page(page, f"{prefix}/num-check/feuille/")
        for text in sheets:
            page.fill("#id_players", text)
            page.locator("#feuille button[type=submit]").click()
            entries = check_readers.read_check_sheet(text)
            body = {
                "players": [
                    {"name": n, "claims": [{"combo": c, "cards": k.split()} for c, k in claims]}
                    for n, claims in entries
                ]
            }
            want = server_answer(page.base, "num-check/sheet", body, language)
            box = answer_box(page, "#sheet-result", language)
            titles = box.locator("[data-offline-group] [data-offline-title]")
            expect(titles).to_have_count(len(want["players"]))
            for title, player in zip(titles.all(), want["players"], strict=True):
                assert title.get_attribute("data-score") == str(player["total"])
                expect(title).to_contain_text(player["title"])
    open_page(page, "/num-check/feuille/")
    page.fill("#id_players", "Léa Full 7R")
    page.locator("#feuille button[type=submit]").click()
    want = form_error(SheetForm, {"players": "Léa Full 7R"}, "players")
    expect(page.locator("[data-error-for=id_players]")).to_have_text(want)


def test_draft_table_answers_offline(offline_page):
    page = offline_page
    page.context.set_offline(True)
    open_page(page, "/num-draft/table/")
    tables = [
        (
            "Léa : 3R 3B 3J / 5R 5B 5J / 8V 8A 8S\nMax : 1R 2R 4R / 4B 6B 7B / - - -\n"
            "Zoé : 0R 0B 0J / 1V 1A 1S / 2V 2B 2J",
            "classic",
        ),
        (
            "Ana : 9R 9B 9J / 10R 10B 10J / 11V 11A 11S\nBob : 12R 12B - / - - - / 6V 6A 6S",
            "discovery",
        ),
    ]
    for text, mode in tables:
        page.check(f"[name=mode][value={mode}]")
        page.fill("#id_players", text)
        page.get_by_role("button", name="Compter la table").click()
        body = {"players": draft_readers.read_draft_table(text), "mode": mode}
        want = server_answer(page.base, "num-draft/table", body, "fr")
        box = answer_box(page, "#table-result")
        expect(box).to_contain_text(f"Classement (paquet {want['values']})")
        scores = box.locator("[data-offline-group] [data-offline-title]")
        expect(scores).to_have_count(len(want["players"]))
        for title, player in zip(scores.all(), want["players"], strict=True):
            assert title.get_attribute("data-score") == str(player["total"])
            expect(title).to_contain_text(player["title"])
        expect(page.locator("#table-live")).to_contain_text(LOCAL["fr"])
    assert_accessible(page)
    page.fill("#id_players", "Léa : 3R 3B")
    page.get_by_role("button", name="Compter la table").click()
    want = form_error(DraftTableForm, {"players": "Léa : 3R 3B", "mode": "classic"}, "players")
    expect(page.locator("[data-error-for=id_players]")).to_have_text(want)


def test_num5_sheet_answers_offline(offline_page):
    """The sheet opened with its players, then the network gone: each round entered is counted
    on the phone, a round not yet entered named (/num-5/regles/#arbitrage-manche-saisie)."""
    page = offline_page
    open_page(page, "/num-5/?players=Léa,+Max,+Zoé&n=2")
    expect(page.locator("[data-testid=cell-1-2]")).to_be_visible()
    page.context.set_offline(True)
    rounds = [["12R 3S", "31 - 4", "0"], ["5R 6B", "2S", "40"]]
    for i, row in enumerate(rounds):
        for j, cell in enumerate(row):
            page.fill(f"[data-testid=cell-{i}-{j}]", cell)
        page.locator(f"[data-testid=cell-{i}-2]").dispatch_event("change")
        box = answer_box(page, "#num5-result")
        expect(box).to_contain_text(f"Après {i + 1} manche")
        sheet = num5_readers.read_num5_sheet("Léa, Max, Zoé", rounds[: i + 1])
        points = " · ".join(f"{n} {sheet.game.points[n]}" for n in sheet.game.players)
        want = server_answer(
            page.base,
            "num5/game",
            {
                "players": ["Léa", "Max", "Zoé"],
                "rounds": [
                    [{"name": p.name, "plus": p.plus, "minus": p.minus} for p in r.players]
                    for r in sheet.game.rounds
                ],
            },
            "fr",
        )
        assert want["points"] == sheet.game.points
        expect(box).to_contain_text(f"Points : {points}")
    page.fill("#id_players", "Léa")
    page.locator("#id_players").dispatch_event("change")
    want = form_error(Num5Form, {"players": "Léa", "n": "0"}, "players")
    expect(page.locator("[data-error-for=id_players]")).to_have_text(want)


def test_num5_turn_answers_offline(offline_page):
    """« Jouer un tour » with no network: each turn played on the phone (T1–T17,
    /num-5/regles/#arbitrage-tour-t1), the next one replaying it as the server would."""
    page = offline_page
    open_page(page, "/num-5/tour/?players=Léa,+Max,+Zoé")
    expect(page.locator("[data-testid=card-2]")).to_be_visible()
    page.context.set_offline(True)
    rows = [{"cards": [code]} for code in num5_readers.SETUP_LINES]
    for turn, cards in enumerate([["5R", "3B", "7J"], ["6R", "1B", "2V"]], start=1):
        for index, code in enumerate(cards):
            page.fill(f"[data-testid=card-{index}]", code)
        page.get_by_test_id("play").click()
        plays = [
            {"player": n, "card": c} for n, c in zip(["Léa", "Max", "Zoé"], cards, strict=True)
        ]
        want = server_answer(page.base, "num5/turn", {"rows": rows, "plays": plays}, "fr")
        assert "rows" in want, want
        box = answer_box(page, "#turn-result")
        expect(box).to_contain_text(f"Tour {turn} : où va chaque carte")
        table = box.locator("[data-offline-group]").nth(1)
        expect(table.locator("[data-offline-title]")).to_have_text(f"La table après le tour {turn}")
        for number, row in enumerate(want["rows"]):
            expect(table.locator("li").nth(number)).to_contain_text(" : " + " ".join(row["cards"]))
        expect(page.locator(f"[name=t{turn}]")).to_have_value(" ".join(cards))
        expect(page.locator("[data-testid=card-0]")).to_have_value("")
        rows = [{"cards": row["cards"]} for row in want["rows"]]
    assert_accessible(page)
    page.fill("[data-testid=card-0]", "8R")
    page.fill("[data-testid=card-1]", "8R")
    page.fill("[data-testid=card-2]", "9J")
    page.get_by_test_id("play").click()
    data = {"players": "Léa, Max, Zoé", "t1": "5R 3B 7J", "t2": "6R 1B 2V"}
    data |= {"c0": "8R", "c1": "8R", "c2": "9J", "play": "1"}
    data |= dict(zip(num5_readers.ROW_FIELDS, num5_readers.SETUP_LINES, strict=True))
    want = form_error(TurnForm, data, "c1")
    expect(page.locator("[data-error-for=id_c1]")).to_have_text(want)
