"""Idempotent writes (``Idempotency-Key``), one mechanism for the parties and the tablées.

A write of the API may carry ``Idempotency-Key: <1–64 of A–Z a–z 0–9 _ ->``. The first request
with a key is carried out and its answer (status and body, a refusal as well) remembered for
:attr:`RememberedAnswer.DAYS` days, per owner (the party or the tablée the token opens). The
same key with the same method, path and body gets that answer again, marked
``Idempotent-Replayed: true``, without writing; with another request it is a 409 at the field
``idempotency_key``; a malformed key is a 400 before the body is read.
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


def check_idempotency_key(request: HttpRequest) -> HttpResponse | None:
    """A malformed ``Idempotency-Key`` → its 400 (before the body is read), else ``None``."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    if key is None or _KEY.fullmatch(key):
        return None
    return error(
        "idempotency_key",
        gettext("« Idempotency-Key » : de 1 à 64 caractères parmi A–Z a–z 0–9 _ -."),
    )


def idempotent(
    request: HttpRequest,
    key: str,
    remembered: type[RememberedAnswer],
    owner: models.Model,
    carry_out: Callable[[], HttpResponse],
    refuse: Callable[[str, str], HttpResponse],
    busy: Callable[[], HttpResponse],
) -> HttpResponse:
    """A write with an ``Idempotency-Key`` for ``owner`` (whose answers ``remembered`` keeps,
    its foreign key named after ``owner``'s model): the answer remembered for this owner and
    key, replayed; ``refuse(field, message)`` (a 409) if the key came with another request;
    ``busy()`` (a 409) if the same key raced in from another request at the same moment; or the write carried out and its answer remembered, in one transaction that takes the
    owner's row lock first (as every write does), so two requests with one key never both
    write."""
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
                replay = HttpResponse(
                    bytes(seen.body), status=seen.status, content_type="application/json"
                )
                replay["Idempotent-Replayed"] = "true"
                return replay
            response = carry_out()
            remembered._default_manager.create(
                **mine,
                key=key,
                fingerprint=fingerprint,
                status=response.status_code,
                body=response.content,
            )
            return response
    except (IntegrityError, OperationalError) as err:
        # the same key raced in from another request (or the row lock timed out): a conflict;
        # any other database failure goes on to the site's 503
        if isinstance(err, OperationalError) and "lock" not in str(err).lower():
            raise
        return busy()
