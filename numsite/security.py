"""Site-wide security helpers: capability pages, Permissions-Policy, request-body limits,
HEAD answers without a body.

The Content-Security-Policy itself comes from django-csp (``CONTENT_SECURITY_POLICY`` in the
settings); HSTS, secure cookies and the HTTPS redirect from Django's own settings
(``HTTPS=1``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.utils.translation import gettext

from .bodies import JSON_DUMPS, FramingError, frame_body, read_in_time

P = ParamSpec("P")
R = TypeVar("R", bound=HttpResponse)


class PublicResponse(HttpResponse):
    """A capability answer its view checked to hold no secret (``breach_safe``), which
    :class:`PublicGZipMiddleware` may compress."""

    breach_safe = False


def capability(view: Callable[P, R]) -> Callable[P, R]:
    """For a page reached through a secret link (a token in its URL): never stored, indexed or
    transformed on its way (``no-transform``: a compressing proxy leaves it alone, see
    :class:`PublicGZipMiddleware` and docs/deploy.md#3-the-tls-reverse-proxy).
    """

    @wraps(view)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        response = view(*args, **kwargs)
        mark_capability(response)
        return response

    return wrapper


def mark_capability(response: HttpResponse) -> HttpResponse:
    """Headers of :func:`capability` on one response (for code that is not a view)."""
    add_never_cache_headers(response)  # no-cache, no-store, must-revalidate, private, Expires
    patch_cache_control(response, no_store=True, private=True, no_transform=True)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def refusal(request: HttpRequest, status: int, field: str, message: str) -> HttpResponse:
    """A refusal in the shape the client expects: the API's JSON error under /api/
    (docs/api.md § Errors), else text.

    Plain text (not a template) because it is answered before the request is read, and must
    not depend on anything that could fail.
    """
    if is_api(request):
        return JsonResponse(
            {"error": {"field": field, "message": message}},
            status=status,
            json_dumps_params=JSON_DUMPS,
        )
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


class PermissionsPolicyMiddleware:
    """``Permissions-Policy`` on every answer, from ``settings.PERMISSIONS_POLICY``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = ", ".join(
            f"{feature}=({' '.join(allow)})"
            for feature, allow in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response


class RequestLimitsMiddleware:
    """Refuses, before the body is read, any ``multipart/form-data`` (the site takes no file
    upload: 415) and any declared body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413); then frames
    and reads the body (:mod:`numsite.bodies`), so no view waits on a slow client.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        content_type = request.META.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
        if content_type.startswith("multipart/"):
            return refusal(
                request,
                415,
                "body",
                gettext("Ce site n’accepte aucun envoi de fichier (multipart/form-data refusé)."),
            )
        try:
            frame_body(request)
        except FramingError as err:
            return refusal(request, err.status, "body", err.message)
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return refusal(request, 400, "body", gettext("En-tête Content-Length invalide."))
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and declared > limit:
            return refusal(
                request,
                413,
                "body",
                gettext("La requête dépasse {value} Kio.").format(value=limit // 1024),
            )
        try:
            read_in_time(request)
        except FramingError as err:
            return refusal(request, err.status, "body", err.message)
        return self.get_response(request)


class HeadMiddleware:
    """A HEAD answer is the GET answer's status and headers, without its body (RFC 9110
    § 9.3.2); ``Content-Length`` stays the GET body's.

    Django leaves the body to the server to drop; gunicorn sends it, and a client keeping the
    connection open reads those bytes as the start of its next answer. Outermost, so that the
    headers are the final ones (the compressed length).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if request.method != "HEAD":
            return response
        if isinstance(response, StreamingHttpResponse):
            # the old iterator's file is still closed with the response (its resource closers)
            response.streaming_content = iter(())
        elif isinstance(response, HttpResponse):
            response.headers.setdefault("Content-Length", str(len(response.content)))
            response.content = b""
        return response


class PublicGZipMiddleware(GZipMiddleware):
    """Django's gzip, for public pages and for the capability answers that hold no secret.

    A ``private`` answer (:func:`capability`) holds its token next to text an attacker may
    choose: compressed, its length would let a BREACH-style attacker guess the token, so it
    stays uncompressed. The one exception is a :class:`PublicResponse` marked ``breach_safe``,
    which its view checked to hold no token (the live board, whose URLs are relative).
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        private = "private" in response.get("Cache-Control", "")
        if private and not (isinstance(response, PublicResponse) and response.breach_safe):
            return response
        return super().process_response(request, response)
