"""The Parties JSON API: the same services as the pages, reached by token.

The edit token reads and writes, the read token only reads. Unknown token → 404, a link
replaced by « Nouveaux liens » → 410, a write with the read token → 403, a :class:`~.frame.Conflict` (finished game, stale ``if_version``,
nothing to undo or redo) → 409 with the current party, bad input → 400 with its field.
The routes every game has are here; a game's own (NUM CHECK's claims …) are in its folder
(``calculators/games/<game>/party/api.py``) and use :func:`route`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.operation import Operation
from ninja.utils import contribute_operation_callback
from pydantic import ConfigDict

from numsite import throttle, tokens  # noqa: F401  (tokens: the « token » converter)
from numsite.security import capability

from ..engines.cards import InputError
from ..web.json import (
    ERRORS,
    Body,
    ErrorOut,
    Refused,
    answer,
    error,
    keep_json,
    read_json,
    reads_body,
)
from . import frame, kinds, lookup, undo, writes
from .board import board as board_of
from .board import history_json
from .idempotency import IDEMPOTENCY_KEY, idempotent, malformed_key
from .models import Game, IdempotentAnswer, RememberedAnswer


def party_json(request: HttpRequest, game: Game, can_edit: bool) -> dict[str, Any]:
    """The whole party, as every 200/201 answer gives it: the core's fields, the game's own
    (its claims, grids or rounds: :meth:`PartyKind.json`), the history and the links.

    ``game`` is as stored: just read by its token, or written (the write frame leaves on the
    caller's instance the row as its write committed it, ``frame.lock``), or read again
    (a refusal's answer)."""
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
    out["history"] = history_json(game)
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
    game: str | None = Field(None, description="`num-check`, `num-draft`, `num5` or `num-connect`.")
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


#: The refusals of every route reached by a token (410: a link replaced by « Nouveaux liens »).
TOKEN_ERRORS: dict[int, type[Schema]] = {
    **ERRORS,
    403: ErrorOut,
    404: ErrorOut,
    410: ErrorOut,
    429: ErrorOut,
}

REPLACED = gettext_noop(
    "Les liens de cette partie ont été remplacés : demandez à la table le nouveau lien."
)


@dataclass(frozen=True)
class Scope:
    """What a token opens (a party, a tablée): how it is found, how it answers, where its
    idempotent answers are kept. :func:`route` serves any scope the same way."""

    #: the object of a token and whether it is the edit token; ``missing`` raised else
    find: Callable[[str], tuple[Any, bool]]
    missing: type[Exception]
    #: the 404's message (translated when answering)
    unknown: str
    #: raised by ``find`` for a link replaced by new ones (410), if the scope has any
    retired: type[Exception] | None
    #: the whole object, as every 200/201 answer (and a party's 409) gives it
    json: Callable[[HttpRequest, Any, bool], dict[str, Any]]
    remembered: type[RememberedAnswer]
    #: the schema of the answer, and that of a 409 (``None``: a plain refusal)
    out: type[Schema]
    conflict_out: type[Schema] | None
    #: its 409s carry the current object under this key (``None``: they do not)
    conflict_key: str | None


PARTY = Scope(
    find=lookup.find,
    missing=Game.DoesNotExist,
    unknown=gettext_noop("Aucune partie n’a ce lien."),
    retired=lookup.Retired,
    json=party_json,
    remembered=IdempotentAnswer,
    out=PartyOut,
    conflict_out=ConflictOut,
    conflict_key="party",
)


T = TypeVar("T")


@dataclass(frozen=True)
class Opened:
    """What :class:`TokenAuth` leaves in ``request.auth``: the object the token opens and
    whether the token is its edit token."""

    found: Any
    can_edit: bool


class TokenAuth:
    """ninja's authentication of an operation reached by ``{token}`` (a plain callable: no
    OpenAPI security scheme, the token is the path parameter the schema already describes).
    Before the body is read: the ``scope``'s object of the token (404 unknown, 410 a replaced
    link), a read token that would write (403), the ``Idempotency-Key``'s form (400); then the
    body, read by :func:`read_json` (an empty body is ``{}``). ``request.auth`` is then an
    :class:`Opened`, the object and whether the token is its edit token; a refusal is a
    :class:`Refused`, which the API's exception handler answers."""

    def __init__(self, scope: Scope, writes: bool) -> None:
        self.scope = scope
        self.writes = writes

    def __call__(self, request: HttpRequest) -> Opened:
        scope = self.scope
        assert request.resolver_match is not None  # a ninja operation is reached by its URL
        try:
            found, can_edit = scope.find(request.resolver_match.kwargs["token"])
        except scope.missing:
            raise Refused(gettext(scope.unknown), 404, "token") from None
        except Exception as err:
            if scope.retired is None or not isinstance(err, scope.retired):
                raise
            raise Refused(gettext(REPLACED), 410, "token") from None
        if self.writes:
            if not can_edit:
                message = gettext("Ce lien est en lecture seule : il ne peut rien modifier.")
                raise Refused(message, 403, "token")
            malformed = malformed_key(request)
            if malformed is not None:
                raise Refused(malformed, 400, "idempotency_key")
        keep_json(request, read_json(request, empty_ok=True) if self.writes else {})
        return Opened(found, can_edit)


def opened(request: HttpRequest, kind: type[T]) -> T:
    """The ``kind`` of object (a :class:`Game`, a tablée, an event) the request's token opened,
    for an operation declared with :func:`route` (its :class:`TokenAuth` found it)."""
    found = _opened(request).found
    assert isinstance(found, kind), found
    return found


def party_of(request: HttpRequest) -> Game:
    """The party the request's token opened (an operation of the :data:`PARTY` scope)."""
    return opened(request, Game)


def _opened(request: HttpRequest) -> Opened:
    auth = getattr(request, "auth", None)
    assert isinstance(auth, Opened), "an operation declared with route() (TokenAuth)"
    return auth


def answering(scope: Scope, status: int, writes: bool) -> Callable[[Operation], None]:
    """What :func:`route` contributes to its operation: ninja calls the handler, once the token
    is checked and the body validated, through a view that gives the answer — the
    ``Idempotency-Key`` (replay, 409), a :class:`~.frame.Conflict` (409 with the party), an
    :class:`InputError` (400), the handler's own response or else the whole party, tablée or
    event with ``status``. It wraps ``operation.view_func`` after ninja has read the handler's
    signature (ninja's own ``mode="operation"`` decoration, for one operation): the idempotent
    write must lock what :class:`TokenAuth` found, and :func:`decorate_view`'s wrappers, around
    the whole operation, run before :class:`TokenAuth`."""

    def contribute(operation: Operation) -> None:
        handler: Handler = operation.view_func

        @wraps(handler)
        def view(request: HttpRequest, **values: Any) -> HttpResponse:
            auth = _opened(request)
            found, can_edit = auth.found, auth.can_edit

            def refuse(field: str, message: str) -> HttpResponse:
                if scope.conflict_key is None:
                    return error(field, message, 409)
                found.refresh_from_db()
                current = scope.json(request, found, can_edit)
                return error(field, message, 409, **{scope.conflict_key: current})

            def carry_out() -> HttpResponse:
                try:
                    done = handler(request, **values)
                except InputError as err:
                    return error(err.field, err.message)
                except frame.Conflict as err:
                    return refuse(err.field, err.message)
                if isinstance(done, HttpResponse):
                    return done
                return answer(scope.json(request, found, can_edit), status)

            key = request.headers.get(IDEMPOTENCY_KEY)
            if not writes or key is None:
                return carry_out()
            return idempotent(
                request,
                key,
                scope.remembered,
                found,
                carry_out,
                refuse,
                lambda: refuse(scope.conflict_key or "idempotency_key", gettext(frame.CONFLICT)),
            )

        operation.view_func = view

    return contribute


def route(
    router: Router,
    method: str,
    path: str,
    *,
    url_name: str,
    summary: str,
    status: int = 200,
    writes: bool = True,
    scope: Scope = PARTY,
    out: type[Schema] | None = None,
) -> Callable[[Handler], Handler]:
    """One operation on ``path`` (under ``/api/v1/``, with ``{token}``) of the ``scope`` the
    token opens (a party unless told): a plain ninja operation, its handler read by ninja as
    written, ``(request, token: str, payload: <a Body schema>, <path parameters>)``, taking
    what the token opened with :func:`opened` (:func:`party_of`). It returns nothing (the
    answer is the whole party, tablée or event, with ``status``) or a whole response.
    """

    def decorator(handler: Handler) -> Handler:
        answers: dict[int, type[Schema]] = {status: out or scope.out, **TOKEN_ERRORS}
        if writes:
            answers[409] = scope.conflict_out or ErrorOut
        contribute_operation_callback(handler, answering(scope, status, writes))
        router.api_operation(
            [method],
            # the token's converter marks it a secret (numsite/tokens.py: kept out of the logs)
            path.replace("{token}", "{token:token}"),
            response=answers,
            url_name=url_name,
            operation_id=f"{url_name}_{method.lower()}",
            summary=summary,
            auth=TokenAuth(scope, writes),
        )(handler)
        return decorate_view(throttle.limit("parties-write", "PARTIES_WRITE_RATE"), capability)(
            handler
        )

    return decorator


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
    game = writes.create_game(
        data.get("game"), data.get("mode"), players,
        data.get("values") or "",
    )  # fmt: skip
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return answer(body, 201)


@route(
    router, "GET", "/parties/{token}", url_name="party", writes=False,
    summary=gettext_noop("Lire une partie (jeton d’édition ou de lecture)"),
)  # fmt: skip
def _read(request: HttpRequest, token: str) -> None:
    """The party, to either token."""


@route(
    router, "POST", "/parties/{token}/players", url_name="party_players", status=201,
    summary=gettext_noop("Ajouter un joueur (avant la 1re saisie)"),
)  # fmt: skip
def _player_add(request: HttpRequest, token: str, payload: NameIn) -> None:
    writes.add_player(party_of(request), payload.name, payload.if_version)


@route(
    router, "PATCH", "/parties/{token}/players/{int:seat}", url_name="party_player",
    summary=gettext_noop("Renommer un joueur"),
)  # fmt: skip
def _rename(request: HttpRequest, token: str, payload: NameIn, seat: int) -> None:
    game = party_of(request)
    player = writes.player_by_seat(game, seat)
    writes.rename(game, player.pk, payload.name, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/undo",
    url_name="party_undo",
    summary=gettext_noop("Annuler la dernière écriture"),
)
def _undo(request: HttpRequest, token: str, payload: WriteIn) -> None:
    undo.undo(party_of(request), payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/history/{int:version}/undo",
    url_name="party_history_undo",
    summary=gettext_noop("Annuler une écriture donnée de l’historique, si rien n’en dépend"),
)
def _undo_entry(request: HttpRequest, token: str, payload: WriteIn, version: int) -> None:
    """Undo the write recorded at `version` (its `history[].version`) alone. The latest write
    in effect is undone exactly as `POST …/undo` does, and may be redone. An earlier one is
    undone when the game is not finished, no later write in effect bears on what it bears on
    (the same claim, grid, round or player; a later claim of the same player, whose rank
    follows from it; a later Num 5 round or turn; a later name; anything after an added
    player) and the engines accept the whole sheet left; it can then never be redone, and
    what undo had taken back can no longer be redone either. Otherwise 409, naming the later
    write it depends on. The creation, new links, undo and redo entries are never undone
    (409); an entry already undone → 409; no such entry → 400, field `version`."""
    undo.undo_entry(party_of(request), version, payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/redo",
    url_name="party_redo",
    summary=gettext_noop("Rétablir l’écriture annulée"),
)
def _redo(request: HttpRequest, token: str, payload: WriteIn) -> None:
    undo.redo(party_of(request), payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/finish",
    url_name="party_finish",
    summary=gettext_noop("Terminer la partie"),
)
def _finish(request: HttpRequest, token: str, payload: WriteIn) -> None:
    writes.finish(party_of(request), payload.if_version)


@route(
    router,
    "POST",
    "/parties/{token}/reopen",
    url_name="party_reopen",
    summary=gettext_noop("Rouvrir la partie"),
)
def _reopen(request: HttpRequest, token: str, payload: WriteIn) -> None:
    writes.reopen(party_of(request), payload.if_version)
