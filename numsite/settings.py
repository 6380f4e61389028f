"""Numsite settings, read from the environment with safe local defaults.

Every variable, its default and its production value:
docs/deploy.md#2-settings-environment-variables.
"""

import os
import secrets
from pathlib import Path
from wsgiref.headers import Headers

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from calculators.engines.numbers import parse_whole
from numsite import release

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_seconds(name: str, default: int) -> int:
    """A whole number of seconds from the environment, else ``default``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    seconds = parse_whole(value)
    if seconds is None:
        raise ImproperlyConfigured(f"{name} is a whole number of seconds, not {value!r}")
    return seconds


DEBUG = env_bool("DEBUG")

VAR_DIR = BASE_DIR / "var"
VAR_DIR.mkdir(exist_ok=True)


def local_secret_key() -> str:
    """A random key kept in the git-ignored ``var/`` folder, made on first use.

    Used when ``DEBUG`` is off and no ``SECRET_KEY`` is given, so that a local run never
    relies on a key published in the repository.
    """
    path = VAR_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(50)
        path.write_text(key)
        path.chmod(0o600)
        return key


SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    SECRET_KEY = "django-insecure-numsite-development-only" if DEBUG else local_secret_key()

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "numsite.admin_site.NumsiteAdminConfig",  # django.contrib.admin, its login throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",  # Django's widget templates, for FORM_RENDERER
    "django_htmx",
    "template_partials",
    "bootstrap",
    "calculators",
    "calculators.tablees",
    "calculators.events",
    "rules",
    "numsite.throttle",
]

MIDDLEWARE = [
    # Outermost: what only saves the next reader time is done once the answer is sent, after
    # every other middleware had its say (numsite/after.py).
    "numsite.after.AfterAnswerMiddleware",
    # Then: a HEAD answer keeps the final headers and loses its body (numsite/security.py).
    "numsite.security.HeadMiddleware",
    # Then gzip, so it compresses the final body; never a capability page (numsite/security.py).
    "numsite.security.PublicGZipMiddleware",
    "numsite.security.RequestLimitsMiddleware",  # before anything reads the body
    # An unreachable or busy database: a 503 with Retry-After, never a 500 (numsite/failures.py).
    "numsite.failures.DatabaseUnavailableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "numsite.security.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After the session, before CommonMiddleware (which resolves URLs): docs/i18n.md.
    "django.middleware.locale.LocaleMiddleware",
    "numsite.i18n.LanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "numsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "numsite.context_processors.languages",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "numsite.context_processors.games",
                "numsite.context_processors.card_tables",
                "numsite.pwa.offline_bundle",
            ],
        },
    },
]

WSGI_APPLICATION = "numsite.wsgi.application"

#: An empty DATABASE_URL (a blank line of an env file) is unset: the SQLite file.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", "").strip() or f"sqlite:///{VAR_DIR / 'numsite.sqlite3'}"
    )
}
_SQLITE = DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
#: Seconds a thread keeps its database connection between requests, SQLite's too: opening one
#: costs about as much CPU as the board poll itself (kept, the poll's cost halves,
#: tests/load/tables.py).
DATABASES["default"]["CONN_MAX_AGE"] = env_seconds("CONN_MAX_AGE", 60)
#: A kept connection is checked before the first query of each request and opened again if
#: the database went away (a PostgreSQL restart): without it, every thread answers one 500.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if _SQLITE:
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # Tests use a file too, so that live-server threads really write concurrently (an in-memory
    # database is shared by one connection across threads).
    DATABASES["default"].setdefault("TEST", {})["NAME"] = str(VAR_DIR / "test_numsite.sqlite3")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
#: French at the site's historical URLs (no prefix), English under /en/ (numsite/urls.py).
LANGUAGES = [("fr", "Français"), ("en", "English")]
#: One catalogue for Django and for the engines (calculators/engines/i18n.py reads its .mo with
#: the standard library's gettext).
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
# idiomorph's htmx extension (the live board refreshed in place), from its npm package: no
# vendored copy, no CDN.
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("idiomorph", BASE_DIR / "node_modules" / "idiomorph" / "dist"),
]
# The offline bundle (numsite/pwa.py, docs/offline.md): the engines' zip and Pyodide's runtime.
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "numsite.pwa.OfflineFinder",
]
# Hashed names once `collectstatic` ran, plain ones before it (numsite/static.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "numsite.static.StaticStorage"},
}
# Served compressed from STATIC_ROOT once `collectstatic` ran; straight from the apps' folders
# before that, and in DEBUG.
WHITENOISE_USE_FINDERS = DEBUG or not any(STATIC_ROOT.iterdir())
WHITENOISE_AUTOREFRESH = DEBUG  # re-read edited files while developing
# Source maps (Bootstrap's, the admin's) are only fetched by developer tools: not compressed,
# which halves collectstatic's time (brotli on ~6 MB of them).
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")


def one_year_immutable(headers: Headers, path: str, url: str) -> None:
    """Hashed names (numsite/static.py), immutable for whitenoise: one year, not its ten."""
    if "immutable" in (headers.get("Cache-Control") or ""):
        headers["Cache-Control"] = "max-age=31536000, public, immutable"


WHITENOISE_ADD_HEADERS_FUNCTION = one_year_immutable

# --------------------------------------------------------------------------- cache

#: Django's cache framework, in a store every process of the machine shares
#: (docs/deploy.md#5-database, « Cache »): ``data/`` and ``fragments/`` apart, so that neither
#: crowds the other out. Every key starts with the release: no entry drawn by another version
#: of the site is ever read.
RELEASE = os.environ.get("RELEASE", "").strip() or release.digest(BASE_DIR)
CACHE_BACKEND = os.environ.get("CACHE_BACKEND", "numsite.cache.FileCache")
#: The stores Django itself makes room in, by ``MAX_ENTRIES``. Redis and Memcached evict by
#: themselves and hand their ``OPTIONS`` to their client library, which knows no
#: ``MAX_ENTRIES`` (a Redis connection refuses the unknown argument at every use).
_CULLED_BY_DJANGO = {
    "numsite.cache.FileCache",
    "django.core.cache.backends.filebased.FileBasedCache",
    "django.core.cache.backends.db.DatabaseCache",
    "django.core.cache.backends.locmem.LocMemCache",
}
CACHES = {
    "default": {
        "BACKEND": CACHE_BACKEND,
        "LOCATION": os.environ.get("CACHE_LOCATION", str(VAR_DIR / "cache" / "data")),
        "KEY_PREFIX": RELEASE,
        # one live board per party and language, a tablée's statistics and charts: room for
        # a thousand parties before Django culls a third of the entries at random (a file
        # cache lists its folder at every write, a cost that grows with the entries kept)
        **({"OPTIONS": {"MAX_ENTRIES": 1000}} if CACHE_BACKEND in _CULLED_BY_DJANGO else {}),
    },
    # Template fragments ({% cache … using="fragments" %}: a form nobody filled in, a list of
    # choices), kept a day; none under DEBUG, where an edited template must show at once (the
    # development server reloads templates without restarting: the release stays the same).
    "fragments": (
        {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        if DEBUG
        else {
            "BACKEND": CACHE_BACKEND,
            "LOCATION": os.environ.get(
                "FRAGMENT_CACHE_LOCATION", str(VAR_DIR / "cache" / "fragments")
            ),
            "KEY_PREFIX": RELEASE,
            "TIMEOUT": 24 * 3600,
        }
    ),
    # The parts of a Parties board that many versions share, each keyed on a digest of what
    # it shows, so never stale: in each process's memory (no file to write at each version; a
    # process draws a part at most once).
    "board": (
        {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        if DEBUG
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "parties-board",
            "KEY_PREFIX": RELEASE,
            "TIMEOUT": 24 * 3600,
            "OPTIONS": {"MAX_ENTRIES": 4000},
        }
    ),
}

# Forms drawn by the site's one template engine (its cached loader), so templates/ may
# override Django's widget templates.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

# Request bodies over 64 KiB are refused, the API's and the forms' (docs/api.md § Errors).
API_MAX_BODY = 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = API_MAX_BODY
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
#: Seconds a client has to send a request's body under gunicorn (numsite/bodies.py): a slow
#: client cannot hold a server thread longer (408 past it).
REQUEST_BODY_TIMEOUT = env_seconds("REQUEST_BODY_TIMEOUT", 10)
FILE_UPLOAD_HANDLERS: list[str] = []

# --------------------------------------------------------------------------- security headers

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"  # no-referrer makes browsers send Origin: null (CSRF)
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# htmx sends the CSRF token from the page (base.html hx-headers); no script reads the cookie.
CSRF_COOKIE_HTTPONLY = True

# Strict CSP (django-csp 4): no inline script or style anywhere, htmx told not to inject its
# indicator styles (base.html), Bootstrap's data: SVG icons allowed as images. Scripts from the
# site only; 'wasm-unsafe-eval' lets them compile WebAssembly (Pyodide runs the engines offline,
# docs/offline.md), and nothing else: no eval, no inline script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'none'"],
    }
}

#: Features the site does not use are denied; the wake lock keeps a phone's score sheet on.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "encrypted-media",
        "fullscreen",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "picture-in-picture",
        "publickey-credentials-get",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
} | {"screen-wake-lock": ["self"]}

# HTTPS=1 behind a TLS reverse proxy that sets X-Forwarded-Proto (docs/deploy.md).
HTTPS = env_bool("HTTPS")
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the proxy's and the orchestrator's probes
    SECURE_HSTS_SECONDS = 365 * 24 * 3600
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

#: The admin's path from the environment (e.g. "gestion-7f3a/"); no admin at all when unset.
ADMIN_URL = os.environ.get("ADMIN_URL", "").strip().strip("/")
ADMIN_URL = f"{ADMIN_URL}/" if ADMIN_URL else ""

# --------------------------------------------------------------------------- abuse limits

#: Addresses or networks of reverse proxies whose X-Forwarded-For is believed. HTTPS=1 means
#: "behind a TLS proxy", which docs/deploy.md puts on this machine: loopback by default then
#: (else every client would share the proxy's address, and its limits).
TRUSTED_PROXIES = [
    p.strip()
    for p in os.environ.get("TRUSTED_PROXIES", "127.0.0.1,::1" if HTTPS else "").split(",")
    if p.strip()
]
RATELIMIT_ENABLED = env_bool("RATELIMIT_ENABLED", default=True)
PARTIES_CREATE_RATE = os.environ.get("PARTIES_CREATE_RATE", "20/600")
PARTIES_WRITE_RATE = os.environ.get("PARTIES_WRITE_RATE", "300/60")
ADMIN_LOGIN_RATE = os.environ.get("ADMIN_LOGIN_RATE", "10/600")
#: deal sheets (/donnes/) and ``best: true`` deals: NUM DRAFT's best scores cost up to seconds
DEALS_BEST_RATE = os.environ.get("DEALS_BEST_RATE", "30/60")

# --------------------------------------------------------------------------- logging

# Every handler runs the token filter: no capability token (a party's, a tablée's) in any log
# line. The gunicorn loggers get it from numsite/gunicorn.conf.py (its own logger class).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_tokens": {"()": "numsite.log_redaction.RedactTokensFilter"}},
    "formatters": {
        "plain": {"format": "[{asctime}] {levelname} {name}: {message}", "style": "{"},
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["redact_tokens"],
        },
        "server": {
            "class": "logging.StreamHandler",
            "formatter": "server",
            "filters": ["redact_tokens"],
        },
    },
    # Django's own handlers (console in DEBUG, mail_admins) are replaced: its records reach the
    # root's filtered handler, and no handler without the filter remains.
    "loggers": {
        "django": {"handlers": [], "level": "INFO" if DEBUG else "WARNING", "propagate": True},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
