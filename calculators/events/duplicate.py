"""Events « en donnes préparées » (docs/events.md#tournoi-donnes): each round's deal
(#tournoi-donnes-graine), the matchpoints of the tables that played it
(#tournoi-donnes-resultats, docs/deals.md#donnes-seule) and the standings they make
(#tournoi-donnes-classement).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext

from ..core import registry
from ..engines import dealbest, deals, matchpoints
from ..engines.cards import FULL_DECK, InputError
from ..parties import deals as party_deals
from ..parties import kinds
from ..parties.models import Game
from .models import COUNTED, Event, Round, Table

#: The games an event may deal: those whose deal is prepared, NUM DRAFT and Num 5
#: (docs/events.md#tournoi-donnes).
GAMES = tuple(g.kind for g in registry.DEALT)

#: An event's round of Num 5 plays one manche of the round's deal (#tournoi-donnes-num5).
NUM5_MANCHES = 1


def check(spec: registry.GameSpec, duplicate: object, field_name: str = "duplicate") -> bool:
    """Whether the event is « en donnes préparées »; an :class:`InputError` for a game that
    cannot be (docs/events.md#tournoi-donnes)."""
    if duplicate is None or duplicate is False or duplicate == "":
        return False
    if duplicate is not True:
        raise InputError(field_name, gettext("« En donnes préparées » est oui ou non."))
    if spec.kind in GAMES:
        return True
    raise InputError(
        field_name,
        gettext(
            "{game} tire des cartes en cours de partie : il n’a pas de donne préparée. "
            "Les donnes préparées se jouent à {games}."
        ).format(game=spec.name, games=", ".join(registry.by_kind(k).name for k in GAMES)),
    )


def seed(event_seed: str, number: int, seats: int) -> str:
    """The seed of round ``number``'s deal for tables of ``seats`` (#tournoi-donnes-graine)."""
    return f"{event_seed}:donne:{number}:{seats}"


def deal_of(event: Event, number: int, seats: int) -> dict[str, Any]:
    """What a table of ``seats`` in round ``number`` stores of its deal (:attr:`Game.deal`)."""
    drawn = seed(event.seed, number, seats)
    if event.spec.kind == registry.NUM5.kind:  # one manche, Num 5's one deck (#tournoi-donnes-num5)
        return party_deals.describe(number, drawn, seats, FULL_DECK.range_label, NUM5_MANCHES)
    return party_deals.describe(number, drawn, seats, deals.draft_deck(seats).range_label)


def seats_fixed(game: Game) -> str:
    """Why no player joins ``game`` when it is a table of an event « en donnes préparées »,
    else ``""`` (registered with the Parties' writes when the app is ready): each seat is
    compared with the same seat at the other tables, by the event's seat order
    (#tournoi-donnes-sieges), so a guest would shift no seat but be compared with no one, and
    the table plays at a deal's number of seats."""
    table = (
        Table.objects.filter(game_id=game.pk, round__event__duplicate=True)
        .select_related("round__event")
        .first()
    )
    if table is None:
        return ""
    return gettext(
        "Cette partie est la table {table} de la ronde {round} de « {event} », en donnes "
        "préparées : chaque siège y est comparé au même siège des autres tables, elle garde "
        "les joueurs placés par le tournoi."
    ).format(table=table.number, round=table.round.number, event=table.round.event.name)


@dataclass
class SeatLine:
    """One table's result at one seat of a deal."""

    table: int
    player: str
    score: int | None
    matchpoints: int | None = None
    percentage: Fraction | None = None


@dataclass
class DealResults:
    """The tables of one round that played one deal (one table size), seat by seat."""

    round: int
    number: int
    seats: int
    seed: str
    deck: str
    tables: list[int]
    #: ``lines[seat]``: every table's line at that seat (seat 1 first)
    lines: list[list[SeatLine]]
    #: every table of the deal counts (confirmed or settled): the matchpoints are known
    scored: bool
    top: int
    #: the tables waiting for a confirmation (their matchpoints wait for them)
    pending: list[int] = field(default_factory=list)
    #: the deal's printable sheet (/donnes/)
    sheet_url: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seats": self.seats,
            "seed": self.seed,
            "deck": self.deck,
            "tables": self.tables,
            "scored": self.scored,
            "top": self.top,
            "pending": self.pending,
            "results": [
                [
                    {
                        "seat": s,
                        "table": line.table,
                        "player": line.player,
                        "score": line.score,
                        "matchpoints": line.matchpoints,
                        "percentage": matchpoints.shown(line.percentage),
                    }
                    for line in seat
                ]
                for s, seat in enumerate(self.lines, start=1)
            ],
        }


