"""The installable, offline site (docs/offline.md): the web app manifest, the service worker at
the root scope, the offline page, and the static files of the offline bundle
(docs/offline.md#pieces-and-where-they-live).

The service worker is served by Django, not as a static file, so that its scope is the whole
site, and never cached by the browser's HTTP cache, so a new release is seen at the next visit.
:class:`OfflineFinder` packs the offline bundle from the very files the server runs, and adds
the Pyodide runtime from ``node_modules/`` (no CDN).
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, overload

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.finders import BaseFinder
from django.contrib.staticfiles.storage import staticfiles_storage
from django.contrib.staticfiles.utils import matches_patterns
from django.core.checks import CheckMessage
from django.core.files.storage import FileSystemStorage
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from calculators.core.registry import GAMES, modules

BASE_DIR: Path = settings.BASE_DIR

# --------------------------------------------------------------------------- the bundle

#: What the browser runs offline: the same files as the server, under the same package names
#: (their ``__init__.py`` import nothing outside the bundle: a test imports them without Django).
BUNDLE_SOURCES = (
    "calculators/__init__.py",
    "calculators/engines/*.py",
    "calculators/core/*.py",
    "calculators/games/__init__.py",
    "calculators/games/*/__init__.py",
    "calculators/games/*/answers.py",
    "calculators/games/*/readers.py",
    "locale/*/LC_MESSAGES/django.mo",
)
BUNDLE_NAME = "offline/engines.zip"
#: A fixed date for every entry, so that the same sources make the same bytes (and hash).
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

#: The Pyodide files the worker loads (the rest of the npm package is not served); the page asks
#: the service worker to keep them.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_DIR = BASE_DIR / "node_modules" / "pyodide"


def bundle_files(base: Path = BASE_DIR) -> list[Path]:
    """The sources of the bundle, sorted, relative to ``base``."""
    found: set[Path] = set()
    for pattern in BUNDLE_SOURCES:
        found.update(p.relative_to(base) for p in base.glob(pattern) if p.is_file())
    return sorted(found)


def bundle_bytes(base: Path = BASE_DIR) -> bytes:
    """The zip of :func:`bundle_files`: same sources, same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in bundle_files(base):
            info = zipfile.ZipInfo(name.as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (base / name).read_bytes())
    return buffer.getvalue()


