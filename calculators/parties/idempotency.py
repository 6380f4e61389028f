"""Idempotent writes (``Idempotency-Key``), one mechanism for the parties and the tablées
(docs/api.md#idempotent-writes).

Only what the request itself decides is remembered (:func:`is_remembered`); an answer the
server's state decides (409, 429, 503) is not, so the same key is carried out again later. The
Party pages' writes use the same function, so the phone's offline queue
(``static/js/party-queue.js``) can resend a write with its key and never apply it twice.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, OperationalError, models, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext

from .models import RememberedAnswer

IDEMPOTENCY_KEY = "Idempotency-Key"
_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def malformed_key(request: HttpRequest) -> str | None:
    """Why the request's ``Idempotency-Key`` is malformed, or ``None`` (none sent, or a good one)."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    if key is None or _KEY.fullmatch(key):
        return None
    return gettext("« Idempotency-Key » : de 1 à 64 caractères parmi A–Z a–z 0–9 _ -.")


#: refusals the request's body decides (the same body is refused the same way)
BODY_REFUSALS = frozenset({400, 422})
#: set on a response that is no write's answer whatever its status: one the server's state
#: decided (a page's htmx refusal of a conflict is a 200 drawing the sheet), a question asked
#: before writing
NOT_REMEMBERED = "numsite_not_remembered"


def not_remembered(response: HttpResponse) -> HttpResponse:
    """Marks ``response`` as never remembered under its key."""
    setattr(response, NOT_REMEMBERED, True)
    return response


def is_remembered(response: HttpResponse) -> bool:
    """Whether an answer is remembered under its key: a completed write (2xx, a redirect) or a
    refusal its body decides; never one the state decides (409, 429, 503…)."""
    if getattr(response, NOT_REMEMBERED, False):
        return False
    status = response.status_code
    return 200 <= status < 400 or status in BODY_REFUSALS


#: the fields of a party's or a tablée's answer a client recognises its write by (a
#: creation's tokens and links included); the rest is the current state, read with ``GET``
RECEIPT = ("game", "mode", "name", "version", "edit_token", "read_token", "read_url", "edit_url")


def receipt(body: Any) -> Any:
    """What a write's JSON answer is remembered as: the fields of :data:`RECEIPT` it has and
    its newest history line (``entry``: the write itself); a refusal (an error) is kept whole,
    it is small."""
    if not isinstance(body, dict) or "error" in body:
        return body
    kept = {k: body[k] for k in RECEIPT if k in body}
    history = body.get("history")
    if isinstance(history, list) and history:
        kept["entry"] = history[0]
    return kept


def kept_body(response: HttpResponse) -> bytes:
    """What is remembered of an API answer: its :func:`receipt`, compressed."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return zlib.compress(response.content, 6)
    return zlib.compress(json.dumps(receipt(body), ensure_ascii=False).encode(), 6)


def json_replay(request: HttpRequest, status: int, kept: bytes) -> HttpResponse:
    """A remembered API answer, as it is given again (answers kept whole before receipts were
    kept are given back as they were)."""
    try:
        body = zlib.decompress(kept)
    except zlib.error:
        body = kept
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
    replay: Callable[[HttpRequest, int, bytes], HttpResponse | None] = json_replay,
) -> HttpResponse:
    """A write with an ``Idempotency-Key`` for ``owner`` (whose answers ``remembered`` keeps,
    its foreign key named after ``owner``'s model): the answer remembered for this owner and
    key, replayed; ``refuse(field, message)`` (a 409) if the key came with another request;
    ``busy()`` (a 409) if the same key raced in at the same moment; or the write carried out
    and its answer remembered, in one transaction that takes the owner's row lock first, so two
    requests with one key never both write. Only :func:`is_remembered` answers are kept. ``keep(answer)`` is what is remembered of
    an answer (its :func:`receipt` by default) and ``replay(request, status, kept)`` the answer
    given again (JSON by default), or ``None`` when the remembered answer cannot be given to
    this request and nothing was written (a page's refusal, remembered for another kind of
    request): the request is then carried out, its answer remembered in place of the old."""
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
                again = replay(request, seen.status, bytes(seen.body))
                if again is not None:
                    again["Idempotent-Replayed"] = "true"
                    return again
                seen.delete()
            response = carry_out()
            if is_remembered(response):
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
