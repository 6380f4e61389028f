"""Abuse limits: a fixed-window counter per (scope, client IP), kept in the database.

Why the database: the counters must be shared by every server process and every app server
(several gunicorn workers, several machines on one PostgreSQL), and survive a worker restart.
django-ratelimit refuses Django's database cache and in-process caches in its system checks
(they are not atomic), so it would need a Redis the site does not otherwise have. Here one
statement, ``INSERT … ON CONFLICT (scope, client, slot) DO UPDATE SET count = count + 1
RETURNING count``, increments atomically on SQLite (≥ 3.35) and PostgreSQL alike, without a
read-modify-write race and without a transaction of its own.

Use::

    from numsite import throttle

    @throttle.limit("parties-create", "PARTIES_CREATE_RATE")
    def new_game(request): ...

or, inside a view, ``retry = throttle.hit(request, scope, "PARTIES_WRITE_RATE")`` then
``if retry: return throttle.too_many(request, retry)``.

Rates are settings of the form ``"<count>/<seconds>"`` (``"20/600"``: 20 per 10 minutes);
``RATELIMIT_ENABLED = False`` switches every limit off (the test suite, the load script).
"""

from __future__ import annotations

import ipaddress
import math
import random
import time
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.html import format_html
from django.utils.translation import ngettext

#: Unsafe methods: by default only writes are counted.
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: One hit in this many also deletes the rows of finished windows.
PURGE_ONE_IN = 200


def parse_rate(rate: str) -> tuple[int, int]:
    """``"20/600"`` → (20, 600): at most 20 requests per 600-second window."""
    try:
        count, period = (int(part) for part in str(rate).split("/"))
    except ValueError as err:
        raise ValueError(f"Bad rate {rate!r}: expected '<count>/<seconds>'") from err
    if count < 0 or period <= 0:
        raise ValueError(f"Bad rate {rate!r}: count ≥ 0 and seconds > 0")
    return count, period


def _networks(entries: Iterable[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return [ipaddress.ip_network(e.strip(), strict=False) for e in entries if e.strip()]


def _trusted(address: str, networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_ip(request: HttpRequest) -> str:
    """The client's address: ``REMOTE_ADDR``, unless it is a trusted proxy.

    Behind proxies listed in ``TRUSTED_PROXIES`` (addresses or networks), the client is the
    right-most ``X-Forwarded-For`` entry that is not itself a trusted proxy: entries further
    left were written by the client and prove nothing. Loopback is not exempt.
    """
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    networks = _networks(getattr(settings, "TRUSTED_PROXIES", []))
    if not networks or not _trusted(remote, networks):
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for address in reversed([a for a in forwarded if a]):
        if not _trusted(address, networks):
            try:
                return str(ipaddress.ip_address(address))
            except ValueError:
                return remote  # garbage from the client's side: count it on the proxy
    return remote


def _increment(scope: str, client: str, slot: int, expires: int) -> int:
    table = connection.ops.quote_name("throttle_counter")
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (scope, client, slot, count, expires) "
            "VALUES (%s, %s, %s, 1, %s) "
            "ON CONFLICT (scope, client, slot) DO UPDATE "
            f"SET count = {table}.count + 1 RETURNING count",
            [scope, client[:64], slot, expires],
        )
        return int(cursor.fetchone()[0])


def purge(now: float | None = None) -> int:
    """Deletes the counters of finished windows; returns how many rows went."""
    from .models import Counter

    deleted, _ = Counter.objects.filter(expires__lte=int(now or time.time())).delete()
    return deleted


def hit(request: HttpRequest, scope: str, rate_setting: str) -> int | None:
    """Counts one request of this client in ``scope``.

    Returns ``None`` while within the rate named by the setting ``rate_setting``, else the
    number of seconds until the window ends (for ``Retry-After``).
    """
    if not getattr(settings, "RATELIMIT_ENABLED", True):
        return None
    limit, period = parse_rate(getattr(settings, rate_setting))
    now = time.time()
    slot = int(now // period)
    expires = (slot + 1) * period
    count = _increment(scope, client_ip(request), slot, expires)
    if random.randrange(PURGE_ONE_IN) == 0:
        purge(now)
    if count <= limit:
        return None
    return max(1, math.ceil(expires - now))


def too_many(request: HttpRequest, retry_after: int) -> HttpResponse:
    """429 with ``Retry-After``, in the reader's language: the API's JSON error under /api/; to
    an htmx request (a write from a page), the message alone, swapped into the page's status
    region (``#request-status``, base.html) so the typed entry stays in its form; else a page."""
    message = ngettext(
        "Trop de requêtes depuis votre adresse : réessayez dans {count} seconde.",
        "Trop de requêtes depuis votre adresse : réessayez dans {count} secondes.",
        retry_after,
    ).format(count=retry_after)
    if request.headers.get("HX-Request") == "true" and not request.path_info.startswith("/api/"):
        response: HttpResponse = HttpResponse(
            format_html(
                '<p class="alert alert-warning mb-2" data-testid="too-many">{}</p>', message
            ),
            status=429,
        )
        response["HX-Retarget"] = "#request-status"
        response["HX-Reswap"] = "innerHTML"
    elif request.path_info.startswith("/api/"):
        response = JsonResponse(
            {"error": {"field": "rate", "message": message}},
            status=429,
            json_dumps_params={"ensure_ascii": False},
        )
    else:
        html = loader.get_template("429.html").render({"message": message}, request)
        response = HttpResponse(html, status=429)
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response


def limit(
    scope: str, rate_setting: str, methods: Iterable[str] | None = WRITE_METHODS
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorator: at most the rate of setting ``rate_setting`` per client IP in ``scope``.

    Only ``methods`` are counted (writes by default; ``None`` counts every request). Over the
    limit the view is not called and the client gets :func:`too_many`.
    """
    counted = None if methods is None else frozenset(m.upper() for m in methods)

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if counted is None or request.method in counted:
                retry_after = hit(request, scope, rate_setting)
                if retry_after is not None:
                    return too_many(request, retry_after)
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
