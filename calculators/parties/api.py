"""The Parties JSON API: the same services as the pages, reached by token.

The edit token reads and writes, the read token only reads. Unknown token → 404, a write with
the read token → 403, a :class:`~.services.Conflict` (finished game, stale ``if_version``,
nothing to undo or redo) → 409 with the current party, bad input → 400 with its field.
The routes every game has are here; a game's own (NUM CHECK's claims …) are in its folder
(``calculators/games/<game>/party/api.py``) and use :func:`route`.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any, get_type_hints

from django.db import IntegrityError, OperationalError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from pydantic import ConfigDict

from numsite import throttle
from numsite.security import capability

from ..engines.cards import InputError
from ..web.json import (
    ERRORS,
    Body,
    BodyError,
    ErrorOut,
    answer,
    error,
    keep_json,
    read_json,
    reads_body,
)
from . import kinds, services
from .board import board as board_of
from .models import Game, IdempotentAnswer


def party_json(request: HttpRequest, game: Game, can_edit: bool) -> dict[str, Any]:
    """The whole party, as every 200/201 answer gives it: the core's fields, the game's own
    (its claims, grids or rounds: :meth:`PartyKind.json`), the history and the links."""
    game.refresh_from_db()
    kind = kinds.of(game)
    board = board_of(game)
    rows = sorted(board.rows, key=lambda r: r.player.seat)
    out: dict[str, Any] = {
        "game": game.api_name,
        "mode": game.mode,
        "values": game.values or None,
        "version": game.version,
        "finished": board.finished,
        "players": [
            {
                "name": r.player.name,
                "total": r.total,
                "title": None if kind.ranked_by_wins else (r.title or None),
                "position": r.position,
                **({"wins": r.wins} if kind.ranked_by_wins else {}),
            }
            for r in rows
        ],
        "winners": list(board.winners) if board.finished else [],
        **kind.json(game, board, rows),
    }
    out["history"] = [
        {
            "version": h.version,
            "action": h.action,
            "summary": h.summary_text,
            "at": h.at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "undone": h.state in ("undone", "dropped"),
        }
        for h in game.history.select_related("target")
    ]
    out["read_url"] = request.build_absolute_uri(reverse("parties:game", args=[game.read_token]))
    if can_edit:
        out["edit_url"] = request.build_absolute_uri(
            reverse("parties:game", args=[game.edit_token])
        )
    return out


Handler = Callable[..., Any]


class WriteIn(Body):
    """What every write body may carry."""

    if_version: int | None = Field(
        None, description="Refuse the write (409) unless the party is still at this version."
    )


class NameIn(WriteIn):
    name: str = Field(description="A player's name (1–40 characters, unique ignoring case).")


class CreateIn(Body):
    game: str | None = Field(None, description="`num-check`, `num-draft` or `num5`.")
    mode: str | None = Field(None, description="The game's mode (its key or its name).")
    players: list[str] | None = Field(None, description="The names, in seating order.")
    values: str | None = Field(None, description="NUM DRAFT only: `0-12` or `0-16`.")


class PartyPlayerOut(Schema):
    name: str
    total: int
    title: str | None
    position: int
    wins: int | None = None


class HistoryOut(Schema):
    version: int
    action: str
    summary: str
    at: str
    undone: bool


class PartyOut(Schema):
    """The whole party; each game adds its own keys (``claims``, ``grids``, ``rounds``…)."""

    model_config = ConfigDict(extra="allow")

    game: str
    mode: str
    values: str | None
    version: int
    finished: bool
    players: list[PartyPlayerOut]
    winners: list[str]
    history: list[HistoryOut]
    read_url: str
    edit_url: str | None = Field(None, description="Only in answers to the edit token.")


class CreatedOut(PartyOut):
    edit_token: str
    read_token: str


class ConflictOut(ErrorOut):
    """A 409: the write was refused because of the party's state; the current party."""

    party: PartyOut


#: The refusals of every route reached by a token.
TOKEN_ERRORS: dict[int, type[Schema]] = {**ERRORS, 403: ErrorOut, 404: ErrorOut, 429: ErrorOut}


