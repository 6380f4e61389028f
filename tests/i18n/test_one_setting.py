"""The site's languages come from one setting, settings.LANGUAGES (docs/i18n.md, « The
languages come from one setting »): the offline pages, the manifests, the service worker's
languages, the rulebooks' content language and the engines' catalogues follow it."""

import json
import shutil

import pytest
from django.conf import settings
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from calculators.engines import i18n as engine_i18n
from numsite import pwa
from rules import games
from tests.conftest import LANGUAGES

pytestmark = pytest.mark.django_db

OTHERS = [code for code in LANGUAGES if code != settings.LANGUAGE_CODE]


def test_languages_come_from_the_setting_the_default_one_first():
    assert pwa.site_languages() == LANGUAGES
    assert LANGUAGES[0] == settings.LANGUAGE_CODE and set(OTHERS) == {"en"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_its_manifest_and_offline_page_under_its_prefix(client, language):
    prefix = "" if language == settings.LANGUAGE_CODE else f"/{language}"
    manifest = client.get(f"{prefix}/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.json()["lang"] == language
    assert reverse(pwa.url_name("pwa_manifest", language)) == f"{prefix}/manifest.webmanifest"
    offline = client.get(pwa.offline_path(language))
    assert offline.status_code == 200
    assert f'<html lang="{language}"' in offline.content.decode()
    assert reverse(pwa.url_name("offline", language)) == pwa.offline_path(language)


def test_the_offline_pages_keep_their_historical_addresses():
    assert [pwa.offline_path(code) for code in ("fr", "en")] == ["/hors-ligne/", "/en/offline/"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_links_the_manifest_of_its_language(client, language):
    prefix = "" if language == settings.LANGUAGE_CODE else f"/{language}"
    html = client.get(f"{prefix}/").content.decode()
    assert f'<link rel="manifest" href="{prefix}/manifest.webmanifest">' in html


def test_the_service_worker_knows_every_language_its_offline_page_and_prefix(client):
    first_line = client.get("/sw.js").content.decode().split("\n", 1)[0]
    config = json.loads(first_line.removeprefix("self.NUMSITE_SW = ").removesuffix(";"))
    assert config["language"] == settings.LANGUAGE_CODE
    assert config["offline"] == {code: pwa.offline_path(code) for code in LANGUAGES}
    assert config["prefixes"] == {code: f"/{code}/" for code in OTHERS}
    for code in LANGUAGES:  # every language's pages are kept
        with translation.override(code):
            assert reverse("home") in config["pages"]


def test_the_content_language_is_one_of_the_settings_languages_else_the_default():
    with override_settings(LANGUAGES=[*settings.LANGUAGES, ("de", "Deutsch")]):
        assert games.content_language("de-AT") == "de"
        assert games.content_dir("de") == games.CONTENT_DIR / "de"
        assert games.content_dir(settings.LANGUAGE_CODE) == games.CONTENT_DIR
    assert games.content_language("de-AT") == settings.LANGUAGE_CODE


def test_the_engines_speak_each_language_with_a_catalogue(tmp_path, monkeypatch):
    """A language is its catalogue: a third one in locale/ is spoken by the engines."""
    assert engine_i18n.languages() == {"fr", *OTHERS}
    for code in OTHERS:
        shutil.copytree(engine_i18n.LOCALE_DIR / code, tmp_path / code)
    shutil.copytree(engine_i18n.LOCALE_DIR / "en", tmp_path / "de")
    monkeypatch.setattr(engine_i18n, "LOCALE_DIR", tmp_path)
    engine_i18n.languages.cache_clear()
    try:
        assert engine_i18n.languages() == {"fr", "de", *OTHERS}
        assert engine_i18n.normalize("de_AT") == "de" and engine_i18n.normalize("it") == "fr"
    finally:
        monkeypatch.undo()
        engine_i18n.languages.cache_clear()
    assert engine_i18n.normalize("de") == "fr"
