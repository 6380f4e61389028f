"""The events' JSON endpoints: the seating planner (docs/api.md#seatings-club-evenings) and the
events themselves (docs/api.md#events--tournoi-), the same services as the pages, reached by
token.

The read token's answer holds no edit link and no edit token of the event (each table's Party
links are the room's to play with, as on the room page). The routes are the Parties API's
(:func:`~calculators.parties.api.route` with the :data:`EVENT` scope), so a write takes an
``Idempotency-Key`` as a party's does.
"""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext_noop
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view

from numsite import throttle
from numsite.security import capability

from ..parties.api import Scope, opened, route
from ..web.json import ERRORS, Body, ErrorOut, answer, calculator, reads_body
from . import duplicate, seatings, services, standings
from .models import Event, IdempotentWrite
from .overview import overview

router = Router(tags=["Tournois"])


class SeatingsIn(Body):
    players: int | list[str] = Field(
        description="How many players (numbered from 1 in the answer), or their names."
    )
    sizes: list[int] = Field(
        description="The table sizes allowed, the preferred one first (e.g. `[4, 3, 5]`)."
    )
    rounds: int = Field(1, description="How many rounds to seat ahead (1–20).")
    avoid: list[list[str | int]] | None = Field(
        None, description="Pairs never to seat together: two names, or two numbers."
    )
    seed: str | None = Field(
        None, description="The same input and seed give the same seating, on any machine."
    )


class PairOut(Schema):
    players: list[str | int]
    times: int = Field(description="How many rounds the two share a table.")


class ReasonOut(Schema):
    round: int
    message: str


class SeatingsOut(Schema):
    rounds: list[list[list[str | int]]] = Field(
        description="Each round's tables, each table's players in seat order (seat 1 first)."
    )
    byes: list[list[str | int]] = Field(description="Who sits each round out.")
    repeats: list[PairOut] = Field(description="Pairs seated together more than once.")
    forbidden: list[PairOut] = Field(description="Pairs to avoid that no seating found avoids.")
    reasons: list[ReasonOut]


@calculator(
    router, "/seatings", url_name="seatings", response=SeatingsOut,
    summary=gettext_noop("Placer les joueurs d’une soirée, ronde après ronde"),
)  # fmt: skip
def seatings_plan(request: HttpRequest, payload: SeatingsIn) -> JsonResponse:
    return answer(seatings.plan(payload.model_dump(exclude_unset=True)))


# --- the events ---------------------------------------------------------------------------------


def event_json(request: HttpRequest, event: Event, can_edit: bool) -> dict[str, Any]:
    """The whole event, as every answer gives it."""
    event.refresh_from_db()
    seen = overview(event)
    names = {p.pk: p.name for p in seen.players}
    deals = {
        r.number: [d.as_json() for d in duplicate.round_deals(event, r, names)]
        for r in event.round_set.prefetch_related("tables")
    } if event.duplicate else {}  # fmt: skip

    def url(name: str, token: str) -> str:
        return request.build_absolute_uri(reverse(name, args=[token]))

    def table(t: Any) -> dict[str, Any]:
        out: dict[str, Any] = {
            "number": t.number,
            "players": t.players,
            "state": t.state,
            "dispute": t.dispute,
            "confirmed_by": t.confirmed_by,
            "result": t.result,
            "deal": (t.game.deal or None) if t.game is not None else None,
        }
        if t.game is not None:
            out["party"] = {
                "read_url": url("parties:game", t.game.read_token),
                "edit_url": url("parties:game", t.game.edit_token),
            }
        return out

    out: dict[str, Any] = {
        "name": event.name,
        "game": event.spec.api_name,
        "mode": event.mode,
        "sizes": event.sizes,
        "rounds": event.rounds,
        "avoid": [[seen.players[a].name, seen.players[b].name] for a, b in event.avoid],
        "seed": event.seed,
        "duplicate": event.duplicate,
        "version": event.version,
        "players": [
            {"name": p.name, "joined": p.joined, "dropped": p.dropped} for p in seen.players
        ],
        "schedule": [
            {
                "number": r.number,
                "state": r.state,
                "swiss": r.swiss,
                "byes": r.byes,
                "reasons": r.reasons,
                "tables": [table(t) for t in r.tables],
                "deals": deals.get(r.number, []),
            }
            for r in seen.rounds
        ],
        "read_url": url("events:event", event.read_token),
        "ratings": standings.ratings(event),
    }
    if can_edit:
        out["edit_url"] = url("events:event", event.edit_token)
    return out