def _gate(writes: bool) -> Callable[[Handler], Handler]:
    """Before the body is read: the token (404 unknown, 403 a read token that writes); then
    the body, read by :func:`read_json` (an empty body is ``{}``)."""

    def decorator(run: Handler) -> Handler:
        @wraps(run)
        def wrapper(request: HttpRequest, *args: Any, token: str, **kwargs: Any) -> HttpResponse:
            try:
                game, can_edit = services.find(token)
            except Game.DoesNotExist:
                return error("token", gettext("Aucune partie n'a ce lien."), 404)
            if writes and not can_edit:
                return error(
                    "token",
                    gettext("Ce lien est en lecture seule : il ne peut rien modifier."),
                    403,
                )
            refused = check_idempotency_key(request) if writes else None
            if refused is not None:
                return refused
            try:
                keep_json(request, read_json(request, empty_ok=True) if writes else {})
            except BodyError as err:
                return error(err.field, err.message, err.status)
            request.numsite_party = (game, can_edit)  # type: ignore[attr-defined]
            return run(request, *args, token=token, **kwargs)

        return wrapper

    return decorator


def route(
    router: Router,
    method: str,
    path: str,
    *,
    url_name: str,
    summary: str,
    status: int = 200,
    writes: bool = True,
) -> Callable[[Handler], Handler]:
    """One operation of the Parties API on ``path`` (under ``/api/v1/``, with ``{token}``).

    The handler is ``(game, payload, **path params)``: ``payload`` typed by a :class:`Body`
    schema (its annotation), the path parameters typed by theirs. It returns nothing (200) or
    the status (201). Around it: the throttle, the capability headers, the token (404, 403),
    the body (400, 411, 413), a :class:`~.services.Conflict` (409 with the party), an
    :class:`InputError` (400), and the answer, the whole party.
    """

    def decorator(handler: Handler) -> Handler:
        hints = get_type_hints(handler)
        params = list(inspect.signature(handler).parameters.values())[1:]
        signature = inspect.Signature(
            [
                inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                inspect.Parameter("token", inspect.Parameter.KEYWORD_ONLY, annotation=str),
                *(
                    p.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=hints[p.name])
                    for p in params
                ),
            ]
        )

        def view(request: HttpRequest, token: str, **values: Any) -> HttpResponse:
            game, can_edit = request.numsite_party  # type: ignore[attr-defined]

            def carry_out() -> HttpResponse:
                try:
                    done = handler(game, **values) or status
                except InputError as err:
                    return error(err.field, err.message)
                except services.Conflict as err:
                    game.refresh_from_db()
                    party = party_json(request, game, can_edit)
                    return error(err.field, err.message, 409, party=party)
                return answer(party_json(request, game, can_edit), done)

            key = request.headers.get(IDEMPOTENCY_KEY)
            if not writes or key is None:
                return carry_out()
            return idempotent(request, game, can_edit, key, carry_out)

        view.__signature__ = signature  # type: ignore[attr-defined]
        view.__name__ = handler.__name__.lstrip("_")
        view.__doc__ = handler.__doc__
        answers: dict[int, type[Schema]] = {status: PartyOut, **TOKEN_ERRORS}
        if writes:
            answers[409] = ConflictOut
        router.api_operation(
            [method],
            path,
            response=answers,
            url_name=url_name,
            operation_id=f"{url_name}_{method.lower()}",
            summary=summary,
        )(view)
        decorate_view(
            _gate(writes), throttle.limit("parties-write", "PARTIES_WRITE_RATE"), capability
        )(view)
        return handler

    return decorator


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
    game: Game,
    can_edit: bool,
    key: str,
    carry_out: Callable[[], HttpResponse],
) -> HttpResponse:
    """A write with an ``Idempotency-Key``: the answer remembered for this party and key
    (replayed with ``Idempotent-Replayed: true``), a 409 if the key came with another request,
    or the write carried out and its answer remembered, in one transaction that takes the
    game's row lock first (as every write does), so two requests with one key never both
    write."""
    fingerprint = hashlib.sha256(
        f"{request.method} {request.path}\n".encode() + request.body
    ).hexdigest()
    try:
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=game.pk).first()
            fresh = timezone.now() - timedelta(days=IdempotentAnswer.DAYS)
            IdempotentAnswer.objects.filter(game=game, key=key, at__lt=fresh).delete()
            seen = IdempotentAnswer.objects.filter(game=game, key=key).first()
            if seen is not None:
                if seen.fingerprint != fingerprint:
                    game.refresh_from_db()
                    return error(
                        "idempotency_key",
                        gettext(
                            "Cette clé « Idempotency-Key » a déjà servi pour une autre requête."
                        ),
                        409,
                        party=party_json(request, game, can_edit),
                    )
                replay = HttpResponse(
                    bytes(seen.body), status=seen.status, content_type="application/json"
                )
                replay["Idempotent-Replayed"] = "true"
                return replay
            response = carry_out()
            IdempotentAnswer.objects.create(
                game=game,
                key=key,
                fingerprint=fingerprint,
                status=response.status_code,
                body=response.content,
            )
            return response
    except (IntegrityError, OperationalError) as err:
        if isinstance(err, OperationalError) and "lock" not in str(err).lower():
            raise
        return error(
            "party", gettext(services.CONFLICT), 409, party=party_json(request, game, can_edit)
        )


