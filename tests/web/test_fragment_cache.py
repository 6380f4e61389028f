"""What the site keeps, and where: Django's cache framework in a store every process shares
(files by default, numsite/settings.py), keys prefixed by the release (numsite/release.py),
template fragments in their own alias; Django's cached template loader for the templates."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.template import engines
from django.template.backends.django import DjangoTemplates
from django.template.loaders.cached import Loader as CachedLoader

from numsite import release
from tests.matching import search

ROOT = Path(__file__).resolve().parents[2]
PICKER = re.compile(r'<div class="picker .*?\n</div>', re.S)


def clear_fragments():
    caches["fragments"].clear()


@pytest.mark.parametrize("alias", ["default", "fragments"])
def test_the_cache_is_shared_by_every_process_and_keyed_by_the_release(alias):
    """Another interpreter, started with the settings alone (no test override but the cache's
    folder, which this run keeps apart from var/), sets an entry; this one reads it under the
    same key, which carries the release."""
    location = str(settings.CACHES[alias]["LOCATION"])
    script = (
        "import django; django.setup()\n"
        "from django.core.cache import caches\n"
        f"caches[{alias!r}].set('shared', 'from another process', 60)\n"
        f"print(caches[{alias!r}].make_key('shared'))\n"
    )
    variable = {"default": "CACHE_LOCATION", "fragments": "FRAGMENT_CACHE_LOCATION"}[alias]
    other = {"default": "fragments", "fragments": "default"}[alias]
    caches[other].delete("shared")
    made = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "numsite.settings", variable: location},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert caches[alias].get("shared") == "from another process"
    assert made.stdout.strip() == caches[alias].make_key("shared")
    assert made.stdout.strip().startswith(f"{release.digest(ROOT)}:")
    assert caches[other].get("shared") is None  # each alias its own store


def test_no_fragment_is_kept_under_debug(tmp_path):
    """Under DEBUG another interpreter draws the NUM CHECK page twice, the fragments' folder
    pointed at an empty one: nothing is found under the score form's key, nothing is written."""
    folder = tmp_path / "fragments"
    script = (
        "import django; django.setup()\n"
        "from django.conf import settings; settings.ALLOWED_HOSTS = ['testserver']\n"
        "from django.core.cache import caches\n"
        "from django.core.cache.utils import make_template_fragment_key\n"
        "from django.test import Client\n"
        "for _ in range(2):\n"
        "    assert Client().get('/num-check/').status_code == 200\n"
        "key = make_template_fragment_key('num-check-fields', ['fr'])\n"
        "caches['fragments'].set(key, 'kept', 60)\n"
        "print(caches['fragments'].get(key))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "numsite.settings",
            "DEBUG": "1",
            "FRAGMENT_CACHE_LOCATION": str(folder),
        },
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert shown.stdout.strip() == "None"
    assert not folder.exists() or not any(folder.iterdir())


def test_templates_come_from_djangos_cached_loader():
    """DEBUG is off here, as in production: each template is read and compiled once per
    process (the form renderer uses the same engine)."""
    assert not settings.DEBUG
    backend = engines["django"]
    assert isinstance(backend, DjangoTemplates)
    loaders = backend.engine.template_loaders
    found = [loaders[0], *getattr(loaders[0], "loaders", [])]
    assert any(isinstance(loader, CachedLoader) for loader in found)


def test_the_release_changes_with_a_template_and_with_nothing_else(tmp_path):
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("<p>un</p>")
    (tmp_path / "calculators" / "__pycache__").mkdir(parents=True)
    first = release.digest(tmp_path)
    (tmp_path / "calculators" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "notes.txt").write_text("outside the sources")
    assert release.digest(tmp_path) == first
    page.write_text("<p>deux</p>")
    assert release.digest(tmp_path) != first


