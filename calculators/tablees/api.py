"""The tablées' JSON API (docs/tablees.md#api): the same services as the pages, reached by token.

The read token's answer holds no edit link and no edit token, its own or a party's. The routes
are the Parties API's (:func:`~calculators.parties.api.route` with the :data:`TABLEE` scope), so
a tablée write takes an ``Idempotency-Key`` by the same mechanism, keyed per tablée.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from pydantic import ConfigDict

from numsite import throttle
from numsite.security import capability

from ..parties.api import CreatedOut, CreateIn, Scope, opened, party_json, route
from ..web.json import ERRORS, Body, ErrorOut, answer, reads_body
from . import daily, services
from .models import IdempotentWrite, Tablee, TableeParty
from .stats import statistics


def party_links(tablee: Tablee) -> dict[int, tuple[str, str]]:
    """Each party's (read token, edit token), by game id: one query."""
    return {
        game_id: (read, edit)
        for game_id, read, edit in TableeParty.objects.filter(tablee=tablee).values_list(
            "game_id", "game__read_token", "game__edit_token"
        )
    }


def ratings_json(ratings: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The members' ratings per game, best first (docs/ratings.md), as the API gives them."""
    return {
        game: [
            {
                "name": r["name"],
                "value": r["value"],
                "provisional": r["provisional"],
                "played": r["played"],
                "change": r["change"],
                "history": [
                    {"finished": finished, "value": value, "change": change}
                    for _, finished, value, change in r["history"]
                ],
            }
            for r in rows
        ]
        for game, rows in ratings.items()
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
        "ratings": ratings_json(data["ratings"]),
        "daily": [c.as_json() for c in daily.comparisons(tablee)],
        "read_url": request.build_absolute_uri(reverse("tablees:tablee", args=[tablee.read_token])),
    }
    if can_edit:
        out["edit_url"] = request.build_absolute_uri(
            reverse("tablees:tablee", args=[tablee.edit_token])
        )
    return out


class TableeCreateIn(Body):
    name: str | None = Field(None, description="The tablée's name (1–60 characters).")
    players: list[str] | None = Field(None, description="2 to 30 names, in seating order.")


class MemberNameIn(Body):
    name: str = Field(description="A player's name (1–40 characters, unique ignoring case).")


class TableeDailyIn(Body):
    mode: str | None = Field(None, description="NUM DRAFT's mode (its key or its name).")
    players: list[str] | None = Field(None, description="2 to 7 members, in seating order.")


class TableePlayerOut(Schema):
    name: str


class TableePartyOut(Schema):
    """One party of the tablée (newest first), with its links."""

    model_config = ConfigDict(extra="allow")

    game: str
    mode: str
    created: str
    finished: bool
    winners: list[str]
    players: list[str]
    daily_deal: int | None = Field(
        None,
        description="The number of the deal of the day the party plays (20261205), "
        "null for any other party.",
    )
    read_url: str
    edit_url: str | None = Field(None, description="Only in answers to the edit token.")


class TableeRatingStepOut(Schema):
    """A rating after one finished party of the game, oldest first."""

    finished: str = Field(description="When the party finished: its last write (UTC).")
    value: int = Field(description="The rating after the party.")
    change: int = Field(description="What the party changed (the values add up).")


class TableeRatingOut(Schema):
    """A member's rating in one game (docs/ratings.md): OpenSkill's Plackett–Luce, recomputed
    from the finished parties in the order they finished."""

    name: str
    value: int = Field(
        description="The number shown: 1000 + 30 × (mu − 3 sigma), rounded; a new player is 1000."
    )
    provisional: bool = Field(description="Fewer than 5 finished parties of this game.")
    played: int = Field(description="Finished parties of this game rated.")
    change: int = Field(description="The last party's change.")
    history: list[TableeRatingStepOut]


class TableeDailySeatOut(Schema):
    seat: int = Field(description="The seat, 1 first.")
    player: str = Field(description="The tablée's member (or guest) who sat there.")
    score: int
    matchpoints: int | None = Field(
        description="2 per other Party of the deal where that seat scored less, 1 per tie; "
        "null when no other Party finished it (docs/deals.md#donnes-matchpoints)."
    )
    percentage: float | None = Field(description="The matchpoints as a percentage of the top.")


class TableeDailyOut(Schema):
    """A finished « donne du jour » party of the tablée, each seat compared with the same seat
    of every finished Party of that deal in that mode on the site (docs/deals.md#donnes-du-jour):
    only counts, scores and percentages, never another tablée's names."""

    day: str = Field(description="The day (Europe/Paris), `YYYY-MM-DD`.")
    number: int = Field(description="The deal's number: the day as `YYYYMMDD`.")
    seed: str = Field(description="`jour:<day>:<seats>`.")
    seats: int
    mode: str
    parties: int = Field(
        description="The finished Parties of this deal and mode, this one included."
    )
    top: int = Field(description="The most matchpoints a seat can earn: 2 × (parties − 1).")
    results: list[TableeDailySeatOut]


class TableeOut(Schema):
    """The whole tablée: its players, its parties, its statistics and its ratings."""

    name: str
    version: int
    players: list[TableePlayerOut]
    parties: list[TableePartyOut]
    stats: dict[str, Any]
    ratings: dict[str, list[TableeRatingOut]] = Field(
        description="Per game (its API name): the members with a rating, best first."
    )
    daily: list[TableeDailyOut] = Field(
        description="The last finished « donne du jour » parties, newest first."
    )
    read_url: str
    edit_url: str | None = Field(None, description="Only in answers to the edit token.")


class TableeCreatedOut(TableeOut):
    edit_token: str
    read_token: str


class TableeConflictOut(ErrorOut):
    """A 409 (an ``Idempotency-Key`` already used for another request): the current tablée."""

    tablee: TableeOut


#: What a tablée's token opens, for :func:`~calculators.parties.api.route`.
TABLEE = Scope(
    find=services.find,
    missing=Tablee.DoesNotExist,
    unknown=gettext_noop("Aucune tablée n’a ce lien."),
    retired=None,
    json=tablee_json,
    remembered=IdempotentWrite,
    out=TableeOut,
    conflict_out=TableeConflictOut,
    conflict_key="tablee",
)

router = Router(tags=["Tablées"])


@router.post(
    "/tablees",
    response={201: TableeCreatedOut, **ERRORS, 429: ErrorOut},
    url_name="tablees_create",
    operation_id="tablees_create",
    summary=gettext_noop("Créer une tablée (réponse : les deux jetons)"),
)
@decorate_view(
    reads_body(empty_ok=True), throttle.limit("parties-create", "PARTIES_CREATE_RATE"), capability
)
def create(request: HttpRequest, payload: TableeCreateIn) -> JsonResponse:
    """``POST /api/v1/tablees``: 201, the tablée plus both tokens."""
    data = payload.model_dump(exclude_unset=True)
    tablee = services.create(data.get("name"), data.get("players"))
    body = {
        **tablee_json(request, tablee, True),
        "edit_token": tablee.edit_token,
        "read_token": tablee.read_token,
    }
    return answer(body, 201)


@route(
    router, "GET", "/tablees/{token}", url_name="tablee", writes=False, scope=TABLEE,
    summary=gettext_noop("Lire une tablée : joueurs, parties, statistiques"),
)  # fmt: skip
def _read(request: HttpRequest, token: str) -> None:
    """The tablée, to either token."""


@route(
    router, "POST", "/tablees/{token}/parties", url_name="tablee_parties", status=201,
    scope=TABLEE, out=CreatedOut, summary=gettext_noop("Lancer une partie de la tablée"),
)  # fmt: skip
def _new_party(request: HttpRequest, token: str, payload: CreateIn) -> HttpResponse:
    """A new party of the tablée's members: 201, the party plus its tokens (as
    ``POST /api/v1/parties``), throttled as creating a party is."""
    tablee = opened(request, Tablee)
    retry_after = throttle.hit(request, "parties-create", "PARTIES_CREATE_RATE")
    if retry_after is not None:
        return throttle.too_many(request, retry_after)
    data = payload.model_dump(exclude_unset=True)
    game = services.new_party(
        tablee, data.get("game"), data.get("mode"), data.get("players"), data.get("values") or ""
    )
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return answer(body, 201)


@route(
    router, "POST", "/tablees/{token}/daily", url_name="tablee_daily", status=201,
    scope=TABLEE, out=CreatedOut, summary=gettext_noop("Jouer la donne du jour (NUM DRAFT)"),
)  # fmt: skip
def _new_daily(request: HttpRequest, token: str, payload: TableeDailyIn) -> HttpResponse:
    """A NUM DRAFT party of the tablée's members playing today's deal for its number of seats
    (docs/deals.md#donnes-du-jour): 201, the party plus its tokens, throttled as creating a
    party is."""
    tablee = opened(request, Tablee)
    retry_after = throttle.hit(request, "parties-create", "PARTIES_CREATE_RATE")
    if retry_after is not None:
        return throttle.too_many(request, retry_after)
    data = payload.model_dump(exclude_unset=True)
    game = daily.new_party(tablee, data.get("mode"), data.get("players"))
    body = {
        **party_json(request, game, True),
        "edit_token": game.edit_token,
        "read_token": game.read_token,
    }
    return answer(body, 201)


@route(
    router, "POST", "/tablees/{token}/players", url_name="tablee_players", status=201,
    scope=TABLEE, summary=gettext_noop("Ajouter un joueur à la tablée"),
)  # fmt: skip
def _add_member(request: HttpRequest, token: str, payload: MemberNameIn) -> None:
    tablee = opened(request, Tablee)
    services.add_member(tablee, payload.name)


@route(
    router, "PATCH", "/tablees/{token}/players/{int:index}", url_name="tablee_player",
    scope=TABLEE, summary=gettext_noop("Renommer un joueur de la tablée"),
)  # fmt: skip
def _rename(request: HttpRequest, token: str, payload: MemberNameIn, index: int) -> None:
    tablee = opened(request, Tablee)
    services.rename_member(tablee, index, payload.name)
