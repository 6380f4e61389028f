"""Engine messages in the request's language, without Django (the engines stay pure).

The engines write their user-facing text in French, the reference, wrapped in :func:`_`
(``_("{player} a déjà réalisé {combo}").format(...)``: named placeholders, so a translation can
reorder them). :func:`_` looks the French text up in the site's one catalogue,
``locale/<lang>/LC_MESSAGES/django.mo``, with the standard library's :mod:`gettext`, for the
language held by a context variable: French unless a caller chose another one with
:func:`use_language` / :func:`set_language` (the site's middleware does it for every request,
numsite/i18n.py). Texts defined at import time (names of combinations, families, titles) are
marked with :func:`gettext_noop` and translated where they are shown, with :func:`_`.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache
from pathlib import Path

#: The reference language: the engines' own text, used when no catalogue answers.
DEFAULT_LANGUAGE = "fr"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DOMAIN = "django"

_language: ContextVar[str] = ContextVar("engine_language", default=DEFAULT_LANGUAGE)


@cache
def _catalogue(language: str) -> stdlib_gettext.NullTranslations:
    if language == DEFAULT_LANGUAGE:
        return stdlib_gettext.NullTranslations()
    return stdlib_gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


@cache
def languages() -> frozenset[str]:
    """The languages the engines speak: French, and each language with a catalogue in
    ``locale/`` (the site's languages, ``settings.LANGUAGES``, each have theirs)."""
    found = {p.parents[1].name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return frozenset({DEFAULT_LANGUAGE, *found})


def normalize(language: str | None) -> str:
    """``en``, ``en-gb``, ``en_US`` → ``en``: a language the engines speak; anything else →
    French."""
    primary = (language or "").lower().replace("_", "-").split("-")[0]
    return primary if primary in languages() else DEFAULT_LANGUAGE


def get_language() -> str:
    return _language.get()


def set_language(language: str | None) -> Token[str]:
    """Make ``language`` the engines' language in the current context; returns the token to
    reset it with."""
    return _language.set(normalize(language))


def reset_language(token: Token[str]) -> None:
    _language.reset(token)


@contextmanager
def use_language(language: str | None) -> Iterator[None]:
    token = set_language(language)
    try:
        yield
    finally:
        reset_language(token)


def _(message: str) -> str:
    """``message`` (French) in the current language."""
    if not message:
        return message
    return _catalogue(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` (French) for ``count``, in the current language."""
    return _catalogue(_language.get()).ngettext(singular, plural, count)


def gettext_noop(message: str) -> str:
    """Marks a French text for the catalogue without translating it (translate with :func:`_`
    where it is shown)."""
    return message


#: The engines call it ``gettext`` (a keyword of xgettext / makemessages): ``_`` is their
#: throwaway variable in loops, which would shadow it.
gettext = _
