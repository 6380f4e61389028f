"""Static files: content-hashed, compressed names cached one year once
``collectstatic`` ran; plain names (and pages that still render) before it."""

import re

import pytest
from django.core.management import call_command
from django.templatetags.static import static

STORAGE = {"BACKEND": "numsite.static.StaticStorage"}


@pytest.fixture
def static_root(settings, tmp_path):
    """A STATIC_ROOT of its own, served from there only (as after ``make run``)."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": STORAGE}
    settings.WHITENOISE_USE_FINDERS = False
    return tmp_path


@pytest.mark.django_db
def test_pages_render_with_plain_names_before_collectstatic(settings, client, tmp_path):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": STORAGE}
    assert static("css/numsite.css") == "/static/css/numsite.css"
    response = client.get("/")
    assert response.status_code == 200
    assert 'href="/static/css/numsite.css"' in response.content.decode()


@pytest.mark.django_db
def test_collectstatic_hashes_compresses_and_caches_hashed_files_one_year(
    static_root, client, settings
):
    # Only the site's own files: brotli on the admin's and Bootstrap's (source maps, RTL and
    # unminified copies) takes a dozen seconds. A name left out falls back to its plain URL.
    call_command(
        "collectstatic", interactive=False, verbosity=0, ignore_patterns=["admin", "bootstrap"]
    )
    css = static("css/numsite.css")
    assert re.fullmatch(r"/static/css/numsite\.[0-9a-f]{12}\.css", css)
    assert (static_root / css.removeprefix("/static/")).with_suffix(".css.gz").exists()
    assert f'href="{css}"' in client.get("/").content.decode()
    hashed = client.get(css)
    assert hashed.status_code == 200
    assert hashed["Cache-Control"] == "max-age=31536000, public, immutable"
    plain = client.get("/static/css/numsite.css")
    assert plain.status_code == 200
    assert "immutable" not in plain["Cache-Control"]
    assert static("css/not-collected.css") == "/static/css/not-collected.css"
    settings.DEBUG = True  # the same storage, whose hashed names Django leaves out under DEBUG
    assert static("css/numsite.css") == "/static/css/numsite.css"