@cache
def pyodide_version() -> str:
    """The installed Pyodide's version (its package.json), ``""`` before ``npm ci``."""
    try:
        return str(json.loads((PYODIDE_DIR / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return ""


class OfflineFinder(BaseFinder):
    """The offline bundle as static files: ``offline/engines.zip`` (written under
    ``var/offline/`` from the sources whenever they are listed or looked up) and
    ``pyodide/<version>/…`` from ``node_modules/pyodide``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bundle_dir = settings.VAR_DIR / "offline-bundle"
        self.bundle_storage = FileSystemStorage(location=self.bundle_dir)
        self.pyodide_storage = FileSystemStorage(location=PYODIDE_DIR)
        self.pyodide_storage.prefix = f"pyodide/{pyodide_version()}"  # type: ignore[attr-defined]

    def check(self, **kwargs: Any) -> list[CheckMessage]:
        return []

    def _write_bundle(self) -> Path:
        target = self.bundle_dir / BUNDLE_NAME
        data = bundle_bytes()
        if not target.is_file() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return target

    def _pyodide_names(self) -> list[str]:
        if not pyodide_version():
            return []
        return [name for name in PYODIDE_FILES if (PYODIDE_DIR / name).is_file()]

    @overload
    def find(self, path: str, find_all: Literal[False] = False) -> str | None: ...
    @overload
    def find(self, path: str, find_all: Literal[True]) -> list[str]: ...
    def find(self, path: str, find_all: bool = False) -> str | list[str] | None:
        found: str | None = None
        if path == BUNDLE_NAME:
            found = str(self._write_bundle())
        else:
            prefix = f"pyodide/{pyodide_version()}/"
            name = path.removeprefix(prefix)
            if path.startswith(prefix) and name in self._pyodide_names():
                found = str(PYODIDE_DIR / name)
        if find_all:
            return [found] if found else []
        return found

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        """The files to collect, less those ``collectstatic -i`` names: a pattern matches a
        file's name or one of the folders of its static path, as for the site's own folders."""
        patterns = list(ignore_patterns or [])

        def ignored(path: str) -> bool:
            parts = path.split("/")
            folders = ["/".join(parts[:n]) for n in range(1, len(parts))]
            return any(matches_patterns(p, patterns) for p in (path, parts[-1], *folders))

        if not ignored(BUNDLE_NAME):
            self._write_bundle()
            yield BUNDLE_NAME, self.bundle_storage
        prefix = self.pyodide_storage.prefix  # type: ignore[attr-defined]
        for name in self._pyodide_names():
            if not ignored(f"{prefix}/{name}"):
                yield name, self.pyodide_storage


# --------------------------------------------------------------------------- the pages it keeps


def site_languages() -> list[str]:
    """The site's languages (``settings.LANGUAGES``), the default one first."""
    codes = [code for code, _ in settings.LANGUAGES]
    return sorted(codes, key=lambda code: code != settings.LANGUAGE_CODE)


def language_prefix(language: str) -> str:
    """A language's URL prefix, as ``i18n_patterns`` gives its pages: none for the default
    language, ``/en`` for English."""
    return "" if language == settings.LANGUAGE_CODE else f"/{language}"


def url_name(name: str, language: str) -> str:
    """The URL name of this module's page ``name`` in ``language`` (``offline``, ``offline_en``)."""
    return name if language == settings.LANGUAGE_CODE else f"{name}_{language}"


def manifest_path(language: str) -> str:
    return f"{language_prefix(language)}/manifest.webmanifest"


def offline_path(language: str) -> str:
    """The offline page's path: the language's prefix and its word for « hors-ligne »."""
    with translation.override(language):
        slug = gettext("hors-ligne")  # the page's address, translated: /en/offline/
    return f"{language_prefix(language)}/{slug}/"


def kept_pages() -> list[str]:
    """Every page the service worker keeps from the first visit, in every language: the home
    page, each game's rulebook (its rulings are on the same page) and calculator pages, the
    API page, the offline page."""
    pages: list[str] = []
    for language in site_languages():
        with translation.override(language):
            pages.append(reverse("home"))
            for game in GAMES:
                pages.append(reverse("rules:rulebook", args=[game.slug]))
            pages.extend(calculator_pages())
        pages.append(offline_path(language))
    pages.append(reverse("api_docs"))
    return pages


def calculator_pages() -> list[str]:
    """The calculator pages in the active language (the URL names of each game's urls.py)."""
    found = []
    for urls in modules("urls"):
        for pattern in urls.urlpatterns:
            found.append(reverse(f"calculators:{pattern.name}"))
    return found


def kept_static() -> list[str]:
    """The static files the pages link (the site's own, Bootstrap's CSS, htmx, idiomorph's htmx
    extension: the Parties page's), as URLs."""
    names = [
        p.relative_to(BASE_DIR / "static").as_posix()
        for p in sorted((BASE_DIR / "static").rglob("*"))
        if p.is_file()
    ]
    names += [
        "bootstrap/css/bootstrap.min.css",
        "django_htmx/htmx-2.min.js",
        "idiomorph/idiomorph-ext.min.js",
    ]
    return [staticfiles_storage.url(name) for name in names if finders.find(name)]


def offline_assets() -> dict[str, str]:
    """The offline bundle's URLs: the page's script hands them to its worker."""
    version = pyodide_version()
    return {
        "engines": staticfiles_storage.url(BUNDLE_NAME),
        "pyodide": f"{settings.STATIC_URL.rstrip('/')}/pyodide/{version}/" if version else "",
        "worker": staticfiles_storage.url("js/offline-worker.js"),
    }


def offline_bundle(request: HttpRequest) -> dict[str, Any]:
    """Context processor: what base.html hands offline.js (the service worker, the bundle), and
    the manifest of the page's language."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    if language not in site_languages():
        language = settings.LANGUAGE_CODE
    return {
        "offline_bundle": {**offline_assets(), "pyodide_files": " ".join(PYODIDE_FILES)},
        "manifest_url": manifest_path(language),
    }


@cache
def cache_version() -> str:
    """The release and the static files' manifest: a new one of either, new caches."""
    h = hashlib.sha256(settings.RELEASE.encode())
    hashed = getattr(staticfiles_storage, "hashed_files", {})
    h.update(json.dumps(sorted(hashed.items())).encode())
    h.update(pyodide_version().encode())
    return h.hexdigest()[:12]


# --------------------------------------------------------------------------- views


@require_safe
def manifest(request: HttpRequest, language: str) -> JsonResponse:
    """The web app manifest, its names in ``language``."""
    with translation.override(language):
        body = {
            "id": "/",
            "name": gettext("Numsite — scores officiels des jeux NUM"),
            "short_name": "Numsite",
            "description": gettext(
                "Règles et calculateurs officiels des jeux NUM : NUM CHECK, NUM DRAFT, Num 5, Num Connect."
            ),
            "lang": language,
            "dir": "ltr",
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "theme_color": "#212529",
            "background_color": "#ffffff",
            "icons": [
                {
                    "src": staticfiles_storage.url(f"icons/{name}.png"),
                    "sizes": f"{size}x{size}",
                    "type": "image/png",
                    "purpose": purpose,
                }
                for name, size, purpose in (
                    ("icon-192", 192, "any"),
                    ("icon-512", 512, "any"),
                    ("maskable-192", 192, "maskable"),
                    ("maskable-512", 512, "maskable"),
                )
            ],
        }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker: its configuration, then ``static/js/sw.js`` (a static file, so it
    is linted and hashed like the others; served here for the root scope)."""
    found = finders.find("js/sw.js")
    source = Path(str(found)).read_text(encoding="utf-8")
    config = {
        "version": cache_version(),
        "pages": kept_pages(),
        "static": kept_static(),
        "staticPrefix": settings.STATIC_URL,
        # the offline page of each language, and the prefix of each but the default one
        "offline": {code: offline_path(code) for code in site_languages()},
        "language": settings.LANGUAGE_CODE,
        "prefixes": {code: f"{language_prefix(code)}/" for code in site_languages()[1:]},
    }
    body = f"self.NUMSITE_SW = {json.dumps(config)};\n{source}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline_page(request: HttpRequest, language: str) -> HttpResponse:
    """The page a phone with no network sees for a page it never opened."""
    with translation.override(language):
        request.LANGUAGE_CODE = language
        return render(request, "offline.html", {"offline_page": True})


# Outside i18n_patterns (numsite/urls.py): the language is the pattern's, never the cookie's.
urlpatterns = [
    path("sw.js", service_worker, name="service_worker"),
    *(
        path(
            manifest_path(code)[1:],
            manifest,
            {"language": code},
            name=url_name("pwa_manifest", code),
        )
        for code in site_languages()
    ),
    *(
        path(
            offline_path(code)[1:], offline_page, {"language": code}, name=url_name("offline", code)
        )
        for code in site_languages()
    ),
]