class EventCreateIn(Body):
    name: str | None = Field(None, description="The event's name (1–60 characters).")
    game: str | None = Field(None, description="A game with Parties (`num-check`, `num5`…).")
    mode: str | None = Field(None, description="The game's mode (its first when absent).")
    players: list[str] | None = Field(None, description="The players' names, in order.")
    sizes: list[int] | None = Field(
        None, description="The table sizes allowed, the preferred one first (e.g. `[4, 3, 5]`)."
    )
    rounds: int | None = Field(None, description="How many rounds (1–20).")
    avoid: list[list[str]] | None = Field(None, description="Pairs never to seat together.")
    seed: str | None = Field(None, description="The seatings' seed (drawn when absent).")
    duplicate: bool | None = Field(
        None,
        description="Duplicate play, prepared deals (NUM DRAFT and Num 5): every table of a size plays the "
        "round's deal, each seat scored by matchpoints (docs/events.md#tournoi-donnes).",
    )


class SeatIn(Body):
    swiss: bool = Field(False, description="Seat by the standings too (from round 2).")


class SwapIn(Body):
    first: str = Field(description="A player's name.")
    second: str = Field(description="Another player's name.")


class ConfirmIn(Body):
    player: str | None = Field(
        None, description="The player who confirms; absent: the organiser confirms the table."
    )


class DisputeIn(Body):
    player: str = Field(description="The player who disputes the result.")
    reason: str = Field(description="What is disputed (1–200 characters).")


class SettleIn(Body):
    decision: Literal["confirm", "reopen"] = Field(
        description="`confirm` the result as the Party stands, or `reopen` the Party."
    )


class PlayerIn(Body):
    name: str = Field(description="A player's name (1–40 characters, unique ignoring case).")


class SubstituteIn(Body):
    name: str = Field(description="The player who leaves the table.")
    substitute: str = Field(description="The substitute's name, who takes the seat.")


class EventPlayerOut(Schema):
    name: str
    joined: int = Field(description="The first round the player may be seated in.")
    dropped: int | None = Field(description="The first round the player is no longer seated in.")


class ResultLineOut(Schema):
    player: str
    place: int
    points: int


class PartyLinksOut(Schema):
    read_url: str
    edit_url: str


class TableDealOut(Schema):
    number: int = Field(description="The deal's number shown to the players (the round's).")
    seed: str = Field(description="The deal's seed: `<event seed>:donne:<round>:<seats>`.")
    seats: int
    deck: str
    manches: int | None = Field(
        None,
        description="Num 5: the manches the Party plays, 1 (docs/events.md#tournoi-donnes-num5).",
    )


class DealLineOut(Schema):
    seat: int = Field(description="The seat, 1 first.")
    table: int
    player: str
    score: int | None = Field(description="The seat's final total; null until the table counts.")
    matchpoints: int | None = Field(
        description="2 per table beaten at that seat, 1 per tie; null until every table of the "
        "deal counts, and for a table alone with its deal."
    )
    percentage: float | None = Field(
        description="The matchpoints as a percentage of the top (50 for a table alone)."
    )


class RoundDealOut(Schema):
    """One deal of a round (one table size) and its results seat by seat."""

    number: int
    seats: int
    seed: str
    deck: str
    tables: list[int] = Field(description="The tables that played it.")
    scored: bool = Field(description="Every table of the deal counts: the matchpoints are known.")
    top: int = Field(description="The most matchpoints a seat can earn: 2 × (tables − 1).")
    pending: list[int] = Field(description="The tables whose result does not count yet.")
    results: list[list[DealLineOut]] = Field(description="Seat by seat, every table's line.")


class TableOut(Schema):
    number: int
    players: list[str] = Field(description="In seat order (seat 1, who starts, first).")
    state: Literal["playing", "finished", "confirmed", "disputed", "settled"]
    dispute: str
    confirmed_by: list[str]
    result: list[ResultLineOut] = Field(description="Kept once the table is confirmed or settled.")
    party: PartyLinksOut | None = Field(None, description="Once the round has started.")
    deal: TableDealOut | None = Field(
        None, description="The deal the table plays (a duplicate event)."
    )


class RoundOut(Schema):
    number: int
    state: Literal["seated", "started", "closed"]
    swiss: bool
    byes: list[str]
    reasons: list[str]
    tables: list[TableOut]
    deals: list[RoundDealOut] = Field(
        description="A duplicate event: the round's deals, one per table size."
    )


