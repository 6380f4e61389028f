"""The answer when the database cannot serve a request: 503 with ``Retry-After``, never a 500.

A database that is unreachable (PostgreSQL restarting) or busy (a lock held past its time-out)
is not the request's fault and passes by itself; Django reports both as ``OperationalError`` or
``InterfaceError``, wherever they happen (docs/deploy.md#3-the-tls-reverse-proxy, « When the
database cannot serve »).
:class:`DatabaseUnavailableMiddleware` answers for the views and their decorators,
:func:`numsite.views.server_error` for a failure anywhere else (a middleware). Other database
errors stay 500s: they are bugs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext

from .bodies import JSON_DUMPS
from .i18n import negotiate

logger = logging.getLogger("numsite.failures")

#: Seconds a client is told to wait (``Retry-After``): a PostgreSQL restart or a long write lock
#: is over within a few seconds.
RETRY_AFTER = 5
#: What a database that cannot serve raises (through Django's wrappers).
UNAVAILABLE = (OperationalError, InterfaceError)


def is_unavailable(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the database is unreachable or busy (not a bug of the site)."""
    return isinstance(exc, UNAVAILABLE)


def _language(request: HttpRequest) -> str:
    """The reader's language, found without the database: the API's ``Accept-Language``, a
    page's language prefix (``/en/``; the default language, French, otherwise)."""
    path = request.path_info
    if path.startswith("/api/"):
        return negotiate(request.headers.get("Accept-Language", ""))
    return translation.get_language_from_path(path) or settings.LANGUAGE_CODE


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 « réessayez dans un instant », in the shape the client expects; to htmx, the message
    alone in the page's status region, so that the typed entry stays in its form."""
    with translation.override(_language(request)):
        message = gettext(
            "Le site est momentanément indisponible : réessayez dans un instant. Rien de ce "
            "que vous avez saisi n’a été enregistré."
        )
        response: HttpResponse
        if request.path_info.startswith("/api/"):
            response = JsonResponse(
                {"error": {"field": "database", "message": message}},
                status=503,
                json_dumps_params=JSON_DUMPS,
            )
        elif request.headers.get("HX-Request") == "true":
            response = HttpResponse(
                format_html(
                    '<p class="alert alert-warning mb-2" data-testid="unavailable">{}</p>',
                    message,
                ),
                status=503,
            )
            response["HX-Retarget"] = "#request-status"
            response["HX-Reswap"] = "innerHTML"
        else:
            # No request context: the page renders without the database (no context processor
            # that reads it, no session).
            html = loader.get_template("503.html").render({"message": message})
            response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseUnavailableMiddleware:
    """A view (or its decorators) that meets an unreachable or busy database answers
    :func:`unavailable` instead of a 500; the failure is logged as a warning."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_unavailable(exception):
            return None
        # One line, no traceback: the database's own log says why it did not serve.
        logger.warning(
            "Database unavailable on %s %s: %s: %s",
            request.method,
            request.path,
            type(exception).__name__,
            str(exception).strip().splitlines()[0] if str(exception).strip() else "",
        )
        return unavailable(request)
