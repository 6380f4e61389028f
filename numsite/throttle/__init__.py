"""Abuse limits: a sliding-window counter per (scope, client network), kept in the database.

Why the database: the counters must be shared by every worker and every app server, and
survive a restart; django-ratelimit refuses the caches the site has (not atomic) and would need
a Redis. One ``INSERT … ON CONFLICT DO UPDATE … RETURNING`` increments atomically on SQLite
(≥ 3.35) and PostgreSQL alike, with no read-modify-write race.

Why a sliding window: fixed windows let a client send the whole rate at the end of one and
again at the start of the next. Each hit counts in its fixed window and is judged on
:func:`weighted` (the two-window estimate of a sliding log). A refused hit is taken back, so
that waiting ``Retry-After`` seconds is enough whatever a client sent while refused.

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


def client_key(request: HttpRequest) -> str:
    """The key a client's hits are counted under: its IPv4 address, or its IPv6 address's /64
    (one line or host gets a whole /64 and picks addresses in it at will); an IPv4-mapped
    address (a dual-stack socket's) as its IPv4 address."""
    address = client_ip(request).strip()
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # no IPv6 zone (``fe80::1%eth0``)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _increment(scope: str, client: str, slot: int, expires: int, by: int = 1) -> int:
    """Adds ``by`` to one window's counter (one atomic statement); returns the new count."""
    table = connection.ops.quote_name("throttle_counter")
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (scope, client, slot, count, expires) "
            "VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT (scope, client, slot) DO UPDATE "
            f"SET count = {table}.count + %s RETURNING count",
            [scope, client[:64], slot, max(by, 0), expires, by],
        )
        return int(cursor.fetchone()[0])


def _count(scope: str, client: str, slot: int) -> int:
    from .models import Counter  # an app's models, not importable from its package at load

    found = Counter.objects.filter(scope=scope, client=client[:64], slot=slot).values_list(
        "count", flat=True
    )
    return next(iter(found), 0)


def weighted(current: int, previous: int, elapsed: float, period: int) -> float:
    """The sliding count: ``current`` hits in this window, ``elapsed`` seconds into it, and
    ``previous`` hits in the window before, weighted by its part still in the last ``period``
    seconds."""
    return current + previous * (period - elapsed) / period


def wait(limit: int, current: int, previous: int, elapsed: float, period: int) -> int:
    """Whole seconds until one more hit is within ``limit`` (no other hit meanwhile), given
    the counts without it; at least 1, at most ``period`` and ``period / limit`` (the estimate
    takes the previous window's hits as spread over it)."""
    room = limit - current - 1  # what the previous window may still weigh for one more hit
    if room >= 0:
        # within this window, once previous × (period − t) / period ≤ room
        seconds = 0.0 if previous <= room else period - room * period / previous - elapsed
    elif limit <= 0:
        seconds = period - elapsed
    else:
        # next window: this window's hits weigh as the previous ones then
        seconds = (period - elapsed) + (period - (limit - 1) * period / current)
    return max(1, math.ceil(seconds))


def purge(now: float | None = None) -> int:
    """Deletes the counters of finished windows; returns how many rows went."""
    from .models import Counter  # an app's models, not importable from its package at load

    deleted, _ = Counter.objects.filter(expires__lte=int(now or time.time())).delete()
    return deleted


def hit(request: HttpRequest, scope: str, rate_setting: str) -> int | None:
    """Counts one request of this client in ``scope``: ``None`` within the rate, else the
    seconds to wait (``Retry-After``). A database that cannot count raises (a 503,
    numsite/failures.py): a limit that cannot be checked lets nothing through.
    """
    if not getattr(settings, "RATELIMIT_ENABLED", True):
        return None
    limit, period = parse_rate(getattr(settings, rate_setting))
    now = time.time()
    slot = int(now // period)
    elapsed = now - slot * period
    # A window's row is kept until the end of the next one, which still weighs it.
    expires = (slot + 2) * period
    client = client_key(request)
    current = _increment(scope, client, slot, expires)
    previous = _count(scope, client, slot - 1)
    if random.randrange(PURGE_ONE_IN) == 0:
        purge(now)
    if weighted(current, previous, elapsed, period) <= limit:
        return None
    _increment(scope, client, slot, expires, by=-1)
    return wait(limit, current - 1, previous, elapsed, period)


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
    """Decorator: at most the rate of setting ``rate_setting`` (``"20/600"``: 20 per 10 min)
    per client in ``scope``, counting ``methods`` only (``None``: every request)."""
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