class EventRatingStepOut(Schema):
    round: int
    table: int
    value: int = Field(description="The rating after that table.")
    change: int = Field(description="What the table changed (the values add up).")


class EventRatingOut(Schema):
    """A player's rating in the event's game (docs/ratings.md): OpenSkill's Plackett–Luce over
    the event's counted tables, in the order they were played."""

    name: str
    value: int = Field(
        description="The number shown: 1000 + 30 × (mu − 3 sigma), rounded; a new player is 1000."
    )
    provisional: bool = Field(description="Fewer than 5 counted tables.")
    played: int = Field(description="Counted tables rated.")
    change: int = Field(description="The last table's change.")
    history: list[EventRatingStepOut]


class EventOut(Schema):
    """The whole event: its players, every round seated and the players' ratings."""

    name: str
    game: str
    mode: str
    sizes: list[int]
    rounds: int
    avoid: list[list[str]]
    seed: str
    duplicate: bool = Field(
        description="Duplicate play, prepared deals (docs/events.md#tournoi-donnes)."
    )
    version: int
    players: list[EventPlayerOut]
    schedule: list[RoundOut]
    read_url: str
    edit_url: str | None = Field(None, description="Only in answers to the edit token.")
    ratings: list[EventRatingOut] = Field(
        description="The players rated so far, best first (docs/ratings.md)."
    )


class EventCreatedOut(EventOut):
    edit_token: str
    read_token: str


class EventConflictOut(ErrorOut):
    """A 409 (an ``Idempotency-Key`` already used for another request): the current event."""

    event: EventOut


#: What an event's token opens, for :func:`~calculators.parties.api.route`.
EVENT = Scope(
    find=services.find,
    missing=Event.DoesNotExist,
    unknown=gettext_noop("Aucun tournoi n’a ce lien."),
    retired=None,
    json=event_json,
    remembered=IdempotentWrite,
    out=EventOut,
    conflict_out=EventConflictOut,
    conflict_key="event",
)


@router.post(
    "/events",
    response={201: EventCreatedOut, **ERRORS, 429: ErrorOut},
    url_name="events_create",
    operation_id="events_create",
    summary=gettext_noop("Créer un tournoi (réponse : les deux jetons)"),
)
@decorate_view(
    reads_body(empty_ok=True), throttle.limit("parties-create", "PARTIES_CREATE_RATE"), capability
)
def create(request: HttpRequest, payload: EventCreateIn) -> JsonResponse:
    """``POST /api/v1/events``: 201, the event plus both tokens."""
    data = payload.model_dump(exclude_unset=True)
    event = services.create(
        data.get("name"), data.get("game"), data.get("mode"), data.get("players"),
        data.get("sizes"), data.get("rounds"), data.get("avoid"), data.get("seed"),
        data.get("duplicate"),
    )  # fmt: skip
    body = {
        **event_json(request, event, True),
        "edit_token": event.edit_token,
        "read_token": event.read_token,
    }
    return answer(body, 201)


@route(
    router, "GET", "/events/{token}", url_name="event", writes=False, scope=EVENT,
    summary=gettext_noop("Lire un tournoi : joueurs, rondes, tables, résultats"),
)  # fmt: skip
def _read(request: HttpRequest, token: str) -> None:
    """The event, to either token."""


@route(
    router, "POST", "/events/{token}/rounds", url_name="event_rounds", status=201, scope=EVENT,
    summary=gettext_noop("Placer la ronde suivante (ou replacer la ronde pas encore commencée)"),
)  # fmt: skip
def _seat(request: HttpRequest, token: str, payload: SeatIn) -> None:
    event = opened(request, Event)
    services.seat(event, swiss=payload.swiss)


@route(
    router, "POST", "/events/{token}/swap", url_name="event_swap", scope=EVENT,
    summary=gettext_noop("Échanger deux joueurs de la ronde placée, avant qu’elle commence"),
)  # fmt: skip
def _swap(request: HttpRequest, token: str, payload: SwapIn) -> None:
    event = opened(request, Event)
    services.swap(event, payload.first, payload.second)


@route(
    router, "POST", "/events/{token}/start", url_name="event_start", scope=EVENT,
    summary=gettext_noop("Commencer la ronde : chaque table devient une partie"),
)  # fmt: skip
def _start(request: HttpRequest, token: str) -> None:
    event = opened(request, Event)
    services.start(event)


