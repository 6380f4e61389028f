"""The tablées' JSON API (docs/tablees.md): the same services as the pages, reached by token.

The edit token reads and writes, the read token only reads: unknown token → 404, a write with
the read token → 403 (before the body is read), bad input → 400 with its field. Every answer
is the whole tablée, with its parties (newest first) and its statistics; the read token's
answer holds no edit link and no edit token, its own or a party's.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt

from numsite import throttle
from numsite.security import capability

from ..engines.cards import InputError
from ..parties.api import party_json
from ..web.json import JSON_DUMPS, BodyError, error, read_json
from . import services
from .models import IDEMPOTENCY_DAYS, IdempotentWrite, Tablee, TableeParty
from .stats import statistics

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")


def party_links(tablee: Tablee) -> dict[int, tuple[str, str]]:
    """Each party's (read token, edit token), by game id: one query."""
    return {
        game_id: (read, edit)
        for game_id, read, edit in TableeParty.objects.filter(tablee=tablee).values_list(
            "game_id", "game__read_token", "game__edit_token"
        )
    }


def tablee_json(request: HttpRequest, tablee: Tablee, can_edit: bool) -> dict[str, Any]:
    """The whole tablée, as every answer gives it."""
    tablee.refresh_from_db()
    data = statistics(tablee)
    links = party_links(tablee)

    def party(p: dict[str, Any]) -> dict[str, Any]:
        read, edit = links[p["id"]]
        out = {k: v for k, v in p.items() if k != "id"}
        out["read_url"] = request.build_absolute_uri(reverse("parties:game", args=[read]))
        if can_edit:
            out["edit_url"] = request.build_absolute_uri(reverse("parties:game", args=[edit]))
        return out

    out: dict[str, Any] = {
        "name": tablee.name,
        "version": tablee.version,
        "players": [{"name": name} for name in data["members"]],
        "parties": [party(p) for p in data["parties"] if p["id"] in links],
        "stats": data["stats"],
        "read_url": request.build_absolute_uri(reverse("tablees:tablee", args=[tablee.read_token])),
    }
    if can_edit:
        out["edit_url"] = request.build_absolute_uri(
            reverse("tablees:tablee", args=[tablee.edit_token])
        )
    return out


def _not_allowed(methods: list[str]) -> JsonResponse:
    response = error(
        "method",
        gettext("Méthode non acceptée : {methods}.").format(methods=", ".join(methods)),
        405,
    )
    response["Allow"] = ", ".join(methods)
    return response


@csrf_exempt
@capability
@throttle.limit("parties-create", "PARTIES_CREATE_RATE")
def create(request: HttpRequest) -> JsonResponse:
    """``POST /api/v1/tablees``: 201, the tablée plus both tokens."""
    if request.method != "POST":
        return _not_allowed(["POST"])
    try:
        data = read_json(request, empty_ok=True)
        tablee = services.create(data.get("name"), data.get("players"))
    except BodyError as err:
        return error(err.field, err.message, err.status)
    except InputError as err:
        return error(err.field, err.message)
    body = {
        **tablee_json(request, tablee, True),
        "edit_token": tablee.edit_token,
        "read_token": tablee.read_token,
    }
    return JsonResponse(body, status=201, json_dumps_params=JSON_DUMPS)


Handler = Callable[..., Any]


