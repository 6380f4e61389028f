"""Browser tests: the site as a player uses it, on a phone-sized screen."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_then_each_game_without_console_errors(page):
    page.goto(page.base + "/")
    names = ["NUM CHECK", "NUM DRAFT", "Num 5", "Num Connect"]
    for name in names:
        page.goto(page.base + "/")
        page.locator(".game-card h2 a", has_text=name).click()
        expect(page.locator("h1:visible")).to_contain_text(name)
        expect(page.locator("#precisions-d-arbitrage")).to_have_count(1)
    assert page.problems == []


def test_num_check_tap_cards_live_score_without_reload(page):
    page.goto(page.base + "/num-check/")
    page.locator(".game-tabs [data-pane=calculer]").click()
    page.evaluate("window.__same_page = true")
    page.select_option("#id_combo", "paire")
    picker = page.locator("#calcul [data-picker]")
    picker.locator("[data-family=R]").click()
    picker.locator("[data-value='5']").click()
    picker.locator("[data-family=B]").click()
    picker.locator("[data-value='5']").click()
    expect(page.locator("#id_cards")).to_have_value("5R 5B")
    expect(page.locator("[data-testid=check-total]")).to_have_text("15 points")
    page.select_option("#id_rank", "2")
    expect(page.locator("[data-testid=check-total]")).to_have_text("17 points")
    assert page.evaluate("window.__same_page") is True
    expect(page).to_have_url(re.compile(r"rank=2"))
    assert page.problems == []


def test_num_check_bad_card_message_and_permalink(page):
    page.goto(page.base + "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4")
    expect(page.locator("[data-testid=check-total]")).to_have_text("26 points")
    page.fill("#id_cards", "7R 7B 7J 3V 17A")
    expect(page.locator("#err-id_cards")).to_contain_text("la valeur 17 n’existe pas")
    expect(page.locator("#id_cards")).to_have_class(re.compile("is-invalid"))
    expect(page.locator("#id_cards")).to_have_value("7R 7B 7J 3V 17A")


def test_detector_lists_a_combination(page):
    page.goto(page.base + "/num-check/#calculer")
    page.fill("#id_hand", "7R 7B 7J 3V")
    centre = page.locator("#detecteur [data-picker][data-target='#id_centre']")
    centre.locator("[data-family=A]").click()
    centre.locator("[data-value='3']").click()
    expect(page.locator("#id_centre")).to_have_value("3A")
    expect(page.locator("[data-testid=detected]")).to_contain_text("Full")
    expect(page.locator("[data-testid=detected-check]").first).to_contain_text("réclamer")
    page.locator("[data-testid=detected-check] a").first.click()
    expect(page.locator("[data-testid=check-total]")).to_be_visible()
    assert page.problems == []


def test_num_connect_line_turns_valid_as_cards_are_added(page):
    page.goto(page.base + "/num-connect/?cards=5R+5V")
    expect(page.locator("[data-testid=connect-invalid]")).to_be_visible()
    picker = page.locator("[data-picker]")
    picker.locator("[data-family=B]").click()
    picker.locator("[data-value='5']").click()
    expect(page.locator("[data-testid=connect-valid]")).to_contain_text("1 segment")
    assert page.problems == []


def test_num_draft_place_cards_switch_mode(page):
    page.goto(page.base + "/num-draft/#calculer")
    picker = page.locator("#draft-picker [data-picker]")
    for place, family, value in (("#id_g00", "R", "1"), ("#id_g02", "V", "1")):
        page.locator(place).click()
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
    expect(page.locator("[data-testid=draft-total]")).to_contain_text("0 points")
    page.get_by_label("Découverte").check()
    expect(page).to_have_url(re.compile("mode=discovery"))
    expect(page.locator("[data-testid=draft-total]")).to_contain_text("6 points")
    expect(page.locator("[data-testid=draft-groups]")).to_contain_text("Groupe des 1")
    assert page.problems == []


def test_num5_game_of_three_rounds_to_a_win(page):
    page.goto(page.base + "/num-5/#calculer")
    page.fill("#id_players", "Léa, Tom, Zoé")
    for index in range(3):
        page.get_by_role("button", name="Ajouter une manche").click()
        cell = page.locator(f"[data-testid=cell-{index}-0]")
        expect(cell).to_be_visible()
        if index == 0:  # by tapping: the cell, then family and value on the picker
            cell.click()
            picker = page.locator("#num5-picker [data-picker]")
            picker.locator("[data-family=R]").click()
            picker.locator("[data-value='10']").click()
            expect(cell).to_have_value("10R")
        else:
            cell.fill(f"{10 + index}R")
        page.locator(f"[data-testid=cell-{index}-1]").fill("2 - 1")
        page.locator(f"[data-testid=cell-{index}-2]").fill("0")  # collected nothing
    expect(page.locator("[data-testid=num5-finished]")).to_contain_text("Léa")
    expect(page.locator("[data-testid=wins-0]")).to_have_text("3")
    assert page.problems == []


def test_num_draft_table_with_three_players(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill(
        "#id_players",
        "A : 1R 2R 3R / - - - / - - -\nB : 1V 1B - / - - - / - - -\nC : 5J - 5B / - - - / - - -",
    )
    page.get_by_role("button", name="Compter la table").click()
    rows = page.locator("[data-testid=table-ranking] tbody tr")
    # A and B share the first place with 6 points each, C scores nothing
    expect(rows).to_have_count(3)
    cells = page.locator("[data-testid=table-ranking] td[data-score]")
    ranking = rows.evaluate_all(
        "rows => rows.map(r => r.cells[0].textContent + r.cells[1].textContent)"
    )
    assert ranking == ["1A", "1B", "3C"]
    assert cells.evaluate_all("cells => cells.map(c => c.dataset.score)") == ["6", "6", "0"]
    assert page.problems == []


def test_two_phones_one_writes_the_other_sees_the_score_live(browser, live_server):
    from tests.factories import party

    game = party("num_check", 2)
    phones = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    writer, reader = (context.new_page() for context in phones)
    problems = []
    for page in (writer, reader):
        page.on("console", lambda m: problems.extend([m.text] if m.type == "error" else []))
    writer.goto(f"{live_server.url}/parties/{game.edit_token}/")
    reader.goto(f"{live_server.url}/parties/{game.read_token}/")
    reader.evaluate("window.__same_page = true")
    expect(reader.locator("[data-testid=total-0]")).to_have_text("0")
    assert reader.locator("text=Enregistrer le CHECK").count() == 0

    writer.select_option("#claim-combo", "full")
    picker = writer.locator("#claim-picker [data-picker]")
    for family, value in (("R", "7"), ("B", "7"), ("J", "7"), ("V", "3"), ("A", "3")):
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
    writer.get_by_role("button", name="Enregistrer le CHECK").click()
    expect(writer.locator("[data-testid=total-0]")).to_have_text("26")

    expect(reader.locator("[data-testid=total-0]")).to_have_text("26", timeout=5000)
    assert reader.evaluate("window.__same_page") is True
    assert problems == []
    for context in phones:
        context.close()


def test_draft_party_grid_entered_with_the_picker(page):
    from tests.factories import party

    game = party("num_draft", ["A", "B", "C"])
    player = game.players.get(seat=0)
    page.goto(f"{page.base}/parties/{game.edit_token}/")
    page.get_by_text("Grille de A").click()
    picker = page.locator(f"#grid-picker-{player.pk} [data-picker]")
    expect(picker.locator("[data-value='13']")).to_be_hidden()  # 3 players: the 0-12 deck
    for index, (family, value) in enumerate((("R", "1"), ("R", "2"), ("R", "3"))):
        page.locator(f"#g{player.pk}-{index}").click()
        picker.locator(f"[data-family={family}]").click()
        picker.locator(f"[data-value='{value}']").click()
    page.get_by_role("button", name="Enregistrer la grille").first.click()
    expect(page.locator("[data-testid=total-0]")).to_have_text("6")
    assert page.problems == []


def test_rule_link_in_a_result_opens_the_rulebook_tab_on_a_phone(page):
    page.goto(page.base + "/num-check/?combo=paire&cards=5R+5B&rank=1")
    expect(page.locator("#regles")).to_be_hidden()
    page.get_by_label("Règle : bonus du rang").click()
    expect(page.locator("#bonus-de-rang")).to_be_visible()
    assert page.problems == []


def test_ruling_example_link_opens_the_calculator_showing_the_ruling(page):
    page.goto(page.base + "/num-draft/regles/")
    ruling = page.locator("section.ruling", has=page.locator("#arbitrage-deux-jokers"))
    expect(ruling.locator(".card-chip").first).to_be_visible()
    ruling.locator("a.try-link").first.click()
    expect(page.locator("[data-testid=draft-total]")).to_contain_text("0 points")
    assert page.problems == []


def test_opening_second_turn_is_guided_and_keeps_the_first(page):
    page.goto(page.base + "/num-draft/table/#calculer")
    page.fill("#id_turned", "Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V")
    page.locator("#opening button[type=submit]").click()
    expect(page.locator("[data-testid=opening]")).to_contain_text("Tour 2")
    again = page.locator("#id_again")
    expect(again).to_have_value("Léa : \nTom : \nZoé : \nMax : ")
    expect(page.locator("#id_turned")).to_have_value("Léa : 3R\nTom : 3B\nZoé : 5J\nMax : 5V")
    again.fill("Léa : 7R\nTom : 2B\nZoé : 7J\nMax : 9V")
    page.locator("#opening button[type=submit]").click()
    expect(page.locator("[data-testid=opening]")).to_contain_text("Tom a la plus petite valeur")
    assert page.problems == []
