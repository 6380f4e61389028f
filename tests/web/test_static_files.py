"""Static files: content-hashed, compressed names cached one year once
``collectstatic`` ran; plain names (and pages that still render) before it."""

import re

import pytest
from django.templatetags.static import static

from tests.conftest import collect_site_static

STORAGE = {"BACKEND": "numsite.static.StaticStorage"}


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
    client, settings, tmp_path
):
    static_root = collect_site_static(settings, tmp_path)  # a name left out: its plain URL
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


def test_the_offline_finder_leaves_out_what_collectstatic_is_told_to_ignore():
    from numsite import pwa

    finder = pwa.OfflineFinder()
    everything = [name for name, _ in finder.list([])]
    assert pwa.BUNDLE_NAME in everything
    runtime = [n for n in everything if n != pwa.BUNDLE_NAME]
    assert runtime, "node_modules/pyodide is installed by make install"
    # `collectstatic -i pyodide` leaves out the runtime's folder, as `-i admin` does the admin's
    assert [name for name, _ in finder.list(["pyodide"])] == [pwa.BUNDLE_NAME]
    assert [name for name, _ in finder.list(["offline"])] == runtime
    assert [name for name, _ in finder.list(["*.wasm"])] == [
        n for n in everything if not n.endswith(".wasm")
    ]