def endpoint(**methods: tuple[Handler, bool]) -> Callable[..., HttpResponse]:
    """One URL: ``METHOD=(handler, writes)``. A handler gets ``(request, tablee, data, **kw)``
    and returns a status (the tablée is the answer) or a whole response."""

    @csrf_exempt
    @capability
    @throttle.limit("parties-write", "PARTIES_WRITE_RATE")
    def view(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        if request.method not in methods:
            return _not_allowed(list(methods))
        handler, writes = methods[request.method]
        try:
            tablee, can_edit = services.find(token)
        except Tablee.DoesNotExist:
            return error("token", gettext("Aucune tablée n'a ce lien."), 404)
        if writes and not can_edit:
            return error(
                "token", gettext("Ce lien est en lecture seule : il ne peut rien modifier."), 403
            )
        key = request.headers.get("Idempotency-Key") if writes else None
        if key is not None and not _KEY.fullmatch(key):
            return error(
                "idempotency_key",
                gettext("« Idempotency-Key » : 1 à 64 caractères parmi A–Z a–z 0–9 _ -."),
            )
        try:
            data = read_json(request, empty_ok=True) if writes else {}
            digest = ""
            if key is not None:  # the body is read (and its size checked) by now
                digest = hashlib.sha256(
                    b"%s %s\n%s" % (request.method.encode(), request.path.encode(), request.body)
                ).hexdigest()
                replay = _remembered(tablee, key, digest)
                if replay is not None:
                    return replay
            answer = handler(request, tablee, data, **kwargs) or 200
        except BodyError as err:
            return error(err.field, err.message, err.status)
        except InputError as err:
            return error(err.field, err.message)
        if not isinstance(answer, HttpResponse):
            answer = JsonResponse(
                tablee_json(request, tablee, can_edit), status=answer, json_dumps_params=JSON_DUMPS
            )
        if key is not None and 200 <= answer.status_code < 300:
            _remember(tablee, key, digest, answer)
        return answer

    return view


def _remembered(tablee: Tablee, key: str, digest: str) -> HttpResponse | None:
    """The answer remembered for this key, replayed; a 409 for the same key with another
    request; ``None`` when the key is new (or older than :data:`IDEMPOTENCY_DAYS`)."""
    since = timezone.now() - timedelta(days=IDEMPOTENCY_DAYS)
    done = IdempotentWrite.objects.filter(tablee=tablee, key=key, at__gte=since).first()
    if done is None:
        return None
    if done.digest != digest:
        return error(
            "idempotency_key",
            gettext("Cette clé « Idempotency-Key » a déjà servi pour une autre requête."),
            409,
        )
    response = JsonResponse(done.body, status=done.status, json_dumps_params=JSON_DUMPS)
    response["Idempotent-Replayed"] = "true"
    return response


def _remember(tablee: Tablee, key: str, digest: str, answer: HttpResponse) -> None:
    body = json.loads(answer.content)
    try:
        with transaction.atomic():
            IdempotentWrite.objects.filter(
                tablee=tablee, key=key, at__lt=timezone.now() - timedelta(days=IDEMPOTENCY_DAYS)
            ).delete()
            IdempotentWrite.objects.create(
                tablee=tablee, key=key, digest=digest, status=answer.status_code, body=body
            )
    except IntegrityError:
        pass  # the same key raced in from another request: the first answer is remembered


def required(data: dict[str, Any], name: str) -> Any:
    if name not in data:
        raise InputError(name, gettext("Le champ « {name} » est obligatoire.").format(name=name))
    return data[name]


def _read(request: HttpRequest, tablee: Tablee, data: dict) -> None:
    return None


def _new_party(request: HttpRequest, tablee: Tablee, data: dict) -> HttpResponse:
    retry_after = throttle.hit(request, "parties-create", "PARTIES_CREATE_RATE")
    if retry_after is not None:
        return throttle.too_many(request, retry_after)
    game = services.new_party(
        tablee, data.get("game"), data.get("mode"), data.get("players"), data.get("values") or ""
    )
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return JsonResponse(body, status=201, json_dumps_params=JSON_DUMPS)


def _add_member(request: HttpRequest, tablee: Tablee, data: dict) -> int:
    services.add_member(tablee, required(data, "name"))
    return 201


def _rename(request: HttpRequest, tablee: Tablee, data: dict, index: int) -> None:
    services.rename_member(tablee, index, required(data, "name"))


tablee = endpoint(GET=(_read, False), HEAD=(_read, False))
parties = endpoint(POST=(_new_party, True))
players = endpoint(POST=(_add_member, True))
player = endpoint(PATCH=(_rename, True))
