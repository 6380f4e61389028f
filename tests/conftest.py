"""Shared test helpers."""

import json
import os
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.servers import basehttp
from django.test import Client, override_settings
from django.utils import translation
from pytest_django.live_server_helper import LiveServer

from numsite.static import StaticStorage

# The admin is off unless ADMIN_URL is set (docs/deploy.md); the suite reaches it at /admin/.
# Set before the URLconf is first imported (settings are already loaded by pytest-django).
settings.ADMIN_URL = "admin/"

# The live test server accepts 10 pending connections by default; the concurrency test opens
# two dozen at the same instant, as a table of phones would against a real server.
basehttp.WSGIServer.request_queue_size = 64

CASES_DIR = Path(__file__).resolve().parent / "cases"


# --- Static files ------------------------------------------------------------------------


def current_manifest() -> Path | None:
    """STATIC_ROOT's manifest when ``collectstatic`` ran after the last change under static/.

    ``make test`` and ``make run`` collect first (the ``var/static.stamp`` rule), so the suite
    then sees the hashed names production serves. A manifest older than a file or folder of
    static/ would link and serve yesterday's CSS and JavaScript: it is ignored, as is a
    missing one.
    """
    manifest = Path(settings.STATIC_ROOT) / StaticStorage.manifest_name
    if not manifest.is_file():
        return None
    # an entry is a folder, or (prefix, folder): idiomorph's, served from node_modules
    sources = [Path(str(d[1] if isinstance(d, tuple) else d)) for d in settings.STATICFILES_DIRS]
    newest = max(p.stat().st_mtime for d in sources for p in [d, *d.rglob("*")])
    return manifest if manifest.stat().st_mtime >= newest else None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups
def pytest_collection_modifyitems(config, items):
    """The races run on one pytest-xdist worker, one module after the other (`make test` runs
    ``-n 2 --dist loadgroup``: tests of one ``xdist_group`` go to the same worker).

    Each module of races starts, for all its tests, a private PostgreSQL cluster and real
    gunicorns (module-scoped fixtures): spread over two workers, each worker would start its
    own, and two clusters with their servers would share the two cores at once. Together they
    start once, while the other worker runs the rest of the suite.
    """
    for item in items:
        if item.get_closest_marker("races"):
            item.add_marker(pytest.mark.xdist_group("races"))


def pytest_report_header(config):
    if current_manifest():
        return f"static files: hashed names from {settings.STATIC_ROOT} (collectstatic is current)"
    return (
        "static files: plain names through the finders (no current collectstatic in "
        f"{settings.STATIC_ROOT}: `make var/static.stamp` makes one)"
    )


@pytest.fixture(scope="session", autouse=True)
def static_files(tmp_path_factory):
    """How the whole run serves static files: ``"manifest"`` or ``"plain"``.

    With a current manifest, pages link the hashed names of ``numsite.static.StaticStorage``
    and whitenoise serves STATIC_ROOT only, as after ``make run``. Without one, STATIC_ROOT is
    an empty folder: the storage falls back to plain names and whitenoise serves the apps'
    files through the finders, as on a fresh checkout before its first ``collectstatic``.
    """
    if current_manifest():
        with override_settings(WHITENOISE_USE_FINDERS=False):
            yield "manifest"
    else:
        empty = tmp_path_factory.mktemp("static_root")
        with override_settings(STATIC_ROOT=empty, WHITENOISE_USE_FINDERS=True):
            yield "plain"


@pytest.fixture(scope="session", autouse=True)
def cache_files(tmp_path_factory):
    """Django's caches in files, as by default (numsite/settings.py), in a folder of this run:
    never the developer's var/cache/, and each xdist worker its own."""
    folder = tmp_path_factory.mktemp("cache")
    caches = {
        alias: {**config, "LOCATION": str(folder / alias)} if "LOCATION" in config else config
        for alias, config in settings.CACHES.items()
    }
    with override_settings(CACHES=caches):
        yield folder


def collect_site_static(settings, root):
    """The site's own static files collected into ``root`` and served from there only, as after
    ``make run``. Bootstrap's, the admin's and Pyodide's are left out: brotli on their source
    maps and runtime takes a minute and a half, and the tests that call this look at the
    site's CSS and JavaScript only."""
    settings.STATIC_ROOT = root
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "numsite.static.StaticStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = False
    call_command(
        "collectstatic",
        interactive=False,
        verbosity=0,
        ignore_patterns=["admin", "bootstrap", "pyodide"],
    )
    return root