@route(
    router, "POST", "/events/{token}/close", url_name="event_close", scope=EVENT,
    summary=gettext_noop("Clore la ronde (toutes ses tables confirmées)"),
)  # fmt: skip
def _close(request: HttpRequest, token: str) -> None:
    event = opened(request, Event)
    services.close(event)


@route(
    router, "POST", "/events/{token}/tables/{int:number}/confirm", url_name="event_confirm",
    scope=EVENT, summary=gettext_noop("Confirmer le résultat d’une table"),
)  # fmt: skip
def _confirm(request: HttpRequest, token: str, payload: ConfirmIn, number: int) -> None:
    event = opened(request, Event)
    services.confirm(event, number, payload.player)


@route(
    router, "POST", "/events/{token}/tables/{int:number}/dispute", url_name="event_dispute",
    scope=EVENT, summary=gettext_noop("Contester le résultat d’une table"),
)  # fmt: skip
def _dispute(request: HttpRequest, token: str, payload: DisputeIn, number: int) -> None:
    event = opened(request, Event)
    services.dispute(event, number, payload.player, payload.reason)


@route(
    router, "POST", "/events/{token}/tables/{int:number}/settle", url_name="event_settle",
    scope=EVENT, summary=gettext_noop("Trancher une table contestée"),
)  # fmt: skip
def _settle(request: HttpRequest, token: str, payload: SettleIn, number: int) -> None:
    event = opened(request, Event)
    services.settle(event, number, payload.decision)


@route(
    router, "POST", "/events/{token}/players", url_name="event_players", status=201,
    scope=EVENT, summary=gettext_noop("Ajouter un joueur (placé dès la ronde suivante)"),
)  # fmt: skip
def _add(request: HttpRequest, token: str, payload: PlayerIn) -> None:
    event = opened(request, Event)
    services.add_player(event, payload.name)


@route(
    router, "POST", "/events/{token}/drops", url_name="event_drops", scope=EVENT,
    summary=gettext_noop("Retirer un joueur (plus jamais placé, ses résultats gardés)"),
)  # fmt: skip
def _drop(request: HttpRequest, token: str, payload: PlayerIn) -> None:
    event = opened(request, Event)
    services.drop_player(event, payload.name)


@route(
    router, "POST", "/events/{token}/substitutes", url_name="event_substitutes", status=201,
    scope=EVENT, summary=gettext_noop("Remplacer un joueur à sa table pendant la ronde"),
)  # fmt: skip
def _substitute(request: HttpRequest, token: str, payload: SubstituteIn) -> None:
    event = opened(request, Event)
    services.replace_player(event, payload.name, payload.substitute)


class RoundLineOut(Schema):
    round: int
    table: int | None
    place: int | None
    size: int | None
    rank_points: float
    bye: bool
    absent: bool
    wins: float
    relative_points: float
    points: int | None


class StandingLineOut(Schema):
    position: int
    name: str
    rank_points: float
    wins: float
    opponents: float
    relative_points: float
    rounds: list[RoundLineOut]
    played: int
    joined: int
    dropped: int | None


class PendingOut(Schema):
    round: int
    table: int


class MatchpointRoundOut(Schema):
    round: int
    percentage: float | None = Field(description="null: absent (0).")
    bye: bool = Field(description="A bye is worth 50.")


class MatchpointLineOut(Schema):
    position: int
    name: str
    percentages: float = Field(description="The percentages summed over the rounds.")
    rounds: list[MatchpointRoundOut]


class StandingsOut(Schema):
    """The standings from the counted tables (confirmed or settled), best first."""

    final: bool = Field(description="Every round closed: the standings no longer change.")
    rounds: int = Field(description="The rounds counted (every round started so far).")
    pending: list[PendingOut] = Field(
        description="Tables whose result does not count yet (playing, unconfirmed, disputed)."
    )
    lines: list[StandingLineOut]
    matchpoints: list[MatchpointLineOut] | None = Field(
        None,
        description="A duplicate event: the standings by percentages, ties "
        "broken by `lines` (docs/events.md#tournoi-donnes-classement).",
    )


@route(
    router, "GET", "/events/{token}/standings", url_name="event_standings", writes=False,
    scope=EVENT, out=StandingsOut, summary=gettext_noop("Le classement du tournoi"),
)  # fmt: skip
def _standings(request: HttpRequest, token: str) -> JsonResponse:
    """The standings, to either token (docs/api.md « Standings (events) »)."""
    event = opened(request, Event)
    return answer(standings.as_json(standings.standings(event)))
