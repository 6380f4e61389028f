"""The language switch in a browser: on a calculator with a result computed live (its state
pushed into the address by htmx), switching to English and back keeps the page and the result."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_switch_language_on_a_calculator_keeps_the_result(page):
    page.goto(page.base + "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4")
    expect(page.locator("[data-testid=check-total]")).to_contain_text("26")
    # Change the state without reloading: htmx recomputes and pushes the new address.
    page.select_option("#calcul #id_rank", "2")
    expect(page.locator("[data-testid=check-total]")).to_contain_text("28 points")
    expect(page).to_have_url(re.compile(r"rank=2"))

    page.locator(".language-switch button[data-language=en]").click()
    expect(page).to_have_url(re.compile(r"/en/num-check/\?.*rank=2"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("[data-testid=check-total]")).to_contain_text("28 points")
    expect(page.locator("#calcul #id_cards")).to_have_value(re.compile(r"7R 7B 7J 3V 3A"))
    expect(page.locator("#calcul #id_rank")).to_have_value("2")
    expect(page.locator("#calcul label[for=id_combo]")).to_have_text(re.compile("Combination"))

    page.locator(".language-switch button[data-language=fr]").click()
    expect(page).to_have_url(re.compile(r"/num-check/\?.*rank=2"))
    assert "/en/" not in page.url
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-testid=check-total]")).to_contain_text("28 points")
    assert page.problems == []


def test_language_cookie_remembered_across_visits(page):
    page.goto(page.base + "/num-5/")
    page.locator(".language-switch button[data-language=en]").click()
    expect(page).to_have_url(re.compile(r"/en/num-5/$"))
    page.goto(page.base + "/")
    expect(page).to_have_url(re.compile(r"/en/$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
