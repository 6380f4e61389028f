"""Site-wide views: home page, health check and error pages in the reader's language."""

import sys

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from rules.games import GAMES

from . import failures


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    dealt_names = [g.name for g in GAMES if g.dealt]  # the games a deal is prepared for
    return render(request, "home.html", {"games": GAMES, "dealt_names": dealt_names})


@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers a query, 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        return JsonResponse({"status": "error", "database": "unreachable"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, which browsers ask for by themselves (after a Back, say) whatever the
    page's ``<link rel="icon">``: the site's one icon, never a 404 in the console."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


@csrf_exempt  # the API is CSRF-exempt (no cookies): its 404 must not turn into a CSRF 403
def api_not_found(request: HttpRequest) -> JsonResponse:
    """Any unknown path under /api/: the API's JSON error (field "path"), never an HTML page."""
    return JsonResponse(
        {
            "error": {
                "field": "path",
                "message": gettext("Adresse inconnue de l’API : {path}").format(path=request.path),
            }
        },
        status=404,
        json_dumps_params={"ensure_ascii": False},
    )


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a database that cannot serve (a failure outside any view, e.g. in a
    middleware) is a 503 like the views' (numsite/failures.py); anything else the 500 page."""
    if failures.is_unavailable(sys.exc_info()[1]):
        return failures.unavailable(request)
    # No context processors here: the page must render even when something else is broken.
    return HttpResponse(loader.get_template("500.html").render(), status=500)
