"""Hostile values in every GET parameter of every page are never a 500.

The pages are every page of the site in both languages (home, calculators, rulebooks, the new
party page) and the Parties pages (page, board fragment, CSV, by the edit and the read link, of
each game). A page's parameters are those its own HTML names (its form fields, the query keys
of its links) and those the code reads; each is sent alone with each hostile value, plain and
as htmx. The parameters the code reads (``PARAMS``, ``PARTY_PARAMS``) are walked by
tests/production/test_input_hardening.py with these values and more, on the French pages;
here, the rest: every other name a page shows, and every parameter on the English pages.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest

from tests.factories import party
from tests.production.pages import PAGES
from tests.production.test_input_hardening import ENCODED_JUNK, PARAMS, PARTY_PARAMS

pytestmark = pytest.mark.django_db

#: A superscript digit (``str.isdigit()`` takes it, ``int()`` does not), an Arabic-Indic digit
#: (``int()`` reads it as 3), an overflowing float, a signed zero, a lone surrogate (U+D800 as
#: UTF-8 would write it: bytes that are no UTF-8), a NUL; as they travel in a query string.
HOSTILE = {
    "superscript": "%C2%B2",
    "arabic-indic": "%D9%A3",
    "overflow": "1e999",
    "signed-zero": "-0",
    "lone-surrogate": "%ED%A0%80",
    "nul": "%00",
}

#: Names a page might read without showing them (the language switch's ``next`` and
#: ``language``, a search's ``q``, a list's ``page``): sent to every page as well.
GENERIC = {"next", "language", "page", "q"}

_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.DOTALL | re.IGNORECASE)
_POST = re.compile(r"\bmethod=\"post\"", re.IGNORECASE)
_FIELD = re.compile(r"<(?:input|select|textarea|button)\b[^>]*?\bname=\"([^\"]+)\"")
_HREF = re.compile(r"\bhref=\"([^\"]*\?[^\"]*)\"")


def named_params(html: str) -> set[str]:
    """The GET parameter names a page's HTML uses: the fields of its GET forms (a form's
    default method) and its links' query keys. A POST form's fields are no GET parameters."""
    names: set[str] = set()
    for attributes, body in _FORM.findall(html):
        if not _POST.search(attributes):
            names |= {unescape(n) for n in _FIELD.findall(body)}
    for href in _HREF.findall(html):
        names |= {k for k, _ in parse_qsl(urlsplit(unescape(href)).query, keep_blank_values=True)}
    return names


def walk(
    client, path: str, params: set[str], htmx: bool = True, walked: frozenset[str] = frozenset()
) -> int:
    """GETs ``path`` with each of ``params`` and each name its HTML uses (but those ``walked``
    elsewhere) alone set to each hostile value; returns how many requests were made. Fails on
    the first 500 (the client raises the view's exception)."""
    client.raise_request_exception = True
    page = client.get(path)
    assert page.status_code == 200, path
    html = page.content.decode("utf-8", "replace") if "html" in page["Content-Type"] else ""
    made = 0
    for param in sorted(params | (named_params(html) - walked)):
        for name, value in HOSTILE.items():
            for headers in ({}, {"HX-Request": "true"}) if htmx else ({},):
                response = client.get(path, QUERY_STRING=f"{param}={value}", headers=headers)
                assert response.status_code < 500, (path, param, name, headers)
                made += 1
    return made


def english(path: str) -> str:
    return "/en" + path


@pytest.mark.parametrize("path", PAGES)
def test_hostile_values_in_any_get_parameter_of_a_page_are_never_a_500(client, path):
    assert walk(client, path, GENERIC, walked=frozenset(PARAMS.get(path, []))) > 0


@pytest.mark.parametrize("path", [english(p) for p in PAGES])
def test_hostile_values_in_any_get_parameter_of_an_english_page_are_never_a_500(client, path):
    known = set(PARAMS.get(path.removeprefix("/en"), []))
    assert walk(client, path, GENERIC | known, htmx=False) > 0


def test_hostile_values_in_any_get_parameter_of_a_party_page_are_never_a_500(client):
    games = [
        party("num_check", claims={0: [("paire", "5R 5B")]}),
        party("num_draft", 2, grids={0: ["1R", "2R", "3R"]}),
        party("num5", rounds=[["10R", "27", "0"]]),
    ]
    known = frozenset(PARTY_PARAMS)
    for game in games:
        walk(client, f"/parties/{game.edit_token}/", GENERIC, walked=known)
        walk(client, f"/en/parties/{game.edit_token}/", GENERIC | known, htmx=False)
        walk(client, f"/parties/{game.read_token}/", GENERIC, htmx=False, walked=known)
        walk(client, f"/parties/{game.read_token}/tableau/", GENERIC, htmx=False, walked=known)
        walk(client, f"/parties/{game.read_token}/export.csv", GENERIC, htmx=False)


def test_the_hostile_values_are_walked_on_the_parameters_the_code_reads():
    assert set(HOSTILE.values()) <= set(ENCODED_JUNK)


def test_the_walk_finds_the_get_parameters_of_a_page():
    html = '<form><input type="text" name="cards"><select name="rank"></select></form>'
    html += '<form method="post"><input name="csrfmiddlewaretoken"><input name="p1"></form>'
    html += '<a href="/num-5/?players=a%2Cb&amp;n=2">x</a>'
    assert named_params(html) == {"cards", "rank", "players", "n"}