def _no_static_handler(application):
    return application


@pytest.fixture(scope="session")
def live_server(request, static_files):
    """pytest-django's live server, its static files served as in production.

    pytest-django wraps the server in Django's ``StaticFilesHandler``, which answers every
    /static/ URL from the finders and so knows no hashed name (404). Here no handler stands
    in front: whitenoise's middleware serves them, from the manifest's files or through the
    finders (:func:`static_files`), with its compression and cache headers.
    """
    addr = (
        request.config.getvalue("liveserver")
        or os.getenv("DJANGO_LIVE_TEST_SERVER_ADDRESS")
        or "localhost"
    )
    server = LiveServer(addr, start=False)
    # django-stubs types the attribute as a handler class; Django only calls it with the
    # application, which a function answers as well
    server.thread.static_handler = _no_static_handler  # type: ignore[assignment]
    server.start()
    yield server
    server.stop()


class FormClient(Client):
    """Django's test client, posting forms as browsers do: ``application/x-www-form-urlencoded``.

    The site refuses ``multipart/form-data`` (no file upload anywhere), which is what Django's
    client sends by default; an explicit ``content_type`` is kept as given.
    """

    def post(self, path, data=None, content_type=None, *args, **kwargs):
        if content_type is None:
            content_type = "application/x-www-form-urlencoded"
            data = urlencode(data or {}, doseq=True)
        return super().post(path, data, content_type, *args, **kwargs)


@pytest.fixture
def client():
    """pytest-django's ``client``, posting urlencoded forms (see :class:`FormClient`)."""
    return FormClient()


@pytest.fixture
def admin_client(db, admin_user):
    """pytest-django's ``admin_client``, posting urlencoded forms (see :class:`FormClient`)."""
    client = FormClient()
    client.force_login(admin_user)
    return client


@pytest.fixture(autouse=True)
def _abuse_limits_off(settings):
    """The suite plays far faster than a table: abuse limits are off, except in the tests of
    the limiter itself (tests/production/test_throttle.py turns them back on)."""
    settings.RATELIMIT_ENABLED = False


#: The site's languages (settings.LANGUAGES), the default one first: the tests that run in
#: every language are parametrised over them.
LANGUAGES = [code for code, _ in settings.LANGUAGES]

#: Eight valid NUM CHECK claims of different combinations, and a ninth one.
EIGHT_CLAIMS = [
    ("paire", "1R 1B"),
    ("brelan", "2R 2B 2J"),
    ("carre", "3R 3B 3J 3V"),
    ("nums", "4R 4B 4J 4V 4S"),
    ("double_paire", "5R 5B 6R 6B"),
    ("full", "7R 7B 7J 8R 8B"),
    ("paire_cosmique", "9A 9S"),
    ("suite_pivot", "5V 6V 7V 8V"),
]
NINTH_CLAIM = ("suite_longue", "10R 11B 12J 13V 14S")


#: Every stateless calculator endpoint of the JSON API (docs/api.md), for the tests that walk them all.
API_ENDPOINTS = [
    "num-check/score",
    "num-check/detect",
    "num-check/outs",
    "num-check/sheet",
    "num-draft/score",
    "num-draft/table",
    "num5/round",
    "num5/game",
    "num5/turn",
    "num-connect/check",
]


def load_cases(name: str) -> list[dict]:
    return json.loads((CASES_DIR / name).read_text(encoding="utf-8"))


@pytest.fixture
def api(client):
    """POST a JSON body to the API; returns (status, body)."""

    def call(path: str, body: object) -> tuple[int, dict]:
        response = client.post(
            f"/api/v1/{path}", data=json.dumps(body), content_type="application/json"
        )
        return response.status_code, response.json()

    return call


@pytest.fixture(autouse=True)
def _default_language_after():
    """The active language is thread-local and a request to /en/… leaves English active: every
    test ends with Django's default again, so no later test reads English messages or reverses
    URLs in English."""
    yield
    translation.deactivate()
