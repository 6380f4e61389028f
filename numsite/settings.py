"""Numsite settings, read from the environment with safe local defaults.

Environment variables:
- ``DEBUG``: ``1``/``true`` to turn debug on (off by default).
- ``SECRET_KEY``: with ``DEBUG`` on a development key is the default; with ``DEBUG`` off and no
  key given, a random key is made once and kept in the git-ignored ``var/secret_key``.
- ``ALLOWED_HOSTS``: comma-separated (default ``127.0.0.1,localhost``).
- ``DATABASE_URL``: any dj-database-url URL (default: SQLite file in ``var/``).
"""

import os
import secrets
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


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
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "bootstrap",
    "calculators",
    "rules",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
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
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "numsite.context_processors.games",
            ],
        },
    },
]

WSGI_APPLICATION = "numsite.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'numsite.sqlite3'}",
        conn_max_age=600,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
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
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "numsite.static.StaticStorage"
        )
    },
}
# Served compressed from STATIC_ROOT once `collectstatic` ran (`make run` does); straight from
# the apps' folders before that, and in DEBUG.
WHITENOISE_USE_FINDERS = DEBUG or not any(STATIC_ROOT.iterdir())
WHITENOISE_AUTOREFRESH = DEBUG  # re-read edited files while developing


def one_year_immutable(headers, path: str, url: str) -> None:
    """Hashed names (numsite/static.py), immutable for whitenoise: one year, not its ten."""
    if "immutable" in (headers.get("Cache-Control") or ""):
        headers["Cache-Control"] = "max-age=31536000, public, immutable"


WHITENOISE_ADD_HEADERS_FUNCTION = one_year_immutable

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# The JSON API refuses bodies over 64 KiB (API.md); Django's own guard is kept above that so
# the API can answer 413 itself.
API_MAX_BODY = 64 * 1024

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