@pytest.mark.parametrize("url", ["/num-draft/", "/num-check/", "/en/num-check/"])
def test_a_page_served_from_the_fragments_is_the_page_drawn_afresh(client, url):
    clear_fragments()
    drawn = client.get(url).content.decode()
    served = client.get(url).content.decode()  # pickers and unfilled forms from the cache
    csrf = re.compile(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
    assert csrf.sub("", drawn) == csrf.sub("", served)
    assert PICKER.search(served)


def test_a_picker_is_kept_per_language(client):
    clear_fragments()
    french = search(PICKER, client.get("/num-connect/").content.decode()).group()
    english = search(PICKER, client.get("/en/num-connect/").content.decode()).group()
    assert "Famille" in french and "Family" in english
    assert search(PICKER, client.get("/num-connect/").content.decode()).group() == french


def test_a_fragment_drawn_by_one_process_is_served_to_another(tmp_path, settings):
    """Another interpreter draws the NUM CHECK page into a cache folder; this one finds the
    unfilled score form there, under the same key (the same release)."""
    folder = tmp_path / "fragments"
    script = (
        "import django; django.setup()\n"
        "from django.conf import settings; settings.ALLOWED_HOSTS = ['testserver']\n"
        "from django.test import Client\n"
        "assert Client().get('/num-check/').status_code == 200\n"
    )
    subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "numsite.settings",
            "FRAGMENT_CACHE_LOCATION": str(folder),
        },
        check=True,
        timeout=120,
    )
    settings.CACHES = {
        **settings.CACHES,
        "fragments": {**settings.CACHES["fragments"], "LOCATION": str(folder)},
    }
    kept = caches["fragments"].get(make_template_fragment_key("num-check-fields", ["fr"]))
    assert kept is not None and 'id="id_cards"' in kept


def test_only_a_form_nobody_filled_in_is_served_from_the_fragments(client):
    """NUM CHECK's three forms share a page: the two the visitor did not fill in come from
    the cache, the one filled in is drawn with what was typed."""
    clear_fragments()
    client.get("/num-check/")  # the three forms, unbound, kept
    for name in ("num-check-fields", "num-check-detect-fields", "num-check-sheet-fields"):
        assert caches["fragments"].get(make_template_fragment_key(name, ["fr"])), name
    page = client.get("/num-check/detecteur/", {"hand": "7R 7B 3V", "centre": "7J"}).content
    page = page.decode()
    assert 'name="hand" id="id_hand" value="7R 7B 3V"' in page
    assert 'name="cards" id="id_cards" value=""' in page  # the score form, from the cache
    filled = client.get("/num-check/", {"combo": "full", "cards": "7R 7B"}).content.decode()
    assert 'name="cards" id="id_cards" value="7R 7B"' in filled
    assert 'name="hand" id="id_hand" value=""' in filled


#: Pages whose lists of choices differ by value, by error and by language only.
CHOICES_PAGES = [
    "/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4",
    "/en/num-check/?combo=full&cards=7R+7B+7J+3V+3A&rank=4",
    "/num-check/?combo=paire&cards=7R+7B&rank=5",
    "/num-check/?combo=xx&cards=7R&rank=99",
    "/en/num-check/?combo=xx&cards=7R&rank=99",
    "/num-check/detecteur/?hand=7R+7B+3V+3J&centre=7J+3A",
    "/num-check/detecteur/?hand=7R+7B+3V+3J&centre=7J&exclude=full&exclude=paire&rank=3",
    "/num-check/detecteur/?hand=7R&centre=7J&exclude=zz&rank=0",
    "/num-draft/?g00=1R&g01=JK",
    "/num-draft/?g01=1R&g00=JK",
    "/num-draft/?g00=123456789&l0=zz",
    "/en/num-draft/?g00=1R&g01=JK",
    "/num-draft/?g00=1R&mode=discovery&values=0-16",
    "/num-draft/?g00=1R&mode=zz&values=zz",
    "/en/num-draft/?g00=1R&mode=zz&values=zz",
]


def test_every_list_of_choices_served_from_the_fragments_is_the_one_drawn_afresh(client):
    """With every variant kept, each page served is byte for byte the page drawn with an
    empty cache: no fragment is keyed by less than what it draws from."""
    csrf = re.compile(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
    clear_fragments()
    for url in CHOICES_PAGES:
        assert client.get(url).status_code == 200
    for url in CHOICES_PAGES:
        served = csrf.sub("", client.get(url).content.decode())
        clear_fragments()
        fresh = csrf.sub("", client.get(url).content.decode())
        assert served == fresh, url
        for other in CHOICES_PAGES:  # keep the variants again for the next page
            client.get(other)
