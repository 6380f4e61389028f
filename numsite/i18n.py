"""The language of every request, for the pages, the JSON API and the engines
(docs/i18n.md « URLs and the language of a page »).

Django's ``LocaleMiddleware`` never redirects an unprefixed (French) URL with
``prefix_default_language=False``: :class:`LanguageMiddleware` does, for a visitor whose
language cookie names another language. The API is stateless, so ``Accept-Language`` alone.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import translate_url
from django.utils import translation
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme

from calculators.engines import i18n as engine_i18n

API_PREFIX = "/api/"


def supported(code: str | None) -> str | None:
    """The site's language for a language tag (``en-GB`` → ``en``), or ``None``."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def negotiate(accept_language: str) -> str:
    """The best of the site's languages for an ``Accept-Language`` header; French by default.

    Ranges are taken by decreasing quality (``q``), in their order at equal quality; ``q=0``
    refuses a language; ``*`` is the default language.
    """
    ranges: list[tuple[float, int, str]] = []
    for index, item in enumerate(accept_language.split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranges.append((-quality, index, tag.strip()))
    for _quality, _index, tag in sorted(ranges):
        if tag == "*":
            return settings.LANGUAGE_CODE
        language = supported(tag)
        if language:
            return language
    return settings.LANGUAGE_CODE


def is_api(request: HttpRequest) -> bool:
    return request.path_info == API_PREFIX.rstrip("/") or request.path_info.startswith(API_PREFIX)


class LanguageMiddleware:
    """After ``LocaleMiddleware``: the API's language, the cookie's redirect, the engines'."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        api = is_api(request)
        if api:
            language = negotiate(request.headers.get("Accept-Language", ""))
            translation.activate(language)
            request.LANGUAGE_CODE = language
        else:
            redirect = self.cookie_redirect(request)
            if redirect is not None:
                return redirect
            language = translation.get_language()
        token = engine_i18n.set_language(language)
        try:
            response = self.get_response(request)
        finally:
            engine_i18n.reset_language(token)
        # The API's answer depends on Accept-Language; a French page on the language cookie.
        patch_vary_headers(response, ("Accept-Language",) if api else ("Cookie",))
        return response

    @staticmethod
    def cookie_redirect(request: HttpRequest) -> HttpResponse | None:
        """The same page in the cookie's language, for a plain GET of a French (unprefixed) page
        by a visitor whose language cookie names another language; ``None`` otherwise."""
        if request.method not in ("GET", "HEAD") or request.headers.get("HX-Request"):
            return None
        if translation.get_language_from_path(request.path_info):
            return None  # an explicit /en/… URL is always served as asked
        language = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if not language or language == settings.LANGUAGE_CODE:
            return None
        current = request.get_full_path()
        target = translate_url(current, language)
        if target == current:
            return None  # not a page of i18n_patterns (static, health check, admin…)
        if not url_has_allowed_host_and_scheme(target, allowed_hosts=None):
            return None  # never a redirect off the site (a path like //host/…)
        response = HttpResponseRedirect(target)
        patch_vary_headers(response, ("Cookie",))
        add_never_cache_headers(response)  # it depends on the cookie; Parties links carry tokens
        return response