router = Router(tags=["Parties"])


@router.post(
    "/parties",
    response={201: CreatedOut, **ERRORS, 429: ErrorOut},
    url_name="parties_create",
    operation_id="parties_create",
    summary=gettext_noop("Créer une partie partagée (réponse : les deux jetons)"),
)
@decorate_view(
    reads_body(empty_ok=True), throttle.limit("parties-create", "PARTIES_CREATE_RATE"), capability
)
def create(request: HttpRequest, payload: CreateIn) -> JsonResponse:
    """``POST /api/v1/parties``: 201, the party plus both tokens."""
    data = payload.model_dump(exclude_unset=True)
    players = data.get("players")
    if not isinstance(players, list):
        raise InputError("players", gettext("Indiquez les joueurs : une liste de noms."))
    game = services.create_game(
        data.get("game"), data.get("mode"), players,
        data.get("values") or "",
    )  # fmt: skip
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return answer(body, 201)


def player_named(game: Game, name: object) -> int:
    from ..engines.names import name_key

    for p in game.players.all():
        if isinstance(name, str) and name_key(p.name) == name_key(name.strip()):
            return p.pk
    raise InputError(
        "player", gettext("« {name} » ne joue pas dans cette partie.").format(name=name)
    )


@route(
    router, "GET", "/parties/{token}", url_name="party", writes=False,
    summary=gettext_noop("Lire une partie (jeton d'édition ou de lecture)"),
)  # fmt: skip
def _read(game: Game) -> None:
    """The party, to either token."""


@route(
    router, "POST", "/parties/{token}/players", url_name="party_players", status=201,
    summary=gettext_noop("Ajouter un joueur (avant la 1re saisie)"),
)  # fmt: skip
def _player_add(game: Game, payload: NameIn) -> None:
    services.add_player(game, payload.name, payload.if_version)


@route(
    router, "PATCH", "/parties/{token}/players/{int:seat}", url_name="party_player",
    summary=gettext_noop("Renommer un joueur"),
)  # fmt: skip
def _rename(game: Game, payload: NameIn, seat: int) -> None:
    player = services.player_by_seat(game, seat)
    services.rename(game, player.pk, payload.name, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/undo",
    url_name="party_undo",
    summary=gettext_noop("Annuler la dernière écriture"),
)
def _undo(game: Game, payload: WriteIn) -> None:
    services.undo(game, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/redo",
    url_name="party_redo",
    summary=gettext_noop("Rétablir l'écriture annulée"),
)
def _redo(game: Game, payload: WriteIn) -> None:
    services.redo(game, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/finish",
    url_name="party_finish",
    summary=gettext_noop("Terminer la partie"),
)
def _finish(game: Game, payload: WriteIn) -> None:
    services.finish(game, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/reopen",
    url_name="party_reopen",
    summary=gettext_noop("Rouvrir la partie"),
)
def _reopen(game: Game, payload: WriteIn) -> None:
    services.reopen(game, payload.if_version)
