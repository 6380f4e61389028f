"""Idempotent writes (``Idempotency-Key``), one mechanism for the parties and the tablées.

A write of the API may carry ``Idempotency-Key: <1–64 of A–Z a–z 0–9 _ ->``. The first request
with a key is carried out and its answer (status and body, a refusal as well) remembered for
:attr:`RememberedAnswer.DAYS` days, per owner (the party or the tablée the token opens). The
same key with the same method, path and body gets that answer again, marked
``Idempotent-Replayed: true``, without writing; with another request it is a 409 at the field
``idempotency_key``; a malformed key is a 400 before the body is read.

The Party pages' writes (:func:`calculators.parties.views.action`) honour the same header
through the same function: their remembered answer is the page's HTML (or the redirect a page
without JavaScript gets), given back by their own ``keep`` and ``replay``; the phone's queue of
writes made without network (``static/js/party-queue.js``) sends each write with its key until
an answer comes, so a write the server applied before the answer was lost is never applied
twice.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from datetime import timedelta

from django.db import IntegrityError, OperationalError, models, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext

from ..web.json import error
from .models import RememberedAnswer

IDEMPOTENCY_KEY = "Idempotency-Key"
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def malformed_key(request: HttpRequest) -> str | None:
    """Why the request's ``Idempotency-Key`` is malformed, or ``None`` (none sent, or a good one)."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    if key is None or _KEY.fullmatch(key):
        return None
    return gettext("« Idempotency-Key » : de 1 à 64 caractères parmi A–Z a–z 0–9 _ -.")


def check_idempotency_key(request: HttpRequest) -> HttpResponse | None:
    """A malformed ``Idempotency-Key`` → its 400 (before the body is read), else ``None``."""
    message = malformed_key(request)
    return None if message is None else error("idempotency_key", message)


def kept_body(response: HttpResponse) -> bytes:
    """What is remembered of an answer by default: its body (the API's JSON)."""
    return response.content


def json_replay(status: int, body: bytes) -> HttpResponse:
    """A remembered JSON answer, as it is given again."""
    return HttpResponse(body, status=status, content_type="application/json")


def idempotent(
    request: HttpRequest,
    key: str,
    remembered: type[RememberedAnswer],
    owner: models.Model,
    carry_out: Callable[[], HttpResponse],
    refuse: Callable[[str, str], HttpResponse],
    busy: Callable[[], HttpResponse],
    *,
    keep: Callable[[HttpResponse], bytes] = kept_body,
    replay: Callable[[int, bytes], HttpResponse] = json_replay,
) -> HttpResponse:
    """A write with an ``Idempotency-Key`` for ``owner`` (whose answers ``remembered`` keeps,
    its foreign key named after ``owner``'s model): the answer remembered for this owner and
    key, replayed; ``refuse(field, message)`` (a 409) if the key came with another request;
    ``busy()`` (a 409) if the same key raced in from another request at the same moment; or the write carried out and its answer remembered, in one transaction that takes the
    owner's row lock first (as every write does), so two requests with one key never both
    write. ``keep(answer)`` is what is remembered of an answer (its body by default) and
    ``replay(status, kept)`` the answer given again (JSON by default)."""
    field = type(owner)._meta.model_name
    assert field is not None
    mine = {field: owner}
    fingerprint = hashlib.sha256(
        f"{request.method} {request.path}\n".encode() + request.body
    ).hexdigest()
    try:
        with transaction.atomic():
            type(owner)._default_manager.select_for_update().filter(pk=owner.pk).first()
            fresh = timezone.now() - timedelta(days=remembered.DAYS)
            remembered._default_manager.filter(**mine, key=key, at__lt=fresh).delete()
            seen = remembered._default_manager.filter(**mine, key=key).first()
            if seen is not None:
                if seen.fingerprint != fingerprint:
                    return refuse(
                        "idempotency_key",
                        gettext(
                            "Cette clé « Idempotency-Key » a déjà servi pour une autre requête."
                        ),
                    )
                again = replay(seen.status, bytes(seen.body))
                again["Idempotent-Replayed"] = "true"
                return again
            response = carry_out()
            remembered._default_manager.create(
                **mine,
                key=key,
                fingerprint=fingerprint,
                status=response.status_code,
                body=keep(response),
            )
            return response
    except (IntegrityError, OperationalError) as err:
        # the same key raced in from another request (or the row lock timed out): a conflict;
        # any other database failure goes on to the site's 503
        if isinstance(err, OperationalError) and "lock" not in str(err).lower():
            raise
        return busy()
