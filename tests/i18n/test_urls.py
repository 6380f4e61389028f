"""Pages in French (historical URLs, never redirected) and English (/en/…), the language
cookie's redirect, the language switch (set_language keeps the page and its query string),
<html lang> and the hreflang alternates."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from rules.games import GAMES
from tests.factories import party
from tests.matching import search

FRENCH_PAGES = [
    "/",
    "/num-check/",
    "/num-check/detecteur/",
    "/num-check/feuille/",
    "/num-draft/",
    "/num-draft/table/",
    "/num-5/",
    "/num-5/tour/",
    "/num-connect/",
    "/parties/nouvelle/",
    *[f"/{game.slug}/regles/" for game in GAMES],
]

HTML_LANG = re.compile(r'<html lang="([a-z-]+)"')
ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">')


def html_lang(response) -> str:
    return search(HTML_LANG, response.content.decode()).group(1)


def alternates(response) -> dict[str, str]:
    return dict(ALTERNATE.findall(response.content.decode()))


@pytest.mark.django_db
@pytest.mark.parametrize("path", FRENCH_PAGES)
def test_french_page_unprefixed_is_french_and_not_redirected(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")  # the browser's language: no effect
    assert response.status_code == 200
    assert html_lang(response) == "fr"
    assert alternates(response) == {
        "fr": f"http://testserver{path}",
        "x-default": f"http://testserver{path}",
        "en": f"http://testserver/en{path}",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("path", FRENCH_PAGES)
def test_english_page_under_en_prefix_same_slugs(client, path):
    response = client.get(f"/en{path}")
    assert response.status_code == 200
    assert html_lang(response) == "en"
    assert response["Content-Language"] == "en"
    assert alternates(response)["fr"] == f"http://testserver{path}"
    assert alternates(response)["en"] == f"http://testserver/en{path}"


def test_reverse_in_english_prefixes_en_and_keeps_slugs():
    with translation.override("en"):
        assert reverse("rules:rulebook", args=["num-check"]) == "/en/num-check/regles/"
        assert reverse("home") == "/en/"
    with translation.override("fr"):
        assert reverse("rules:rulebook", args=["num-check"]) == "/num-check/regles/"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/healthz", "/api/v1/num-check/score", "/static/favicon.svg"])
def test_api_health_and_static_have_no_english_prefix(client, path):
    assert client.get(f"/en{path}").status_code == 404


@pytest.mark.django_db
def test_cookie_english_sends_french_url_to_english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/en/"
    assert "no-store" in response["Cache-Control"]
    response = client.get("/num-check/?combo=paire&cards=1R+1B")
    assert response["Location"] == "/en/num-check/?combo=paire&cards=1R+1B"
    assert client.get("/en/").status_code == 200  # no loop
    assert client.get("/healthz").status_code == 200  # not a page


@pytest.mark.django_db
def test_cookie_french_or_none_never_redirects(client):
    assert client.get("/").status_code == 200
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert client.get("/").status_code == 200
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"  # not a language of the site
    assert client.get("/").status_code == 200


@pytest.mark.django_db
def test_cookie_redirect_leaves_htmx_and_posts_alone(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    htmx = client.get("/num-check/", HTTP_HX_REQUEST="true")
    assert htmx.status_code == 200 and "Location" not in htmx
    posted = client.post("/num-check/feuille/", {"players": "Léa : Paire 5R 5B"})
    assert posted.status_code == 200 and "Location" not in posted
    assert "15 points" in posted.content.decode()  # answered in place, in French
    assert client.get("/num-check/").status_code == 302  # a plain visit is redirected


@pytest.mark.django_db
def test_language_switch_keeps_page_and_query_string_and_sets_cookie(client):
    query = "combo=full&cards=3R+3B+3V+5J+5A&rank=2"
    response = client.post("/i18n/setlang/", {"language": "en", "next": f"/num-check/?{query}"})
    assert response.status_code == 302
    assert response["Location"] == f"/en/num-check/?{query}"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    # Back to French: the switch posts the French path of the page (see _language_switch.html).
    response = client.post("/i18n/setlang/", {"language": "fr", "next": f"/num-check/?{query}"})
    assert response["Location"] == f"/num-check/?{query}"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    assert client.get("/").status_code == 200  # French again, remembered


@pytest.mark.django_db
@pytest.mark.parametrize("path", FRENCH_PAGES)
def test_language_switch_form_on_every_page_posts_its_english_twin(client, path):
    page = client.get(path).content.decode()
    assert 'action="/i18n/setlang/"' in page
    assert f'name="next" value="/en{path}"' in page and 'name="language" value="en"' in page
    page = client.get(f"/en{path}").content.decode()
    assert f'name="next" value="{path}"' in page and 'name="language" value="fr"' in page


@pytest.mark.django_db
def test_language_switch_form_keeps_the_query_string(client):
    page = client.get("/num-check/?combo=paire&cards=1R+1B").content.decode()
    assert 'action="/i18n/setlang/"' in page
    assert 'name="next" value="/en/num-check/?combo=paire&amp;cards=1R+1B"' in page
    assert 'name="language" value="en"' in page
    page = client.get("/en/num-check/?combo=paire&cards=1R+1B").content.decode()
    assert 'name="next" value="/num-check/?combo=paire&amp;cards=1R+1B"' in page
    assert 'name="language" value="fr"' in page


@pytest.mark.django_db
def test_parties_page_switches_language_keeping_its_token(client):
    game = party("num_check", 2)
    path = f"/parties/{game.edit_token}/"
    english = client.get(f"/en{path}")
    assert english.status_code == 200
    assert html_lang(english) == "en"
    assert alternates(english)["fr"].endswith(path)
    response = client.post("/i18n/setlang/", {"language": "en", "next": path})
    assert response["Location"] == f"/en{path}"
    page = english.content.decode()
    assert f'name="next" value="{path}"' in page  # the switch back keeps the token
    response = client.post("/i18n/setlang/", {"language": "fr", "next": path})
    assert response["Location"] == path


@pytest.mark.django_db
def test_rulebook_example_links_stay_in_the_page_language_whatever_was_rendered_first(client):
    from rules.games import rulebook_html, rulings_html

    try_link = re.compile(r'<a class="try-link" href="([^"]+)"')
    for first in ("/en/num-draft/regles/", "/num-draft/regles/"):
        rulebook_html.cache_clear()
        rulings_html.cache_clear()
        client.get(first)  # the rulebook drawn and kept in this language first
        english = try_link.findall(client.get("/en/num-draft/regles/").content.decode())
        french = try_link.findall(client.get("/num-draft/regles/").content.decode())
        assert english and all(link.startswith("/en/num-") for link in english), first
        assert french and not any(link.startswith("/en/") for link in french), first


@pytest.mark.django_db
def test_cookie_redirect_never_leaves_the_site(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    for path in ("//evil.example/", "//evil.example/num-check/", "/\\\\evil.example/"):
        response = client.get(path)
        assert response.status_code == 404 or not response.get("Location", "").startswith("//")


@pytest.mark.django_db
def test_not_found_page_in_the_url_language(client):
    english = client.get("/en/nowhere/")
    assert english.status_code == 404 and html_lang(english) == "en"
    french = client.get("/nowhere/")
    assert french.status_code == 404 and html_lang(french) == "fr"