def best_scores(event: Event, deal: DealResults) -> list[dealbest.Best | None]:
    """The best score each seat's dealt cards allow (docs/deals.md#donnes-meilleur), seat 1
    first; ``None`` at Num 5. Up to seconds of CPU: the deal's page asks, never the room's poll."""
    if event.spec.kind != registry.NUM_DRAFT.kind:
        return [None] * deal.seats
    dealt = deals.deal(event.spec.api_name, deal.seats, deal.seed, deal.deck)
    return list(dealbest.deal_limits([seat.cards for seat in dealt.seats], event.mode))


def round_deals(event: Event, round_: Round, names: dict[int, str]) -> list[DealResults]:
    """The deals of ``round_`` (one per table size, largest first), each table's score at each
    seat and, once every table of the deal counts, the matchpoints (#tournoi-donnes-resultats)."""
    if not event.duplicate:
        return []
    higher = kinds.for_spec(event.spec).total_higher_better
    by_size: dict[int, list[Any]] = {}
    for t in round_.tables.all():
        by_size.setdefault(len(t.seats), []).append(t)
    out = []
    for seats, tables in sorted(by_size.items(), reverse=True):
        described = deal_of(event, round_.number, seats)
        pending = [t.number for t in tables if t.state not in COUNTED or not t.result]
        lines = [
            [
                SeatLine(
                    t.number,
                    names[t.seats[s]],
                    t.result[s]["points"] if t.number not in pending else None,
                )
                for t in tables
            ]
            for s in range(seats)
        ]
        scored = not pending
        if scored:
            shares = matchpoints.percentages(
                [[line["points"] for line in t.result] for t in tables], higher
            )
            points = (
                matchpoints.score([[line["points"] for line in t.result] for t in tables], higher)
                if len(tables) > 1
                else None
            )
            for s, seat in enumerate(lines):
                for i, line in enumerate(seat):
                    line.percentage = shares[i][s]
                    line.matchpoints = points.results[i][s].matchpoints if points else None
        out.append(
            DealResults(
                round=round_.number,
                number=described["number"],
                seats=seats,
                seed=described["seed"],
                deck=described["deck"],
                tables=[t.number for t in tables],
                lines=lines,
                scored=scored,
                top=matchpoints.top(len(tables)),
                pending=pending,
                sheet_url=party_deals.sheet_of(event.spec.api_name, event.mode, described),
            )
        )
    return out


def standings(event: Event, tiebreak: dict[str, int]) -> list[matchpoints.DuplicateLine]:
    """A duplicate event's standings: the percentages summed over the rounds started
    (#tournoi-donnes-classement), ties broken by the ordinary standings' positions."""
    players = list(event.players.all())
    names = {p.pk: p.name for p in players}
    played = list(event.round_set.exclude(state=Round.State.SEATED).prefetch_related("tables"))
    scored: dict[str, dict[int, Fraction]] = {}
    byes: dict[int, list[str]] = {}
    for r in played:
        byes[r.number] = [names[p] for p in r.byes]
        for found in round_deals(event, r, names):
            if not found.scored:
                continue
            for seat in found.lines:
                for line in seat:
                    assert line.percentage is not None
                    scored.setdefault(line.player, {})[r.number] = line.percentage
    rounds = max((r.number for r in played), default=0)
    return matchpoints.duplicate_standings(
        [p.name for p in players], rounds, scored, byes, tiebreak
    )
